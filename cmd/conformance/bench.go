package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"regexp"

	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/bench"
	"github.com/ctxconform/ctxconform/bench/compare"
	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/bench/scaling"
	"github.com/ctxconform/ctxconform/internal/clip"
)

// configFlag reads --config key=value (repeatable), judged after parsing
// (checkFlags), so that a refusal quotes a long value clipped.
type configFlag []format.Config

func (c *configFlag) String() string {
	var parts []string
	for _, x := range *c {
		parts = append(parts, x.Key+"="+x.Value)
	}
	return clip.Text(strings.Join(parts, ","), 80)
}

func (c *configFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("%q: want key=value", clip.Text(v, 80))
	}
	*c = append(*c, format.Config{Key: k, Value: val})
	return nil
}

func (c *configFlag) check() error {
	for _, x := range *c {
		if err := format.CheckConfig(x); err != nil {
			return err
		}
	}
	return nil
}

const benchUsage = `usage: conformance bench [flags] [-- command args...]

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
`

// benchConfig is everything cmdBench read from its flags.
type benchConfig struct {
	names     adaptersFlag
	command   []string
	dsn       string
	count     int
	benchtime string
	match     *regexp.Regexp
	pattern   string // of match, as given
	short     bool
	out       string
	report    string
	from      string
	quiet     bool
	record    string
	extra     configFlag
	// requestTimeout is the exec adapter's longest silence per request (0:
	// the default); a benchmark that times out is skipped with the reason.
	requestTimeout time.Duration
	// timeWrong times an implementation whose answers fail the MUST
	// invariants, marking its results (--time-nonconforming).
	timeWrong bool
}

