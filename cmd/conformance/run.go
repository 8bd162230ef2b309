package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/internal/bounded"
	"github.com/ctxconform/ctxconform/internal/clip"
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

It prints a line per standard with its counts, the failures in full, the
skips and a last line saying what the exit status means; -v prints a table
row per requirement and the figures the checks measured, and each verdict
on standard error as it ends (on a terminal, one progress line stands for
them). The --json, --junit and --markdown reports hold every requirement
whatever the output. On SIGINT or SIGTERM,
or when --deadline passes, the table and the reports are written for what
finished, the rest marked "not run". A second signal waits for the reports
(at most 5s, then exits 1 saying so); a third exits at once.

Exit status: 0 all gated requirements passed (or failed as the expectations
file expects); 1 a requirement at or below --fail-on failed, errored or was
not run (interrupted) and is not a known failure, or the implementation
exited before its handshake (every requirement errored); 2 usage or setup
error (bad flags, a filter that selects nothing, a command that cannot be
started); 3 with --strict-expectations, nothing new failed but a known
failure now passes.

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
	out              outputs
	expectations     string
	validateProtocol bool
	requestTimeout   time.Duration
	startTimeout     time.Duration
	deadline         time.Duration // the whole run's; 0: none
	replayDir        string
	seed             suite.SeedChoice // --seed; resolved into opts.Seed by resolveSeed
	memory           memoryConfig
	jobs             int // instances of an exec or postgres implementation at once (--jobs)
}

// cmdRun checks each adapter it names against the catalogue: read the
// flags and the expectations, open every adapter, run the suite on each,
// then write the reports and say whether the runs pass the gate.
func cmdRun(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseRun(args, stderr)
	if err != nil {
		return err
	}
	if cfg.expectations != "" {
		if cfg.out.expect, err = readExpectations(cfg.expectations); err != nil {
			return err
		}
	}
	resolveSeed(&cfg, stderr)
	mem := openMemory(&cfg, stderr)
	ctx, stop := interruptible(cfg.deadline)
	defer stop()
	opened, err := openAll(ctx, cfg, stderr)
	defer closeAll(opened)
	if err != nil {
		return err
	}
	runs := runAll(ctx, cfg, opened, stderr)
	label(runs, cfg.adapters)
	writeReplays(runs, cfg, stderr)
	mem.save(runs, stderr)
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "conformance run: %v: the reports hold what finished; %d requirements not run\n", context.Cause(ctx), countNotRun(runs))
	}
	err = cfg.out.write(runs, stdout, stderr)
	stop() // the reports are written: a second signal need not wait for them
	if err != nil {
		return err
	}
	return cfg.out.verdict(runs)
}

// runAll runs the catalogue on every opened adapter in turn. An adapter
// that never started is reported whole: not run when the run was
// interrupted first, else errored with the reason.
func runAll(ctx context.Context, cfg runConfig, opened []opening, stderr io.Writer) []reports.Run {
	runs := make([]reports.Run, len(opened))
	for i, o := range opened {
		opts := cfg.opts
		var done func()
		opts.Progress, done = progress(cfg, stderr, i)
		var rep suite.Report
		switch {
		case o.a != nil:
			rep = suite.RunPool(ctx, o.pool, ctxconform.Requirements(), opts)
			done()
		case ctx.Err() != nil:
			rep = suite.Unstarted(unstartedInfo(cfg.command), ctxconform.Requirements(), opts, suite.NotRun, "not started: "+context.Cause(ctx).Error())
		default:
			first, _, _ := strings.Cut(o.err.Error(), "\n") // the rest, its stderr, is in the report
			fmt.Fprintf(stderr, "conformance run: exec adapter: %s\n", first)
			rep = suite.Unstarted(unstartedInfo(cfg.command), ctxconform.Requirements(), opts, suite.Errored, o.err.Error())
		}
		runs[i] = describeRun(o.pool, rep)
		if cfg.expectations != "" {
			runs[i].Check = cfg.out.expect.Compare(rep)
		}
	}
	return runs
}

// countNotRun counts the requirements of runs that were not run.
func countNotRun(runs []reports.Run) int {
	n := 0
	for _, r := range runs {
		n += r.Count(suite.NotRun)
	}
	return n
}

