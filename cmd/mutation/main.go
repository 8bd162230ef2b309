// Command mutation runs the project's mutation test: it makes the classic
// mutants (package internal/mutation) of the files mutation/targets.txt
// names, runs the tests that target line gives for each (stage by stage,
// the cheap package tests first), and writes the score and every survivor
// to reports/mutation/latest.md. A survivor listed in
// mutation/equivalent/, with the reason it cannot change an answer, is
// reported apart and does not count against the score.
//
// Each mutant reaches the compiler through go test's -overlay, so the
// working tree is never changed and two mutants can run at once.
//
// Usage (make mutation runs the first):
//
//	go run ./cmd/mutation
//	go run ./cmd/mutation -sample 1 -only 'reference/trgm/'
//
// It exits 1 when a mutant survives that the equivalent list does not name.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ctxconform/ctxconform/internal/mutation"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		if err == errSurvivors {
			os.Exit(1)
		}
		os.Exit(2)
	}
}

// notRunListed is the note of a mutant the equivalent list names, not run.
const notRunListed = "listed as equivalent: not run"

var errSurvivors = fmt.Errorf("mutants survived that mutation/equivalent/ does not name")

type target struct {
	glob   string
	stages [][]string // go test arguments: packages, then flags for the test binaries
}

// verdict of one mutant.
type verdict string

const (
	killed   verdict = "killed"
	survived verdict = "survived"
	unviable verdict = "unviable" // does not compile: not a mutant the tests can judge
)

// job is a chosen mutant and the target line that judges it.
type job struct {
	m mutation.Numbered
	t *target
}

type result struct {
	m       mutation.Mutant
	v       verdict
	by      string // the stage that killed it
	elapsed time.Duration
}

