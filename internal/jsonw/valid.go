package jsonw

// MaxNesting is the deepest nesting Valid accepts, as encoding/json's
// scanner.
const MaxNesting = 10000

// Valid reports whether data is exactly one JSON value (RFC 8259), nested at
// most MaxNesting deep. Like encoding/json it does not check that strings
// are valid UTF-8. It allocates nothing.
func Valid(data string) bool {
	v := validator{data: data}
	v.ws()
	if !v.value(0) {
		return false
	}
	v.ws()
	return v.i == len(data)
}

type validator struct {
	data string
	i    int
}

func (v *validator) ws() {
	for v.i < len(v.data) {
		switch v.data[v.i] {
		case ' ', '\t', '\n', '\r':
			v.i++
		default:
			return
		}
	}
}

func (v *validator) next() byte {
	if v.i < len(v.data) {
		return v.data[v.i]
	}
	return 0
}

func (v *validator) value(depth int) bool {
	switch c := v.next(); {
	case c == '{':
		if depth >= MaxNesting {
			return false
		}
		v.i++
		v.ws()
		if v.next() == '}' {
			v.i++
			return true
		}
		for {
			if v.next() != '"' || !v.string() {
				return false
			}
			v.ws()
			if v.next() != ':' {
				return false
			}
			v.i++
			v.ws()
			if !v.value(depth + 1) {
				return false
			}
			v.ws()
			switch v.next() {
			case ',':
				v.i++
				v.ws()
			case '}':
				v.i++
				return true
			default:
				return false
			}
		}
	case c == '[':
		if depth >= MaxNesting {
			return false
		}
		v.i++
		v.ws()
		if v.next() == ']' {
			v.i++
			return true
		}
		for {
			if !v.value(depth + 1) {
				return false
			}
			v.ws()
			switch v.next() {
			case ',':
				v.i++
				v.ws()
			case ']':
				v.i++
				return true
			default:
				return false
			}
		}
	case c == '"':
		return v.string()
	case c == 't':
		return v.literal("true")
	case c == 'f':
		return v.literal("false")
	case c == 'n':
		return v.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		return v.number()
	}
	return false
}

func (v *validator) literal(lit string) bool {
	if len(v.data)-v.i < len(lit) || v.data[v.i:v.i+len(lit)] != lit {
		return false
	}
	v.i += len(lit)
	return true
}

// string checks a string at v.i (its opening quote) and moves past it.
func (v *validator) string() bool {
	v.i++
	for v.i < len(v.data) {
		c := v.data[v.i]
		switch {
		case c == '"':
			v.i++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			v.i++
			switch v.next() {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				v.i++
			case 'u':
				v.i++
				for range 4 {
					h := v.next()
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return false
					}
					v.i++
				}
			default:
				return false
			}
		default:
			v.i++
		}
	}
	return false
}

func (v *validator) digits() int {
	n := 0
	for '0' <= v.next() && v.next() <= '9' {
		v.i++
		n++
	}
	return n
}

func (v *validator) number() bool {
	if v.next() == '-' {
		v.i++
	}
	switch c := v.next(); {
	case c == '0':
		v.i++
	case '1' <= c && c <= '9':
		v.digits()
	default:
		return false
	}
	if v.next() == '.' {
		v.i++
		if v.digits() == 0 {
			return false
		}
	}
	if c := v.next(); c == 'e' || c == 'E' {
		v.i++
		if c := v.next(); c == '+' || c == '-' {
			v.i++
		}
		if v.digits() == 0 {
			return false
		}
	}
	return true
}
