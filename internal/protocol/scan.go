package protocol

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// Strings are most of the bytes of the protocol (documents, window texts),
// and looking at each byte of them through a switch was most of the cost
// of decoding and encoding them. plainRun looks at eight bytes at a time
// for the only bytes a string's scan must stop at.

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plainRun returns how many bytes at the start of b hold neither '"', '\\'
// nor a control character (below 0x20), and whether any of them is not
// ASCII (0x80 or above). A word holding a stop gives its place at once
// (the lowest flagged byte of stops is exact), so a text that escapes
// every few bytes is still read a word at a time.
func plainRun(b []byte) (n int, high bool) {
	var seen uint64
	for n+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[n:])
		if m := stops(x); m != 0 {
			at := bits.TrailingZeros64(m) &^ 7 // the stop's first bit
			seen |= x & (1<<at - 1)
			return n + at>>3, seen&highs != 0
		}
		seen |= x
		n += 8
	}
	for ; n < len(b); n++ {
		c := b[n]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		seen |= uint64(c)
	}
	return n, seen&highs != 0
}

// plainRunString is plainRun on a string's bytes.
func plainRunString(s string) (n int, high bool) {
	return plainRun(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// stops is non-zero when one of the eight bytes of x is '"', '\\' or below
// 0x20: the classic tests for a zero byte (of x^'"', x^'\\') and for a
// byte below n, exact as to whether there is one. Bytes of 0x80 and above
// are never flagged (&^ x clears them, and the XORs keep the high bit).
func stops(x uint64) uint64 {
	quote := x ^ (ones * '"')
	slash := x ^ (ones * '\\')
	return ((x - ones*0x20) | (quote - ones) | (slash - ones)) &^ x & highs
}
