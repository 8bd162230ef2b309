package adapters

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// A Repair records an offset of an answer that parsed but could not be taken
// as it was: outside its document, inside a character, or in a document that
// was not sent. The conversion to bytes (InBytes) moves such an offset to the
// nearest place every check can judge (clamped to the document, widened to
// the character holding it) and records the move, so that the one
// requirement describing the fault fails (an offset outside the document
// fails INF-01 and its twins; an edge inside a character fails INF-02 and its
// twins) while every other requirement judges the repaired answer and says
// so. A wrong answer is a failure, never an error.
type Repair struct {
	Kind     RepairKind
	Narrowed bool      // an edge inside a character was moved inward (RepairLog.ReadNarrowed), not widened
	What     string    // the item: "window 3 end", "kept atom 2"
	Doc      string    // the document the offset counts in
	Raw      int       // the offset as the implementation gave it, in Unit
	Unit     unit.Unit // the implementation's unit
	At       int       // the offset judged instead, in Unit
	Bytes    int       // the offset judged instead, in bytes (-1 for an unknown document)
	Len      int       // the document's length in Unit
	Near     string    // an excerpt of the document, "|" before the character cut or at the end
}

// RepairKind says what was wrong with an offset.
type RepairKind int

const (
	OutsideDocument RepairKind = iota + 1 // below 0 or beyond the document's end
	InsideCharacter                       // inside a UTF-8 sequence or between surrogate halves
	UnknownDocument                       // the document was not sent
)

func (r Repair) String() string {
	switch r.Kind {
	case OutsideDocument:
		return fmt.Sprintf("%s of %q: %d %s is outside the document [0,%d] (judged as %s, at %q)", r.What, r.Doc, r.Raw, r.Unit, r.Len, r.judged(), r.Near)
	case InsideCharacter:
		way := "widened"
		if r.Narrowed {
			way = "narrowed"
		}
		return fmt.Sprintf("%s of %q: %d %s falls inside a character (judged %s to the character's edge, %s, at %q)", r.What, r.Doc, r.Raw, r.Unit, way, r.judged(), r.Near)
	}
	return fmt.Sprintf("%s names document %q, which was not sent", r.What, r.Doc)
}

// judged shows the judged offset in the implementation's unit, with bytes in
// brackets where they differ.
func (r Repair) judged() string { return counted(r.At, r.Bytes) }

// Repairs is a list of repairs, as a check sees them.
type Repairs []Repair

// Of returns the repairs of the given kinds.
func (rs Repairs) Of(kinds ...RepairKind) Repairs {
	var out Repairs
	for _, r := range rs {
		for _, k := range kinds {
			if r.Kind == k {
				out = append(out, r)
			}
		}
	}
	return out
}

// Err is nil without repairs, else an error listing them (at most 3).
func (rs Repairs) Err() error {
	if len(rs) == 0 {
		return nil
	}
	return fmt.Errorf("%s", rs.String())
}

func (rs Repairs) String() string {
	var b strings.Builder
	for i, r := range rs {
		if i == 3 {
			fmt.Fprintf(&b, "; and %d more", len(rs)-i)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(r.String())
	}
	return b.String()
}

// RepairLog collects the repairs of the answers given while a context
// carrying it (WithRepairLog) is in use. It is safe for concurrent use.
type RepairLog struct {
	mu     sync.Mutex
	list   Repairs
	narrow bool
}

// ReadNarrowed sets which way the answers converted from now on read an
// edge inside a character: widened outward to the character's edges (the
// default), or, on, narrowed inward, leaving the cut character out.
//
// A requirement other than the one about cut characters must fail only
// when it fails whichever way such an edge is read: a window the
// implementation kept within a budget or a cap in its own unit, with an
// edge between the halves of a surrogate pair, exceeds it by a unit or two
// once widened, and that is the cut's fault, which INF-02 and its twins
// report. A check that fails on the widened answer therefore judges the
// same answer read narrowed before it reports (properties' answered).
// Narrowing never lengthens a window, so a check about lengths that passes
// on the raw offsets in the implementation's unit passes narrowed.
func (l *RepairLog) ReadNarrowed(on bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.narrow = on
}

// narrowed reports the reading ReadNarrowed set.
func (l *RepairLog) narrowed() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.narrow
}

// Add records r.
func (l *RepairLog) Add(r Repair) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.list = append(l.list, r)
}

// Take returns the repairs recorded so far and forgets them.
func (l *RepairLog) Take() Repairs {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.list
	l.list = nil
	return out
}

// List returns the repairs recorded so far.
func (l *RepairLog) List() Repairs {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append(Repairs(nil), l.list...)
}

// WithRepairLog returns ctx carrying l: InBytes then repairs offsets it
// cannot convert and records them in l. Without a log such an answer is a
// fault, as callers that cannot judge it (benchmarks) need.
func WithRepairLog(ctx context.Context, l *RepairLog) context.Context {
	return withValue(ctx, l)
}

func repairLogOf(ctx context.Context) *RepairLog { return valueOf[RepairLog](ctx) }

// toBytesNear converts off, counted in u, to byte offsets of body: the
// boundary itself (lo == hi) when off is one, else the edges [lo, hi) of the
// character it falls inside. ok is false when off lies outside the body.
func toBytesNear(u unit.Unit, body string, off int) (lo, hi int, ok bool) {
	if off < 0 {
		return 0, 0, false
	}
	if u == unit.Bytes || u == "" {
		if off > len(body) {
			return len(body), len(body), false
		}
		return unit.Floor(body, off), unit.Ceil(body, off), true
	}
	if len(body) >= indexedBody {
		return indexOf(body).near(u, body, off)
	}
	return scanNear(u, body, 0, 0, off)
}

