package expand

import (
	"fmt"
	"math"
	"math/big"
)

// Candidates is how many candidates the semantic stage is asked for:
// ceil(limit · m), computed exactly on the binary value of m (no rounding of
// the product), so for the table's multipliers it is
//
//	m = 1.0: limit     m = 1.5: (3·limit+1)/2     m = 2.0: 2·limit     m = 3.0: 3·limit
//
// with integer division. limit 0 asks for 0 candidates. A negative limit, a
// multiplier that is NaN, infinite or below 1 (expansion never shrinks the
// request), or a result that does not fit in an int is an error.
func Candidates(limit int, m float64) (int, error) {
	if limit < 0 {
		return 0, fmt.Errorf("candidates: negative limit %d", limit)
	}
	if math.IsNaN(m) || math.IsInf(m, 0) || m < 1 {
		return 0, fmt.Errorf("candidates: multiplier %v is not a finite number >= 1", m)
	}
	if limit == 0 {
		return 0, nil
	}
	// 128 bits hold the exact product of a 64-bit integer and a 53-bit
	// mantissa.
	p := new(big.Float).SetPrec(128).SetInt64(int64(limit))
	p.Mul(p, new(big.Float).SetFloat64(m))
	z, acc := p.Int(nil) // truncates toward zero; the product is positive
	if acc == big.Below {
		z.Add(z, big.NewInt(1))
	}
	if !z.IsInt64() || z.Int64() > math.MaxInt {
		return 0, fmt.Errorf("candidates: ceil(%d · %v) overflows int", limit, m)
	}
	return int(z.Int64()), nil
}
