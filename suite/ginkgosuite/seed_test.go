package ginkgosuite

import (
	"flag"
	"testing"

	"github.com/ctxconform/ctxconform/suite"
)

// TestSeed: without -ginkgo.seed the specs use the fixed default seed (not
// Ginkgo's, drawn from the clock); with it, that seed.
func TestSeed(t *testing.T) {
	if got := Seed(); got != suite.DefaultSeed {
		t.Fatalf("Seed() without -ginkgo.seed = %d, want the default %d", got, suite.DefaultSeed)
	}
	if err := flag.Set("ginkgo.seed", "7"); err != nil {
		t.Fatal(err)
	}
	if got := Seed(); got != 7 {
		t.Errorf("Seed() with -ginkgo.seed=7 = %d, want 7", got)
	}
}
