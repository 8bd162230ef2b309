package suite

import (
	"bytes"
	"strings"

	"github.com/leanovate/gopter"
)

// Property checks a gopter property with the run's seed and case count. On
// failure the shrunk counterexample and the seed go into the failure message,
// so `conformance run --seed N` (or `ginkgo --seed N`) replays it.
func (t *T) Property(name string, p gopter.Prop) {
	params := gopter.DefaultTestParametersWithSeed(t.Seed())
	params.MinSuccessfulTests = t.PropertyRuns()
	params.MaxShrinkCount = 200
	props := gopter.NewProperties(params)
	props.Property(name, p)
	var out bytes.Buffer
	if !props.Run(gopter.NewFormatedReporter(true, 100, &out)) {
		t.Errorf("property %q falsified (seed %d):\n%s", name, t.Seed(), withoutTimings(out.String()))
	}
}

// withoutTimings drops gopter's "Elapsed time" lines, so the same seed gives
// the same report, byte for byte.
func withoutTimings(report string) string {
	var keep []string
	for _, line := range strings.Split(strings.TrimSpace(report), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "Elapsed time:") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}
