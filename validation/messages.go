package validation

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"time"
)

// The message catalogue. Every text is written here; validator's
// universal-translator messages are never used (their translators print to
// stdout on failure, which would corrupt a stdio MCP stream).

// formatText is the text of a tag that checks a string's format.
type formatText struct{ message, expected string }

const (
	expectedRFC3339 = "an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z)"
	expectedUUID    = "a valid UUID (e.g. 123e4567-e89b-12d3-a456-426614174000)"
	expectedUUID3   = "a version 3 UUID (e.g. a3bb189e-8bf9-3888-9912-ace4e6543002)"
	expectedUUID4   = "a version 4 UUID (e.g. f47ac10b-58cc-4372-a567-0e02b2c3d479)"
	expectedUUID5   = "a version 5 UUID (e.g. 886313e1-3b8a-5372-9b90-0c9aee199e5d)"
	expectedUUID7   = "a version 7 UUID (e.g. 01890a5d-ac96-774b-bcce-b302099a8057)"
)

var formats = map[string]formatText{
	"email":              {"Invalid email address.", "a valid email address (e.g. user@example.com)"},
	"url":                {"Invalid URL.", "a valid URL (e.g. https://example.com)"},
	"http_url":           {"Invalid URL.", "an http or https URL (e.g. https://example.com)"},
	"https_url":          {"Invalid URL.", "an https URL (e.g. https://example.com)"},
	"uri":                {"Invalid URI.", "a valid URI (e.g. https://example.com/path)"},
	"urn_rfc2141":        {"Invalid URN.", "a URN (e.g. urn:isbn:0451450523)"},
	"uuid":               {"Invalid UUID.", expectedUUID},
	"uuid_rfc4122":       {"Invalid UUID.", expectedUUID},
	"uuid3":              {"Invalid UUID.", expectedUUID3},
	"uuid3_rfc4122":      {"Invalid UUID.", expectedUUID3},
	"uuid4":              {"Invalid UUID.", expectedUUID4},
	"uuid4_rfc4122":      {"Invalid UUID.", expectedUUID4},
	"uuid5":              {"Invalid UUID.", expectedUUID5},
	"uuid5_rfc4122":      {"Invalid UUID.", expectedUUID5},
	"uuid7":              {"Invalid UUID.", expectedUUID7},
	"ulid":               {"Invalid ULID.", "a ULID (e.g. 01ARZ3NDEKTSV4RRFFQ69G5FAV)"},
	"e164":               {"Invalid phone number.", "a phone number in E.164 format (e.g. +14155552671)"},
	"hostname":           {"Invalid hostname.", "a valid hostname (e.g. example.com)"},
	"hostname_rfc1123":   {"Invalid hostname.", "a valid hostname (e.g. example.com)"},
	"fqdn":               {"Invalid domain name.", "a fully qualified domain name (e.g. api.example.com)"},
	"hostname_port":      {"Invalid host and port.", "a host and port (e.g. example.com:8080)"},
	"ip":                 {"Invalid IP address.", "a valid IP address (e.g. 192.168.0.1 or 2001:db8::1)"},
	"ipv4":               {"Invalid IPv4 address.", "a valid IPv4 address (e.g. 192.168.0.1)"},
	"ipv6":               {"Invalid IPv6 address.", "a valid IPv6 address (e.g. 2001:db8::1)"},
	"cidr":               {"Invalid CIDR block.", "a CIDR block (e.g. 192.168.0.0/24 or 2001:db8::/32)"},
	"cidrv4":             {"Invalid CIDR block.", "an IPv4 CIDR block (e.g. 192.168.0.0/24)"},
	"cidrv6":             {"Invalid CIDR block.", "an IPv6 CIDR block (e.g. 2001:db8::/32)"},
	"mac":                {"Invalid MAC address.", "a MAC address (e.g. 00:1a:2b:3c:4d:5e)"},
	"alpha":              {"Must contain only letters.", "ASCII letters only (e.g. abc)"},
	"alphaspace":         {"Must contain only letters and spaces.", "ASCII letters and spaces only (e.g. abc def)"},
	"alphanum":           {"Must contain only letters and digits.", "ASCII letters and digits only (e.g. abc123)"},
	"alphanumspace":      {"Must contain only letters, digits and spaces.", "ASCII letters, digits and spaces only (e.g. abc 123)"},
	"alphaunicode":       {"Must contain only letters.", "letters only (e.g. héllo)"},
	"alphanumunicode":    {"Must contain only letters and digits.", "letters and digits only (e.g. héllo123)"},
	"numeric":            {"Must be numeric.", "a decimal number as text (e.g. 42 or -3.5)"},
	"number":             {"Must be a number.", "digits only (e.g. 42)"},
	"hexadecimal":        {"Must be hexadecimal.", "a hexadecimal string (e.g. 1f or 0x1f)"},
	"boolean":            {"Must be a boolean.", "true or false"},
	"lowercase":          {"Must be lowercase.", "lowercase text (e.g. abc)"},
	"uppercase":          {"Must be uppercase.", "uppercase text (e.g. ABC)"},
	"ascii":              {"Must contain only ASCII characters.", "ASCII text"},
	"printascii":         {"Must contain only printable ASCII characters.", "printable ASCII text"},
	"json":               {"Invalid JSON.", `a string holding valid JSON (e.g. {"key":"value"})`},
	"jwt":                {"Invalid JWT.", "a JSON Web Token (header.payload.signature)"},
	"base32":             {"Invalid base32.", "a base32-encoded string (e.g. NBSWY3DP)"},
	"base64":             {"Invalid base64.", "a base64-encoded string (e.g. aGVsbG8=)"},
	"base64url":          {"Invalid base64url.", "a base64url-encoded string (e.g. aGVsbG8=)"},
	"base64rawurl":       {"Invalid base64url.", "an unpadded base64url-encoded string (e.g. aGVsbG8)"},
	"hexcolor":           {"Invalid hex color.", "a hex color (e.g. #1a2b3c or #fff)"},
	"rgb":                {"Invalid RGB color.", "an rgb() color (e.g. rgb(255,0,0))"},
	"rgba":               {"Invalid RGBA color.", "an rgba() color (e.g. rgba(255,0,0,0.5))"},
	"hsl":                {"Invalid HSL color.", "an hsl() color (e.g. hsl(120,100%,50%))"},
	"hsla":               {"Invalid HSLA color.", "an hsla() color (e.g. hsla(120,100%,50%,0.5))"},
	"timezone":           {"Invalid time zone.", "an IANA time zone (e.g. Europe/Paris)"},
	"iso3166_1_alpha2":   {"Invalid country code.", "an ISO 3166-1 alpha-2 country code (e.g. US)"},
	"iso3166_1_alpha3":   {"Invalid country code.", "an ISO 3166-1 alpha-3 country code (e.g. USA)"},
	"iso4217":            {"Invalid currency code.", "an ISO 4217 currency code (e.g. USD)"},
	"bcp47_language_tag": {"Invalid language tag.", "a BCP 47 language tag (e.g. en-US)"},
	"semver":             {"Invalid version.", "a semantic version (e.g. 1.2.3)"},
	"latitude":           {"Invalid latitude.", "a latitude from -90 to 90 (e.g. 48.8566)"},
	"longitude":          {"Invalid longitude.", "a longitude from -180 to 180 (e.g. 2.3522)"},
	"cron":               {"Invalid cron expression.", "a cron expression (e.g. */5 * * * *)"},
	"duration":           {"Invalid duration.", "a duration (e.g. 1h30m)"},
	"mongodb":            {"Invalid ObjectID.", "a MongoDB ObjectID (e.g. 507f1f77bcf86cd799439011)"},
	"md5":                {"Invalid MD5 hash.", "32 hexadecimal characters"},
	"sha256":             {"Invalid SHA-256 hash.", "64 hexadecimal characters"},
	"port":               {"Invalid port.", "a port number from 1 to 65535"},
	"credit_card":        {"Invalid card number.", "a valid credit card number"},
	"datauri":            {"Invalid data URI.", "a data URI (e.g. data:text/plain;base64,aGVsbG8=)"},
	"html":               {"Must be HTML.", "an HTML fragment (e.g. <b>hi</b>)"},
	"url_encoded":        {"Invalid URL encoding.", "URL-encoded text (e.g. a%20b)"},
	"file":               {"No such file.", "the path of an existing file"},
	"dir":                {"No such directory.", "the path of an existing directory"},
	"filepath":           {"Invalid file path.", "a file path (e.g. /tmp/report.txt)"},
	"dirpath":            {"Invalid directory path.", "a directory path (e.g. /tmp/reports/)"},
	"cve":                {"Invalid CVE identifier.", "a CVE identifier (e.g. CVE-2024-12345)"},
}

