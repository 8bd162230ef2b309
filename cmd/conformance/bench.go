package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"

	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/bench"
	"github.com/ctxconform/ctxconform/bench/compare"
	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/bench/scaling"
)

// configFlag reads --config key=value (repeatable).
type configFlag []format.Config

func (c *configFlag) String() string {
	var parts []string
	for _, x := range *c {
		parts = append(parts, x.Key+"="+x.Value)
	}
	return strings.Join(parts, ",")
}

func (c *configFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("%q: want key=value", v)
	}
	x := format.Config{Key: k, Value: val}
	if err := format.CheckConfig(x); err != nil {
		return err
	}
	*c = append(*c, x)
	return nil
}

func cmdBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: conformance bench [flags] [-- command args...]

Runs the benchmarks in this process (no Go toolchain needed) and writes Go
benchmark format, ready for "conformance compare" or benchstat. With
--scaling-report it also draws how time and memory grow with each setting.

An exec implementation is timed on its own clock ("bench" messages of
adapters/process/PROTOCOL.md), after its answer passed the operation's
invariants. With several --adapter flags the implementations run side by
side, benchmark by benchmark, every result carries an "impl" key, and a
table compares each with the first (on standard error when the results go
to standard output):

  conformance bench --adapter reference --adapter exec -- node impl.js

