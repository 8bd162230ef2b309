package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/bench/history"
	"github.com/ctxconform/ctxconform/internal/bounded"
)

const historyUsage = `usage: conformance history [flags] DIR
       conformance history import [--dsn DSN] DIR --commit C --date D FILE...
       conformance history accuracy [--histories N] [--markdown]

Finds the change points of every benchmark x unit series of a performance
history (a directory of results files, one per run, as "conformance bench
--record DIR" writes; or PostgreSQL with --dsn), by E-divisive means with
a permutation test, and gates on them: exit status 1 when the newest change
point of a series is a regression not acknowledged in --ack FILE, 0
otherwise, 2 for bad input. An improvement never fails.

"import" adds the results of any go test -bench output as the run of a
commit; "accuracy" scores the detector on synthetic histories.

Flags:
`

// historyConfig is everything cmdHistory read from its flags.
type historyConfig struct {
	loc     string // the history: a directory or a postgres:// DSN
	det     history.Detector
	ack     string
	skipBad bool
	// skipUnread skips the files of the history that cannot be read
	// (links, FIFOs, no permission) with a warning; the gate then fails.
	skipUnread bool
	markdown   bool
	mdTo       string
	jsonTo     string
	htmlTo     string
}

// cmdHistory finds the change points of a performance history and gates on
// them: read the flags, load the runs, analyse, write the reports. An
// unacknowledged regression fails the gate. "import" and "accuracy" are
// subcommands of their own.
func cmdHistory(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "import":
			return subcommand("history import", cmdHistoryImport(args[1:], stdout, stderr))
		case "accuracy":
			return subcommand("history accuracy", cmdHistoryAccuracy(args[1:], stdout, stderr))
		}
	}
	cfg, err := parseHistory(args, stderr)
	if err != nil {
		return err
	}
	var acks []history.Ack
	if cfg.ack != "" {
		if acks, err = history.ReadAcks(cfg.ack); err != nil {
			return asUsage(err)
		}
	}
	ctx := context.Background()
	store, err := history.Open(ctx, cfg.loc)
	if err != nil {
		return asUsage(err)
	}
	defer store.Close()
	a, err := analyse(ctx, store, cfg)
	if err != nil {
		return asUsage(err)
	}
	rep := history.NewReport(a, acks, store.Location())
	if err := writeHistoryReport(stdout, rep, cfg); err != nil {
		return asUsage(err)
	}
	if rep.Failed() {
		return errGate
	}
	return nil
}

// subcommand names the subcommand an error (nil stays nil) came from.
func subcommand(name string, err error) error {
	if err == nil {
		return nil
	}
	return &subcommandError{name: name, err: err}
}

