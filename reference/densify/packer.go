package densify

import "strings"

// packer packs pieces greedily, in order, into groups whose count (the
// pieces' tokens plus sep for each separator between them) is at most
// budget: a piece that would push the running count over the budget starts
// a new group. Chunk, Groups and the word split of an oversized paragraph
// all pack this way, with their own separators.
type packer struct {
	budget, sep int
	groups      [][]string
	current     []string
	count       int
}

// add packs piece, whose estimate is t.
func (k *packer) add(piece string, t int) {
	if len(k.current) > 0 && k.count+k.sep+t > k.budget {
		k.flush()
	}
	if len(k.current) > 0 {
		k.count += k.sep
	}
	k.current = append(k.current, piece)
	k.count += t
}

// addAll packs items in order, each cut first by split (which is handed
// the item's index) when its estimate is over the budget.
func (k *packer) addAll(est Estimator, items []string, split func(i int, item string) ([]string, error)) error {
	for i, item := range items {
		pieces := []string{item}
		if est.Tokens(item) > k.budget {
			var err error
			if pieces, err = split(i, item); err != nil {
				return err
			}
		}
		for _, piece := range pieces {
			k.add(piece, est.Tokens(piece))
		}
	}
	return nil
}

// flush closes the group being packed, if it holds anything.
func (k *packer) flush() {
	if len(k.current) > 0 {
		k.groups = append(k.groups, k.current)
		k.current, k.count = nil, 0
	}
}

// done closes the last group and returns the groups.
func (k *packer) done() [][]string {
	k.flush()
	return k.groups
}

// joined is done with each group joined by sep (nil when there is none).
func (k *packer) joined(sep string) []string {
	var out []string
	for _, g := range k.done() {
		out = append(out, strings.Join(g, sep))
	}
	return out
}