// readExpectations reads and checks an expectations file against the
// catalogue.
func readExpectations(path string) (reports.Expectations, error) {
	f, err := bounded.Open(path, "an expectations file", bounded.Expectations)
	if err != nil {
		return reports.Expectations{}, asUsage(err)
	}
	defer f.Close()
	e, err := reports.ReadExpectations(f, ctxconform.Known)
	if err != nil {
		return e, usagef("%s: %v", path, err)
	}
	return e, nil
}

// parseRun reads the flags. Every mistake is a usageError: flags out of
// range, a filter that selects no requirement, a command where none is
// wanted (or none where one is).
func parseRun(args []string, stderr io.Writer) (runConfig, error) {
	fs := newFlagSet("run", runUsage, stderr)
	var cfg runConfig
	var names adaptersFlag
	var stds standardsFlag
	level := levelFlag{suite.Robust}
	failOn := levelFlag{suite.Should}
	fs.Var(&names, "adapter", "implementation under test: reference, postgres or exec (repeatable: several make a matrix; default reference)")
	fs.StringVar(&cfg.dsn, "dsn", "", "postgres: connection string (default $CTXCONFORM_PG_DSN or "+open.DefaultDSN+")")
	fs.Var(&stds, "standard", "run only these standards (comma-separated, repeatable)")
	fs.Var(&level, "level", "run requirements up to this level: must, should, robust or strict (robust adds ctxconform's own rules, strict the reference's own choices)")
	fs.Var(&failOn, "fail-on", "exit 1 when a requirement at or below this level fails, errors or is not run: must, should, robust or strict")
	match := fs.String("run", "", "run only requirements whose ID or title (or \"ID title\") matches this regular expression, e.g. '^INF-0[1-3]$'")
	skip := fs.String("skip", "", "skip requirements whose ID or title (or \"ID title\") matches this regular expression")
	shard := fs.String("shard", "", "run only share `I/N` of the selected requirements (dealt round-robin; every shard must use the same seed; combine the shards' --json reports with conformance merge)")
	fs.Var(&cfg.seed, "seed", seedUsage)
	runs := intFlag(fs, "property-runs", 100, 1, math.Inf(1), "generated cases per property")
	timeout := fs.Duration("timeout", 2*time.Minute, "time allowed per requirement (at least 1s)")
	fs.DurationVar(&cfg.deadline, "deadline", 0, "time allowed for the whole run (0: none); past it, what did not finish is reported as not run and the reports are written")
	fs.DurationVar(&cfg.requestTimeout, "request-timeout", 10*time.Second, "exec: longest silence allowed while the implementation works on one request; past it, it is killed and restarted")
	fs.DurationVar(&cfg.startTimeout, "start-timeout", 0, "exec: longest wait for the implementation's \"started\" handshake (default 10s, or $CTXCONFORM_START_TIMEOUT)")
	jobs := intFlag(fs, "jobs", defaultJobs(), 1, maxJobs, "exec, postgres: run this many instances of the implementation at once, each requirement whole on one (default: the processors, at most 4; 1: one instance, one requirement at a time)")
	fs.BoolVar(&cfg.validateProtocol, "validate-protocol", false, "exec: check every message against the protocol's JSON Schemas (adapters/process/schema)")
	fs.StringVar(&cfg.out.json, "json", "", "write the report as JSON to `FILE` (- for standard output, instead of the table)")
	fs.StringVar(&cfg.out.junit, "junit", "", "write the report as JUnit XML to `FILE` (- for standard output)")
	fs.StringVar(&cfg.out.markdown, "markdown", "", "write the report as Markdown to `FILE`, e.g. $GITHUB_STEP_SUMMARY (- for standard output)")
	fs.StringVar(&cfg.expectations, "expectations", "", "known failures: JSON `FILE` (reports/expectations.schema.json); listed failures do not fail the run")
	fs.BoolVar(&cfg.out.strictExpect, "strict-expectations", false, "exit 3 when a requirement listed as a known failure passes")
	fs.StringVar(&cfg.out.writeExpect, "write-expectations", "", "write the current failures as an expectations `FILE` (- for standard output)")
	fs.StringVar(&cfg.replayDir, "replay-dir", "", replayDirUsage)
	fs.StringVar(&cfg.memory.dir, "memory", "", memoryUsage)
	fs.BoolVar(&cfg.memory.off, "no-memory", false, "neither read nor write the failure memory")
	fs.BoolVar(&cfg.out.verbose, "v", false, "verbose: each verdict on standard error as it ends, and a table row per requirement with the figures the checks measured (default: a line per standard)")
	if err := parseFlags(fs, args); err != nil {
		return cfg, &usageError{err: err, shown: true}
	}
	if err := checkFlags(fs); err != nil {
		return cfg, err
	}
	if len(names) == 0 {
		names = adaptersFlag{"reference"}
	}
	cfg.adapters = names
	cfg.command = fs.Args()
	cfg.jobs = jobs.Int()
	cfg.out.failOn = failOn.l
	execs := 0
	for _, n := range names {
		if n == "exec" {
			execs++
		}
	}
	switch {
	case execs > 1:
		return cfg, usagef("one exec adapter per run (its command follows --)")
	case execs == 1 && len(cfg.command) == 0:
		return cfg, usagef("the exec adapter needs a command after --, e.g. conformance run --adapter exec -- node impl.js")
	case execs == 0 && len(cfg.command) > 0:
		return cfg, usagef("unexpected arguments %q (a command is for --adapter exec)", cfg.command)
	case *timeout <= 0:
		return cfg, usagef("--timeout %s: want a positive duration", *timeout)
	case *timeout < minTimeout:
		return cfg, usagef("--timeout %s: want at least %s: the time a requirement is allowed covers all its cases (for one request, --request-timeout)", *timeout, minTimeout)
	case cfg.deadline < 0:
		return cfg, usagef("--deadline %s: want a positive duration (or 0 for none)", cfg.deadline)
	case cfg.requestTimeout <= 0:
		return cfg, usagef("--request-timeout %s: want a positive duration", cfg.requestTimeout)
	case cfg.startTimeout < 0:
		return cfg, usagef("--start-timeout %s: want a positive duration", cfg.startTimeout)
	case *shard != "" && cfg.seed.Random:
		return cfg, usagef("--shard %s with --seed random: every shard must use the same seed, so that their reports can be merged (leave --seed out for the default, or give --seed N)", *shard)
	case cfg.memory.off && cfg.memory.dir != "":
		return cfg, usagef("--memory %s with --no-memory: give one", cfg.memory.dir)
	}
	if err := cfg.out.check(); err != nil {
		return cfg, err
	}
	cfg.opts = suite.Options{Level: level.l, Standards: stds, Seed: cfg.seed.Seed, PropertyRuns: runs.Int(), Timeout: *timeout}
	var err error
	if *shard != "" {
		if cfg.opts.Shard, err = suite.ParseShard(*shard); err != nil {
			return cfg, usagef("--shard: %v", err)
		}
	}
	if cfg.opts.Match, err = compile(*match); err != nil {
		return cfg, usagef("--run: %v", err)
	}
	if cfg.opts.Skip, err = compile(*skip); err != nil {
		return cfg, usagef("--skip: %v", err)
	}
	if _, err := cfg.opts.Select(ctxconform.Requirements()); err != nil {
		return cfg, asUsage(err)
	}
	cfg.dsn = orDefaultDSN(cfg.dsn)
	return cfg, nil
}

