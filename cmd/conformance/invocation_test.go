package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// TestInvocation: printed commands name the binary as it was invoked, but
// not go run's temporary build.
func TestInvocation(t *testing.T) {
	for _, c := range []struct{ arg0, want string }{
		{"bin/conformance", "bin/conformance"},
		{"./conformance", "./conformance"},
		{"/opt/ctx/conformance", "/opt/ctx/conformance"},
		{"conformance", "conformance"},
		{"", "conformance"},
		{"/tmp/go-build123/b001/exe/conformance", "conformance"},
	} {
		if got := invocation(c.arg0); got != c.want {
			t.Errorf("invocation(%q) = %q, want %q", c.arg0, got, c.want)
		}
	}
}

// TestReplayLines: the replay command names the binary as invoked, and a
// run with many failures prints a few replay lines and counts the rest.
func TestReplayLines(t *testing.T) {
	defer func(s string) { invokedAs = s }(invokedAs)
	invokedAs = "bin/conformance"
	dir := t.TempDir()
	var rep suite.Report
	for i := 0; i < 25; i++ {
		id := fmt.Sprintf("INF-%02d", i)
		rep.Results = append(rep.Results, suite.Result{ID: id, Outcome: suite.Errored, Replay: &suite.Replay{ID: id}})
	}
	var stderr bytes.Buffer
	writeReplays([]reports.Run{{Report: rep}}, runConfig{adapters: []string{"exec"}, command: []string{"python3", "impl.py"}, replayDir: dir}, &stderr)
	out := stderr.String()
	if n := strings.Count(out, "\n"); n != maxReplayLines+1 {
		t.Errorf("%d lines, want %d:\n%s", n, maxReplayLines+1, out)
	}
	for _, want := range []string{"replay with: bin/conformance replay " + dir + "/INF-00.json -- python3 impl.py", "… and 15 more replay files in " + dir} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}
