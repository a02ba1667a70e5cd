package validation

import (
	"fmt"
	"reflect"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/mcperr/mcperr/errorx"
)

// MaxPath bounds the bytes of a field's Path (the render package's default
// bound of each string, render.DefaultLimits.MaxString). A longer path
// (keys the caller chose can be long) is written cut in the middle: its
// first 2,048 bytes, "…(truncated, N bytes)" with N the bytes left out, and
// its last 1,984 bytes, each end cut at a character boundary; the field's
// Sent is then redacted (errorx.Redact), since neither the render
// package's rules by name nor the struct's secret tags can be applied to a
// path that is cut. The marker is text the dialects escape like any path.
const MaxPath = 4096

const (
	pathHead = 2048
	pathTail = 1984
)

// cutPath returns p, or p cut as MaxPath says and true.
func cutPath(p string) (string, bool) {
	if len(p) <= MaxPath {
		return p, false
	}
	return joinCut(p[:pathHead+utf8.UTFMax], p[len(p)-pathTail-utf8.UTFMax:], len(p)), true
}

// joinCut writes a path of n bytes cut: head and tail are its first and
// last bytes, a few more than pathHead and pathTail, so that both ends can
// be cut at a character boundary.
func joinCut(head, tail string, n int) string {
	head = cutString(head, pathHead)
	t := len(tail) - pathTail
	for t < len(tail) && !utf8.RuneStart(tail[t]) {
		t++
	}
	tail = tail[t:]
	b := make([]byte, 0, MaxPath)
	b = append(b, head...)
	b = append(b, "…(truncated, "...)
	b = strconv.AppendInt(b, int64(n-len(head)-len(tail)), 10)
	b = append(b, " bytes)"...)
	b = append(b, tail...)
	return string(b)
}

// cutPathBytes is cutPath for a path being built: p is copied, or cut.
func cutPathBytes(p []byte) (string, bool) {
	if len(p) <= MaxPath {
		return string(p), false
	}
	return cutPath(unsafe.String(unsafe.SliceData(p), len(p))) // copied by cutPath
}

// Binding keeps the paths of what the arguments hold short in total:
// validator names every failing value, and every struct it enters, by its
// whole path, so a long key above many values would make each of them
// cost the key's length (30 levels of 8 KiB keys above 2,000 failing
// leaves: 277 KB of arguments, 971 MB allocated by validator alone). The
// decoder adds up the bytes of the path of each value it reads (and of each
// problem it records); past pathBudget of the arguments' size it stops,
// with one field of rule RulePath at the value that passed it, and
// validation does not run.
const (
	pathWorkPerByte = 64       // bytes of paths allowed per byte of arguments
	pathWorkBase    = 64 << 10 // and this many more, so that small arguments never reach it
)

// pathBudget is the most bytes of paths arguments of n bytes may hold.
func pathBudget(n int) int { return pathWorkBase + pathWorkPerByte*n }

// pathHint is the hint of a RulePath field.
var pathHint = "The paths of all the values sent may add up to at most " + strconv.Itoa(pathWorkPerByte) +
	" times the size of the arguments: send shorter keys, or fewer values below long ones."

// spend counts the path of the value at the cursor; false once the paths
// of the values read pass the budget, which it reports (see halt).
func (d *decoder) spend() bool {
	if d.halted {
		return false
	}
	d.work += d.plen
	if d.work > d.budget {
		d.halt()
		return false
	}
	return true
}

// halt reports that the arguments' paths passed the budget, at the value
// at the cursor, and stops decoding: the cursor moves to the end.
func (d *decoder) halt() {
	d.halted = true
	f := errorx.Field{WasSent: true, Message: "Keys too long for what is below them.", Hint: pathHint, Rule: RulePath}
	f.Sent = d.scanner.valueDepth(0)
	d.record(f, 0)
	d.i = len(d.s)
}

// keyText returns map key k as validator prints it in a namespace (fmt's
// %v), without fmt, and without allocating, for plain string keys.
func keyText(k reflect.Value) string {
	if k.Type().NumMethod() == 0 {
		switch k.Kind() {
		case reflect.String:
			return k.String()
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return strconv.FormatInt(k.Int(), 10)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return strconv.FormatUint(k.Uint(), 10)
		}
	}
	return fmt.Sprintf("%v", k)
}
