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
// at most MaxPerRequirement cases per requirement (and files read of
// each), MaxRequirements directories, MaxFiles files and MaxBytes bytes
// read in all, MaxFileBytes per file (a larger case is not kept). A
// damaged file is named in a warning and passed over; the memory never
// stops a run.
//
// The directory may come from someone else (a memory committed to a
// repository): only directories and regular files in it are read (a link,
// FIFO or device is passed over, never followed or waited on), and
// nothing is written outside it (no link is written through, a file is
// written under a new name and renamed over a regular file only).
// docs/files.md lists these guarantees.
package memory

import (
	"bytes"
	"crypto/rand"
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
	"syscall"

	"github.com/ctxconform/ctxconform/internal/safefile"
	"github.com/ctxconform/ctxconform/suite"
)

// Format names the memory files' format.
const Format = "ctxconform-memory/1"

// Bounds of the memory.
const (
	Keep              = 5       // runs in which its requirement passed before a remembered case is dropped
	MaxPerRequirement = 8       // cases kept per requirement (the newest failures first); files read per requirement
	MaxRequirements   = 256     // requirement directories read (the catalogue has fewer than 200 requirements)
	MaxFiles          = 1024    // files read from the whole directory
	MaxFileBytes      = 1 << 20 // bytes of a file; a larger case is not kept, a larger file not read
	MaxBytes          = 32 << 20
	maxEntries        = 4096 // entries of a directory listed; the rest are not looked at
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
	off     error               // why the directory cannot hold a memory (a file, a device); nothing is written
	entries map[string][]*Entry // by requirement ID, ordered by hash
	dropped []string            // files to remove on Save, relative to dir
	unsaved int                 // changes the last Save could not make
	changes int                 // changes the last Save tried to make
}

var (
	idPattern   = regexp.MustCompile(`^[A-Z]{2,4}-[0-9]{2,3}$`)
	filePattern = regexp.MustCompile(`^[0-9a-f]{16}\.json$`)
)

// Open reads the memory in dir. A missing directory is an empty memory. A
// file that cannot be read or is damaged is passed over, and the returned
// warnings name it. Only directories and regular files inside dir are
// read: a link, a FIFO or a device in it is passed over (never followed,
// never waited on), and at most MaxPerRequirement files of each
// requirement, MaxRequirements requirements, MaxFiles files and MaxBytes
// bytes in all are read. When dir is not a directory (a file, a device),
// the memory is off for the run: one warning, and Save writes nothing.
func Open(dir string) (*Store, []error) {
	s := &Store{dir: dir, entries: map[string][]*Entry{}}
	var warnings []error
	st, err := os.Stat(dir) // dir is the user's: a link to a directory is followed
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, nil
	case err != nil:
		s.off = err
	case !st.IsDir():
		s.off = fmt.Errorf("%s: not a directory (%s)", dir, safefile.Kind(st.Mode()))
	}
	if s.off != nil {
		return s, []error{fmt.Errorf("failure memory: %w: nothing is read or remembered", s.off)}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return s, []error{fmt.Errorf("failure memory: %w", err)}
	}
	defer root.Close()
	reqs, err := readDir(root, ".")
	if err != nil {
		return s, []error{fmt.Errorf("failure memory %s: %w", dir, err)}
	}
	files, bytes := 0, int64(0)
	nreq, skipped := 0, 0
	var over []string // requirements with files not read
	for _, rd := range reqs {
		if !idPattern.MatchString(rd.Name()) {
			continue
		}
		if !rd.IsDir() { // a link is not followed: what it names is outside the memory, or another requirement's
			warnings = append(warnings, fmt.Errorf("failure memory: %s: a %s, not a directory: passed over", filepath.Join(dir, rd.Name()), safefile.Kind(rd.Type())))
			continue
		}
		if nreq == MaxRequirements {
			warnings = append(warnings, fmt.Errorf("failure memory %s: over %d requirement directories; %s and the rest are not read", dir, MaxRequirements, rd.Name()))
			break
		}
		nreq++
		names, err := readDir(root, rd.Name())
		if err != nil {
			warnings = append(warnings, fmt.Errorf("failure memory: %s: %w", filepath.Join(dir, rd.Name()), err))
			continue
		}
		read := 0
		for _, f := range names {
			if !filePattern.MatchString(f.Name()) {
				continue
			}
			path := filepath.Join(dir, rd.Name(), f.Name())
			if !f.Type().IsRegular() {
				warnings = append(warnings, fmt.Errorf("failure memory: %s: a %s, not a file: passed over", path, safefile.Kind(f.Type())))
				continue
			}
			if read == MaxPerRequirement || files == MaxFiles || bytes >= MaxBytes {
				skipped++
				if len(over) == 0 || over[len(over)-1] != rd.Name() {
					over = append(over, rd.Name())
				}
				continue
			}
			read++
			files++
			e, n, err := readEntry(root, filepath.Join(rd.Name(), f.Name()), rd.Name())
			bytes += n
			if err != nil {
				warnings = append(warnings, fmt.Errorf("failure memory: %s: %w (passed over)", path, err))
				continue
			}
			e.hash = strings.TrimSuffix(f.Name(), ".json")
			s.entries[e.ID] = append(s.entries[e.ID], e)
		}
	}
	if skipped > 0 {
		if len(over) > 5 {
			over = append(over[:5], "…")
		}
		warnings = append(warnings, fmt.Errorf("failure memory %s: %d files not read (of %s): at most %d of a requirement, %d files and %s in all are read",
			dir, skipped, strings.Join(over, ", "), MaxPerRequirement, MaxFiles, sizeName(MaxBytes)))
	}
	s.sort()
	return s, warnings
}

