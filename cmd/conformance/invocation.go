package main

import (
	"path/filepath"
	"strings"
)

// invokedAs is the binary as it was invoked (os.Args[0], set by main), for
// the commands the binary prints: a replay command naming a bare
// "conformance" fails with "command not found" when the binary was run as
// bin/conformance.
var invokedAs = "conformance"

// maxReplayLines is how many "replay with" lines a run prints; the rest
// are counted in one line (a program that dies at every request has a
// replay file per requirement).
const maxReplayLines = 10

// invocation is how printed commands name the binary invoked as arg0: as
// given, unless it is empty or a temporary build of go run, which is gone
// once the run ends.
func invocation(arg0 string) string {
	if arg0 == "" || strings.Contains(filepath.ToSlash(arg0), "/go-build") {
		return "conformance"
	}
	return arg0
}
