// Package memory is the failure memory of `conformance run`: the cases
// that once made a property fail, kept on disk beside the replay files and
// checked first on every later run (suite.Options.Remembered), before the
// property's edge and generated cases, so that a fault found once, on any
// seed, is found again whatever the seed (as Hypothesis's example
// database does).
//
// The memory is a directory holding one directory per requirement and in
// it one file per case, named by a hash of the case:
// DIR/INF-03/3fa2c1d07be4a911.json, format "ctxconform-memory/1". Cases
// from a property's generator, or from the memory itself, are kept (edge
// cases run every time anyway; a spec has no case to keep). A remembered
// case that holds is kept for Keep runs in which its requirement passed,
// then dropped: long enough to catch a fault that comes back with the next
// change, short enough that a fixed fault stops costing requests. Bounds:
// at most MaxPerRequirement cases per requirement, MaxFiles files read,
// MaxFileBytes per file (a larger case is not kept). A damaged file is
// named in a warning and passed over; the memory never stops a run.
package memory

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/ctxconform/ctxconform/suite"
)

// Format names the memory files' format.
const Format = "ctxconform-memory/1"

// Bounds of the memory.
const (
	Keep              = 5       // runs in which its requirement passed before a remembered case is dropped
	MaxPerRequirement = 8       // cases kept per requirement (the newest failures first)
	MaxFiles          = 512     // files read from the directory; the rest are said and left
	MaxFileBytes      = 1 << 20 // bytes of a file; a larger case is not kept, a larger file not read
)

// An Entry is one remembered case.
type Entry struct {
	Format  string          `json:"format"`
	ID      string          `json:"id"`      // the requirement
	Case    string          `json:"case"`    // its name when it last failed ("generated case 37 of 100 (seed 9)")
	Seed    int64           `json:"seed"`    // the run's seed when it last failed
	Outcome suite.Outcome   `json:"outcome"` // failed or errored
	Value   json.RawMessage `json:"value"`   // the property's case, as a replay file holds it
	Held    int             `json:"held"`    // runs since it last failed in which its requirement passed

	hash  string
	dirty bool
}

// Store is the memory read from a directory, updated by runs and saved.
type Store struct {
	dir     string
	entries map[string][]*Entry // by requirement ID, ordered by hash
	dropped []string            // files to remove on Save
}

var (
	idPattern   = regexp.MustCompile(`^[A-Z]{2,4}-[0-9]{2,3}$`)
	filePattern = regexp.MustCompile(`^[0-9a-f]{16}\.json$`)
)

// Open reads the memory in dir. A missing directory is an empty memory. A
// file that cannot be read or is damaged is passed over, and the returned
// warnings name it.
func Open(dir string) (*Store, []error) {
	s := &Store{dir: dir, entries: map[string][]*Entry{}}
	var warnings []error
	reqs, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			warnings = append(warnings, fmt.Errorf("failure memory %s: %w", dir, err))
		}
		return s, warnings
	}
	read := 0
	for _, rd := range reqs {
		if !rd.IsDir() || !idPattern.MatchString(rd.Name()) {
			continue
		}
		files, err := os.ReadDir(filepath.Join(dir, rd.Name()))
		if err != nil {
			warnings = append(warnings, fmt.Errorf("failure memory: %w", err))
			continue
		}
		for _, f := range files {
			if !filePattern.MatchString(f.Name()) {
				continue
			}
			path := filepath.Join(dir, rd.Name(), f.Name())
			if read == MaxFiles {
				warnings = append(warnings, fmt.Errorf("failure memory %s: over %d files; %s and the rest are not read", dir, MaxFiles, path))
				s.sort()
				return s, warnings
			}
			read++
			e, err := readEntry(path, rd.Name())
			if err != nil {
				warnings = append(warnings, fmt.Errorf("failure memory: %s: %w (passed over)", path, err))
				continue
			}
			e.hash = strings.TrimSuffix(f.Name(), ".json")
			s.entries[e.ID] = append(s.entries[e.ID], e)
		}
	}
	s.sort()
	return s, warnings
}

// readEntry reads one memory file, at most MaxFileBytes of it, and checks
// it names requirement id.
func readEntry(path, id string) (*Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFileBytes {
		return nil, fmt.Errorf("over %d bytes", MaxFileBytes)
	}
	var e Entry
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	switch err := dec.Decode(&e); {
	case err != nil:
		return nil, fmt.Errorf("not a memory file: %w", err)
	case e.Format != Format:
		return nil, fmt.Errorf("format %q, want %q", e.Format, Format)
	case e.ID != id:
		return nil, fmt.Errorf("case of %q in the directory of %s", e.ID, id)
	case len(e.Value) == 0 || string(e.Value) == "null":
		return nil, errors.New("no value")
	case e.Held < 0:
		return nil, fmt.Errorf("held %d", e.Held)
	}
	return &e, nil
}

// Dir is the memory's directory.
func (s *Store) Dir() string { return s.dir }

// Len is how many cases the memory holds.
func (s *Store) Len() int {
	n := 0
	for _, es := range s.entries {
		n += len(es)
	}
	return n
}

// Cases are the remembered cases by requirement, for
// suite.Options.Remembered: each named by its hash and where it was found.
func (s *Store) Cases() map[string][]suite.Case[json.RawMessage] {
	out := map[string][]suite.Case[json.RawMessage]{}
	for id, es := range s.entries {
		for _, e := range es {
			name := fmt.Sprintf("%s (failed as %s)", e.hash, e.Case)
			out[id] = append(out[id], suite.Case[json.RawMessage]{Name: name, Value: e.Value})
		}
	}
	return out
}

