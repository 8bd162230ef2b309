package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// Every command returns an error, and exitStatus turns it into the exit
// status: nil is exitOK, a gateError its status, anything else exitUsage.

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

// shownUsage is the usageError of a flag set that failed to parse: the
// flag package has printed the error and the usage already.
func shownUsage(err error) error { return &usageError{err: err, shown: true} }

// gateError ends a command that ran as asked but whose verdict fails its
// gate: a requirement, a benchmark, a history or the vectors (exitGate),
// or a known failure that now passes under --strict-expectations
// (exitFixed). msg, if any, is printed like an error.
type gateError struct {
	status int
	msg    string
}

func (e *gateError) Error() string {
	if e.msg == "" {
		return fmt.Sprintf("exit status %d", e.status)
	}
	return e.msg
}

// errGate is a failed gate whose details the command has printed already.
var errGate = &gateError{status: exitGate}

// gatef is a failed gate (exitGate) with a message.
func gatef(format string, args ...any) error {
	return &gateError{status: exitGate, msg: fmt.Sprintf(format, args...)}
}

// subcommandError names the subcommand (e.g. "history import") an error
// came from, for its message.
type subcommandError struct {
	name string
	err  error
}

func (e *subcommandError) Error() string { return e.err.Error() }
func (e *subcommandError) Unwrap() error { return e.err }

// exitStatus prints err for command name, unless it was printed already or
// there is nothing to say, and returns the exit status it calls for. A
// usageError is expected for a mistake; any other error is a bug of the
// harness and exits 2 all the same, as the run gave no verdict.
func exitStatus(stderr io.Writer, name string, err error) int {
	if err == nil {
		return exitOK
	}
	var sub *subcommandError
	if errors.As(err, &sub) {
		name = sub.name
	}
	var gate *gateError
	if errors.As(err, &gate) {
		if gate.msg != "" {
			fmt.Fprintf(stderr, "conformance %s: %s\n", name, gate.msg)
		}
		return gate.status
	}
	if errors.Is(err, flag.ErrHelp) { // -h, --help: the usage asked for
		return exitOK
	}
	var u *usageError
	if errors.As(err, &u) && u.shown {
		return exitUsage
	}
	fmt.Fprintf(stderr, "conformance %s: %v\n", name, err)
	return exitUsage
}
