package bench

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
)

// Unsupported says, before anything runs, why a cannot run bm ("" when, as
// far as can be told, it can): bm calls an operation a does not declare, or
// a runs in another process and cannot time itself ("bench" capability),
// so bm would only skip. A side-by-side run leaves such benchmarks out
// instead of spending their setup on a skip.
func Unsupported(a adapters.Adapter, bm Benchmark) string {
	if bm.Needs == "" {
		return ""
	}
	if !a.Info().Implements(bm.Needs) {
		return fmt.Sprintf("%s does not implement %s", a.Info().Name, bm.Needs)
	}
	if here, why := timedHere(a); !here && why != "" {
		return why
	}
	return ""
}
