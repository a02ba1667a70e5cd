// Package logtest gives tests a slog.Logger whose JSON records they can
// read back, from any goroutine.
package logtest

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A Buffer holds the JSON records of the loggers it gives; it is safe for
// concurrent use. The zero Buffer is empty and ready to use.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p to the buffer.
func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String returns every record written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Logger returns a logger writing JSON records into l.
func (l *Buffer) Logger() *slog.Logger { return slog.New(slog.NewJSONHandler(l, nil)) }

// Oversized returns the first string in a record written so far, at any
// depth (a group is a JSON object), that is longer than max bytes, as
// "key: N bytes", or "" when there is none: the check that every record
// stays bounded. Attributes named in skip (such as "stack") are not
// checked; neither is a record that is not a JSON object, which Oversized
// reports as such.
func (l *Buffer) Oversized(max int, skip ...string) string {
	for line := range strings.Lines(l.String()) {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			return "a record that is not JSON: " + err.Error()
		}
		if found := oversized("", rec, max, skip); found != "" {
			return found
		}
	}
	return ""
}

func oversized(key string, v any, max int, skip []string) string {
	switch x := v.(type) {
	case string:
		if len(x) > max && !slices.Contains(skip, key) {
			return key + ": " + strconv.Itoa(len(x)) + " bytes"
		}
	case map[string]any:
		for k, v := range x {
			if found := oversized(k, v, max, skip); found != "" {
				return found
			}
		}
	case []any:
		for _, v := range x {
			if found := oversized(key, v, max, skip); found != "" {
				return found
			}
		}
	}
	return ""
}
