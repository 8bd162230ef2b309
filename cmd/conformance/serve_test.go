package main

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/process/protocol"
)

// TestServeReference speaks the protocol to serve-reference by hand: the
// handshake, a request, a bad request, an unknown operation, stop.
func TestServeReference(t *testing.T) {
	lines := []string{
		`{"type":"start","protocol":1,"harness":{"name":"test","version":"0"}}`,
		`{"type":"request","seq":1,"op":"inflate","request":{"documents":[{"id":"d","body":"0123456789"}],"hits":[{"id":"h","compound_id":"d","start":2,"end":4,"score":1}]}}`,
		`{"type":"request","seq":2,"op":"inflate","request":{"documents":[{"id":"d","body":"0123456789"}],"hits":[{"id":"h","compound_id":"d","start":4,"end":2,"score":1}]}}`,
		`{"type":"request","seq":3,"op":"fuzzy_search","request":{"entries":[],"term":"x"}}`,
		`{"type":"stop"}`,
	}
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var out, errOut strings.Builder
	if err := cmdServeReference([]string{"--standard", "inflate"}, &out, &errOut); err != nil {
		t.Fatalf("%v: %s", err, errOut.String())
	}
	bySeq := map[int64]protocol.Message{}
	var started protocol.Message
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		m, err := protocol.Decode(sc.Bytes())
		if err != nil {
			t.Fatalf("answer %q: %v", sc.Text(), err)
		}
		if m.Type == protocol.TypeStarted {
			started = m
			continue
		}
		bySeq[m.Seq] = m
	}
	if started.Implementation == nil || started.Implementation.Name != "reference" || len(started.Implementation.Standards) != 1 {
		t.Errorf("started = %+v, want the reference declaring inflate only", started.Implementation)
	}
	var res struct {
		Windows []struct{ Start, End int } `json:"windows"`
	}
	if m := bySeq[1]; m.Type != protocol.TypeResult || json.Unmarshal(m.Result, &res) != nil || len(res.Windows) != 1 ||
		res.Windows[0].Start != 0 || res.Windows[0].End != 10 {
		t.Errorf("seq 1: %+v (%s), want one window [0,10)", m, m.Result)
	}
	if m := bySeq[2]; m.Type != protocol.TypeError || m.Error.Kind != protocol.KindInvalid || !strings.Contains(m.Error.Message, "end 2 before start 4") {
		t.Errorf("seq 2: %+v, want an invalid_request error", m)
	}
	if m := bySeq[3]; m.Type != protocol.TypeError || m.Error.Kind != protocol.KindNotImplemented {
		t.Errorf("seq 3: %+v, want not_implemented (fuzzy is not declared)", m)
	}
}

// TestServeReferenceUsage: a negative --spin and stray arguments exit 2
// naming what was wrong, before anything is read.
func TestServeReferenceUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"--spin", "-1ms"}, "--spin -1ms"},
		{[]string{"--spin", "soon"}, "-spin"},
		{[]string{"extra"}, "unexpected arguments [extra]"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(append([]string{"serve-reference"}, tt.args...)...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, stdout, stderr, exitUsage, tt.want)
			}
		})
	}
}