func run(args []string, log io.Writer) error {
	fs := flag.NewFlagSet("mutation", flag.ContinueOnError)
	targets := fs.String("targets", "mutation/targets.txt", "the files to mutate and the tests that judge each")
	equiv := fs.String("equivalent", "mutation/equivalent", "mutants known to be equivalent, with the reason: a file, or a directory of .txt files")
	out := fs.String("o", "reports/mutation/latest.md", "the report")
	sample := fs.Float64("sample", 1, "the share of mutants to run, chosen by a hash of each mutant's ID (the same ones every run)")
	only := fs.String("only", "", "run only the mutants whose ID matches this regular expression")
	jobs := fs.Int("j", runtime.NumCPU(), "mutants run at once")
	timeout := fs.Duration("timeout", 5*time.Minute, "the limit of one go test (a mutant that hangs the tests is killed)")
	list := fs.Bool("list", false, "list the chosen mutants and stop")
	again := fs.Bool("survivors", false, "run again only the survivors of the last run (the .json beside -o) and update its report")
	runEquivalent := fs.Bool("run-equivalent", false, "run the mutants mutation/equivalent/ lists too (they are reported as equivalent without a run otherwise)")
	separate := fs.Bool("separate", false, "build every mutant on its own instead of in schemata (slow; a check of the schemata)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var onlyRE *regexp.Regexp
	if *only != "" {
		var err error
		if onlyRE, err = regexp.Compile(*only); err != nil {
			return fmt.Errorf("-only: %w", err)
		}
	}
	ts, err := readTargets(*targets)
	if err != nil {
		return err
	}
	known, err := readEquivalent(*equiv)
	if err != nil {
		return err
	}
	var todo []job
	var all []mutation.Mutant
	made := map[string]bool{}
	total := 0
	for ti := range ts {
		t := &ts[ti]
		files, err := filepath.Glob(t.glob)
		if err != nil {
			return fmt.Errorf("%s: %w", *targets, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			ms, err := mutation.Generate(filepath.ToSlash(f), src)
			if err != nil {
				return err
			}
			total += len(ms)
			for _, m := range ms {
				made[m.ID()] = true
			}
			for _, m := range ms {
				if chosen(m.ID(), *sample) && (onlyRE == nil || onlyRE.MatchString(m.ID())) {
					todo = append(todo, job{mutation.Numbered{Mutant: m, Num: len(todo) + 1}, t})
					all = append(all, m)
				}
			}
		}
	}
	// An entry that names no mutant is stale: the code it explained has
	// changed, and the reason may no longer hold for what is there now.
	if *only == "" {
		for _, id := range stale(known, made) {
			fmt.Fprintf(log, "warning: %s: %q names no mutant (the code changed?)\n", *equiv, id)
		}
	}
	jsonPath := strings.TrimSuffix(*out, filepath.Ext(*out)) + ".json"
	var last saved
	if *again {
		data, err := os.ReadFile(jsonPath)
		if err != nil {
			return fmt.Errorf("-survivors needs the last run's results: %w", err)
		}
		if err := json.Unmarshal(data, &last); err != nil {
			return fmt.Errorf("%s: %w", jsonPath, err)
		}
		rerun := map[string]bool{}
		for _, x := range last.Results {
			if x.Verdict == survived {
				rerun[x.ID] = true
			}
		}
		var keep []job
		for _, j := range todo {
			if rerun[j.m.ID()] {
				keep = append(keep, j)
			}
		}
		todo = keep
	}
	// A mutant the equivalent list names is not run unless asked: it
	// cannot fail a test (the reason says why), so running it would only
	// cost the time of every test that reaches it.
	var listed []result
	if !*runEquivalent {
		r := report{known: known}
		keep := todo[:0]
		for _, j := range todo {
			if r.why(j.m.Mutant) != "" {
				listed = append(listed, result{m: j.m.Mutant, v: survived, by: notRunListed})
				continue
			}
			keep = append(keep, j)
		}
		todo = keep
	}
	for i := range todo {
		todo[i].m.Num = i + 1
	}
	if *list {
		for _, j := range todo {
			fmt.Printf("%s\t%s\n", j.m.Where(), j.m.ID())
		}
		return nil
	}
	tmp, err := os.MkdirTemp("", "ctxconform-mutation-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "%d mutants of %d (sample %v), %d at once\n", len(todo), total, *sample, *jobs)
	start := time.Now()
	// An interrupt stops the run between mutants; the report then holds
	// the verdicts so far and says how many were not run.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var sr *schemaRun
	if !*separate && len(todo) > 0 {
		if sr, err = prepare(ctx, log, wd, tmp, todo, *jobs); err != nil {
			return err
		}
	}
	results := make([]result, len(todo))
	var mu sync.Mutex
	done := 0
	// An interrupt ends parallel's loop and leaves the rest unjudged.
	parallel(ctx, *jobs, len(todo), func(i int) error {
		var r result
		if j := todo[i]; sr != nil && sr.in[j.m.Num] {
			r = sr.judgeSchema(ctx, j.m, j.t, *timeout)
		} else {
			r = judge(ctx, tmp, wd, i, j.m.Mutant, *j.t, *timeout)
		}
		if ctx.Err() != nil {
			return nil // cut short: no verdict
		}
		mu.Lock()
		defer mu.Unlock()
		results[i] = r
		done++
		if r.v == survived {
			fmt.Fprintf(log, "[%d/%d %s] survived %s (%s)\n", done, len(todo), time.Since(start).Round(time.Second), r.m.ID(), r.m.Where())
		} else if done%20 == 0 {
			fmt.Fprintf(log, "[%d/%d %s]\n", done, len(todo), time.Since(start).Round(time.Second))
		}
		return nil
	})
	notRun := 0
	judged := results[:0]
	for _, r := range results {
		if r.v == "" {
			notRun++
			continue
		}
		judged = append(judged, r)
	}
	results = append(judged, listed...)
	rep := report{args: args, total: total, sample: *sample, jobs: *jobs, elapsed: time.Since(start), results: results, known: known, notRun: notRun}
	if *again { // the last run's verdicts, with the survivors judged again
		// The report stays the last run's: its arguments, time, sample
		// and what it left unjudged; only the survivors' verdicts change.
		rep.args, rep.elapsed = last.Args, time.Duration(last.Seconds*float64(time.Second))
		rep.sample, rep.notRun = last.Sample, last.NotRun
		byID := map[string]result{}
		for _, r := range results {
			byID[r.m.ID()] = r
		}
		src := map[string]mutation.Mutant{}
		for _, m := range all {
			src[m.ID()] = m
		}
		rep.results = nil
		for _, x := range last.Results {
			if r, ok := byID[x.ID]; ok {
				rep.results = append(rep.results, r)
				continue
			}
			m, ok := src[x.ID]
			if !ok { // the code changed: the mutant is no longer made
				continue
			}
			rep.results = append(rep.results, result{m: m, v: x.Verdict, by: x.By, elapsed: time.Duration(x.Seconds * float64(time.Second))})
		}
		fmt.Fprintf(log, "%d survivors judged again in %s\n", len(results), time.Since(start).Round(time.Second))
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		return err
	}
	if err := rep.save(jsonPath); err != nil {
		return err
	}
	if err := os.WriteFile(*out, []byte(rep.markdown()), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(log, "%s\nwritten to %s\n", rep.summary(), *out)
	if rep.count(survived, false) > 0 {
		return errSurvivors
	}
	return nil
}

// chosen: the mutant is in the sample. The hash of its ID decides, so a
// sample holds the same mutants every run and a fix can be checked.
func chosen(id string, sample float64) bool {
	if sample >= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	return float64(h.Sum64()%10000) < sample*10000
}

// judge runs the target's stages against the mutant until one fails.
func judge(ctx context.Context, tmp, wd string, i int, m mutation.Mutant, t target, timeout time.Duration) result {
	start := time.Now()
	src := filepath.Join(tmp, fmt.Sprintf("m%d.go", i))
	overlay := filepath.Join(tmp, fmt.Sprintf("m%d.json", i))
	defer os.Remove(src)
	defer os.Remove(overlay)
	if err := os.WriteFile(src, m.Src, 0o644); err != nil {
		return result{m: m, v: unviable, by: err.Error()}
	}
	o, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(wd, m.File): src}})
	if err := os.WriteFile(overlay, o, 0o644); err != nil {
		return result{m: m, v: unviable, by: err.Error()}
	}
	for _, stage := range t.stages {
		ctx, cancel := context.WithTimeout(ctx, timeout+time.Minute)
		args := append([]string{"test", "-overlay", overlay, "-short", "-failfast", "-timeout", timeout.String()}, stage...)
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Env = append(os.Environ(), "CTXCONFORM_ADAPTERS=reference")
		out, err := cmd.CombinedOutput()
		timedOut := ctx.Err() != nil || strings.Contains(string(out), "panic: test timed out")
		cancel()
		switch {
		case err == nil:
			continue
		case strings.Contains(string(out), "[build failed]") || strings.Contains(string(out), "[setup failed]"):
			return result{m: m, v: unviable, by: strings.Join(stage, " "), elapsed: time.Since(start)}
		case timedOut:
			return result{m: m, v: killed, by: strings.Join(stage, " ") + " (timed out)", elapsed: time.Since(start)}
		default:
			return result{m: m, v: killed, by: strings.Join(stage, " "), elapsed: time.Since(start)}
		}
	}
	return result{m: m, v: survived, elapsed: time.Since(start)}
}

// readTargets reads lines "glob: stage; stage", each stage go test's
// arguments; # starts a comment.
func readTargets(path string) ([]target, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ts []target
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		glob, rest, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"glob: go test arguments; more arguments\", got %q", path, n, line)
		}
		t := target{glob: strings.TrimSpace(glob)}
		for _, s := range strings.Split(rest, ";") {
			if f := strings.Fields(s); len(f) > 0 {
				t.stages = append(t.stages, f)
			}
		}
		if len(t.stages) == 0 {
			return nil, fmt.Errorf("%s:%d: %s names no tests", path, n, t.glob)
		}
		ts = append(ts, t)
	}
	return ts, sc.Err()
}

