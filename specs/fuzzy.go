package specs

import (
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/suite"
)

// fuzzyRequirements are the examples of std105's fuzzy label search
// (exact, prefix and trigram tiers, pg_trgm semantics): the tiers and their
// order (fuzzy_tiers.go), bad input (fuzzy_input.go), and agreement with
// pg_trgm's functions (fuzzy_agreement.go).
func fuzzyRequirements() []suite.Requirement {
	std := adapters.Fuzzy
	return []suite.Requirement{
		spec(std, "FUZ-01", "std105 §3.2 (Logic 1–3)", suite.Must,
			"Each label lands in the first tier it passes: exact (lower(label) = lower(term)), prefix (label ILIKE 'term%'), trigram (similarity >= 0.3); other labels are not returned.", fuzzyTiers),
		spec(std, "FUZ-02", "std105 §3.2; pg_trgm lower()", suite.Must,
			"Exact and prefix matching ignore case as the declared locale's lower() does: Unicode letters in a UTF-8 locale, ASCII only in C.", fuzzyUnicodeCase),
		spec(std, "FUZ-03", "std105 §3.2 (priorities)", suite.Must,
			"All exact matches come before all prefix matches, which come before all trigram matches, whatever their similarity.", fuzzyTierOrder),
		spec(std, "FUZ-04", "std105 §3.2 (reference)", suite.Reference,
			"Ties: exact by label then ID; prefix by label length in bytes, then label, then ID; trigram by similarity (highest first), then label, then ID; labels and IDs compared as bytes.", fuzzyTies),
		spec(std, "FUZ-05", "std105 §3.2 item 3; pg_trgm %", suite.Must,
			"A trigram match needs similarity >= the threshold (default 0.3, configurable in [0, 1]): a similarity equal to the threshold matches, and threshold 0 matches every label.", fuzzyThreshold),
		spec(std, "FUZ-06", "std105 §3.2; bad input", suite.Must,
			"Terms are data, not syntax: %, _, \\, quotes and SQL comment markers match only themselves (the term % does not match everything), and a term holding SQL does not harm the store.", fuzzyMetachars),
		spec(std, "FUZ-07", "std105 §3; bad input", suite.Must,
			"Bad input is refused with an error: an empty term, a NUL byte or invalid UTF-8 in a term or a label, a threshold outside [0, 1] or NaN, a negative limit.", fuzzyBadInput),
		spec(std, "FUZ-08", "std105 §3; bad input", suite.Should,
			"A NUL byte in a term or a label is refused with an error that names it (PostgreSQL text cannot hold NUL).", fuzzyNULMessage),
		spec(std, "FUZ-09", "std105 §3; bad input", suite.Must,
			"A very long term (1 KiB + 1, 64 KiB, 1 MiB) is refused with an error or answered correctly; never a crash or a hang.", fuzzyLongTerms),
		spec(std, "FUZ-10", "std105 §3 (reference)", suite.Reference,
			"Terms longer than 1024 bytes are refused; a term of exactly 1024 bytes is answered.", fuzzyTermLimit),
		spec(std, "FUZ-11", "std105 §3.1, §5 (Fidelity)", suite.Must,
			"Typos find their words: conciousness finds consciousness (similarity 0.6875), limerance finds limerence (0.53846157), and the generic machine is not returned.", fuzzyTypos),
		spec(std, "FUZ-12", "std105 §3.2–3.3; pg_trgm", suite.Must,
			"show_trgm, lower and similarity agree with pg_trgm (reference/trgm, in the declared locale) on thousands of strings and pairs.", trigramAgreement),
		spec(std, "FUZ-13", "std105 §3.3; pg_trgm", suite.Should,
			"word_similarity and strict_word_similarity agree with pg_trgm (reference/trgm, in the declared locale) on thousands of pairs.", wordSimilarityAgreement),
	}
}

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
