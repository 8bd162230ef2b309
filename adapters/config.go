package adapters

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/internal/clip"
)

// Config is what an implementation declares of the values the texts call a
// default and of the readings they leave open (Info.Config; the process
// protocol's "started" carries it as implementation.config): an item's name
// (one of Declarables) and its value, a whole number for a value and a
// string for a reading. MUST and SHOULD judge by what it declares; an item
// it does not declare is the text's default value and, for a reading, only
// the cases every reading agrees on (Config.Reading is then "").
type Config map[string]any

// ErrConfig marks a declaration the harness refuses: an unknown item or a
// value out of its range. The conformance binary exits 2 on it (a setup
// error, not a verdict).
var ErrConfig = errors.New("refused configuration")

// DeclarableKind says what a declarable item holds.
type DeclarableKind string

const (
	KindValue   DeclarableKind = "value"   // a whole number within [Min, Max]
	KindReading DeclarableKind = "reading" // one of Readings
)

// Declarable is one item an implementation may declare.
type Declarable struct {
	Name     string
	Kind     DeclarableKind
	Default  int      // a value's default (the text's figure); a reading has none
	Min, Max int      // a value's range
	Readings []string // a reading's choices
	Range    string   // why the range is what it is
	Standard Standard
	Sentence string   // the text's sentence(s) that name the default or leave the choice open, verbatim (fragments joined by " … ")
	Affects  []string // the requirements that judge by it
}

// The declarable items' names, as Config.Int and Config.Reading take them.
const (
	MergeThreshold              = "merge_threshold"
	MaxDensificationInputTokens = "max_densification_input_tokens"
	ExactCase                   = "exact_case"
	PrefixCase                  = "prefix_case"
	TrigramBoundary             = "trigram_boundary"
)

// The readings of ExactCase and PrefixCase, and of TrigramBoundary.
const (
	CaseInsensitive = "insensitive" // std105 §3.2's SQL: LOWER(atom_label) = LOWER($1), ILIKE
	CaseSensitive   = "sensitive"   // its Logic list read as SQL reads it: atom_label = term, LIKE
	AtLeast         = ">="          // pg_trgm's C source: similarity >= threshold
	Above           = ">"           // pg_trgm's documentation: "greater than" the threshold
)

// Declarables is every item an implementation may declare: PROTOCOL.md's
// list, the schema of implementation.config, Config.Validate and the
// reports' display are all drawn from it.
var Declarables = []Declarable{
	{
		Name: MergeThreshold, Kind: KindValue, Default: 500, Min: 1, Max: 2500,
		Range:    "below 1 no two hits would ever merge; above the static window cap of 2500 two hits that far apart never fit one window without a budget",
		Standard: Inflate,
		Sentence: "If `(MoleculeB.start - MoleculeA.end) < MERGE_THRESHOLD` (Default: **500 chars**), they are considered part of the same \"Context Window\".",
		Affects:  []string{"INF-04", "INF-08", "INF-18"},
	},
	{
		Name: MaxDensificationInputTokens, Kind: KindValue, Default: 100_000, Min: 64_000, Max: 1_000_000,
		Range:    "64,000 is the original code's figure, and the checks send inputs of up to about 35,000 tokens with no maximum given, which a lower limit would reject; 1,000,000 tokens is 3 MB of text a request",
		Standard: Densify,
		Sentence: "If estimated tokens exceed `maxDensificationInputTokens` (default `100_000`), densification is rejected early with `densificationInputTooLong`.",
		Affects:  []string{"DSF-02"},
	},
	{
		Name: ExactCase, Kind: KindReading, Readings: []string{CaseInsensitive, CaseSensitive},
		Range:    "std105 §3.2's Logic list writes the exact tier `atom_label = term`, case-exact as SQL reads it, its SQL `LOWER(atom_label) = LOWER($1)`: \"insensitive\" is the SQL's (the reference's), \"sensitive\" the list's, a case variant then a prefix match (`prefix_case` \"insensitive\") or a trigram match",
		Standard: Fuzzy,
		Sentence: "1. **Exact Match:** `atom_label = term` (Highest priority) … LOWER(atom_label) = LOWER($1)",
		Affects:  []string{"FUZ-01", "FUZ-02", "FUZ-14", "FUZ-15"},
	},
	{
		Name: PrefixCase, Kind: KindReading, Readings: []string{CaseInsensitive, CaseSensitive},
		Range:    "std105 §3.2's Logic list writes the prefix tier `atom_label LIKE 'term%'`, case-sensitive, its SQL `atom_label ILIKE $2`: \"insensitive\" is the SQL's (the reference's), \"sensitive\" the list's, a label that starts with the term in another case then a trigram match if similar enough",
		Standard: Fuzzy,
		Sentence: "2. **Prefix Match:** `atom_label LIKE 'term%'` (High priority) … OR atom_label ILIKE $2",
		Affects:  []string{"FUZ-01", "FUZ-02", "FUZ-14", "FUZ-15"},
	},
	{
		Name: TrigramBoundary, Kind: KindReading, Readings: []string{AtLeast, Above},
		Range:    "std105 §3.2 takes `%` from pg_trgm, whose C source matches a similarity equal to the threshold (\">=\", the reference's) and whose documentation says \"greater than\" (\">\"); they differ only at a similarity equal to the threshold",
		Standard: Fuzzy,
		Sentence: "3. **Trigram/Fuzzy Match:** `atom_label % term` (using `pg_trgm` extension)",
		Affects:  []string{"FUZ-05", "FUZ-14", "FUZ-15", "FUZ-22"},
	},
}