// cmdBench runs the benchmarks of each adapter it names, side by side:
// read the flags, open the adapters, run, write the results (and record
// them), then report. A benchmark that failed fails the gate.
func cmdBench(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseBench(args, stderr)
	if err != nil {
		return err
	}
	if cfg.from != "" {
		f, err := format.Read(cfg.from)
		if err != nil {
			return asUsage(err)
		}
		// Judged as compare and history judge a results file.
		if len(f.Warnings) > 0 {
			return usagef("%s (a truncated or damaged file?)", f.Warnings[0])
		}
		if len(f.Results) == 0 {
			return usagef("%s holds no benchmark results (is it go test -bench output?)", cfg.from)
		}
		return asUsage(writeScaling(cfg.report, f))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if cfg.record != "" {
		if err := checkRecord(ctx, cfg); err != nil {
			return err
		}
	}
	subjects, err := openSubjects(ctx, cfg)
	defer closeSubjects(subjects)
	if err != nil {
		return err
	}
	plan := planBench(catalogues(subjects), cfg.match)
	if err := plan.check(cfg.pattern, len(subjects)); err != nil {
		return err
	}
	if !cfg.quiet {
		plan.say(stderr, len(subjects))
	}
	started := time.Now()
	results, encoded, err := runBenchmarks(plan.run, cfg, stderr)
	if err != nil {
		return asUsage(err)
	}
	if err := writeBenchResults(encoded, len(results), cfg, stdout, stderr); err != nil {
		return asUsage(err)
	}
	failed := summarize(stderr, subjects, results, cfg.quiet, time.Since(started))
	if err := reportBench(encoded, len(subjects), cfg, stdout, stderr); err != nil {
		return asUsage(err)
	}
	if len(subjects) > 1 {
		w := stdout
		if cfg.out == "-" {
			w = stderr
		}
		skippedRows(w, results)
	}
	if failed > 0 {
		return errGate
	}
	return nil
}

// parseBench reads the flags. Every mistake is a usageError.
func parseBench(args []string, stderr io.Writer) (benchConfig, error) {
	fs := newFlagSet("bench", benchUsage, stderr)
	var cfg benchConfig
	fs.Var(&cfg.names, "adapter", "implementation under test: reference, postgres or exec (repeatable: side by side; default reference)")
	fs.StringVar(&cfg.dsn, "dsn", "", "PostgreSQL for the postgres adapter and the side-by-side benchmarks (default $CTXCONFORM_PG_DSN or "+open.DefaultDSN+")")
	count := intFlag(fs, "count", 6, 1, math.Inf(1), "runs of each benchmark (compare needs at least 4 per side to detect a change, 6 for a confidence interval)")
	benchtime := benchtimeFlag{"1s"}
	fs.Var(&benchtime, "benchtime", "time (or Nx iterations) per run, as go test's -benchtime")
	match := fs.String("run", "", "run only benchmarks whose name matches this regular expression")
	fs.BoolVar(&cfg.short, "short", false, "small scales only (a quick smoke run)")
	fs.StringVar(&cfg.out, "o", "-", "write results to this file (- for standard output)")
	fs.StringVar(&cfg.report, "scaling-report", "", "also write the scaling report to this file (.html or .svg)")
	fs.StringVar(&cfg.from, "from", "", "do not run: read this results file and write only the scaling report")
	fs.BoolVar(&cfg.quiet, "q", false, "no progress lines on standard error")
	fs.StringVar(&cfg.record, "record", "", "also add the results to the performance history in this directory (or postgres:// URL), with commit, date and cores")
	fs.Var(&cfg.extra, "config", "add a configuration line key=value to the results, e.g. commit=abc123 (repeatable)")
	fs.DurationVar(&cfg.requestTimeout, "request-timeout", 0, "exec: longest silence allowed while the implementation works on one request (default 10s, or $CTXCONFORM_REQUEST_TIMEOUT); a benchmark that times out is skipped with that reason and the run goes on")
	fs.BoolVar(&cfg.timeWrong, "time-nonconforming", false, "time an implementation whose answers fail the operation's MUST invariants instead of failing the benchmark (\"wrong answer, not timed\"): its results are kept and marked \"conformance: nonconforming\" in every output")
	if err := parseFlags(fs, args); err != nil {
		return cfg, shownUsage(err)
	}
	if err := checkFlags(fs); err != nil {
		return cfg, err
	}
	cfg.count, cfg.benchtime = count.Int(), benchtime.v
	cfg.command = fs.Args()
	if cfg.requestTimeout < 0 {
		return cfg, usagef("--request-timeout %s: want a positive duration", cfg.requestTimeout)
	}
	if cfg.from != "" {
		if cfg.report == "" {
			return cfg, usagef("--from %s: give --scaling-report FILE to say where the report goes", cfg.from)
		}
		return cfg, nil
	}
	var err error
	if cfg.match, err = compile(*match); err != nil {
		return cfg, usagef("--run: %v", err)
	}
	cfg.pattern = *match
	if cfg.report != "" {
		if err := checkReportPath(cfg.report); err != nil {
			return cfg, asUsage(err)
		}
	}
	cfg.dsn = orDefaultDSN(cfg.dsn)
	if len(cfg.names) == 0 {
		cfg.names = adaptersFlag{"reference"}
	}
	return cfg, nil
}

// runBenchmarks runs the benchmarks of the plan (the subjects' catalogues
// interleaved) and encodes the results in Go benchmark format.
func runBenchmarks(bms []bench.Benchmark, cfg benchConfig, stderr io.Writer) ([]bench.Result, []byte, error) {
	opts := bench.Options{Count: cfg.count, Benchtime: cfg.benchtime, TimeNonconforming: cfg.timeWrong}
	if !cfg.quiet {
		opts.Progress = stderr
	}
	results, err := bench.Run(bms, opts)
	if err != nil {
		return nil, nil, err
	}
	config := append(format.Machine(),
		format.Config{Key: "pkg", Value: "github.com/ctxconform/ctxconform/bench"},
		format.Config{Key: "ctxconform", Value: version()},
		format.Config{Key: "benchtime", Value: cfg.benchtime},
	)
	config = append(config, cfg.extra...)
	var buf bytes.Buffer
	if err := format.Write(&buf, config, results); err != nil {
		return nil, nil, err
	}
	return results, buf.Bytes(), nil
}

// writeBenchResults writes the encoded results to -o and, with --record,
// adds them to the performance history.
func writeBenchResults(encoded []byte, results int, cfg benchConfig, stdout, stderr io.Writer) error {
	var err error
	if cfg.out == "-" {
		_, err = stdout.Write(encoded)
	} else {
		err = os.WriteFile(cfg.out, encoded, 0o644)
	}
	if err != nil {
		return err
	}
	if cfg.record != "" {
		return recordRun(cfg.record, encoded, results, stderr)
	}
	return nil
}

// summarize prints (unless quiet) how many results there are, failed and
// skipped, and returns how many failed.
func summarize(stderr io.Writer, subjects []subject, results []bench.Result, quiet bool, took time.Duration) (failed int) {
	skipped := 0
	for _, r := range results {
		switch {
		case r.Err != nil:
			failed++
		case r.Skipped != "":
			skipped++
		}
	}
	if !quiet {
		var who []string
		for _, s := range subjects {
			who = append(who, s.info.Name+" "+s.info.Version)
		}
		fmt.Fprintf(stderr, "conformance bench: %s: %d results in %s, %d failed, %d skipped\n",
			strings.Join(who, ", "), len(results)-failed-skipped, took.Round(time.Second), failed, skipped)
		for _, r := range results {
			if r.Skipped != "" {
				fmt.Fprintf(stderr, "  skipped %s%s: %s\n", r.Name, implOf(r), r.Skipped)
			}
		}
		nonconformingRows(stderr, results)
	}
	return failed
}

// skippedRows names, under the side-by-side tables, the results that have
// no figures and why (a scale that timed out, say), so that a benchmark the
// tables show on one side only is explained there.
func skippedRows(w io.Writer, results []bench.Result) {
	first := true
	for _, r := range results {
		if r.Skipped == "" {
			continue
		}
		if first {
			fmt.Fprintln(w, "\nSkipped, so compared on one side only or not at all:")
			first = false
		}
		fmt.Fprintf(w, "  %s%s: %s\n", r.Name, implOf(r), r.Skipped)
	}
}

// implOf is " [impl]" of a result labelled with its implementation, else "".
func implOf(r bench.Result) string {
	for _, l := range r.Labels {
		if l.Key == "impl" {
			return " [" + l.Value + "]"
		}
	}
	return ""
}

// reportBench prints what the results show: the side-by-side tables of
// several implementations, the reference's targets (unless quiet) and the
// scaling report (with --scaling-report).
func reportBench(encoded []byte, subjects int, cfg benchConfig, stdout, stderr io.Writer) error {
	if subjects > 1 {
		w := stdout
		if cfg.out == "-" {
			w = stderr
		}
		if err := sideBySide(w, encoded, cfg.out); err != nil {
			return err
		}
	}
	if cfg.report != "" || !cfg.quiet {
		f, err := format.ReadFrom(bytes.NewReader(encoded), cfg.out)
		if err != nil {
			return err
		}
		if !cfg.quiet {
			printTargets(stderr, f)
		}
	}
	if cfg.report != "" {
		f, err := format.ReadFrom(bytes.NewReader(encoded), cfg.out)
		if err != nil {
			return err
		}
		if err := writeScaling(cfg.report, f); err != nil {
			return err
		}
	}
	return nil
}

// subject is one implementation of a bench run and its catalogue.
type subject struct {
	info       adapters.Info
	impl       string // its impl label
	adapter    adapters.Adapter
	benchmarks []bench.Benchmark
	close      func()
}

// catalogues are the subjects' catalogues, for planBench.
func catalogues(subjects []subject) []catalogue {
	var out []catalogue
	for _, s := range subjects {
		a := s.adapter
		out = append(out, catalogue{impl: s.impl, benchmarks: s.benchmarks,
			unsupported: func(bm bench.Benchmark) string { return bench.Unsupported(a, bm) }})
	}
	return out
}

// openSubjects opens the adapters names and builds the catalogue of each,
// labelled with the implementation (impl, adapter, adapter-version, ...).
// The reference's own benchmarks (and those against PostgreSQL) come with
// the reference adapter.
func openSubjects(ctx context.Context, bc benchConfig) ([]subject, error) {
	var out []subject
	seen := map[string]int{}
	dsn, short := bc.dsn, bc.short
	for _, name := range bc.names {
		cfg := open.Config{Name: name, DSN: dsn, Command: bc.command}
		var a adapters.Adapter
		var err error
		if name == "exec" {
			opts := open.ExecOptionsFromEnv()
			if bc.requestTimeout > 0 {
				opts.RequestTimeout = bc.requestTimeout
			}
			var p *process.Adapter
			if p, err = open.Exec(ctx, cfg, opts); err == nil {
				a = p
			}
		} else {
			a, err = open.New(ctx, cfg)
		}
		if err != nil {
			return out, usagef("%s adapter: %v%s", name, err, hintOf(err))
		}
		info := a.Info()
		if err := info.Validate(); err != nil {
			a.Close()
			return out, asUsage(err)
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
		out = append(out, subject{info: info, impl: impl, adapter: a, benchmarks: bench.Labeled(set.Benchmarks, labels...),
			close: func() { set.Close(); a.Close() }})
	}
	return out, nil
}

// closeSubjects closes the subjects that opened.
func closeSubjects(subjects []subject) {
	for _, s := range subjects {
		s.close()
	}
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
	notes = append(notes, nonconformingNotes(f)...)
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