// Change counts what Update did.
type Change struct {
	Added, Shrunk, Dropped, Held int      // Shrunk: remembered cases replaced by a smaller one that fails
	TooLarge                     []string // requirements whose failing case was over MaxFileBytes
}

// Update takes what the runs found: the case of every property that failed
// or errored on a generated or remembered case is remembered (again: its
// count of runs held starts over); the cases of a requirement that passed
// (and was bad in none of the runs) have held once more, and are dropped
// after Keep such runs. Other outcomes (skipped, not run) change nothing.
func (s *Store) Update(runs []suite.Report) Change {
	var ch Change
	bad, passed := map[string]bool{}, map[string]bool{}
	for _, rep := range runs {
		for _, r := range rep.Results {
			switch {
			case r.Bad():
				bad[r.ID] = true
				ch.add(s, rep.Seed, r)
			case r.Outcome == suite.Passed:
				passed[r.ID] = true
			}
		}
	}
	for id := range passed {
		if bad[id] {
			continue
		}
		kept := s.entries[id][:0]
		for _, e := range s.entries[id] {
			e.Held++
			e.dirty = true
			if e.Held >= Keep {
				s.dropped = append(s.dropped, s.path(e))
				ch.Dropped++
				continue
			}
			ch.Held++
			kept = append(kept, e)
		}
		s.entries[id] = kept
	}
	for id := range s.entries {
		s.bound(id, &ch)
	}
	s.sort()
	return ch
}

// add remembers the failing case of r, when it is one to keep.
func (ch *Change) add(s *Store, seed int64, r suite.Result) {
	rp := r.Replay
	if rp == nil || len(rp.Value) == 0 || (rp.From != suite.FromGenerated && rp.From != suite.FromRemembered) {
		return
	}
	var value bytes.Buffer
	if err := json.Compact(&value, rp.Value); err != nil || value.String() == "null" {
		return
	}
	if value.Len() > MaxFileBytes-4096 {
		ch.TooLarge = append(ch.TooLarge, r.ID)
		return
	}
	sum := sha256.Sum256(value.Bytes())
	hash := hex.EncodeToString(sum[:8])
	name := rp.Case
	if rp.From == suite.FromRemembered { // not "remembered case … (failed as remembered case …)"
		name, _, _ = strings.Cut(name, " (failed as ")
		name += ", shrunk"
	}
	e := &Entry{Format: Format, ID: r.ID, Case: name, Seed: seed, Outcome: r.Outcome, Value: value.Bytes(), hash: hash, dirty: true}
	if i := slices.IndexFunc(s.entries[r.ID], func(x *Entry) bool { return x.hash == hash }); i >= 0 {
		old := s.entries[r.ID][i]
		if rp.From == suite.FromRemembered {
			e.Case, e.Seed = old.Case, old.Seed // found again: keep where it was first found
		}
		s.entries[r.ID][i] = e
		return
	}
	if rp.From == suite.FromRemembered {
		// A remembered case that failed again and shrank: the smaller case
		// replaces it (the case's name holds the remembered one's hash).
		if i := slices.IndexFunc(s.entries[r.ID], func(x *Entry) bool { return strings.Contains(rp.Case, x.hash) }); i >= 0 {
			old := s.entries[r.ID][i]
			e.Case, e.Seed = old.Case, old.Seed
			s.dropped = append(s.dropped, s.path(old))
			s.entries[r.ID][i] = e
			ch.Shrunk++
			return
		}
	}
	s.entries[r.ID] = append(s.entries[r.ID], e)
	ch.Added++
}

// bound keeps at most MaxPerRequirement cases of id: those that failed
// most recently (fewest runs held), then by hash.
func (s *Store) bound(id string, ch *Change) {
	es := s.entries[id]
	if len(es) <= MaxPerRequirement {
		return
	}
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Held != es[j].Held {
			return es[i].Held < es[j].Held
		}
		return es[i].hash < es[j].hash
	})
	for _, e := range es[MaxPerRequirement:] {
		s.dropped = append(s.dropped, s.path(e))
		ch.Dropped++
	}
	s.entries[id] = es[:MaxPerRequirement]
}

func (s *Store) sort() {
	for _, es := range s.entries {
		sort.Slice(es, func(i, j int) bool { return es[i].hash < es[j].hash })
	}
}

func (s *Store) path(e *Entry) string {
	return filepath.Join(s.dir, e.ID, e.hash+".json")
}

// Save writes the cases that changed and removes the dropped ones. It
// returns every error (the memory is a help, not a verdict).
func (s *Store) Save() []error {
	var errs []error
	for _, p := range s.dropped {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("failure memory: %w", err))
		}
	}
	s.dropped = nil
	for id, es := range s.entries {
		for _, e := range es {
			if !e.dirty {
				continue
			}
			if err := s.write(e); err != nil {
				errs = append(errs, fmt.Errorf("failure memory: case of %s: %w", id, err))
				continue
			}
			e.dirty = false
		}
		if len(es) == 0 {
			os.Remove(filepath.Join(s.dir, id)) // an empty directory; one with other files stays
		}
	}
	return errs
}

// write writes e beside its final name and renames it there, so that an
// interrupted write leaves no damaged file.
func (s *Store) write(e *Entry) error {
	b, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(s.dir, e.ID), 0o755); err != nil {
		return err
	}
	path := s.path(e)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
