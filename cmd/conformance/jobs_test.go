package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/internal/testenv/pgtest"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/jackc/pgx/v5"
)

// TestJobsSameReports is the done-when of issue 40's --jobs: the catalogue
// run on 1, 2 and 3 instances of each program of the repository's tests
// (the Node example, the Python template, a program that crashes on some
// requirements, one that hangs on them, one that crashes on every request)
// and of the PostgreSQL adapter (a session each) gives the same JSON report once the timings are taken out, and the same
// replay files and failure memory. What depends on how the requirements
// were dealt is left out and checked apart: the implementation's standard
// error (each instance's in turn), the restarts (an instance the last of
// its requirements crashed is not started again: up to N-1 fewer), and the
// figures of a timed requirement (PRF-03, which measures speed).
func TestJobsSameReports(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the catalogue nine times over on programs: not in -short")
	}
	python := testprog.Python(t)
	node := testprog.Node(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	exec := func(argv ...string) []string { return append([]string{"--adapter", "exec", "--"}, argv...) }
	faulty := func(name string, args ...string) []string {
		return exec(append([]string{python, filepath.Join(root, "testdata", "faulty", name)}, args...)...)
	}
	for _, c := range []struct {
		name    string
		args    []string // the adapter's flags, a command last
		crashes bool     // the program crashes or hangs on some requirement
	}{
		{"node example", exec(node, filepath.Join(root, "adapters", "process", "examples", "node", "impl.js")), false},
		{"python template", exec(python, filepath.Join(root, "adapters", "process", "templates", "python", "impl.py")), false},
		{"crashes on large requests", faulty("inflate.py", "crash90"), true},
		{"hangs on large requests", append([]string{"--request-timeout", "5s"}, faulty("inflate.py", "hang90")...), true},
		{"crashes on every request", faulty("exit.py"), true},
		{"postgres", []string{"--adapter", "postgres", "--dsn", pgtest.DSN()}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "postgres" {
				conn, err := pgx.Connect(context.Background(), pgtest.DSN())
				if err != nil {
					pgtest.Unavailable(t, err)
				}
				conn.Close(context.Background())
			}
			var first jobsRun
			for _, jobs := range []int{1, 2, 3} {
				got := runJobs(t, jobs, c.args)
				if jobs == 1 {
					first = got
					continue
				}
				if got.report != first.report {
					t.Errorf("--jobs %d: the report differs from --jobs 1's:\n%s", jobs, firstDifference(first.report, got.report))
				}
				if !slices.Equal(got.replays, first.replays) {
					t.Errorf("--jobs %d: replay files differ from --jobs 1's:\n%s", jobs, firstDifference(strings.Join(first.replays, "\n"), strings.Join(got.replays, "\n")))
				}
				if !slices.Equal(got.memory, first.memory) {
					t.Errorf("--jobs %d: the failure memory differs from --jobs 1's:\n%s", jobs, firstDifference(strings.Join(first.memory, "\n"), strings.Join(got.memory, "\n")))
				}
				if got.restarts > first.restarts || got.restarts < first.restarts-(jobs-1) {
					t.Errorf("--jobs %d: %d restarts, --jobs 1 %d: want between %d and %d", jobs, got.restarts, first.restarts, first.restarts-(jobs-1), first.restarts)
				}
			}
			if c.crashes && first.restarts == 0 {
				t.Errorf("no restart: the program was meant to crash or hang on some requirement")
			}
		})
	}
}

// jobsRun is what a run leaves, comparable: the JSON report without what
// differs from run to run, the replay files and the failure memory (name
// and content of each), and the restarts.
type jobsRun struct {
	report   string
	replays  []string
	memory   []string
	restarts int
}

// runJobs runs the catalogue on --jobs jobs instances of the adapter args
// name (a command last).
func runJobs(t *testing.T, jobs int, adapter []string) jobsRun {
	t.Helper()
	dir := t.TempDir()
	js := filepath.Join(dir, "report.json")
	args := []string{"run", "--jobs", fmt.Sprint(jobs), "--property-runs", "20", "--seed", "7",
		"--start-timeout", "2m", "--request-timeout", "1m", "--json", js,
		"--replay-dir", filepath.Join(dir, "replays"), "--memory", filepath.Join(dir, "memory")}
	args = append(args, adapter...)
	code, stdout, stderr := runCmd(args...)
	if code != exitOK && code != exitGate {
		t.Fatalf("--jobs %d: exit %d\n%s\n%s", jobs, code, stdout, stderr)
	}
	raw, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	run := doc["runs"].([]any)[0].(map[string]any)
	restarts, _ := run["restarts"].(float64)
	delete(run, "stderr")
	delete(run, "restarts")
	timed := map[string]bool{}
	for _, r := range ctxconform.Requirements() {
		timed[r.ID] = r.Timed
	}
	for _, r := range run["results"].([]any) {
		if res := r.(map[string]any); timed[res["id"].(string)] {
			delete(res, "notes")
		}
	}
	untimed(doc)
	out, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return jobsRun{report: string(out), replays: filesIn(t, filepath.Join(dir, "replays"), dir), memory: filesIn(t, filepath.Join(dir, "memory"), dir), restarts: int(restarts)}
}

