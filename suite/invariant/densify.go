package invariant

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/ctxconform/ctxconform/adapters"
)

// Floor is densification-chunking's minimum budget ("Budget values"): no
// chunk or merge budget is halved below it.
const Floor = 320

// AppleCap is the Apple path's context-window cap.
const AppleCap = 4096

// Kinds of a provider call's outcome, as the harness caused it (not as any
// implementation classifies it).
const (
	KindOK        = ""
	KindOverflow  = "overflow"   // context window exceeded
	KindRateLimit = "rate_limit" // rate limit or quota
	KindTransient = "transient"  // 5xx, overloaded
	KindOther     = "other"      // any other failure (auth, bad request, ...)
	KindBudget    = "budget"     // the harness's call budget was exhausted
	KindCanceled  = "canceled"   // the call's context had ended
)

// Call is one provider call as the harness's model saw it, in arrival order.
type Call struct {
	N      int    // arrival number, from 1
	Stage  string // read from the prompt (sim.StageOf): full, chunk or merge
	Prompt string
	Input  string
	Output string
	Kind   string // KindOK or the kind of failure the harness gave
	Cost   int    // the simulated provider's cost (prompt + input + overhead + reserved output); 0 if the call never reached it
}

// Failed reports whether the call returned an error.
func (c Call) Failed() bool { return c.Kind != KindOK }

// Step is a call placed in the shape the answer reports: which attempt,
// round, merge attempt and pass it belongs to.
type Step struct {
	Call
	Attempt int    // from 0
	Round   int    // from 0; -1 for the full call
	Try     int    // merge attempt within the round, from 0; -1 for full and chunk calls
	Pass    int    // merge pass within the merge attempt, from 0; -1 for full and chunk calls
	Want    string // the stage the shape gives it: full, chunk or merge
}

// group identifies the step a call belongs to: the full call, a round's
// chunk calls, or one merge pass.
func (s Step) group() [4]int { return [4]int{s.Attempt, s.Round, s.Try, s.Pass} }

// Split places the provider's calls in the shape the answer reports: the
// counts must add up to the calls the provider received and each call's
// stage, as read from its prompt, must be the one the shape gives it.
func Split(ans adapters.DensifyAnswer, calls []Call) ([]Step, error) {
	if ans.Attempts != len(ans.Runs) {
		return nil, fmt.Errorf("answer reports %d attempts but describes %d", ans.Attempts, len(ans.Runs))
	}
	var steps []Step
	next := 0
	place := func(st Step) error {
		if next >= len(calls) {
			return fmt.Errorf("answer accounts for more calls than the %d the provider received", len(calls))
		}
		st.Call = calls[next]
		next++
		if st.Stage != st.Want {
			return fmt.Errorf("call %d (attempt %d) is a %s call by the answer's account but its prompt reads as %s",
				st.N, st.Attempt+1, st.Want, st.Stage)
		}
		steps = append(steps, st)
		return nil
	}
	for a, run := range ans.Runs {
		if run.Entry != adapters.EntryReactive && run.Entry != adapters.EntryProactive {
			return nil, fmt.Errorf("attempt %d: entry %q is neither %q nor %q", a+1, run.Entry, adapters.EntryReactive, adapters.EntryProactive)
		}
		if run.Entry == adapters.EntryReactive {
			if err := place(Step{Attempt: a, Round: -1, Try: -1, Pass: -1, Want: "full"}); err != nil {
				return nil, err
			}
		}
		for r, round := range run.Rounds {
			if round.ChunkCalls < 0 {
				return nil, fmt.Errorf("attempt %d round %d: %d chunk calls", a+1, r+1, round.ChunkCalls)
			}
			for range round.ChunkCalls {
				if err := place(Step{Attempt: a, Round: r, Try: -1, Pass: -1, Want: "chunk"}); err != nil {
					return nil, err
				}
			}
			for m, merge := range round.Merges {
				for p, n := range merge.Passes {
					if n < 0 {
						return nil, fmt.Errorf("attempt %d round %d merge %d pass %d: %d calls", a+1, r+1, m+1, p+1, n)
					}
					for range n {
						if err := place(Step{Attempt: a, Round: r, Try: m, Pass: p, Want: "merge"}); err != nil {
							return nil, err
						}
					}
				}
			}
		}
	}
	if next != len(calls) {
		return nil, fmt.Errorf("answer accounts for %d calls but the provider received %d", next, len(calls))
	}
	return steps, nil
}

