// Package broken holds deliberately wrong implementations, each wrong in one
// way, so tests can show the suite catches them. A harness whose checks
// pass a broken implementation is itself broken; these are its mutation
// tests.
//
// Each type embeds the reference adapter and overrides one operation.
package broken
