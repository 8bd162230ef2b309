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
		case w == g:
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
