package protocol_test

import (
	"cmp"
	"context"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/suite"
)

// serveEnv marks the test binary run as `conformance serve-reference`.
const serveEnv = "CTXCONFORM_SERVE_REFERENCE"

// TestServeReferenceProcess is not a test: it is the served reference the
// overhead benchmark starts as a separate program, as `conformance
// serve-reference` does (protocol.Serve on the reference, on standard input
// and output).
func TestServeReferenceProcess(t *testing.T) {
	if os.Getenv(serveEnv) == "" {
		t.Skip("served reference only")
	}
	defer os.Exit(0)
	spin, err := time.ParseDuration(os.Getenv(serveEnv)) // ServeOptions.Spin, if the value is a duration
	if err != nil {
		spin = servedSpin
	}
	debug.SetGCPercent(400)                                     // as serve-reference does
	if p := os.Getenv("CTXCONFORM_SERVE_CPUPROFILE"); p != "" { // the served side's profile
		if f, err := os.Create(p); err == nil && pprof.StartCPUProfile(f) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	if err := protocol.Serve(context.Background(), reference.New(), os.Stdin, os.Stdout, protocol.ServeOptions{Spin: spin}); err != nil {
		os.Stderr.WriteString("serve: " + err.Error() + "\n")
		os.Exit(2)
	}
}

// servedSpin is serve-reference's default --spin, the served reference's
// unless the value of serveEnv is another duration.
const servedSpin = 2 * time.Millisecond

// servedReference starts the reference served by a separate program (as
// `conformance serve-reference`), closed at the end of tb.
func servedReference(tb testing.TB) *protocol.Adapter {
	tb.Helper()
	tb.Setenv(serveEnv, servedSpin.String())
	return servedReferenceWith(tb, protocol.Options{})
}

// servedReferenceWith starts the served reference with the harness's
// options opts; the value of serveEnv, already set, is its --spin.
func servedReferenceWith(tb testing.TB, opts protocol.Options) *protocol.Adapter {
	tb.Helper()
	a, err := protocol.New(context.Background(), protocol.Command(os.Args[0], "-test.run=^TestServeReferenceProcess$"), opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { a.Close() })
	return a
}

// BenchmarkSuiteOverProtocol runs the whole catalogue, as `conformance run`
// does (MUST and SHOULD, default property runs), against the reference in
// process and against the reference served by a separate program over the
// protocol (as `conformance serve-reference`), in one run, and reports the
// wall time of each and their ratio (protocol/in-process; the aim is at
// most 1.2). The two alternate requirement by requirement, so a machine
// that slows down for a while slows both. It is a measurement, never a
// timed assertion:
//
//	go test -run x -bench SuiteOverProtocol -benchtime 1x ./adapters/process/protocol/
//
// spin=on is the default configuration (the harness's Options.Spin, the
// served reference's --spin); spin=off has both sides sleep at once, so one
// run shows what the waits buy and what processor time they cost.
//
// same-work leaves out the requirements that do not do the same work both
// ways: in process, a check that judges answers by the reference's own
// stops at once (suite.SelfCompared), while the served reference is not
// known to be the reference, so over the protocol the same check runs in
// full (the equals-reference properties, the trigram agreement), on both
// sides: work the in-process run never does, not the protocol's cost.
func BenchmarkSuiteOverProtocol(b *testing.B) {
	for _, v := range []struct {
		name     string
		served   time.Duration // ServeOptions.Spin
		harness  time.Duration // Options.Spin
		sameWork bool
	}{
		{"spin=on", servedSpin, 0, false},
		{"spin=off", 0, -1, false},
		{"spin=off/same-work", 0, -1, true},
	} {
		b.Run(v.name, func(b *testing.B) { suiteOverProtocol(b, v.served, v.harness, v.sameWork) })
	}
}

// suiteOverProtocol is one arm of BenchmarkSuiteOverProtocol: served is the
// served reference's ServeOptions.Spin, harness the harness's Options.Spin;
// with sameWork, a requirement that the reference in process ends as
// suite.SelfCompared is run on neither side (its in-process time, next to
// nothing, is not counted).
func suiteOverProtocol(b *testing.B, served, harness time.Duration, sameWork bool) {
	reqs := ctxconform.Requirements()
	opts := suite.Options{Level: suite.Should}
	ctx := context.Background()
	b.Setenv(serveEnv, served.String())
	type cost struct {
		id       string
		in, over time.Duration
	}
	var inProc, overPipe time.Duration
	var inCPU, harnessCPU, servedCPU time.Duration // processor time: less sensitive to a busy machine than wall time
	var costs []cost
	var skipped []string
	for b.Loop() {
		start := time.Now()
		cpu0, child0, in0 := cpuTime(self), cpuTime(children), inCPU
		a, err := protocol.New(ctx, protocol.Command(os.Args[0], "-test.run=^TestServeReferenceProcess$"), protocol.Options{Spin: harness})
		if err != nil {
			b.Fatal(err)
		}
		overPipe += time.Since(start)
		ref := reference.New()
		for _, r := range reqs {
			one := []suite.Requirement{r}
			start, cpu := time.Now(), cpuTime(self)
			inRep := suite.Run(ctx, ref, one, opts)
			in, inC := time.Since(start), cpuTime(self)-cpu
			gate(b, "in process", inRep)
			if sameWork && isSelfCompared(inRep) {
				skipped = append(skipped, r.ID)
				in0 -= inC // nor as the harness's processor time over the protocol
				continue
			}
			inCPU += inC
			start = time.Now()
			gate(b, "over the protocol", suite.Run(ctx, a, one, opts))
			over := time.Since(start)
			inProc += in
			overPipe += over
			costs = append(costs, cost{r.ID, in, over})
		}
		start = time.Now()
		a.Close()
		overPipe += time.Since(start)
		// The harness's processor time over the protocol is all it used but
		// the in-process runs; the served program's is its children's.
		harnessCPU += cpuTime(self) - cpu0 - (inCPU - in0)
		servedCPU += cpuTime(children) - child0
		if a.Restarts() != 0 {
			b.Errorf("the served reference was restarted %d times:\n%s", a.Restarts(), a.Stderr())
		}
	}
	n := float64(b.N)
	b.ReportMetric(inProc.Seconds()/n, "in-process-s/op")
	b.ReportMetric(overPipe.Seconds()/n, "protocol-s/op")
	b.ReportMetric(overPipe.Seconds()/inProc.Seconds(), "protocol/in-process")
	if sameWork {
		b.Logf("left out, self-compared in process: %s", strings.Join(slices.Compact(slices.Sorted(slices.Values(skipped))), ", "))
	}
	b.Logf("whole catalogue: %v in process, %v over the protocol (%.2f×)", inProc/time.Duration(b.N), overPipe/time.Duration(b.N), overPipe.Seconds()/inProc.Seconds())
	pipeCPU := harnessCPU + servedCPU
	if inCPU > 0 {
		b.ReportMetric(pipeCPU.Seconds()/inCPU.Seconds(), "cpu-protocol/in-process")
		b.Logf("processor time: %v in process, %v over the protocol (%.2f×: harness %v, served reference %v)", inCPU/time.Duration(b.N), pipeCPU/time.Duration(b.N), pipeCPU.Seconds()/inCPU.Seconds(), harnessCPU/time.Duration(b.N), servedCPU/time.Duration(b.N))
	}
	slices.SortFunc(costs, func(x, y cost) int { return cmp.Compare(y.over-y.in, x.over-x.in) })
	for _, c := range costs[:min(8, len(costs))] {
		b.Logf("  %s: %v in process, %v over the protocol", c.id, c.in.Round(time.Millisecond), c.over.Round(time.Millisecond))
	}
}

// isSelfCompared reports whether a requirement's run on the reference
// ended as suite.SelfCompared: inconclusive before its check ran.
func isSelfCompared(rep suite.Report) bool {
	for _, r := range rep.Results {
		if r.Outcome == suite.Inconclusive && strings.Contains(r.Message, suite.SelfCompared) {
			return true
		}
	}
	return false
}

// gate fails b when a MUST requirement failed or errored: a fast run that
// does not pass measures nothing.
func gate(b *testing.B, where string, rep suite.Report) {
	b.Helper()
	for _, r := range rep.Results {
		if r.Level == suite.Must && r.Bad() {
			b.Errorf("%s: %s %s: %s", where, r.ID, r.Outcome, r.Message)
		}
	}
}
