package radial

import (
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

func TestIngest(t *testing.T) {
	docs := []inflate.Document{
		// Bytes: Hello 0-4, ", " 5-6, w 7, ö 8-9, r l d 10-12, "! " 13-14,
		// 42abc 15-19, " " 20, 日本語 21-29, " " 30, x 31, _ 32, y 33.
		{ID: "a", Body: "Hello, wörld! 42abc 日本語 x_y"},
		// HELLO 0-4, hello 6-10, Straße 12-18 (ß is 2 bytes).
		{ID: "b", Body: "HELLO hello Straße"},
		// The combining acute accent (U+0301, bytes 4-5) ends the word "cafe";
		// "x" is at 7.
		{ID: "c", Body: "cafe\u0301 x", Kind: "code"},
	}
	tests := []struct {
		label string
		want  []Atom
	}{
		{"hello", []Atom{{"a", "hello", 0, 0}, {"b", "hello", 0, 0}, {"b", "hello", 6, 0}}},
		{"HeLLo", []Atom{{"a", "hello", 0, 0}, {"b", "hello", 0, 0}, {"b", "hello", 6, 0}}},
		{"wörld", []Atom{{"a", "wörld", 7, 0}}},
		{"42abc", []Atom{{"a", "42abc", 15, 0}}},
		{"日本語", []Atom{{"a", "日本語", 21, 0}}},
		{"x", []Atom{{"a", "x", 31, 0}, {"c", "x", 7, 0}}},
		{"y", []Atom{{"a", "y", 33, 0}}},
		{"straße", []Atom{{"b", "straße", 12, 0}}},
		{"cafe", []Atom{{"c", "cafe", 0, 0}}},
		{"x_y", nil},
		{"world", nil},
		{"", nil},
	}
	for _, order := range []string{"given", "reversed"} {
		in := slices.Clone(docs)
		if order == "reversed" {
			slices.Reverse(in)
		}
		idx, err := Ingest(in)
		if err != nil {
			t.Fatalf("%s: Ingest: %v", order, err)
		}
		for _, tc := range tests {
			if got := idx.Lookup(tc.label); !slices.Equal(got, tc.want) {
				t.Errorf("%s: Lookup(%q) = %v, want %v", order, tc.label, got, tc.want)
			}
		}
		wantLabels := []string{"42abc", "cafe", "hello", "straße", "wörld", "x", "y", "日本語"}
		if got := idx.Labels(); !slices.Equal(got, wantLabels) {
			t.Errorf("%s: Labels() = %q, want %q", order, got, wantLabels)
		}
		if got := idx.Len(); got != 11 {
			t.Errorf("%s: Len() = %d, want 11", order, got)
		}
	}
}

func TestIngestLookupIsACopy(t *testing.T) {
	idx, err := Ingest([]inflate.Document{{ID: "a", Body: "word"}})
	if err != nil {
		t.Fatal(err)
	}
	idx.Lookup("word")[0].Offset = 99
	if got := idx.Lookup("word")[0].Offset; got != 0 {
		t.Errorf("Lookup leaked its slice: offset now %d", got)
	}
	var nilIdx *Index
	if nilIdx.Lookup("x") != nil || nilIdx.Labels() != nil || nilIdx.Len() != 0 {
		t.Error("nil index is not empty")
	}
}

func TestIngestErrors(t *testing.T) {
	tests := []struct {
		name string
		docs []inflate.Document
		want string // a part of the error
	}{
		{"invalid UTF-8", []inflate.Document{{ID: "bad", Body: "a\xffb"}}, `"bad"`},
		{"duplicate ID", []inflate.Document{{ID: "d", Body: "x"}, {ID: "d", Body: "y"}}, `"d": duplicate`},
		{"empty ID", []inflate.Document{{ID: "", Body: "x"}}, "empty ID"},
		{"unknown kind", []inflate.Document{{ID: "k", Body: "x", Kind: "poem"}}, `"poem"`},
	}
	for _, tc := range tests {
		_, err := Ingest(tc.docs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one containing %s", tc.name, err, tc.want)
		}
	}
}

func TestUnique(t *testing.T) {
	in := []Atom{{"b", "x", 0, 0}, {"a", "x", 5, 0.5}, {"a", "y", 5, 0}, {"a", "x", 5, 0.9}, {"a", "x", 1, 0}}
	want := []Atom{{"a", "x", 1, 0}, {"a", "x", 5, 0.9}, {"a", "y", 5, 0}, {"b", "x", 0, 0}}
	if got := Unique(in); !slices.Equal(got, want) {
		t.Errorf("Unique = %v, want %v", got, want)
	}
	if in[0].CompoundID != "b" {
		t.Error("Unique modified its input")
	}
}
