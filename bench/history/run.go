package history

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/internal/clip"
)

// Configuration keys every run of a history carries.
const (
	KeyCommit = "commit" // the commit measured
	KeyDate   = "date"   // when it was committed or measured, RFC 3339
	KeyCores  = "cores"  // logical CPUs of the machine
)

// Run is one benchmark run of the history: a results file in the Go
// benchmark format whose configuration names its commit and date.
type Run struct {
	Commit string
	Date   time.Time
	// Source says where the run was read: a file path, or
	// "postgres:COMMIT" for a run kept in PostgreSQL.
	Source string
	// Config is the file configuration of the run's first result.
	Config  []format.Config
	Results []*benchfmt.Result
	Units   benchfmt.UnitMetadataMap
	// Warnings are values dropped under ReadOptions.SkipBad.
	Warnings []string
}

// Get returns the value of configuration key, or "".
func (r *Run) Get(key string) string {
	for _, c := range r.Config {
		if c.Key == key {
			return c.Value
		}
	}
	return ""
}

// ReadOptions say what to do with unusable input.
type ReadOptions struct {
	// SkipBad drops samples no statistic can use (format.CheckValues) and
	// unreadable benchmark lines with a warning, instead of refusing the
	// file.
	SkipBad bool
	// Unreadable, when set, is handed each file of a history directory
	// that cannot be read at all (a link, a FIFO, a device, no read
	// permission, over the size limit), which is then skipped instead of
	// refused.
	Unreadable func(err error) // err names the file
}

// Parse reads a run from data, which source names in messages. The run
// must hold at least one result, one commit and a date in RFC 3339; a
// benchmark line that cannot be read (a truncated file, say) and an
// unusable sample are errors naming the file and line unless
// opts.SkipBad.
func Parse(data []byte, source string, opts ReadOptions) (*Run, error) {
	r, err := parse(data, source, opts)
	if err != nil {
		return nil, err
	}
	if len(r.Results) == 0 {
		return nil, fmt.Errorf("%s holds no benchmark results%s", source, format.NoResultsWhy(r.Warnings))
	}
	commits, dates := map[string]bool{}, map[string]bool{}
	for _, res := range r.Results {
		commits[string(res.GetConfig(KeyCommit))] = true
		dates[string(res.GetConfig(KeyDate))] = true
	}
	if len(commits) > 1 || len(dates) > 1 {
		return nil, fmt.Errorf("%s holds results of more than one commit or date: a history file is one run", source)
	}
	r.Commit = r.Get(KeyCommit)
	if r.Commit == "" {
		return nil, fmt.Errorf("%s has no %q configuration line: add it with conformance history import --commit", source, KeyCommit)
	}
	d := r.Get(KeyDate)
	if d == "" {
		return nil, fmt.Errorf("%s (commit %s) has no %q configuration line: add it with conformance history import --date", source, r.Commit, KeyDate)
	}
	if r.Date, err = time.Parse(time.RFC3339, d); err != nil {
		return nil, fmt.Errorf("%s (commit %s): date %q is not RFC 3339 (like 2026-01-02T15:04:05Z)", source, r.Commit, d)
	}
	return r, nil
}

func parse(data []byte, source string, opts ReadOptions) (*Run, error) {
	rd := benchfmt.NewReader(bytes.NewReader(data), source)
	r := &Run{Source: source}
	for rd.Scan() {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			if !opts.SkipBad {
				return nil, fmt.Errorf("%w (a truncated or damaged file? --skip-bad skips such lines)", rec)
			}
			r.Warnings = append(r.Warnings, rec.Error()+" (skipped)")
		case *benchfmt.Result:
			format.Tidy(rec)
			if opts.SkipBad {
				r.Warnings = append(r.Warnings, format.DropBad(rec)...)
				if len(rec.Values) == 0 {
					continue
				}
			} else if bad := format.CheckValues(rec); bad != nil {
				return nil, fmt.Errorf("%w (--skip-bad drops such values with a warning)", bad)
			}
			if r.Results == nil {
				for _, c := range rec.Config {
					if c.File {
						r.Config = append(r.Config, format.Config{Key: c.Key, Value: string(c.Value)})
					}
				}
			}
			r.Results = append(r.Results, rec.Clone())
		}
	}
	if err := rd.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", source, err)
	}
	r.Units = rd.Units()
	return r, nil
}

