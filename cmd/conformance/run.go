package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// exitFixed is the exit status of a run under --strict-expectations where
// nothing new failed but a requirement listed as a known failure passed.
const exitFixed = 3

const runUsage = `usage: conformance run [flags] [-- command args...]

Checks one or more implementations against the requirements and prints a
table per implementation (and a matrix when there are several).

  conformance run                                   # the reference, in process
  conformance run --adapter exec -- node impl.js    # any program speaking adapters/process/PROTOCOL.md
  conformance run --adapter reference --adapter exec --junit out.xml --markdown summary.md -- ./my-impl

Exit status: 0 all gated requirements passed (or failed as the expectations
file expects); 1 a requirement at or below --fail-on failed or errored and is
not a known failure; 2 usage or setup error; 3 with --strict-expectations,
nothing new failed but a known failure now passes.

Flags:
`

// adaptersFlag reads --adapter (repeatable).
type adaptersFlag []string

func (a *adaptersFlag) String() string { return strings.Join(*a, ",") }

func (a *adaptersFlag) Set(v string) error {
	for _, name := range strings.Split(v, ",") {
		name = strings.TrimSpace(name)
		switch name {
		case "reference", "postgres", "exec":
			*a = append(*a, name)
		default:
			return fmt.Errorf("unknown adapter %q (want reference, postgres or exec)", name)
		}
	}
	return nil
}

// runConfig is everything cmdRun read from its flags.
type runConfig struct {
	adapters         []string
	command          []string
	dsn              string
	opts             suite.Options
	failOn           suite.Level
	jsonOut          string
	junitOut         string
	markdownOut      string
	expectations     string
	strictExpect     bool
	writeExpect      string
	validateProtocol bool
	requestTimeout   time.Duration
	replayDir        string
}

