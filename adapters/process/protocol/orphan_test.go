package protocol_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// TestOrphanedOutput: a program whose own process exits while a process
// it started holds its standard output open (testdata/faulty/orphan.py,
// Python) is not called silent: the error says it exited, with its
// status, before the handshake and in the middle of a request alike.
func TestOrphanedOutput(t *testing.T) {
	python := testprog.Python(t)
	script, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata", "faulty", "orphan.py"))
	if err != nil {
		t.Fatal(err)
	}
	opts := protocol.Options{StartTimeout: 5 * time.Second, RequestTimeout: 2 * time.Second}
	const want = "the program exited (exit status 3) while its standard output stayed open"
	t.Run("before started", func(t *testing.T) {
		a, err := protocol.New(context.Background(), protocol.Command(python, script, "before"), opts)
		if err == nil {
			a.Close()
		}
		if err == nil || !strings.Contains(err.Error(), `no "started" within 5s`) || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want it to say %q", err, want)
		}
	})
	t.Run("during a request", func(t *testing.T) {
		a, err := protocol.New(context.Background(), protocol.Command(python, script, "after"), opts)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		_, err = a.Inflate(context.Background(), inflate.Request{})
		if err == nil || !strings.Contains(err.Error(), "no message for 2s") || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want it to say %q", err, want)
		}
	})
}
