package unit

import (
	"strings"
	"testing"
)

func TestLen(t *testing.T) {
	tests := []struct {
		s                   string
		bytes, runes, utf16 int
	}{
		{"", 0, 0, 0},
		{"abc", 3, 3, 3},
		{"café", 5, 4, 4},
		{"日本", 6, 2, 2},
		{"a😀b", 6, 3, 4},
	}
	for _, tt := range tests {
		for u, want := range map[Unit]int{Bytes: tt.bytes, Runes: tt.runes, UTF16: tt.utf16} {
			if got := u.Len(tt.s); got != want {
				t.Errorf("%s.Len(%q) = %d, want %d", u, tt.s, got, want)
			}
		}
	}
}

func TestRoundTrip(t *testing.T) {
	s := "a😀é日b"
	for _, u := range []Unit{Bytes, Runes, UTF16} {
		for off := 0; off <= len(s); off++ {
			if !IsBoundary(s, off) {
				if _, err := u.FromBytes(s, off); err == nil {
					t.Errorf("%s.FromBytes(%d) inside a character: no error", u, off)
				}
				continue
			}
			k, err := u.FromBytes(s, off)
			if err != nil {
				t.Fatalf("%s.FromBytes(%d): %v", u, off, err)
			}
			back, err := u.ToBytes(s, k)
			if err != nil || back != off {
				t.Errorf("%s: %d -> %d -> %d, %v", u, off, k, back, err)
			}
		}
	}
	if _, err := UTF16.ToBytes(s, 2); err == nil {
		t.Error("UTF16.ToBytes inside a surrogate pair: no error")
	}
	if _, err := Runes.ToBytes(s, 99); err == nil {
		t.Error("Runes.ToBytes beyond the end: no error")
	}
}

func TestFloorCeil(t *testing.T) {
	s := "x日y" // bytes: x=0, 日=1..3, y=4
	tests := []struct{ off, floor, ceil int }{
		{-3, 0, 0}, {0, 0, 0}, {1, 1, 1}, {2, 1, 4}, {3, 1, 4}, {4, 4, 4}, {5, 5, 5}, {9, 5, 5},
	}
	for _, tt := range tests {
		if got := Floor(s, tt.off); got != tt.floor {
			t.Errorf("Floor(%d) = %d, want %d", tt.off, got, tt.floor)
		}
		if got := Ceil(s, tt.off); got != tt.ceil {
			t.Errorf("Ceil(%d) = %d, want %d", tt.off, got, tt.ceil)
		}
	}
}

// TestLenUTF16Edges: UTF-16 needs a surrogate pair exactly for the code
// points U+10000 to U+10FFFF (the Unicode standard, §3.9 D91), one unit below.
func TestLenUTF16Edges(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{
		{"\uFFFF", 1},
		{"\U00010000", 2},
		{"\U00010001", 2},
		{"\U0010FFFF", 2},
	} {
		if got := UTF16.Len(tt.s); got != tt.want {
			t.Errorf("UTF16.Len(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// TestIsBoundary: both ends are boundaries (also of the empty string),
// offsets outside [0, len(s)] are not, and inside a character is not.
func TestIsBoundary(t *testing.T) {
	for _, tt := range []struct {
		s    string
		off  int
		want bool
	}{
		{"", 0, true},
		{"", 1, false},
		{"", -1, false},
		{"abc", 0, true},
		{"abc", 3, true},
		{"abc", 4, false},
		{"abc", -1, false},
		{"é", 1, false},
		{"é", 2, true},
	} {
		if got := IsBoundary(tt.s, tt.off); got != tt.want {
			t.Errorf("IsBoundary(%q, %d) = %v, want %v", tt.s, tt.off, got, tt.want)
		}
	}
}

// TestConversionErrors: every refusal, with the reason the message gives.
func TestConversionErrors(t *testing.T) {
	s := "a😀é" // bytes: a=0, 😀=1..4, é=5..6; UTF-16: a=0, 😀=1..2, é=3
	for _, tt := range []struct {
		name string
		conv func() (int, error)
		want string // in the message
	}{
		{"FromBytes -1", func() (int, error) { return Runes.FromBytes(s, -1) }, "outside [0, 7]"},
		{"FromBytes 8", func() (int, error) { return Runes.FromBytes(s, 8) }, "outside [0, 7]"},
		{"FromBytes 2", func() (int, error) { return Runes.FromBytes(s, 2) }, "cuts a multi-byte character"},
		{"Bytes.ToBytes -1", func() (int, error) { return Bytes.ToBytes(s, -1) }, "negative"},
		{"Runes.ToBytes -1", func() (int, error) { return Runes.ToBytes(s, -1) }, "negative"},
		{"Bytes.ToBytes 8", func() (int, error) { return Bytes.ToBytes(s, 8) }, "beyond the end"},
		{"Bytes.ToBytes 2", func() (int, error) { return Bytes.ToBytes(s, 2) }, "cuts a multi-byte character"},
		{"Bytes.ToBytes 6", func() (int, error) { return Bytes.ToBytes(s, 6) }, "cuts a multi-byte character"},
		// UTF-16 offset 2 is between the two surrogates of 😀.
		{"UTF16.ToBytes 2", func() (int, error) { return UTF16.ToBytes(s, 2) }, "inside the character at byte 1"},
		{"UTF16.ToBytes 5", func() (int, error) { return UTF16.ToBytes(s, 5) }, "beyond the end"},
	} {
		got, err := tt.conv()
		if err == nil {
			t.Errorf("%s = %d, want an error", tt.name, got)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %q, want one saying %q", tt.name, err, tt.want)
		}
	}
}

// TestFloorCeilEdges: a character at the end, a continuation byte right
// after the first character, and text that starts with continuation bytes
// (invalid UTF-8): offset 0 is a boundary whatever follows, and the result
// stays within [0, len(s)].
func TestFloorCeilEdges(t *testing.T) {
	for _, tt := range []struct {
		s                string
		off, floor, ceil int
	}{
		{"x日", 2, 1, 4}, // 日 is bytes 1..3, the last character
		{"x日", 3, 1, 4},
		{"éx", 1, 0, 2}, // é is bytes 0..1
		{"\x80\x80a", 0, 0, 0},
		{"\x80\x80a", 1, 0, 2},
	} {
		if got := Floor(tt.s, tt.off); got != tt.floor {
			t.Errorf("Floor(%q, %d) = %d, want %d", tt.s, tt.off, got, tt.floor)
		}
		if got := Ceil(tt.s, tt.off); got != tt.ceil {
			t.Errorf("Ceil(%q, %d) = %d, want %d", tt.s, tt.off, got, tt.ceil)
		}
	}
}