// textFunc writes the text of a built-in tag.
type textFunc func(f Failure) Text

// catalogue is every built-in tag, indexed by the tag's first byte: a
// bucket is a few entries compared by length first, cheaper than hashing.
var catalogue [128][]entry

type entry struct {
	tag    string
	format *formatText
	fn     textFunc
}

// lookupTag finds a built-in tag's entry.
func lookupTag(tag string) (*entry, bool) {
	if tag == "" || tag[0] >= 128 {
		return nil, false
	}
	b := catalogue[tag[0]]
	for i := range b {
		if len(b[i].tag) == len(tag) && b[i].tag == tag {
			return &b[i], true
		}
	}
	return nil, false
}

func init() {
	builtin := map[string]textFunc{
		"required":             required,
		"required_if":          required,
		"required_unless":      required,
		"required_with":        required,
		"required_with_all":    required,
		"required_without":     required,
		"required_without_all": required,
		"excluded_if":          excluded,
		"excluded_unless":      excluded,
		"excluded_with":        excluded,
		"excluded_with_all":    excluded,
		"excluded_without":     excluded,
		"excluded_without_all": excluded,
		"isdefault":            func(Failure) Text { return Text{Message: "Must not be set."} },
		"len":                  bound,
		"min":                  bound,
		"max":                  bound,
		"eq":                   bound,
		"ne":                   bound,
		"gt":                   bound,
		"gte":                  bound,
		"lt":                   bound,
		"lte":                  bound,
		"oneof":                oneOf,
		"oneofci":              oneOf,
		"noneof":               noneOf,
		"noneofci":             noneOf,
		"unique":               unique,
		"datetime":             datetime,
		"contains":             quotedParam("Must contain '", "'."),
		"containsany":          quotedParam("Must contain at least one of the characters '", "'."),
		"containsrune":         quotedParam("Must contain the character '", "'."),
		"excludes":             quotedParam("Must not contain '", "'."),
		"excludesall":          quotedParam("Must not contain any of the characters '", "'."),
		"excludesrune":         quotedParam("Must not contain the character '", "'."),
		"startswith":           quotedParam("Must start with '", "'."),
		"endswith":             quotedParam("Must end with '", "'."),
		"startsnotwith":        quotedParam("Must not start with '", "'."),
		"endsnotwith":          quotedParam("Must not end with '", "'."),
		"eq_ignore_case":       quotedParam("Must be '", "' (case is ignored)."),
		"ne_ignore_case":       quotedParam("Must not be '", "' (case is ignored)."),
		"eqfield":              fieldRef,
		"nefield":              fieldRef,
		"gtfield":              fieldRef,
		"gtefield":             fieldRef,
		"ltfield":              fieldRef,
		"ltefield":             fieldRef,
		"eqcsfield":            fieldRef,
		"necsfield":            fieldRef,
		"gtcsfield":            fieldRef,
		"gtecsfield":           fieldRef,
		"ltcsfield":            fieldRef,
		"ltecsfield":           fieldRef,
		"fieldcontains":        fieldRef,
		"fieldexcludes":        fieldRef,
	}
	for tag, ft := range formats {
		catalogue[tag[0]] = append(catalogue[tag[0]], entry{tag: tag, format: &ft})
	}
	for tag, fn := range builtin {
		catalogue[tag[0]] = append(catalogue[tag[0]], entry{tag: tag, fn: fn})
	}
}

