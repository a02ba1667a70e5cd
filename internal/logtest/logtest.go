// Package logtest gives tests a slog.Logger whose JSON records they can
// read back, from any goroutine.
package logtest

import (
	"bytes"
	"log/slog"
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
