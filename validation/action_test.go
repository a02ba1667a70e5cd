package validation_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/codes"
	"github.com/mcperr/mcperr/validation"
)

func TestAction(t *testing.T) {
	actions := []string{"list", "create", "delete"}
	for _, c := range []struct {
		name     string
		value    any
		want     string
		code     string
		message  string
		recovery string
	}{
		{"valid", "create", "create", "", "", ""},
		{"absent", nil, "", codes.MissingDiscriminator, `The required field "action" is missing.`,
			`Add the "action" field as a string and call the tool again.`},
		{"empty string", "", "", codes.MissingDiscriminator, `The required field "action" is missing.`,
			`Add the "action" field as a string and call the tool again.`},
		{"number", 3.0, "", codes.InvalidDiscriminator, `Discriminator field "action" must be a string, got number.`,
			`Set "action" to one of the available actions as a string.`},
		{"json number", json.Number("3"), "", codes.InvalidDiscriminator, `Discriminator field "action" must be a string, got number.`,
			`Set "action" to one of the available actions as a string.`},
		{"boolean", true, "", codes.InvalidDiscriminator, `Discriminator field "action" must be a string, got boolean.`,
			`Set "action" to one of the available actions as a string.`},
		{"null", json.RawMessage("null"), "", codes.InvalidDiscriminator, `Discriminator field "action" must be a string, got object.`,
			`Set "action" to one of the available actions as a string.`},
		{"array", []any{"list"}, "", codes.InvalidDiscriminator, `Discriminator field "action" must be a string, got object.`,
			`Set "action" to one of the available actions as a string.`},
		{"object", map[string]any{}, "", codes.InvalidDiscriminator, `Discriminator field "action" must be a string, got object.`,
			`Set "action" to one of the available actions as a string.`},
		{"raw string", json.RawMessage(`"delete"`), "delete", "", "", ""},
		{"typo", "delte", "", codes.UnknownAction, `The action "delte" does not exist.`,
			`Choose a valid action from available_actions and call the tool again. Did you mean "delete"?`},
		{"far", "frobnicate", "", codes.UnknownAction, `The action "frobnicate" does not exist.`,
			`Choose a valid action from available_actions and call the tool again.`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, e := validation.Action("action", c.value, actions...)
			if got != c.want {
				t.Errorf("action = %q, want %q", got, c.want)
			}
			if c.code == "" {
				if e != nil {
					t.Fatalf("unexpected error %v", e)
				}
				return
			}
			if e == nil {
				t.Fatal("no error")
			}
			if e.Code != c.code || e.Message != c.message || e.Recovery != c.recovery {
				t.Errorf("got %s / %q / %q\nwant %s / %q / %q", e.Code, e.Message, e.Recovery, c.code, c.message, c.recovery)
			}
			if len(e.Actions) != 3 || e.EffectiveClass() != errorx.ClassValidation {
				t.Errorf("actions %v class %v", e.Actions, e.EffectiveClass())
			}
		})
	}
}

func TestActionCustomField(t *testing.T) {
	_, e := validation.Action("op", "lst", "list", "get")
	if e == nil || e.Message != `The op "lst" does not exist.` ||
		e.Recovery != `Choose a valid op from available_actions and call the tool again. Did you mean "list"?` {
		t.Fatalf("got %+v", e)
	}
}

func TestActionOf(t *testing.T) {
	for raw, want := range map[string]string{
		`{"action":"create","name":"x"}`:            "create",
		` {"name":{"action":"x"},"action":"list"} `: "list",
	} {
		if a, e := validation.ActionOf("users", json.RawMessage(raw), "action", "list", "create"); e != nil || a != want {
			t.Errorf("%s: got %q %v", raw, a, e)
		}
	}
	for raw, code := range map[string]string{
		`{"name":"x"}`:     codes.MissingDiscriminator,
		``:                 codes.MissingDiscriminator, // no arguments
		`[1]`:              codes.MissingDiscriminator, // not an object
		`{"action":`:       codes.MissingDiscriminator, // not JSON
		`{"action":null}`:  codes.InvalidDiscriminator,
		`{"action":7}`:     codes.InvalidDiscriminator,
		`{"action":"lis"}`: codes.UnknownAction,
	} {
		_, e := validation.ActionOf("users", json.RawMessage(raw), "action", "list", "create")
		if e == nil || e.Code != code || e.Tool != "users" {
			t.Errorf("%s: %+v, want %s naming users", raw, e, code)
		}
	}
	_, e := validation.ActionOf("users", json.RawMessage(`{"action":null}`), "action", "list", "create")
	if e == nil || e.Message != `Discriminator field "action" must be a string, got object.` {
		t.Errorf("null: %+v", e)
	}
}

func TestClosest(t *testing.T) {
	for _, c := range []struct {
		s    string
		cand []string
		want string
	}{
		{"emial", []string{"name", "email", "age"}, "email"},
		{"Email", []string{"name", "email"}, "email"},
		{"userName", []string{"user_name", "username2"}, "user_name"},
		{"destory", []string{"list", "create", "delete", "destroy"}, "destroy"},
		{"admn", []string{"admin", "user", "guest"}, "admin"},
		{"superadmin", []string{"admin", "user", "guest"}, ""},
		{"hallucinated_param", []string{"email", "age"}, ""},
		{"ab", []string{"ac", "ad"}, "ac"},                           // tie: the first candidate
		{"nam", []string{"name", "nap"}, "name"},                     // tie on both distances: the first candidate
		{"user_nme", []string{"username", "user_name"}, "user_name"}, // tie on folded distance: the smaller raw distance
		{"", []string{"a", "ab"}, ""},                                // an empty string is near nothing
		{"x", []string{"", "-"}, ""},                                 // nor is an empty candidate, or one of separators only
		{"_", []string{"a", "b"}, ""},
	} {
		got, ok := validation.Closest(c.s, c.cand...)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Closest(%q, %v) = %q, %v; want %q", c.s, c.cand, got, ok, c.want)
		}
	}
}

func TestParseOneOf(t *testing.T) {
	for param, want := range map[string][]string{
		"admin user guest":       {"admin", "user", "guest"},
		"'light blue' red green": {"light blue", "red", "green"},
		"  a   'b c'd ":          {"a", "b c", "d"},
		"":                       {},
		"'it''s' x":              {"it", "s", "x"},
	} {
		got := validation.ParseOneOf(param)
		if len(got) != len(want) {
			t.Errorf("ParseOneOf(%q) = %q, want %q", param, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("ParseOneOf(%q) = %q, want %q", param, got, want)
			}
		}
	}
}

// ActionOf reads a grouped tool's discriminator from the call's raw
// arguments.
func ExampleActionOf() {
	_, e := validation.ActionOf("billing", json.RawMessage(`{"action":"refnd","amount":5}`), "action", "charge", "refund")
	fmt.Println(e.Code, e.Tool)
	fmt.Println(e.Recovery)
	// Output:
	// UNKNOWN_ACTION billing
	// Choose a valid action from available_actions and call the tool again. Did you mean "refund"?
}
