package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

func init() {
	commands = append(commands, command{"replay", "send a recorded failing case (a replay file written by run) again and print the verdict", cmdReplay})
}

const replayDirUsage = "write one replay file per FAIL or ERROR into `DIR` (default: conformance-replays beside the --json report, else in the current directory)"

// replayDir is where run writes its replay files.
func replayDir(cfg runConfig) string {
	switch {
	case cfg.replayDir != "":
		return cfg.replayDir
	case cfg.out.json != "" && cfg.out.json != "-":
		return filepath.Join(filepath.Dir(cfg.out.json), "conformance-replays")
	}
	return "conformance-replays"
}

// writeReplays writes one replay file per FAIL or ERROR of the runs and
// prints, on stderr, the command that sends each again. A file that cannot
// be written is said, not fatal: the verdicts stand.
func writeReplays(runs []reports.Run, cfg runConfig, stderr io.Writer) {
	dir := replayDir(cfg)
	made := false
	printed := 0
	defer func() {
		if more := printed - maxReplayLines; more > 0 {
			fmt.Fprintf(stderr, "… and %d more replay files in %s\n", more, dir)
		}
	}()
	for i, run := range runs {
		runs[i].ReplayArgs = replayArgs(cfg.adapters[i], cfg)
		for j, res := range run.Report.Results {
			if res.Replay == nil {
				continue
			}
			if !made {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					fmt.Fprintf(stderr, "conformance run: replay files: %v\n", err)
					return
				}
				made = true
			}
			name := res.ID + ".json"
			if len(runs) > 1 {
				name = safeName(cfg.adapters[i]) + "-" + name
			}
			path := filepath.Join(dir, name)
			if err := res.Replay.WriteFile(path); err != nil {
				fmt.Fprintf(stderr, "conformance run: replay of %s: %v\n", res.ID, err)
				continue
			}
			run.Report.Results[j].ReplayFile = path // the terminal's abbreviation points to it
			if printed++; printed > maxReplayLines {
				continue
			}
			fmt.Fprintf(stderr, "%s %s: replay with: %s\n", res.ID, res.Outcome, replayCommand(path, cfg.adapters[i], cfg))
		}
	}
}

// replayCommand is the command line that re-sends a replay file.
func replayCommand(path, adapter string, cfg runConfig) string {
	args := []string{shellQuote(invokedAs), "replay", shellQuote(path)}
	for _, a := range replayArgs(adapter, cfg) {
		args = append(args, shellQuote(a))
	}
	return strings.Join(args, " ")
}

