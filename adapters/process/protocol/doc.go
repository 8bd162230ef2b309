// Package protocol is the machinery behind adapters/process, the driver of
// implementations in other languages: the messages of the JSON-lines
// protocol and their encoding (message.go, encode.go, fast.go, and the
// payload codec, github.com/goccy/go-json: codec.go), the operation table that maps each
// operation to its request and answer types and the adapter method it
// calls (ops.go, op_*.go), the JSON Schema generated from those types and
// its validator (schema.go, validate.go), the sanity checks of answers
// (sane.go), the documents a session holds (documents.go), the harness side
// (client.go, session.go, launch.go, pipe_*.go, polled_*.go) and the
// implementation side (serve.go), and how both wait for the other's next
// line (wait_linux.go: raw waits that keep their processor, and a short
// spin before sleeping that saves most wake-ups). adapters/process exports what a user calls (Exec, New, Serve
// and their options) and documents the protocol's decisions; this package
// is internal so that the project can change its machinery without
// breaking users, and so that the project's own tests (fixtures/vectors,
// standards_test.go, cmd/conformance) can reach the operation table and the
// schema.
package protocol
