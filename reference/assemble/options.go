package assemble

import (
	"fmt"
	"math"
)

// Defaults of Options' zero fields.
const (
	DefaultGapLimit    = 500  // bytes: std085's MERGE_THRESHOLD
	DefaultTimeWindow  = 3600 // seconds
	DefaultSemanticMin = 0.8  // cosine
	DefaultExtendLimit = 500  // bytes per edge
)

// Options tune the assembly. The zero value means every default.
type Options struct {
	// Strategy "" runs the whole cascade. A named strategy runs Adjacent
	// plus that one only (Adjacent always runs: windows must not share bytes).
	Strategy Strategy `json:"strategy,omitempty"`
	// GapLimit joins two neighbours by GapFill when 0 < gap < GapLimit bytes.
	// 0 means DefaultGapLimit; negative is an error.
	GapLimit int `json:"gap_limit,omitempty"`
	// TimeWindow joins two neighbours by Temporal when both timestamps are
	// known and differ by at most TimeWindow seconds. 0 means
	// DefaultTimeWindow; negative is an error.
	TimeWindow int64 `json:"time_window,omitempty"`
	// SemanticMin joins two neighbours by Semantic when the cosine of their
	// vectors is at least SemanticMin. Must lie in [0, 1]; 0 means
	// DefaultSemanticMin.
	SemanticMin float64 `json:"semantic_min,omitempty"`
	// ExtendLimit is how far (bytes) each edge of a window may move out to a
	// boundary of the document's kind. 0 means DefaultExtendLimit; negative
	// turns extension off.
	ExtendLimit int `json:"extend_limit,omitempty"`
}

// config is Options with defaults applied and the enabled set spelled out.
type config struct {
	on     [len(cascade)]bool
	gap    int
	window int64
	semMin float64
	extend int // < 0: off
}

func (o Options) resolve() (config, error) {
	c := config{gap: o.GapLimit, window: o.TimeWindow, semMin: o.SemanticMin, extend: o.ExtendLimit}
	switch o.Strategy {
	case "":
		for i := range c.on {
			c.on[i] = true
		}
	case Adjacent, GapFill, Temporal, Semantic, Narrative:
		c.on[tier(Adjacent)] = true
		c.on[tier(o.Strategy)] = true
	default:
		return c, fmt.Errorf("assemble options: unknown strategy %q (want \"\", adjacent, gap_fill, temporal, semantic or narrative)", o.Strategy)
	}
	switch {
	case c.gap < 0:
		return c, fmt.Errorf("assemble options: gap_limit %d is negative", c.gap)
	case c.gap == 0:
		c.gap = DefaultGapLimit
	}
	switch {
	case c.window < 0:
		return c, fmt.Errorf("assemble options: time_window %d is negative", c.window)
	case c.window == 0:
		c.window = DefaultTimeWindow
	}
	switch {
	case math.IsNaN(c.semMin) || c.semMin < 0 || c.semMin > 1:
		return c, fmt.Errorf("assemble options: semantic_min %v outside [0, 1]", c.semMin)
	case c.semMin == 0:
		c.semMin = DefaultSemanticMin
	}
	if c.extend == 0 {
		c.extend = DefaultExtendLimit
	}
	return c, nil
}

func (c config) enabled(s Strategy) bool { return c.on[tier(s)] }
