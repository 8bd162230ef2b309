package suite

import "slices"

// One fault, one failure. A fault fails the requirement whose sentence it
// breaks; a requirement that fails only because another did is reported as
// following from that one (Result.FollowsFrom) and is not counted as a
// failure of its own: Counted leaves it out, and so do the gate and the
// closing counts; the reports still show it, with what it follows from.
//
// A failure may follow from requirement X only on evidence, never on a
// guess, and only when X failed in the same run:
//
//   - the two are the same check (Requirement.Repeats: a standard's check
//     repeated for another standard run alone), so the failing answer
//     breaks X's judgement by construction; or
//   - the check itself showed that every failure it reports is about an
//     answer that breaks X's judgement too (T.ImpliedBy, T.ImpliedSince,
//     called by the check after judging each such answer by X's own
//     judgement); a failure it shows no evidence for keeps it counted.
//
// Each is a candidate (Result.Because) until Settle finds X failed in the
// same report; a candidate whose X passed, was not run or errored stays a
// failure of its own. A follower's root is never itself a follower of the
// requirement it explains (Settle keeps the relation acyclic), so a fault
// always leaves one counted failure.
//
// A follower still gates when its root does not: a MUST failure that
// follows from a ROBUST one fails the default gate (at MUST), where the
// ROBUST root does not gate; the gate then names the follower, with its
// root beside it (Counted). Otherwise a fault of a gated sentence would
// pass the gate because a rule of ctxconform's own explained it.

// Repeating returns r marked as repeating the check of requirement id (the
// same judgement on the same answers, for a standard run alone): a failure
// of r follows from id's when id failed in the same run.
func (r Requirement) Repeating(id string) Requirement {
	r.Repeats = id
	return r
}

// ImpliedBy records, for the failure the check recorded last (its
// Errorf), whether requirement id's own judgement fails the answer that
// failure is about too (implied); ImpliedSince does so for every failure
// recorded since mark (Failures, read before judging the answer). Inside a
// property's case it is the case's evidence, kept if the property reports
// that case. The check's failure follows from id's (when id fails in the
// same run, see Settle) only if every failure it recorded was shown
// implied, none shown otherwise: a failure with no evidence keeps the
// requirement counted. Call it only after judging the failing answer by
// id's judgement, never on a guess.
func (t *T) ImpliedBy(id string, implied bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.impliedSinceLocked(len(t.failures)-1, id, implied)
}

// Failures is how many failures the check has recorded: a mark for
// ImpliedSince.
func (t *T) Failures() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.failures)
}

// ImpliedSince is ImpliedBy for every failure recorded since mark.
func (t *T) ImpliedSince(mark int, id string, implied bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.impliedSinceLocked(mark, id, implied)
}

func (t *T) impliedSinceLocked(mark int, id string, implied bool) {
	if t.inCase {
		if t.caseImplied == nil {
			t.caseImplied = map[string]bool{}
		}
		if was, seen := t.caseImplied[id]; seen {
			implied = implied && was
		}
		t.caseImplied[id] = implied
		return
	}
	if t.implied == nil {
		t.implied = map[string]map[int]bool{}
	}
	if _, seen := t.implied[id]; !seen {
		t.impliedOrder = append(t.impliedOrder, id)
		t.implied[id] = map[int]bool{}
	}
	for i := max(mark, 0); i < len(t.failures); i++ {
		t.implied[id][i] = implied && !t.vetoed(id, i)
	}
}

// vetoed reports whether failure i was shown not implied by id. t.mu is
// held.
func (t *T) vetoed(id string, i int) bool {
	was, seen := t.implied[id][i]
	return seen && !was
}

// becauseOf is the candidate roots of a failure of r: the requirement r
// repeats, then those every failure of its check was shown implied by
// (ImpliedBy).
func (t *T) becauseOf(r Requirement) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	if r.Repeats != "" {
		out = append(out, r.Repeats)
	}
	for _, id := range t.impliedOrder {
		if id == r.ID || slices.Contains(out, id) || len(t.implied[id]) != len(t.failures) {
			continue
		}
		all := true
		for _, v := range t.implied[id] {
			all = all && v
		}
		if all {
			out = append(out, id)
		}
	}
	return out
}

// Settle decides which failures follow from another (see the comment at
// the top of this file): a failed result follows from its first candidate
// (Result.Because) that failed in the same report, unless that candidate
// already follows, through its chain, from the result itself (the relation
// stays acyclic, so every chain ends at a root, a failure counted). Results
// are settled in report order. Run settles its report; reports.Merge
// settles the merged one (a root and its follower may run in different
// shards). Settle is idempotent.
func (r *Report) Settle() {
	at := map[string]int{}
	for i, x := range r.Results {
		at[x.ID] = i
		r.Results[i].FollowsFrom = ""
	}
	reaches := func(from, to string) bool { // from's chain passes through to
		for steps := 0; from != "" && steps <= len(r.Results); steps++ {
			if from == to {
				return true
			}
			j, ok := at[from]
			if !ok {
				return false
			}
			from = r.Results[j].FollowsFrom
		}
		return false
	}
	for i, x := range r.Results {
		if x.Outcome != Failed {
			continue
		}
		for _, id := range x.Because {
			j, ok := at[id]
			if !ok || id == x.ID || r.Results[j].Outcome != Failed || reaches(id, x.ID) {
				continue
			}
			r.Results[i].FollowsFrom = id
			break
		}
	}
}

// Root is the requirement a failure follows from, followed to the end of
// the chain (a follower of a follower), and whether x follows from one.
func (r Report) Root(x Result) (Result, bool) {
	if x.FollowsFrom == "" {
		return x, false
	}
	seen := map[string]bool{x.ID: true}
	cur := x
	for cur.FollowsFrom != "" && !seen[cur.FollowsFrom] {
		seen[cur.FollowsFrom] = true
		next, ok := r.result(cur.FollowsFrom)
		if !ok {
			break
		}
		cur = next
	}
	return cur, cur.ID != x.ID
}

// result is the result of requirement id in the report.
func (r Report) result(id string) (Result, bool) {
	for _, x := range r.Results {
		if x.ID == id {
			return x, true
		}
	}
	return Result{}, false
}

// Counts reports whether a bad result x counts as a failure of its own
// when failures at or below level upTo count: x is no follower, or its
// root lies above upTo (a ROBUST root of a MUST failure, at MUST), so that
// nothing else at these levels stands for the fault.
func (r Report) Counts(x Result, upTo Level) bool {
	if !x.Bad() || x.Level > upTo {
		return false
	}
	root, follows := r.Root(x)
	return !follows || root.Level > upTo
}

// Counted is the failures and errors at or below level upTo that count
// (Counts): one per fault. The gate at upTo fails on any of them.
func (r Report) Counted(upTo Level) []Result {
	var out []Result
	for _, x := range r.Results {
		if r.Counts(x, upTo) {
			out = append(out, x)
		}
	}
	return out
}

// Followers is the failed results that follow from another's failure.
func (r Report) Followers() []Result {
	var out []Result
	for _, x := range r.Results {
		if x.FollowsFrom != "" {
			out = append(out, x)
		}
	}
	return out
}

// FollowingNote says what a follower follows from, for the reports:
// "following from INF-05 (MUST), the same fault". It is empty for a result
// that follows from nothing.
func (r Report) FollowingNote(x Result) string {
	root, follows := r.Root(x)
	if !follows {
		return ""
	}
	note := "following from " + root.ID + " (" + root.Level.String() + ")"
	if x.FollowsFrom != root.ID {
		note += " through " + x.FollowsFrom
	}
	return note + ", the same fault"
}
