package adapters_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/standards"
)

// TestConfigValidate: an unknown item, a value that is no whole number and
// one out of range are refused as ErrConfig, naming the item and what it
// takes; a value within the range, however written, is accepted.
func TestConfigValidate(t *testing.T) {
	for _, tt := range []struct {
		name string
		cfg  adapters.Config
		want string // "" accepted; else a part of the error
	}{
		{"nothing declared", nil, ""},
		{"400", adapters.Config{adapters.MergeThreshold: 400}, ""},
		{"400 from JSON", adapters.Config{adapters.MergeThreshold: 400.0}, ""},
		{"400 as a json.Number", adapters.Config{adapters.MergeThreshold: json.Number("400")}, ""},
		{"the lowest", adapters.Config{adapters.MergeThreshold: 1}, ""},
		{"the highest", adapters.Config{adapters.MergeThreshold: 2500}, ""},
		{"0", adapters.Config{adapters.MergeThreshold: 0}, "config merge_threshold: 0 is out of range; it takes a whole number from 1 to 2500 (default 500)"},
		{"2501", adapters.Config{adapters.MergeThreshold: 2501.0}, "config merge_threshold: 2501 is out of range; it takes a whole number from 1 to 2500 (default 500)"},
		{"not whole", adapters.Config{adapters.MergeThreshold: 400.5}, "config merge_threshold: 400.5 is not a whole number; it takes a whole number from 1 to 2500"},
		{"a string", adapters.Config{adapters.MergeThreshold: "400"}, `config merge_threshold: "400" is not a whole number`},
		{"tokens too low", adapters.Config{adapters.MaxDensificationInputTokens: 63_999}, "config max_densification_input_tokens: 63999 is out of range; it takes a whole number from 64000 to 1000000 (default 100000)"},
		{"unknown", adapters.Config{"merge_treshold\x1b[2J": 400}, `config: unknown item "merge_treshold\\x1b[2J" (declarable: merge_threshold, max_densification_input_tokens, exact_case, prefix_case, trigram_boundary)`},
		{"a reading", adapters.Config{adapters.PrefixCase: adapters.CaseSensitive, adapters.TrigramBoundary: adapters.Above}, ""},
		{"an unknown reading", adapters.Config{adapters.PrefixCase: "upper"}, `config prefix_case: "upper" is not a reading it knows; it takes one of "insensitive", "sensitive"`},
		{"a reading as a number", adapters.Config{adapters.TrigramBoundary: 1}, `config trigram_boundary: 1 is not a string; it takes one of ">=", ">"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := adapters.Info{Name: "impl", Unit: "bytes", Config: tt.cfg}.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && err == nil:
				t.Errorf("accepted, want %q", tt.want)
			case tt.want != "" && (!strings.Contains(err.Error(), tt.want) || !errors.Is(err, adapters.ErrConfig)):
				t.Errorf("error %q, want ErrConfig with %q", err, tt.want)
			}
		})
	}
}

// TestConfigValues: Int is the declared value, or the default when nothing
// (or nothing valid) is declared; NonDefault lists what differs from the
// default.
func TestConfigValues(t *testing.T) {
	c := adapters.Config{adapters.MergeThreshold: 400.0, adapters.MaxDensificationInputTokens: 100_000}
	if got := c.Int(adapters.MergeThreshold); got != 400 {
		t.Errorf("declared 400: Int %d", got)
	}
	if got := adapters.Config(nil).Int(adapters.MergeThreshold); got != 500 {
		t.Errorf("undeclared: Int %d, want the default 500", got)
	}
	if got := c.Shown(); got != "merge_threshold=400" {
		t.Errorf("Shown %q, want merge_threshold=400 (the declared default left out)", got)
	}
	r := adapters.Config{adapters.PrefixCase: adapters.CaseInsensitive}
	if got := r.Reading(adapters.PrefixCase); got != adapters.CaseInsensitive {
		t.Errorf("declared insensitive: Reading %q", got)
	}
	if got := r.Reading(adapters.TrigramBoundary); got != "" {
		t.Errorf("undeclared: Reading %q, want none (every reading)", got)
	}
	if got := r.Shown(); got != `prefix_case="insensitive"` {
		t.Errorf("Shown %q, want the declared reading, the reference's too", got)
	}
}

// TestDeclarables: every item's sentence is in its standard's text word for
// word, and the requirements it names exist.
func TestDeclarables(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range ctxconform.Requirements() {
		ids[r.ID] = true
	}
	for _, d := range adapters.Declarables {
		for _, frag := range strings.Split(d.Sentence, " … ") {
			found := false
			for _, name := range standards.Names() {
				if ok, err := standards.Contains(name, frag); err == nil && ok {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: its sentence is in no standard's text: %s", d.Name, frag)
			}
		}
		for _, id := range d.Affects {
			if !ids[id] {
				t.Errorf("%s: affects %s, which is no requirement", d.Name, id)
			}
		}
		if d.Kind == adapters.KindValue && (d.Default < d.Min || d.Default > d.Max) {
			t.Errorf("%s: default %d outside its range [%d, %d]", d.Name, d.Default, d.Min, d.Max)
		}
	}
}
