// Package format writes and reads benchmark results in the Go benchmark
// format (golang.org/design/14313-benchmark-format) with golang.org/x/perf's
// benchfmt, so `conformance bench` produces what go test -bench, benchstat
// and `conformance compare` read.
//
// A file starts with configuration lines describing the machine and the
// implementation (goos, goarch, cpu, go, adapter, adapter-version, ...),
// then one "Unit" line per reported unit saying which direction is better
// and which values are exact, then one line per benchmark run. A skipped or
// failed benchmark is written as go test writes it ("--- SKIP:" or
// "--- FAIL:" and the reason, indented), which readers ignore.
package format

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/ctxconform/ctxconform/bench"
	"github.com/ctxconform/ctxconform/internal/bounded"
	"github.com/ctxconform/ctxconform/internal/clip"
)

// Config is one file configuration line: "key: value".
type Config struct {
	Key, Value string
}

// Machine describes this machine and Go runtime: goos, goarch, cpu (on
// Linux, from /proc/cpuinfo) and go.
func Machine() []Config {
	out := []Config{{"goos", runtime.GOOS}, {"goarch", runtime.GOARCH}}
	if cpu := cpuName(); cpu != "" {
		out = append(out, Config{"cpu", cpu})
	}
	return append(out, Config{"go", runtime.Version()})
}

// cpuName is the model name of the first processor in /proc/cpuinfo, as
// go test prints it, or "" where there is no such file.
func cpuName() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		k, v, ok := strings.Cut(s.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// CheckConfig reports a configuration that the format cannot carry: a key
// must be non-empty, start with a lower-case letter and hold no space or
// upper-case letter; a value must be one line, and the line at most
// MaxConfigLine bytes.
func CheckConfig(c Config) error {
	switch {
	case c.Key == "" || c.Key[0] < 'a' || c.Key[0] > 'z':
		return fmt.Errorf("configuration key %q must start with a lower-case letter", c.Key)
	case strings.ContainsAny(c.Key, " \t:") || strings.ToLower(c.Key) != c.Key:
		return fmt.Errorf("configuration key %q must be lower case without spaces or colons", c.Key)
	case strings.ContainsAny(c.Value, "\r\n"):
		return fmt.Errorf("configuration %s: value %q must be one line", c.Key, clip.Text(c.Value, 80))
	case len(c.Key)+len(c.Value)+2 > MaxConfigLine:
		return fmt.Errorf("configuration %s: a value of %d bytes (%q) is longer than a configuration line may be (%d bytes in all: readers of the format stop at 64 KiB)",
			c.Key, len(c.Value), clip.Text(c.Value, 40), MaxConfigLine)
	}
	return nil
}

// KeySelftime is the configuration key of a result whose time figures,
// reported by the implementation on its own clock, are not a measurement:
// "selftime: zero" (no time at all) or "selftime: below-resolution" (less
// than its clock's resolution). The figures are kept; compare and history
// mark them wherever they show them. A result without the key was
// measured. (A key of its own, so that benchstat, too, shows such results
// apart.)
const KeySelftime = "selftime"

// Unmeasured is the KeySelftime of res for a value in unit (tidied, as
// benchfmt's reader stores it): the mark of a time ("sec/op",
// "sec/window") of a marked result, "" for any other value.
func Unmeasured(res *benchfmt.Result, unit string) string {
	if !strings.HasPrefix(unit, "sec/") {
		return ""
	}
	return string(res.GetConfig(KeySelftime))
}

// KeyConformance is the configuration key of a result whose answers fail
// the operation's MUST invariants, timed all the same at the user's asking
// (`conformance bench --time-nonconforming`): "conformance:
// nonconforming" (Nonconforming). Every value of such a result is kept;
// compare and history mark it wherever they show it, and never set it
// against a conforming result without saying so. A result without the key
// answered correctly. (A key of its own, so that benchstat, too, shows
// such results apart.)
const KeyConformance = "conformance"

// Nonconforming is the value of KeyConformance on a result whose answers
// fail conformance.
const Nonconforming = "nonconforming"

// NonconformingOf reports whether res is marked KeyConformance
// Nonconforming: every value of it timed wrong answers.
func NonconformingOf(res *benchfmt.Result) bool {
	return string(res.GetConfig(KeyConformance)) == Nonconforming
}

// Marks are the marks on res's value in unit, as configuration lines: its
// KeySelftime on a time ("sec/op", "sec/window"; tidied, as benchfmt's
// reader stores units), its KeyConformance on any value; none for a value
// measured on a conforming answer.
func Marks(res *benchfmt.Result, unit string) []Config {
	var out []Config
	if m := Unmeasured(res, unit); m != "" {
		out = append(out, Config{KeySelftime, m})
	}
	if NonconformingOf(res) {
		out = append(out, Config{KeyConformance, Nonconforming})
	}
	return out
}

// MaxConfigLine is the longest configuration line ("key: value") Write
// writes.
const MaxConfigLine = 4096

// Write writes the configuration, the unit metadata of the units the
// results use, and the results. Skipped and failed benchmarks become
// "--- SKIP" and "--- FAIL" lines with their reasons.
func Write(w io.Writer, config []Config, results []bench.Result) error {
	bw := benchfmt.NewWriter(w)
	base := benchfmt.Result{}
	for _, c := range config {
		if err := CheckConfig(c); err != nil {
			return err
		}
		base.Config = append(base.Config, benchfmt.Config{Key: c.Key, Value: []byte(c.Value), File: true})
	}
	seen := map[string]bool{}
	for _, r := range results {
		for _, v := range r.Values {
			if seen[v.Unit] {
				continue
			}
			seen[v.Unit] = true
			u, _ := bench.UnitOf(v.Unit)
			for _, m := range unitMetadata(u) {
				if err := bw.Write(m); err != nil {
					return err
				}
			}
		}
	}
	for _, r := range results {
		switch {
		case r.Skipped != "":
			if _, err := fmt.Fprintf(w, "--- SKIP: Benchmark%s\n    %s\n", r.Name, indent(r.Skipped)); err != nil {
				return err
			}
			continue
		case r.Err != nil:
			if _, err := fmt.Fprintf(w, "--- FAIL: Benchmark%s\n    %s\n", r.Name, indent(r.Err.Error())); err != nil {
				return err
			}
			continue
		}
		res := base
		labels := r.Labels
		if r.Unmeasured != "" {
			labels = append(slices.Clip(labels), bench.Label{Key: KeySelftime, Value: r.Unmeasured})
		}
		if r.Nonconforming != "" {
			labels = append(slices.Clip(labels), bench.Label{Key: KeyConformance, Value: Nonconforming})
		}
		if len(labels) > 0 {
			res.Config = slices.Clone(base.Config)
			for _, l := range labels {
				c := Config{l.Key, l.Value}
				if err := CheckConfig(c); err != nil {
					return err
				}
				res.Config = setConfig(res.Config, c)
			}
		}
		res.Name = benchfmt.Name(r.Name)
		res.Iters = r.Iters
		res.Values = make([]benchfmt.Value, len(r.Values))
		for i, v := range r.Values {
			res.Values[i] = benchfmt.Value{Value: round(v.Value), Unit: v.Unit}
		}
		if err := bw.Write(&res); err != nil {
			return err
		}
	}
	return nil
}

// setConfig sets c in cs, replacing a line of the same key.
func setConfig(cs []benchfmt.Config, c Config) []benchfmt.Config {
	for i := range cs {
		if cs[i].Key == c.Key {
			cs[i].Value = []byte(c.Value)
			return cs
		}
	}
	return append(cs, benchfmt.Config{Key: c.Key, Value: []byte(c.Value), File: true})
}

// round keeps what a measurement can tell: whole numbers from 1000 up,
// five significant digits below (go test prints about as many).
func round(v float64) float64 {
	if math.Abs(v) >= 1000 || v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return math.Round(v)
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 5, 64), 64)
	return r
}

