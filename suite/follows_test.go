package suite

import (
	"context"
	"slices"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// One fault, one failure: a failure follows from another only when that
// one failed in the same run and the evidence says so (the same check
// repeated, or the check's ImpliedBy); the gate and the counts leave the
// follower out unless its root does not gate.
func TestFollowsFrom(t *testing.T) {
	fail := func(t *T) { t.Errorf("wrong") }
	pass := func(*T) {}
	fault := func(t *T) { t.OperationFailed("inflate", adapters.ErrFault) }
	breaks := func(id string) func(*T) { return func(t *T) { t.Errorf("wrong"); t.ImpliedBy(id, true) } }
	// Two failing answers, the second not failed by INF-01's judgement.
	once := func(t *T) {
		t.Errorf("wrong")
		t.ImpliedBy("INF-01", true)
		t.Errorf("wrong")
		t.ImpliedBy("INF-01", false)
	}
	// Two failures, the first with no evidence.
	unsaid := func(t *T) { t.Errorf("refused"); t.Errorf("wrong"); t.ImpliedBy("INF-01", true) }
	// Two failures of one answer, both covered.
	since := func(t *T) {
		m := t.Failures()
		t.Errorf("wrong")
		t.Errorf("wrong too")
		t.ImpliedSince(m, "INF-01", true)
	}
	tests := []struct {
		name    string
		reqs    []Requirement
		follows map[string]string // ID → the one it follows from
		counted []string          // Counted(Must)
		gate    bool              // Gate(Must)
	}{
		{"the same check, both failed", []Requirement{req("INF-01", Must, fail), req("INF-02", Must, fail).Repeating("INF-01")},
			map[string]string{"INF-02": "INF-01"}, []string{"INF-01"}, true},
		{"the same check, its root passed: counted", []Requirement{req("INF-01", Must, pass), req("INF-02", Must, fail).Repeating("INF-01")},
			nil, []string{"INF-02"}, true},
		{"the root errored: no evidence, counted", []Requirement{req("INF-01", Must, fault), req("INF-02", Must, fail).Repeating("INF-01")},
			nil, []string{"INF-01", "INF-02"}, true},
		{"the root not in the run: counted", []Requirement{req("INF-02", Must, fail).Repeating("INF-01")},
			nil, []string{"INF-02"}, true},
		{"named by the check", []Requirement{req("INF-01", Must, fail), req("INF-02", Must, breaks("INF-01"))},
			map[string]string{"INF-02": "INF-01"}, []string{"INF-01"}, true},
		{"one failing answer not implied: counted", []Requirement{req("INF-01", Must, fail), req("INF-02", Must, once)},
			nil, []string{"INF-01", "INF-02"}, true},
		{"a failure without evidence: counted", []Requirement{req("INF-01", Must, fail), req("INF-02", Must, unsaid)},
			nil, []string{"INF-01", "INF-02"}, true},
		{"every failure of one answer covered", []Requirement{req("INF-01", Must, fail), req("INF-02", Must, since)},
			map[string]string{"INF-02": "INF-01"}, []string{"INF-01"}, true},
		{"not named: independent, counted", []Requirement{req("INF-01", Must, fail), req("INF-02", Must, fail)},
			nil, []string{"INF-01", "INF-02"}, true},
		{"each names the other: one stays the root", []Requirement{req("INF-01", Must, breaks("INF-02")), req("INF-02", Must, breaks("INF-01"))},
			map[string]string{"INF-01": "INF-02"}, []string{"INF-02"}, true},
		{"a chain ends at one root", []Requirement{req("INF-01", Must, fail), req("INF-02", Must, breaks("INF-01")), req("INF-03", Must, breaks("INF-02"))},
			map[string]string{"INF-02": "INF-01", "INF-03": "INF-02"}, []string{"INF-01"}, true},
		{"a ROBUST root: the MUST follower gates", []Requirement{req("INF-01", Robust, fail), req("INF-02", Must, fail).Repeating("INF-01")},
			map[string]string{"INF-02": "INF-01"}, []string{"INF-02"}, true},
		{"a MUST root: its ROBUST follower counts nowhere", []Requirement{req("INF-01", Must, fail), req("INF-02", Robust, fail).Repeating("INF-01")},
			map[string]string{"INF-02": "INF-01"}, []string{"INF-01"}, true},
	}
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Run(context.Background(), a, tt.reqs, Options{Level: Reference})
			for _, x := range rep.Results {
				if x.FollowsFrom != tt.follows[x.ID] {
					t.Errorf("%s follows from %q, want %q", x.ID, x.FollowsFrom, tt.follows[x.ID])
				}
			}
			var counted []string
			for _, x := range rep.Counted(Must) {
				counted = append(counted, x.ID)
			}
			if !slices.Equal(counted, tt.counted) {
				t.Errorf("counted %v, want %v", counted, tt.counted)
			}
			if g := rep.Gate(Must); g != tt.gate {
				t.Errorf("gate %v, want %v", g, tt.gate)
			}
			before := slices.Clone(rep.Results)
			rep.Settle()
			for i := range before {
				if before[i].FollowsFrom != rep.Results[i].FollowsFrom {
					t.Errorf("Settle twice: %s follows from %q, then %q", before[i].ID, before[i].FollowsFrom, rep.Results[i].FollowsFrom)
				}
			}
		})
	}
}

// A follower of a SHOULD root at SHOULD: one failure counted at SHOULD,
// none at MUST, and the note names the root.
func TestFollowerGatesWithItsRootOnly(t *testing.T) {
	rep := Report{Results: []Result{
		{ID: "INF-01", Level: Should, Outcome: Failed},
		{ID: "INF-02", Level: Should, Outcome: Failed, Because: []string{"INF-01"}},
	}}
	rep.Settle()
	if rep.Gate(Must) {
		t.Errorf("gate at MUST fails on SHOULD failures")
	}
	if !rep.Gate(Should) || len(rep.Counted(Should)) != 1 {
		t.Errorf("at SHOULD: gate %v, counted %v; want one counted failure", rep.Gate(Should), rep.Counted(Should))
	}
	if note := rep.FollowingNote(rep.Results[1]); note != "following from INF-01 (SHOULD), the same fault" {
		t.Errorf("note %q", note)
	}
}
