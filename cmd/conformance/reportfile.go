package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/ctxconform/ctxconform/reports"
)

// maxReportBytes bounds a JSON report that diff and matrix read: far above
// what a run writes (a strict run of the whole catalogue: about 80 KB; a
// replay keeps at most 1 MiB of calls), and low enough that reading a
// hostile file stays near 100 MB of memory (the decoder holds the whole
// value, and more while it grows). A variable for the tests.
var maxReportBytes int64 = 32 << 20

// errTooLarge is what a bounded read returns past its limit.
var errTooLarge = errors.New("too large")

// boundedReader reads at most n bytes and then fails with errTooLarge.
type boundedReader struct {
	r io.Reader
	n int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.n <= 0 {
		// One byte more tells a file of exactly n bytes from a larger one.
		var one [1]byte
		if k, err := b.r.Read(one[:]); k > 0 {
			return 0, errTooLarge
		} else if err != nil {
			return 0, err
		}
		return 0, nil
	}
	if int64(len(p)) > b.n {
		p = p[:b.n]
	}
	k, err := b.r.Read(p)
	b.n -= int64(k)
	return k, err
}

// readReportFile reads one JSON report of at most maxReportBytes written by
// run --json or merge --json; any problem is a usage error naming the file
// (not a report, too large, no runs).
func readReportFile(name string) (reports.Document, error) {
	f, err := os.Open(name)
	if err != nil {
		return reports.Document{}, asUsage(err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return reports.Document{}, usagef("%s: a directory, not a JSON report", name)
	}
	doc, err := reports.ReadReport(&boundedReader{r: f, n: maxReportBytes})
	switch {
	case errors.Is(err, errTooLarge):
		return doc, usagef("%s: larger than %s: not a report of conformance run --json", name, sizeName(maxReportBytes))
	case err != nil:
		return doc, usagef("%s: %v", name, err)
	case len(doc.Runs) == 0:
		return doc, usagef("%s: a report with no runs", name)
	}
	return doc, nil
}

// sizeName is a size in bytes for a message: "64 MiB".
func sizeName(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
