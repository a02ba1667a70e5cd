package errorx

// Field is one per-field violation of a tool's arguments.
type Field struct {
	// Path names the argument with dots and numeric segments: "email",
	// "tags.0", "address.zip". The empty path is the arguments object itself.
	Path string
	// Sent is the value the caller sent at Path; it is meaningful only when
	// WasSent is true. A nil Sent with WasSent true means the caller sent null.
	Sent any
	// WasSent reports whether the caller sent anything at Path at all.
	WasSent bool
	// Message says what is wrong, as a sentence: "Invalid email address.".
	Message string
	// Expected describes what to send instead: "a valid email address (e.g.
	// user@example.com)". When Rule is "type" it names a JSON type: "string".
	Expected string
	// Options lists the valid values when there is a fixed set.
	Options []string
	// Hint is any further advice: "Did you mean 'email'?".
	Hint string
	// Rule is the machine name of the failed rule: a validator tag ("email",
	// "min"), "type" for a wrong JSON type, "unknown" for an unknown key.
	Rule string
	// Param is the rule's parameter as the tag states it: "130" for
	// max=130, "5" for len=5, the other field's name for eqfield. A rule
	// with a set of valid values (oneof) lists them in Options instead.
	// With Rule, it lets a program repair a call without reading Hint.
	Param string
}

// SentText is a sent value known only by how a "You sent" line printed it
// (array(3), an object's JSON cut at 50 characters, a string cut to 47 and
// "..."), as the xml dialect reads it from MCP Fusion's field lines where
// the printed form does not give the value back. The "You sent" formatter
// prints it again as it is (Masked), so the line re-renders byte for byte.
// In the model's JSON form a field whose Sent is a SentText holds the
// printed form as a string in "sent" and has "sent_text": true, so that it
// reads back as a SentText, not as a string the caller sent. (A Redacted
// value is written as its mask, a plain string: whether a value is redacted
// must not change the shape of what a caller gets.)
type SentText string

// Masked returns the printed form: the "You sent" formatter writes it as
// it is, unquoted.
func (s SentText) Masked() string { return string(s) }

// SentField returns a Field for a value the caller sent.
func SentField(path string, sent any, message string) Field {
	return Field{Path: path, Sent: sent, WasSent: true, Message: message}
}

// RequiredField returns the Field that Required reports for path: nothing
// sent, rule "required", message "Required.".
func RequiredField(path string) Field {
	return Field{Path: path, Message: "Required.", Rule: "required"}
}

// WrongTypeField returns the Field for a value of the wrong JSON type at
// path: sent as it was sent, message "Wrong type.", Expected the JSON type
// wanted ("string", "integer", …), rule "type" (the validation package
// reports its decoding problems the same way).
func WrongTypeField(path string, sent any, expected string) Field {
	return Field{Path: path, Sent: sent, WasSent: true, Message: "Wrong type.", Expected: expected, Rule: "type"}
}

// IsRequired reports whether f is exactly RequiredField(f.Path).
func (f Field) IsRequired() bool {
	return !f.WasSent && f.Sent == nil && f.Message == "Required." && f.Rule == "required" &&
		f.Expected == "" && f.Hint == "" && len(f.Options) == 0 && f.Param == ""
}
