// Package adapters is the contract between the harness and an implementation
// under test.
//
// An adapter describes itself with Info (name, version, language, the unit
// its offsets and lengths count in, and the standards it implements) and
// provides one operation interface per standard it declares (Inflater for
// context inflation and dynamic density, and so on). The suite runs only the
// requirements of declared standards; the rest are reported as "not
// implemented", never as passed.
//
// Implementations live in subpackages: reference (the in-process reference,
// the embedded default), postgres, and process (any program in any language,
// over JSON lines). Package open builds one from a name and settings.
//
// An implementation that counts in runes or UTF-16 code units is converted to
// bytes by InBytes before any check compares offsets, so checks are written
// once, in bytes of UTF-8. An answer offset that cannot be taken as given
// (outside its document, inside a character) is repaired and recorded as a
// Repair, so that the requirement about that fault fails while the others
// judge the repaired answer: a wrong answer is a failure, not an error.
package adapters
