// Command testsummary runs go test -json and prints what a person reads of
// it: the output of the tests that failed, a line per package, and at the
// end every skipped test with its reason — which plain go test hides unless
// -v shows everything. It exits with go test's status.
//
//	go run ./tools/testsummary -- go test -json -count=1 ./...
//
// It is a tool of this repository's Makefile (make test), not a part of the
// conformance binary.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"time"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: testsummary [--] go test -json [flags] [packages]")
		os.Exit(2)
	}
	os.Exit(run(args, os.Stdout, os.Stderr))
}

// run starts the command, summarizes its JSON events on stdout and returns
// its exit status (2 when it could not be started).
func run(args []string, stdout, stderr io.Writer) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintf(stderr, "testsummary: %v\n", err)
		return 2
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "testsummary: %v\n", err)
		return 2
	}
	s := newSummary(stdout)
	s.read(out)
	err = cmd.Wait()
	s.skips()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return exit.ExitCode()
	}
	fmt.Fprintf(stderr, "testsummary: %s: %v\n", args[0], err)
	return 2
}

// event is one line of go test -json (cmd/test2json).
type event struct {
	Time    time.Time
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// summary holds the output of each running test until it ends: printed if
// it failed, kept as the reason if it was skipped, dropped if it passed.
type summary struct {
	w       io.Writer
	running map[string][]string // package + " " + test: its output lines
	skipped map[string]map[string][]string
}

func newSummary(w io.Writer) *summary {
	return &summary{w: w, running: map[string][]string{}, skipped: map[string]map[string][]string{}}
}

// read consumes the events; a line that is not an event is printed as it is.
func (s *summary) read(r io.Reader) {
	lines := bufio.NewScanner(r)
	lines.Buffer(make([]byte, 64<<10), 16<<20)
	for lines.Scan() {
		var e event
		if err := json.Unmarshal(lines.Bytes(), &e); err != nil || e.Action == "" {
			fmt.Fprintln(s.w, lines.Text())
			continue
		}
		s.event(e)
	}
}

func (s *summary) event(e event) {
	key := e.Package + " " + e.Test
	switch {
	case e.Action == "build-output":
		fmt.Fprint(s.w, e.Output)
	case e.Test == "" && e.Action == "output":
		if !noise(e.Output) {
			fmt.Fprint(s.w, e.Output)
		}
	case e.Test == "" && e.Action == "fail":
		// A package that timed out or panicked leaves tests unfinished:
		// their output is what explains it.
		for k, out := range s.running {
			if strings.HasPrefix(k, e.Package+" ") {
				s.print(out)
				delete(s.running, k)
			}
		}
	case e.Test == "":
	case e.Action == "output":
		s.running[key] = append(s.running[key], e.Output)
	case e.Action == "fail":
		s.print(s.running[key])
		delete(s.running, key)
	case e.Action == "skip":
		if s.skipped[e.Package] == nil {
			s.skipped[e.Package] = map[string][]string{}
		}
		why := reason(s.running[key])
		s.skipped[e.Package][why] = append(s.skipped[e.Package][why], e.Test)
		delete(s.running, key)
	case e.Action == "pass":
		delete(s.running, key)
	}
}

// noise is go test's framing that says nothing in a summary.
func noise(line string) bool {
	l := strings.TrimSpace(line)
	return l == "PASS" || strings.HasPrefix(l, "=== ")
}

func (s *summary) print(out []string) {
	for _, l := range out {
		if !noise(l) {
			fmt.Fprint(s.w, l)
		}
	}
}

// location is the file:line go test puts before a test's message: left
// out of a reason, so that tests skipped alike are listed together.
var location = regexp.MustCompile(`^[\w.-]+\.go:\d+: `)

// reason is a skipped test's message: its output without the framing and
// the file:line, on one line.
func reason(out []string) string {
	var parts []string
	for _, l := range out {
		l = strings.TrimSpace(l)
		if l == "" || noise(l) || strings.HasPrefix(l, "--- SKIP") {
			continue
		}
		parts = append(parts, location.ReplaceAllString(l, ""))
	}
	if len(parts) == 0 {
		return "(no reason given)"
	}
	return strings.Join(parts, " ")
}

// skips prints the skipped tests, by package, those of one reason together.
func (s *summary) skips() {
	n := 0
	for _, byWhy := range s.skipped {
		for _, tests := range byWhy {
			n += len(tests)
		}
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(s.w, "\nSkipped (%d):\n", n)
	pkgs := make([]string, 0, len(s.skipped))
	for p := range s.skipped {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		whys := make([]string, 0, len(s.skipped[p]))
		for w := range s.skipped[p] {
			whys = append(whys, w)
		}
		sort.Strings(whys)
		for _, w := range whys {
			fmt.Fprintf(s.w, "  %s %s: %s\n", p, names(s.skipped[p][w]), w)
		}
	}
}

// names lists tests, the list cut after three.
func names(tests []string) string {
	sort.Strings(tests)
	if len(tests) <= 3 {
		return strings.Join(tests, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(tests[:3], ", "), len(tests)-3)
}
