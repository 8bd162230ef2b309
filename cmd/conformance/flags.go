package main

import (
	"flag"
	"fmt"
	"io"
	"os"
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
		if err := fs.Parse(args); err != nil {
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
