package validation_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/testsize"
	"github.com/mcperr/mcperr/render"
	"github.com/mcperr/mcperr/validation"
)

// The same answer from every declaration: one tool's arguments declared
// as a struct with validate tags (validation.Handler, Bind), as go-sdk's
// typed tools infer them (google/jsonschema-go's For), and with mcp-go's
// WithString, Required, Enum and WithNumber, Min, Max. A bad call gets the
// same fields from all three. validator's required rejects "" too; JSON
// Schema's required only asks that the property be sent: the schemas say
// "not empty" with minLength 1, as InputSchema writes it.

// searchTagged is the tagged struct.
type searchTagged struct {
	Query string   `json:"query" validate:"required"`
	Mode  string   `json:"mode" validate:"required,oneof=web news images"`
	Limit float64  `json:"limit" validate:"omitempty,min=1,max=50"`
	Tags  []string `json:"tags" validate:"max=3"`
}

// searchSDK is the struct of a go-sdk typed tool: no validate tags.
type searchSDK struct {
	Query string   `json:"query" jsonschema:"what to look for"`
	Mode  string   `json:"mode"`
	Limit float64  `json:"limit,omitempty"`
	Tags  []string `json:"tags,omitempty"`
}

// goSDKSchema is searchSDK's schema as go-sdk infers it, with what a
// go-sdk author adds by hand (the options, the bounds).
func goSDKSchema(t *testing.T) []byte {
	s, err := jsonschema.For[searchSDK](nil)
	require.NoError(t, err)
	s.Properties["mode"].Enum = []any{"web", "news", "images"}
	lo, hi, n, one := 1.0, 50.0, 3, 1
	s.Properties["limit"].Minimum, s.Properties["limit"].Maximum = &lo, &hi
	s.Properties["tags"].MaxItems = &n
	s.Properties["query"].MinLength = &one // required in JSON Schema is sent; not empty is minLength
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	return raw
}

// mcpGoSchema is the schema mcp-go writes for the tool declared with its
// helpers.
func mcpGoSchema(t *testing.T) []byte {
	tool := mcp.NewTool("search",
		mcp.WithString("query", mcp.Required(), mcp.MinLength(1), mcp.Description("What to look for.")),
		mcp.WithString("mode", mcp.Required(), mcp.Enum("web", "news", "images")),
		mcp.WithNumber("limit", mcp.Min(1), mcp.Max(50)),
		mcp.WithArray("tags", mcp.WithStringItems(), mcp.MaxItems(3)),
		mcp.WithSchemaAdditionalProperties(false),
	)
	raw, err := json.Marshal(tool.InputSchema)
	require.NoError(t, err)
	return raw
}

// TestSchemaEveryDeclaration: for each bad call, the fields of Bind, of
// Check against go-sdk's schema and of Check against mcp-go's are the same
// (paths, rules, sent values, messages, expected forms, options, hints,
// parameters), in order of the declaration: go-sdk's schema keeps the
// struct's order, and its errors render to the same bytes in every
// dialect; mcp-go writes properties in alphabetical order, so its fields
// are compared by path.
func TestSchemaEveryDeclaration(t *testing.T) {
	sdk, err := validation.CompileSchema(goSDKSchema(t))
	require.NoError(t, err)
	mcpgo, err := validation.CompileSchema(mcpGoSchema(t))
	require.NoError(t, err)
	for _, args := range []string{
		`{}`,
		`{"query":"go","mode":"newz","limit":99}`,
		`{"qeury":"go","mode":"web"}`,
		`{"query":5,"mode":["web"],"limit":"ten"}`,
		`{"query":"go","mode":"web","tags":["a","b","c","d"]}`,
		`{"query":"","mode":"web"}`,
		`[1]`,
		`{"query":"go","mode":"web","query":"again"}`,
	} {
		t.Run(args, func(t *testing.T) {
			var dst searchTagged
			bind := validation.Default().BindJSON("search", []byte(args), &dst)
			require.Error(t, bind)
			be, _ := errorx.As(bind)
			for name, s := range map[string]*validation.Schema{"go-sdk": sdk, "mcp-go": mcpgo} {
				ce, _ := errorx.As(s.Check("search", []byte(args)))
				require.NotNil(t, ce, "%s accepts %s", name, args)
				want, got := be.Fields, ce.Fields
				if name == "mcp-go" {
					want, got = byPath(want), byPath(got)
				} else {
					assert.Equal(t, be.Message, ce.Message, name)
					for _, d := range render.Names() {
						dialect, _ := render.ByName(d)
						if _, ok := dialect.(render.Envelope); ok {
							dialect = render.Envelope{Now: func() time.Time { return time.Unix(0, 0) }}
						}
						assert.Equal(t, rendered(t, dialect, be), rendered(t, dialect, ce), "%s in %s: %s", name, d, args)
					}
				}
				assert.Equal(t, want, got, "%s: %s", name, args)
			}
		})
	}
}

// rendered is e rendered in dialect d, as JSON.
func rendered(t *testing.T, d render.Dialect, e *errorx.Error) string {
	b, err := json.Marshal(d.Render(e))
	require.NoError(t, err)
	return string(b)
}

func byPath(fs []errorx.Field) []errorx.Field {
	out := slices.Clone(fs)
	slices.SortStableFunc(out, func(a, b errorx.Field) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// TestSchemaBytesAgainstSDK: on the shapes of issue 29 where go-sdk's
// own validator (google/jsonschema-go, after encoding/json, as go-sdk
// checks a call) does comparable work, Check allocates at most twice its
// bytes per byte sent: 64 KiB of array items against an enum of 16
// numbers, failing (go-sdk stops at the first failure; Check reports the
// first MaxFields and counts the rest) and valid; and, for a schema
// whose subschemas are shared through anyOf ($defs d0…dk, each an anyOf
// of two references to the next), a 10-byte call, which go-sdk
// evaluates 2^k times and Check refuses. Before, the failing enum
// allocated 1,632 bytes per byte sent (go-sdk: 30).
func TestSchemaBytesAgainstSDK(t *testing.T) {
	enum, shared := enumSchema(16), func(k int) string { return sharedAlternatives("anyOf", k) }
	items := func(item string) string {
		return `{"v":[` + repeat(65536/(len(item)+1), func(int) string { return item }) + `]}`
	}
	cases := []struct {
		what, schema, args string
	}{
		{"enum, failing", enum, items("99")},
		{"enum, valid", enum, items("7")},
		{"shared anyOf, k=10 (checked)", shared(10), `{"v":1}`},
	}
	if testsize.Long() {
		cases = append(cases, struct{ what, schema, args string }{"shared anyOf, k=12 (refused)", shared(12), `{"v":1}`})
	}
	for _, c := range cases {
		s, err := validation.CompileSchema([]byte(c.schema))
		require.NoError(t, err)
		var gs jsonschema.Schema
		require.NoError(t, json.Unmarshal([]byte(c.schema), &gs))
		resolved, err := gs.Resolve(nil)
		require.NoError(t, err)
		args := []byte(c.args)
		ours := testsize.Allocated(func() { _ = s.Check("t", args) })
		theirs := testsize.Allocated(func() {
			v := map[string]any{}
			_ = json.Unmarshal(args, &v)
			_ = resolved.Validate(&v)
		})
		per := func(n uint64) float64 { return float64(n) / float64(len(args)) }
		t.Logf("%s: %.1f bytes allocated per byte sent, go-sdk's validator %.1f", c.what, per(ours), per(theirs))
		assert.LessOrEqual(t, per(ours), 2*per(theirs), c.what)
	}
}
