// Package selfcheck holds the harness's tests of itself: every requirement
// is run against implementations that are wrong on purpose (the Go mutants
// of adapters/broken, the faulty programs in testdata/faulty) and against
// ones that follow a text literally or under another reading, and each test
// states which requirements must fail, which must not, and that the
// verdicts and their messages hold still across seeds. It also keeps the
// catalogue honest: the quotes are word for word in the standards, and
// specs/REQUIREMENTS.md is the catalogue the code registers.
//
// The package has no code of its own: it is where these tests live, out of
// the repository's root and above every layer they exercise.
package selfcheck
