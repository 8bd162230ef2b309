package history

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/internal/bounded"
	"github.com/ctxconform/ctxconform/internal/safefile"
)

// Store keeps a history of runs.
type Store interface {
	// Add keeps a run; data is its results file as Stamp returned it. A
	// commit already in the history is refused.
	Add(ctx context.Context, run *Run, data []byte) error
	// Runs reads every run, in no particular order.
	Runs(ctx context.Context, opts ReadOptions) ([]*Run, error)
	// Holds says whether the history holds a run of commit already (Add
	// would refuse it). It only reads.
	Holds(ctx context.Context, commit string) (bool, error)
	// Location names the store in messages.
	Location() string
	Close() error
}

// Open opens the history at location: a PostgreSQL connection string
// (postgres:// or postgresql://) or else a directory.
func Open(ctx context.Context, location string) (Store, error) {
	if IsDSN(location) {
		return OpenPostgres(ctx, location, "")
	}
	return Dir(location), nil
}

// IsDSN reports whether location is a PostgreSQL connection URL.
func IsDSN(location string) bool {
	return strings.HasPrefix(location, "postgres://") || strings.HasPrefix(location, "postgresql://")
}

// Dir is a history kept as a directory of plain results files, one per
// run, named DATE-COMMIT.txt (DATE as 20060102T150405Z), so that ls lists
// them in order and benchstat reads them as they are.
type Dir string

func (d Dir) Location() string { return string(d) }
func (d Dir) Close() error     { return nil }

// Add writes the run to a file of its own. The file appears whole or not
// at all (written aside, then hard-linked into place, which fails if the
// name exists), so concurrent writers and readers never see half a run.
func (d Dir) Add(_ context.Context, run *Run, data []byte) error {
	if err := os.MkdirAll(string(d), 0o755); err != nil {
		return fmt.Errorf("history %s: %w", d, err)
	}
	names, err := d.files()
	if err != nil {
		return err
	}
	if n := d.fileOf(names, run.Commit); n != "" {
		return fmt.Errorf("history %s already holds commit %s (%s): remove that file to record it again", d, run.Commit, filepath.Join(string(d), n))
	}
	tag := "-" + safeName(run.Commit) + ".txt"
	name := filepath.Join(string(d), run.Date.UTC().Format("20060102T150405Z")+tag)
	// Created with the mode the umask leaves of 0644, as the -o files are
	// (os.CreateTemp would make it 0600: unreadable to the others who read
	// the history).
	root, err := os.OpenRoot(string(d))
	if err != nil {
		return fmt.Errorf("history %s: %w", d, err)
	}
	defer root.Close()
	tmpName, tmp, err := safefile.Create(root, ".add")
	if err != nil {
		return fmt.Errorf("history %s: %w", d, err)
	}
	defer root.Remove(tmpName)
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("history %s: %w", d, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("history %s: %w", d, err)
	}
	if err := os.Link(filepath.Join(string(d), tmpName), name); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("history %s already holds commit %s (%s)", d, run.Commit, name)
		}
		return fmt.Errorf("history %s: %w", d, err)
	}
	return nil
}

// fileOf is the name among names of commit's run, or "".
func (d Dir) fileOf(names []string, commit string) string {
	tag := "-" + safeName(commit) + ".txt"
	for _, n := range names {
		if strings.HasSuffix(n, tag) {
			return n
		}
	}
	return ""
}

// Holds says whether the directory has a file of commit's run; a directory
// not there yet holds nothing.
func (d Dir) Holds(_ context.Context, commit string) (bool, error) {
	if _, err := os.Stat(string(d)); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	names, err := d.files()
	if err != nil {
		return false, err
	}
	return d.fileOf(names, commit) != "", nil
}

// Runs reads every *.txt file of the directory. A file that cannot be read
// as a run is an error naming it; one that cannot be read at all (a link,
// a FIFO, a device, a directory, a file without read permission) is handed
// to opts.Unreadable instead when it is set.
func (d Dir) Runs(_ context.Context, opts ReadOptions) ([]*Run, error) {
	names, err := d.files()
	if err != nil {
		return nil, err
	}
	var runs []*Run
	for _, n := range names {
		p := filepath.Join(string(d), n)
		// Only a regular file of the directory is read: a link, a FIFO
		// or a device put there is an error naming it, never followed or
		// waited on, and never passed over in silence (a run lost is a
		// regression the gate cannot see).
		data, err := safefile.ReadFile(string(d), n, "a benchmark results file", bounded.Results)
		if err != nil && !strings.Contains(err.Error(), p) {
			err = fmt.Errorf("%s: %w", p, err)
		}
		if err != nil && opts.Unreadable != nil {
			opts.Unreadable(err)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("history: %w (--skip-unreadable skips such a file with a warning; the gate then fails)", err)
		}
		r, err := Parse(data, p, opts)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	return runs, nil
}

func (d Dir) files() ([]string, error) {
	ents, err := os.ReadDir(string(d))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	var names []string
	for _, e := range ents {
		// Every kind of entry is listed, links and FIFOs too: Runs refuses
		// what it cannot read rather than lose it.
		if n := e.Name(); strings.HasSuffix(n, ".txt") && !strings.HasPrefix(n, ".") {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names, nil
}

// safeName keeps the characters of a commit that are safe in a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '_'
	}, s)
}
