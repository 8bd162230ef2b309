package protocol_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// helperEnv marks the test binary run as a misbehaving implementation.
const helperEnv = "CTXCONFORM_PROCESS_HELPER"

// misbehaving launches the test binary itself as an implementation that
// answers "start" correctly and then misbehaves as mode says on requests
// (see TestHelperProcess).
func misbehaving(t *testing.T, mode string) protocol.Launcher {
	t.Setenv(helperEnv, mode)
	t.Setenv("CTXCONFORM_HELPER_DIR", t.TempDir())
	return protocol.Command(os.Args[0], "-test.run=^TestHelperProcess$")
}

// TestHelperProcess is not a test: it is the implementation the fault tests
// start. Modes:
//
//	ok         answers like the reference
//	crash      exits with status 3 on the first request, after a line on stderr
//	crash-once crashes on its first request only (a marker file remembers)
//	hang       never answers a request
//	flood      answers with an endless line (no newline)
//	long-line  answers with one line of 200 MB (then a newline)
//	garbage    answers with a line that is not JSON
//	wrong-seq  answers with the next seq
//	range      answers windows beyond the end of the document
//	internal   answers an error of kind internal
//	extra      answers a result with an unknown field (only --validate-protocol objects)
//	bad-start  answers start with text
//	old        answers start with protocol 99
//	silent     never answers start
//	exit-start exits before answering start
//	untimed    declares "bench" but answers bench messages without the timing
//	forgets    declares "documents" but keeps none (a request's refs resolve to nothing)
//	timed      declares "bench" and answers a bench with $CTXCONFORM_HELPER_BENCH as its
//	           "bench" object, ITER in it replaced by the iterations asked for
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		t.Skip("helper process only")
	}
	defer os.Exit(0)
	out := bufio.NewWriter(os.Stdout)
	send := func(s string) {
		out.WriteString(s)
		out.WriteString("\n")
		out.Flush()
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<30)
	for in.Scan() {
		var m protocol.Message
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			fmt.Fprintf(os.Stderr, "helper: %v\n", err)
			os.Exit(2)
		}
		switch m.Type {
		case protocol.TypeStart:
			switch mode {
			case "bad-start":
				send("hello, I am an implementation")
				continue
			case "old":
				send(`{"type":"started","protocol":99,"implementation":{"name":"old","version":"1","unit":"bytes","standards":["inflate"]}}`)
				continue
			case "silent":
				continue
			case "exit-start":
				fmt.Fprintln(os.Stderr, "helper: cannot open my model file")
				os.Exit(4)
			}
			caps := map[string]string{"untimed": `,"capabilities":["bench"]`, "timed": `,"capabilities":["bench"]`, "forgets": `,"capabilities":["documents"]`}[mode]
			send(`{"type":"started","protocol":1,"implementation":{"name":"helper-` + mode + `","version":"1","language":"go","unit":"bytes","standards":["inflate","density"]}` + caps + `}`)
		case protocol.TypeStop:
			return
		case protocol.TypeDocuments:
		case protocol.TypeRequest, protocol.TypeBench:
			seq := m.Seq
			if len(m.Documents) > 0 {
				send(fmt.Sprintf(`{"type":"error","seq":%d,"error":{"kind":"internal","message":"no document under ref %s"}}`, seq, m.Documents[0]))
				continue
			}
			switch mode {
			case "crash":
				fmt.Fprintln(os.Stderr, "helper: panic: index out of range [7] with length 7")
				os.Exit(3)
			case "crash-once":
				marker := os.Getenv("CTXCONFORM_HELPER_DIR") + "/crashed"
				if _, err := os.Stat(marker); err != nil {
					os.WriteFile(marker, nil, 0o644)
					fmt.Fprintln(os.Stderr, "helper: crashing once")
					os.Exit(3)
				}
			case "hang":
				select {}
			case "flood":
				chunk := strings.Repeat("x", 64<<10)
				for {
					if _, err := out.WriteString(chunk); err != nil {
						os.Exit(0)
					}
				}
			case "long-line":
				chunk := strings.Repeat("x", 64<<10)
				for range 200 << 20 / len(chunk) {
					if _, err := out.WriteString(chunk); err != nil {
						os.Exit(0)
					}
				}
				send("")
				continue
			case "garbage":
				send("Loading model weights... done")
				continue
			case "wrong-seq":
				seq++
			case "internal":
				send(fmt.Sprintf(`{"type":"error","seq":%d,"error":{"kind":"internal","message":"out of memory"}}`, seq))
				continue
			}
			var req inflate.Request
			if err := json.Unmarshal(m.Request, &req); err != nil {
				send(fmt.Sprintf(`{"type":"error","seq":%d,"error":{"message":%q}}`, seq, err.Error()))
				continue
			}
			res, err := inflate.Inflate(req)
			if err != nil {
				send(fmt.Sprintf(`{"type":"error","seq":%d,"error":{"kind":"invalid_request","message":%q}}`, seq, err.Error()))
				continue
			}
			if mode == "range" {
				for i := range res.Windows {
					res.Windows[i].End += 1 << 20
				}
			}
			raw, _ := json.Marshal(res)
			if mode == "extra" {
				raw = append([]byte(`{"elapsed_ms":3,`), raw[1:]...)
			}
			if mode == "timed" && m.Type == protocol.TypeBench {
				timing := strings.ReplaceAll(os.Getenv("CTXCONFORM_HELPER_BENCH"), "ITER", fmt.Sprint(m.Iterations))
				send(fmt.Sprintf(`{"type":"result","seq":%d,"result":%s,"bench":%s}`, seq, raw, timing))
				continue
			}
			send(fmt.Sprintf(`{"type":"result","seq":%d,"result":%s}`, seq, raw))
		}
	}
}
