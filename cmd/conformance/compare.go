package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ctxconform/ctxconform/bench/compare"
)

// thresholdFlag reads --threshold 5% (or 0.05).
type thresholdFlag struct{ v float64 }

func (f *thresholdFlag) String() string { return strconv.FormatFloat(100*f.v, 'g', -1, 64) + "%" }

func (f *thresholdFlag) Set(s string) error {
	v, err := parseThreshold(s)
	f.v = v
	return err
}

// parseThreshold reads "5%" or "0.05" as 0.05. A bare number above 1 is an
// error: "5" could mean 5% or 500%.
func parseThreshold(s string) (float64, error) {
	pct := strings.HasSuffix(s, "%")
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(s, "%")), 64)
	switch {
	case err != nil:
		return 0, fmt.Errorf("threshold %q: want a percentage like 5%% or a fraction like 0.05", s)
	case pct:
		v /= 100
	case v > 1:
		return 0, fmt.Errorf("threshold %q: write %s%% for a percentage, or a fraction up to 1", s, s)
	}
	if v < 0 || v != v {
		return 0, fmt.Errorf("threshold %q must not be negative", s)
	}
	return v, nil
}

func cmdCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: conformance compare [flags] base.txt head.txt
       conformance compare --by impl [--base NAME] results.txt...

Compares two results files of "conformance bench" (or go test -bench) as
benchstat does: median and 95% interval per side, Mann-Whitney U test per
benchmark and unit. Exit status 1 when a change is significant, in a unit
with a direction, worse, and beyond the threshold; 2 on a usage error.

With --by KEY it compares groups of results instead of files: implementations
measured side by side by "conformance bench --adapter reference --adapter
exec" carry the key impl. Each group is shown against the base group (the
first seen, or --base) with their ratio; nothing gates (exit 0).

Flags:
`)
		fs.PrintDefaults()
	}
	threshold := thresholdFlag{0.05}
	fs.Var(&threshold, "threshold", "smallest change that fails the comparison: 5% or 0.05")
	alpha := fs.Float64("alpha", 0.05, "significance level of the U test")
	markdown := fs.Bool("markdown", false, "print Markdown instead of the terminal table")
	skipBad := fs.Bool("skip-bad", false, "drop NaN, infinite and impossible negative samples with a warning instead of refusing the file")
	summary := fs.String("markdown-to", "", "also append the Markdown report to this file (e.g. $GITHUB_STEP_SUMMARY)")
	by := fs.String("by", "", "compare the groups of results with this configuration key (e.g. impl) instead of two files")
	baseGroup := fs.String("base", "", "with --by: the group the others are compared with (default: the first seen)")

	// Flags may come before, between or after the two files.
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return exitUsage
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	copts := compare.Options{Threshold: threshold.v, Alpha: *alpha, SkipBad: *skipBad}
	var tables []*compare.Table
	switch {
	case *by != "":
		if len(files) == 0 {
			fmt.Fprintln(stderr, "conformance compare: --by: want at least one results file")
			return exitUsage
		}
		t, err := byKey(files, *by, *baseGroup, copts)
		if err != nil {
			fmt.Fprintf(stderr, "conformance compare: %v\n", err)
			return exitUsage
		}
		tables = t
	case *baseGroup != "":
		fmt.Fprintln(stderr, "conformance compare: --base needs --by")
		return exitUsage
	case len(files) != 2:
		fmt.Fprintf(stderr, "conformance compare: want two results files (base and head), got %d\n", len(files))
		fs.Usage()
		return exitUsage
	default:
		t, err := compare.Files(files[0], files[1], copts)
		if err != nil {
			fmt.Fprintf(stderr, "conformance compare: %v\n", err)
			return exitUsage
		}
		tables = []*compare.Table{t}
	}
	gate := false
	for i, t := range tables {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		var err error
		if *markdown {
			err = t.Markdown(stdout)
		} else {
			err = t.Text(stdout)
		}
		if err == nil && *summary != "" {
			var buf bytes.Buffer
			if err = t.Markdown(&buf); err == nil {
				err = appendFile(*summary, buf.Bytes())
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "conformance compare: %v\n", err)
			return exitUsage
		}
		gate = gate || len(t.Regressions()) > 0
	}
	if gate {
		return exitGate
	}
	return exitOK
}

// byKey compares the groups of results of files (read one after another)
// by the configuration key key.
func byKey(files []string, key, base string, opts compare.Options) ([]*compare.Table, error) {
	var readers []io.Reader
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, fmt.Errorf("read results: %w", err)
		}
		defer fh.Close()
		readers = append(readers, fh, strings.NewReader("\n"))
	}
	return compare.ByKey(io.MultiReader(readers...), strings.Join(files, ","), key, base, opts)
}

func appendFile(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
