package trgm

// WordSimilarity returns word_similarity(a, b): the greatest similarity
// between the trigram set of a and the trigrams of a contiguous stretch of b's
// trigram sequence (in text order), as PostgreSQL 15 computes it.
func (l Locale) WordSimilarity(a, b string) (float32, error) {
	return l.wordSimilarity(a, b, false)
}

// StrictWordSimilarity returns strict_word_similarity(a, b): as
// WordSimilarity, but the stretch of b must start at the first trigram of a
// word and end at the last trigram of a word.
func (l Locale) StrictWordSimilarity(a, b string) (float32, error) {
	return l.wordSimilarity(a, b, true)
}

func (l Locale) wordSimilarity(a, b string, strict bool) (float32, error) {
	if err := l.check(); err != nil {
		return 0, err
	}
	if err := validatePair(a, b); err != nil {
		return 0, err
	}
	e1 := extractor{loc: l}
	e1.add(a, false)
	e2 := extractor{loc: l}
	e2.add(b, strict)

	// Number the distinct trigrams (calc_word_similarity does it by sorting
	// both arrays together; only which positions share a trigram matters).
	ids := make(map[Trigram]int32, len(e1.trgms)+len(e2.trgms))
	var found []bool
	id := func(t Trigram) int32 {
		n, ok := ids[t]
		if !ok {
			n = int32(len(found))
			ids[t] = n
			found = append(found, false)
		}
		return n
	}
	ulen1 := 0
	for _, t := range e1.trgms {
		n := id(t)
		if !found[n] {
			found[n] = true
			ulen1++
		}
	}
	trg2 := make([]int32, len(e2.trgms))
	for i, t := range e2.trgms {
		trg2[i] = id(t)
	}
	return iterateWordSimilarity(trg2, found, ulen1, strict, e2.bounds), nil
}

// iterateWordSimilarity is pg_trgm's iterate_word_similarity without the
// check-only shortcut: trg2 holds the id of each trigram of the text in
// order, found[id] says whether the pattern has that trigram, ulen1 is the
// number of distinct pattern trigrams.
func iterateWordSimilarity(trg2 []int32, found []bool, ulen1 int, strict bool, bounds []uint8) float32 {
	var (
		ulen2, count int
		upper        = -1
		lower        = -1
		smlrMax      float32
	)
	if strict {
		lower = 0
	}
	lastpos := make([]int, len(found))
	for i := range lastpos {
		lastpos[i] = -1
	}
	for i, idx := range trg2 {
		// Update the last position of this trigram.
		if lower >= 0 || found[idx] {
			if lastpos[idx] < 0 {
				ulen2++
				if found[idx] {
					count++
				}
			}
			lastpos[idx] = i
		}

		// Move the upper bound: to a word's last trigram (strict), or to
		// any trigram of the pattern.
		var atUpper bool
		if strict {
			atUpper = bounds[i]&boundRight != 0
		} else {
			atUpper = found[idx]
		}
		if !atUpper {
			continue
		}
		upper = i
		if lower == -1 {
			lower = i
			ulen2 = 1
		}
		smlrCur := Ratio(count, ulen1, ulen2)

		// Try to move the lower bound up for a greater similarity.
		tmpCount, tmpUlen2, prevLower := count, ulen2, lower
		for tmpLower := lower; tmpLower <= upper; tmpLower++ {
			if !strict || bounds[tmpLower]&boundLeft != 0 {
				smlrTmp := Ratio(tmpCount, ulen1, tmpUlen2)
				if smlrTmp > smlrCur {
					smlrCur = smlrTmp
					ulen2 = tmpUlen2
					lower = tmpLower
					count = tmpCount
				}
			}
			t := trg2[tmpLower]
			if lastpos[t] == tmpLower {
				tmpUlen2--
				if found[t] {
					tmpCount--
				}
			}
		}
		// C's Max macro: (x > y ? x : y), kept for its NaN behaviour.
		if !(smlrMax > smlrCur) {
			smlrMax = smlrCur
		}
		for tmpLower := prevLower; tmpLower < lower; tmpLower++ {
			t := trg2[tmpLower]
			if lastpos[t] == tmpLower {
				lastpos[t] = -1
			}
		}
	}
	return smlrMax
}
