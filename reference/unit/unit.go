// Package unit says what a length or an offset counts: bytes of UTF-8, runes
// (Unicode code points) or UTF-16 code units.
//
// The reference implementations of ctxconform count in bytes of UTF-8 and never
// cut a multi-byte character. Implementations under test may count in another
// unit (the best-known implementation of std085 counts UTF-16 code units, as
// JavaScript strings do); the harness converts offsets and lengths with this
// package before it compares anything.
package unit

import (
	"fmt"
	"unicode/utf8"
)

// Unit is what an offset or a length counts.
type Unit string

const (
	Bytes Unit = "bytes" // bytes of UTF-8: the reference unit
	Runes Unit = "runes" // Unicode code points
	UTF16 Unit = "utf16" // UTF-16 code units (JavaScript, Java, C#, Swift's utf16 view)
)

// Parse returns the unit named s.
func Parse(s string) (Unit, error) {
	switch u := Unit(s); u {
	case Bytes, Runes, UTF16:
		return u, nil
	}
	return "", fmt.Errorf("unknown unit %q (want bytes, runes or utf16)", s)
}

// Len is the length of s counted in u. Invalid UTF-8 counts one rune (and one
// UTF-16 unit) per bad byte, as utf8.DecodeRuneInString reports it.
func (u Unit) Len(s string) int {
	switch u {
	case Runes:
		return utf8.RuneCountInString(s)
	case UTF16:
		n := 0
		for _, r := range s {
			n += width16(r)
		}
		return n
	}
	return len(s)
}

// FromBytes converts the byte offset off in s to an offset counted in u. off
// must lie on a rune boundary of s and within [0, len(s)].
func (u Unit) FromBytes(s string, off int) (int, error) {
	if off < 0 || off > len(s) {
		return 0, fmt.Errorf("byte offset %d outside [0, %d]", off, len(s))
	}
	if !IsBoundary(s, off) {
		return 0, fmt.Errorf("byte offset %d cuts a multi-byte character", off)
	}
	return u.Len(s[:off]), nil
}

// ToBytes converts the offset off, counted in u, to a byte offset in s. An
// offset that falls inside a character (the second half of a UTF-16 surrogate
// pair) or beyond the end of s is an error.
func (u Unit) ToBytes(s string, off int) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("%s offset %d is negative", u, off)
	}
	if u == Bytes {
		if off > len(s) {
			return 0, fmt.Errorf("byte offset %d beyond the end (%d)", off, len(s))
		}
		if !IsBoundary(s, off) {
			return 0, fmt.Errorf("byte offset %d cuts a multi-byte character", off)
		}
		return off, nil
	}
	n := 0
	for i, r := range s {
		if n == off {
			return i, nil
		}
		if u == UTF16 {
			n += width16(r)
		} else {
			n++
		}
		if n > off {
			return 0, fmt.Errorf("%s offset %d falls inside the character at byte %d", u, off, i)
		}
	}
	if n == off {
		return len(s), nil
	}
	return 0, fmt.Errorf("%s offset %d beyond the end (%d)", u, off, n)
}

func width16(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}

// IsBoundary reports whether byte offset off of s lies between two characters
// (or at either end). Offsets outside s are not boundaries.
func IsBoundary(s string, off int) bool {
	if off == 0 || off == len(s) {
		return off >= 0 && off <= len(s)
	}
	if off < 0 || off > len(s) {
		return false
	}
	return utf8.RuneStart(s[off])
}

// Floor moves off back to the nearest rune boundary at or before it, clamped
// to [0, len(s)].
func Floor(s string, off int) int {
	if off <= 0 {
		return 0
	}
	if off >= len(s) {
		return len(s)
	}
	for off > 0 && !utf8.RuneStart(s[off]) {
		off--
	}
	return off
}

// Ceil moves off forward to the nearest rune boundary at or after it, clamped
// to [0, len(s)].
func Ceil(s string, off int) int {
	if off <= 0 {
		return 0
	}
	if off >= len(s) {
		return len(s)
	}
	for off < len(s) && !utf8.RuneStart(s[off]) {
		off++
	}
	return off
}
