// Package textgen writes the generated text the checks send: words of one
// script or a mix (Text, for the properties' documents and inputs) and the
// fixed pseudo-random corpus on which the trigram functions must agree with
// pg_trgm (TrigramCorpus). Both are deterministic for a given source, so a
// case or a corpus is the same on every run that draws it the same way.
package textgen
