package properties

import (
	"errors"
	"math/rand"

	"github.com/leanovate/gopter/prop"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

// Requirements is every property of the catalogue.
func Requirements() []suite.Requirement {
	var out []suite.Requirement
	out = append(out, inflateRequirements()...)
	out = append(out, densityRequirements()...)
	out = append(out, assembleRequirements()...)
	out = append(out, radialRequirements()...)
	out = append(out, elasticRequirements()...)
	out = append(out, fuzzyRequirements()...)
	out = append(out, densifyRequirements()...)
	out = append(out, expandRequirements()...)
	out = append(out, performanceRequirements()...)
	return out
}

// inflation turns a judgement of one inflation into a property check: for
// every generated request the implementation must answer, and judge must
// find nothing wrong with the answer.
func inflation(name string, judge func(t *suite.T, req inflate.Request, res inflate.Result) error) func(*suite.T) {
	return func(t *suite.T) {
		t.Property(name, prop.ForAll(func(r Recipe) string {
			req := r.Request()
			res, err := call.Inflate(t, req)
			if err != nil {
				if errors.Is(err, adapters.ErrFault) {
					t.Fatal("generated request", err)
				}
				return "valid request rejected: " + err.Error()
			}
			if err := judge(t, req, res); err != nil {
				return err.Error()
			}
			return ""
		}, genRecipe()))
	}
}

// shuffled returns req with its hits in another order, drawn from seed.
func shuffled(req inflate.Request, seed int64) inflate.Request {
	out := req
	out.Hits = append([]inflate.Hit(nil), req.Hits...)
	rng := rand.New(rand.NewSource(seed))
	rng.Shuffle(len(out.Hits), func(i, j int) { out.Hits[i], out.Hits[j] = out.Hits[j], out.Hits[i] })
	out.Documents = append([]inflate.Document(nil), req.Documents...)
	rng.Shuffle(len(out.Documents), func(i, j int) { out.Documents[i], out.Documents[j] = out.Documents[j], out.Documents[i] })
	return out
}
