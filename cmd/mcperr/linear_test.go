package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/mcperr/mcperr/internal/testsize"
)

// keysObject returns a JSON object of n members "k0":0, "k1":1, ...
func keysObject(n int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":%d`, i, i)
	}
	b.WriteByte('}')
	return b.String()
}

// interbaseResult returns an interbase error result whose data has n keys.
func interbaseResult(n int) string {
	text, _ := json.Marshal(`{"type":"NOT_FOUND","message":"m","recoverable":false,"data":` + keysObject(n) + `}`)
	return `{"content":[{"type":"text","text":` + string(text) + `}],"isError":true}`
}

// TestFramerLinear: splitting the input into values reads each byte once
// and copies it a bounded number of times, for one value with many members
// and for many values: its work at 8 times the input is at most 9 times as
// much.
func TestFramerLinear(t *testing.T) {
	work := func(in string) int64 {
		f := framer{r: bufio.NewReaderSize(strings.NewReader(in), 64<<10)}
		for {
			if _, _, err := f.next(); err != nil {
				break
			}
		}
		if f.off != int64(len(in)) {
			t.Fatalf("read %d bytes of %d", f.off, len(in))
		}
		return f.off + f.copied
	}
	for name, input := range map[string]func(n int) string{
		"one object": keysObject,
		"many values": func(n int) string {
			return strings.Repeat(`{"code":"A","message":"a \"quoted\" one"} `, n)
		},
	} {
		small, large := input(50_000), input(400_000)
		if r := float64(work(large)) / float64(work(small)); r > 9 {
			t.Errorf("%s: 8 times the input takes %.1f times the work", name, r)
		}
	}
}

// xmlAmpersands returns an xml error result whose message holds n
// ampersands without a semicolon.
func xmlAmpersands(n int) string {
	text, _ := json.Marshal(`<tool_error code="X"><message>` + strings.Repeat("a & b ", n) + `</message></tool_error>`)
	return `{"content":[{"type":"text","text":` + string(text) + `}],"isError":true}`
}

// TestCommandLinear: render with many detail keys and parse with many data
// keys take time linear in the input, decoding into errorx.Details
// included (it was quadratic: 1,000,000 keys ran past two minutes), and so
// does parse of an xml result with many '&' and no ';' (a 2 MiB line took
// 30 s).
func TestCommandLinear(t *testing.T) {
	if testing.Short() || testsize.Race {
		t.Skip("timing")
	}
	cmd := func(in string, args ...string) func() {
		return func() { run(args, strings.NewReader(in), io.Discard, io.Discard) }
	}
	model := func(n int) string { return `{"code":"MANY","details":` + keysObject(n) + `}` }
	for name, c := range map[string]struct {
		small, large func()
	}{
		"render":               {cmd(model(12_500), "render", "-dialect", "interbase"), cmd(model(100_000), "render", "-dialect", "interbase")},
		"parse":                {cmd(interbaseResult(2_500), "parse"), cmd(interbaseResult(20_000), "parse")},
		"parse xml ampersands": {cmd(xmlAmpersands(20_000), "parse"), cmd(xmlAmpersands(160_000), "parse")},
	} {
		if r := testsize.Ratio(c.small, c.large); r > testsize.MaxRatio {
			t.Errorf("%s: 8 times the keys take %.1f times as long", name, r)
		}
	}
}
