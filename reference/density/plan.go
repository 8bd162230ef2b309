package density

import "fmt"

// The constants of std085 §3, in bytes.
const (
	MinViable     = 150  // smallest window worth keeping: 50 padding + 50 content + 50 padding
	MinPadding    = 50   // padding each side never drops below this
	MaxPadding    = 500  // padding each side never grows above this
	Threshold     = 500  // hits closer than this merge into one window (std085 §2.1)
	StaticWindow  = 2500 // window cap when no budget is given
	StaticPadding = 200  // padding when no budget is given
)

// Plan is what the density strategy decides for one inflation.
type Plan struct {
	Keep      int // how many hits survive (the top Keep by score order)
	MaxWindow int // cap on any window's length in bytes
	Padding   int // padding each side before the cap applies
	Threshold int // proximity-merge threshold in bytes
}

// For returns the plan for hits search hits sharing a total budget of budget
// bytes (std085 §3.1). If the budget cannot give every hit MinViable bytes the
// plan squeezes (keeps floor(budget/MinViable) hits); otherwise it expands.
// Either way the survivors share the whole budget: Keep·MaxWindow <= budget.
func For(hits, budget int) (Plan, error) {
	if budget <= 0 {
		return Plan{}, fmt.Errorf("density budget %d: must be positive", budget)
	}
	if hits < 0 {
		return Plan{}, fmt.Errorf("density hit count %d: must not be negative", hits)
	}
	keep := min(hits, budget/MinViable)
	if keep == 0 {
		return Plan{Threshold: Threshold}, nil
	}
	w := budget / keep
	return Plan{Keep: keep, MaxWindow: w, Padding: padding(w), Threshold: Threshold}, nil
}

// Static returns the plan used when no budget is given (std085 §3.2): every
// hit is kept, windows are capped at StaticWindow bytes with StaticPadding
// bytes of padding. A negative count keeps nothing.
func Static(hits int) Plan {
	return Plan{Keep: max(hits, 0), MaxWindow: StaticWindow, Padding: StaticPadding, Threshold: Threshold}
}

// padding is clamp(floor((w-50)/2), MinPadding, MaxPadding): half of what is
// left of a window once 50 bytes of content are set aside.
func padding(w int) int {
	return min(max((w-50)/2, MinPadding), MaxPadding)
}

// Check reports whether p can be applied: no field may be negative and a plan
// that keeps hits must allow windows of at least one byte.
func (p Plan) Check() error {
	switch {
	case p.Keep < 0:
		return fmt.Errorf("density plan: keep %d is negative", p.Keep)
	case p.MaxWindow < 0:
		return fmt.Errorf("density plan: max window %d is negative", p.MaxWindow)
	case p.Padding < 0:
		return fmt.Errorf("density plan: padding %d is negative", p.Padding)
	case p.Threshold < 0:
		return fmt.Errorf("density plan: threshold %d is negative", p.Threshold)
	case p.Keep > 0 && p.MaxWindow == 0:
		return fmt.Errorf("density plan: keeps %d hits but max window is 0", p.Keep)
	}
	return nil
}
