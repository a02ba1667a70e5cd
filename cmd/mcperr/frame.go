package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// defaultMaxLine is the default of -max-line: the most bytes one input value
// may take.
const defaultMaxLine = 8 << 20

// framer splits a stream of JSON values into the bytes of each value,
// without decoding them, so that a value longer than max is refused after
// reading max bytes of it rather than held whole in memory (decoding it
// takes several times its size). It checks only what it needs to find a
// value's end: brackets, strings and their escapes; the decoder checks the
// rest.
type framer struct {
	r   *bufio.Reader
	max int   // the most bytes one value may take; 0 means no limit
	off int64 // offset in the stream of the next byte r returns
	buf []byte
	// copied counts the bytes copied while a frame grows: with the bytes
	// read (off), the work done, which tests check is linear.
	copied int64
}

// errTooLong and errTruncated are what next reports for a value that is
// longer than the limit and for a stream that ends inside a value.
var (
	errTooLong   = errors.New("longer than -max-line")
	errTruncated = errors.New("truncated JSON")
)

// next returns the bytes of the next value and the offset of its first
// byte, or io.EOF after the last value. The bytes are valid until the next
// call. A byte that cannot start a JSON value is returned alone: decoding
// it names it.
func (f *framer) next() (frame []byte, start int64, err error) {
	f.buf = f.buf[:0]
	if err := f.skipSpace(); err != nil {
		return nil, f.off, err
	}
	start = f.off
	c, _ := f.r.ReadByte()
	f.off++
	f.buf = append(f.buf, c)
	switch {
	case c == '{' || c == '[':
		err = f.rest(1, false)
	case c == '"':
		err = f.rest(0, true)
	case c == '-' || '0' <= c && c <= '9' || c == 't' || c == 'f' || c == 'n':
		err = f.scalar()
	}
	return f.buf, start, err
}

// skipSpace moves past JSON whitespace; io.EOF when the stream ends.
func (f *framer) skipSpace() error {
	for {
		chunk, err := f.peek()
		if len(chunk) == 0 {
			return err
		}
		i := 0
		for i < len(chunk) && (chunk[i] == ' ' || chunk[i] == '\t' || chunk[i] == '\n' || chunk[i] == '\r') {
			i++
		}
		f.discard(chunk, i, false)
		if i < len(chunk) {
			return nil
		}
	}
}

// peek returns the bytes buffered (reading more when none are), or the
// read error when none can be had.
func (f *framer) peek() ([]byte, error) {
	if f.r.Buffered() == 0 {
		if _, err := f.r.Peek(1); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, io.EOF
			}
			return nil, err
		}
	}
	b, _ := f.r.Peek(f.r.Buffered())
	return b, nil
}

// discard moves past the first n bytes of chunk, keeping them in the frame
// when keep is set.
func (f *framer) discard(chunk []byte, n int, keep bool) {
	if keep {
		if len(f.buf)+n > cap(f.buf) { // double: append grows large slices by a quarter
			c := 2 * cap(f.buf)
			if f.max > 0 && c >= f.max {
				c = f.max + 1 // a frame never holds more
			}
			grown := make([]byte, len(f.buf), max(c, len(f.buf)+n))
			f.copied += int64(copy(grown, f.buf))
			f.buf = grown
		}
		f.buf = append(f.buf, chunk[:n]...)
	}
	f.r.Discard(n)
	f.off += int64(n)
}

// grow checks the frame against the limit.
func (f *framer) grow() error {
	if f.max > 0 && len(f.buf) > f.max {
		return errTooLong
	}
	return nil
}

// more returns the next chunk of input inside a value: the stream may not
// end there.
func (f *framer) more() ([]byte, error) {
	chunk, err := f.peek()
	if errors.Is(err, io.EOF) {
		return nil, errTruncated
	}
	return chunk, err
}

// rest reads the rest of a value whose first byte was read: an object or
// array (depth 1) or a string (inString).
func (f *framer) rest(depth int, inString bool) error {
	escaped := false
	for {
		chunk, err := f.more()
		if err != nil {
			return err
		}
		if f.max > 0 && len(chunk) > f.max-len(f.buf)+1 {
			chunk = chunk[:f.max-len(f.buf)+1] // enough to go past the limit
		}
		i := 0
		for i < len(chunk) && (depth > 0 || inString) {
			switch {
			case escaped:
				escaped = false
			case inString:
				j := bytes.IndexAny(chunk[i:], `"\`)
				if j < 0 {
					i = len(chunk)
					continue
				}
				i += j
				inString = chunk[i] != '"'
				escaped = inString
			case chunk[i] == '"':
				inString = true
			case chunk[i] == '{' || chunk[i] == '[':
				depth++
			case chunk[i] == '}' || chunk[i] == ']':
				depth--
			}
			i++
		}
		f.discard(chunk, i, true)
		if err := f.grow(); err != nil {
			return err
		}
		if depth == 0 && !inString {
			return nil
		}
	}
}

// scalar reads the rest of a number or literal: up to whitespace, a
// structural character or the end of the stream.
func (f *framer) scalar() error {
	for {
		chunk, err := f.peek()
		if len(chunk) == 0 {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		i := bytes.IndexAny(chunk, " \t\r\n{}[],:\"")
		if i >= 0 {
			f.discard(chunk, i, true)
			return f.grow()
		}
		f.discard(chunk, len(chunk), true)
		if err := f.grow(); err != nil {
			return err
		}
	}
}

// frameError names the value that was wrong and where it starts, for the
// errors of the framer.
func frameError(what string, i int, start int64, err error, max int) error {
	if errors.Is(err, errTooLong) {
		return fmt.Errorf("input %s %d (from byte %d): longer than -max-line (%d bytes)", what, i, start, max)
	}
	return inputError(what, i, start, err)
}
