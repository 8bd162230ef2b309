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
	// fzCaseVariant is the tier of a case variant of the term: exact by
	// §3.2's SQL (`LOWER(atom_label) = LOWER($1)`), a prefix match through
	// its `ILIKE $2` where the list's `atom_label = term` is read
	// case-exactly. Every reading finds it; FUZ-24 (REFERENCE) judges which.
	fzCaseVariant = fzExact + " or " + fzPrefix
)

// ownTiers is want as the checks of the exact and prefix tiers judge it:
// when the answer has no trigram tier at all (no trigram match, and no
// entry want gives the trigram tier returned in another), the trigram
// entries are left out, noted, for the trigram tier's own requirement
// (FUZ-05) to judge: one missing tier, one failure.
func ownTiers(t *suite.T, what string, ans adapters.SearchAnswer, want map[string]string) map[string]string {
	for _, m := range ans.Matches {
		if m.Tier == fzTrigram || want[m.ID] == fzTrigram {
			return want
		}
	}
	own := maps.Clone(want)
	maps.DeleteFunc(own, func(_, tier string) bool { return tier == fzTrigram })
	if len(own) < len(want) {
		t.Notef("%s: the answer has no trigram tier; its trigram matches are FUZ-05's to judge", what)
	}
	return own
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
