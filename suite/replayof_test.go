package suite

import "testing"

// TestReplayOfPending: when the deadline ends a property while it shrinks
// a failure already seen, the replay is that failure's case, not the case
// being tried or the requirement's examples.
func TestReplayOfPending(t *testing.T) {
	var x T
	x.pend("failed on the pending case", &Replay{Case: "pending case", From: "generated"})
	rp := x.replayOf(Result{ID: "INF-01", Outcome: Failed})
	if rp.Case != "pending case" || rp.From != "generated" || rp.ID != "INF-01" {
		t.Errorf("replay of a pending failure: case %q from %q, id %q; want the pending case", rp.Case, rp.From, rp.ID)
	}
	var y T // nothing pending and no case: the requirement's examples
	if rp := y.replayOf(Result{ID: "INF-01", Outcome: Failed}); rp.Case != "the requirement's examples" {
		t.Errorf("replay with nothing pending: case %q", rp.Case)
	}
}
