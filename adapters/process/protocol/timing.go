package protocol

import (
	"fmt"
	"math"
	"time"
)

// DefaultResolution is the resolution taken of a clock whose "bench"
// answer states none: less than this is within what two readings of any
// clock cost, so a time under it is marked, not read as a measurement.
const DefaultResolution = time.Microsecond

// clockSlack is the least a self-timing may exceed the exchange that
// carried it by: the program's clock and the harness's tick apart.
const clockSlack = time.Millisecond

// checkTiming refuses the "bench" timing of an answer that no program
// could have measured: a negative time, allocation or resolution, or a
// time longer than the whole exchange took on the harness's clock (wall),
// give or take the clock's resolution (at least clockSlack). It returns
// the clock's resolution, stated or DefaultResolution. Values that do not
// fit their fields' integers are refused when the message is decoded.
func checkTiming(t *Timing, wall time.Duration) (time.Duration, error) {
	res := DefaultResolution
	if t.ResolutionNS != nil {
		if *t.ResolutionNS <= 0 {
			return 0, fmt.Errorf(`"bench": "resolution_ns" %d: want a positive number of nanoseconds`, *t.ResolutionNS)
		}
		res = time.Duration(*t.ResolutionNS)
	}
	if t.ElapsedNS < 0 {
		return 0, fmt.Errorf(`"bench": "elapsed_ns" %d is negative`, t.ElapsedNS)
	}
	if t.AllocatedBytes != nil && *t.AllocatedBytes < 0 {
		return 0, fmt.Errorf(`"bench": "allocated_bytes" %d is negative`, *t.AllocatedBytes)
	}
	limit := time.Duration(math.MaxInt64)
	if slack := max(res, clockSlack); slack < limit-wall {
		limit = wall + slack
	}
	if time.Duration(t.ElapsedNS) > limit {
		return 0, fmt.Errorf(`"bench": "elapsed_ns" %d (%s) is more than the whole exchange took on the harness's clock (%s): no clock inside it measured that`,
			t.ElapsedNS, time.Duration(t.ElapsedNS), wall.Round(time.Microsecond))
	}
	return res, nil
}
