// Package properties states the invariants of the standards as gopter
// properties over generated inputs: many compounds, clustered and sparse
// hits, tiny and huge budgets, multi-byte text, real corpora.
//
// Each property is a requirement of the catalogue (see package suite), run by
// the Ginkgo suite in this folder and by the conformance binary alike. The
// seed comes from the run (Ginkgo's --seed, conformance's --seed), and a
// failure prints the shrunk counterexample, so every failure can be replayed.
package properties
