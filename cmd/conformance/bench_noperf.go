//go:build !perf

package main

import (
	"fmt"
	"io"
)

// Built without the "perf" tag: golang.org/x/perf's benchmath needs
// github.com/aclements/go-moremath, which go.sum does not list yet. Once it
// does (go get golang.org/x/perf/benchmath@<the x/perf version in go.mod>),
// delete this file and the "//go:build perf" lines of bench.go, compare.go,
// bench/format and bench/compare.
const noPerf = "this binary was built without golang.org/x/perf's statistics; build with -tags perf (see cmd/conformance/bench_noperf.go)"

func cmdBench(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "conformance bench: "+noPerf)
	return exitUsage
}

func cmdCompare(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "conformance compare: "+noPerf)
	return exitUsage
}
