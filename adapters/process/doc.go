// Package process drives an implementation written in any language: a
// program that speaks ctxconform's JSON-lines protocol on its standard
// input and output (PROTOCOL.md in this directory; the JSON Schema of every
// message is schema/protocol-v1.schema.json).
//
// The harness starts the program (Exec, or New with any Launcher) and sends
// "start"; the program answers "started" with its name, version, language,
// unit (bytes, runes or utf16) and standards. Each operation of a standard
// is a "request" with a seq the program echoes in its "result" or "error".
// While it densifies, the program makes its language-model calls as "call"
// messages, which the harness answers with "reply" from its simulated
// provider. "stop" ends it.
//
// Adapter implements every operation interface of package adapters, so the
// suite runs over the protocol exactly as in process. It keeps the
// program's standard error for the report, restarts the program after a
// crash, and turns every misbehaviour into an adapters.ErrFault (the
// requirement is errored, the run goes on): an exit, silence past the
// request timeout, a line over the size limit, a line that is not a valid
// message, an answer to another seq, an answer that does not decode, an
// offset outside its document, an "internal" error. With Options.Validate
// every message is checked against the schemas as well.
//
// Serve is the other side: it puts an in-process adapter behind the
// protocol (`conformance serve-reference` serves the reference), so the
// protocol is tested by running the whole catalogue through it and
// comparing with the reference in process.
//
// The machinery (messages, the operation table, the schema and its
// validator, both sides of a session) lives in adapters/process/protocol: the
// operation table (its op_*.go files) maps each operation name to its
// request and answer types, the adapter method it calls and a sanity check
// of its answer; adding an operation is one row and one method there.
//
// # Decisions
//
//   - A request JSON cannot carry (a string that is not UTF-8, a NaN) is not
//     sent: the call returns adapters.ErrInexpressible, not a fault. No program
//     reading JSON can receive such input, so the bad-input checks that
//     send it are moot for it; sending a repaired request instead would
//     fail a correct implementation.
//   - "error" answers have a kind: invalid_request (the default) is an
//     ordinary error the checks judge; not_implemented wraps
//     adapters.ErrNotImplemented; internal is a fault.
//   - The request timeout measures silence, not the whole request: it
//     restarts after every reply the harness sends, and it is suspended
//     while provider calls are outstanding (the program is waiting for the
//     harness then).
//   - After a fault the program is killed (with its process group) and
//     restarted lazily at the next request; it must describe itself as
//     before. The handshake is not retried within one request.
//   - Unknown fields in answers are ignored unless the protocol is
//     validated, where every object is closed (additionalProperties false)
//     so a misspelt field is caught.
//   - Offsets outside their document or inside a character (in the
//     program's unit) are wrong answers, not faults: adapters.InBytes
//     repairs them and records the repair, so the requirement about that
//     fault fails and the others judge the repaired answer.
//   - Standards the program declares but the protocol cannot drive are
//     left out of Info and reported as not implemented (Undriven), not as
//     errors.
//   - Capabilities extend version 1 without breaking it: the harness offers
//     them in "start", the program names those it uses in "started", and a
//     program that names none is spoken to exactly as before. "documents"
//     sends each distinct document once per session under a ref (requests
//     list refs; adapters/process/protocol/documents.go), because the same large documents recur in
//     almost every request; "bench" has the program time an operation on
//     its own clock (adapters.WithSelfTiming asks for it), because a
//     benchmark timed from the harness measures the pipe.
//   - A ref names a document's exact content (id, body, kind), found by a
//     hash and confirmed by comparison, so a test that reuses an id with
//     another body gets another ref. A session holds at most
//     Options.DocumentBytes; the least recently used are dropped.
//   - The answer of a "bench" is decoded, sanity-checked and converted like
//     any answer, so the benchmarks check it against the invariants before
//     they use its time.
//   - One request at a time: the suite is sequential, and a single
//     in-flight request keeps seq checking exact. Provider calls within a
//     request may overlap.
package process
