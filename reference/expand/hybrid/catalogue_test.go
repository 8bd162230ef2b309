package hybrid

import (
	"reflect"
	"testing"
)

func TestNewCatalogueErrors(t *testing.T) {
	tests := []struct {
		name  string
		tools []Tool
	}{
		{"empty ID", []Tool{{"", "x"}}},
		{"duplicate", []Tool{{"a", "x"}, {"b", "y"}, {"a", "z"}}},
		{"bad ID", []Tool{{"a\xff", "x"}}},
		{"bad description", []Tool{{"a", "x\xfe"}}},
	}
	for _, tt := range tests {
		if _, err := NewCatalogue(tt.tools); err == nil {
			t.Errorf("%s: want an error", tt.name)
		}
	}
	c, err := NewCatalogue(nil)
	if err != nil || c.Len() != 0 {
		t.Errorf("empty catalogue: %v, %v", c, err)
	}
}

func TestSemanticOrderAndTies(t *testing.T) {
	tools := []Tool{
		{"b_a", "deploy"}, // same bag of trigrams as a_b: a tie
		{"a_b", "deploy"},
		{"zeta", "unrelated words entirely"},
		{"deploy_service", "deploy a service"},
	}
	c, err := NewCatalogue(tools)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Semantic("deploy service", 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(got))
	for i, s := range got {
		ids[i] = s.ID
		if i > 0 && s.Semantic > got[i-1].Semantic {
			t.Errorf("scores not descending at %d: %v", i, got)
		}
	}
	if ids[0] != "deploy_service" {
		t.Errorf("first = %s, want deploy_service", ids[0])
	}
	if got[1].Semantic != got[2].Semantic || ids[1] != "a_b" || ids[2] != "b_a" {
		t.Errorf("tie not broken by ID: %v", got)
	}
	// Input order never matters.
	rev := []Tool{tools[3], tools[2], tools[1], tools[0]}
	c2, _ := NewCatalogue(rev)
	got2, _ := c2.Semantic("deploy service", 4, 0)
	if !reflect.DeepEqual(got, got2) {
		t.Errorf("order-dependent: %v vs %v", got, got2)
	}
	// k cuts, minScore drops.
	cut, _ := c.Semantic("deploy service", 2, 0)
	if !reflect.DeepEqual(cut, got[:2]) {
		t.Errorf("k=2 gave %v", cut)
	}
	floor := got[1].Semantic
	kept, _ := c.Semantic("deploy service", 4, floor)
	for _, s := range kept {
		if s.Semantic < floor {
			t.Errorf("min score %v kept %v", floor, s)
		}
	}
	if len(kept) != 3 {
		t.Errorf("min score %v kept %d, want 3 (the tie stays)", floor, len(kept))
	}
}

func TestSemanticErrors(t *testing.T) {
	c, _ := NewCatalogue([]Tool{{"a", "b"}})
	for _, tt := range []struct {
		q        string
		k        int
		minScore float64
	}{
		{"", 1, 0}, {"!?", 1, 0}, {"ok\xff", 1, 0}, {"ok", -1, 0}, {"ok", 1, -0.1}, {"ok", 1, 1.1},
	} {
		if _, err := c.Semantic(tt.q, tt.k, tt.minScore); err == nil {
			t.Errorf("Semantic(%q, %d, %v): want an error", tt.q, tt.k, tt.minScore)
		}
	}
	// The ends of [0, 1] and k = 0 are allowed.
	for _, minScore := range []float64{0, 1} {
		if _, err := c.Semantic("ok", 0, minScore); err != nil {
			t.Errorf("Semantic(ok, 0, %v): %v, want no error", minScore, err)
		}
	}
}
