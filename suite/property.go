package suite

import (
	"bytes"

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
		t.Errorf("property %q falsified (seed %d):\n%s", name, t.Seed(), bytes.TrimSpace(out.Bytes()))
	}
}