func cmdRun(args []string, stdout, stderr io.Writer) int {
	cfg, code := parseRun(args, stderr)
	if code >= 0 {
		return code
	}
	known := map[string]bool{}
	for _, r := range ctxconform.Requirements() {
		known[r.ID] = true
	}
	var expect reports.Expectations
	if cfg.expectations != "" {
		f, err := os.Open(cfg.expectations)
		if err == nil {
			expect, err = reports.ReadExpectations(f, func(id string) bool { return known[id] })
			f.Close()
		}
		if err != nil {
			fmt.Fprintf(stderr, "conformance run: %s: %v\n", cfg.expectations, err)
			return exitUsage
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var opened []adapters.Adapter
	defer func() {
		for _, a := range opened {
			a.Close()
		}
	}()
	for _, name := range cfg.adapters {
		a, err := openAdapter(ctx, name, cfg)
		if err != nil {
			fmt.Fprintf(stderr, "conformance run: %s adapter: %v\n", name, err)
			if name == "postgres" && !strings.Contains(err.Error(), "CTXCONFORM_PG_DSN") {
				fmt.Fprintln(stderr, open.PostgresHint)
			}
			return exitUsage
		}
		opened = append(opened, a)
		if err := a.Info().Validate(); err != nil {
			fmt.Fprintf(stderr, "conformance run: %v\n", err)
			return exitUsage
		}
	}

	runs := make([]reports.Run, len(opened))
	for i, a := range opened {
		rep := suite.Run(ctx, a, ctxconform.Requirements(), cfg.opts)
		runs[i] = describeRun(a, rep)
		if cfg.expectations != "" {
			runs[i].Check = expect.Compare(rep)
		}
	}
	label(runs, cfg.adapters)
	writeReplays(runs, cfg, stderr)

	if !toStdout(cfg) {
		for i, run := range runs {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			if err := reports.RunTable(stdout, run); err != nil {
				fmt.Fprintf(stderr, "conformance run: %v\n", err)
				return exitUsage
			}
		}
		if len(runs) > 1 {
			fmt.Fprintln(stdout)
			if err := reports.Matrix(stdout, runs); err != nil {
				fmt.Fprintf(stderr, "conformance run: %v\n", err)
				return exitUsage
			}
		}
	}
	outputs := []struct {
		path  string
		write func(io.Writer) error
	}{
		{cfg.jsonOut, func(w io.Writer) error { return reports.JSON(w, runs) }},
		{cfg.junitOut, func(w io.Writer) error {
			return reports.JUnit(w, runs, reports.JUnitOptions{StrictExpectations: cfg.strictExpect})
		}},
		{cfg.markdownOut, func(w io.Writer) error { return reports.Markdown(w, runs) }},
		{cfg.writeExpect, func(w io.Writer) error {
			var reps []suite.Report
			for _, r := range runs {
				reps = append(reps, r.Report)
			}
			return reports.WriteExpectations(w, reps, expect)
		}},
	}
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		if err := writeOutput(o.path, stdout, o.write); err != nil {
			fmt.Fprintf(stderr, "conformance run: %v\n", err)
			return exitUsage
		}
	}

	fixed := false
	for _, run := range runs {
		if reports.Gate(run.Report, run.Check, cfg.failOn) {
			return exitGate
		}
		fixed = fixed || run.Check != nil && len(run.Check.Fixed) > 0
	}
	if fixed && cfg.strictExpect {
		fmt.Fprintln(stderr, "conformance run: known failures now pass (--strict-expectations): update the expectations file")
		return exitFixed
	}
	return exitOK
}

// parseRun reads the flags; a code of -1 means go on.
func parseRun(args []string, stderr io.Writer) (runConfig, int) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, runUsage)
		fs.PrintDefaults()
	}
	var cfg runConfig
	var names adaptersFlag
	var stds standardsFlag
	level := levelFlag{suite.Should}
	failOn := levelFlag{suite.Must}
	fs.Var(&names, "adapter", "implementation under test: reference, postgres or exec (repeatable: several make a matrix; default reference)")
	fs.StringVar(&cfg.dsn, "dsn", "", "postgres: connection string (default $CTXCONFORM_PG_DSN or "+open.DefaultDSN+")")
	fs.Var(&stds, "standard", "run only these standards (comma-separated, repeatable)")
	fs.Var(&level, "level", "run requirements up to this level: must, should or strict (strict adds the reference's own choices)")
	fs.Var(&failOn, "fail-on", "exit 1 when a requirement at or below this level fails: must, should or strict")
	match := fs.String("run", "", "run only requirements whose ID or title matches this regular expression")
	skip := fs.String("skip", "", "skip requirements whose ID or title matches this regular expression")
	seed := fs.Int64("seed", 0, "seed for generated inputs (0: pick one and print it)")
	runs := fs.Int("property-runs", 100, "generated cases per property")
	timeout := fs.Duration("timeout", 2*time.Minute, "time allowed per requirement")
	fs.DurationVar(&cfg.requestTimeout, "request-timeout", 10*time.Second, "exec: longest silence allowed while the implementation works on one request; past it, it is killed and restarted")
	fs.BoolVar(&cfg.validateProtocol, "validate-protocol", false, "exec: check every message against the protocol's JSON Schemas (adapters/process/schema)")
	fs.StringVar(&cfg.jsonOut, "json", "", "write the report as JSON to `FILE` (- for standard output, instead of the table)")
	fs.StringVar(&cfg.junitOut, "junit", "", "write the report as JUnit XML to `FILE` (- for standard output)")
	fs.StringVar(&cfg.markdownOut, "markdown", "", "write the report as Markdown to `FILE`, e.g. $GITHUB_STEP_SUMMARY (- for standard output)")
	fs.StringVar(&cfg.expectations, "expectations", "", "known failures: JSON `FILE` (reports/expectations.schema.json); listed failures do not fail the run")
	fs.BoolVar(&cfg.strictExpect, "strict-expectations", false, "exit 3 when a requirement listed as a known failure passes")
	fs.StringVar(&cfg.writeExpect, "write-expectations", "", "write the current failures as an expectations `FILE` (- for standard output)")
	fs.StringVar(&cfg.replayDir, "replay-dir", "", replayDirUsage)
	if err := fs.Parse(args); err != nil {
		return cfg, exitUsage
	}
	if len(names) == 0 {
		names = adaptersFlag{"reference"}
	}
	cfg.adapters = names
	cfg.command = fs.Args()
	cfg.failOn = failOn.l
	execs := 0
	for _, n := range names {
		if n == "exec" {
			execs++
		}
	}
	switch {
	case execs > 1:
		fmt.Fprintln(stderr, "conformance run: one exec adapter per run (its command follows --)")
		return cfg, exitUsage
	case execs == 1 && len(cfg.command) == 0:
		fmt.Fprintln(stderr, "conformance run: the exec adapter needs a command after --, e.g. conformance run --adapter exec -- node impl.js")
		return cfg, exitUsage
	case execs == 0 && len(cfg.command) > 0:
		fmt.Fprintf(stderr, "conformance run: unexpected arguments %q (a command is for --adapter exec)\n", cfg.command)
		return cfg, exitUsage
	}
	stdouts := 0
	for _, p := range []string{cfg.jsonOut, cfg.junitOut, cfg.markdownOut, cfg.writeExpect} {
		if p == "-" {
			stdouts++
		}
	}
	if stdouts > 1 {
		fmt.Fprintln(stderr, "conformance run: only one report can go to standard output (-)")
		return cfg, exitUsage
	}
	cfg.opts = suite.Options{Level: level.l, Standards: stds, Seed: *seed, PropertyRuns: *runs, Timeout: *timeout}
	var err error
	if cfg.opts.Match, err = compile(*match); err == nil {
		cfg.opts.Skip, err = compile(*skip)
	}
	if err != nil {
		fmt.Fprintf(stderr, "conformance run: %v\n", err)
		return cfg, exitUsage
	}
	if cfg.opts.Seed == 0 {
		cfg.opts.Seed = time.Now().UnixNano() % 1_000_000_000
	}
	if cfg.dsn == "" {
		cfg.dsn = os.Getenv("CTXCONFORM_PG_DSN")
		if cfg.dsn == "" {
			cfg.dsn = open.DefaultDSN
		}
	}
	return cfg, -1
}

