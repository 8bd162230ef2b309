// Package invariant holds the predicates that specs and properties share:
// each takes a request and an answer and returns an error describing the
// first violation, or nil. Keeping them here means a requirement's meaning
// is written once, whether a fixed example or a generated case feeds it.
//
// Requests and answers are in bytes of UTF-8 (the harness converts other
// units first); budgets and lengths are counted in the implementation's unit.
package invariant
