package open

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
)

// An InstanceError is an instance after the first that could not be used:
// it did not start, or it described itself otherwise than the first. It is
// a setup error: the implementation did start once.
type InstanceError struct {
	N, Of int // the instance (from 1) of how many
	Err   error
}

func (e *InstanceError) Error() string {
	return fmt.Sprintf("instance %d of %d: %v", e.N, e.Of, e.Err)
}

func (e *InstanceError) Unwrap() error { return e.Err }

// Instances starts n instances of one implementation with start, for a run
// that deals its requirements to them (suite.RunPool): the first alone, then
// the others at once. Every other instance must describe itself as the
// first did (adapters.Info.Differs, and the same capabilities where the
// adapter has them), else it is an InstanceError and every instance is
// closed. An error of the first instance, or of any once ctx has ended,
// is start's own.
//
// An implementation that declares it cannot run twice at once (an adapter
// whose SingleInstance reports true) gets one instance; why says so, for
// the user ("" otherwise).
func Instances(ctx context.Context, n int, start func(context.Context) (adapters.Adapter, error)) (pool []adapters.Adapter, why string, err error) {
	first, err := start(ctx)
	if err != nil {
		return nil, "", err
	}
	if s, ok := first.(interface{ SingleInstance() bool }); ok && s.SingleInstance() && n > 1 {
		return []adapters.Adapter{first}, fmt.Sprintf("%s declares single_instance (it cannot run twice at once): run on one instance, not %d", first.Info().Name, n), nil
	}
	pool = make([]adapters.Adapter, n)
	pool[0] = first
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := start(ctx)
			if err != nil {
				err = fmt.Errorf("%w (--jobs 1 runs one instance: for a server that takes one session at a time, such as PGlite's socket, or a program that cannot run twice, which can also declare single_instance)", err)
			} else {
				pool[i] = a
				err = alike(a, first)
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		switch {
		case err == nil:
		case ctx.Err() != nil: // interrupted, as the first could have been
			closeEvery(pool)
			return nil, "", err
		default:
			closeEvery(pool)
			return nil, "", &InstanceError{N: i + 1, Of: n, Err: err}
		}
	}
	return pool, "", nil
}

// alike checks that a describes itself as first did.
func alike(a, first adapters.Adapter) error {
	if d := a.Info().Differs(first.Info()); d != "" {
		return fmt.Errorf("it describes itself otherwise than instance 1: %s", d)
	}
	type capable interface{ Capabilities() []string }
	c, ok1 := a.(capable)
	f, ok2 := first.(capable)
	if ok1 && ok2 && !slices.Equal(c.Capabilities(), f.Capabilities()) {
		list := func(caps []string) string { return jsonenc.Message(append([]string{}, caps...)) } // none as []
		return fmt.Errorf("it describes itself otherwise than instance 1: capabilities %s, not %s", list(c.Capabilities()), list(f.Capabilities()))
	}
	s, ok1 := a.(interface{ SingleInstance() bool })
	if ok1 && s.SingleInstance() {
		return fmt.Errorf("it describes itself otherwise than instance 1: single_instance true, not false")
	}
	return nil
}

// closeEvery closes the instances that started.
func closeEvery(pool []adapters.Adapter) {
	for _, a := range pool {
		if a != nil {
			a.Close()
		}
	}
}
