package unit

import "testing"

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