// textOf looks a failure's text up: a custom translation of the tag as
// written, of the actual tag, the built-in catalogue, an or-group, then the
// generic fallback. It returns the rule name to report too.
func (v *Validator) textOf(f Failure) (Text, string) {
	if len(v.custom) > 0 {
		if t, ok := v.custom[f.Tag]; ok {
			return t(f), f.Tag
		}
		if t, ok := v.custom[f.ActualTag]; ok {
			return t(f), f.ActualTag
		}
	}
	t, p := v.builtinText(f)
	return p.apply(t, f.Sent, f.WasSent, nil), f.ActualTag
}

// post is the part of a built-in text that depends on what was sent: the
// rest (the base) depends only on the rule, its parameter and the field, so
// it is cached per struct field.
type post uint8

const (
	postNone     post = iota
	postOneOf         // "Did you mean …?" from the options
	postOneOfCI       // the same, else "Case is ignored."
	postRequired      // why an empty value did not count
)

// apply completes a base text with what depends on the sent value. folded
// holds the options folded for Closest, when known.
func (p post) apply(t Text, sent any, wasSent bool, folded [][]rune) Text {
	switch p {
	case postOneOf, postOneOfCI:
		if s, ok := sent.(string); ok && wasSent {
			if best, ok := closest(s, t.Options, folded); ok {
				t.Hint = didYouMean(best)
			}
		}
		if p == postOneOfCI && t.Hint == "" {
			t.Hint = "Case is ignored."
		}
	case postRequired:
		if wasSent && sent != nil {
			if h := emptyHint(sent); h != "" {
				if t.Hint != "" {
					t.Hint += " " + h
				} else {
					t.Hint = h
				}
			}
		}
	}
	return t
}

