package hybrid

import "testing"

func TestRecall(t *testing.T) {
	tests := []struct {
		name              string
		results, relevant []string
		limit             int
		want              float64
	}{
		{"all found", []string{"a", "b"}, []string{"b", "a"}, 2, 1},
		{"cut at limit", []string{"a", "x", "c"}, []string{"a", "c", "z"}, 2, 1.0 / 3},
		{"limit past the results", []string{"a"}, []string{"a", "b"}, 10, 0.5},
		{"repeated result counts once", []string{"a", "a", "a"}, []string{"a", "b"}, 3, 0.5},
		{"repeated relevant counts once", []string{"a"}, []string{"a", "a"}, 1, 1},
		{"nothing relevant", []string{"a"}, nil, 1, 0},
		{"limit 0", []string{"a"}, []string{"a"}, 0, 0},
		{"negative limit", []string{"a"}, []string{"a"}, -1, 0},
		{"none found", []string{"x", "y"}, []string{"a"}, 2, 0},
	}
	for _, tt := range tests {
		if got := Recall(tt.results, tt.relevant, tt.limit); got != tt.want {
			t.Errorf("%s: Recall = %v, want %v", tt.name, got, tt.want)
		}
	}
}
