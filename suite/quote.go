package suite

import (
	"fmt"
	"strings"
)

// QuoteSep joins the fragments of a Quote taken from different places of a
// standard's text: each fragment is verbatim, the separator is not.
const QuoteSep = " … "

// Fragments splits a quote into its verbatim fragments.
func Fragments(quote string) []string {
	if quote == "" {
		return nil
	}
	return strings.Split(quote, QuoteSep)
}

// WithQuotes sets each requirement's Quote from quotes, keyed by ID: the
// catalogues keep their quotes in one table beside the rows. A key that
// names no requirement of reqs is a bug of the catalogue, and panics, as
// the catalogue is code and every test builds it.
func WithQuotes(reqs []Requirement, quotes map[string]string) []Requirement {
	used := 0
	for i := range reqs {
		if q, ok := quotes[reqs[i].ID]; ok {
			reqs[i].Quote = strings.Join(strings.Fields(q), " ")
			used++
		}
	}
	if used != len(quotes) {
		for id := range quotes {
			found := false
			for _, r := range reqs {
				found = found || r.ID == id
			}
			if !found {
				panic(fmt.Sprintf("ctxconform catalogue: a quote for %s, which is not in the catalogue", id))
			}
		}
	}
	return reqs
}

// quoted is the message of res with, for a FAIL of a MUST or SHOULD, the
// sentence of the standard it breaks as its first line: where the
// standard says what was not done. Errors and skips keep their message.
func quoted(r Requirement, res Result) string {
	if res.Outcome != Failed || !r.Level.Normative() || r.Quote == "" {
		return res.Message
	}
	return fmt.Sprintf("%s: \"%s\"\n%s", where(r), r.Quote, res.Message)
}

// where names the text and section a requirement quotes: its section,
// prefixed by its standard's source when the section does not name a text
// (densification's sections are headings of one document).
func where(r Requirement) string {
	for _, text := range []string{"std", "ADR"} {
		if strings.HasPrefix(r.Section, text) {
			return r.Section
		}
	}
	if src := r.Standard.Source(); src != "" {
		return src + ", " + r.Section
	}
	return r.Section
}