// ByPrompt places each call as the stage its prompt names, all in one
// attempt and round: the provider's record read without the answer's
// account, for the checks that need no more (WithinCap, a drift).
func ByPrompt(calls []Call) []Step {
	steps := make([]Step, len(calls))
	for i, c := range calls {
		steps[i] = Step{Call: c, Want: c.Stage, Try: -1, Pass: -1}
		if c.Stage == "full" {
			steps[i].Round = -1
		}
	}
	return steps
}

// Answered checks the answer's own fields: a known status, a failure kind
// exactly when failed, at least one attempt, and only one when the request
// turns capture off (the protocol's "the flow runs exactly once": a second
// attempt there is no reading of the text but a request not followed). How
// many attempts capture allows ("up to `2` attempts total") and a failed
// answer's message ("failure message is stored") are the text's, judged
// where the text is (DSF-12; the message also by DSF-19, with
// FailureMessage), not as the form every check needs.
func Answered(req adapters.DensifyRequest, ans adapters.DensifyAnswer) error {
	switch ans.Status {
	case adapters.StatusReady:
		if ans.Failure != adapters.FailureNone {
			return fmt.Errorf("status ready with failure %q", ans.Failure)
		}
	case adapters.StatusFailed:
		switch ans.Failure {
		case adapters.FailureTooLong, adapters.FailureInvalid, adapters.FailureProvider:
		default:
			return fmt.Errorf("status failed with unknown failure kind %q", ans.Failure)
		}
	default:
		return fmt.Errorf("status %q is neither %q nor %q", ans.Status, adapters.StatusReady, adapters.StatusFailed)
	}
	if ans.Attempts < 1 {
		return fmt.Errorf("%d attempts: want at least 1", ans.Attempts)
	}
	if !req.Capture && ans.Attempts != 1 {
		return fmt.Errorf("%d attempts with capture off: the request asks for the flow to run exactly once", ans.Attempts)
	}
	return nil
}

// FailureMessage: a failed answer carries a message.
func FailureMessage(ans adapters.DensifyAnswer) error {
	if ans.Status == adapters.StatusFailed && strings.TrimSpace(ans.Message) == "" {
		return errors.New("status failed without a message")
	}
	return nil
}

// WithinCap: once chunking is active, no call costs more than capacity on
// the simulated provider (prompt, input, overhead and the output it
// reserves).
func WithinCap(steps []Step, capacity int) error {
	for _, s := range steps {
		if s.Want != "full" && s.Cost > capacity {
			return fmt.Errorf("%s call %d (attempt %d) costs %d tokens, over the cap of %d", s.Want, s.N, s.Attempt+1, s.Cost, capacity)
		}
	}
	return nil
}

// NoOverflow: no call failed with an overflow the model itself gave.
func NoOverflow(steps []Step) error {
	for _, s := range steps {
		if s.Kind == KindOverflow {
			return fmt.Errorf("%s call %d (attempt %d) overflowed the context window (cost %d)", s.Want, s.N, s.Attempt+1, s.Cost)
		}
	}
	return nil
}

// Halving checks every budget the answer reports against "Retry strategy":
// none below Floor; each round's chunk budget is the previous one halved
// (max(Floor, b/2), rounding either way); each merge attempt's budget in a
// round is the previous one halved likewise.
func Halving(ans adapters.DensifyAnswer) error {
	for a, run := range ans.Runs {
		for r, round := range run.Rounds {
			if round.ChunkBudget < Floor {
				return fmt.Errorf("attempt %d round %d: chunk budget %d below the floor of %d", a+1, r+1, round.ChunkBudget, Floor)
			}
			if r > 0 {
				if err := halved(run.Rounds[r-1].ChunkBudget, round.ChunkBudget); err != nil {
					return fmt.Errorf("attempt %d round %d: chunk budget %w", a+1, r+1, err)
				}
			}
			for m, merge := range round.Merges {
				if merge.Budget < Floor {
					return fmt.Errorf("attempt %d round %d merge %d: merge budget %d below the floor of %d", a+1, r+1, m+1, merge.Budget, Floor)
				}
				if m > 0 {
					if err := halved(round.Merges[m-1].Budget, merge.Budget); err != nil {
						return fmt.Errorf("attempt %d round %d merge %d: merge budget %w", a+1, r+1, m+1, err)
					}
				}
			}
		}
	}
	return nil
}

