package suite

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// DefaultSeed is the seed of generated inputs when none is given (an
// Options.Seed of 0, `conformance run` without --seed, `go test` without
// -ginkgo.seed): the same program then gets the same verdicts on every run,
// and a "no new failures" gate on an expectations file is not flaky.
// Exploring other seeds is asked for (`--seed random`); a fault found that
// way is kept in the failure memory (package suite/memory) and checked
// first on every later run, whatever the seed.
const DefaultSeed int64 = 1

// A SeedChoice is what --seed asked for: a seed, a random one, or none
// (the default, or the seed an expectations file was written with).
type SeedChoice struct {
	Seed   int64 // the seed asked for; 0 with Random or when not Given
	Random bool  // pick one (--seed random, or 0 as before)
	Given  bool  // --seed was given
}

// String is the choice as --seed takes it.
func (c SeedChoice) String() string {
	switch {
	case c.Random:
		return "random"
	case c.Given:
		return strconv.FormatInt(c.Seed, 10)
	}
	return ""
}

// Set reads "random", or an integer (0 is random, as it always was).
func (c *SeedChoice) Set(v string) error {
	v = strings.TrimSpace(v)
	if strings.EqualFold(v, "random") {
		*c = SeedChoice{Random: true, Given: true}
		return nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		what := "too large"
		if n < 0 {
			what = "too small"
		}
		return fmt.Errorf("%q: %s: want an integer in [%d, %d] or \"random\"", v, what, int64(math.MinInt64), int64(math.MaxInt64))
	}
	if err != nil {
		return fmt.Errorf("%q: want an integer or \"random\"", v)
	}
	*c = SeedChoice{Seed: n, Random: n == 0, Given: true}
	return nil
}

// RandomSeed picks a seed to explore with: never 0, which means the
// default.
func RandomSeed() int64 {
	return time.Now().UnixNano()%999_999_999 + 1
}
