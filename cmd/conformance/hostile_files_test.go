package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// runWithin runs the binary (this test binary acting as conformance) on
// args and fails the test when it has not ended in a minute: a probe
// that made it wait on a FIFO must fail, not hang the test run.
func runWithin(t *testing.T, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), asEnv+"=conformance")
	out, _ := cmd.CombinedOutput() // the exit status says what went wrong
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("conformance %q did not end in 60 s (waiting on a FIFO?):\n%s", args, out)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

func mkfifo(t *testing.T, p string) {
	t.Helper()
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

// TestReportReadersAgree: diff, merge and matrix read a report the same
// way (reports.ReadReport): a damaged or forged one is refused by all
// three, exit 2 naming the file and the field.
func TestReportReadersAgree(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.json")
	if code, _, stderr := runCmd("run", "--run", "^INF-0[1-3]$", "--property-runs", "2", "--json", ref); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(ref)
	if err != nil {
		t.Fatal(err)
	}
	// mutate writes the report changed by f (on its decoded form).
	mutate := func(name string, f func(doc map[string]any)) string {
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		f(doc)
		out, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	raw := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	run0 := func(doc map[string]any) map[string]any { return doc["runs"].([]any)[0].(map[string]any) }
	result := func(doc map[string]any, i int) map[string]any {
		return run0(doc)["results"].([]any)[i].(map[string]any)
	}
	for _, tt := range []struct {
		file, want string
	}{
		{mutate("exploded.json", func(d map[string]any) { result(d, 0)["outcome"] = "exploded" }), `runs[0].results[0].outcome: "exploded" is not an outcome`},
		{mutate("blank.json", func(d map[string]any) { result(d, 1)["outcome"] = "" }), "runs[0].results[1].outcome: missing"},
		{mutate("nooutcome.json", func(d map[string]any) { delete(result(d, 2), "outcome") }), "runs[0].results[2].outcome: missing"},
		{mutate("level.json", func(d map[string]any) { result(d, 0)["level"] = "MAYBE" }), `runs[0].results[0].level: "MAYBE" is not a level`},
		{mutate("nolevel.json", func(d map[string]any) { delete(result(d, 0), "level") }), "runs[0].results[0].level: missing"},
		{mutate("runlevel.json", func(d map[string]any) { delete(run0(d), "level") }), "runs[0].level: missing"},
		{mutate("standard.json", func(d map[string]any) { result(d, 0)["standard"] = "teleport" }), `runs[0].results[0].standard: "teleport" is not a standard`},
		{mutate("id.json", func(d map[string]any) { result(d, 0)["id"] = "<img>" }), `runs[0].results[0].id: "<img>" is not a requirement ID`},
		{mutate("empty.json", func(d map[string]any) { run0(d)["results"] = []any{} }), "runs[0].results: empty"},
		{mutate("dup.json", func(d map[string]any) {
			r := run0(d)
			r["results"] = append(r["results"].([]any), r["results"].([]any)[0])
		}), "runs[0].results[3].id: INF-01 twice"},
		{raw("trailing.json", string(b)+"garbage"), "after the report"},
		{raw("two.json", string(b)+string(b)), "nothing may follow it"},
		{raw("cut.json", string(b[:len(b)/2])), "not a JSON report"},
	} {
		name := filepath.Base(tt.file)
		for _, cmd := range [][]string{{"diff", ref, tt.file}, {"merge", tt.file}, {"matrix", tt.file}} {
			t.Run(name+"/"+cmd[0], func(t *testing.T) {
				code, stdout, stderr := runCmd(cmd...)
				if code != exitUsage || !strings.Contains(stderr, tt.file+": ") || !strings.Contains(stderr, tt.want) {
					t.Errorf("exit %d, stderr %q; want %d naming %s and %q\n%s", code, stderr, exitUsage, tt.file, tt.want, stdout)
				}
			})
		}
	}
}

// TestHostileFiles runs the probes of issue 30 on the files the binary
// keeps for someone: FIFOs and links planted in the failure memory and the
// vectors directory, a memory that is a file, badges of names that
// collide or vanish. Each ends in a clear message or a correct result,
// and none hangs.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	file := func(parts ...string) string { return filepath.Join(append([]string{dir}, parts...)...) }

	t.Run("memory FIFO", func(t *testing.T) {
		mem := file("memory")
		if err := os.MkdirAll(filepath.Join(mem, "INF-01"), 0o755); err != nil {
			t.Fatal(err)
		}
		mkfifo(t, filepath.Join(mem, "INF-01", "0123456789abcdef.json"))
		code, out := runWithin(t, "run", "--run", "^INF-01$", "--property-runs", "2", "--memory", mem, "--replay-dir", file("replays"))
		if code != 0 || !strings.Contains(out, "FIFO, not a file: passed over") {
			t.Errorf("exit %d; want 0 and the FIFO passed over:\n%s", code, out)
		}
	})

	t.Run("memory is not a directory", func(t *testing.T) {
		mem := file("memory-file")
		if err := os.WriteFile(mem, []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
		// A property that failed on a generated case: one to remember.
		failing := reports.Run{Report: suite.Report{Seed: 1, Results: []suite.Result{{ID: "INF-03", Kind: suite.Property, Outcome: suite.Failed,
			Replay: &suite.Replay{ID: "INF-03", Case: "generated case 1 of 2 (seed 1)", From: suite.FromGenerated, Value: json.RawMessage(`{"A":1}`)}}}}}
		for _, dir := range []string{mem, "/proc", file("fresh")} {
			var stderr strings.Builder
			cfg := &runConfig{memory: memoryConfig{dir: dir}}
			openMemory(cfg, &stderr).save([]reports.Run{failing}, &stderr)
			claimed := strings.Contains(stderr.String(), "1 failing case remembered")
			if wrote := dir == file("fresh"); claimed != wrote || !wrote && strings.Count(stderr.String(), "warning:") != 1 {
				t.Errorf("--memory %s: claimed remembered %v, want %v, and one warning when not:\n%s", dir, claimed, wrote, stderr.String())
			}
		}
		if b, _ := os.ReadFile(mem); string(b) != "mine" {
			t.Errorf("the file named by --memory now holds %q", b)
		}
	})

	t.Run("replay file a link", func(t *testing.T) {
		replays, victim := file("replays-linked"), file("replay-victim")
		if err := os.MkdirAll(replays, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(victim, []byte("precious"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(victim, filepath.Join(replays, "DEN-01.json")); err != nil {
			t.Fatal(err)
		}
		args := append([]string{"run", "--adapter", "exec", "--standard", "density", "--run", "^DEN-01 ", "--no-memory", "--replay-dir", replays, "--"}, self(t, "ignores-budget")...)
		code, _, stderr := runCmd(args...)
		if code != exitGate || !strings.Contains(stderr, "DEN-01.json: a symbolic link, not a regular file") {
			t.Errorf("exit %d; want %d and the link refused:\n%s", code, exitGate, stderr)
		}
		if b, _ := os.ReadFile(victim); string(b) != "precious" {
			t.Errorf("the file the link named now holds %q", b)
		}
	})

	t.Run("expectations with trailing data", func(t *testing.T) {
		ex := file("expect.json")
		if err := os.WriteFile(ex, []byte(`{"format":"ctxconform-expectations/1","expectations":[]}{"format":"x"}`), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCmd("run", "--run", "^INF-01$", "--expectations", ex)
		if code != exitUsage || !strings.Contains(stderr, "data after the JSON object") {
			t.Errorf("exit %d; want %d, data after the object:\n%s", code, exitUsage, stderr)
		}
	})

	t.Run("vectors", func(t *testing.T) {
		vec := file("vectors")
		if code, out := runWithin(t, "vectors", "--dir", vec); code != 0 {
			t.Fatalf("vectors: exit %d: %s", code, out)
		}
		victim := file("victim")
		if err := os.WriteFile(victim, []byte("precious"), 0o644); err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(vec, "inflate.json")
		for _, plant := range []struct {
			name string
			do   func() error
			want string
		}{
			{"FIFO", func() error { return syscall.Mkfifo(target, 0o644) }, "inflate.json: a FIFO, not a regular file"},
			{"link to /dev/zero", func() error { return os.Symlink("/dev/zero", target) }, "inflate.json: a symbolic link, not a regular file"},
			{"link out", func() error { return os.Symlink(victim, target) }, "inflate.json: a symbolic link, not a regular file"},
		} {
			t.Run(plant.name, func(t *testing.T) {
				os.Remove(target)
				if err := plant.do(); err != nil {
					t.Skip(err)
				}
				for _, args := range [][]string{{"vectors", "--check", "--dir", vec}, {"vectors", "--dir", vec}} {
					if code, out := runWithin(t, args...); code != exitUsage || !strings.Contains(out, plant.want) {
						t.Errorf("%q: exit %d; want %d saying %q:\n%s", args, code, exitUsage, plant.want, out)
					}
				}
				if b, _ := os.ReadFile(victim); string(b) != "precious" {
					t.Errorf("the file the link named now holds %q", b)
				}
			})
		}
		os.Remove(target)
		// Too large: read only as far as the file it should be.
		if err := os.WriteFile(target, make([]byte, 64<<20), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out := runWithin(t, "vectors", "--check", "--dir", vec); code != exitGate || !strings.Contains(out, "out of date: inflate.json") {
			t.Errorf("a large vectors file: exit %d; want %d, out of date:\n%s", code, exitGate, out)
		}
	})

	t.Run("badges", func(t *testing.T) {
		ref := file("badge-ref.json")
		if code, _, stderr := runCmd("run", "--run", "^INF-0[1-3]$", "--property-runs", "2", "--json", ref); code != 0 {
			t.Fatalf("run: exit %d: %s", code, stderr)
		}
		b, err := os.ReadFile(ref)
		if err != nil {
			t.Fatal(err)
		}
		names := []string{"x/y", "x_y", ".", "..", "/", strings.Repeat("n", 300)}
		var files []string
		for i, n := range names {
			var doc map[string]any
			if err := json.Unmarshal(b, &doc); err != nil {
				t.Fatal(err)
			}
			doc["runs"].([]any)[0].(map[string]any)["adapter"].(map[string]any)["name"] = n
			out, _ := json.Marshal(doc)
			p := file("named-" + string(rune('a'+i)) + ".json")
			if err := os.WriteFile(p, out, 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, p)
		}
		badges := file("badges")
		code, out := runWithin(t, append([]string{"matrix", "--html", file("m.html"), "--badges", badges}, files...)...)
		if code != 0 {
			t.Fatalf("matrix: exit %d:\n%s", code, out)
		}
		written, _ := filepath.Glob(filepath.Join(badges, "*.svg"))
		if len(written) != len(names) {
			t.Errorf("%d badges written for %d implementations of one standard: %v", len(written), len(names), written)
		}
		for _, w := range written {
			base := filepath.Base(w)
			if strings.HasPrefix(base, "-") || strings.HasPrefix(base, ".") || len(base) > 120 {
				t.Errorf("badge file name %q", base)
			}
		}
	})
}

// TestFlagLimits: a number too large to hold says so, and a --timeout
// shorter than any requirement could take is refused with its minimum
// (it would ERROR every requirement, blaming the implementation for the
// harness's own limit).
func TestFlagLimits(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--property-runs", "99999999999999999999"}, "--property-runs 99999999999999999999: too large: want an integer of at least 1"},
		{[]string{"run", "--property-runs", "-99999999999999999999"}, "too small"},
		{[]string{"run", "--seed", "18446744073709551615"}, `--seed: "18446744073709551615": too large: want an integer in [-9223372036854775808, 9223372036854775807] or "random"`},
		{[]string{"run", "--seed", "-18446744073709551615"}, `"-18446744073709551615": too small`},
		{[]string{"run", "--timeout", "1ns"}, "--timeout 1ns: want at least 1s"},
		{[]string{"replay", "--timeout", "999ms", "x.json"}, "--timeout 999ms: want at least 1s"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := runCmd(tt.args...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, exitUsage, tt.want)
			}
		})
	}
}
