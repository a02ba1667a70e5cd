package parity

// Signup is a typed tool's arguments, for tests on both SDKs: nested, a
// list, an enum, secrets by name and by tag.
type Signup struct {
	Login   string   `json:"login" validate:"required,min=3,max=20"`
	Contact string   `json:"contact" validate:"required,email"`
	Plan    string   `json:"plan" validate:"required,oneof=free pro team"`
	Seats   int      `json:"seats" validate:"gte=1,lte=50"`
	Labels  []string `json:"labels" validate:"max=3,dive,alphanum"`
	Billing *Billing `json:"billing" validate:"required"`
	Secret  string   `json:"api_secret" validate:"required,min=16"`            // redacted by name
	Note    string   `json:"note" mcperr:"secret" validate:"omitempty,min=10"` // redacted by tag
}

// Billing is Signup's nested object.
type Billing struct {
	Country string `json:"country" validate:"required,len=2"`
	VAT     string `json:"vat" validate:"omitempty,alphanum"`
}

// BadSignups are bad arguments for Signup, by name.
var BadSignups = map[string]map[string]any{
	"many_fields": {"login": "A", "contact": "bad-email", "plan": "enterprise", "seats": 0, "labels": []any{"ok", "not ok!"},
		"billing": map[string]any{"vat": "FR 12"}, "api_secret": "hunter2", "note": "apple pie", "emial": "x@y.z"},
	"wrong_types": {"login": 7, "contact": "ann@example.com", "plan": "pro", "seats": "two",
		"billing": map[string]any{"country": "FR"}, "api_secret": "correct horse battery"},
	"missing_everything": {},
	"nil_arguments":      nil,
	"format_json":        {"login": "ann", "contact": "nope", "format": "json"},
}