func halved(prev, b int) error {
	if prev <= Floor {
		return fmt.Errorf("%d follows %d, already at the floor: halving must stop there", b, prev)
	}
	lo, hi := max(Floor, prev/2), max(Floor, (prev+1)/2)
	if b < lo || b > hi {
		return fmt.Errorf("%d follows %d: want it halved to %d", b, prev, lo)
	}
	return nil
}

// groups gathers steps by step (full call, a round's chunks, a merge pass)
// in order of appearance, and tells for each group whether it is the last of
// its attempt.
type group struct {
	steps []Step
	last  bool // last group of its attempt
}

func groups(steps []Step) []group {
	var out []group
	for i, s := range steps {
		if i == 0 || s.group() != steps[i-1].group() {
			out = append(out, group{})
		}
		out[len(out)-1].steps = append(out[len(out)-1].steps, s)
	}
	for i := range out {
		out[i].last = i == len(out)-1 || out[i+1].steps[0].Attempt != out[i].steps[0].Attempt
	}
	return out
}

// NonOverflowEnds: a failure that is not a context-window overflow is
// returned at once ("Non-context-window failures are returned immediately";
// "if error is non-context-window, surface error"): the step in which calls
// failed, none of them with an overflow, is the last of its attempt: no
// chunking, no halving, no merge-local retry follows it.
func NonOverflowEnds(steps []Step) error { return endsAt(steps, func(Step) bool { return true }) }

// RateLimitEnds is NonOverflowEnds for the steps in which a call failed
// with a rate limit ("avoids misclassifying common rate-limit signals"):
// no chunking, no halving, no merge-local retry follows a rate limit.
func RateLimitEnds(steps []Step) error {
	return endsAt(steps, func(s Step) bool { return s.Kind == KindRateLimit })
}

// endsAt: a step in which calls failed, none with an overflow and one of
// them as counts says, is the last of its attempt.
func endsAt(steps []Step, counts func(Step) bool) error {
	for _, g := range groups(steps) {
		var failed []Step
		overflow, counted := false, false
		for _, s := range g.steps {
			if s.Failed() {
				failed = append(failed, s)
				overflow = overflow || s.Kind == KindOverflow
				counted = counted || counts(s)
			}
		}
		if len(failed) > 0 && !overflow && counted && !g.last {
			f := failed[0]
			return fmt.Errorf("%s call %d (attempt %d) failed with %s, not an overflow, yet the attempt went on with more calls",
				f.Want, f.N, f.Attempt+1, f.Kind)
		}
	}
	return nil
}

// OverflowAdapts: after an overflow the flow adapts as "Retry strategy" says.
// A full call's overflow switches to chunking; a merge overflow at a merge
// budget above Floor is followed by another merge attempt in the same round
// (merge-local retry first, no chunk recomputation); a chunk overflow, or a
// merge overflow at the merge floor, is followed by another round when the
// chunk budget is above Floor. Overflows the harness injected count as the
// model's.
func OverflowAdapts(ans adapters.DensifyAnswer, steps []Step) error {
	for _, g := range groups(steps) {
		var over *Step
		for i, s := range g.steps {
			if s.Kind == KindOverflow {
				over = &g.steps[i]
				break
			}
		}
		if over == nil {
			continue
		}
		for _, s := range g.steps {
			if s.Failed() && s.Kind != KindOverflow {
				over = nil // a step with other failures too may surface them
				break
			}
		}
		if over == nil {
			continue
		}
		run := ans.Runs[over.Attempt]
		switch over.Want {
		case "full":
			if len(run.Rounds) == 0 {
				return fmt.Errorf("full call %d (attempt %d) overflowed but the attempt did not switch to chunking", over.N, over.Attempt+1)
			}
		case "merge":
			round := run.Rounds[over.Round]
			budget := round.Merges[over.Try].Budget
			if budget > Floor && over.Try == len(round.Merges)-1 {
				how := "gave up"
				if over.Round < len(run.Rounds)-1 {
					how = fmt.Sprintf("went to chunk budget %d", run.Rounds[over.Round+1].ChunkBudget)
				}
				return fmt.Errorf("merge call %d (attempt %d round %d) overflowed at merge budget %d, above the floor, and the flow %s without a merge-local retry",
					over.N, over.Attempt+1, over.Round+1, budget, how)
			}
			if over.Try < len(round.Merges)-1 {
				continue
			}
			fallthrough
		case "chunk":
			round := run.Rounds[over.Round]
			if round.ChunkBudget > Floor && over.Round == len(run.Rounds)-1 {
				return fmt.Errorf("%s call %d (attempt %d round %d) overflowed at chunk budget %d, above the floor, and the flow gave up without halving it",
					over.Want, over.N, over.Attempt+1, over.Round+1, round.ChunkBudget)
			}
		}
	}
	return nil
}