// replayArgs are the arguments after the file that send a replay to the
// adapter of that kind again (unquoted).
func replayArgs(adapter string, cfg runConfig) []string {
	switch adapter {
	case "exec":
		return append([]string{"--"}, cfg.command...)
	case "reference":
		return nil
	}
	return []string{"--adapter", adapter}
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func safeName(s string) string { return unsafeChars.ReplaceAllString(s, "_") }

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

const replayUsage = `usage: conformance replay FILE [flags] [-- command args...]

Sends the failing case recorded in FILE (written by conformance run into
--replay-dir) again and prints the verdict: a property runs that case alone,
a spec (deterministic) runs again. Without a command the in-process
reference is used (or --adapter postgres); with one, --adapter exec.

Exit status: 0 the requirement now passes; 1 it still fails or errors, or
was not run (interrupted); 2 usage or setup error, or a FILE that
disagrees with its requirement (standard, kind, case, operations) or is
not UTF-8, which is refused before anything is sent.

Flags:
`

func cmdReplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", replayUsage, stderr)
	adapter := fs.String("adapter", "", "implementation under test: reference, postgres or exec (default exec with a command, else reference)")
	dsn := fs.String("dsn", "", "postgres: connection string (default $CTXCONFORM_PG_DSN or "+open.DefaultDSN+")")
	timeout := fs.Duration("timeout", 2*time.Minute, "time allowed for the requirement")
	requestTimeout := fs.Duration("request-timeout", 10*time.Second, "exec: longest silence allowed while the implementation works on one request")
	// The file may come before the flags: conformance replay FILE -- prog.
	var file string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args); err != nil {
		return shownUsage(err)
	}
	rest := fs.Args()
	switch {
	case *timeout <= 0:
		return usagef("--timeout %s: want a positive duration", *timeout)
	case *timeout < minTimeout:
		return usagef("--timeout %s: want at least %s: the time the requirement is allowed covers its case and shrinking", *timeout, minTimeout)
	case *requestTimeout <= 0:
		return usagef("--request-timeout %s: want a positive duration", *requestTimeout)
	}
	if file == "" {
		if len(rest) == 0 {
			fs.Usage()
			return shownUsage(errors.New("want a replay file"))
		}
		file, rest = rest[0], rest[1:]
	}
	rp, err := suite.ReadReplay(file)
	if err != nil {
		return asUsage(err)
	}
	i := slices.IndexFunc(ctxconform.Requirements(), func(r suite.Requirement) bool { return r.ID == rp.ID })
	if i < 0 {
		return usagef("%s: no requirement %s in this version of the catalogue", file, rp.ID)
	}
	req := ctxconform.Requirements()[i]
	if err := replayAgrees(req, rp); err != nil {
		return usagef("%s: %v", file, err)
	}
	name := *adapter
	if name == "" {
		name = "reference"
		if len(rest) > 0 {
			name = "exec"
		}
	}
	if (name == "exec") != (len(rest) > 0) {
		return usagef("the exec adapter, and only it, takes a command after --")
	}
	cfg := runConfig{command: rest, dsn: orDefaultDSN(*dsn), requestTimeout: *requestTimeout}
	ctx, stop := interruptible(0)
	defer stop()
	a, err := openAdapter(ctx, name, cfg)
	if err != nil {
		return usagef("%s adapter: %v", name, err)
	}
	defer a.Close()
	return replayOn(ctx, a, req, rp, *timeout, stdout)
}

// replayOn runs req on the replayed case alone and prints the verdict
// beside the recorded one.
func replayOn(ctx context.Context, a adapters.Adapter, req suite.Requirement, rp suite.Replay, timeout time.Duration, stdout io.Writer) error {
	res := suite.RunOne(ctx, a, req, suite.Options{Level: suite.Reference, Seed: rp.Seed, Timeout: timeout, Replay: &rp})
	fmt.Fprintf(stdout, "%s %s %s (%s): %s\n", res.ID, res.Level, res.Outcome, a.Info().Name, res.Title)
	if res.Message != "" {
		fmt.Fprintln(stdout, res.Message)
	}
	same := "the same verdict as recorded"
	if res.Outcome != rp.Outcome {
		same = fmt.Sprintf("recorded %s (case %s), now %s", rp.Outcome, rp.Case, res.Outcome)
	}
	fmt.Fprintf(stdout, "(replayed %s of seed %d: %s)\n", rp.Case, rp.Seed, same)
	if (suite.Report{Results: []suite.Result{res}}).Gate(suite.Reference) { // as run's gate: not run fails too
		return errGate
	}
	return nil
}

// replayAgrees checks the replay against the requirement its ID names
// (suite.CheckReplay), and that every call it records is an operation of
// that requirement's standard: a file that disagrees is refused, not sent.
// A call is recorded under the protocol's name of its operation without
// the standard's prefix ("radius" for elastic_radius, as suite/call names
// it).
func replayAgrees(req suite.Requirement, rp suite.Replay) error {
	if err := suite.CheckReplay(req, rp); err != nil {
		return err
	}
	var names []string
	for _, op := range protocol.OpsFor(req.Standard) {
		names = append(names, op.Name)
	}
	for i, c := range rp.Calls {
		if !slices.Contains(names, c.Op) && !slices.Contains(names, string(req.Standard)+"_"+c.Op) {
			return fmt.Errorf("calls[%d].op %q: not an operation of %s (%s)", i, clip.Text(c.Op, 40), req.Standard, strings.Join(names, ", "))
		}
	}
	return nil
}

// minTimeout is the least --timeout of run and replay: less is the
// harness's own limit running out before the implementation had a chance
// to answer (every reference requirement then ERRORs), not a verdict.
const minTimeout = time.Second
