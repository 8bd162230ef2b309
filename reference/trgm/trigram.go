package trgm

import (
	"cmp"
	"fmt"
	"hash/crc32"
	"slices"
)

// Trigram is one pg_trgm trigram: exactly three bytes. Three single-byte
// characters are kept as they are; a trigram with a multi-byte character is
// the first three bytes (in memory, little-endian) of PostgreSQL's legacy
// CRC-32 of its UTF-8 bytes.
type Trigram [3]byte

// String formats t as show_trgm does: the three characters when each is an
// ASCII letter, digit or space, else "0x" and six hex digits.
func (t Trigram) String() string {
	if printable(t[0]) && printable(t[1]) && printable(t[2]) {
		return string(t[:])
	}
	return fmt.Sprintf("0x%06x", uint32(t[0])<<16|uint32(t[1])<<8|uint32(t[2]))
}

func printable(b byte) bool { return b == ' ' || asciiAlnum(b) }

// key maps t to an integer whose unsigned order is pg_trgm's CMPTRGM order:
// byte by byte, each byte compared as a signed char (x86).
func (t Trigram) key() uint32 {
	return uint32(t[0]^0x80)<<16 | uint32(t[1]^0x80)<<8 | uint32(t[2]^0x80)
}

// Compare orders trigrams as PostgreSQL does on x86 (signed char comparison
// of each byte, first byte first): -1, 0 or +1.
func Compare(a, b Trigram) int { return cmp.Compare(a.key(), b.key()) }

// hashTrigram compacts a trigram of len(b) != 3 bytes: legacy CRC-32
// (reflected IEEE table, but shifted left as pg_crc.h's
// COMP_CRC32_NORMAL_TABLE does), keeping its low three bytes in order.
func hashTrigram(b []byte) Trigram {
	crc := uint32(0xFFFFFFFF)
	for _, c := range b {
		crc = crc32.IEEETable[byte(crc>>24)^c] ^ (crc << 8)
	}
	crc ^= 0xFFFFFFFF
	return Trigram{byte(crc), byte(crc >> 8), byte(crc >> 16)}
}

// sortUnique sorts ts in CMPTRGM order and removes duplicates in place.
func sortUnique(ts []Trigram) []Trigram {
	slices.SortFunc(ts, Compare)
	return slices.Compact(ts)
}