Flags:
`)
		fs.PrintDefaults()
	}
	var names adaptersFlag
	fs.Var(&names, "adapter", "implementation under test: reference, postgres or exec (repeatable: side by side; default reference)")
	dsn := fs.String("dsn", "", "PostgreSQL for the postgres adapter and the side-by-side benchmarks (default $CTXCONFORM_PG_DSN or "+open.DefaultDSN+")")
	count := fs.Int("count", 6, "runs of each benchmark (compare needs at least 4 per side to detect a change, 6 for a confidence interval)")
	benchtime := fs.String("benchtime", "1s", "time (or Nx iterations) per run, as go test's -benchtime")
	match := fs.String("run", "", "run only benchmarks whose name matches this regular expression")
	short := fs.Bool("short", false, "small scales only (a quick smoke run)")
	out := fs.String("o", "-", "write results to this file (- for standard output)")
	report := fs.String("scaling-report", "", "also write the scaling report to this file (.html or .svg)")
	from := fs.String("from", "", "do not run: read this results file and write only the scaling report")
	quiet := fs.Bool("q", false, "no progress lines on standard error")
	record := fs.String("record", "", "also add the results to the performance history in this directory (or postgres:// URL), with commit, date and cores")
	var extra configFlag
	fs.Var(&extra, "config", "add a configuration line key=value to the results, e.g. commit=abc123 (repeatable)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "conformance bench: %v\n", err)
		return exitUsage
	}
	if *from != "" {
		if *report == "" {
			return fail(fmt.Errorf("--from %s: give --scaling-report FILE to say where the report goes", *from))
		}
		f, err := format.Read(*from)
		if err != nil {
			return fail(err)
		}
		if err := writeScaling(*report, f); err != nil {
			return fail(err)
		}
		return exitOK
	}
	re, err := compile(*match)
	if err != nil {
		return fail(err)
	}
	if *count < 1 {
		return fail(fmt.Errorf("--count %d: want at least 1", *count))
	}
	if *report != "" {
		if err := checkReportPath(*report); err != nil {
			return fail(err)
		}
	}
	if *dsn == "" {
		if *dsn = os.Getenv("CTXCONFORM_PG_DSN"); *dsn == "" {
			*dsn = open.DefaultDSN
		}
	}

	if len(names) == 0 {
		names = adaptersFlag{"reference"}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	subjects, code := openSubjects(ctx, names, *dsn, *short, fs.Args(), stderr)
	defer func() {
		for _, s := range subjects {
			s.close()
		}
	}()
	if code >= 0 {
		return code
	}
	var catalogues [][]bench.Benchmark
	for _, s := range subjects {
		catalogues = append(catalogues, s.benchmarks)
	}

	opts := bench.Options{Count: *count, Benchtime: *benchtime, Match: re}
	if !*quiet {
		opts.Progress = stderr
	}
	started := time.Now()
	results, err := bench.Run(bench.Interleave(catalogues...), opts)
	if err != nil {
		return fail(err)
	}
	config := append(format.Machine(),
		format.Config{Key: "pkg", Value: "github.com/ctxconform/ctxconform/bench"},
		format.Config{Key: "ctxconform", Value: version()},
		format.Config{Key: "benchtime", Value: *benchtime},
	)
	config = append(config, extra...)
	var buf bytes.Buffer
	if err := format.Write(&buf, config, results); err != nil {
		return fail(err)
	}
	if *out == "-" {
		_, err = stdout.Write(buf.Bytes())
	} else {
		err = os.WriteFile(*out, buf.Bytes(), 0o644)
	}
	if err != nil {
		return fail(err)
	}
	if *record != "" {
		if err := recordRun(*record, buf.Bytes(), stderr); err != nil {
			return fail(err)
		}
	}
	failed, skipped := 0, 0
	for _, r := range results {
		switch {
		case r.Err != nil:
			failed++
		case r.Skipped != "":
			skipped++
		}
	}
	if !*quiet {
		var who []string
		for _, s := range subjects {
			who = append(who, s.info.Name+" "+s.info.Version)
		}
		fmt.Fprintf(stderr, "conformance bench: %s: %d results in %s, %d failed, %d skipped\n",
			strings.Join(who, ", "), len(results)-failed-skipped, time.Since(started).Round(time.Second), failed, skipped)
	}
	if len(subjects) > 1 {
		w := stdout
		if *out == "-" {
			w = stderr
		}
		if err := sideBySide(w, buf.Bytes(), *out); err != nil {
			return fail(err)
		}
	}
	if *report != "" || !*quiet {
		f, err := format.ReadFrom(bytes.NewReader(buf.Bytes()), *out)
		if err != nil {
			return fail(err)
		}
		if !*quiet {
			printTargets(stderr, f)
		}
	}
	if *report != "" {
		f, err := format.ReadFrom(bytes.NewReader(buf.Bytes()), *out)
		if err != nil {
			return fail(err)
		}
		if err := writeScaling(*report, f); err != nil {
			return fail(err)
		}
	}
	if failed > 0 {
		return exitGate
	}
	return exitOK
}

// subject is one implementation of a bench run and its catalogue.
type subject struct {
	info       adapters.Info
	benchmarks []bench.Benchmark
	close      func()
}

// openSubjects opens the adapters names and builds the catalogue of each,
// labelled with the implementation (impl, adapter, adapter-version, ...).
// The reference's own benchmarks (and those against PostgreSQL) come with
// the reference adapter. A code of -1 means go on.
func openSubjects(ctx context.Context, names []string, dsn string, short bool, command []string, stderr io.Writer) ([]subject, int) {
	var out []subject
	seen := map[string]int{}
	for _, name := range names {
		cfg := open.Config{Name: name, DSN: dsn, Command: command}
		a, err := open.New(ctx, cfg)
		if err != nil {
			fmt.Fprintf(stderr, "conformance bench: %s adapter: %v\n", name, err)
			if cfg.Name == "postgres" && !strings.Contains(err.Error(), "CTXCONFORM_PG_DSN") {
				fmt.Fprintln(stderr, open.PostgresHint)
			}
			return out, exitUsage
		}
		info := a.Info()
		if err := info.Validate(); err != nil {
			a.Close()
			fmt.Fprintf(stderr, "conformance bench: %v\n", err)
			return out, exitUsage
		}
		set := bench.New(bench.Config{Adapter: a, Reference: name == "reference", DSN: dsn, Short: short})
		impl := info.Name
		if seen[impl]++; seen[impl] > 1 {
			impl = fmt.Sprintf("%s-%s", info.Name, name) // e.g. the reference in process and served
		}
		labels := []bench.Label{
			{Key: "impl", Value: impl},
			{Key: "adapter", Value: info.Name},
			{Key: "adapter-version", Value: info.Version},
			{Key: "adapter-language", Value: orDash(info.Language)},
			{Key: "adapter-unit", Value: string(info.Unit)},
		}
		out = append(out, subject{info: info, benchmarks: bench.Labeled(set.Benchmarks, labels...),
			close: func() { set.Close(); a.Close() }})
	}
	return out, -1
}

// sideBySide prints, for each implementation after the first, its results
// against the first's: median and 95% interval of each, and their ratio.
func sideBySide(w io.Writer, results []byte, name string) error {
	tables, err := compare.ByKey(bytes.NewReader(results), name, "impl", "", compare.Options{Threshold: 0.05})
	if err != nil {
		return err
	}
	for _, t := range tables {
		fmt.Fprintln(w)
		if err := t.Text(w); err != nil {
			return err
		}
	}
	return nil
}

func checkReportPath(p string) error {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".html", ".htm", ".svg":
		return nil
	}
	return fmt.Errorf("scaling report %s: want a .html or .svg file", p)
}

// printTargets prints the reference's targets found in f (scaling.Targets),
// one line each.
func printTargets(w io.Writer, f *format.File) {
	var samples []scaling.Sample
	for _, r := range f.Results {
		for _, v := range r.Values {
			samples = append(samples, scaling.Sample{Name: r.Name.String(), Unit: v.Unit, Value: v.Value})
		}
	}
	for _, line := range scaling.Targets(samples) {
		fmt.Fprintln(w, "conformance bench: "+line)
	}
}

// writeScaling draws the time and memory sweeps of f into path (.html or
// .svg).
func writeScaling(path string, f *format.File) error {
	if err := checkReportPath(path); err != nil {
		return err
	}
	var samples []scaling.Sample
	for _, r := range f.Results {
		for _, v := range r.Values {
			samples = append(samples, scaling.Sample{Name: r.Name.String(), Unit: v.Unit, Value: v.Value})
		}
	}
	sweeps := scaling.Sweeps(samples, "sec/op", "B/op")
	targets := scaling.Targets(samples)
	title := "ctxconform scaling: " + orDash(f.Get("adapter")) + " " + f.Get("adapter-version")
	notes := []string{
		fmt.Sprintf("%s/%s, %s, %s", orDash(f.Get("goos")), orDash(f.Get("goarch")), orDash(f.Get("cpu")), orDash(f.Get("go"))),
		fmt.Sprintf("from %s: %d results, benchtime %s; each point is the median of its runs", filepath.Base(f.Path), len(f.Results), orDash(f.Get("benchtime"))),
	}
	notes = append(notes, targets...)
	var buf bytes.Buffer
	var err error
	if strings.EqualFold(filepath.Ext(path), ".svg") {
		err = scaling.SVG(&buf, sweeps, title, notes)
	} else {
		err = scaling.HTML(&buf, sweeps, title, notes)
	}
	if err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// version is ctxconform's module version as built ("(devel)" from a
// checkout). The VCS revision is left out on purpose: a key that differs
// between base and head makes benchstat split them into separate tables
// (add one with --config commit=... and benchstat -ignore commit).
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "unknown"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