// builtinText is the base text of a built-in tag and what completes it.
func (v *Validator) builtinText(f Failure) (Text, post) {
	if e, ok := lookupTag(f.ActualTag); ok {
		switch {
		case e.format != nil:
			return Text{Message: e.format.message, Expected: e.format.expected}, postNone
		case e.tag == "oneof":
			return e.fn(f), postOneOf
		case e.tag == "oneofci":
			return e.fn(f), postOneOfCI
		case strings.HasPrefix(e.tag, "required"):
			return e.fn(f), postRequired
		}
		return e.fn(f), postNone
	}
	if strings.IndexByte(f.ActualTag, '|') >= 0 {
		return v.orGroup(f), postNone
	}
	return generic(f.ActualTag, f.Param), postNone
}

// generic is the text of a tag the catalogue does not know: it names the
// rule and its parameter.
func generic(tag, param string) Text {
	rule := tag
	if param != "" {
		rule = tag + "=" + param
	}
	return Text{Message: "Failed the '" + tag + "' rule.", Expected: "a value satisfying " + rule}
}

// noFormMatched is the message of a value that matches none of the forms
// an or-group (or a JSON Schema anyOf or oneOf) accepts.
const noFormMatched = "Matches none of the accepted forms."

// orGroup explains "a|b=1|c": the value matched none of the alternatives.
// Expected joins what each alternative expects: its own text's Expected,
// else, for a built-in size rule or oneof, the form it asks for ("empty",
// "exactly 6 characters", "one of 'a', 'b'"), else "a value satisfying"
// the alternative.
func (v *Validator) orGroup(f Failure) Text {
	var b strings.Builder
	for i, part := range strings.Split(f.ActualTag, "|") {
		tag, param, _ := strings.Cut(part, "=")
		g := f
		g.Tag, g.ActualTag, g.Param = tag, tag, param
		t, _ := v.textOf(g)
		// (a custom translation may be used for a part)
		if i > 0 {
			b.WriteString(" or ")
		}
		switch {
		case t.Expected != "":
			b.WriteString(t.Expected)
		case v.custom[tag] == nil && expectedForm(g) != "":
			b.WriteString(expectedForm(g))
		default:
			b.WriteString("a value satisfying " + part)
		}
	}
	return Text{Message: noFormMatched, Expected: b.String()}
}

