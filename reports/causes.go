package reports

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// The terminal says one root cause once: a program that never starts, or
// dies at every request, errs the same way on every requirement, and 141
// copies of one message hide what matters. Errors are grouped by their
// cause (the message with its numbers, the operation's sequence numbers
// among them, left out, and without the check's own prefix); a group of
// several is printed once with the IDs it covers. The JSON, JUnit and
// Markdown reports keep every requirement with its own message.

// minGroup is the least number of alike errors printed as one block.
const minGroup = 3

// errGroup is the requirements that errored for one cause.
type errGroup struct {
	ids   []string
	first suite.Result
}

var digits = regexp.MustCompile(`[0-9]+`)

// causeKey is what alike errors share: the message from its fault on
// (checks prefix a fault with what they were sending), numbers blanked.
func causeKey(msg string) string {
	if i := strings.Index(msg, "implementation fault: "); i >= 0 {
		msg = msg[i:]
	}
	return digits.ReplaceAllString(strings.TrimSpace(msg), "#")
}

// errGroups groups the errored results by cause, in the order of each
// group's first result.
func errGroups(results []suite.Result) []errGroup {
	var groups []errGroup
	at := map[string]int{}
	for _, r := range results {
		if r.Outcome != suite.Errored {
			continue
		}
		k := causeKey(r.Message)
		i, ok := at[k]
		if !ok {
			i = len(groups)
			at[k] = i
			groups = append(groups, errGroup{first: r})
		}
		groups[i].ids = append(groups[i].ids, r.ID)
	}
	return groups
}

// grouped reports whether r's error is printed in a shared block.
func grouped(groups []errGroup, r suite.Result) bool {
	for _, g := range groups {
		if len(g.ids) >= minGroup && containsID(g.ids, r.ID) {
			return true
		}
	}
	return false
}

func containsID(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// oneCause is the cause every result of rows errored with, or "" when they
// did not all error alike.
func oneCause(rows []suite.Result) string {
	if len(rows) < minGroup {
		return ""
	}
	g := errGroups(rows)
	if len(g) != 1 || len(g[0].ids) != len(rows) {
		return ""
	}
	return firstLine(g[0].first.Message, 200)
}

// idList names the IDs of a group, the middle elided past a dozen.
func idList(ids []string) string {
	if len(ids) <= 12 {
		return strings.Join(ids, ", ")
	}
	return strings.Join(ids[:6], ", ") + fmt.Sprintf(", … %d more …, ", len(ids)-9) + strings.Join(ids[len(ids)-3:], ", ")
}

// described is the heading's note on the implementation: its language and
// unit, or that it never described itself (it did not start, or its
// handshake was refused), rather than empty fields.
func described(info adapters.Info) string {
	if info.Unit == "" && info.Language == "" {
		return "it did not describe itself"
	}
	return fmt.Sprintf("%s, counts %s", orDash(info.Language), orDash(string(info.Unit))) + declaresNote(info, ", ")
}

// declaresNote is sep and what the implementation declared apart from the
// texts' defaults ("declares merge_threshold=400"; adapters.Config), or ""
// when it declared nothing of the kind: every output shows it beside the
// implementation's description, as the verdicts were judged by it.
func declaresNote(info adapters.Info, sep string) string {
	if c := info.Config.Shown(); c != "" {
		return sep + "declares " + c
	}
	return ""
}

// perStandard counts results per standard: "inflate 17, density 10".
func perStandard(results []suite.Result) string {
	var parts []string
	for _, std := range adapters.Standards() {
		n := 0
		for _, r := range results {
			if r.Standard == std {
				n++
			}
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", std, n))
		}
	}
	return strings.Join(parts, ", ")
}

// skipped lists the skipped results with their reasons, one line each.
func skipped(results []suite.Result) []string {
	var out []string
	for _, r := range results {
		if r.Outcome == suite.Skipped {
			out = append(out, fmt.Sprintf("%s  %s", r.ID, firstLine(r.Message, 200)))
		}
	}
	return out
}
