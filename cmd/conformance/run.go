package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: conformance run [flags] [-- command args...]\n\nFlags:\n")
		fs.PrintDefaults()
	}
	var stds standardsFlag
	level := levelFlag{suite.Should}
	failOn := levelFlag{suite.Must}
	adapterName := fs.String("adapter", "reference", "implementation under test: reference, postgres or exec")
	dsn := fs.String("dsn", "", "postgres: connection string (default $CTXCONFORM_PG_DSN or "+open.DefaultDSN+")")
	fs.Var(&stds, "standard", "run only these standards (comma-separated, repeatable)")
	fs.Var(&level, "level", "run requirements up to this level: must, should or strict (strict adds the reference's own choices)")
	fs.Var(&failOn, "fail-on", "exit 1 when a requirement at or below this level fails: must, should or strict")
	match := fs.String("run", "", "run only requirements whose ID or title matches this regular expression")
	skip := fs.String("skip", "", "skip requirements whose ID or title matches this regular expression")
	seed := fs.Int64("seed", 0, "seed for generated inputs (0: pick one and print it)")
	runs := fs.Int("property-runs", 100, "generated cases per property")
	timeout := fs.Duration("timeout", 2*time.Minute, "time allowed per requirement")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	opts := suite.Options{Level: level.l, Standards: stds, Seed: *seed, PropertyRuns: *runs, Timeout: *timeout}
	var err error
	if opts.Match, err = compile(*match); err == nil {
		opts.Skip, err = compile(*skip)
	}
	if err != nil {
		fmt.Fprintf(stderr, "conformance run: %v\n", err)
		return exitUsage
	}
	if opts.Seed == 0 {
		opts.Seed = time.Now().UnixNano() % 1_000_000_000
	}
	cfg := open.Config{Name: *adapterName, DSN: *dsn, Command: fs.Args()}
	if cfg.Name == "postgres" && cfg.DSN == "" {
		cfg.DSN = os.Getenv("CTXCONFORM_PG_DSN")
		if cfg.DSN == "" {
			cfg.DSN = open.DefaultDSN
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	a, err := open.New(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "conformance run: %v\n", err)
		if cfg.Name == "postgres" {
			fmt.Fprintln(stderr, open.PostgresHint)
		}
		return exitUsage
	}
	defer a.Close()
	if err := a.Info().Validate(); err != nil {
		fmt.Fprintf(stderr, "conformance run: %v\n", err)
		return exitUsage
	}
	rep := suite.Run(ctx, a, ctxconform.Requirements(), opts)
	if err := reports.Table(stdout, rep); err != nil {
		fmt.Fprintf(stderr, "conformance run: %v\n", err)
		return exitUsage
	}
	if rep.Gate(failOn.l) {
		return exitGate
	}
	return exitOK
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