// expectedForm is what a built-in rule without an Expected of its own asks
// for, as an alternative of an or-group; "" when there is no short form.
func expectedForm(f Failure) string {
	switch f.ActualTag {
	case "oneof", "oneofci":
		opts := ParseOneOf(f.Param)
		if len(opts) == 0 {
			return ""
		}
		var b strings.Builder
		b.WriteString("one of ")
		for i, o := range opts {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("'" + o + "'")
		}
		if f.ActualTag == "oneofci" {
			b.WriteString(" (case is ignored)")
		}
		return b.String()
	case "len", "min", "max", "eq", "ne", "gt", "gte", "lt", "lte":
		return boundForm(f.ActualTag, f.Param, classOf(f))
	}
	return ""
}

// boundForm is the size or value a bound asks for: "exactly 6
// characters", "at least 18", "empty".
func boundForm(tag, p string, c kindClass) string {
	unit := ""
	switch c {
	case classString:
		unit = "character"
	case classBytes:
		unit = "byte"
	case classItems:
		unit = "item"
	case classTime:
		if p != "" {
			return ""
		}
		switch tag {
		case "gt":
			return "a time in the future"
		case "gte":
			return "a time not in the past"
		case "lt":
			return "a time in the past"
		case "lte":
			return "a time not in the future"
		}
		return ""
	}
	if p == "" {
		return ""
	}
	if c == classString {
		switch tag {
		case "eq":
			return "'" + p + "'"
		case "ne":
			return "anything but '" + p + "'"
		}
	}
	if unit == "" { // a number
		switch tag {
		case "min", "gte":
			return "at least " + p
		case "max", "lte":
			return "at most " + p
		case "gt":
			return "greater than " + p
		case "lt":
			return "less than " + p
		case "ne":
			return "anything but " + p
		}
		return "exactly " + p
	}
	n := pluralParam(p, unit)
	switch tag {
	case "len", "eq":
		if p == "0" {
			return "empty"
		}
		return "exactly " + n
	case "min", "gte":
		return "at least " + n
	case "max", "lte":
		if p == "0" {
			return "empty"
		}
		return "at most " + n
	case "gt":
		return "more than " + n
	case "lt":
		return "fewer than " + n
	case "ne":
		return "not exactly " + n
	}
	return ""
}

func quotedParam(prefix, suffix string) textFunc {
	return func(f Failure) Text { return Text{Message: prefix + f.Param + suffix} }
}

// kindClass groups kinds the way validator's size rules treat them.
type kindClass uint8

const (
	classOther kindClass = iota
	classString
	classNumber
	classItems
	classTime
	classBytes // []byte: sent as a base64 string, sized in bytes
)

func classOf(f Failure) kindClass {
	switch f.Kind {
	case reflect.String:
		return classString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return classNumber
	case reflect.Slice:
		if f.Type != nil && f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Uint8 && !delegated(f.Type.Elem()) {
			return classBytes
		}
		return classItems
	case reflect.Array, reflect.Map:
		return classItems
	case reflect.Struct:
		if f.Type != nil && f.Type.ConvertibleTo(timeType) {
			return classTime
		}
	}
	return classOther
}

// plural writes "1 item", "2 items" for a count given as text.
func pluralParam(n, unit string) string {
	if n == "1" {
		return n + " " + unit
	}
	return n + " " + unit + "s"
}

func plural(n int, unit string) string {
	return pluralParam(itoa(n), unit)
}

func itoa(n int) string {
	return string(appendIndex(nil, n))
}

// boundKey is what a bound's text depends on.
type boundKey struct {
	tag, param string
	class      kindClass
}

var boundTexts memo[boundKey, Text]

// bound explains len, min, max, eq, ne, gt, gte, lt and lte by kind:
// characters for strings, bytes for []byte (sent as base64), items for
// slices and maps, values for numbers, now for times.
func bound(f Failure) Text {
	return boundTexts.get(boundKey{f.ActualTag, f.Param, classOf(f)}, boundText)
}

