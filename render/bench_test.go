package render_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcperr/mcperr/errorx"
	"github.com/mcperr/mcperr/internal/adapt"
	"github.com/mcperr/mcperr/render"
)

// Each benchmark pairs mcperr (impl=mcperr) with what a user would write
// instead (impl=baseline), in the same run, so that benchstat compares
// them: go test -run '^$' -bench . -benchmem -count 10 ./render/.
// TestBaselinesWriteTheSameBytes proves the JSON baselines do the same work.

// typical is the typical error of the targets: a message, two details and
// a retry delay (interbase), plus a recovery and two actions (xml).
func typical() *errorx.Error {
	return errorx.Transient("Upstream search is overloaded.").
		WithDetail("agent", "fd-safety").WithDetail("attempts", 3).
		WithRetryAfter(30 * time.Second)
}

// typicalToolError is the typical error in toolError:v1's own terms: its
// code and two details, nothing the dialect has no slot for.
func typicalToolError() *errorx.Error {
	return errorx.New("NETWORK_ERROR", "Request timeout after 30000ms").
		WithDetail("apiHost", "api.example.com").WithDetail("errorType", "timeout")
}

func typicalXML() *errorx.Error {
	return errorx.Conflict("Invoice already paid.").WithSeverity(errorx.SeverityError).
		WithRecovery("Check the invoice status first.").WithActions("billing.get", "billing.list").
		WithDetail("invoice_id", "inv_456").WithDetail("status", "paid")
}

// interbaseStruct is interbase's own ToolError.
type interbaseStruct struct {
	Type        string         `json:"type"`
	Message     string         `json:"message"`
	Recoverable bool           `json:"recoverable"`
	Data        map[string]any `json:"data,omitempty"`
}

func interbaseBaseline(e *errorx.Error) ([]byte, error) {
	data := map[string]any{}
	for k, v := range e.Details.All() {
		data[k] = v
	}
	if e.RetryAfter > 0 {
		data["retry_after"] = int(e.RetryAfter / time.Second)
	}
	return json.Marshal(&interbaseStruct{e.EffectiveClass().String(), e.Message, e.IsRetryable(), data})
}

// toolErrorStruct keeps toolError:v1's key order; details are ordered by
// hand as the reference orders them.
type toolErrorStruct struct {
	Kind      string          `json:"kind"`
	Code      string          `json:"code"`
	Message   string          `json:"message"`
	Retryable bool            `json:"retryable"`
	Details   json.RawMessage `json:"details"`
}

func toolErrorBaseline(e *errorx.Error) *render.Result {
	var details bytes.Buffer
	details.WriteByte('{')
	i := 0
	for k, v := range e.Details.All() {
		if i > 0 {
			details.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, _ := json.Marshal(v)
		details.Write(kb)
		details.WriteByte(':')
		details.Write(vb)
		i++
	}
	details.WriteByte('}')
	s := toolErrorStruct{"toolError:v1", adapt.ToolErrorCode(e), e.Message, e.IsRetryable(), details.Bytes()}
	pretty, _ := json.MarshalIndent(&s, "", "  ")
	compact, _ := json.Marshal(&s)
	// The markdown block: the message, the code line and the details line
	// (the benchmark's details hold nothing markdown escapes).
	md := "**Error:** " + e.Message + "\n\n**Code:** " + s.Code + " (retryable)"
	if !s.Retryable {
		md = strings.Replace(md, "(retryable)", "(not retryable)", 1)
	}
	if i > 0 {
		md += "\n\n**Details:** " + details.String()
	}
	return &render.Result{
		Content:           []render.Text{{Text: md}, {Text: string(pretty)}},
		StructuredContent: compact,
		IsError:           true,
	}
}

// contractStruct is the contract's error object with the benchmark's
// details as a struct, which keeps their order as mcperr does.
type contractStruct struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Details *struct {
		MCP      string `json:"mcp"`
		Attempts int    `json:"attempts"`
	} `json:"details,omitempty"`
	Recoverable bool `json:"recoverable"`
}

func contractBaseline(e *errorx.Error) contractStruct {
	c := contractStruct{Code: e.Code, Message: e.Message, Recoverable: e.IsRetryable()}
	c.Details = &struct {
		MCP      string `json:"mcp"`
		Attempts int    `json:"attempts"`
	}{}
	v, _ := e.Details.Get("mcp")
	c.Details.MCP, _ = v.(string)
	v, _ = e.Details.Get("attempts")
	c.Details.Attempts, _ = v.(int)
	return c
}