// openAdapter starts the adapter name.
func openAdapter(ctx context.Context, name string, cfg runConfig) (adapters.Adapter, error) {
	oc := open.Config{Name: name, DSN: cfg.dsn, Command: cfg.command}
	if name == "exec" {
		return open.Exec(ctx, oc, process.Options{RequestTimeout: cfg.requestTimeout, Validate: cfg.validateProtocol})
	}
	return open.New(ctx, oc)
}

// describeRun adds to a report what a process adapter knows about the run.
func describeRun(a adapters.Adapter, rep suite.Report) reports.Run {
	run := reports.Run{Report: rep}
	if p, ok := a.(*process.Adapter); ok {
		run.Stderr = p.Stderr()
		run.Restarts = p.Restarts()
		for _, s := range p.Undriven() {
			run.Remarks = append(run.Remarks, fmt.Sprintf("%s declares %s, which this version of the protocol cannot drive yet: reported as not implemented", rep.Adapter.Name, s))
		}
	}
	return run
}

// label names runs of adapters that describe themselves alike (the
// reference in process and behind the protocol) by their adapter kind too.
func label(runs []reports.Run, kinds []string) {
	count := map[string]int{}
	for _, r := range runs {
		count[r.Name()]++
	}
	for i := range runs {
		if count[runs[i].Name()] > 1 {
			runs[i].Label = runs[i].Name() + " [" + kinds[i] + "]"
		}
	}
}

func toStdout(cfg runConfig) bool {
	return cfg.jsonOut == "-" || cfg.junitOut == "-" || cfg.markdownOut == "-" || cfg.writeExpect == "-"
}

// writeOutput writes one report to path, or to stdout for "-".
func writeOutput(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" {
		return write(stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

func compile(expr string) (*regexp.Regexp, error) {
	if expr == "" {
		return nil, nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("bad pattern %q: %w", expr, err)
	}
	return re, nil
}
