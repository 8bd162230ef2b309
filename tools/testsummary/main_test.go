package main

import (
	"bytes"
	"strings"
	"testing"
)

// stream is go test -json of a package with a passing, a failing and two
// skipped tests (one skip reason shared with a subtest).
const stream = `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"output","Package":"p","Test":"TestA","Output":"    a_test.go:9: chatter of a passing test\n"}
{"Action":"output","Package":"p","Test":"TestA","Output":"--- PASS: TestA (0.00s)\n"}
{"Action":"pass","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestB","Output":"=== RUN   TestB\n"}
{"Action":"output","Package":"p","Test":"TestB","Output":"    b_test.go:3: boom\n"}
{"Action":"output","Package":"p","Test":"TestB","Output":"--- FAIL: TestB (0.00s)\n"}
{"Action":"fail","Package":"p","Test":"TestB"}
{"Action":"output","Package":"p","Test":"TestC","Output":"=== RUN   TestC\n"}
{"Action":"output","Package":"p","Test":"TestC","Output":"    c_test.go:5: no chromium: make chromium installs it\n"}
{"Action":"output","Package":"p","Test":"TestC","Output":"--- SKIP: TestC (0.00s)\n"}
{"Action":"skip","Package":"p","Test":"TestC"}
{"Action":"output","Package":"p","Test":"TestD/x","Output":"    d_test.go:5: no chromium: make chromium installs it\n"}
{"Action":"skip","Package":"p","Test":"TestD/x"}
{"Action":"output","Package":"p","Output":"FAIL\n"}
{"Action":"output","Package":"p","Output":"FAIL\tp\t0.01s\n"}
{"Action":"fail","Package":"p"}
not json: printed as it is
`

// TestSummary: a passing test's output is dropped, a failing one's printed
// without go test's framing, the package line kept, and the skipped tests
// listed at the end with their reason, alike reasons together.
func TestSummary(t *testing.T) {
	var b bytes.Buffer
	s := newSummary(&b)
	s.read(strings.NewReader(stream))
	s.skips()
	out := b.String()
	for _, want := range []string{
		"    b_test.go:3: boom\n--- FAIL: TestB (0.00s)\n",
		"FAIL\tp\t0.01s\n",
		"not json: printed as it is\n",
		"\nSkipped (2):\n  p TestC, TestD/x: no chromium: make chromium installs it\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"chatter of a passing test", "=== RUN"} {
		if strings.Contains(out, not) {
			t.Errorf("output holds %q:\n%s", not, out)
		}
	}
}

// TestExitStatus: the summary exits with the status of the command it ran.
func TestExitStatus(t *testing.T) {
	for _, code := range []int{0, 1, 3} {
		var out, errOut bytes.Buffer
		got := run([]string{"sh", "-c", `echo '{"Action":"pass","Package":"p"}'; exit ` + string(rune('0'+code))}, &out, &errOut)
		if got != code {
			t.Errorf("exit %d, want %d (%s)", got, code, errOut.String())
		}
	}
	var out, errOut bytes.Buffer
	if got := run([]string{"/nonexistent/go"}, &out, &errOut); got != 2 {
		t.Errorf("a command that cannot start: exit %d, want 2", got)
	}
}