type envelopeStruct struct {
	Success   bool           `json:"success"`
	Error     string         `json:"error,omitempty"`
	ErrorCode string         `json:"error_code,omitempty"`
	Message   string         `json:"message,omitempty"`
	Hint      string         `json:"hint,omitempty"`
	Timestamp string         `json:"timestamp"`
	Version   string         `json:"version,omitempty"`
	Details   map[string]any `json:"details,omitempty"`
}

type xmlDetail struct {
	Key   string `xml:"key,attr"`
	Value string `xml:",chardata"`
}

type xmlToolError struct {
	XMLName    xml.Name    `xml:"tool_error"`
	Code       string      `xml:"code,attr"`
	Severity   string      `xml:"severity,attr"`
	Message    string      `xml:"message"`
	Recovery   string      `xml:"recovery,omitempty"`
	Actions    []string    `xml:"available_actions>action"`
	Details    []xmlDetail `xml:"details>detail"`
	RetryAfter string      `xml:"retry_after,omitempty"`
}

func xmlBaseline(e *errorx.Error) ([]byte, error) {
	x := xmlToolError{Code: e.Code, Severity: e.Severity.String(), Message: e.Message, Recovery: e.Recovery, Actions: e.Actions}
	for k, v := range e.Details.All() {
		s, _ := v.(string)
		x.Details = append(x.Details, xmlDetail{k, s})
	}
	if e.RetryAfter > 0 {
		x.RetryAfter = strconv.Itoa(int(e.RetryAfter/time.Second)) + " seconds"
	}
	return xml.MarshalIndent(&x, "", "  ")
}

// TestBaselinesWriteTheSameBytes: the JSON baselines produce exactly what
// mcperr writes, so their benchmarks compare equal work.
func TestBaselinesWriteTheSameBytes(t *testing.T) {
	e := typical()
	want, _ := interbaseBaseline(e)
	if got := (render.Interbase{}).AppendText(nil, e); !bytes.Equal(got, want) {
		t.Errorf("interbase:\n got %s\nwant %s", got, want)
	}
	te := typicalToolError()
	res, base := render.ToolError{Mode: render.ModeBoth}.Render(te), toolErrorBaseline(te)
	for i := range 2 {
		if textOf(t, res, i) != textOf(t, base, i) {
			t.Errorf("toolerror block %d:\n got %s\nwant %s", i, textOf(t, res, i), textOf(t, base, i))
		}
	}
	if !bytes.Equal(structuredOf(t, res), base.StructuredContent) {
		t.Errorf("toolerror structuredContent differs")
	}
	ce := errorx.New("MCP_RATE_LIMITED", "Rate limit exceeded.").WithDetail("mcp", "notion").WithDetail("attempts", 3)
	cb := contractBaseline(ce)
	cwant, _ := json.Marshal(&cb)
	if got := (render.Contract{}).AppendText(nil, ce); !bytes.Equal(got, cwant) {
		t.Errorf("contract:\n got %s\nwant %s", got, cwant)
	}
	ee := errorx.New("RESOURCE_NOT_FOUND", "task 't1' not found").WithRecovery("Verify the task ID is correct").
		WithTool("claim_task").WithDetail("task_id", "t1")
	ewant, _ := json.Marshal(&envelopeStruct{false, ee.Message, ee.Code, ee.Message, ee.Recovery, fixedNow().Format(time.RFC3339), "1.0.0",
		map[string]any{"tool": ee.Tool, "task_id": "t1"}})
	if got := (render.Envelope{Now: fixedNow}).AppendText(nil, ee); !bytes.Equal(got, ewant) {
		t.Errorf("envelope:\n got %s\nwant %s", got, ewant)
	}
}

func BenchmarkInterbase(b *testing.B) {
	e := typical()
	b.Run("impl=mcperr", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = render.Interbase{}.AppendText(buf[:0], e)
		}
	})
	b.Run("impl=mcperr_newbuf", func(b *testing.B) {
		for b.Loop() {
			_ = render.Interbase{}.AppendText(make([]byte, 0, 128), e)
		}
	})
	b.Run("impl=baseline", func(b *testing.B) {
		for b.Loop() {
			_, _ = interbaseBaseline(e)
		}
	})
}

func BenchmarkXML(b *testing.B) {
	e := typicalXML()
	b.Run("impl=mcperr", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = render.XML{}.AppendText(buf[:0], e)
		}
	})
	b.Run("impl=baseline", func(b *testing.B) {
		for b.Loop() {
			_, _ = xmlBaseline(e)
		}
	})
}

func BenchmarkToolErrorBoth(b *testing.B) {
	e := typicalToolError()
	d := render.ToolError{Mode: render.ModeBoth}
	b.Run("impl=mcperr", func(b *testing.B) {
		for b.Loop() {
			_ = d.Render(e)
		}
	})
	b.Run("impl=baseline", func(b *testing.B) {
		for b.Loop() {
			_ = toolErrorBaseline(e)
		}
	})
}

