package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/ctxconform/ctxconform/bench/compare"
)

// thresholdFlag reads --threshold 5% (or 0.05). Like numberFlag, it is
// judged after parsing (checkFlags), so its refusals read as every other
// flag's.
type thresholdFlag struct {
	v     float64
	raw   string
	given bool
}

func (f *thresholdFlag) String() string {
	if f == nil {
		return ""
	}
	if f.given {
		return f.raw
	}
	return strconv.FormatFloat(100*f.v, 'g', -1, 64) + "%"
}

func (f *thresholdFlag) Set(s string) error {
	f.raw, f.given = s, true
	return nil
}

func (f *thresholdFlag) check() error {
	if !f.given {
		return nil
	}
	v, err := parseThreshold(f.raw)
	f.v = v
	return err
}

// parseThreshold reads "5%" or "0.05" as 0.05. A bare number above 1 is an
// error: "5" could mean 5% or 500%. NaN, infinities and negative numbers
// are refused.
func parseThreshold(s string) (float64, error) {
	const want = "want a percentage like 5% (0% or more) or a fraction like 0.05 (0 to 1)"
	pct := strings.HasSuffix(s, "%")
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(s, "%")), 64)
	switch {
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		return 0, errors.New(want)
	case v < 0:
		return 0, fmt.Errorf("a change cannot be negative: %s", want)
	case pct:
		v /= 100
	case v > 1:
		return 0, fmt.Errorf("write %s%% for a percentage, or a fraction up to 1", s)
	}
	return v, nil
}

const compareUsage = `usage: conformance compare [flags] base.txt head.txt
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
`

// compareConfig is everything cmdCompare read from its flags.
type compareConfig struct {
	files     []string
	opts      compare.Options
	markdown  bool
	summary   string // also append the Markdown here
	by        string
	baseGroup string
}

// cmdCompare compares two results files, or the groups of results by a
// key: read the flags, build the tables, print them. A significant
// regression fails the gate.
func cmdCompare(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseCompare(args, stderr)
	if err != nil {
		return err
	}
	tables, err := compareTables(cfg)
	if err != nil {
		return asUsage(err)
	}
	gate := false
	for i, t := range tables {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if err := printTable(stdout, t, cfg); err != nil {
			return asUsage(err)
		}
		gate = gate || len(t.Regressions()) > 0
	}
	if gate {
		return errGate
	}
	return nil
}

// parseCompare reads the flags, which may come before, between or after
// the files. Every mistake is a usageError.
func parseCompare(args []string, stderr io.Writer) (compareConfig, error) {
	fs := newFlagSet("compare", compareUsage, stderr)
	var cfg compareConfig
	threshold := thresholdFlag{v: 0.05}
	fs.Var(&threshold, "threshold", "smallest change that fails the comparison: 5% or 0.05")
	alpha := floatFlag(fs, "alpha", 0.05, 0, 1, true, true, "significance level of the U test")
	fs.BoolVar(&cfg.markdown, "markdown", false, "print Markdown instead of the terminal table")
	skipBad := fs.Bool("skip-bad", false, "skip unreadable lines (a truncated or damaged file) and drop NaN, infinite and impossible negative samples with a warning instead of refusing the file")
	fs.StringVar(&cfg.summary, "markdown-to", "", "also append the Markdown report to this file (e.g. $GITHUB_STEP_SUMMARY)")
	fs.StringVar(&cfg.by, "by", "", "compare the groups of results with this configuration key (e.g. impl) instead of two files")
	fs.StringVar(&cfg.baseGroup, "base", "", "with --by: the group the others are compared with (default: the first seen)")
	var err error
	if cfg.files, err = parseInterspersed(fs, args); err != nil {
		return cfg, shownUsage(err)
	}
	if err := checkFlags(fs); err != nil {
		return cfg, err
	}
	cfg.opts = compare.Options{Threshold: threshold.v, Alpha: alpha.Float(), SkipBad: *skipBad}
	switch {
	case cfg.by != "" && len(cfg.files) == 0:
		return cfg, usagef("--by: want at least one results file")
	case cfg.by == "" && cfg.baseGroup != "":
		return cfg, usagef("--base needs --by")
	case cfg.by == "" && len(cfg.files) != 2:
		fmt.Fprintf(stderr, "conformance compare: want two results files (base and head), got %d\n", len(cfg.files))
		fs.Usage()
		return cfg, shownUsage(fmt.Errorf("want two results files (base and head), got %d", len(cfg.files)))
	}
	return cfg, nil
}

// compareTables compares the files, or their groups by cfg.by.
func compareTables(cfg compareConfig) ([]*compare.Table, error) {
	if cfg.by != "" {
		return compare.ByKeyFiles(cfg.files, cfg.by, cfg.baseGroup, cfg.opts)
	}
	t, err := compare.Files(cfg.files[0], cfg.files[1], cfg.opts)
	if err != nil {
		return nil, err
	}
	return []*compare.Table{t}, nil
}

// printTable prints t as text or Markdown, and appends its Markdown to
// --markdown-to.
func printTable(stdout io.Writer, t *compare.Table, cfg compareConfig) error {
	var err error
	if cfg.markdown {
		err = t.Markdown(stdout)
	} else {
		err = t.Text(stdout)
	}
	if err != nil || cfg.summary == "" {
		return err
	}
	var buf bytes.Buffer
	if err := t.Markdown(&buf); err != nil {
		return err
	}
	return appendFile(cfg.summary, buf.Bytes())
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
