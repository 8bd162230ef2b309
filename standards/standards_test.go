package standards

import "testing"

// TestTexts: every named text is embedded and holds its title; Contains
// normalizes white space on both sides, finds nothing that is not there,
// and names an unknown text.
func TestTexts(t *testing.T) {
	titles := map[string]string{
		Density:   "Standard 085: Context Inflation & Dynamic Density",
		Protocol:  "Standard 085: Context Inflation Protocol",
		Elastic:   "Standard 105: Elastic Context & Fuzzy Search Protocol",
		Densify:   "Densification Chunking and Context Window Management",
		Expansion: "ADR-023: Dynamic Candidate Expansion",
	}
	for _, name := range Names() {
		if in, err := Contains(name, titles[name]); err != nil || !in {
			t.Errorf("%s: title %q found %v, %v", name, titles[name], in, err)
		}
	}
	for _, tt := range []struct {
		fragment string
		want     bool
	}{
		{"**MIN_PADDING**: 50 chars", true},
		{"**MIN_PADDING**:\n   50   chars", true},
		{"**MIN_PADDING**: 60 chars", false},
	} {
		if in, err := Contains(Density, tt.fragment); err != nil || in != tt.want {
			t.Errorf("Contains(%q) = %v, %v; want %v", tt.fragment, in, err, tt.want)
		}
	}
	if _, err := Contains("std999.md", "x"); err == nil {
		t.Error("an unknown text: no error")
	}
}
