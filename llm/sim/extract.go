package sim

import (
	"strings"
	"unicode/utf8"
)

// extract is the deterministic densifier (see the package documentation):
// round-robin first sentences of paragraphs under budget tokens.
func (s *Sim) extract(input string, budget int) string {
	if budget <= 0 {
		return ""
	}
	paras := simParagraphs(input)
	sents := make([][]string, len(paras))
	for i, p := range paras {
		sents[i] = sentences(p)
	}
	take := make([]int, len(paras)) // sentences taken from each paragraph (a prefix)
	sep := s.Tokens("\n\n")
	used, full := 0, false
	for round := 0; !full; round++ {
		more := false
		for i := range paras {
			if round >= len(sents[i]) {
				continue
			}
			more = true
			cost := s.Tokens(sents[i][round])
			if used > 0 {
				cost += sep
			}
			if used+cost > budget {
				full = true
				break
			}
			used += cost
			take[i]++
		}
		if !more {
			break
		}
	}
	var out []string
	for i, n := range take {
		if n > 0 {
			out = append(out, strings.Join(sents[i][:n], " "))
		}
	}
	if len(out) == 0 {
		for _, ss := range sents {
			if len(ss) > 0 {
				return s.prefix(ss[0], budget)
			}
		}
	}
	return strings.Join(out, "\n\n")
}

// prefix returns the longest prefix of whole characters of text whose count
// is at most budget (binary search; the count is prefix-monotone).
func (s *Sim) prefix(text string, budget int) string {
	if budget <= 0 {
		return ""
	}
	if s.Tokens(text) <= budget {
		return text
	}
	ends := make([]int, 0, len(text))
	for i, r := range text {
		ends = append(ends, i+utf8.RuneLen(r))
	}
	lo, hi := 0, len(ends) // prefix of lo characters fits; of hi does not
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if s.Tokens(text[:ends[mid-1]]) <= budget {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return ""
	}
	return text[:ends[lo-1]]
}

// simParagraphs splits at blank lines and at lines of only "---".
func simParagraphs(text string) []string {
	var out, lines []string
	flush := func() {
		if p := strings.TrimSpace(strings.Join(lines, "\n")); p != "" {
			out = append(out, p)
		}
		lines = nil
	}
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if t := strings.TrimSpace(line); t == "" || t == "---" {
			flush()
			continue
		}
		lines = append(lines, line)
	}
	flush()
	return out
}

// sentences splits a paragraph at line breaks and after . ! ? followed by
// white space, or after 。！？.
func sentences(para string) []string {
	var out []string
	for _, line := range strings.Split(para, "\n") {
		start := 0
		for i, r := range line {
			end := i + utf8.RuneLen(r)
			cut := false
			switch r {
			case '。', '！', '？':
				cut = true
			case '.', '!', '?':
				cut = end == len(line) || line[end] == ' ' || line[end] == '\t'
			}
			if cut {
				if t := strings.TrimSpace(line[start:end]); t != "" {
					out = append(out, t)
				}
				start = end
			}
		}
		if t := strings.TrimSpace(line[start:]); t != "" {
			out = append(out, t)
		}
	}
	return out
}
