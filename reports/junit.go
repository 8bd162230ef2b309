package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/suite"
)

// JUnitOptions shape the JUnit XML report.
type JUnitOptions struct {
	// StrictExpectations reports a known failure that now passes as a
	// failure (type "unexpected-pass") instead of a pass.
	StrictExpectations bool
}

type junitSuites struct {
	XMLName xml.Name `xml:"testsuites"`
	Name    string   `xml:"name,attr"`
	junitCounts
	Time   string       `xml:"time,attr"`
	Suites []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name string `xml:"name,attr"`
	junitCounts
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr,omitempty"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
	SystemErr  string          `xml:"system-err,omitempty"`
}

// junitCounts are the counts a <testsuite> carries, and <testsuites> their
// sums.
type junitCounts struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Errors   int `xml:"errors,attr"`
	Skipped  int `xml:"skipped,attr"`
}

func (c *junitCounts) add(d junitCounts) {
	c.Tests += d.Tests
	c.Failures += d.Failures
	c.Errors += d.Errors
	c.Skipped += d.Skipped
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr,omitempty"`
}

// JUnit writes the runs as JUnit XML, the report format CI systems read:
// one <testsuite> per adapter and standard, one <testcase> per requirement
// named "ID: requirement". A failed requirement is a <failure>, an errored
// one an <error> (whatever its level: the exit status, not this file,
// applies --fail-on); a requirement not run (the run was interrupted: it
// fails the exit status, so a CI system must not show the run as green)
// is an <error> of type "not run"; a known failure from the expectations
// file, a skipped or inconclusive requirement and a standard or operation
// not implemented are <skipped> with the reason.
func JUnit(w io.Writer, runs []Run, opts JUnitOptions) error {
	doc := junitSuites{Name: "ctxconform"}
	var total float64
	for _, run := range runs {
		for _, std := range adapters.Standards() {
			s := junitSuite{Name: fmt.Sprintf("%s: %s", run.Name(), std), Timestamp: run.Started.Format("2006-01-02T15:04:05")}
			var secs float64
			for _, r := range run.Results {
				if r.Standard != std {
					continue
				}
				c := junitCase{
					Name:      r.ID + ": " + r.Title,
					Classname: "ctxconform." + classPart(run.Adapter.Name) + "." + string(std),
					Time:      fmt.Sprintf("%.3f", r.Duration.Seconds()),
				}
				secs += r.Duration.Seconds()
				detail := details(r)
				st, x := run.Check.Status(r.ID)
				switch {
				case st == "known":
					c.Skipped = &junitSkipped{Message: fmt.Sprintf("known %s (expectations): %s", r.Outcome, why(x))}
					c.SystemOut = detail
					s.Skipped++
				case r.Outcome == suite.Failed && r.FollowsFrom != "":
					note := run.FollowingNote(r)
					c.Failure = &junitProblem{Message: note + ": " + firstLine(r.Message, 200), Type: "failed " + r.Level.String() + ", following from " + r.FollowsFrom,
						Text: xmlSafe(note) + "\n" + detail}
					s.Failures++
				case r.Outcome == suite.Failed:
					c.Failure = &junitProblem{Message: clip.Text(r.Finding(), 200), Type: "failed " + r.Level.String(), Text: detail}
					s.Failures++
				case r.Outcome == suite.Errored:
					c.Error = &junitProblem{Message: firstLine(r.Message, 200), Type: "errored", Text: detail}
					s.Errors++
				case st == "fixed" && opts.StrictExpectations:
					c.Failure = &junitProblem{Message: "listed as a known failure but passed: remove it from the expectations file",
						Type: "unexpected-pass", Text: why(x)}
					s.Failures++
				case r.Outcome == suite.Skipped:
					c.Skipped = &junitSkipped{Message: r.Message}
					s.Skipped++
				case r.Outcome == suite.NotRun:
					c.Error = &junitProblem{Message: "not run: " + firstLine(r.Message, 200), Type: "not run", Text: detail}
					s.Errors++
				case r.Outcome == suite.Inconclusive:
					c.Skipped = &junitSkipped{Message: "inconclusive: " + r.Message}
					s.Skipped++
				case r.Outcome == suite.NotImplemented && r.Unimplemented != "":
					c.Skipped = &junitSkipped{Message: "not implemented: " + r.Message}
					s.Skipped++
				case r.Outcome == suite.NotImplemented:
					c.Skipped = &junitSkipped{Message: fmt.Sprintf("not implemented: %s does not declare %s", run.Adapter.Name, std)}
					s.Skipped++
				case r.Outcome != suite.Passed: // an outcome this writer does not know: no pass
					c.Skipped = &junitSkipped{Message: string(r.Outcome) + ": " + firstLine(r.Message, 200)}
					c.SystemOut = detail
					s.Skipped++
				default:
					c.SystemOut = detail
					if st == "fixed" {
						c.SystemOut = strings.TrimSpace("passes, though listed as a known failure (" + why(x) + ")\n" + detail)
					}
				}
				s.Cases = append(s.Cases, c)
			}
			if len(s.Cases) == 0 {
				continue
			}
			s.Tests = len(s.Cases)
			s.Time = fmt.Sprintf("%.3f", secs)
			s.Properties = []junitProperty{
				{Name: "adapter", Value: run.Adapter.Name},
				{Name: "version", Value: run.Adapter.Version},
				{Name: "language", Value: run.Adapter.Language},
				{Name: "unit", Value: string(run.Adapter.Unit)},
				{Name: "level", Value: run.Level.String()},
				{Name: "seed", Value: fmt.Sprint(run.Seed)},
			}
			if c := run.Adapter.Config.Shown(); c != "" {
				s.Properties = append(s.Properties, junitProperty{Name: "config", Value: c})
			}
			if run.Shard != nil {
				s.Properties = append(s.Properties, junitProperty{Name: "shard", Value: run.Shard.String()})
			}
			if run.Interrupted != "" {
				s.Properties = append(s.Properties, junitProperty{Name: "interrupted", Value: run.Interrupted})
			}
			if s.Errors > 0 {
				s.SystemErr = run.Stderr
			}
			total += secs
			doc.add(s.junitCounts)
			doc.Suites = append(doc.Suites, s)
		}
	}
	doc.Time = fmt.Sprintf("%.3f", total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// details is the full text of a result: message, logs and notes.
func details(r suite.Result) string {
	var b strings.Builder
	if r.Message != "" {
		b.WriteString(r.Message)
		b.WriteString("\n")
	}
	for _, l := range r.Logs {
		b.WriteString("log: " + l + "\n")
	}
	for _, n := range r.Notes {
		b.WriteString("note: " + n + "\n")
	}
	return xmlSafe(strings.TrimSpace(b.String()))
}

// xmlSafe drops characters XML 1.0 cannot carry (control characters other
// than tab and newline), which a crashing implementation may print.
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF:
			return '�'
		}
		return r
	}, s)
}

func classPart(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == ' ' || r == '/' {
			return '_'
		}
		return r
	}, s)
}
