package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// usageError is a mistake in how a command was called or in the setup it
// names: a flag out of range, a filter that selects nothing, an unreadable
// or mismatched file, a program that cannot be found, a report that cannot
// be written. Such a run has no verdict; it exits 2 (exitUsage) saying why.
type usageError struct {
	err   error
	shown bool // already printed (the flag package prints its own errors)
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usagef is a usageError with a formatted message.
func usagef(format string, args ...any) error {
	return &usageError{err: fmt.Errorf(format, args...)}
}

// asUsage wraps err (nil stays nil) as a usageError.
func asUsage(err error) error {
	if err == nil {
		return nil
	}
	return &usageError{err: err}
}

// failed prints err for command name, unless it was printed already, and
// returns its exit status. Only a usageError is expected here; any other
// error is a bug of the harness and exits 2 all the same, as the run gave
// no verdict.
func failed(stderr io.Writer, name string, err error) int {
	var u *usageError
	if errors.As(err, &u) && u.shown || errors.Is(err, flag.ErrHelp) {
		return exitUsage
	}
	fmt.Fprintf(stderr, "conformance %s: %v\n", name, err)
	return exitUsage
}