// opening is an adapter opened for the run, or (a nil) the reason a program
// that did start failed its handshake. pool is every instance of it the
// run deals requirements to (--jobs), a first.
type opening struct {
	a    adapters.Adapter
	err  error
	pool []adapters.Adapter
}

// openAll opens every adapter before any runs, so that a setup error costs
// no run. An implementation that starts but fails the handshake is no setup
// error: its run will be every requirement errored.
func openAll(ctx context.Context, cfg runConfig, stderr io.Writer) ([]opening, error) {
	var opened []opening
	for _, name := range cfg.adapters {
		pool, err := openPool(ctx, name, cfg, stderr)
		var other *open.InstanceError
		if errors.As(err, &other) {
			return opened, usagef("%s adapter: %v%s\n(--jobs 1 runs one instance; a program that cannot run twice at once can say so in its handshake: single_instance in adapters/process/PROTOCOL.md)", name, err, hintOf(err))
		}
		if err != nil && (name != "exec" || launchFailed(err)) {
			return opened, usagef("%s adapter: %v%s", name, err, hintOf(err))
		}
		if err != nil {
			opened = append(opened, opening{err: err})
			continue
		}
		a := pool[0]
		opened = append(opened, opening{a: a, pool: pool})
		if err := a.Info().Validate(); err != nil {
			return opened, asUsage(err)
		}
	}
	return opened, nil
}

