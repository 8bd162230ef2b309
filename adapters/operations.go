package adapters

// Unwrapper is implemented by adapters that wrap another (InBytes does).
type Unwrapper interface {
	Unwrap() Adapter
}

// operation reports whether a (or the adapter it wraps) provides the
// operation interface of standard s.
func operation(a Adapter, s Standard) bool {
	for {
		u, ok := a.(Unwrapper)
		if !ok {
			break
		}
		a = u.Unwrap()
	}
	var ok bool
	switch s {
	case Inflate, Density:
		_, ok = a.(Inflater)
	case Assemble:
		_, ok = a.(Assembler)
	case Radial:
		_, ok = a.(RadialInflater)
	case Elastic:
		_, ok = a.(Hydrator)
	case Fuzzy:
		_, ok = a.(Searcher)
	case Densify:
		_, ok = a.(Densifier)
	case Expand:
		_, ok = a.(Expander)
	}
	return ok
}

// Provided lists the standards whose operation interfaces a provides, for
// in-process adapters that describe themselves by what they implement.
func Provided(a Adapter) []Standard {
	var out []Standard
	for _, s := range Standards() {
		if operation(a, s) {
			out = append(out, s)
		}
	}
	return out
}
