// Package errtext is the text of an error as mcperr's log records hold it:
// bounded, the credentials it spells out masked, never built for an error
// chain that cannot be searched (Searchable).
package errtext

import (
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/mcperr/mcperr/internal/secret"
)

// MaxLogText is how many bytes of an error's text a log record of mcperr
// holds (Text's bound when it is given none): a handler's error can be
// arbitrarily long, and a log line should not be.
const MaxLogText = 4096

// Text returns err's text for a log record: err.Error(), with the
// credentials it spells out masked as errorx.RedactSecrets masks a string
// ("password=[redacted]", "postgres://app:[redacted]@db", a JSON Web
// Token: secret.Names and every shape), then at most max bytes of it
// (MaxLogText when max is 0 or less), cut at a character boundary and
// ending with "…(truncated, N bytes)", N the bytes left out. Text(nil,
// max) is "<nil>".
//
// The text of an error whose chain Searchable rejects is never asked for:
// it is built from every path through the chain (errors.Join(e, e) nested
// 30 deep joins 2^30 texts) or never ends. Text then says so and names the
// chain's type and the text of its first error, reached through the first
// wrapped error of each link, as far as Searchable would walk. A panic in
// an Error method is recovered: Text names the type whose text it could not
// read. Text never panics and its work is bounded by Searchable's walk
// and linear in the text the chain's Error methods return, besides what
// they cost.
func Text(err error, max int) string { return string(AppendText(nil, err, max)) }

// AppendText appends Text(err, max) to dst.
func AppendText(dst []byte, err error, max int) []byte {
	if max <= 0 {
		max = MaxLogText
	}
	if err == nil {
		return append(dst, "<nil>"...)
	}
	if Searchable(err) {
		if s, ok := errorText(err); ok {
			return appendLogText(dst, s, max)
		}
		return appendLogText(dst, "(the text of a "+typeName(err)+" is not shown: its Error method panicked)", max)
	}
	s := "(the text of a " + typeName(err) + " is not shown: its chain is too long or branches too much to search"
	if leaf := firstLeaf(err); leaf != nil {
		if t, ok := errorText(leaf); ok {
			s += "; its first error: " + t
		}
	}
	return appendLogText(dst, s+")", max)
}

// errorText returns err.Error(), or false when it panics.
func errorText(err error) (s string, ok bool) {
	defer func() {
		if recover() != nil {
			s, ok = "", false
		}
	}()
	return err.Error(), true
}

// firstLeaf follows the first wrapped error of each link of err's chain,
// as far as Searchable walks, and returns the error that wraps none, or nil
// when the walk does not reach one (an Unwrap that returns itself).
func firstLeaf(err error) error {
	for range maxChain {
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			next := u.Unwrap()
			if next == nil {
				return err
			}
			err = next
		case interface{ Unwrap() []error }:
			var next error
			for _, w := range u.Unwrap() {
				if w != nil {
					next = w
					break
				}
			}
			if next == nil {
				return err
			}
			err = next
		default:
			return err
		}
	}
	return nil
}

// typeName is the Go type of err, as %T prints it.
func typeName(err error) string { return reflect.TypeOf(err).String() }

// appendCut appends s, or its first max bytes (never splitting a
// character) and "…(truncated, N bytes)", N the bytes left out.
func appendCut(dst []byte, s string, max int) []byte {
	if len(s) <= max {
		return append(dst, s...)
	}
	keep := max
	for keep > 0 && !utf8.RuneStart(s[keep]) {
		keep--
	}
	dst = append(dst, s[:keep]...)
	dst = append(dst, "…(truncated, "...)
	dst = strconv.AppendInt(dst, int64(len(s)-keep), 10)
	return append(dst, " bytes)"...)
}

// LogText returns s as a log record holds it: the credentials it spells
// out masked, cut to MaxLogText bytes; s itself when that changes nothing.
func LogText(s string) string {
	if masked, ok := secret.MaskCredentials(s, secret.Names); ok {
		s = masked
	}
	if len(s) <= MaxLogText {
		return s
	}
	return string(appendCut(nil, s, MaxLogText))
}

// appendLogText appends s as a log record holds it (logText), cut to max
// bytes.
func appendLogText(dst []byte, s string, max int) []byte {
	if masked, ok := secret.MaskCredentials(s, secret.Names); ok {
		s = masked
	}
	return appendCut(dst, s, max)
}

// maxChain bounds the errors Searchable visits in a chain, counting an
// error reached by two paths twice.
const maxChain = 1024

// Searchable reports whether errors.Is and errors.As can search err's chain
// (through Unwrap() error and Unwrap() []error): it ends within 1024
// errors. A handler's error whose Unwrap returns itself, or a tree that
// joins the same errors again and again, cannot be searched: errors.Is and
// errors.As would not return on it. As and From do not search it (From
// classifies it as INTERNAL), nor does package render.
func Searchable(err error) bool {
	budget := maxChain
	return chainWithin(err, &budget)
}

// chainWithin walks err's chain, spending budget per error.
func chainWithin(err error, budget *int) bool {
	for err != nil {
		if *budget--; *budget < 0 {
			return false
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, w := range u.Unwrap() {
				if !chainWithin(w, budget) {
					return false
				}
			}
			return true
		default:
			return true
		}
	}
	return true
}
