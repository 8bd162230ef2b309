package main

import (
	"fmt"
	"io"
)

// STUB: replaced by the owner of this command.
func cmdServeReference(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "conformance: this command is not built yet")
	return exitUsage
}
