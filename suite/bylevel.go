package suite

import (
	"fmt"
	"strings"
)

// ByLevel is the closing line per level: for each level the run holds,
// how many of its requirements passed out of those judged (passed,
// failed, errored or not run; skips, requirements of undeclared standards
// and outcomes that are no verdict are left out). MUST and SHOULD are what
// conformance to a standard means; ROBUST is said apart, as ctxconform's
// own rules, and REFERENCE as the reference's choices: neither counts
// towards conforming to a standard.
func (r Report) ByLevel() string {
	var parts []string
	for _, l := range Levels() {
		passed, judged := 0, 0
		for _, x := range r.Results {
			if x.Level != l {
				continue
			}
			switch x.Outcome {
			case Passed:
				passed++
				judged++
			case Failed, Errored, NotRun:
				judged++
			}
		}
		if judged == 0 {
			continue
		}
		part := fmt.Sprintf("%s %d/%d passed", l, passed, judged)
		switch l {
		case Robust:
			part += " (ctxconform's own rules, not the standards')"
		case Reference:
			part += " (the reference's choices)"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}
