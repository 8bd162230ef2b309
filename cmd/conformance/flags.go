package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/suite"
)

// standardsFlag reads --standard inflate,density (repeatable).
type standardsFlag []adapters.Standard

func (s *standardsFlag) String() string {
	var names []string
	for _, x := range *s {
		names = append(names, string(x))
	}
	return strings.Join(names, ",")
}

func (s *standardsFlag) Set(v string) error {
	for _, name := range strings.Split(v, ",") {
		std, err := adapters.ParseStandard(strings.TrimSpace(name))
		if err != nil {
			return err
		}
		*s = append(*s, std)
	}
	return nil
}

// levelFlag reads --level must|should|robust|strict.
type levelFlag struct{ l suite.Level }

func (f *levelFlag) String() string { return f.l.Label() }

func (f *levelFlag) Set(v string) error {
	l, err := suite.ParseLevel(v)
	f.l = l
	if err != nil {
		if near := nearest(v, suite.Labels()); near != "" {
			return fmt.Errorf("%w: did you mean %s?", err, near)
		}
	}
	return err
}

// orDefaultDSN is the PostgreSQL connection string of --dsn, else
// $CTXCONFORM_PG_DSN, else open.DefaultDSN.
func orDefaultDSN(flag string) string {
	if flag != "" {
		return flag
	}
	if env := os.Getenv("CTXCONFORM_PG_DSN"); env != "" {
		return env
	}
	return open.DefaultDSN
}

// parseInterspersed parses fs from args where flags may come before,
// between or after the positional arguments, and returns those.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return pos, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// newFlagSet is the flag set of the command name: it reports its errors on
// stderr, and its usage is the text usage followed by the flags' defaults.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args into fs as fs.Parse does, but says a mistake in
// two lines instead of the whole usage: the error, a "did you mean" for a
// misspelled flag, and where the flags are described. -h and --help print
// the usage (flag.ErrHelp, which exits 0).
func parseFlags(fs *flag.FlagSet, args []string) error {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(out)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		usage()
		return err
	}
	// The flag package names a flag with one dash ("flag -seed"); the
	// usage and the documentation write two.
	msg := flagName.ReplaceAllString(err.Error(), "$1--$2")
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		name = strings.TrimLeft(name, "-")
		msg = "unknown flag --" + name
		if near := nearestFlag(fs, name); near != "" {
			msg += ": did you mean --" + near + "?"
		}
	}
	fmt.Fprintf(out, "conformance %s: %s\nRun \"conformance %s -h\" for its flags.\n", fs.Name(), msg, fs.Name())
	return err
}

var flagName = regexp.MustCompile(`(flag |: )-([a-z][a-z0-9-]*)`)

// nearestFlag is the flag of fs whose name is closest to name (see
// nearest), or "".
func nearestFlag(fs *flag.FlagSet, name string) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return nearest(name, names)
}

// nearest is the one of names closest to name (at most a third of its
// letters changed, at least one), or "": the "did you mean" of a misspelled
// flag or command.
func nearest(name string, names []string) string {
	best, bestD := "", max(1, len(name)/3)+1
	for _, n := range names {
		if d := editDistance(name, n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the number of letters inserted, deleted, changed or
// swapped with their neighbour that turn a into b (the optimal string
// alignment distance; a swap, "mrege" for "merge", is the commonest typing
// slip), in bytes: flag and command names are ASCII.
func editDistance(a, b string) int {
	before := make([]int, len(b)+1) // row i-2, for swaps
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
		}
		before, prev, cur = prev, cur, before
	}
	return prev[len(b)]
}

// maxJobs is the most instances --jobs starts.
const maxJobs = 64

// defaultJobs is --jobs when it is not given: one instance per processor,
// at most 4 (a CI runner has 2 to 4; more instances of a program than that
// mostly wait on each other).
func defaultJobs() int { return min(runtime.NumCPU(), 4) }