func boundText(k boundKey) Text {
	p := k.param
	switch k.class {
	case classString, classBytes:
		// Strings count characters; []byte, sent as base64, counts bytes and
		// has no value to show for eq and ne, only a length.
		unit, byLength := "character", k.class == classBytes
		if byLength {
			unit = "byte"
		}
		switch {
		case k.tag == "len" || byLength && k.tag == "eq":
			return Text{Message: "Wrong length.", Hint: "Must be exactly " + pluralParam(p, unit) + " long."}
		case k.tag == "min", k.tag == "gte":
			return Text{Message: "Too short.", Hint: "Minimum length: " + pluralParam(p, unit) + "."}
		case k.tag == "max", k.tag == "lte":
			return Text{Message: "Too long.", Hint: "Maximum length: " + pluralParam(p, unit) + "."}
		case k.tag == "gt":
			return Text{Message: "Too short.", Hint: "Must be longer than " + pluralParam(p, unit) + "."}
		case k.tag == "lt":
			return Text{Message: "Too long.", Hint: "Must be shorter than " + pluralParam(p, unit) + "."}
		case k.tag == "ne" && byLength:
			return Text{Message: "Wrong length.", Hint: "Must not be exactly " + pluralParam(p, unit) + " long."}
		case k.tag == "eq":
			return Text{Message: "Must be '" + p + "'."}
		case k.tag == "ne":
			return Text{Message: "Must not be '" + p + "'."}
		}
	case classItems:
		switch k.tag {
		case "len", "eq":
			return Text{Message: "Wrong number of items.", Hint: "Exactly " + pluralParam(p, "item") + "."}
		case "min", "gte":
			return Text{Message: "Too few items.", Hint: "Minimum " + pluralParam(p, "item") + "."}
		case "max", "lte":
			return Text{Message: "Too many items.", Hint: "Maximum " + pluralParam(p, "item") + "."}
		case "gt":
			return Text{Message: "Too few items.", Hint: "More than " + pluralParam(p, "item") + "."}
		case "lt":
			return Text{Message: "Too many items.", Hint: "Fewer than " + pluralParam(p, "item") + "."}
		case "ne":
			return Text{Message: "Wrong number of items.", Hint: "Must not have exactly " + pluralParam(p, "item") + "."}
		}
	case classTime:
		if p == "" {
			switch k.tag {
			case "gt":
				return Text{Message: "Must be in the future."}
			case "gte":
				return Text{Message: "Must not be in the past."}
			case "lt":
				return Text{Message: "Must be in the past."}
			case "lte":
				return Text{Message: "Must not be in the future."}
			}
		}
	}
	switch k.tag {
	case "min", "gte":
		return Text{Message: "Too small.", Hint: "Must be >= " + p + "."}
	case "max", "lte":
		return Text{Message: "Too large.", Hint: "Must be <= " + p + "."}
	case "gt":
		return Text{Message: "Too small.", Hint: "Must be > " + p + "."}
	case "lt":
		return Text{Message: "Too large.", Hint: "Must be < " + p + "."}
	case "ne":
		return Text{Message: "Not allowed.", Hint: "Must not be " + p + "."}
	}
	return Text{Message: "Wrong value.", Hint: "Must be exactly " + p + "."}
}

// oneofCache holds parsed oneof parameters: the regex is slow.
var oneofCache sync.Map // string → []string

var splitParams = regexp.MustCompile(`'[^']*'|\S+`)

var didYouMeans memo[string, string]

// didYouMean returns "Did you mean 'name'?".
func didYouMean(name string) string {
	return didYouMeans.get(name, func(n string) string { return "Did you mean '" + n + "'?" })
}