// Stamp turns data (the output of conformance bench or of any go test
// -bench) into a history run: it sets the configuration keys of set on
// every result, replacing values the input had, and returns the rewritten
// file and the run it holds. The input is read as Parse reads it.
func Stamp(data []byte, source string, set []format.Config, opts ReadOptions) ([]byte, *Run, error) {
	for _, c := range set {
		if err := format.CheckConfig(c); err != nil {
			return nil, nil, err
		}
		if c.Key == KeyCommit {
			if err := CheckCommit(c.Value); err != nil {
				return nil, nil, err
			}
		}
	}
	in, err := parse(data, source, opts)
	if err != nil {
		return nil, nil, err
	}
	if len(in.Results) == 0 {
		return nil, nil, fmt.Errorf("%s holds no benchmark results (is it go test -bench output?)", source)
	}
	var buf bytes.Buffer
	w := benchfmt.NewWriter(&buf)
	keys := slices.SortedFunc(maps.Keys(in.Units), func(a, b benchfmt.UnitMetadataKey) int {
		return cmp.Or(cmp.Compare(a.Unit, b.Unit), cmp.Compare(a.Key, b.Key))
	})
	for _, k := range keys {
		if err := w.Write(in.Units[k]); err != nil {
			return nil, nil, err
		}
	}
	for _, res := range in.Results {
		var cfg []benchfmt.Config
		for _, c := range set {
			cfg = append(cfg, benchfmt.Config{Key: c.Key, Value: []byte(c.Value), File: true})
		}
		for _, c := range res.Config {
			if !hasKey(set, c.Key) {
				cfg = append(cfg, c)
			}
		}
		res.Config = cfg
		if err := w.Write(res); err != nil {
			return nil, nil, err
		}
	}
	run, err := Parse(buf.Bytes(), source, opts)
	if err != nil {
		return nil, nil, err
	}
	if err := CheckCommit(run.Commit); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", source, err)
	}
	run.Warnings = append(in.Warnings, run.Warnings...)
	return buf.Bytes(), run, nil
}

func hasKey(cs []format.Config, k string) bool {
	for _, c := range cs {
		if c.Key == k {
			return true
		}
	}
	return false
}

// MaxCommit is the longest commit a history keeps: a hash (40 or 64
// characters), a tag or a git describe string fit; the history file of a
// run is named after it, within the 255 bytes of a file name.
const MaxCommit = 128

// CheckCommit refuses a commit no history can keep: longer than MaxCommit
// bytes, or not one line.
func CheckCommit(commit string) error {
	switch {
	case len(commit) > MaxCommit:
		return fmt.Errorf("commit %q is %d bytes long: at most %d (a hash, tag or git describe string; a history file is named after it)", clip.Text(commit, 40), len(commit), MaxCommit)
	case strings.ContainsAny(commit, "\r\n"):
		return fmt.Errorf("commit %q is not one line", clip.Text(commit, 40))
	}
	return nil
}

// RecordConfig is what a recorded run needs besides the results: the
// commit (from existing, the results' own "commit" line; else git
// rev-parse HEAD in the working directory; else $GITHUB_SHA or
// $CI_COMMIT_SHA), the date (existing; else the commit's committer date if
// git in the working directory knows the commit, so runs sort in commit
// order; else now) and the machine's cores.
// The CPU model, Go version and implementation are in conformance bench's
// own configuration lines (cpu, go, adapter, adapter-version).
func RecordConfig(existing func(key string) string) ([]format.Config, error) {
	var set []format.Config
	commit := existing(KeyCommit)
	if commit == "" {
		commit = gitHead()
	}
	for _, env := range []string{"GITHUB_SHA", "CI_COMMIT_SHA"} {
		if commit == "" {
			commit = os.Getenv(env)
		}
	}
	if commit == "" {
		return nil, fmt.Errorf("cannot tell which commit was measured: not in a git checkout and no $GITHUB_SHA; pass --config commit=SHA")
	}
	if err := CheckCommit(commit); err != nil {
		return nil, err
	}
	set = append(set, format.Config{Key: KeyCommit, Value: commit})
	date := existing(KeyDate)
	if date == "" {
		date = gitDate(commit)
	}
	if date == "" {
		date = time.Now().UTC().Format(time.RFC3339)
	}
	set = append(set, format.Config{Key: KeyDate, Value: date})
	if existing(KeyCores) == "" {
		set = append(set, format.Config{Key: KeyCores, Value: strconv.Itoa(runtime.NumCPU())})
	}
	return set, nil
}

// gitDate is the committer date of commit, RFC 3339, or "".
func gitDate(commit string) string {
	if strings.HasPrefix(commit, "-") {
		return ""
	}
	out, err := exec.Command("git", "show", "-s", "--format=%cI", commit, "--").Output()
	if err != nil {
		return ""
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(string(out)))
	if err != nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func gitHead() string {
	out, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
