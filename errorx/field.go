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

// IsRequired reports whether f is exactly the field Required reports for
// f.Path: nothing sent, rule "required", message "Required.".
func (f Field) IsRequired() bool {
	return !f.WasSent && f.Sent == nil && f.Message == "Required." && f.Rule == "required" &&
		f.Expected == "" && f.Hint == "" && len(f.Options) == 0 && f.Param == ""
}