// ParseOneOf splits a oneof parameter exactly as validator does (the regex
// '[^']*'|\S+, quotes removed): "'light blue' red green" gives
// ["light blue" "red" "green"]. The result is cached and shared (it is
// also the Options of oneof failures): do not modify it.
func ParseOneOf(param string) []string {
	if v, ok := oneofCache.Load(param); ok {
		return v.([]string)
	}
	vals := splitParams.FindAllString(param, -1)
	for i, s := range vals {
		vals[i] = strings.ReplaceAll(s, "'", "")
	}
	if vals == nil {
		vals = []string{}
	}
	vals = vals[:len(vals):len(vals)] // appending never writes into the cache
	oneofCache.Store(param, vals)
	return vals
}

// requiredOptions completes the built-in text t of a failure of rule on a
// value sent as sent (was: sent at all) at field gf (nil: not a field's own
// failure). A oneof failing on nothing (a value not sent, a pointer sent
// null) reads as required, its options kept: the value is required in
// effect, as the schema (InputSchema) says, whose required lists it; it
// read "Not one of the valid options. You sent: (missing).". A failure of
// the required family lists the options of the field's own oneof.
func requiredOptions(t Text, rule string, sent any, was bool, gf *goField) (Text, string) {
	switch {
	case (rule == "oneof" || rule == "oneofci") && (!was || sent == nil):
		t.Message, rule = "Required.", RuleRequired
	case strings.HasPrefix(rule, RuleRequired) && t.Options == nil && gf != nil:
		t.Options = gf.options
	}
	return t, rule
}

// oneOf is the base text of oneof and oneofci; the hint comes after (see
// post).
func oneOf(f Failure) Text {
	return Text{Message: "Not one of the valid options.", Options: ParseOneOf(f.Param)}
}

func noneOf(f Failure) Text {
	opts := ParseOneOf(f.Param)
	var b strings.Builder
	b.WriteString("Must not be ")
	for i, o := range opts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('\'')
		b.WriteString(o)
		b.WriteByte('\'')
	}
	b.WriteByte('.')
	return Text{Message: "This value is not allowed.", Hint: b.String()}
}

func unique(f Failure) Text {
	switch {
	case f.Param != "":
		return Text{Message: "Contains duplicates.", Hint: "Each item needs a different '" + elemJSONName(f.Type, f.Param) + "'."}
	case f.Kind == reflect.Map:
		return Text{Message: "Contains duplicates.", Hint: "Each value must be different."}
	}
	return Text{Message: "Contains duplicates.", Hint: "Each item must be different."}
}

// elemJSONName is the JSON name of field goName of the struct elements of
// a slice, array or map type.
func elemJSONName(t reflect.Type, goName string) string {
	if t == nil {
		return goName
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		t = baseType(t.Elem())
	}
	if t.Kind() != reflect.Struct {
		return goName
	}
	return Failure{parent: infoOf(t)}.JSONName(goName)
}

var datetimeCache sync.Map // layout → expected text

func datetime(f Failure) Text {
	return Text{Message: "Invalid datetime.", Expected: datetimeExpected(f.Param)}
}

func datetimeExpected(layout string) string {
	if v, ok := datetimeCache.Load(layout); ok {
		return v.(string)
	}
	var s string
	switch layout {
	case time.RFC3339, time.RFC3339Nano, "2006-01-02T15:04:05Z":
		s = expectedRFC3339
	case time.DateOnly:
		s = "an ISO 8601 date (e.g. 2024-01-15)"
	default:
		s = "a date/time formatted like " + exampleTime.Format(layout)
	}
	datetimeCache.Store(layout, s)
	return s
}

var exampleTime = time.Date(2024, 1, 15, 10, 30, 0, 0, time.UTC)

