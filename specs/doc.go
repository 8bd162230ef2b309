// Package specs states, with fixed examples, what a conforming implementation
// must do. Each example-based requirement is here, beside the gopter
// properties of package properties; REQUIREMENTS.md in this folder lists them
// all with the decisions behind them.
//
// Expected values in these examples are derived by hand from the standards'
// texts (the derivation is written beside each one), never copied from the
// reference's output.
//
// Requirements, the package's one export, is in quotes.go: the catalogue
// of catalogue.go, with each MUST and SHOULD's quote of its standard from
// the table beside it. catalogue.go holds every
// requirement's ID, section, level and title, standard by standard, each
// standard under a heading that names its source text, the files of its
// checks and its decisions in REQUIREMENTS.md. The checks live in
// <standard>.go; a standard with many examples splits them by concern into
// <standard>_<concern>.go (densify_flow.go, fuzzy_input.go, expand_recall.go,
// ...). Helpers shared by every standard are in example.go (small documents)
// and refusal.go (bad input refused, judged against a valid twin).
package specs
