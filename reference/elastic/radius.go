package elastic

import (
	"fmt"
	"math"
)

// The clamp of std105 §4, in bytes.
const (
	MinRadius = 200   // floor, "to ensure readability"
	MaxRadius = 32000 // cap, "to prevent memory overflows during hydration"
)

// Radius is the elastic radius of std105 §2.2:
// clamp(floor(budget/hits/2), MinRadius, MaxRadius). A budget <= 0 or a
// negative hit count is an error; 0 hits give 0 (there is nothing to window).
func Radius(budget, hits int) (int, error) {
	if budget <= 0 {
		return 0, fmt.Errorf("elastic radius: budget %d, want > 0", budget)
	}
	if hits < 0 {
		return 0, fmt.Errorf("elastic radius: %d hits, want >= 0", hits)
	}
	if hits == 0 {
		return 0, nil
	}
	return min(max(budget/hits/2, MinRadius), MaxRadius), nil
}

// RadiusFromTokens is the dynamic radius of std085-protocol §5.2,
// floor(tokens·charsPerToken/expected/2), with the std105 clamp applied: the
// budget in bytes is tokens·charsPerToken and the hits are the expected
// results. tokens and charsPerToken must be > 0, expected >= 0; a budget
// that overflows int is an error.
func RadiusFromTokens(tokens, charsPerToken, expected int) (int, error) {
	if tokens <= 0 || charsPerToken <= 0 {
		return 0, fmt.Errorf("elastic radius: %d tokens at %d chars per token, want both > 0", tokens, charsPerToken)
	}
	if tokens > math.MaxInt/charsPerToken {
		return 0, fmt.Errorf("elastic radius: %d tokens × %d chars per token overflows", tokens, charsPerToken)
	}
	return Radius(tokens*charsPerToken, expected)
}
