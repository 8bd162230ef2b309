// Package standards holds the texts of the context-assembly standards that
// ctxconform checks, verbatim, so that every MUST and SHOULD requirement can
// quote the sentence it enforces and a test can prove each quote is the
// text's own (Contains), without the checkout of the project that wrote
// them: the conformance binary is static and carries them.
//
// The five files are copies of shared/standards/ of the project that
// commissioned ctxconform (the same texts /work/shared/standards holds in
// its CI): Standard 085's two documents (context inflation and dynamic
// density; the context inflation protocol, with radial inflation in its
// §5), Standard 105 (elastic context and fuzzy search), the densification
// chunking document and ADR-023 (dynamic candidate expansion). They are
// not edited here; a new version replaces its file whole.
package standards

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed *.md
var files embed.FS

// The file of each text, by the short name the catalogue's sections use.
const (
	Density   = "std085-context-inflation-dynamic-density.md"
	Protocol  = "std085-context-inflation-protocol.md"
	Elastic   = "std105-elastic-context-fuzzy-search.md"
	Densify   = "densification-chunking.md"
	Expansion = "adr023-dynamic-candidate-expansion.md"
)

// Names lists the files of every text.
func Names() []string { return []string{Density, Protocol, Elastic, Densify, Expansion} }

// Text is the text of the named file.
func Text(name string) (string, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return "", fmt.Errorf("standard %s: %w", name, err)
	}
	return string(b), nil
}

// Normalize collapses every run of white space to one space and trims the
// ends: a quote spans the text's line breaks as a reader sees them.
func Normalize(s string) string { return strings.Join(strings.Fields(s), " ") }

// Contains reports whether fragment occurs in the named text, white space
// normalized, and names the text when it does not.
func Contains(name, fragment string) (bool, error) {
	text, err := Text(name)
	if err != nil {
		return false, err
	}
	return strings.Contains(Normalize(text), Normalize(fragment)), nil
}