// DeclarableOf is the declarable item named name.
func DeclarableOf(name string) (Declarable, bool) {
	i := slices.IndexFunc(Declarables, func(d Declarable) bool { return d.Name == name })
	if i < 0 {
		return Declarable{}, false
	}
	return Declarables[i], true
}

// Accepted says what the item takes: "a whole number from 1 to 2500
// (default 500)" or "one of "insensitive", "sensitive"".
func (d Declarable) Accepted() string {
	if d.Kind == KindReading {
		return "one of " + quoted(d.Readings)
	}
	return fmt.Sprintf("a whole number from %d to %d (default %d)", d.Min, d.Max, d.Default)
}

func quoted(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// names lists the declarable items, for an error about an unknown one.
func names() string {
	var ns []string
	for _, d := range Declarables {
		ns = append(ns, d.Name)
	}
	return strings.Join(ns, ", ")
}

// Validate refuses an unknown item and a value outside its item's range,
// naming the item and what it accepts.
func (c Config) Validate() error {
	for _, name := range slices.Sorted(maps.Keys(c)) {
		d, ok := DeclarableOf(name)
		if !ok {
			return fmt.Errorf("%w: config: unknown item %q (declarable: %s)", ErrConfig, clip.Line(name, clip.MaxIdentity), names())
		}
		if _, err := d.parse(c[name]); err != nil {
			return fmt.Errorf("%w: config %s: %v; it takes %s", ErrConfig, name, err, d.Accepted())
		}
	}
	return nil
}

// parse reads v as d's value: an int for a value, a string for a reading.
func (d Declarable) parse(v any) (any, error) {
	if d.Kind == KindReading {
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("%s is not a string", shownValue(v))
		}
		if !slices.Contains(d.Readings, s) {
			return nil, fmt.Errorf("%s is not a reading it knows", shownValue(v))
		}
		return s, nil
	}
	n, ok := whole(v)
	if !ok {
		return nil, fmt.Errorf("%s is not a whole number", shownValue(v))
	}
	if n < d.Min || n > d.Max {
		return nil, fmt.Errorf("%d is out of range", n)
	}
	return n, nil
}

// whole is v as an int, whether a Go adapter wrote an int or JSON decoded
// a number.
func whole(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), n >= math.MinInt32 && n <= math.MaxInt32
	case float64:
		return int(n), n == math.Trunc(n) && math.Abs(n) <= math.MaxInt32
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil && i >= math.MinInt32 && i <= math.MaxInt32
	}
	return 0, false
}

// Int is the value of the item named name: as declared, or the text's
// default. It panics on a name that is no declarable value (a bug of the
// check that asks).
func (c Config) Int(name string) int {
	d, ok := DeclarableOf(name)
	if !ok || d.Kind != KindValue {
		panic(fmt.Sprintf("adapters: %q is no declarable value", name))
	}
	if v, err := d.parse(c[name]); err == nil {
		return v.(int)
	}
	return d.Default
}

// Reading is the reading declared for the item named name, or "" when
// none is (the check then judges only what every reading agrees on).
func (c Config) Reading(name string) string {
	d, ok := DeclarableOf(name)
	if !ok || d.Kind != KindReading {
		panic(fmt.Sprintf("adapters: %q is no declarable reading", name))
	}
	if v, err := d.parse(c[name]); err == nil {
		return v.(string)
	}
	return ""
}

// NonDefault lists the declared items whose value differs from the text's
// default, and every declared reading, as "name=value", sorted by name:
// what the reports show beside the implementation's name.
func (c Config) NonDefault() []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(c)) {
		d, known := DeclarableOf(name)
		if known && d.Kind == KindValue && c.Int(name) == d.Default {
			if n, ok := whole(c[name]); ok && n == d.Default {
				continue
			}
		}
		out = append(out, clip.Line(name, clip.MaxIdentity)+"="+shownValue(c[name]))
	}
	return out
}

// Shown is the configuration as the reports show it: "name=value, …" of
// NonDefault, or "" when everything is the texts' default.
func (c Config) Shown() string { return strings.Join(c.NonDefault(), ", ") }

// shownValue writes a declared value for a message or a report: a number
// as a number, a string quoted, one line and clipped (it may come from a
// program or a report file).
func shownValue(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%q", clip.Line(x, clip.MaxIdentity))
	case int, int64, float64, json.Number:
		if n, ok := whole(x); ok {
			return fmt.Sprint(n)
		}
		return clip.Line(fmt.Sprint(x), clip.MaxIdentity)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	return clip.Line(string(b), clip.MaxIdentity)
}

// shown is the configuration with every name and string clip.Line makes
// them (Info.Shown).
func (c Config) shown() Config {
	if c == nil {
		return nil
	}
	out := make(Config, len(c))
	for k, v := range c {
		if s, ok := v.(string); ok {
			v = clip.Line(s, clip.MaxIdentity)
		}
		out[clip.Line(k, clip.MaxIdentity)] = v
	}
	return out
}
