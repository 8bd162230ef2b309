// Package testprog finds the interpreters that run the project's faulty
// programs (testdata/faulty), readings programs (testdata/readings) and
// independent implementation (testdata/independent) in tests.
//
// A tests starts such a program once per requirement when the program
// faults (the harness restarts it), so the cost of a start matters: on a
// machine where python3 is a pyenv shim, a start goes through two shell
// scripts first and takes ten times as long as the interpreter itself
// (4.6 s against 0.4 s on a loaded 2-core machine). Python resolves the
// shim to the interpreter once.
package testprog

import (
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

var python struct {
	once sync.Once
	path string
	err  error
}

// Python returns the path of the python3 interpreter itself (not a shim in
// front of it), or skips t when there is none.
func Python(t testing.TB) string {
	t.Helper()
	python.once.Do(func() {
		var shim string
		if shim, python.err = exec.LookPath("python3"); python.err != nil {
			return
		}
		out, err := exec.Command(shim, "-c", "import sys; print(sys.executable)").Output()
		python.path = strings.TrimSpace(string(out))
		if err != nil || python.path == "" {
			python.path = shim // the shim works, only slower
		}
	})
	if python.err != nil {
		t.Skip("python3 not found: the faulty programs in testdata/faulty need it")
	}
	return python.path
}

// Node returns the path of the node interpreter, or skips t when there is
// none (the programs in testdata/readings need it).
func Node(t testing.TB) string {
	t.Helper()
	path, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: the programs in testdata/readings need it")
	}
	return path
}

// JDK returns the paths of the java and javac commands (the independent
// implementation in testdata/independent/java needs both), or skips t
// when either is missing; in CI, where the JDK is expected, it fails t
// instead.
func JDK(t testing.TB) (java, javac string) {
	t.Helper()
	var missing []string
	paths := make([]string, 2)
	for i, name := range []string{"java", "javac"} {
		p, err := exec.LookPath(name)
		if err != nil {
			missing = append(missing, name)
		}
		paths[i] = p
	}
	if len(missing) > 0 {
		msg := strings.Join(missing, " and ") + " not found: the independent implementation in testdata/independent/java needs a JDK (17 or later)"
		if os.Getenv("CI") != "" {
			t.Fatal(msg + "; CI must have it")
		}
		t.Skip(msg)
	}
	return paths[0], paths[1]
}
