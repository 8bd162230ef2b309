package suite

import (
	"context"
	"errors"
	"fmt"
	"runtime"
)

// CheckReplay reports what in rp disagrees with req, the requirement its
// ID names, before anything is sent: its standard and kind must be req's;
// a property that draws its cases through ForAll needs the case (without
// it the property would send generated cases instead, whose verdict is not
// the recorded case's), decoding as the property's case type with every
// member known and describing a valid request; a spec, or a property that
// draws its requests from the seed alone (PRF-01), has no case to inject.
// Each error names the field. A replay that passes is sent as recorded:
// "now passed" then means that case was sent and judged.
func CheckReplay(req Requirement, rp Replay) error {
	switch {
	case rp.ID != req.ID:
		return fmt.Errorf("id %q: the requirement checked is %s", rp.ID, req.ID)
	case rp.Standard != string(req.Standard):
		return fmt.Errorf("standard %q: %s is a requirement of %s", rp.Standard, req.ID, req.Standard)
	case rp.Kind != req.Kind:
		return fmt.Errorf("kind %q: %s is a %s", rp.Kind, req.ID, req.Kind)
	case req.Kind == Spec && len(rp.Value) > 0:
		return fmt.Errorf("value: %s is a spec, which has no case to inject (it runs its examples again)", req.ID)
	case req.Kind == Spec:
		return nil
	}
	switch err := probeCase(req, rp); {
	case err == nil && len(rp.Value) > 0:
		return fmt.Errorf("value: %s draws its requests from the seed, it has no case to inject", req.ID)
	case errors.Is(err, errNoCase):
		return fmt.Errorf("value: missing: %s is a property, and without its case it would send generated cases, not the recorded one", req.ID)
	case errors.Is(err, errProbed):
		return nil
	default:
		return err
	}
}

// How a probe ends in ForAll: the replayed case decodes and is valid, or
// there is none.
var (
	errProbed = errors.New("the replayed case decodes")
	errNoCase = errors.New("no case to replay")
)

// probeCase runs req's check in probe mode: ForAll decodes and validates
// the replayed case, records the verdict and ends the check before any
// call is sent (there is no adapter). It returns nil when the check never
// reached ForAll (it ended, or panicked, on the missing adapter first).
func probeCase(req Requirement, rp Replay) error {
	t := &T{ctx: context.Background(), opts: Options{Replay: &rp}, id: req.ID, probing: true}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { _ = recover() }()
		req.Check(t)
	}()
	<-done
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.probed
}

// replayRefused ends a replayed case that cannot be sent as recorded: in
// probe mode (CheckReplay) err is the verdict on the file; in a run, the
// check errors with it.
func (t *T) replayRefused(err error) {
	if t.probing {
		t.endProbe(err)
	}
	t.Fatalf("replay: %v", err)
}

// endProbe records the probe's verdict and ends the check.
func (t *T) endProbe(err error) {
	t.mu.Lock()
	t.probed = err
	t.mu.Unlock()
	runtime.Goexit()
}
