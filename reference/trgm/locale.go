package trgm

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// Locale is the LC_CTYPE of the database whose pg_trgm is mirrored. It decides
// which characters make words and how they are lower-cased. The database
// encoding is always UTF8.
type Locale int

const (
	// UTF8 mirrors a glibc UTF-8 locale (C.UTF-8, en_US.UTF-8, ...) whose
	// character data is Unicode 14.0, as in glibc 2.35 and 2.36 (Debian 12,
	// Ubuntu 22.04). Word characters are ASCII letters and digits plus, for
	// multi-byte characters, glibc's iswalpha (Unicode Alphabetic or Nd);
	// lower-casing is towlower, one code point to one code point.
	UTF8 Locale = iota
	// C mirrors LC_CTYPE C or POSIX: only ASCII letters and digits make words,
	// every multi-byte character separates words, and only ASCII is lower-cased.
	C
)

// String names the locale as ParseLocale accepts it.
func (l Locale) String() string {
	switch l {
	case UTF8:
		return "UTF8"
	case C:
		return "C"
	}
	return fmt.Sprintf("Locale(%d)", int(l))
}

func (l Locale) check() error {
	if l != UTF8 && l != C {
		return fmt.Errorf("trgm: unknown locale %d (want trgm.UTF8 or trgm.C)", int(l))
	}
	return nil
}

// ParseLocale maps a database LC_CTYPE (the value of SHOW lc_ctype) to a
// Locale: "C" and "POSIX" (exactly, as PostgreSQL 15's lc_ctype_is_c tests)
// give C; a name whose codeset is UTF-8 ("C.UTF-8", "en_US.utf8") gives UTF8;
// anything else is an error, because other codesets cannot back a UTF8
// database and are not mirrored.
func ParseLocale(lcCtype string) (Locale, error) {
	if lcCtype == "C" || lcCtype == "POSIX" {
		return C, nil
	}
	if _, codeset, ok := strings.Cut(lcCtype, "."); ok {
		if at := strings.IndexByte(codeset, '@'); at >= 0 {
			codeset = codeset[:at]
		}
		switch strings.ToLower(codeset) {
		case "utf-8", "utf8":
			return UTF8, nil
		}
	}
	return 0, fmt.Errorf("trgm: LC_CTYPE %q is neither C/POSIX nor a UTF-8 locale", lcCtype)
}

// isWord reports whether r is a word character (pg_trgm's ISWORDCHR:
// t_isalpha || t_isdigit).
func (l Locale) isWord(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiAlnum(byte(r))
	}
	if l == C {
		return false
	}
	if r < bmpSize {
		bmpOnce.Do(buildBMP)
		return bmpWord[r>>6]&(1<<(r&63)) != 0
	}
	return glibcAlpha(r)
}

func asciiAlnum(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// glibcAlpha is glibc's iswalpha for a non-ASCII code point: the Unicode
// derived property Alphabetic (Lu, Ll, Lt, Lm, Lo, Nl, Other_Alphabetic) or
// general category Nd, with Unicode 14.0 data. Go's tables are Unicode 15.0,
// so the characters that became alphabetic in 15.0 are taken out.
func glibcAlpha(r rune) bool {
	if !(unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) ||
		unicode.Is(unicode.Other_Alphabetic, r) || unicode.Is(unicode.Nd, r)) {
		return false
	}
	return !unicode.Is(alphabeticSince15, r)
}

const bmpSize = 0x10000

var (
	bmpOnce sync.Once
	bmpWord [bmpSize / 64]uint64
)

func buildBMP() {
	for r := rune(utf8.RuneSelf); r < bmpSize; r++ {
		if glibcAlpha(r) {
			bmpWord[r>>6] |= 1 << (r & 63)
		}
	}
}

// lowerRune lower-cases one code point as the locale does.
func (l Locale) lowerRune(r rune) rune {
	if l == C || r < utf8.RuneSelf {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	return unicode.ToLower(r)
}

// Lower lower-cases s as PostgreSQL's lower() does in a database with this
// LC_CTYPE and the libc provider: code point by code point (towlower) in a
// UTF-8 locale, ASCII only in C. ILIKE compares lower(text) with
// lower(pattern). s must be valid UTF-8 without NUL bytes.
func (l Locale) Lower(s string) (string, error) {
	if err := l.check(); err != nil {
		return "", err
	}
	if err := validate("text", s); err != nil {
		return "", err
	}
	return l.lower(s), nil
}

func (l Locale) lower(s string) string {
	return strings.Map(l.lowerRune, s)
}

// validate rejects what a PostgreSQL text value in a UTF8 database cannot
// hold: invalid UTF-8 and NUL bytes.
func validate(what, s string) error {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return fmt.Errorf("trgm: %s has a NUL byte at byte %d; PostgreSQL text cannot hold NUL", what, i)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("trgm: %s is not valid UTF-8 at byte %d", what, unit.FirstInvalid(s))
	}
	return nil
}