// closeAll closes the adapters that opened, every instance.
func closeAll(opened []opening) {
	for _, o := range opened {
		for _, a := range o.pool {
			a.Close()
		}
	}
}

// hintOf is the hint (on a line of its own) an adapter's setup error
// carries on how to make the adapter available, or "".
func hintOf(err error) string {
	var h *open.HintError
	if errors.As(err, &h) {
		return "\n" + h.Hint
	}
	return ""
}

// openPool starts the adapter name: cfg.jobs instances of an exec or
// postgres implementation (open.Instances; a program that cannot run twice
// at once gets one, and stderr says so), one of the reference.
func openPool(ctx context.Context, name string, cfg runConfig, stderr io.Writer) ([]adapters.Adapter, error) {
	start := func(ctx context.Context) (adapters.Adapter, error) { return openAdapter(ctx, name, cfg) }
	if name == "reference" || cfg.jobs <= 1 {
		a, err := start(ctx)
		if err != nil {
			return nil, err
		}
		return []adapters.Adapter{a}, nil
	}
	pool, why, err := open.Instances(ctx, cfg.jobs, start)
	if why != "" {
		fmt.Fprintf(stderr, "conformance run: %s adapter: %s\n", name, why)
	}
	return pool, err
}

// openAdapter starts the adapter name.
func openAdapter(ctx context.Context, name string, cfg runConfig) (adapters.Adapter, error) {
	oc := open.Config{Name: name, DSN: cfg.dsn, Command: cfg.command}
	if name == "exec" {
		p, err := open.Exec(ctx, oc, process.Options{RequestTimeout: cfg.requestTimeout, StartTimeout: cfg.startTimeout, Validate: cfg.validateProtocol})
		if err != nil {
			return nil, err // not a nil *process.Adapter in an interface
		}
		return p, nil
	}
	return open.New(ctx, oc)
}

// describeRun adds to a report what a process adapter knows about the run,
// on every instance of pool: their restarts summed, their standard errors
// one after the other, each headed by its instance when there are several.
func describeRun(pool []adapters.Adapter, rep suite.Report) reports.Run {
	run := reports.Run{Report: rep}
	for i, a := range pool {
		p, ok := a.(*process.Adapter)
		if !ok {
			continue
		}
		if len(pool) > 1 && p.Stderr() != "" {
			run.Stderr += fmt.Sprintf("--- ctxconform: instance %d of %d ---\n", i+1, len(pool))
		}
		run.Stderr += p.Stderr()
		run.Restarts += p.Restarts()
		if i > 0 {
			continue
		}
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

// launchFailed says whether an exec adapter's error is that its command
// could not be started at all (not found, not executable), or that it
// declared a configuration the harness refuses (adapters.ErrConfig): a
// usage error. Any other error came from a program that started and then failed the
// handshake (exited, was silent, spoke another protocol): its fault.
func launchFailed(err error) bool {
	var notFound *exec.Error
	var path *fs.PathError
	return errors.As(err, &notFound) || errors.As(err, &path) || errors.Is(err, adapters.ErrConfig)
}

// unstartedInfo names an implementation that never described itself, after
// its command line.
func unstartedInfo(command []string) adapters.Info {
	name := "exec"
	if len(command) > 0 {
		name = clip.Text(strings.Join(append([]string{filepath.Base(command[0])}, command[1:]...), " "), 60)
	}
	return adapters.Info{Name: name}
}

// progressLabel prefixes the verdict lines when several adapters run.
func progressLabel(kinds []string, i int) string {
	if len(kinds) < 2 {
		return ""
	}
	return kinds[i]
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
