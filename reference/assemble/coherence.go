package assemble

import (
	"fmt"
	"slices"
)

// Coherence is the coherence_score of a window made of mols: 1 for one
// molecule; otherwise, with mols sorted by (start, end, id), the mean over
// each consecutive pair of the pair score (see the package documentation).
// All molecules must share one source. The result lies in [0, 1].
func Coherence(mols []Molecule, opt Options) (float64, error) {
	_, coh, _, err := describeChecked(mols, opt)
	return coh, err
}

// Label is the inflation_strategy of a window made of mols: Single for one
// molecule; otherwise each consecutive pair (byte order) is joined by the
// first enabled strategy of the cascade that applies, and the label is the
// latest in the cascade among them. It is an error if some pair is not joined.
func Label(mols []Molecule, opt Options) (Strategy, error) {
	s, _, unjoined, err := describeChecked(mols, opt)
	if err != nil {
		return "", err
	}
	if unjoined != "" {
		return "", fmt.Errorf("assemble: %s", unjoined)
	}
	return s, nil
}

func describeChecked(mols []Molecule, opt Options) (Strategy, float64, string, error) {
	c, err := opt.resolve()
	if err != nil {
		return "", 0, "", err
	}
	if len(mols) == 0 {
		return "", 0, "", fmt.Errorf("assemble: no molecules")
	}
	sorted, err := checkMolecules(mols)
	if err != nil {
		return "", 0, "", err
	}
	for _, m := range sorted {
		if m.Source != sorted[0].Source {
			return "", 0, "", fmt.Errorf("assemble molecule %q: source %q differs from %q of molecule %q", m.ID, m.Source, sorted[0].Source, sorted[0].ID)
		}
	}
	slices.SortFunc(sorted, byteOrder)
	s, coh, unjoined := describe(c, sorted)
	return s, coh, unjoined, nil
}

// describe computes label and coherence of valid molecules of one source in
// byte order. unjoined names the first pair no enabled strategy joins.
func describe(c config, ms []Molecule) (label Strategy, coherence float64, unjoined string) {
	label, coherence, at := describeAt(c, len(ms), func(i int) *Molecule { return &ms[i] })
	if at > 0 {
		unjoined = fmt.Sprintf("molecules %q and %q are not joined by any enabled strategy", ms[at-1].ID, ms[at].ID)
	}
	return label, coherence, unjoined
}

// describeAt is describe over the n molecules at(0) ... at(n-1); unjoined is
// the index of the second molecule of the first pair no enabled strategy
// joins, or 0.
func describeAt(c config, n int, at func(i int) *Molecule) (label Strategy, coherence float64, unjoined int) {
	if n == 1 {
		return Single, 1, 0
	}
	label = Single
	extent, sum := at(0).End, 0.0
	for i := 1; i < n; i++ {
		prev, m := at(i-1), at(i)
		l := pair(c, extent, *prev, *m)
		sum += l.score
		switch {
		case l.pick == "" && unjoined == 0:
			unjoined = i
		case l.pick != "" && tier(l.pick) > tier(label):
			label = l.pick
		}
		extent = max(extent, m.End)
	}
	return label, clamp01(sum / float64(n-1)), unjoined
}