// fieldRef explains the rules that compare a field with another one.
func fieldRef(f Failure) Text {
	other := "'" + f.JSONName(f.Param) + "'"
	c := classOf(f)
	var m string
	switch strings.TrimSuffix(strings.TrimSuffix(f.ActualTag, "csfield"), "field") {
	case "eq":
		m = "Must match " + other + "."
	case "ne":
		m = "Must differ from " + other + "."
	case "gt":
		m = compareText(c, "Must be greater than ", "Must be longer than ", "Must have more items than ", "Must be after ") + other + "."
	case "gte":
		m = compareText(c, "Must be greater than or equal to ", "Must not be shorter than ", "Must not have fewer items than ", "Must not be before ") + other + "."
	case "lt":
		m = compareText(c, "Must be less than ", "Must be shorter than ", "Must have fewer items than ", "Must be before ") + other + "."
	case "lte":
		m = compareText(c, "Must be less than or equal to ", "Must not be longer than ", "Must not have more items than ", "Must not be after ") + other + "."
	case "contains":
		m = "Must contain the value of " + other + "."
	case "excludes":
		m = "Must not contain the value of " + other + "."
	default:
		return generic(f.ActualTag, f.Param)
	}
	return Text{Message: m}
}

func compareText(c kindClass, number, str, items, when string) string {
	switch c {
	case classString, classBytes:
		return str
	case classItems:
		return items
	case classTime:
		return when
	}
	return number
}

// required explains the required family. Every variant reads "Required.";
// the hint gives the condition (and, after, see post, why a value that was
// sent did not count).
func required(f Failure) Text {
	t := Text{Message: "Required."}
	params := ParseOneOf(f.Param)
	switch f.ActualTag {
	case "required_if":
		t.Hint = "Required when " + pairs(f, params, " and ") + "."
	case "required_unless":
		t.Hint = "Required unless " + pairs(f, params, " or ") + "."
	case "required_with":
		t.Hint = "Required when " + names(f, params, " or ") + " " + isAre(params, "is", "is") + " set."
	case "required_with_all":
		t.Hint = "Required when " + names(f, params, " and ") + " " + isAre(params, "is", "are") + " set."
	case "required_without":
		t.Hint = "Required when " + names(f, params, " or ") + " is not set."
	case "required_without_all":
		if len(params) == 1 {
			t.Hint = "Required when " + names(f, params, "") + " is not set."
		} else {
			t.Hint = "Required when none of " + names(f, params, ", ") + " is set."
		}
	}
	return t
}

// excluded explains the excluded family.
func excluded(f Failure) Text {
	t := Text{Message: "Must not be set."}
	params := ParseOneOf(f.Param)
	switch f.ActualTag {
	case "excluded_if":
		t.Hint = "Not allowed when " + pairs(f, params, " and ") + "."
	case "excluded_unless":
		t.Hint = "Only allowed when " + pairs(f, params, " or ") + "."
	case "excluded_with":
		t.Hint = "Not allowed when " + names(f, params, " or ") + " is set."
	case "excluded_with_all":
		t.Hint = "Not allowed when " + names(f, params, " and ") + " " + isAre(params, "is", "are") + " set."
	case "excluded_without":
		t.Hint = "Not allowed when " + names(f, params, " or ") + " is not set."
	case "excluded_without_all":
		t.Hint = "Not allowed when none of " + names(f, params, ", ") + " is set."
	}
	return t
}

func isAre(params []string, one, many string) string {
	if len(params) > 1 {
		return many
	}
	return one
}

// pairs writes "'role' is 'admin' and 'plan' is 'pro'".
func pairs(f Failure, params []string, sep string) string {
	var b strings.Builder
	for i := 0; i+1 < len(params); i += 2 {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString("'" + f.JSONName(params[i]) + "' is '" + params[i+1] + "'")
	}
	return b.String()
}

// names writes "'a' or 'b'".
func names(f Failure, params []string, sep string) string {
	var b strings.Builder
	for i, p := range params {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString("'" + f.JSONName(p) + "'")
	}
	return b.String()
}

// emptyHint says why a sent value did not satisfy required.
func emptyHint(sent any) string {
	switch x := sent.(type) {
	case string:
		if x == "" {
			return "An empty string does not count."
		}
	case bool:
		if !x {
			return "false does not count."
		}
	case json.Number:
		if f, err := x.Float64(); err == nil && f == 0 {
			return "0 does not count."
		}
	case []any:
		if len(x) == 0 {
			return "An empty array does not count."
		}
	case map[string]any:
		if len(x) == 0 {
			return "An empty object does not count."
		}
	}
	return ""
}
