package validation

import (
	"cmp"
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/mcperr/mcperr/internal/jsontype"
)

// jsonField is one member of a struct's JSON object, found the way
// encoding/json finds it (embedded structs promoted, conflicts resolved).
type jsonField struct {
	name     string       // the JSON key
	index    []int        // the field's index sequence from the outer struct
	typ      reflect.Type // the field's type
	quoted   bool         // the ",string" option applies
	ord      int          // position in the object's field list
	tagged   bool
	validate string // the validate tag
}

// goField is one direct field of a struct, as validator names it in a
// StructNamespace.
type goField struct {
	goName   string
	idx      int
	jsonName string // the JSON key; "" when promoted or skipped
	promoted bool   // an embedded struct without a JSON name: its fields belong to the outer object
	skipped  bool   // json:"-": never decoded
	validate string // the validate tag
	ord      int    // position in the struct's own JSON field list, -1 if not there
	// options are the options of the field's own oneof (before any dive),
	// which a failure of required on the field lists too.
	options []string

	texts atomic.Pointer[[]cachedText] // base texts of the rules that failed here
}

// cachedText is the base text of one built-in rule failing on one field.
type cachedText struct {
	tag, actual, param string
	class              kindClass
	typ                reflect.Type
	t                  Text
	p                  post
	folded             [][]rune // the options folded, for oneof's hint
}

// maxCachedTexts bounds the texts kept per field (a field has few rules).
const maxCachedTexts = 16

// text returns the cached base text of f's rule on this field, computing
// and caching it on first use.
func (gf *goField) text(v *Validator, f Failure, class kindClass) *cachedText {
	if list := gf.texts.Load(); list != nil {
		for i := range *list {
			c := &(*list)[i]
			if c.class == class && c.typ == f.Type && c.actual == f.ActualTag && c.param == f.Param && c.tag == f.Tag {
				return c
			}
		}
	}
	t, p := v.builtinText(f)
	c := cachedText{tag: f.Tag, actual: f.ActualTag, param: f.Param, class: class, typ: f.Type, t: t, p: p}
	if p == postOneOf || p == postOneOfCI {
		c.folded = foldAll(t.Options)
	}
	for {
		old := gf.texts.Load()
		var next []cachedText
		if old != nil {
			if len(*old) >= maxCachedTexts {
				return &c
			}
			next = append(next, *old...)
		}
		next = append(next, c)
		if gf.texts.CompareAndSwap(old, &next) {
			return &next[len(next)-1]
		}
	}
}

// structInfo is everything the package needs to know about a struct type,
// computed once per type.
type structInfo struct {
	fields []jsonField         // in encoding/json order (index sequence)
	byName map[string]int      // JSON key → position in fields
	byGo   map[string]*goField // Go name of a direct field → its description
	goList []*goField          // the same in field order, for short linear lookups
	names  []string            // the JSON keys in order, for suggestions
	goType reflect.Type
	// removeHint is the hint of an unknown key near none of names.
	removeHint string
}

var structCache sync.Map // reflect.Type → *structInfo

// infoOf returns the cached description of struct type t.
func infoOf(t reflect.Type) *structInfo {
	if si, ok := structCache.Load(t); ok {
		return si.(*structInfo)
	}
	si := buildStructInfo(t)
	actual, _ := structCache.LoadOrStore(t, si)
	return actual.(*structInfo)
}

func buildStructInfo(t reflect.Type) *structInfo {
	si := &structInfo{fields: typeFields(t), byGo: map[string]*goField{}, goType: t}
	si.byName = make(map[string]int, len(si.fields))
	si.names = make([]string, len(si.fields))
	for i := range si.fields {
		si.fields[i].ord = i
		si.byName[si.fields[i].name] = i
		si.names[i] = si.fields[i].name
	}
	si.removeHint = removeHint(si.names)
	for i := range t.NumField() {
		sf := t.Field(i)
		gf := &goField{goName: sf.Name, idx: i, validate: sf.Tag.Get("validate"), ord: -1}
		gf.options = ownOptions(gf.validate)
		name, _, tagged := jsonName(sf)
		switch {
		case name == "-":
			gf.skipped = true
		case !tagged && sf.Anonymous && isStructOrPtr(sf.Type):
			gf.promoted = true
		default:
			gf.jsonName = name
			if n, ok := si.byName[name]; ok && len(si.fields[n].index) == 1 && si.fields[n].index[0] == i {
				gf.ord = n
			}
		}
		si.byGo[sf.Name] = gf
		si.goList = append(si.goList, gf)
	}
	return si
}

// ownOptions are the options of the oneof (or oneofci) of a validate tag
// that applies to the field itself, before any dive; nil when none.
func ownOptions(tag string) []string {
	own, _, _ := splitDive(parseRules(tag))
	for _, r := range own {
		if r.tag == "oneof" || r.tag == "oneofci" {
			return ParseOneOf(r.param)
		}
	}
	return nil
}

// goField returns the direct field named name (a Go name), or nil.
func (si *structInfo) goField(name string) *goField {
	if len(si.goList) <= 16 {
		for _, gf := range si.goList {
			if gf.goName == name {
				return gf
			}
		}
		return nil
	}
	return si.byGo[name]
}

func isStructOrPtr(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}

