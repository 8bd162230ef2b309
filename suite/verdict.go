package suite

import (
	"regexp"
	"strings"
)

// A property's FAIL message (property.message) opens with a line naming
// the property and the case that falsified it, and closes with a note on
// how the case was shrunk. Both depend on where the case came from: a
// remembered case that fails is the generated one of an earlier run,
// shrunk again (to no smaller case), so the same fault reads "falsified by
// remembered case 37795720b4d39f7a:" in one run and "falsified by
// generated case 19 of 100 (seed 1), shrunk:" in the next.
var (
	propertyHead = regexp.MustCompile(`^(property "(?:[^"\\]|\\.)*") falsified by .*:$`)
	shrinkNoted  = regexp.MustCompile(`^\((?:shrunk in|not shrunk:) .*\)$`)
)

// Verdict is what a message says, for comparing two runs' messages: a
// property's failure without where its case came from and how it was
// shrunk ("property "covered" falsified:", then what was wrong and the
// case). Any other message is its own verdict.
func Verdict(message string) string {
	lines := strings.Split(message, "\n")
	out := lines[:0]
	for _, l := range lines {
		if shrinkNoted.MatchString(l) {
			continue
		}
		out = append(out, propertyHead.ReplaceAllString(l, "$1 falsified:"))
	}
	return strings.Join(out, "\n")
}

// Finding is the first line of r's message that says what was wrong: past
// the standard's sentence that opens the FAIL of a MUST or SHOULD (quoted)
// and a property's line naming itself and its case, as "window 0 of "doc"
// is 2501 runes long, over the cap of 2500". It is "" for a message with
// no such line.
func (r Result) Finding() string {
	msg := r.Message
	if head, rest, ok := strings.Cut(msg, "\n"); ok && r.Quote != "" && strings.HasSuffix(head, `: "`+r.Quote+`"`) {
		msg = rest
	}
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" && !propertyHead.MatchString(l) {
			return l
		}
	}
	return ""
}