// stale lists the entries of known that name none of the mutants made.
func stale(known map[string]string, made map[string]bool) []string {
	var out []string
	for id := range known {
		if made[id] {
			continue
		}
		if p, ok := strings.CutSuffix(id, " *"); ok && slices.ContainsFunc(slices.Collect(maps.Keys(made)), func(m string) bool { return strings.HasPrefix(m, p+" ") }) {
			continue
		}
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// readEquivalent reads lines "mutant ID :: why it is equivalent" from
// path, or from every .txt file in it when it is a directory (one file an
// area, so that work on two areas does not edit one file). An ID given
// twice is an error: two reasons for one mutant.
func readEquivalent(path string) (map[string]string, error) {
	known := map[string]string{}
	files := []string{path}
	if fi, err := os.Stat(path); os.IsNotExist(err) {
		return known, nil
	} else if err != nil {
		return nil, err
	} else if fi.IsDir() {
		if files, err = filepath.Glob(filepath.Join(path, "*.txt")); err != nil {
			return nil, err
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for n, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			id, why, ok := strings.Cut(line, " :: ")
			if !ok || strings.TrimSpace(why) == "" {
				return nil, fmt.Errorf("%s:%d: want \"mutant ID :: why it is equivalent\", got %q", f, n+1, line)
			}
			id = strings.TrimSpace(id)
			if _, dup := known[id]; dup {
				return nil, fmt.Errorf("%s:%d: %s is listed twice", f, n+1, id)
			}
			known[id] = strings.TrimSpace(why)
		}
	}
	return known, nil
}

type report struct {
	args    []string
	total   int
	sample  float64
	jobs    int
	elapsed time.Duration
	results []result
	known   map[string]string
	notRun  int // interrupted before these were judged
}

// why is the reason mutant m is equivalent, "" when the list does not name
// it. An entry whose ID ends in " *" names every mutant whose ID starts with
// the rest (all the mutants of one function: "file func *").
func (r report) why(m mutation.Mutant) string {
	id := m.ID()
	if w := r.known[id]; w != "" {
		return w
	}
	for k, w := range r.known {
		if p, ok := strings.CutSuffix(k, " *"); ok && strings.HasPrefix(id, p+" ") {
			return w
		}
	}
	return ""
}

// count counts the verdict v; for survivors, equivalent ones or the others.
func (r report) count(v verdict, equivalent bool) int {
	n := 0
	for _, x := range r.results {
		if x.v == v && (v != survived || (r.why(x.m) != "") == equivalent) {
			n++
		}
	}
	return n
}

func (r report) summary() string {
	k, s, e, u := r.count(killed, false), r.count(survived, false), r.count(survived, true), r.count(unviable, false)
	score := 100.0
	if k+s > 0 {
		// Rounded down: 100% only when nothing survives (3,780 of
		// 3,781 is 99.9%, not 100.0%).
		score = math.Floor(1000*float64(k)/float64(k+s)) / 10
	}
	interrupted := ""
	if r.notRun > 0 {
		interrupted = fmt.Sprintf(", interrupted: %d chosen not run", r.notRun)
	}
	return fmt.Sprintf("score %.1f%%: %d killed, %d survived, %d equivalent, %d unviable, of %d chosen (%d made), in %s%s",
		score, k, s, e, u, len(r.results), r.total, r.elapsed.Round(time.Second), interrupted)
}

func (r report) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Mutation test: the latest result\n\n")
	fmt.Fprintf(&b, "`go run ./cmd/mutation %s` on %d cores (%d at once), %s.\n\n", strings.Join(r.args, " "), runtime.NumCPU(), r.jobs, time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "**%s.** Score = killed / (killed + survived); equivalent mutants (mutation/equivalent/, not run unless -run-equivalent) and ones that do not compile are left out. Sample %v of the mutants, by a hash of each ID. See docs/mutation.md.\n\n", r.summary(), r.sample)
	byFile := map[string][2]int{}
	took := map[string]time.Duration{}
	var files []string
	for _, x := range r.results {
		c, ok := byFile[x.m.File]
		if !ok {
			files = append(files, x.m.File)
		}
		switch {
		case x.v == killed:
			c[0]++
		case x.v == survived && r.why(x.m) == "":
			c[1]++
		}
		byFile[x.m.File] = c
		took[x.m.File] += x.elapsed
	}
	sort.Strings(files)
	fmt.Fprintf(&b, "## Survivors\n\n")
	found := false
	for _, x := range r.results {
		if x.v == survived && r.why(x.m) == "" {
			found = true
			note := ""
			if x.by == notReached {
				note = " (" + notReached + ")"
			}
			fmt.Fprintf(&b, "- `%s` at %s: `%s` → `%s`%s\n", x.m.ID(), x.m.Where(), x.m.From, x.m.To, note)
		}
	}
	if !found {
		fmt.Fprintf(&b, "None.\n")
	}
	fmt.Fprintf(&b, "\n## Equivalent (mutation/equivalent/)\n\n")
	found = false
	for _, x := range r.results {
		if why := r.why(x.m); x.v == survived && why != "" {
			found = true
			fmt.Fprintf(&b, "- `%s` at %s: %s\n", x.m.ID(), x.m.Where(), why)
		}
	}
	if !found {
		fmt.Fprintf(&b, "None.\n")
	}
	fmt.Fprintf(&b, "\n## By file\n\nSeconds: the time spent judging the file's mutants, summed over the %d at once.\n\n| file | killed | surviving | seconds |\n| --- | ---: | ---: | ---: |\n", r.jobs)
	for _, f := range files {
		fmt.Fprintf(&b, "| %s | %d | %d | %.0f |\n", f, byFile[f][0], byFile[f][1], took[f].Seconds())
	}
	return b.String()
}

// saved is the .json beside the report: every verdict, so that
// -survivors can judge the survivors again after a fix.
type saved struct {
	Args    []string      `json:"args"`
	Seconds float64       `json:"seconds"`
	Sample  float64       `json:"sample,omitempty"`
	NotRun  int           `json:"not_run,omitempty"` // chosen, but the run was interrupted first
	Results []savedResult `json:"results"`
}

type savedResult struct {
	ID      string  `json:"id"`
	Where   string  `json:"where"`
	Verdict verdict `json:"verdict"`
	// Equivalent is why mutation/equivalent/ says the mutant cannot
	// change an answer; set only on a survivor the list names, so that
	// a reader counts survived without it as the survivors to mend.
	Equivalent string  `json:"equivalent,omitempty"`
	By         string  `json:"by,omitempty"` // the tests that killed it, or why none could
	Seconds    float64 `json:"seconds"`      // what judging it cost
}

func (r report) save(path string) error {
	s := saved{Args: r.args, Seconds: r.elapsed.Seconds(), Sample: r.sample, NotRun: r.notRun}
	for _, x := range r.results {
		sr := savedResult{ID: x.m.ID(), Where: x.m.Where(), Verdict: x.v, By: x.by, Seconds: x.elapsed.Seconds()}
		if x.v == survived {
			sr.Equivalent = r.why(x.m)
		}
		s.Results = append(s.Results, sr)
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