// NewRoundOnlyAfterOverflow: a round or merge attempt ends and another
// begins only because the previous one overflowed (each chunk or merge
// restart follows an overflow in the step before it).
func NewRoundOnlyAfterOverflow(steps []Step) error {
	gs := groups(steps)
	for i := 1; i < len(gs); i++ {
		prev, cur := gs[i-1], gs[i].steps[0]
		p := prev.steps[0]
		if p.Attempt != cur.Attempt {
			continue
		}
		restart := cur.Round != p.Round || cur.Try != p.Try && cur.Want == "merge" && p.Want == "merge" || cur.Want == "chunk" && p.Want == "full"
		if !restart {
			continue
		}
		overflow := false
		for _, s := range prev.steps {
			overflow = overflow || s.Kind == KindOverflow
		}
		if !overflow {
			return fmt.Errorf("%s call %d (attempt %d) restarts the flow, but no call of the step before it (call %d, %s) overflowed",
				cur.Want, cur.N, cur.Attempt+1, p.N, p.Want)
		}
	}
	return nil
}

// Reduces: every merge pass that makes calls reduces the number of parts
// ("Non-reducing merge guard": a pass whose groups all have one member is
// not run): the first pass of a merge attempt makes fewer calls than the
// round made chunk calls, and each later pass fewer than the one before.
func Reduces(ans adapters.DensifyAnswer) error {
	for a, run := range ans.Runs {
		for r, round := range run.Rounds {
			for m, merge := range round.Merges {
				parts := round.ChunkCalls
				for p, n := range merge.Passes {
					if n >= parts {
						return fmt.Errorf("attempt %d round %d merge %d pass %d: %d merge calls for %d parts: the pass does not reduce the parts",
							a+1, r+1, m+1, p+1, n, parts)
					}
					parts = n
				}
			}
		}
	}
	return nil
}

// squeeze removes all white space: chunking may change white space only.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// ChunksOnce: every input character's chunk is sent exactly once per round.
// In a round whose chunk calls all succeeded, the chunk inputs, white space
// removed, tile the input with white space removed (in some order); in a
// round cut short by a failure, the chunks sent are distinct pieces of it.
// A full call carries the whole input.
func ChunksOnce(input string, steps []Step) error {
	want := squeeze(input)
	for _, g := range groups(steps) {
		first := g.steps[0]
		switch first.Want {
		case "full":
			if got := squeeze(first.Input); got != want {
				return fmt.Errorf("full call %d (attempt %d) carries %d non-space bytes of the input's %d: not the whole input",
					first.N, first.Attempt+1, len(got), len(want))
			}
			continue
		case "merge":
			continue
		}
		pieces := make([]string, len(g.steps))
		complete := true
		for i, s := range g.steps {
			pieces[i] = squeeze(s.Input)
			complete = complete && !s.Failed()
		}
		where := fmt.Sprintf("round %d of attempt %d (chunk calls %d..%d)", first.Round+1, first.Attempt+1, first.N, g.steps[len(g.steps)-1].N)
		if complete {
			if !tiles(want, pieces) {
				return fmt.Errorf("%s: the chunks, white space removed, do not put together the input exactly once (%d chunks, %d non-space bytes in all, input %d)",
					where, len(pieces), total(pieces), len(want))
			}
			continue
		}
		seen := map[string]int{}
		for i, p := range pieces {
			if j, dup := seen[p]; dup && p != "" {
				return fmt.Errorf("%s: calls %d and %d send the same chunk", where, g.steps[j].N, g.steps[i].N)
			}
			seen[p] = i
			if !strings.Contains(want, p) {
				return fmt.Errorf("%s: call %d sends text that is not in the input", where, g.steps[i].N)
			}
		}
		if total(pieces) > len(want) {
			return fmt.Errorf("%s: the chunks sent hold %d non-space bytes, more than the input's %d", where, total(pieces), len(want))
		}
	}
	return nil
}