// parseHistory reads the flags, which may come before or after the
// history. Every mistake is a usageError.
func parseHistory(args []string, stderr io.Writer) (historyConfig, error) {
	fs := newFlagSet("history", historyUsage, stderr)
	var cfg historyConfig
	dsn := fs.String("dsn", "", "read the history from PostgreSQL at this connection string instead of a directory")
	pvalue := floatFlag(fs, "p-value", history.DefaultPValue, 0, 1, true, true, "significance level of the permutation test")
	perms := intFlag(fs, "permutations", 0, 1, 1e6, "permutations per test").unset("2/p-value - 1", 0)
	minSeg := intFlag(fs, "min-segment", 5, 2, math.Inf(1), "fewest runs on either side of a change point")
	minChange := thresholdFlag{v: 0.01}
	fs.Var(&minChange, "min-change", "smallest change of the median reported: 1% or 0.01")
	seed := fs.Uint64("seed", 1, "seed of the permutations")
	fs.StringVar(&cfg.ack, "ack", "", "acknowledged changes: lines of COMMIT BENCHMARK REASON")
	fs.BoolVar(&cfg.markdown, "markdown", false, "print Markdown instead of the terminal table")
	fs.StringVar(&cfg.mdTo, "markdown-to", "", "also append the Markdown report to this file (e.g. $GITHUB_STEP_SUMMARY)")
	fs.StringVar(&cfg.jsonTo, "json", "", "also write the JSON report to this file (- for standard output, instead of the table)")
	fs.StringVar(&cfg.htmlTo, "html", "", "also write the self-contained HTML trend report to this file")
	fs.BoolVar(&cfg.skipBad, "skip-bad", false, "skip unreadable lines and NaN, infinite or impossible negative samples with a warning instead of refusing the file")
	fs.BoolVar(&cfg.skipUnread, "skip-unreadable", false, "skip a file of the history that cannot be read (a symbolic link, a FIFO, no read permission) with a warning naming it instead of refusing it; the gate then fails")
	locs, err := parseInterspersed(fs, args)
	if err != nil {
		return cfg, shownUsage(err)
	}
	if err := checkFlags(fs); err != nil {
		return cfg, err
	}
	if *dsn != "" {
		locs = append(locs, *dsn)
	}
	if len(locs) != 1 {
		fmt.Fprintf(stderr, "conformance history: want one history (a directory, or --dsn), got %d\n", len(locs))
		fs.Usage()
		return cfg, shownUsage(fmt.Errorf("want one history (a directory, or --dsn), got %d", len(locs)))
	}
	cfg.loc = locs[0]
	cfg.det = history.Detector{PValue: pvalue.Float(), Permutations: perms.Int(), MinSegment: minSeg.Int(), MinChange: minChange.v, Seed: *seed}
	if err := cfg.det.Check(); err != nil { // e.g. --permutations too few for --p-value
		return cfg, usagef("--permutations %s with --p-value %v: %v", perms, pvalue.Float(), err)
	}
	if minChange.v == 0 {
		cfg.det.MinChange = -1 // report every significant shift
	}
	return cfg, nil
}

// analyse reads the runs of store and finds their change points.
func analyse(ctx context.Context, store history.Store, cfg historyConfig) (*history.Analysis, error) {
	if d, ok := store.(history.Dir); ok {
		if st, err := os.Stat(string(d)); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("history %s: not a directory", d)
		}
	}
	opts := history.ReadOptions{SkipBad: cfg.skipBad}
	var unread []string
	if cfg.skipUnread {
		opts.Unreadable = func(err error) { unread = append(unread, err.Error()) }
	}
	runs, err := store.Runs(ctx, opts)
	if errors.Is(err, history.ErrNoHistory) {
		return nil, fmt.Errorf("%w (record runs with conformance bench --record DSN or conformance history import --dsn DSN)", err)
	}
	if err != nil {
		return nil, err
	}
	if len(runs) == 0 && len(unread) > 0 {
		return nil, fmt.Errorf("history %s holds no run that could be read: %s", store.Location(), strings.Join(unread, "; "))
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("history %s holds no runs (add some with conformance bench --record or conformance history import)", store.Location())
	}
	h, err := history.NewHistory(runs)
	if err != nil {
		return nil, err
	}
	a, err := history.Analyse(h, cfg.det)
	if err != nil {
		return nil, err
	}
	a.NotRead(unread)
	return a, nil
}

// writeHistoryReport prints the report (JSON, Markdown or text) and writes
// the files --json, --html and --markdown-to ask for.
func writeHistoryReport(stdout io.Writer, rep *history.Report, cfg historyConfig) error {
	var err error
	switch {
	case cfg.jsonTo == "-":
		err = rep.JSON(stdout)
	case cfg.markdown:
		err = rep.Markdown(stdout)
	default:
		err = rep.Text(stdout)
	}
	if err == nil && cfg.jsonTo != "" && cfg.jsonTo != "-" {
		err = writeWith(cfg.jsonTo, rep.JSON)
	}
	if err == nil && cfg.htmlTo != "" {
		err = writeWith(cfg.htmlTo, rep.HTML)
	}
	if err == nil && cfg.mdTo != "" {
		var buf bytes.Buffer
		if err = rep.Markdown(&buf); err == nil {
			err = appendFile(cfg.mdTo, buf.Bytes())
		}
	}
	return err
}

