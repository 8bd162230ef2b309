package adapters

import "fmt"

// Standard names a standard (or a separately testable part of one).
type Standard string

const (
	Inflate  Standard = "inflate"  // std085 §2: context inflation
	Density  Standard = "density"  // std085 §3: dynamic density
	Assemble Standard = "assemble" // std085 protocol §1–3: window assembly strategies
	Radial   Standard = "radial"   // std085 protocol §5: radial lazy inflation
	Elastic  Standard = "elastic"  // std105 §2: elastic radius
	Fuzzy    Standard = "fuzzy"    // std105 §3: fuzzy search with pg_trgm semantics
	Densify  Standard = "densify"  // densification-chunking
	Expand   Standard = "expand"   // ADR-023: dynamic candidate expansion
)

var standards = []struct {
	s      Standard
	title  string
	source string
}{
	{Inflate, "Context inflation", "std085-context-inflation-dynamic-density §2, std085-context-inflation-protocol"},
	{Density, "Dynamic density", "std085-context-inflation-dynamic-density §3"},
	{Assemble, "Window assembly strategies", "std085-context-inflation-protocol §1–3"},
	{Radial, "Radial lazy inflation", "std085-context-inflation-protocol §5"},
	{Elastic, "Elastic radius", "std105-elastic-context-fuzzy-search §2, §4"},
	{Fuzzy, "Fuzzy search", "std105-elastic-context-fuzzy-search §3"},
	{Densify, "Chunk/merge densification", "densification-chunking"},
	{Expand, "Dynamic candidate expansion", "adr023-dynamic-candidate-expansion"},
}

// Standards lists every standard ctxconform knows, in report order.
func Standards() []Standard {
	out := make([]Standard, len(standards))
	for i, s := range standards {
		out[i] = s.s
	}
	return out
}

// ParseStandard returns the standard named s.
func ParseStandard(s string) (Standard, error) {
	for _, x := range standards {
		if string(x.s) == s {
			return x.s, nil
		}
	}
	return "", fmt.Errorf("unknown standard %q (want one of %v)", s, Standards())
}

// Title is the standard's name for people.
func (s Standard) Title() string {
	for _, x := range standards {
		if x.s == s {
			return x.title
		}
	}
	return string(s)
}

// Source names the text the standard comes from.
func (s Standard) Source() string {
	for _, x := range standards {
		if x.s == s {
			return x.source
		}
	}
	return ""
}
