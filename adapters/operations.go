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
	switch s {
	case Inflate, Density:
		_, ok := a.(Inflater)
		return ok
	}
	return false
}
