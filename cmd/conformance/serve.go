package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"time"

	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/adapters/reference"
)

// stdin is where serve-reference reads the harness's messages; tests
// replace it.
var stdin io.Reader = os.Stdin

// cmdServeReference speaks the process-adapter protocol on standard input
// and output as the reference implementation. It is the protocol's own
// test: `conformance run --adapter exec -- conformance serve-reference`
// must give the table of `conformance run --adapter reference`.
func cmdServeReference(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve-reference", "usage: conformance serve-reference [--standard S,...] [--spin D]\n\n"+
		"Reads protocol messages (adapters/process/PROTOCOL.md) on standard input and answers them on\n"+
		"standard output as the reference implementation would: the process adapter's own test (its run\n"+
		"must give the table of --adapter reference), and a partner to compare a program's messages with.\n\nFlags:\n", stderr)
	var stds standardsFlag
	fs.Var(&stds, "standard", "declare only these standards (comma-separated, repeatable); default: every standard the protocol drives")
	spin := fs.Duration("spin", 2*time.Millisecond, "keep looking for the next request this long before sleeping (Linux, 2+ processors): saves a wake-up per request and keeps a processor busy while the harness works; 0 sleeps at once")
	if err := parseFlags(fs, args); err != nil {
		return shownUsage(err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %v", fs.Args())
	}
	if *spin < 0 {
		return usagef("--spin %v: a wait cannot be negative", *spin)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// A server that decodes requests and drops them: collect garbage less
	// often (it lives for one run), which halves its collector's share.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// But documents held for the session live on: past the protocol's
	// bounds (the documents a session holds, a line being read and its
	// decoded request), collect as often as it takes to stay near them.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(protocol.MaxSessionDocuments + 4*protocol.MaxLine)
	}
	if err := process.Serve(ctx, reference.New(), stdin, stdout, process.ServeOptions{Standards: stds, Spin: *spin}); err != nil {
		return asUsage(err)
	}
	return nil
}