// untimed deletes the timings from a decoded JSON report: when it started,
// and how long the run and each requirement took.
func untimed(v any) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range []string{"started", "elapsed_ns", "duration_ns"} {
			delete(v, k)
		}
		for _, x := range v {
			untimed(x)
		}
	case []any:
		for _, x := range v {
			untimed(x)
		}
	}
}

// filesIn lists every file under dir as its name and content, the run's
// own directory (which differs from run to run) written as $DIR.
func filesIn(t *testing.T, dir, runDir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out = append(out, rel+": "+string(bytes.ReplaceAll(b, []byte(runDir), []byte("$DIR"))))
		return err
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// firstDifference shows the first line where b differs from a.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  --jobs 1: %s\n  now:      %s", i+1, x, y)
		}
	}
	return "(no line differs)"
}

// twinProgram is a program that counts its starts in the file named by its
// second argument and, from its second start on, describes itself otherwise
// in the way its first argument names; "single" declares single_instance
// from the first start.
const twinProgram = `
import json, sys
field, counter = sys.argv[1], sys.argv[2]
with open(counter, "a") as f:
    f.write("started\n")
n = sum(1 for _ in open(counter))
impl = {"name": "twin", "version": "1", "unit": "bytes", "standards": ["inflate"]}
started = {"type": "started", "protocol": 1, "implementation": impl}
if field == "single":
    started["single_instance"] = True
elif n >= 2:
    if field == "version":
        impl["version"] = "2"
    elif field == "unit":
        impl["unit"] = "runes"
    elif field == "standards":
        impl["standards"] = ["inflate", "density"]
    elif field == "capabilities":
        started["capabilities"] = ["documents"]
    elif field == "single_instance":
        started["single_instance"] = True
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        print(json.dumps(started), flush=True)
    elif msg["type"] == "stop":
        break
    else:
        print(json.dumps({"type": "error", "seq": msg.get("seq"), "error": {"kind": "not_implemented", "message": "none"}}), flush=True)
`

// TestJobsHandshakes: with --jobs 3, an instance that describes itself
// otherwise than the first is a setup error (exit 2) naming the field and
// both values; a program that declares single_instance is started once,
// and the run says so.
func TestJobsHandshakes(t *testing.T) {
	python := testprog.Python(t)
	prog := filepath.Join(t.TempDir(), "twin.py")
	if err := os.WriteFile(prog, []byte(twinProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		field  string
		code   int
		say    string // stderr says this
		starts int    // the program was started this many times (0: any)
	}{
		{"version", exitUsage, `instance 2 of 3: it describes itself otherwise than instance 1: version "2", not "1"`, 0},
		{"unit", exitUsage, `unit "runes", not "bytes"`, 0},
		{"standards", exitUsage, `standards ["inflate","density"], not ["inflate"]`, 0},
		{"capabilities", exitUsage, `capabilities ["documents"], not []`, 0},
		{"single_instance", exitUsage, `single_instance true, not false`, 0},
		{"single", exitOK, "twin declares single_instance (it cannot run twice at once): run on one instance, not 3", 1},
		{"none", exitOK, "", 3},
	} {
		t.Run(c.field, func(t *testing.T) {
			counter := filepath.Join(t.TempDir(), "starts")
			code, stdout, stderr := runCmd("run", "--adapter", "exec", "--jobs", "3", "--standard", "inflate", "--start-timeout", "2m", "--no-memory",
				"--replay-dir", t.TempDir(), "--", python, prog, c.field, counter)
			if code != c.code || !strings.Contains(stderr, c.say) {
				t.Errorf("exit %d, want %d, and standard error saying %q:\n%s\n%s", code, c.code, c.say, stdout, stderr)
			}
			if c.starts == 0 {
				return
			}
			b, err := os.ReadFile(counter)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(b), "started"); n != c.starts {
				t.Errorf("started %d times, want %d", n, c.starts)
			}
		})
	}
}
