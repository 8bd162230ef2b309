package reports

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// A Badge is one implementation's score on one standard, for a README:
// how many of the standard's MUST requirements it passes ("inflate: 17/17
// MUST"), green when all pass, red when one failed or errored and counts
// as the gate counts it (a failure that follows from another MUST one does
// not: it is shown, "1 follows"), amber otherwise (skipped, not run, a
// follower alone, or an outcome this package does not know).
type Badge struct {
	Run      string // the run's name (Run.Name)
	Standard adapters.Standard
	Passed   int    // MUST requirements passed
	Total    int    // MUST requirements of the standard the run checked
	Bad      int    // of which failed or errored, and counted as the gate counts them (suite.Report.Counts)
	Follows  int    // of which failed following from another failure, not counted
	File     string // a file name for it: implementation-standard.svg
}

// Label is the badge's left half: the standard.
func (b Badge) Label() string { return string(b.Standard) }

// Message is the badge's right half: "17/17 MUST", and "15/17 MUST, 1
// follows" when failures follow from another (one fault, one failure).
func (b Badge) Message() string {
	m := fmt.Sprintf("%d/%d %s", b.Passed, b.Total, suite.Must)
	if b.Follows > 0 {
		m += fmt.Sprintf(", %d follows", b.Follows)
	}
	return m
}

// Color is the message's background.
func (b Badge) Color() string {
	switch {
	case b.Bad > 0:
		return "#c0392b"
	case b.Passed == b.Total:
		return "#2e8540"
	}
	return "#b7791f"
}

// Badges are the badges of every run and standard it implements, in the
// runs' order and then adapters.Standards order. A standard whose
// requirements are all not implemented (or that has no MUST requirement in
// the run) has none.
func Badges(runs []Run) []Badge {
	var out []Badge
	bases := fileBases(runs)
	for i, run := range runs {
		for _, std := range adapters.Standards() {
			b := Badge{Run: run.Name(), Standard: std, File: bases[i] + "-" + string(std) + ".svg"}
			implemented := false
			for _, r := range run.Results {
				if r.Standard != std || r.Outcome == suite.NotImplemented {
					continue
				}
				implemented = true
				if r.Level != suite.Must {
					continue
				}
				b.Total++
				switch {
				case r.Outcome == suite.Passed:
					b.Passed++
				case run.Counts(r, suite.Must):
					b.Bad++
				case r.Bad():
					b.Follows++
				}
			}
			if implemented && b.Total > 0 {
				out = append(out, b)
			}
		}
	}
	return out
}

var unsafeFileChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// maxBadgeBase bounds the implementation's part of a badge's file name
// (file systems allow 255 bytes).
const maxBadgeBase = 64

// fileBases are the runs' names as the first part of their files' names
// (badges, replay files on the matrix page): the name's safe characters
// (letters, digits, . _ -), at most maxBadgeBase bytes. A name that lost
// characters on the way and now reads like another run's, or that kept
// none ("", ".", "..", "/"), is followed by a hash of the whole name, so
// that names that differ give different files (x/y and x_y).
func fileBases(runs []Run) []string {
	names := make([]string, len(runs))
	safe := make([]string, len(runs))
	count := map[string]int{}
	for i, run := range runs {
		names[i] = cmp.Or(run.Label, run.Adapter.Name)
		safe[i] = safeFile(names[i])
		count[safe[i]]++
	}
	for i, s := range safe {
		if s == "" || s != names[i] && count[s] > 1 {
			sum := sha256.Sum256([]byte(names[i]))
			safe[i] = cmp.Or(s, "run") + "_" + hex.EncodeToString(sum[:4])
		}
	}
	return safe
}

// safeFile is s as a file name: runs of other characters become "_",
// cut to maxBadgeBase bytes.
func safeFile(s string) string {
	s = strings.Trim(unsafeFileChars.ReplaceAllString(s, "_"), "._")
	if len(s) > maxBadgeBase {
		s = strings.TrimRight(s[:maxBadgeBase], "._")
	}
	return s
}

// CheckBadges refuses badges that would be written to the same file (two
// runs whose names give the same file name): the caller checks before
// writing anything.
func CheckBadges(badges []Badge) error {
	seen := map[string]string{}
	for _, b := range badges {
		if other, dup := seen[b.File]; dup && other != b.Run {
			return fmt.Errorf("the badges of %q and %q would both be %s: name the runs apart", other, b.Run, b.File)
		}
		seen[b.File] = b.Run
	}
	return nil
}

// textWidth estimates the width of s in 11px Verdana, the badges' font:
// wide enough for the text in every common sans-serif.
func textWidth(s string) int {
	w := 0.0
	for _, r := range s {
		switch {
		case strings.ContainsRune("il.,:;|!' ", r):
			w += 3.9
		case strings.ContainsRune("fjrt/()-1", r):
			w += 5.2
		case r >= 'A' && r <= 'Z', strings.ContainsRune("mw%", r):
			w += 9.2
		default:
			w += 7.0
		}
	}
	return int(w + 0.5)
}

// SVG is the badge as a standalone SVG image (shields.io's flat style);
// id prefixes its element IDs, which must differ between badges inlined in
// one page.
func (b Badge) SVG(id string) string {
	label, msg := b.Label(), b.Message()
	lw, mw := textWidth(label)+12, textWidth(msg)+12
	w := lw + mw
	e := html.EscapeString
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%[1]d" height="20" role="img" aria-label="%[2]s: %[3]s">`+
		`<title>%[2]s: %[3]s</title>`+
		`<linearGradient id="%[7]s-s" x2="0" y2="100%%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`+
		`<clipPath id="%[7]s-r"><rect width="%[1]d" height="20" rx="3" fill="#fff"/></clipPath>`+
		`<g clip-path="url(#%[7]s-r)"><rect width="%[4]d" height="20" fill="#555"/><rect x="%[4]d" width="%[5]d" height="20" fill="%[6]s"/><rect width="%[1]d" height="20" fill="url(#%[7]s-s)"/></g>`+
		`<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">`+
		`<text x="%[8]d" y="15" fill="#010101" fill-opacity=".3">%[2]s</text><text x="%[8]d" y="14">%[2]s</text>`+
		`<text x="%[9]d" y="15" fill="#010101" fill-opacity=".3">%[3]s</text><text x="%[9]d" y="14">%[3]s</text></g></svg>`+"\n",
		w, e(label), e(msg), lw, mw, b.Color(), id, lw/2, lw+mw/2)
}
