package bounded_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/bounded"
)

// TestReadFile: a file within its limit is read whole; a regular file over
// it is refused from its size, a device or stream at the first byte past
// it; every error names the path and the limit.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small"), filepath.Join(dir, "big")
	if err := os.WriteFile(small, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, bytes.Repeat([]byte("x"), 11), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		limit      int64
		want       string // the content, or a part of the error
		tooLarge   bool
	}{
		{"within", small, 10, "0123456789", false},
		{"over by one", big, 10, big + ": larger than 10 bytes, the most a test file may hold", true},
		{"missing", filepath.Join(dir, "none"), 10, "no such file", false},
	}
	if runtime.GOOS == "linux" {
		tests = append(tests, struct {
			name, path string
			limit      int64
			want       string
			tooLarge   bool
		}{"endless device", "/dev/zero", 1 << 20, "/dev/zero: larger than 1 MiB, the most a test file may hold", true})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := bounded.ReadFile(tt.path, "a test file", tt.limit)
			got := string(b)
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, tt.want) || bounded.IsTooLarge(err) != tt.tooLarge {
				t.Errorf("ReadFile = %q, want %q (too large: %v)", got, tt.want, tt.tooLarge)
			}
		})
	}
}

// TestReader: a stream is handed on up to its limit exactly, and the read
// past it fails however the reads are cut.
func TestReader(t *testing.T) {
	for _, chunk := range []int{1, 3, 10, 64} {
		for _, n := range []int{0, 9, 10, 11, 100} {
			r := bounded.Reader(io.LimitReader(zeros{}, int64(n)), "a stream", 10)
			var got []byte
			buf := make([]byte, chunk)
			var err error
			for {
				var k int
				k, err = r.Read(buf)
				got = append(got, buf[:k]...)
				if err != nil {
					break
				}
			}
			var tl *bounded.TooLargeError
			switch {
			case n <= 10 && (err != io.EOF || len(got) != n):
				t.Errorf("chunk %d, %d bytes: read %d, %v; want all, EOF", chunk, n, len(got), err)
			case n > 10 && (!errors.As(err, &tl) || len(got) != 10):
				t.Errorf("chunk %d, %d bytes: read %d, %v; want 10 then too large", chunk, n, len(got), err)
			}
		}
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
