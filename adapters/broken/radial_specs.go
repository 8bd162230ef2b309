package broken

import (
	"context"
	"math"
	"strings"
	"unicode"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// Mutants of the radial split, ingest and code windows, each wrong in one
// way that one fixed example of specs/radial.go states (RAD-21 to RAD-26).

// radialSplitWith is the reference's split with each term's share changed
// by f; Used and Unused are recomputed from the changed shares.
func radialSplitWith(name string, f func(*radial.Share)) adapters.Adapter {
	return &radialInflater{mutant: named(name), split: func(req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
		s, err := radial.Split(req.Budget, req.Terms)
		if err != nil {
			return adapters.RadialSplitAnswer{}, err
		}
		s.Used = 0
		for i := range s.Terms {
			f(&s.Terms[i])
			s.Used += s.Terms[i].Used()
		}
		s.Unused = s.Budget - s.Used
		return adapters.RadialSplitAnswer{Shares: s}, nil
	}}
}

// RadialSplitDirectShort gives each direct atom one unit less than the
// reference (1,749 of 10,000 over 4 direct atoms at 70%), the related
// atoms their 30% as the reference does.
func RadialSplitDirectShort() adapters.Adapter {
	return radialSplitWith("radial-split-direct-short", func(s *radial.Share) {
		if s.PerDirect > 0 {
			s.PerDirect--
		}
	})
}

// RadialSplitRelatedQuarter gives a term's related atoms 25% of its total
// instead of 30%, its direct atoms their 70% as the reference does.
func RadialSplitRelatedQuarter() adapters.Adapter {
	return radialSplitWith("radial-split-related-25", func(s *radial.Share) {
		if s.Direct > 0 && s.Related > 0 {
			s.PerRelated = s.Total / 4 / s.Related
		}
	})
}

// RadialSplitMisreportsUsed splits as the reference but reports the whole
// budget as used, nothing unused, whatever rounding left over.
func RadialSplitMisreportsUsed() adapters.Adapter {
	return &radialInflater{mutant: named("radial-split-misreports-used"), split: func(req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
		s, err := radial.Split(req.Budget, req.Terms)
		if err != nil {
			return adapters.RadialSplitAnswer{}, err
		}
		s.Used, s.Unused = s.Budget, 0
		return adapters.RadialSplitAnswer{Shares: s}, nil
	}}
}

// RadialCodeAsProse windows code like prose, [offset − r, offset + r]
// without regard to functions, blocks or lines (§5.3's "expand to
// function/block boundaries" skipped); costs are still code costs.
func RadialCodeAsProse() adapters.Adapter {
	return &radialInflater{mutant: named("radial-code-as-prose"), windows: func(req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
		if err := radial.Check(req.Documents, req.Atoms); err != nil {
			return adapters.RadialWindowsAnswer{}, err
		}
		kinds := map[string]string{}
		prose := make([]inflate.Document, len(req.Documents))
		for i, d := range req.Documents {
			kinds[d.ID] = d.Kind
			d.Kind = inflate.KindProse
			prose[i] = d
		}
		ws, err := radial.Windows(prose, req.Atoms, req.Radius)
		if err != nil {
			return adapters.RadialWindowsAnswer{}, err
		}
		for i, w := range ws {
			ws[i].Cost = radial.Cost(kinds[w.CompoundID], w.Text)
		}
		return adapters.RadialWindowsAnswer{Windows: ws}, nil
	}}
}

// radialIngester is the reference with RadialIngest replaced.
type radialIngester struct {
	mutant
	ingest func(req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error)
}

func (b *radialIngester) RadialIngest(_ context.Context, req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	return b.ingest(req)
}

// RadialIngestFields records an atom per run of non-space characters
// (strings.Fields), punctuation included: "merge;" is one keyword, where
// the reference records "merge".
func RadialIngestFields() adapters.Adapter {
	return &radialIngester{mutant: named("radial-ingest-fields"), ingest: func(req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
		if _, err := radial.Ingest(req.Documents); err != nil {
			return adapters.RadialIngestAnswer{}, err
		}
		var out []radial.Atom
		for _, d := range req.Documents {
			start := -1
			for i, r := range d.Body + " " {
				switch {
				case unicode.IsSpace(r) && start >= 0:
					out = append(out, radial.Atom{CompoundID: d.ID, Label: strings.ToLower(d.Body[start:i]), Offset: start})
					start = -1
				case !unicode.IsSpace(r) && start < 0:
					start = i
				}
			}
		}
		return adapters.RadialIngestAnswer{Atoms: out}, nil
	}}
}

// RadialSplitWholeBudgetEach gives every term with atoms the whole budget
// as its total, split within it as the reference splits its share (the
// division among terms forgotten): two such terms hand out twice the
// budget. Caught by RAD-11.
func RadialSplitWholeBudgetEach() adapters.Adapter {
	return &radialInflater{mutant: named("radial-split-whole-budget-each"), split: func(req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
		s, err := radial.Split(req.Budget, req.Terms)
		if err != nil {
			return adapters.RadialSplitAnswer{}, err
		}
		s.Used = 0
		for i, t := range s.Terms {
			if t.Total > 0 {
				t.PerDirect = t.PerDirect * req.Budget / t.Total
				t.PerRelated = t.PerRelated * req.Budget / t.Total
				t.Total = req.Budget
				s.Terms[i] = t
			}
			s.Used += s.Terms[i].Used()
		}
		s.Unused = s.Budget - s.Used
		return adapters.RadialSplitAnswer{Shares: s}, nil
	}}
}

// RadialSplitRoundsNearest rounds each atom's amount to the nearest unit
// instead of down (§5.5 gives percentages, no rounding), so a term's atoms
// may receive up to half a unit each over its total, and leaves out the
// terms that have no atoms (nothing to distribute to them). A reading, not
// a fault: it passes every MUST and SHOULD; the reference's exact amounts
// are RAD-24's.
func RadialSplitRoundsNearest() adapters.Adapter {
	return &radialInflater{mutant: named("radial-split-rounds-nearest"), split: func(req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
		s, err := radial.Split(req.Budget, req.Terms)
		if err != nil {
			return adapters.RadialSplitAnswer{}, err
		}
		atoms := map[string]bool{}
		for _, t := range req.Terms {
			atoms[t.Label] = t.Direct > 0 || t.Related > 0
		}
		kept := s.Terms[:0]
		s.Used = 0
		for _, t := range s.Terms {
			if !atoms[t.Term] {
				continue
			}
			direct, related := float64(t.Total), 0.0
			switch {
			case t.Related > 0 && t.Direct > 0:
				direct, related = float64(t.Total)*0.7, float64(t.Total)*0.3
			case t.Direct == 0:
				direct, related = 0, float64(t.Total)
			}
			if t.Direct > 0 {
				t.PerDirect = int(math.Round(direct / float64(t.Direct)))
			}
			if t.Related > 0 {
				t.PerRelated = int(math.Round(related / float64(t.Related)))
			}
			kept = append(kept, t)
			s.Used += t.Used()
		}
		s.Terms = kept
		s.Unused = s.Budget - s.Used
		return adapters.RadialSplitAnswer{Shares: s}, nil
	}}
}