// readDir lists at most maxEntries entries of the directory name in root,
// sorted by name.
func readDir(root *os.Root, name string) ([]fs.DirEntry, error) {
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_DIRECTORY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(maxEntries)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	return entries, nil
}

func sizeName(n int64) string { return fmt.Sprintf("%d MiB", n>>20) }

// readEntry reads one memory file, at most MaxFileBytes of it, and checks
// it names requirement id. It is opened without following a link and
// without waiting (a FIFO put in its place between the listing and the
// open is refused, not waited on); n is the bytes read.
func readEntry(root *os.Root, name, id string) (e *Entry, n int64, err error) {
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("a %s, not a file", safefile.Kind(st.Mode()))
	}
	if st.Size() > MaxFileBytes {
		return nil, 0, fmt.Errorf("over %d bytes", MaxFileBytes)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, int64(len(b)), err
	}
	if len(b) > MaxFileBytes {
		return nil, int64(len(b)), fmt.Errorf("over %d bytes", MaxFileBytes)
	}
	e = new(Entry)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	switch err := dec.Decode(e); {
	case err != nil:
		return nil, int64(len(b)), fmt.Errorf("not a memory file: %w", err)
	case dec.More() || trailing(dec):
		return nil, int64(len(b)), errors.New("not a memory file: data after its JSON object")
	case e.Format != Format:
		return nil, int64(len(b)), fmt.Errorf("format %q, want %q", e.Format, Format)
	case e.ID != id:
		return nil, int64(len(b)), fmt.Errorf("case of %q in the directory of %s", e.ID, id)
	case len(e.Value) == 0 || string(e.Value) == "null":
		return nil, int64(len(b)), errors.New("no value")
	case e.Held < 0:
		return nil, int64(len(b)), fmt.Errorf("held %d", e.Held)
	case e.Outcome != suite.Failed && e.Outcome != suite.Errored:
		return nil, int64(len(b)), fmt.Errorf("outcome %q, want %q or %q", e.Outcome, suite.Failed, suite.Errored)
	}
	return e, int64(len(b)), nil
}

