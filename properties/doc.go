// Package properties states the invariants of the standards as properties
// over generated inputs: many compounds, clustered and sparse hits, tiny and
// huge budgets, multi-byte text, real corpora.
//
// Each property is a requirement of the catalogue (see package suite), run by
// the Ginkgo suite in this folder and by the conformance binary alike, with
// suite.ForAll: first the cases a failure memory remembers (if any), then a
// fixed list of named edge cases (edges_inflate.go,
// edges.go), the same whatever the seed, so a deterministic implementation
// gets the same verdict on every seed; then cases drawn by gopter generators
// from the run's seed (suite.DefaultSeed unless Ginkgo's --seed or
// conformance's --seed gives another). A failure
// names its case, shrunk when generated, and leaves a replay that runs it
// alone.
//
// Requirements, the package's one export, is in quotes.go: the catalogue
// of catalogue.go, with each MUST and SHOULD's quote of its standard from
// the table beside it. catalogue.go holds every
// property's ID, section, level and title, standard by standard, each
// standard under a heading that names its source text, its files and its
// decisions in specs/REQUIREMENTS.md. A row's check is a driver that runs a
// judgement over a standard's cases (inflation, assembly, radialWindows, ...,
// named for what they ask, each in its standard's file; answered in
// property.go is the common one) and the judgement: a predicate of
// suite/invariant, made a judge by byUnit, plain or unrepaired
// (property.go), or a function of the standard's file (inflate.go,
// radial.go, ...) whose comment says what it judges. The generators of a
// standard's cases are in gen_<standard>.go and its named edge cases in
// edges*.go; a case type is unexported but keeps exported fields, so gopter
// can build it, suite's shrinker can shrink it (by reflection: gopter's
// Struct, Map and FlatMap generators shrink little) and a replay file can
// hold it as JSON. Generated
// text comes from suite/textgen.
package properties
