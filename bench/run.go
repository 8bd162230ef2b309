package bench

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ctxconform/ctxconform/internal/clip"
)

// Value is one measurement of a result.
type Value struct {
	Value float64
	Unit  string
}

// Result is one run of one benchmark.
type Result struct {
	// Name is as go test writes it, without the "Benchmark" prefix: the
	// benchmark's name and, when GOMAXPROCS > 1, "-<GOMAXPROCS>".
	Name   string
	Level  Level
	Iters  int
	Values []Value // ns/op, then custom metrics by unit, then B/op and allocs/op
	// Skipped is the reason the benchmark could not run; Err its failure.
	// Either way Values is empty.
	Skipped string
	Err     error
	// Labels are the benchmark's (Benchmark.Labels).
	Labels []Label
	// Unmeasured says why the time figures, reported by the implementation
	// on its own clock, are not a measurement (adapters.UnmeasuredZero,
	// adapters.UnmeasuredBelow), "" when they are: they are kept, and
	// marked in every output (format.KeySelftime).
	Unmeasured string
	// Nonconforming is why the answers timed fail the operation's MUST
	// invariants (Options.TimeNonconforming), "" when they hold: the
	// figures are kept, and marked in every output (format.KeyConformance).
	Nonconforming string
}

// Options control Run.
type Options struct {
	Count     int            // runs of each benchmark (default 1)
	Benchtime string         // time or iterations per run, as go test's -benchtime: "1s", "100x" (default "1s")
	Match     *regexp.Regexp // run only benchmarks whose name matches; nil: all
	Progress  io.Writer      // one line per run, or nil
	// TimeNonconforming keeps the figures of a benchmark whose answer
	// fails the operation's MUST invariants, marking the result
	// Nonconforming, instead of failing it ("wrong answer, not timed").
	TimeNonconforming bool
}

// runMu serializes Run: the benchmark time is a process-wide setting of
// package testing.
var runMu sync.Mutex

// Run runs the benchmarks in process with testing.Benchmark, Count times
// each, round by round (every benchmark once, then every benchmark again),
// so slow drift of the machine spreads over all benchmarks instead of
// biasing the last ones. A benchmark that is skipped or fails is reported
// once, in the first round, and not run again. The results come in run
// order.
func Run(bms []Benchmark, opts Options) ([]Result, error) {
	runMu.Lock()
	defer runMu.Unlock()
	if opts.Count <= 0 {
		opts.Count = 1
	}
	if opts.Benchtime == "" {
		opts.Benchtime = "1s"
	}
	restore, err := setBenchtime(opts.Benchtime)
	if err != nil {
		return nil, err
	}
	defer restore()

	var selected []Benchmark
	for _, bm := range bms {
		if opts.Match == nil || opts.Match.MatchString(bm.Name) {
			selected = append(selected, bm)
		}
	}
	dead := map[string]bool{}
	var out []Result
	for round := 1; round <= opts.Count; round++ {
		for _, bm := range selected {
			key := fmt.Sprint(bm.Name, bm.Labels)
			if dead[key] {
				continue
			}
			r := runOne(bm, opts.TimeNonconforming)
			if r.Skipped != "" || r.Err != nil {
				dead[key] = true
			}
			if opts.Progress != nil {
				fmt.Fprintf(opts.Progress, "%d/%d %s\n", round, opts.Count, r.summary())
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// setBenchtime sets package testing's -test.benchtime, which
// testing.Benchmark reads, and returns a function that restores it.
func setBenchtime(bt string) (func(), error) {
	testing.Init() // registers the test.* flags once; a no-op under go test
	f := flag.Lookup("test.benchtime")
	if f == nil {
		return nil, errors.New("bench: package testing has no test.benchtime flag")
	}
	old := f.Value.String()
	if err := f.Value.Set(bt); err != nil {
		return nil, fmt.Errorf("bench: benchtime %q: %w", bt, err)
	}
	return func() { _ = f.Value.Set(old) }, nil
}

// runOne runs one benchmark with testing.Benchmark. A panic in the
// implementation ends that benchmark with an error instead of the process.
func runOne(bm Benchmark, timeWrong bool) Result {
	res := Result{Name: procName(bm.Name), Level: bm.Level, Labels: bm.Labels}
	var err error
	var wrong *WrongAnswer
	r := testing.Benchmark(func(b *testing.B) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		b.ReportAllocs()
		err = bm.F(b)
	})
	switch {
	case errors.Is(err, ErrSkip):
		res.Skipped = strings.TrimPrefix(err.Error(), ErrSkip.Error()+": ")
		return res
	case timeWrong && errors.As(err, &wrong) && r.N > 0:
		res.Nonconforming = clip.Text(strings.ReplaceAll(wrong.Err.Error(), "\n", " "), 200)
	case err != nil:
		res.Err = err
		return res
	case r.N == 0:
		res.Err = errors.New("the benchmark did not run (it failed or stopped its loop early)")
		return res
	}
	res.Iters = r.N
	// A benchmark that reports its own ns/op timed an implementation on
	// that implementation's clock (selfTimed): its figures replace the
	// harness's, whose allocations are those of the pipe, not of the call.
	selfTimed := false
	ns := float64(r.T.Nanoseconds()) / float64(r.N)
	if v, ok := r.Extra["ns/op"]; ok {
		selfTimed, ns = true, v
	}
	res.Values = append(res.Values, Value{ns, "ns/op"})
	res.Unmeasured = unmeasuredOf(r.Extra[markUnit])
	extra := make([]string, 0, len(r.Extra))
	for u := range r.Extra {
		if u != "ns/op" && u != "B/op" && u != "allocs/op" && u != markUnit {
			extra = append(extra, u)
		}
	}
	slices.Sort(extra)
	for _, u := range extra {
		res.Values = append(res.Values, Value{r.Extra[u], u})
	}
	switch {
	case !selfTimed:
		res.Values = append(res.Values,
			Value{float64(r.MemBytes) / float64(r.N), "B/op"},
			Value{float64(r.MemAllocs) / float64(r.N), "allocs/op"})
	default:
		if v, ok := r.Extra["B/op"]; ok {
			res.Values = append(res.Values, Value{v, "B/op"})
		}
	}
	return res
}

// procName adds the GOMAXPROCS suffix go test adds.
func procName(n string) string {
	if p := runtime.GOMAXPROCS(0); p > 1 {
		return fmt.Sprintf("%s-%d", n, p)
	}
	return n
}

// summary is the progress line of a result.
func (r Result) summary() string {
	for _, l := range r.Labels {
		if l.Key == "impl" {
			r.Name += " [" + l.Value + "]"
		}
	}
	switch {
	case r.Skipped != "":
		return fmt.Sprintf("%s: skipped: %s", r.Name, r.Skipped)
	case r.Err != nil:
		return fmt.Sprintf("%s: FAILED: %v", r.Name, r.Err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\t%d", r.Name, r.Iters)
	for _, v := range r.Values {
		fmt.Fprintf(&b, "\t%.4g %s", v.Value, v.Unit)
	}
	if r.Nonconforming != "" {
		fmt.Fprintf(&b, "\tNON-CONFORMING (timed with --time-nonconforming): %s", r.Nonconforming)
	}
	return b.String()
}
