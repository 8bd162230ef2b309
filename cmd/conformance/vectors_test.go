package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVectorsCommand writes the vectors into an empty directory, checks
// them, spoils one file and sees --check catch it; the checked-in vectors
// pass --check.
func TestVectorsCommand(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runCmd("vectors", "--dir", dir, "--check"); code != exitGate || !strings.Contains(stderr, "inflate.json") {
		t.Errorf("--check on an empty directory: exit %d (%s), want %d naming the missing files", code, stderr, exitGate)
	}
	code, stdout, stderr := runCmd("vectors", "--dir", dir)
	if code != exitOK || !strings.Contains(stdout, "inflate.json") {
		t.Fatalf("vectors: exit %d: %s%s", code, stdout, stderr)
	}
	if code, _, stderr := runCmd("vectors", "--dir", dir, "--check"); code != exitOK {
		t.Errorf("--check after writing: exit %d: %s", code, stderr)
	}
	path := filepath.Join(dir, "density.json")
	b, _ := os.ReadFile(path)
	os.WriteFile(path, []byte(strings.Replace(string(b), `"start": 8042`, `"start": 8041`, 1)), 0o644)
	if code, _, stderr := runCmd("vectors", "--dir", dir, "--check"); code != exitGate || !strings.Contains(stderr, "density.json") {
		t.Errorf("--check after a change: exit %d (%s), want %d naming density.json", code, stderr, exitGate)
	}
	if code, _, stderr := runCmd("vectors", "--dir", filepath.Join("..", "..", "fixtures", "vectors"), "--check"); code != exitOK {
		t.Errorf("checked-in vectors: exit %d: %s", code, stderr)
	}
	missing := filepath.Join(dir, "missing")
	if code, _, stderr := runCmd("vectors", "--dir", missing, "--check"); code != exitUsage || !strings.Contains(stderr, "--dir "+missing+": the directory does not exist") {
		t.Errorf("--check on a missing directory: exit %d (%s), want %d saying it does not exist", code, stderr, exitUsage)
	}
	os.Remove(filepath.Join(dir, "inflate.json"))
	if code, _, stderr := runCmd("vectors", "--dir", dir, "--check"); code != exitGate || !strings.Contains(stderr, "out of date: density.json; missing: inflate.json") {
		t.Errorf("--check with a file removed: exit %d (%s), want %d naming it missing", code, stderr, exitGate)
	}
	if code, _, _ := runCmd("vectors", "extra"); code != exitUsage {
		t.Errorf("unexpected argument: exit %d, want %d", code, exitUsage)
	}
}