// jsonName returns the JSON key of a struct field: "-" for json:"-", the
// tag's name when it is valid (tagged), else the Go name.
func jsonName(sf reflect.StructField) (name, opts string, tagged bool) {
	tag := sf.Tag.Get("json")
	if tag == "-" {
		return "-", "", false
	}
	name, opts, _ = strings.Cut(tag, ",")
	if name != "" && validTagName(name) {
		return name, opts, true
	}
	return sf.Name, opts, false
}

// tagName is the RegisterTagNameFunc of every Validator: the JSON key, ""
// for json:"-" and for embedded structs whose fields are promoted (with
// WithTagNameFuncBlankOmit both drop out of validator's namespaces).
func tagName(sf reflect.StructField) string {
	name, _, tagged := jsonName(sf)
	if name == "-" || (!tagged && sf.Anonymous && isStructOrPtr(sf.Type)) {
		return ""
	}
	return name
}

// validTagName is encoding/json's isValidTag.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// typeFields is encoding/json's typeFields: the fields of the JSON object
// of struct type t, embedded structs promoted breadth first, the dominant
// field of each name kept, in index-sequence order.
func typeFields(t reflect.Type) []jsonField {
	type queued struct {
		typ   reflect.Type
		index []int
	}
	current := []queued{}
	next := []queued{{typ: t}}
	var count map[reflect.Type]int
	nextCount := map[reflect.Type]int{}
	visited := map[reflect.Type]bool{}
	var fields []jsonField

	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, f := range current {
			if visited[f.typ] {
				continue
			}
			visited[f.typ] = true
			for i := range f.typ.NumField() {
				sf := f.typ.Field(i)
				if sf.Anonymous {
					ft := sf.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				name, opts, tagged := jsonName(sf)
				if name == "-" {
					continue
				}
				index := make([]int, len(f.index)+1)
				copy(index, f.index)
				index[len(f.index)] = i

				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				quoted := false
				if hasOpt(opts, "string") {
					switch ft.Kind() {
					case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
						reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
						reflect.Float32, reflect.Float64, reflect.String:
						quoted = true
					}
				}
				if tagged || !sf.Anonymous || ft.Kind() != reflect.Struct {
					fields = append(fields, jsonField{name: name, index: index, typ: sf.Type, quoted: quoted, tagged: tagged, validate: sf.Tag.Get("validate")})
					if count[f.typ] > 1 {
						// Two anonymous fields of the same type at one level
						// annihilate each other; one copy makes that visible.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, queued{typ: ft, index: index})
				}
			}
		}
	}

	slices.SortFunc(fields, func(a, b jsonField) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for adv, i := 0, 0; i < len(fields); i += adv {
		fi := fields[i]
		for adv = 1; i+adv < len(fields); adv++ {
			if fields[i+adv].name != fi.name {
				break
			}
		}
		if adv == 1 {
			out = append(out, fi)
			continue
		}
		if d, ok := dominantField(fields[i : i+adv]); ok {
			out = append(out, d)
		}
	}
	fields = out
	slices.SortFunc(fields, func(a, b jsonField) int { return slices.Compare(a.index, b.index) })
	return fields
}

func dominantField(fs []jsonField) (jsonField, bool) {
	if len(fs) > 1 && len(fs[0].index) == len(fs[1].index) && fs[0].tagged == fs[1].tagged {
		return jsonField{}, false
	}
	return fs[0], true
}

func hasOpt(opts, want string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == want {
			return true
		}
	}
	return false
}

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	numberType          = reflect.TypeFor[json.Number]()
	rawMessageType      = reflect.TypeFor[json.RawMessage]()
	timeType            = reflect.TypeFor[time.Time]()
)

// typeFacts is what the decoder asks of a type, computed once.
type typeFacts struct {
	delegated bool
	jsonType  string
}

var factsCache sync.Map // reflect.Type → typeFacts

func factsOf(t reflect.Type) typeFacts {
	if f, ok := factsCache.Load(t); ok {
		return f.(typeFacts)
	}
	f := typeFacts{delegated: delegated(t), jsonType: jsonType(t)}
	factsCache.Store(t, f)
	return f
}

// delegated reports whether values of type t are decoded by encoding/json
// rather than by the strict walker: types with their own JSON or text
// decoding, json.Number and json.RawMessage.
func delegated(t reflect.Type) bool {
	if t == numberType || t == rawMessageType {
		return true
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		pt := reflect.PointerTo(t)
		if pt.Implements(unmarshalerType) || pt.Implements(textUnmarshalerType) {
			return true
		}
	}
	return t.Kind() != reflect.Interface && (t.Implements(unmarshalerType) || t.Implements(textUnmarshalerType))
}

// jsonType names the JSON type a Go type decodes from: string, number,
// integer, boolean, object or array ("" when any JSON value may do).
func jsonType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case timeType:
		return "string"
	case numberType:
		return "number"
	case rawMessageType:
		return ""
	}
	if delegated(t) {
		if reflect.PointerTo(t).Implements(textUnmarshalerType) && !reflect.PointerTo(t).Implements(unmarshalerType) {
			return "string"
		}
		return ""
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && delegated(t.Elem()) {
		return "array" // items that decode themselves: not base64
	}
	return jsontype.OfKind(t)
}