func BenchmarkContract(b *testing.B) {
	e := errorx.New("MCP_RATE_LIMITED", "Rate limit exceeded.").WithDetail("mcp", "notion").WithDetail("attempts", 3)
	b.Run("impl=mcperr", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = render.Contract{}.AppendText(buf[:0], e)
		}
	})
	b.Run("impl=baseline", func(b *testing.B) {
		for b.Loop() {
			c := contractBaseline(e)
			_, _ = json.Marshal(&c)
		}
	})
}

func BenchmarkEnvelope(b *testing.B) {
	e := errorx.New("RESOURCE_NOT_FOUND", "task 't1' not found").WithRecovery("Verify the task ID is correct").
		WithTool("claim_task").WithDetail("task_id", "t1")
	d := render.Envelope{Now: fixedNow}
	b.Run("impl=mcperr", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = d.AppendText(buf[:0], e)
		}
	})
	b.Run("impl=baseline", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(&envelopeStruct{false, e.Message, e.Code, e.Message, e.Recovery, fixedNow().Format(time.RFC3339), "1.0.0",
				map[string]any{"tool": e.Tool, "task_id": "t1"}})
		}
	})
}

// BenchmarkRender is the whole path to a *render.Result in every dialect,
// against a result of one text block, the dialect's text built beforehand,
// as a user would write it (mcpgo's BenchmarkRender adds the conversion to
// mcp-go's result, against mcp.NewToolResultError).
func BenchmarkRender(b *testing.B) {
	e := typicalXML()
	for _, c := range []struct {
		name string
		d    render.Dialect
	}{
		{"interbase", render.Interbase{}},
		{"toolerror", render.ToolError{}},
		{"toolerror_both", render.ToolError{Mode: render.ModeBoth}},
		{"xml", render.XML{}},
		{"contract", render.Contract{}},
		{"envelope", render.Envelope{}},
	} {
		b.Run("dialect="+c.name+"/impl=mcperr", func(b *testing.B) {
			for b.Loop() {
				sink = c.d.Render(e)
			}
		})
		text := c.d.Render(e).Content[0].Text
		b.Run("dialect="+c.name+"/impl=baseline", func(b *testing.B) {
			for b.Loop() {
				sink = &render.Result{Content: []render.Text{{Text: text}}, IsError: true}
			}
		})
	}
}

// sink keeps benchmark results alive, so the compiler cannot drop their
// allocations.
var sink *render.Result

// TestRenderAllocations holds the allocation budget of a full Render to a
// Result: two (the result with its blocks, their text), three for
// toolerror (its structuredContent), whatever the mode.
func TestRenderAllocations(t *testing.T) {
	e := typicalXML()
	for _, d := range []render.Dialect{render.Interbase{}, render.ToolError{}, render.ToolError{Mode: render.ModeJSON},
		render.ToolError{Mode: render.ModeBoth}, render.XML{}, render.Contract{}, render.Envelope{}} {
		budget := 2.0
		if _, ok := d.(render.ToolError); ok {
			budget = 3
		}
		if n := testing.AllocsPerRun(200, func() { _ = d.Render(e) }); n > budget {
			t.Errorf("%s %+v: %v allocations, budget %v", d.Name(), d, n, budget)
		}
	}
}

// BenchmarkDecode reads each dialect's result back, against json.Unmarshal
// or xml.Unmarshal of the same text into the dialect's own struct.
func BenchmarkDecode(b *testing.B) {
	e := typicalXML()
	for _, d := range dialects() {
		res := d.Render(e)
		text := []byte(textOf(&testing.T{}, res, 0))
		b.Run("dialect="+d.Name()+"/impl=mcperr", func(b *testing.B) {
			for b.Loop() {
				if _, err := d.Decode(res); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("dialect="+d.Name()+"/impl=baseline", func(b *testing.B) {
			for b.Loop() {
				var err error
				switch d.Name() {
				case "xml":
					var v xmlToolError
					err = xml.Unmarshal(text, &v)
				case "interbase":
					var v interbaseStruct
					err = json.Unmarshal(text, &v)
				case "toolerror":
					var v struct {
						toolErrorStruct
						Details map[string]any `json:"details"`
					}
					err = json.Unmarshal(structuredOf(b, res), &v)
				case "contract":
					var v struct {
						Code        string         `json:"code"`
						Message     string         `json:"message"`
						Details     map[string]any `json:"details"`
						Recoverable bool           `json:"recoverable"`
					}
					err = json.Unmarshal(text, &v)
				case "envelope":
					var v envelopeStruct
					err = json.Unmarshal(text, &v)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
