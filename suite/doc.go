// Package suite is the one place where "conforming" is defined: a catalogue of
// requirements, each with a stable ID, the section of the standard it comes
// from, a level, and the single check that decides it.
//
// The Ginkgo specs (package specs), the gopter properties (package
// properties) and the conformance binary all run these same checks through
// Run, so `go test` and `conformance run` can never disagree about what
// passes. A check receives a *T, which looks like testing.T but records
// outcomes instead of failing a Go test, survives panics and hangs in the
// implementation under test, and knows which adapter it is talking to. Its
// OperationFailed, unlike testing.T.Fatal, ends a check on an operation's
// error with the verdict the error calls for: errored for the
// implementation's fault, skipped for a request its transport cannot carry,
// failed otherwise.
//
// Options choose the requirements (level, standards, patterns, a shard of a
// CI matrix: Select) and how they run. Run reports each verdict as it ends
// (Options.Progress) and, when its context ends early, returns what finished
// with the rest NotRun, so that a run killed from outside still has a
// report.
//
// Properties run through ForAll: the failure memory's cases first
// (Options.Remembered), then fixed edge cases, then generated ones, seeded
// by Options.Seed (DefaultSeed when 0); a failing case is sent again (flaky when it then holds) and shrunk
// within bounds. Every FAIL and ERROR carries a Replay of its case, which
// Options.Replay runs alone.
package suite