func total(ps []string) int {
	n := 0
	for _, p := range ps {
		n += len(p)
	}
	return n
}

// tiles reports whether the pieces, each used once in some order, concatenate
// to s. The search is exact, with no step limit: equal pieces are one
// choice at a position (a count of copies, so their orders are never tried
// one by one), and a set of pieces left from which the rest of s has no
// tiling is remembered and never searched again (the position is the
// length used, so the counts alone name the state). Pieces sent in order
// tile on the first path; only pieces that are prefixes of one another at
// many places make it search. (Deciding such a tiling is NP-complete in
// general: a chunking built to be slow to judge can be, within the
// requirement's deadline, but a right one is never failed for it, as a
// bounded search failed one that sent equal chunks out of order.)
func tiles(s string, pieces []string) bool {
	if total(pieces) != len(s) {
		return false
	}
	var distinct []string
	var left []int
	index := map[string]int{}
	for _, p := range pieces {
		i, seen := index[p]
		if !seen {
			i = len(distinct)
			index[p] = i
			distinct, left = append(distinct, p), append(left, 0)
		}
		left[i]++
	}
	dead := map[string]bool{}
	var try func(pos int) bool
	try = func(pos int) bool {
		if pos == len(s) {
			return true // the lengths add up to len(s): every non-empty piece is used
		}
		state := fmt.Sprint(left)
		if dead[state] {
			return false
		}
		for i, p := range distinct {
			if left[i] > 0 && strings.HasPrefix(s[pos:], p) {
				left[i]--
				found := try(pos + len(p))
				left[i]++
				if found {
					return true
				}
			}
		}
		dead[state] = true
		return false
	}
	return try(0)
}

// The judgements of one stage each, for the evidence that a failure of a
// later check follows from an earlier stage's (suite.T.ImpliedBy, one
// fault, one failure): the early rejection (Delegated), the entry
// (StartsFull, StartsChunking), a full
// call's overflow (FullOverflowRecovers), a merge overflow
// (MergeRetriesFirst) and the answer after a failed call (EndsFailed).
// Each judges its own stage alone and says nothing (nil) of an answer its
// stage does not reach.

// Delegated is the early rejection's judgement on an input within the
// maximum ("If estimated tokens exceed `maxDensificationInputTokens` ...,
// densification is rejected early ... Otherwise the request is delegated
// to the selected `ProviderClient`"): a valid request whose input is not
// blank and is no longer in bytes than the maximum in tokens (under the
// original estimator's ceil(n/3) and under any estimator that counts at
// most a token a byte it is within the maximum) is not answered with the
// service's own rejections, input too long or invalid input. A provider
// failure, with or without a call, is not judged (that is the provider
// client's, the entry's). max is the request's maximum, the default when
// it gives none.
func Delegated(input string, max int, ans adapters.DensifyAnswer) error {
	if squeeze(input) == "" || len(input) > max || ans.Status != adapters.StatusFailed {
		return nil
	}
	if ans.Failure == adapters.FailureTooLong || ans.Failure == adapters.FailureInvalid {
		return fmt.Errorf("an input of %d bytes, within the maximum of %d tokens, was rejected as %s (%q), where the text delegates it to the provider client", len(input), max, ans.Failure, ans.Message)
	}
	return nil
}

// StartsFull is reactive entry's judgement ("First attempt is a single
// densification call with the full input"): on an input that is not blank
// the first call is a full call carrying all of it, white space aside.
// Blank input is not judged (no call is the reference's answer).
func StartsFull(input string, calls []Call) error {
	want := squeeze(input)
	switch {
	case want == "":
		return nil
	case len(calls) == 0:
		return errors.New("reactive entry made no provider call, where it makes a full call first")
	case calls[0].Stage != "full":
		return fmt.Errorf("reactive entry's first call is a %s call, where it makes a full call first", calls[0].Stage)
	case squeeze(calls[0].Input) != want:
		return fmt.Errorf("reactive entry's full call carries %d non-space bytes of the input's %d", len(squeeze(calls[0].Input)), len(want))
	}
	return nil
}

