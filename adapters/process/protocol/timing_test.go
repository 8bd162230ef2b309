package protocol_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// TestBenchTimingBounds: a self-timing is bounded by what the harness saw.
// More time than the whole exchange took, a negative value of any field,
// or a number its field cannot hold is refused at once, a fault naming
// the message and the field (said once: not "malformed message: malformed
// message:"); no time at all, or less than the clock's resolution (stated,
// or 1 µs), is kept and marked.
func TestBenchTimingBounds(t *testing.T) {
	req := inflate.Request{Documents: []inflate.Document{{ID: "a", Body: "alpha beta gamma"}},
		Hits: []inflate.Hit{{ID: "h", CompoundID: "a", Start: 6, End: 10, Score: 1}}}
	for _, c := range []struct {
		name, bench string
		fault       string // in the fault, or "" for none
		mark        string // SelfTiming.Unmeasured when there is no fault
	}{
		{"an hour", `{"iterations":ITER,"elapsed_ns":3600000000000}`, `"bench": "elapsed_ns" 3600000000000 (1h0m0s) is more than the whole exchange took on the harness's clock`, ""},
		{"int64's maximum", `{"iterations":ITER,"elapsed_ns":9223372036854775807}`, `"elapsed_ns" 9223372036854775807 (2562047h47m16.854775807s) is more than the whole exchange took`, ""},
		{"beyond int64", `{"iterations":ITER,"elapsed_ns":1e30}`, `malformed message: field "bench.elapsed_ns": number 1e30 is not an integer in [-9223372036854775808, 9223372036854775807]`, ""},
		{"elapsed as text", `{"iterations":ITER,"elapsed_ns":"5"}`, `malformed message: field "bench.elapsed_ns": string is not an integer`, ""},
		{"iterations beyond int64", `{"iterations":99999999999999999999,"elapsed_ns":5}`, `malformed message: field "bench.iterations": number 99999999999999999999 is not an integer`, ""},
		{"negative bytes", `{"iterations":ITER,"elapsed_ns":5000,"allocated_bytes":-500000000}`, `"bench": "allocated_bytes" -500000000 is negative`, ""},
		{"negative time", `{"iterations":ITER,"elapsed_ns":-5}`, `non-negative "elapsed_ns"`, ""},
		{"negative resolution", `{"iterations":ITER,"elapsed_ns":5000,"resolution_ns":-1}`, `"resolution_ns" -1: want a positive number of nanoseconds`, ""},
		{"huge resolution", `{"iterations":ITER,"elapsed_ns":5000,"resolution_ns":9223372036854775807}`, "", adapters.UnmeasuredBelow},
		{"zero", `{"iterations":ITER,"elapsed_ns":0}`, "", adapters.UnmeasuredZero},
		{"1 ns", `{"iterations":ITER,"elapsed_ns":1}`, "", adapters.UnmeasuredBelow},
		{"below the stated resolution", `{"iterations":ITER,"elapsed_ns":900000,"resolution_ns":1000000}`, "", adapters.UnmeasuredBelow},
		{"measured", `{"iterations":ITER,"elapsed_ns":5000}`, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("CTXCONFORM_HELPER_BENCH", c.bench)
			ctx := context.Background()
			a, err := protocol.New(ctx, misbehaving(t, "timed"), protocol.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			st := &adapters.SelfTiming{Iterations: 2}
			_, err = a.Inflate(adapters.WithSelfTiming(ctx, st), req)
			if c.fault != "" {
				if !errors.Is(err, adapters.ErrFault) || !strings.Contains(err.Error(), c.fault) || strings.Count(err.Error(), "malformed message") > 1 {
					t.Errorf("err = %v, want a fault saying %q (once)", err, c.fault)
				}
				if st.Done {
					t.Error("the call counts as timed")
				}
				return
			}
			if err != nil || !st.Done {
				t.Fatalf("err = %v, done %v", err, st.Done)
			}
			if got := st.Unmeasured(); got != c.mark {
				t.Errorf("Unmeasured() = %q, want %q (elapsed %s, resolution %s)", got, c.mark, st.Elapsed, st.Resolution)
			}
		})
	}
}
