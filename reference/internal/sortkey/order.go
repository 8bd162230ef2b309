package sortkey

import "slices"

// Order sorts by keys: it returns the positions 0..n-1 of keys in the order
// of their keys, ascending, equal keys in position order (a stable sort).
// perm and tmpPerm (each of len(keys)) are its workspace, and the result is
// one of them; tmpKeys is workspace too, allocated when nil. keys and
// tmpKeys are left in no particular order.
//
// Keys the references sort by often take few values (scores are mostly
// multiples of a step): at most 256 distinct values are ordered by one
// counting sort (few). Others by a radix sort, least significant digit
// first, that skips the digits every key shares: two passes over the keys
// per digit in which they differ (digits of 11 bits for 2,048 keys or
// more, else of 8).
func Order(keys, tmpKeys []uint64, perm, tmpPerm []int32) []int32 {
	if few(keys, perm, tmpPerm) {
		return tmpPerm
	}
	if tmpKeys == nil {
		tmpKeys = make([]uint64, len(keys))
	}
	for i := range perm {
		perm[i] = int32(i)
	}
	var or, and uint64 = 0, ^uint64(0)
	for _, k := range keys {
		or, and = or|k, and&k
	}
	diff := or ^ and
	// Digits of 11 bits for many keys (two passes where 8-bit digits take
	// three for keys that differ in up to 22 bits), of 8 for few, where
	// clearing and summing 2,048 counters would cost more than a pass.
	digit := uint(8)
	if len(keys) >= 1<<11 {
		digit = 11
	}
	mask := uint64(1)<<digit - 1
	var counts [1 << 11]int32
	count := counts[:1<<digit]
	for shift := uint(0); shift < 64; shift += digit {
		if (diff>>shift)&mask == 0 {
			continue // every key has this digit
		}
		clear(count)
		for _, k := range keys {
			count[(k>>shift)&mask]++
		}
		sum := int32(0)
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for i, k := range keys {
			d := (k >> shift) & mask
			tmpKeys[count[d]], tmpPerm[count[d]] = k, perm[i]
			count[d]++
		}
		keys, tmpKeys = tmpKeys, keys
		perm, tmpPerm = tmpPerm, perm
	}
	return perm
}

// few is Order's counting sort when the keys take at most 256 distinct
// values: perm[j] is the position of the j-th key in order. slotOf is
// workspace. ok is false when there are more values (or a zero key, which
// marks an empty slot; Score never makes it), and perm is then unwritten.
func few(keys []uint64, slotOf, perm []int32) (ok bool) {
	const size = 512       // open addressing, twice the values
	var table [size]uint64 // 0: empty
	var count [size]int32
	var distinct [256]uint64
	nd := 0
	probe := func(k uint64) int32 {
		h := int32((k * 0x9E3779B97F4A7C15) >> 55)
		for table[h] != 0 && table[h] != k {
			h = (h + 1) & (size - 1)
		}
		return h
	}
	for i, k := range keys {
		h := probe(k)
		if table[h] == 0 {
			if nd == len(distinct) || k == 0 {
				return false
			}
			table[h] = k
			distinct[nd] = k
			nd++
		}
		count[h]++
		slotOf[i] = h
	}
	slices.Sort(distinct[:nd])
	sum := int32(0)
	for _, k := range distinct[:nd] {
		h := probe(k)
		c := count[h]
		count[h] = sum
		sum += c
	}
	for i, h := range slotOf {
		perm[count[h]] = int32(i)
		count[h]++
	}
	return true
}