func writeWith(path string, render func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

const historyImportUsage = `usage: conformance history import [flags] DIR --commit C --date D FILE...

Adds the results in FILE (any go test -bench or conformance bench output;
several files are one run) to the history in DIR (or PostgreSQL with
--dsn) as the run of commit C, dated D (RFC 3339, or YYYY-MM-DD).

Flags:
`

func cmdHistoryImport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("history import", historyImportUsage, stderr)
	dsn := fs.String("dsn", "", "add to the history in PostgreSQL at this connection string instead of a directory")
	commit := fs.String("commit", "", "the commit the results measure (default: the files' own commit line)")
	date := fs.String("date", "", "the commit's date, RFC 3339 or YYYY-MM-DD (default: the files' own date line)")
	skipBad := fs.Bool("skip-bad", false, "skip unreadable lines and unusable samples with a warning instead of refusing the file")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return shownUsage(err)
	}
	var loc string
	var files []string
	if *dsn != "" {
		loc, files = *dsn, pos
	} else if len(pos) > 0 {
		loc, files = pos[0], pos[1:]
	}
	if loc == "" || len(files) == 0 {
		const msg = "want a history (DIR or --dsn) and at least one results file"
		fmt.Fprintln(stderr, "conformance history import: "+msg)
		fs.Usage()
		return shownUsage(errors.New(msg))
	}
	data, err := concatFiles(files)
	if err != nil {
		return asUsage(err)
	}
	var set []format.Config
	if *commit != "" {
		set = append(set, format.Config{Key: history.KeyCommit, Value: *commit})
	}
	if *date != "" {
		d, err := parseDate(*date)
		if err != nil {
			return asUsage(err)
		}
		set = append(set, format.Config{Key: history.KeyDate, Value: d})
	}
	out, run, err := history.Stamp(data, strings.Join(files, "+"), set, history.ReadOptions{SkipBad: *skipBad})
	if err != nil {
		return asUsage(err)
	}
	for _, w := range run.Warnings {
		fmt.Fprintf(stderr, "conformance history import: warning: %s\n", w)
	}
	ctx := context.Background()
	store, err := history.Open(ctx, loc)
	if err != nil {
		return asUsage(err)
	}
	defer store.Close()
	if err := store.Add(ctx, run, out); err != nil {
		return asUsage(err)
	}
	fmt.Fprintf(stdout, "added %s (%s, %d results) to %s\n", run.Commit, run.Date.Format(time.RFC3339), len(run.Results), store.Location())
	return nil
}

// concatFiles reads files one after another, each ending in a newline.
func concatFiles(files []string) ([]byte, error) {
	var data []byte
	for _, f := range files {
		b, err := bounded.ReadFile(f, "a benchmark results file", bounded.Results)
		if err != nil {
			return nil, err
		}
		data = append(data, b...)
		if len(b) > 0 && b[len(b)-1] != '\n' {
			data = append(data, '\n')
		}
	}
	return data, nil
}

// parseDate reads RFC 3339 or a plain date (midnight UTC).
func parseDate(s string) (string, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.Format(time.RFC3339), nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t.UTC().Format(time.RFC3339), nil
	}
	return "", fmt.Errorf("--date %q: want RFC 3339 (2026-01-02T15:04:05Z) or YYYY-MM-DD", s)
}

