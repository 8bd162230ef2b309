package fuzzy

import (
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/reference/trgm"
)

// EscapeLike escapes the LIKE/ILIKE metacharacters of term (\, % and _) with
// the default escape character \, so the result matches term literally.
// std105 §3's SQL passes "term%" unescaped, so a term such as "%" or "_"
// matches far more than its prefix. The caller appends "%" for a prefix
// search and passes the result as a bind parameter ($2), never by
// concatenating SQL text:
//
//	WHERE atom_label ILIKE $2   -- $2 = fuzzy.EscapeLike(term) + "%"
//
// This relies on standard_conforming_strings (on by default since
// PostgreSQL 9.1) only if the pattern is written as a literal, which it must
// not be.
func EscapeLike(term string) string {
	if !strings.ContainsAny(term, `\%_`) {
		return term
	}
	var b strings.Builder
	b.Grow(len(term) + 4)
	for i := 0; i < len(term); i++ {
		switch c := term[i]; c {
		case '\\', '%', '_':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// ILike reports whether text ILIKE pattern in a PostgreSQL 15 UTF8 database
// with the given LC_CTYPE: both are lower-cased (lower()), then % matches any
// run of characters, _ exactly one character, \ makes the next character
// literal, and every other character matches itself. It is the definition the
// prefix tier is checked against. A pattern that ends in an unpaired escape is
// an error here even when PostgreSQL would fail the match before reaching it.
func ILike(loc trgm.Locale, text, pattern string) (bool, error) {
	lt, err := loc.Lower(text)
	if err != nil {
		return false, fmt.Errorf("fuzzy: ILIKE text: %w", err)
	}
	toks, err := compileILike(loc, pattern)
	if err != nil {
		return false, err
	}
	return matchLike([]rune(lt), toks), nil
}

// Like reports whether text LIKE pattern, as ILike without lower-casing
// either: case-sensitive, as std105 §3.2's Logic list writes the prefix
// tier (`atom_label LIKE 'term%'`), where its SQL has ILIKE.
func Like(text, pattern string) (bool, error) {
	toks, err := compileLike([]rune(pattern))
	if err != nil {
		return false, fmt.Errorf("fuzzy: LIKE pattern %q: %w", pattern, err)
	}
	return matchLike([]rune(text), toks), nil
}

// compileILike lowers pattern (lower()) and compiles it for matchLike.
func compileILike(loc trgm.Locale, pattern string) ([]likeToken, error) {
	lp, err := loc.Lower(pattern)
	if err != nil {
		return nil, fmt.Errorf("fuzzy: ILIKE pattern: %w", err)
	}
	toks, err := compileLike([]rune(lp))
	if err != nil {
		return nil, fmt.Errorf("fuzzy: ILIKE pattern %q: %w", pattern, err)
	}
	return toks, nil
}

type likeToken struct {
	kind byte // 'c' literal, '_' one character, '%' any run
	r    rune
}

func compileLike(p []rune) ([]likeToken, error) {
	var toks []likeToken
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 == len(p) {
				return nil, fmt.Errorf("LIKE pattern must not end with escape character")
			}
			i++
			toks = append(toks, likeToken{'c', p[i]})
		case '%':
			toks = append(toks, likeToken{kind: '%'})
		case '_':
			toks = append(toks, likeToken{kind: '_'})
		default:
			toks = append(toks, likeToken{'c', p[i]})
		}
	}
	return toks, nil
}

// matchLike is the usual backtracking wildcard match: on a mismatch, retry
// from the last % with one more character swallowed by it.
func matchLike(s []rune, p []likeToken) bool {
	si, pi := 0, 0
	star, starS := -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && p[pi].kind == '%':
			star, starS = pi, si
			pi++
		case pi < len(p) && (p[pi].kind == '_' || p[pi].kind == 'c' && p[pi].r == s[si]):
			si++
			pi++
		case star >= 0:
			starS++
			si = starS
			pi = star + 1
		default:
			return false
		}
	}
	for pi < len(p) && p[pi].kind == '%' {
		pi++
	}
	return pi == len(p)
}
