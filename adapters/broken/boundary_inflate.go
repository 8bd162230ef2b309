package broken

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/density"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Off-by-one mutants of std085's constants (§2.1, §3.1–3.2): each is the
// reference with one constant moved by one, or one comparison turned from
// `<` to `<=` (or back), so that only a request at the constant's boundary
// tells it from the reference. All count in the reference's unit (bytes;
// the edge cases that catch them are ASCII, where bytes, runes and UTF-16
// units agree).

// MergesAtThreshold merges hits exactly 500 apart: `gap <= 500` where
// std085 §2.1.3 says `gap < MERGE_THRESHOLD`. Caught by INF-08 (MUST: its
// window of 1100 reaches 400 beyond hits 500 apart, which padded windows
// that meet would not) and INF-18.
func MergesAtThreshold() adapters.Adapter {
	return replanned("merges-at-500", func(p *density.Plan, _ inflate.Request) { p.Threshold = density.Threshold + 1 })
}

// DeclaresThreshold is the reference merging hits less than merges apart,
// which declares a MERGE_THRESHOLD of declared (adapters.MergeThreshold).
// With merges equal to declared it is a defensible configuration (the text
// calls 500 a default), which INF-04 and INF-08 pass; DeclaresThreshold(400,
// 451), which merges hits 450 apart, is caught by INF-08.
func DeclaresThreshold(declared, merges int) adapters.Adapter {
	a := replanned(fmt.Sprintf("declares-%d-merges-below-%d", declared, merges), func(p *density.Plan, _ inflate.Request) { p.Threshold = merges })
	a.mutant.config = adapters.Config{adapters.MergeThreshold: declared}
	return a
}

// MergesBelow499 merges only hits less than 499 apart: hits exactly 499
// apart stay in two windows. Caught by INF-04.
func MergesBelow499() adapters.Adapter {
	return replanned("merges-below-499", func(p *density.Plan, _ inflate.Request) { p.Threshold = density.Threshold - 1 })
}

// ViableSize151 squeezes with a minimum viable size of 151: three hits and a
// budget of exactly 450 keep two. Caught by DEN-02.
func ViableSize151() adapters.Adapter {
	return replanned("viable-151", viable(density.MinViable+1))
}

// ViableSize149 squeezes with a minimum viable size of 149: three hits and a
// budget of 449 keep three, and one hit with a budget of 149 is kept. Caught
// by DEN-03.
func ViableSize149() adapters.Adapter {
	return replanned("viable-149", viable(density.MinViable-1))
}

// PadsFortyNine has a MIN_PADDING of 49: at the minimum viable window (150)
// a hit gets 49 each side, where the reference's clamp gives 50. Caught by
// DEN-06.
func PadsFortyNine() adapters.Adapter {
	return replanned("pads-49", func(p *density.Plan, _ inflate.Request) {
		if p.Padding == density.MinPadding && p.MaxWindow != density.StaticWindow {
			p.Padding = density.MinPadding - 1
		}
	})
}

// Pads501 has a MAX_PADDING of 501: a short hit alone under a budget of 1052
// or more is padded by 501. Caught by DEN-05.
func Pads501() adapters.Adapter {
	return replanned("pads-501", func(p *density.Plan, _ inflate.Request) {
		if p.MaxWindow != density.StaticWindow && p.Keep > 0 {
			p.Padding = min(max((p.MaxWindow-50)/2, density.MinPadding), density.MaxPadding+1)
		}
	})
}

// StaticCap2501 caps windows at 2501 when no budget is given (§3.2's static
// fallback is 2500): a hit of 2501 bytes keeps its last byte. Caught by
// INF-07.
func StaticCap2501() adapters.Adapter {
	return replanned("static-cap-2501", func(p *density.Plan, req inflate.Request) {
		if req.Budget == nil {
			p.MaxWindow = density.StaticWindow + 1
		}
	})
}

// viable is §3.1's plan with a minimum viable size of size instead of 150.
func viable(size int) func(p *density.Plan, req inflate.Request) {
	return func(p *density.Plan, req inflate.Request) {
		if req.Budget == nil {
			return
		}
		keep := min(len(req.Hits), *req.Budget/size)
		if keep == 0 {
			*p = density.Plan{Threshold: density.Threshold}
			return
		}
		w := *req.Budget / keep
		*p = density.Plan{Keep: keep, MaxWindow: w, Padding: min(max((w-50)/2, density.MinPadding), density.MaxPadding), Threshold: density.Threshold}
	}
}

// replanned is the reference's inflation with its density plan changed by
// change before the windows are cut.
func replanned(name string, change func(p *density.Plan, req inflate.Request)) *inflater {
	return &inflater{named(name), func(req inflate.Request) (inflate.Result, error) {
		p, err := plan(req)
		if err != nil {
			return inflate.Result{}, err
		}
		change(&p, req)
		kept, dropped := inflate.Select(req.Hits, p.Keep)
		ws, err := inflate.Windows(req.Documents, kept, p)
		return inflate.Result{Windows: ws, Dropped: dropped}, err
	}}
}