// StartsChunking is proactive entry's judgement ("Densification starts
// directly in adaptive chunking mode (no single full-input call first)"):
// on an input that is not blank the first call is a chunk call and no call
// is a full call.
func StartsChunking(input string, calls []Call) error {
	if squeeze(input) == "" {
		return nil
	}
	if len(calls) == 0 {
		return errors.New("proactive entry made no provider call, where it starts by chunking")
	}
	if calls[0].Stage != "chunk" {
		return fmt.Errorf("proactive entry's first call is a %s call, where it starts by chunking", calls[0].Stage)
	}
	for _, c := range calls {
		if c.Stage == "full" {
			return fmt.Errorf("call %d is a full call; proactive entry makes none", c.N)
		}
	}
	return nil
}

// FullOverflowRecovers is the judgement of a full call's overflow ("If and
// only if error classification says \"context window exceeded\", fallback
// switches to adaptive chunking"): the attempt switches to chunking, and
// when the answer's last attempt did so and none of its later calls
// failed, the answer is ready (the chunked run recovered).
func FullOverflowRecovers(ans adapters.DensifyAnswer, steps []Step) error {
	for i, s := range steps {
		if s.Want != "full" || s.Kind != KindOverflow || s.Attempt >= len(ans.Runs) {
			continue
		}
		if len(ans.Runs[s.Attempt].Rounds) == 0 {
			return fmt.Errorf("full call %d (attempt %d) overflowed but the attempt did not switch to chunking", s.N, s.Attempt+1)
		}
		if s.Attempt != len(ans.Runs)-1 {
			continue
		}
		failed := false
		for _, later := range steps[i+1:] {
			failed = failed || later.Failed()
		}
		if !failed && ans.Status != adapters.StatusReady {
			return fmt.Errorf("full call %d (attempt %d) overflowed and no call of the chunked run after it failed, yet the answer is %s", s.N, s.Attempt+1, ans.Status)
		}
	}
	return nil
}

// MergeRetriesFirst is the judgement of a merge overflow ("first perform
// merge-local retry by halving merge budget only"): a merge pass that
// overflows (with no other failure) at a merge budget above Floor is
// followed by another merge attempt in its round.
func MergeRetriesFirst(ans adapters.DensifyAnswer, steps []Step) error {
	for _, g := range groups(steps) {
		var over *Step
		for i, s := range g.steps {
			if s.Failed() && s.Kind != KindOverflow {
				over = nil
				break
			}
			if over == nil && s.Kind == KindOverflow {
				over = &g.steps[i]
			}
		}
		if over == nil || over.Want != "merge" || over.Attempt >= len(ans.Runs) || over.Round >= len(ans.Runs[over.Attempt].Rounds) {
			continue
		}
		round := ans.Runs[over.Attempt].Rounds[over.Round]
		if over.Try == len(round.Merges)-1 && round.Merges[over.Try].Budget > Floor {
			return fmt.Errorf("merge call %d (attempt %d round %d) overflowed at merge budget %d, above the floor, and no merge-local retry followed",
				over.N, over.Attempt+1, over.Round+1, round.Merges[over.Try].Budget)
		}
	}
	return nil
}

// EndsFailed is the judgement of the answer after a failure ("If all
// attempts fail: snapshot is persisted with `status = failed`, failure
// message is stored"): when the provider's last call failed, nothing came
// after the failure, so the densification failed: the answer is failed,
// with a message. A call over the harness's budget is not judged (that is
// termination's).
func EndsFailed(ans adapters.DensifyAnswer, calls []Call) error {
	if len(calls) == 0 {
		return nil
	}
	last := calls[len(calls)-1]
	if !last.Failed() || last.Kind == KindBudget {
		return nil
	}
	if ans.Status != adapters.StatusFailed {
		return fmt.Errorf("the last provider call (%d, %s) failed with %s and none followed, yet the answer is %s", last.N, last.Stage, last.Kind, ans.Status)
	}
	return FailureMessage(ans)
}
