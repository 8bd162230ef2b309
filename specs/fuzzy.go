package specs

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// fzEntries numbers labels e01, e02, ...
func fzEntries(labels ...string) []adapters.SearchEntry {
	out := make([]adapters.SearchEntry, len(labels))
	for i, l := range labels {
		out[i] = adapters.SearchEntry{ID: fmt.Sprintf("e%02d", i+1), Label: l}
	}
	return out
}

const (
	fzExact   = adapters.TierExact
	fzPrefix  = adapters.TierPrefix
	fzTrigram = adapters.TierTrigram
)

// fzCase is one reading of the case of std105 §3.2's exact and prefix
// tiers: its Logic list writes them `atom_label = term` and `atom_label
// LIKE 'term%'`, case-exact as SQL reads them, its SQL `LOWER(atom_label) =
// LOWER($1)` and `atom_label ILIKE $2` (adapters.ExactCase and
// adapters.PrefixCase: adapters.CaseInsensitive or adapters.CaseSensitive).
type fzCase struct{ exact, prefix string }

func (c fzCase) String() string {
	return adapters.ExactCase + " " + c.exact + ", " + adapters.PrefixCase + " " + c.prefix
}

// fzCases are the case readings t's implementation is judged under: the
// ones it declared, every pairing of those it did not.
func fzCases(t *suite.T) []fzCase {
	r := invariant.ReadingsOf(t.Config())
	var out []fzCase
	for _, e := range r.ExactCase {
		for _, p := range r.PrefixCase {
			out = append(out, fzCase{e, p})
		}
	}
	return out
}

// expectTiersUnder checks that the answer is want(c), as expectTiers and
// ownTiers judge it, for one of the case readings cs: an answer that no
// one reading gives (however each of its entries could be read alone) is
// judged against the reading nearest to it.
func expectTiersUnder(t *suite.T, what string, ans adapters.SearchAnswer, cs []fzCase, want func(fzCase) map[string]string) {
	nearest, fewest := fzCase{}, -1
	for _, c := range cs {
		w, _ := withoutTrigrams(ans, want(c))
		if sameTiers(ans, w) {
			return
		}
		if d := tierDiffs(ans, w); fewest < 0 || d < fewest {
			nearest, fewest = c, d
		}
	}
	if len(cs) > 1 {
		what += " (" + nearest.String() + ", the reading nearest to the answer: none gives it)"
	}
	expectTiers(t, what, ans, ownTiers(t, what, ans, want(nearest)))
}

// tierDiffs counts the entries whose tier in the answer is not want's.
func tierDiffs(ans adapters.SearchAnswer, want map[string]string) int {
	got := map[string]string{}
	for _, m := range ans.Matches {
		got[m.ID] = m.Tier
	}
	n := 0
	for id := range got {
		if _, ok := want[id]; !ok {
			n++
		}
	}
	for id, w := range want {
		if got[id] != w {
			n++
		}
	}
	return n
}

// ownTiers is want as the checks of the exact and prefix tiers judge it:
// when the answer has no trigram tier at all (no trigram match, and no
// entry want gives the trigram tier returned in another), the trigram
// entries are left out, noted, for the trigram tier's own requirement
// (FUZ-05) to judge: one missing tier, one failure.
func ownTiers(t *suite.T, what string, ans adapters.SearchAnswer, want map[string]string) map[string]string {
	own, left := withoutTrigrams(ans, want)
	if left {
		t.Notef("%s: the answer has no trigram tier; its trigram matches are FUZ-05's to judge", what)
	}
	return own
}

// withoutTrigrams is ownTiers without the note: want, its trigram entries
// left out (and true) when the answer has no trigram tier at all.
func withoutTrigrams(ans adapters.SearchAnswer, want map[string]string) (map[string]string, bool) {
	for _, m := range ans.Matches {
		if m.Tier == fzTrigram || want[m.ID] == fzTrigram {
			return want, false
		}
	}
	own := maps.Clone(want)
	maps.DeleteFunc(own, func(_, tier string) bool { return tier == fzTrigram })
	return own, len(own) < len(want)
}

// expectTiers checks that the answer holds exactly the entries of want, each
// in its tier (entries absent from want must not be returned).
// sameTiers reports whether ans returns exactly the entries of want, once
// each, in the tiers want gives them.
func sameTiers(ans adapters.SearchAnswer, want map[string]string) bool {
	got := map[string]string{}
	for _, m := range ans.Matches {
		if _, dup := got[m.ID]; dup {
			return false
		}
		got[m.ID] = m.Tier
	}
	return maps.Equal(got, want)
}

// tierList prints want as "id:tier" in ID order.
func tierList(want map[string]string) string {
	ids := slices.Sorted(maps.Keys(want))
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = id + ":" + want[id]
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func expectTiers(t *suite.T, what string, ans adapters.SearchAnswer, want map[string]string) {
	got := map[string]string{}
	for _, m := range ans.Matches {
		if prev, dup := got[m.ID]; dup {
			t.Errorf("%s: entry %s returned twice (%s and %s)", what, m.ID, prev, m.Tier)
		}
		got[m.ID] = m.Tier
	}
	var ids []string
	for id := range want {
		ids = append(ids, id)
	}
	for id := range got {
		if _, ok := want[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		w, g := want[id], got[id]
		switch {
		case w == g || g != "" && slices.Contains(strings.Split(w, " or "), g):
		case w == "":
			t.Errorf("%s: entry %s returned as %s, want it not returned", what, id, g)
		case g == "":
			t.Errorf("%s: entry %s not returned, want %s", what, id, w)
		default:
			t.Errorf("%s: entry %s returned as %s, want %s", what, id, g, w)
		}
	}
	if t.Failed() {
		t.Logf("%s: answer %s", what, invariant.MatchList(ans.Matches))
	}
}