// trailing reports whether anything but white space follows the decoded
// value.
func trailing(dec *json.Decoder) bool {
	_, err := dec.Token()
	return err != io.EOF
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

// path is e's file, relative to the directory.
func (s *Store) path(e *Entry) string {
	return filepath.Join(e.ID, e.hash+".json")
}

// Unsaved is how many of the changes of the last Save were not made (its
// errors say why), of Changes.
func (s *Store) Unsaved() (unsaved, changes int) { return s.unsaved, s.changes }

// Save writes the cases that changed and removes the dropped ones. It
// returns every error (the memory is a help, not a verdict). Nothing is
// written outside the directory: a requirement directory that is a link
// is not written into, a file is written under a new name (O_EXCL) and
// renamed over a regular file only; when the directory cannot be written
// (read-only, not a directory) one error says so and nothing is tried.
func (s *Store) Save() []error {
	s.unsaved, s.changes = 0, len(s.dropped)
	for _, es := range s.entries {
		for _, e := range es {
			if e.dirty {
				s.changes++
			}
		}
	}
	if s.changes == 0 {
		return nil
	}
	fail := func(err error) []error {
		s.unsaved = s.changes
		return []error{fmt.Errorf("failure memory: %w: nothing saved", err)}
	}
	if s.off != nil { // Open said why
		s.unsaved = s.changes
		return nil
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return fail(err)
	}
	root, err := os.OpenRoot(s.dir)
	if err != nil {
		return fail(err)
	}
	defer root.Close()
	// One probe tells a directory that cannot be written at all (read-only,
	// /proc) from a file that cannot: one error then, not one per case.
	probe, err := root.OpenFile(tempName("probe"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fail(fmt.Errorf("%s: cannot write here: %w", s.dir, unwrapPath(err)))
	}
	probe.Close()
	root.Remove(filepath.Base(probe.Name()))
	var errs []error
	for _, p := range s.dropped {
		if err := removeFile(root, p); err != nil {
			errs = append(errs, fmt.Errorf("failure memory: %s: %w", filepath.Join(s.dir, p), err))
			s.unsaved++
		}
	}
	s.dropped = nil
	ids := make([]string, 0, len(s.entries))
	for id := range s.entries {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		es := s.entries[id]
		for _, e := range es {
			if !e.dirty {
				continue
			}
			if err := s.write(root, e); err != nil {
				errs = append(errs, fmt.Errorf("failure memory: case of %s: %w", id, err))
				s.unsaved++
				continue
			}
			e.dirty = false
		}
		if len(es) == 0 {
			if st, err := root.Lstat(id); err == nil && st.IsDir() {
				root.Remove(id) // an empty directory; one with other files stays
			}
		}
	}
	return errs
}

// removeFile removes the regular file name of root; anything else there
// is left (and said).
func removeFile(root *os.Root, name string) error {
	st, err := root.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !st.Mode().IsRegular():
		return fmt.Errorf("a %s, not a file: left as it is", safefile.Kind(st.Mode()))
	}
	if err := root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// tempName is a new name for a file being written: not one of the
// memory's (filePattern), and unlikely to exist (it is created O_EXCL).
func tempName(base string) string {
	var b [8]byte
	rand.Read(b[:])
	return "." + base + "-" + hex.EncodeToString(b[:]) + ".tmp"
}

// write writes e under a new name in its requirement's directory and
// renames it to its own, so that an interrupted write leaves no damaged
// file, and no link planted in the directory is written through.
func (s *Store) write(root *os.Root, e *Entry) error {
	if !idPattern.MatchString(e.ID) || !filePattern.MatchString(e.hash+".json") {
		return fmt.Errorf("%q: not a requirement ID", e.ID)
	}
	b, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	switch st, err := root.Lstat(e.ID); {
	case errors.Is(err, fs.ErrNotExist):
		if err := root.Mkdir(e.ID, 0o755); err != nil {
			return err
		}
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("%s: a %s, not a directory: not written", filepath.Join(s.dir, e.ID), safefile.Kind(st.Mode()))
	}
	name := filepath.Join(e.ID, e.hash+".json")
	if st, err := root.Lstat(name); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("%s: a %s, not a file: not replaced", filepath.Join(s.dir, name), safefile.Kind(st.Mode()))
	}
	tmp := filepath.Join(e.ID, tempName(e.hash))
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(append(b, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		root.Remove(tmp)
		return err
	}
	return nil
}
