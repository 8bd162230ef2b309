// Command conformance checks an implementation of the context-assembly
// standards against ctxconform's requirements and prints a table.
//
//	conformance run [--adapter reference|postgres|exec] [--standard S,...] [--level must|should|strict]
//	conformance list [--standard S,...] [--level ...] [--markdown]
//
// It is a single static executable: it runs the checks itself and never
// needs the Go toolchain. Exit status: 0 when no gated requirement failed,
// 1 when one did (by default: a MUST requirement failed or errored), 2 for a
// usage or setup error.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: conformance <command> [flags]

Commands:
  run     check an implementation against the requirements and print a table
  list    print the requirements (ID, level, section, statement)

Run "conformance <command> -h" for a command's flags.
`

// exit codes
const (
	exitOK    = 0
	exitGate  = 1
	exitUsage = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "run":
		return cmdRun(rest, stdout, stderr)
	case "list":
		return cmdList(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "conformance: unknown command %q\n\n%s", cmd, usage)
	return exitUsage
}
