// Package bench is ctxconform's benchmark catalogue: the hot path of every
// standard, over scales that show how cost grows (hits, compounds, document
// size, budget, index size), plus side-by-side measurements of the reference
// against PostgreSQL and of densification against its lower bound.
//
// The same definitions run two ways: `go test -bench . ./bench` (package
// tests call them through b.Run) and `conformance bench`, which runs them in
// process with testing.Benchmark (Run) and writes the Go benchmark format, so
// the binary needs no Go toolchain. A results file from either is what
// `conformance compare` and the scaling report read.
//
// # Names and metrics
//
// A benchmark is named like a Go sub-benchmark whose parts after the first
// are key=value settings with integer values where they are scales:
//
//	Inflate/hits=1000/docs=100/doc-bytes=16000/budget=128000
//
// so benchproc can group on any key (/hits) and the scaling report finds the
// sweeps (names that differ in one numeric key). Every benchmark reports
// sec/op, B/op and allocs/op; most add metrics per unit of work through
// b.ReportMetric: ns/window, B/window and allocs/window for inflation,
// windows/op and emitted-B/op (bytes of window text returned), over-budget/op
// (assemblies whose windows exceed the budget, in the adapter's unit),
// alloc/emitted (bytes allocated per byte emitted), go-ns/op and sql-ns/op
// with sql/go for the side-by-side benchmarks, and calls/op, tokens/op,
// call-ratio and token-ratio (against llm/sim's Bound) for densification.
// Units has the direction and statistical assumption of each unit.
//
// # Levels
//
// Adapter benchmarks call the implementation under test through its
// operation interfaces (adapters.Inflater, and Searcher and Hydrator for
// std105), in bytes (adapters.InBytes), so they measure any adapter; an
// adapter without the operation skips them. Reference benchmarks call the reference packages
// directly: their figures describe the reference, and they run only when the
// reference is the subject. Versus benchmarks compare the reference with
// PostgreSQL 15 (pg_trgm) on the same inputs within one run; they need a
// database and are skipped, with the reason, when none is reachable (an
// error instead when the environment variable CI is set).
//
// # Implementations in other processes
//
// An implementation behind the process protocol is timed on its own clock:
// each run of a benchmark is one "bench" message (capability "bench" of
// adapters/process/PROTOCOL.md) asking it to warm up and run the operation
// b.N times; its answer is checked against the operation's MUST invariants
// before the time counts, and its ns/op and (when its runtime can tell)
// B/op replace the harness's figures (selftime.go). A program without the
// capability is skipped: timed from here it would measure the pipe.
//
// Several implementations run side by side in one run (Labeled,
// Interleave): each benchmark for each implementation in turn, every
// result labelled with impl=NAME and the adapter's keys, so one file
// compares implementations (compare.ByKey) as well as runs.
//
// # Decisions
//
//   - The performance target of std085 protocol ("<5 ms per window
//     assembly") is read as time per window returned; ns/window is the time
//     of one call divided by the windows it returns (a call returning none
//     counts as one).
//   - "Memory overhead" is bytes allocated during a call against bytes of
//     window text emitted (alloc/emitted). Allocation is an upper bound of
//     the extra memory a call needs, and it is deterministic.
//   - The target workload is 1,000 hits over 100 compounds of about 16 KB
//     (fixtures.Generate seed 1), with a budget of 128,000 bytes and with the
//     static fallback.
//   - The adapter is a file configuration key (adapter, adapter-version,
//     adapter-unit, ...), not part of the name, so base and head runs of one
//     adapter compare name for name. Under `go test` the adapter is the first
//     name part instead (adapter=reference), as go test cannot write
//     configuration lines.
//   - Side-by-side benchmarks time both sides inside one iteration, so the
//     ratio is measured under the same conditions; the SQL side includes the
//     round trip to the server, as an engine calling PostgreSQL pays it.
package bench