// recordRun adds the results of a conformance bench run to the history at
// location (a directory or a PostgreSQL connection string), with the
// commit, date and cores configuration lines (see history.RecordConfig).
// n is how many results there are: a run without any (every benchmark
// failed or was skipped) has nothing to record.
func recordRun(location string, results []byte, n int, stderr io.Writer) error {
	if n == 0 {
		return fmt.Errorf("--record %s: nothing to record: the run gave no results (every benchmark failed or was skipped)", location)
	}
	probe, err := format.ReadFrom(bytes.NewReader(results), "results")
	if err != nil {
		return err
	}
	set, err := history.RecordConfig(probe.Get)
	if err != nil {
		return err
	}
	out, run, err := history.Stamp(results, "conformance bench", set, history.ReadOptions{})
	if err != nil {
		return err
	}
	ctx := context.Background()
	store, err := history.Open(ctx, location)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.Add(ctx, run, out); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "conformance bench: recorded %s in %s\n", run.Commit, store.Location())
	return nil
}

// checkRecord checks, before any benchmark runs, that the results of a
// bench --record run can be recorded: the commit measured can be told
// (--config commit=..., git or $GITHUB_SHA) and the history does not hold
// it yet. It reads the history, creating nothing.
func checkRecord(ctx context.Context, cfg benchConfig) error {
	given := func(key string) string {
		for _, c := range cfg.extra {
			if c.Key == key {
				return c.Value
			}
		}
		return ""
	}
	set, err := history.RecordConfig(given)
	if err != nil {
		return usagef("--record %s: %v", cfg.record, err)
	}
	var commit string
	for _, c := range set {
		if c.Key == history.KeyCommit {
			commit = c.Value
		}
	}
	store, err := history.Open(ctx, cfg.record)
	if err != nil {
		return usagef("--record %s: %v", cfg.record, err)
	}
	defer store.Close()
	holds, err := store.Holds(ctx, commit)
	if err != nil {
		return usagef("--record %s: %v", cfg.record, err)
	}
	if holds {
		return usagef("--record: history %s already holds commit %s: measure another commit (--config commit=SHA), or remove its run to record it again", store.Location(), commit)
	}
	return nil
}

const historyAccuracyUsage = `usage: conformance history accuracy [flags]

Scores the change-point detector, and the "alert at 110% of the previous
run" rule beside it, on synthetic histories: normal and heavy-tailed
(Student's t, 3 degrees of freedom) noise of CV 2%, 5% and 10%, steps of
3%, 5%, 10% and 20% at a random run, and histories with no step. Exit
status 1 when the goals (recall >= 0.95 for steps of at least twice the
CV, <= 0.05 false change points per series) are not met.

Flags:
`

func cmdHistoryAccuracy(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("history accuracy", historyAccuracyUsage, stderr)
	n := intFlag(fs, "histories", 200, 1, math.Inf(1), "histories per cell of the grid")
	runs := intFlag(fs, "runs", 60, 21, math.Inf(1), "runs per history (a step lies 10 runs or more from either end)")
	seed := fs.Uint64("seed", 1, "seed of the histories")
	pvalue := floatFlag(fs, "p-value", history.DefaultPValue, 0, 1, true, true, "significance level of the permutation test")
	minSeg := intFlag(fs, "min-segment", 5, 2, math.Inf(1), "fewest runs on either side of a change point")
	markdown := fs.Bool("markdown", false, "print Markdown")
	if err := parseFlags(fs, args); err != nil {
		return shownUsage(err)
	}
	if err := checkFlags(fs); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %v", fs.Args())
	}
	opts := history.AccuracyOptions{Runs: runs.Int(), Histories: n.Int(), Seed: *seed, Detector: history.Detector{PValue: pvalue.Float(), MinSegment: minSeg.Int()}}
	cells, err := history.Accuracy(opts)
	if err != nil {
		return asUsage(err)
	}
	goals := history.Goals{Recall: 0.95, FalsePerRun: 0.05}
	if err := history.WriteAccuracy(stdout, cells, opts, goals, *markdown); err != nil {
		return asUsage(err)
	}
	if !history.Summarize(cells, goals).Met {
		return errGate
	}
	return nil
}
