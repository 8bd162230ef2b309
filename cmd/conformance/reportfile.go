package main

import (
	"errors"
	"io"
	"os"

	"github.com/ctxconform/ctxconform/internal/bounded"
	"github.com/ctxconform/ctxconform/reports"
)

// maxReportBytes bounds the JSON reports one command reads, all its files
// together (diff's two, merge's and matrix's any number): far above what a
// run writes (a strict run of the whole catalogue: about 80 KB; a replay
// keeps at most 1 MiB of calls), and low enough that the reports read
// stay within a stated bound of memory (docs/files.md: reports.ReadReport
// decodes a result at a time and keeps calls as JSON). A variable for the
// tests.
var maxReportBytes int64 = bounded.Report

// reportReader reads the reports of one command against one budget.
type reportReader struct{ left int64 }

func newReportReader() *reportReader { return &reportReader{left: maxReportBytes} }

// read reads one JSON report written by run --json or merge --json and
// checked by reports.ReadReport (the one validator diff, merge and matrix
// share); any problem is a usage error naming the file and the field.
func (rr *reportReader) read(name string) (reports.Document, error) {
	f, err := os.Open(name)
	if err != nil {
		return reports.Document{}, asUsage(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return reports.Document{}, asUsage(err)
	}
	if st.IsDir() {
		return reports.Document{}, usagef("%s: a directory, not a JSON report", name)
	}
	limit, what := rr.left, "a JSON report"
	if limit < maxReportBytes {
		what = "the JSON reports of one command, all together,"
	}
	if st.Mode().IsRegular() && st.Size() > limit {
		return reports.Document{}, usagef("%s: %v", name, &bounded.TooLargeError{What: what, Limit: maxReportBytes})
	}
	cr := &countingReader{r: bounded.Reader(f, what, limit)}
	doc, err := reports.ReadReport(cr)
	rr.left -= cr.n
	if err != nil {
		var tl *bounded.TooLargeError
		if errors.As(err, &tl) {
			tl.Limit = maxReportBytes
			return doc, usagef("%s: %v", name, tl)
		}
		return doc, usagef("%s: %v", name, err)
	}
	return doc, nil
}

// readReportFile reads one report with a budget of its own.
func readReportFile(name string) (reports.Document, error) { return newReportReader().read(name) }

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
