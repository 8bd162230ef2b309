package protocol

import (
	"math/rand"
	"testing"
)

// TestPlainRun: the run ends at the first '"', '\\' or control byte,
// wherever it lies among the eight-byte words, and high says whether the
// run holds a byte of 0x80 or above; checked against a byte-by-byte scan.
func TestPlainRun(t *testing.T) {
	alphabet := []byte{'a', ' ', '~', 0x7f, 0x80, 0xe2, 0xff, '"', '\\', 0x00, 0x1f, '\n', 0x21, 0x5b, 0x5d, 0x20}
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		b := make([]byte, rng.Intn(40))
		for i := range b {
			if rng.Intn(6) == 0 {
				b[i] = alphabet[rng.Intn(len(alphabet))]
			} else {
				b[i] = byte(rng.Intn(256))
			}
		}
		wantN, wantHigh := 0, false
		for ; wantN < len(b); wantN++ {
			c := b[wantN]
			if c == '"' || c == '\\' || c < 0x20 {
				break
			}
			wantHigh = wantHigh || c >= 0x80
		}
		n, high := plainRun(b)
		if n != wantN || high != wantHigh {
			t.Fatalf("plainRun(%q) = %d, %v; want %d, %v", b, n, high, wantN, wantHigh)
		}
	}
}
