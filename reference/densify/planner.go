package densify

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Separators between the pieces of a chunk and between the partials of a
// merge call. Their cost is counted with the estimator (under CJKEstimator
// 1 and 3 tokens, the original's ceil(2/3) and ceil(7/3)); a space between
// words costs Tokens(" ").
const (
	ParagraphSeparator = "\n\n"
	MergeSeparator     = "\n\n---\n\n"
)

// Planner cuts text into chunks and packs partials into merge groups under a
// token budget (the standard's ContextWindowPlanner).
type Planner struct {
	Estimator Estimator // nil means CJKEstimator
	Floor     int       // least budget for the pieces of an oversized partial; 0 means DefaultFloor
}

func (p Planner) est() Estimator {
	if p.Estimator == nil {
		return CJKEstimator{}
	}
	return p.Estimator
}

func (p Planner) floor() int {
	if p.Floor <= 0 {
		return DefaultFloor
	}
	return p.Floor
}

// Chunk cuts text into chunks whose estimate is at most budget:
//
//  1. "\r\n" becomes "\n"; paragraphs are the runs of lines between blank
//     lines (a line of only white space is blank), each trimmed; empty ones
//     are dropped.
//  2. A paragraph over the budget is cut into its words (strings.Fields),
//     packed greedily with one space between them, each space counted as
//     Tokens(" "); a word over the budget is cut into the longest runs of
//     whole characters that fit (never inside a multi-byte character).
//  3. Paragraphs and pieces are packed greedily, in order, joined by
//     ParagraphSeparator, each separator counted as Tokens("\n\n"): a piece
//     that would push the running count over the budget starts a new chunk.
//
// The count of a chunk is the sum of its pieces and separators, an upper
// bound of its estimate for a subadditive estimator. Only white space is
// changed: the chunks, with white space removed and concatenated, are the
// input with white space removed. Invalid UTF-8 or a budget below 1 is an
// error.
func (p Planner) Chunk(text string, budget int) ([]string, error) {
	if budget < 1 {
		return nil, fmt.Errorf("densify chunk: budget %d below 1", budget)
	}
	if !utf8.ValidString(text) {
		return nil, fmt.Errorf("densify chunk: %w: text is not valid UTF-8", ErrInvalidInput)
	}
	est := p.est()
	k := packer{budget: budget, sep: est.Tokens(ParagraphSeparator)}
	err := k.addAll(est, paragraphs(text), func(_ int, para string) ([]string, error) {
		return p.splitWords(para, budget)
	})
	if err != nil {
		return nil, err
	}
	return k.joined(ParagraphSeparator), nil
}

// Groups packs partials into merge groups whose count is at most budget:
// partials are trimmed and empty ones dropped; a partial over the budget is
// first cut with Chunk at max(Floor, budget/2) (so its pieces can pair with
// neighbours); then pieces are packed greedily, in order, each
// MergeSeparator counted as Tokens(MergeSeparator). A merge call's input is a
// group joined by MergeSeparator.
func (p Planner) Groups(partials []string, budget int) ([][]string, error) {
	if budget < 1 {
		return nil, fmt.Errorf("densify groups: budget %d below 1", budget)
	}
	est := p.est()
	k := packer{budget: budget, sep: est.Tokens(MergeSeparator)}
	err := k.addAll(est, normalize(partials), func(i int, partial string) ([]string, error) {
		pieces, err := p.Chunk(partial, max(p.floor(), budget/2))
		if err != nil {
			return nil, fmt.Errorf("densify groups: partial %d: %w", i+1, err)
		}
		return pieces, nil
	})
	if err != nil {
		return nil, err
	}
	return k.done(), nil
}

// splitWords cuts an oversized paragraph into runs of words under budget.
func (p Planner) splitWords(para string, budget int) ([]string, error) {
	est := p.est()
	k := packer{budget: budget, sep: est.Tokens(" ")}
	for _, w := range strings.Fields(para) {
		t := est.Tokens(w)
		if t <= budget {
			k.add(w, t)
			continue
		}
		k.flush()
		pieces, err := p.splitChars(w, budget)
		if err != nil {
			return nil, err
		}
		for _, piece := range pieces {
			k.groups = append(k.groups, []string{piece})
		}
	}
	return k.joined(" "), nil
}

// splitChars cuts w into the longest prefixes of whole characters whose
// estimate is at most budget (galloping, then binary search, over the
// number of characters; the estimator must be prefix-monotone).
func (p Planner) splitChars(w string, budget int) ([]string, error) {
	est := p.est()
	ends := make([]int, 0, len(w)) // ends[i]: byte offset after character i
	for i, r := range w {
		ends = append(ends, i+utf8.RuneLen(r))
	}
	var out []string
	start, first := 0, 0 // byte offset and character index of the piece
	for first < len(ends) {
		n := len(ends) - first // characters left
		fits := func(k int) bool { return est.Tokens(w[start:ends[first+k-1]]) <= budget }
		if fits(n) {
			out = append(out, w[start:])
			break
		}
		lo, hi := 0, n // fits(lo) (lo = 0 is the empty prefix), !fits(hi)
		for step := max(1, budget); step < hi; step *= 2 {
			if !fits(step) {
				hi = step
				break
			}
			lo = step
		}
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if fits(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		if lo == 0 {
			return nil, fmt.Errorf("densify chunk: the character at byte %d alone estimates over the budget %d", start, budget)
		}
		end := ends[first+lo-1]
		out = append(out, w[start:end])
		start, first = end, first+lo
	}
	return out, nil
}

// paragraphs splits text at blank lines, trimming each paragraph and
// dropping empty ones.
func paragraphs(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	var out, lines []string
	flush := func() {
		if para := strings.TrimSpace(strings.Join(lines, "\n")); para != "" {
			out = append(out, para)
		}
		lines = nil
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		lines = append(lines, line)
	}
	flush()
	return out
}

// normalize trims partials and drops the empty ones.
func normalize(partials []string) []string {
	out := make([]string, 0, len(partials))
	for _, s := range partials {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