func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n    ") }

// unitMetadata is the "Unit" lines of u: better=lower or better=higher,
// and assume=exact for counts.
func unitMetadata(u bench.Unit) []*benchfmt.UnitMetadata {
	var out []*benchfmt.UnitMetadata
	add := func(k, v string) {
		out = append(out, &benchfmt.UnitMetadata{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: u.Name, Key: k}, OrigUnit: u.Name, Value: v})
	}
	switch u.Better {
	case -1:
		add("better", "lower")
	case 1:
		add("better", "higher")
	}
	if u.Exact {
		add("assume", "exact")
	}
	return out
}

// File is a results file read back.
type File struct {
	Path string
	// Config is the file configuration of its first result.
	Config []Config
	// Results are the benchmark lines, in file order, with tidied units
	// ("sec/op" for "ns/op").
	Results []*benchfmt.Result
	Units   benchfmt.UnitMetadataMap
	// Warnings are lines that looked like results but could not be read.
	Warnings []string
}

// Read reads a results file.
func Read(path string) (*File, error) {
	fh, err := bounded.Open(path, "a benchmark results file", bounded.Results)
	if err != nil {
		return nil, fmt.Errorf("read results: %w", err)
	}
	defer fh.Close()
	return ReadFrom(fh, path)
}

// ReadFrom reads results from r; name is the file name used in messages.
func ReadFrom(r io.Reader, name string) (*File, error) {
	files := benchfmt.NewReader(r, name)
	f := &File{Path: name}
	for files.Scan() {
		switch rec := files.Result().(type) {
		case *benchfmt.SyntaxError:
			f.Warnings = append(f.Warnings, rec.Error())
		case *benchfmt.Result:
			Tidy(rec)
			if f.Results == nil {
				for _, c := range rec.Config {
					if c.File {
						f.Config = append(f.Config, Config{c.Key, string(c.Value)})
					}
				}
			}
			f.Results = append(f.Results, rec.Clone())
		}
	}
	if err := files.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	f.Units = files.Units()
	return f, nil
}

// Get returns the value of configuration key, or "".
func (f *File) Get(key string) string {
	for _, c := range f.Config {
		if c.Key == key {
			return c.Value
		}
	}
	return ""
}
