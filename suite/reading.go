package suite

// ReadNarrowed sets which way the answers converted from now on read an
// offset inside a character: widened outward (off, the default) or
// narrowed inward (on). A check that failed on the widened answer asks
// again with it on to tell a fault of its own from the cut character's
// (see adapters.RepairLog.ReadNarrowed).
func (t *T) ReadNarrowed(on bool) { t.repairs.ReadNarrowed(on) }
