package upstream_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeEngine is a bundle shaped like anchor-engine-node's (the exports
// main.mjs calls), small enough to read: a database that answers the
// schema query and remembers where each document's file is, and an
// inflate that cuts every result at once, through inflateFromDisk and
// FileHandle.read, the first result finishing last, so that observations
// of concurrent calls interleave. It is not the engine: it tests how the
// adapter reads trees and answers, in a second, without PGlite.
const fakeEngine = `
import fs from 'node:fs';
const files = new Map();
const columns = { compounds: ['id', 'path', 'timestamp', 'provenance', 'compound_body'], atom_positions: ['compound_id', 'atom_label', 'byte_offset'] };
export const db = {
  async init() {},
  async run(sql, params) {
    if (sql.includes('information_schema')) return { rows: Object.entries(columns).flatMap(([t, cs]) => cs.map((c) => ({ t, c }))) };
    if (sql.startsWith('INSERT INTO compounds')) params[0].forEach((id, i) => files.set(id, params[2][i]));
    if (sql.includes("lower('ÄÉ')")) return { rows: [{ utf8: true }] };
    return { rows: [] };
  },
};
const pause = (n) => new Promise((ok) => setTimeout(ok, n * 20));
export class ContextInflator {
  static async inflate(results) {
    return Promise.all(results.map(async (r, i) => {
      const text = await this.inflateFromDisk(r, 3, results.length - i);
      return text === null ? r : { ...r, content: '...' + text + '...', is_inflated: true };
    }));
  }
  static async inflateFromDisk(r, radius, wait) {
    const fh = await fs.promises.open(files.get(r.compound_id), 'r');
    const start = Math.max(0, r.start_byte - radius);
    const buf = Buffer.alloc(r.end_byte + radius - start);
    await pause(wait);
    const { bytesRead } = await fh.read(buf, 0, buf.length, start);
    await pause(wait);
    await fh.close();
    return buf.subarray(0, bytesRead).toString('utf8');
  }
  static async getAtomLocations() { return []; }
}
export async function executeDistributedRadialSearch() {}
`

// TestAnchorAdapterTrees runs main.mjs on trees it must map, answer from or
// refuse: windows of results cut at once each placed where their own call
// read (never mixed), a tree without a helper or a table refused with exit
// 2 naming what is missing, the version from built.json, and text no
// observed helper call returned answered as an error, never as a window.
func TestAnchorAdapterTrees(t *testing.T) {
	node, err := exec.LookPath("node")
	need(t, err == nil, "node is not on PATH", "upstream")
	const built = `{"commit":"0123abcd","date":"2026-01-02"}`
	const request = `{"type":"request","seq":1,"op":"inflate","request":{"documents":[` +
		`{"id":"a","body":"0123456789abcdefghij"},{"id":"b","body":"ABCDEFGHIJKLMNOPQRST"}],` +
		`"hits":[{"id":"h1","compound_id":"a","start":5,"end":7,"score":2},{"id":"h2","compound_id":"b","start":10,"end":12,"score":1}],"budget":1000}}`
	for _, tc := range []struct {
		name       string
		bundle     string // engine.mjs
		built      string // built.json; empty: none
		exit       int
		started    string // the version the handshake names, when it starts
		answer     string // the inflate answer, when it starts
		refusalHas string // the refusal's message holds this
	}{
		{name: "concurrent results placed by their own reads", bundle: fakeEngine, built: built, started: "0123abcd (2026-01-02)",
			answer: `{"type":"result","seq":1,"result":{"windows":[` +
				`{"compound_id":"a","start":2,"end":10,"text":"23456789","hits":["h1"],"score":2},` +
				`{"compound_id":"b","start":7,"end":15,"text":"HIJKLMNO","hits":["h2"],"score":1}]}}`},
		{name: "text no helper returned", bundle: strings.Replace(fakeEngine, "'...' + text + '...'", "'...made up...'", 1), built: built,
			started: "0123abcd (2026-01-02)", answer: `"kind":"internal","message":"result \"h1\": the engine returned text that no observed call of its helpers cut`},
		{name: "no built.json", bundle: fakeEngine, exit: 2, refusalHas: "built.json"},
		{name: "no inflateFromDisk", bundle: strings.ReplaceAll(fakeEngine, "inflateFromDisk", "inflateSomehow"), built: built, exit: 2,
			refusalHas: "the engine at 0123abcd has no ContextInflator.inflateFromDisk: this adapter cannot map it"},
		{name: "no compounds and no molecules", bundle: strings.Replace(fakeEngine, "compounds: [", "other: [", 1), built: built, exit: 2,
			refusalHas: "has no compounds table and no molecules.id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "engine.mjs"), []byte(tc.bundle), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.built != "" {
				if err := os.WriteFile(filepath.Join(dir, "built.json"), []byte(tc.built), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			in := `{"type":"start","protocol":1,"harness":{"name":"test","version":"0"}}` + "\n"
			if tc.refusalHas == "" {
				in += request + "\n" + `{"type":"stop"}` + "\n"
			}
			cmd := exec.Command(node, filepath.Join("anchor", "main.mjs"), "--build", dir)
			cmd.Stdin = strings.NewReader(in)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.exit {
				t.Fatalf("exit %d, want %d; stdout %s; stderr %s", code, tc.exit, out, stderr.String())
			}
			lines := bufio.NewScanner(bytes.NewReader(out))
			var got []string
			for lines.Scan() {
				got = append(got, lines.Text())
			}
			if tc.refusalHas != "" {
				if len(got) != 1 || !strings.Contains(got[0], `"type":"error"`) || !strings.Contains(got[0], tc.refusalHas) {
					t.Errorf("handshake answer %q, want one error holding %q", got, tc.refusalHas)
				}
				if !strings.Contains(stderr.String(), tc.refusalHas) {
					t.Errorf("standard error %q does not say %q", stderr.String(), tc.refusalHas)
				}
				return
			}
			if len(got) != 2 {
				t.Fatalf("got %d lines %q, want the handshake and one answer; stderr %s", len(got), got, stderr.String())
			}
			var started struct {
				Implementation struct{ Version string } `json:"implementation"`
			}
			if err := json.Unmarshal([]byte(got[0]), &started); err != nil || started.Implementation.Version != tc.started {
				t.Errorf("handshake %s: version %q, want %q (%v)", got[0], started.Implementation.Version, tc.started, err)
			}
			if !strings.Contains(got[1], tc.answer) {
				t.Errorf("answer\n%s\nwant it to hold\n%s", got[1], tc.answer)
			}
		})
	}
}