// repairer converts the offsets of one answer to bytes, repairing what it
// cannot convert when the call's context carries a RepairLog.
type repairer struct {
	u      unit.Unit
	bodies map[string]string
	log    *RepairLog
	narrow bool // edges inside a character move inward (RepairLog.ReadNarrowed)
}

func newRepairer(ctx context.Context, u unit.Unit, bodies map[string]string) *repairer {
	if u == "" {
		u = unit.Bytes
	}
	r := &repairer{u: u, bodies: bodies, log: repairLogOf(ctx)}
	r.narrow = r.log != nil && r.log.narrowed()
	return r
}

// span converts [start, end) of document id; what names the span ("window
// 3"). It widens an edge inside a character outward (start down, end up),
// or narrows it inward when the log says so, and clamps an edge outside the
// document to it.
func (r *repairer) span(id string, start, end int, what string) (int, int, error) {
	body, known := r.bodies[id]
	if !known {
		if r.log == nil {
			return 0, 0, Fault("%s names unknown compound %q", what, id)
		}
		r.log.Add(Repair{Kind: UnknownDocument, What: what, Doc: id, Raw: start, Unit: r.u, Bytes: -1})
		return start, end, nil
	}
	s, err := r.offset(body, id, start, what+" start", false)
	if err != nil {
		return 0, 0, err
	}
	e, err := r.offset(body, id, end, what+" end", true)
	return s, e, err
}

// offset converts one offset; up says which way to widen it (narrowing
// moves it the other way).
func (r *repairer) offset(body, id string, off int, what string, up bool) (int, error) {
	lo, hi, inside := toBytesNear(r.u, body, off)
	if inside && lo == hi {
		return lo, nil
	}
	if r.log == nil {
		if !inside {
			return 0, Fault("%s of %q: %s offset %d outside [0,%d]", what, id, r.u, off, r.u.Len(body))
		}
		return 0, Fault("%s of %q: %s offset %d falls inside the character at byte %d", what, id, r.u, off, lo)
	}
	rep := Repair{Kind: OutsideDocument, What: what, Doc: id, Raw: off, Unit: r.u, Bytes: lo, Len: r.u.Len(body)}
	if inside {
		rep.Kind, rep.Narrowed = InsideCharacter, r.narrow
		if up != r.narrow {
			rep.Bytes = hi
		}
	}
	rep.At = r.u.Len(body[:rep.Bytes])
	rep.Near = clip.Around(body, lo, 16) // inside a character: "|" before the character cut
	r.log.Add(rep)
	return rep.Bytes, nil
}

// atom converts the offset of an atom, an item at one place: inside a
// character it moves to the character's start.
func (r *repairer) atom(id string, off int, what string) (int, error) {
	body, known := r.bodies[id]
	if !known {
		if r.log == nil {
			return 0, Fault("%s names unknown compound %q", what, id)
		}
		r.log.Add(Repair{Kind: UnknownDocument, What: what, Doc: id, Raw: off, Unit: r.u, Bytes: -1})
		return off, nil
	}
	return r.offset(body, id, off, what, r.narrow) // the character's start, whichever the reading
}

// window converts a window [start, end) of document id and its text. When an
// edge was widened out of a character and the text is the document's text
// between the edges but for the cut character (left out, or replaced by
// U+FFFD as a lone surrogate or a stray byte decodes), the text becomes the
// document's text between the widened edges: the window judged is the
// repaired one, and its cut character is the character requirement's to
// report, not a stale text.
func (r *repairer) window(id string, start, end int, text, what string) (int, int, string, error) {
	s, e, err := r.span(id, start, end, what)
	if err != nil || r.log == nil {
		return s, e, text, err
	}
	body, known := r.bodies[id]
	if !known || s > e {
		return s, e, text, nil
	}
	lo, hi, in := toBytesNear(r.u, body, start)
	cutStart := in && lo != hi
	lo, hi, in = toBytesNear(r.u, body, end)
	cutEnd := in && lo != hi
	if !cutStart && !cutEnd {
		return s, e, text, nil
	}
	if r.narrow { // the edges left the cut characters out already
		if trimBad(text, cutStart, cutEnd) == body[s:e] {
			text = body[s:e]
		}
		return s, e, text, nil
	}
	is, ie := s, e
	if cutStart {
		_, n := utf8.DecodeRuneInString(body[s:e])
		is += n
	}
	if cutEnd && ie > is {
		_, n := utf8.DecodeLastRuneInString(body[is:ie])
		ie -= n
	}
	if trimBad(text, cutStart, cutEnd) == body[is:ie] {
		text = body[s:e]
	}
	return s, e, text, nil
}

// trimBad drops U+FFFD and stray bytes (at most utf8.UTFMax of them) from
// the front and the back of s, as asked.
func trimBad(s string, front, back bool) string {
	for i := 0; front && s != "" && i < utf8.UTFMax; i++ {
		r, n := utf8.DecodeRuneInString(s)
		if r != utf8.RuneError {
			break
		}
		s = s[n:]
	}
	for i := 0; back && s != "" && i < utf8.UTFMax; i++ {
		r, n := utf8.DecodeLastRuneInString(s)
		if r != utf8.RuneError {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}
