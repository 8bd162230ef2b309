package main

import (
	"fmt"
	"io"

	"github.com/ctxconform/ctxconform/suite"
)

var seedUsage = fmt.Sprintf("seed for generated inputs: `N`, or random to explore (picks one and prints it; 0 does too, as it always did); default %d (suite.DefaultSeed), or the seed the --expectations file was written with", suite.DefaultSeed)

// resolveSeed sets the run's seed from --seed and the expectations file:
// an explicit seed wins (with a note when the expectations were recorded
// with another, since generated cases then differ); random picks one and
// prints it; none takes the expectations file's seed, else the default.
// The same program with the same expectations file then gets the same
// verdicts on every run.
func resolveSeed(cfg *runConfig, stderr io.Writer) {
	recorded := cfg.out.expect.Seed
	switch {
	case cfg.seed.Random:
		cfg.opts.Seed = suite.RandomSeed()
		fmt.Fprintf(stderr, "conformance run: --seed random: seed %d (run it again with --seed %d)\n", cfg.opts.Seed, cfg.opts.Seed)
	case cfg.seed.Given:
		cfg.opts.Seed = cfg.seed.Seed
	case recorded != 0:
		cfg.opts.Seed = recorded
	default:
		cfg.opts.Seed = suite.DefaultSeed
	}
	if recorded != 0 && recorded != cfg.opts.Seed {
		fmt.Fprintf(stderr, "conformance run: note: %s was written with seed %d and this run uses seed %d: generated cases differ, so a failure only a generated case finds may come or go (leave --seed out to use the file's)\n",
			cfg.expectations, recorded, cfg.opts.Seed)
	}
}
