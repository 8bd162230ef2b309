package ginkgosuite

import (
	"flag"

	"github.com/onsi/ginkgo/v2"

	"github.com/ctxconform/ctxconform/suite"
)

// Seed is the seed of generated inputs under Ginkgo: Ginkgo's own
// (-ginkgo.seed=N, which the ginkgo command always passes) when it was
// given, else suite.DefaultSeed, as `conformance run` without --seed. Go
// test's default run (`go test ./...`) then gives the same verdicts every
// time, instead of following the seed Ginkgo draws from the clock to
// shuffle spec order.
func Seed() int64 {
	given := false
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "ginkgo.seed" {
			given = true
		}
	})
	if given {
		return ginkgo.GinkgoRandomSeed()
	}
	return suite.DefaultSeed
}
