package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ctxconform/ctxconform/internal/mutation"
)

// A unit is one test binary run with one set of flags: a stage of a
// target line names one or more (./suite/... is several packages).
type unit struct {
	pkg   string   // import path
	dir   string   // where go test would run it
	bin   string   // the test binary, built once with every schema
	flags []string // for the test binary (-test.run=..., -ginkgo.focus=...)
	key   string   // pkg and flags: one baseline per key

	// The unit's leaf tests (a top-level test, or a subtest with none of
	// its own), each run on its own in the baseline, so that a mutant
	// runs only the tests that reach it.
	tests []*test
}

type test struct {
	name    string        // as -test.v prints it: Top/sub/leaf
	base    time.Duration // the baseline run's time
	reached map[int]bool  // the mutants the baseline run reached
}

// top is the top-level test a leaf belongs to.
func (t *test) top() string { top, _, _ := strings.Cut(t.name, "/"); return top }

// schemaRun is the state of a run through schemata: the mutants in a
// schema, the ones left to builds of their own, and the units with their
// baselines.
type schemaRun struct {
	wd      string
	tmp     string
	overlay string
	stages  map[*target][][]*unit // per target, per stage
	in      map[int]bool          // mutant numbers in the schema
}

// prepare writes the schemata of the chosen mutants, builds every test
// binary the targets name once, and runs each unit once with no mutant on
// to learn which mutants its tests reach. It returns the mutants a schema
// could not hold (judged by a build of their own).
func prepare(ctx context.Context, log io.Writer, wd, tmp string, todo []job, jobs int) (*schemaRun, error) {
	sr := &schemaRun{wd: wd, tmp: tmp, overlay: filepath.Join(tmp, "schema.json"), stages: map[*target][][]*unit{}, in: map[int]bool{}}
	byDir := map[string][]mutation.Numbered{}
	var dirs []string
	for _, j := range todo {
		d := filepath.ToSlash(filepath.Dir(j.m.File))
		if byDir[d] == nil {
			dirs = append(dirs, d)
		}
		byDir[d] = append(byDir[d], j.m)
	}
	sort.Strings(dirs)
	patterns := make([]string, len(dirs))
	for i, d := range dirs {
		patterns[i] = "./" + d
	}
	t0 := time.Now()
	pkgs, err := mutation.LoadPackages(wd, patterns)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "type-checked %d packages in %s\n", len(pkgs), time.Since(t0).Round(time.Millisecond))
	// Write the schemata; the compiler may refuse a switch where Go wants
	// a constant (an array length, a typed constant's value): those
	// mutants leave the schema and it is written again.
	left := map[int]bool{}
	for round := 0; ; round++ {
		spans, err := sr.write(pkgs, byDir, left, len(todo))
		if err != nil {
			return nil, err
		}
		msg, ok := build(ctx, wd, sr.overlay, patterns)
		if ok {
			break
		}
		moved := 0
		for _, at := range compileErrors(wd, filepath.Join(tmp, "schema"), msg) {
			// The innermost switch at the error moves out; when the
			// error was its outer switch's, the next round finds that.
			var in *landed
			for i, s := range spans[at.file] {
				off := offsetIn(s.text, at.line, at.col)
				if off >= s.Start && off < s.End && (in == nil || s.End-s.Start < in.End-in.Start) {
					in = &spans[at.file][i]
				}
			}
			if in == nil {
				continue
			}
			for _, m := range in.Mutants {
				if !left[m.Num] {
					left[m.Num] = true
					moved++
				}
			}
		}
		if moved == 0 || round == 100 {
			return nil, fmt.Errorf("the schemata do not compile, and the errors name no switch:\n%s", msg)
		}
	}
	for _, j := range todo {
		if !left[j.m.Num] {
			sr.in[j.m.Num] = true
		}
	}
	fmt.Fprintf(log, "schemata: %d mutants, %d left to builds of their own\n", len(sr.in), len(left))

	// The units every target's stages name, each binary built once.
	units := map[string]*unit{}
	bins := map[string]string{}
	seen := map[*target]bool{}
	var order []*unit
	for _, j := range todo {
		t := j.t
		if seen[t] {
			continue
		}
		seen[t] = true
		for _, stage := range t.stages {
			pats, flags := splitStage(stage)
			list, err := testPackages(ctx, wd, pats)
			if err != nil {
				return nil, err
			}
			var us []*unit
			for _, p := range list {
				key := p.path + " " + strings.Join(flags, " ")
				u := units[key]
				if u == nil {
					bin := bins[p.path]
					if bin == "" {
						bin = filepath.Join(tmp, "bin", strings.ReplaceAll(p.path, "/", "_")+".test")
						bins[p.path] = bin
					}
					u = &unit{pkg: p.path, dir: p.dir, bin: bin, flags: flags, key: key}
					units[key] = u
					order = append(order, u)
				}
				us = append(us, u)
			}
			sr.stages[t] = append(sr.stages[t], us)
		}
	}
	t0 = time.Now()
	var paths []string
	for p := range bins {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if err := parallel(ctx, jobs, len(paths), func(i int) error {
		p := paths[i]
		cmd := exec.CommandContext(ctx, "go", "test", "-c", "-o", bins[p], "-overlay", sr.overlay, p)
		cmd.Dir = wd
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("build the tests of %s with the schemata: %v\n%s", p, err, out)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "built %d test binaries in %s\n", len(paths), time.Since(t0).Round(time.Second))

	// The baseline: each leaf test alone, no mutant on, tracing what it
	// reaches. A leaf that fails alone (it needs a sibling's work) is run
	// with its whole top-level test instead.
	t0 = time.Now()
	if err := parallel(ctx, jobs, len(order), func(i int) error {
		names, err := order[i].leaves(ctx)
		for _, n := range names {
			order[i].tests = append(order[i].tests, &test{name: n})
		}
		return err
	}); err != nil {
		return nil, err
	}
	type one struct {
		u *unit
		t *test
	}
	baseline := func(all []one) (failed []one, err error) {
		var mu sync.Mutex
		err = parallel(ctx, jobs, len(all), func(i int) error {
			u, t := all[i].u, all[i].t
			trace := filepath.Join(tmp, fmt.Sprintf("trace-%p", t))
			start := time.Now()
			_, err := u.run(ctx, 0, trace, []*test{t}, 30*time.Minute)
			t.base = time.Since(start)
			if err != nil {
				mu.Lock()
				failed = append(failed, all[i])
				mu.Unlock()
				return nil
			}
			t.reached = map[int]bool{}
			data, err := os.ReadFile(trace)
			if err != nil && !os.IsNotExist(err) {
				return err
			}
			for _, f := range strings.Fields(string(data)) {
				n, _ := strconv.Atoi(f)
				t.reached[n] = true
			}
			return nil
		})
		return failed, err
	}
	var all []one
	for _, u := range order {
		for _, t := range u.tests {
			all = append(all, one{u, t})
		}
	}
	failed, err := baseline(all)
	if err != nil {
		return nil, err
	}
	var again []one
	tops := map[*unit]map[string]bool{}
	for _, f := range failed {
		if f.t.top() == f.t.name {
			return nil, fmt.Errorf("%s %s: %s fails with no mutant on", f.u.pkg, strings.Join(f.u.flags, " "), f.t.name)
		}
		if tops[f.u] == nil {
			tops[f.u] = map[string]bool{}
		}
		tops[f.u][f.t.top()] = true
	}
	for u, ts := range tops {
		keep := u.tests[:0]
		for _, t := range u.tests {
			if !ts[t.top()] {
				keep = append(keep, t)
			}
		}
		u.tests = keep
		for top := range ts {
			t := &test{name: top}
			u.tests = append(u.tests, t)
			again = append(again, one{u, t})
		}
	}
	if failed, err = baseline(again); err != nil {
		return nil, err
	} else if len(failed) > 0 {
		f := failed[0]
		return nil, fmt.Errorf("%s %s: %s fails with no mutant on", f.u.pkg, strings.Join(f.u.flags, " "), f.t.name)
	}
	all = append(all, again...)
	fmt.Fprintf(log, "ran %d tests of %d units with no mutant on in %s:\n", len(all), len(order), time.Since(t0).Round(time.Second))
	for _, u := range order {
		var took time.Duration
		reached := map[int]bool{}
		for _, t := range u.tests {
			took += t.base
			for n := range t.reached {
				reached[n] = true
			}
		}
		fmt.Fprintf(log, "  %6.1fs %4d tests %4d reached  %s %s\n", took.Seconds(), len(u.tests), len(reached), u.pkg, strings.Join(u.flags, " "))
	}
	return sr, nil
}

// write writes the schemata (every file with a chosen mutant not in left)
// and the overlay that puts them in place, and returns where each switch
// landed, per file.
func (sr *schemaRun) write(pkgs map[string]*mutation.Package, byDir map[string][]mutation.Numbered, left map[int]bool, n int) (map[string][]landed, error) {
	replace := map[string]string{}
	spans := map[string][]landed{}
	for dir, ms := range byDir {
		p := pkgs[dir]
		if p == nil {
			return nil, fmt.Errorf("%s: not a package the go command loads", dir)
		}
		byFile := map[string][]mutation.Numbered{}
		for _, m := range ms {
			if !left[m.Num] {
				byFile[m.File] = append(byFile[m.File], m)
			}
		}
		for file, ms := range byFile {
			src, err := os.ReadFile(filepath.Join(sr.wd, file))
			if err != nil {
				return nil, err
			}
			out, ss, gone := mutation.Schema(file, src, ms, p.Type)
			for _, m := range gone {
				left[m.Num] = true
			}
			name := filepath.Join(sr.tmp, "schema", file)
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(name, out, 0o644); err != nil {
				return nil, err
			}
			replace[filepath.Join(sr.wd, file)] = name
			for _, s := range ss {
				spans[file] = append(spans[file], landed{Span: s, text: out})
			}
		}
		sw := filepath.Join(sr.tmp, "schema", dir, "zz_ctxconform_mutant.go")
		if err := os.MkdirAll(filepath.Dir(sw), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(sw, mutation.Switch(p.Name, n), 0o644); err != nil {
			return nil, err
		}
		replace[filepath.Join(p.Dir, "zz_ctxconform_mutant.go")] = sw
	}
	data, err := json.Marshal(map[string]map[string]string{"Replace": replace})
	if err != nil {
		return nil, err
	}
	return spans, os.WriteFile(sr.overlay, data, 0o644)
}

type landed struct {
	mutation.Span
	text []byte
}

// build compiles the packages with the overlay, every error reported.
func build(ctx context.Context, wd, overlay string, patterns []string) (string, bool) {
	args := append([]string{"build", "-gcflags=-e", "-overlay", overlay}, patterns...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = wd
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

type compileError struct {
	file      string // relative to wd, with slashes
	line, col int
}

var errLine = regexp.MustCompile(`(?m)^(\S+\.go):(\d+):(\d+): `)

// compileErrors reads the compiler's positions in the schemata, which it
// names by the original file or by the schema's copy in dir.
func compileErrors(wd, dir, msg string) []compileError {
	var out []compileError
	for _, m := range errLine.FindAllStringSubmatch(msg, -1) {
		f := m[1]
		if !filepath.IsAbs(f) {
			f = filepath.Join(wd, f)
		}
		base := wd
		if strings.HasPrefix(f, dir+string(filepath.Separator)) {
			base = dir
		}
		rel, err := filepath.Rel(base, f)
		if err != nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		out = append(out, compileError{file: filepath.ToSlash(rel), line: line, col: col})
	}
	return out
}

// offsetIn finds line and column (1-based, bytes) in text.
func offsetIn(text []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	return off + col - 1
}

// judgeSchema runs the tests of the mutant's target that reached it in
// the baseline, the cheapest first (one run per top-level test), until
// one fails. A test that never reached the mutant runs as it did in the
// baseline and cannot kill it. (The stages' order in targets.txt matters
// only to a build per mutant, where each stage costs a compile.)
func (sr *schemaRun) judgeSchema(ctx context.Context, m mutation.Numbered, t *target, limit time.Duration) result {
	start := time.Now()
	type pick struct {
		u    *unit
		ts   []*test // leaves of one top-level test
		base time.Duration
	}
	var picks []*pick
	for _, stage := range sr.stages[t] {
		for _, u := range stage {
			byTop := map[string]*pick{}
			for _, x := range u.tests {
				if !x.reached[m.Num] {
					continue
				}
				p := byTop[x.top()]
				if p == nil {
					p = &pick{u: u}
					byTop[x.top()] = p
					picks = append(picks, p)
				}
				p.ts = append(p.ts, x)
				p.base += x.base
			}
		}
	}
	if len(picks) == 0 {
		return result{m: m.Mutant, v: survived, by: notReached, elapsed: time.Since(start)}
	}
	sort.SliceStable(picks, func(i, j int) bool { return picks[i].base < picks[j].base })
	for _, p := range picks {
		// Five times the baseline, and at least 10 s: a loaded machine
		// slows the tests, and a mutant that loops is killed by the
		// time limit.
		timeout := min(max(5*p.base, 10*time.Second), limit)
		out, err := p.u.run(ctx, m.Num, "", p.ts, timeout)
		if ctx.Err() != nil {
			return result{m: m.Mutant}
		}
		if err != nil {
			by := p.u.pkg + " " + names(p.ts)
			if timedOut(err, out) {
				by += " (timed out)"
			}
			return result{m: m.Mutant, v: killed, by: by, elapsed: time.Since(start)}
		}
	}
	return result{m: m.Mutant, v: survived, elapsed: time.Since(start)}
}

func names(ts []*test) string {
	var n []string
	for _, t := range ts {
		n = append(n, t.name)
	}
	if len(n) > 3 {
		n = append(n[:3], fmt.Sprintf("and %d more", len(n)-3))
	}
	return strings.Join(n, ", ")
}

// notReached is a survivor's note when no test of its target reaches the
// mutated code at all.
const notReached = "no test of its target reaches it"

func timedOut(err error, out []byte) bool {
	return err == context.DeadlineExceeded || bytes.Contains(out, []byte("panic: test timed out"))
}

// run runs the leaf tests ts (of one top-level test) of the unit's binary
// with mutant n on (0: none), tracing to trace when it is not "". The
// leaves replace the unit's own -test.run, which chose them.
func (u *unit) run(ctx context.Context, n int, trace string, ts []*test, timeout time.Duration) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout+30*time.Second)
	defer cancel()
	args := []string{"-test.short", "-test.failfast", "-test.timeout=" + timeout.String(), "-test.run=" + runPattern(ts)}
	for _, f := range u.flags {
		if !strings.HasPrefix(f, "-test.run=") {
			args = append(args, f)
		}
	}
	cmd := exec.CommandContext(ctx, u.bin, args...)
	cmd.Dir = u.dir
	cmd.Env = append(os.Environ(), "CTXCONFORM_ADAPTERS=reference", mutation.EnvMutant+"="+strconv.Itoa(n), mutation.EnvTrace+"="+trace)
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() == context.DeadlineExceeded {
		return out, context.DeadlineExceeded
	}
	return out, err
}

// runPattern is the -test.run pattern for the leaves, level by level: each
// level an alternation of the leaves' names there, anchored.
func runPattern(ts []*test) string {
	var levels [][]string
	seen := map[[2]string]bool{}
	for _, t := range ts {
		for d, part := range strings.Split(t.name, "/") {
			if d == len(levels) {
				levels = append(levels, nil)
			}
			if k := [2]string{strconv.Itoa(d), part}; !seen[k] {
				seen[k] = true
				levels[d] = append(levels[d], regexp.QuoteMeta(part))
			}
		}
	}
	var out []string
	for _, l := range levels {
		out = append(out, "^("+strings.Join(l, "|")+")$")
	}
	return strings.Join(out, "/")
}

// leaves runs the unit once with -test.v and returns its leaf tests: the
// tests and subtests it ran that have no subtests of their own.
func (u *unit) leaves(ctx context.Context) ([]string, error) {
	args := append([]string{"-test.short", "-test.v"}, u.flags...)
	cmd := exec.CommandContext(ctx, u.bin, args...)
	cmd.Dir = u.dir
	cmd.Env = append(os.Environ(), "CTXCONFORM_ADAPTERS=reference", mutation.EnvMutant+"=0")
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%s %s fails with no mutant on: %v\n%s", u.pkg, strings.Join(u.flags, " "), err, tail(out))
	}
	var ran []string
	for _, line := range strings.Split(string(out), "\n") {
		if name, ok := strings.CutPrefix(line, "=== RUN"); ok {
			ran = append(ran, strings.TrimSpace(name))
		}
	}
	parent := map[string]bool{}
	for _, n := range ran {
		for i := range len(n) {
			if n[i] == '/' {
				parent[n[:i]] = true
			}
		}
	}
	var leaves []string
	seen := map[string]bool{}
	for _, n := range ran {
		if !parent[n] && !seen[n] {
			seen[n] = true
			leaves = append(leaves, n)
		}
	}
	if len(leaves) == 0 {
		return nil, fmt.Errorf("%s %s runs no test", u.pkg, strings.Join(u.flags, " "))
	}
	return leaves, nil
}

// splitStage parts a stage's go test arguments into package patterns and
// the test binary's flags, which go test would have rewritten: -run X
// becomes -test.run=X.
func splitStage(stage []string) (patterns, flags []string) {
	i := 0
	for i < len(stage) && !strings.HasPrefix(stage[i], "-") {
		patterns = append(patterns, stage[i])
		i++
	}
	for ; i < len(stage); i++ {
		f := stage[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if testFlags[name] {
			if !hasVal && i+1 < len(stage) && name != "v" && name != "short" && name != "failfast" {
				i++
				val, hasVal = stage[i], true
			}
			f = "-test." + name
			if hasVal {
				f += "=" + val
			}
		}
		flags = append(flags, f)
	}
	return patterns, flags
}

var testFlags = map[string]bool{"run": true, "skip": true, "count": true, "v": true, "short": true, "failfast": true, "timeout": true, "parallel": true, "cpu": true}

type testPackage struct{ path, dir string }

// testPackages lists the packages the patterns match that have tests.
func testPackages(ctx context.Context, wd string, patterns []string) ([]testPackage, error) {
	args := append([]string{"list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{len .TestGoFiles}}{{len .XTestGoFiles}}"}, patterns...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = wd
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %w", strings.Join(patterns, " "), err)
	}
	var list []testPackage
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) == 3 && f[2] != "00" {
			list = append(list, testPackage{f[0], f[1]})
		}
	}
	return list, nil
}

// parallel calls f(0..n-1), jobs at a time, and returns the first error.
func parallel(ctx context.Context, jobs, n int, f func(int) error) error {
	var mu sync.Mutex
	var first error
	next := 0
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := first != nil || ctx.Err() != nil
				mu.Unlock()
				if i >= n || stop {
					return
				}
				if err := f(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}

func tail(out []byte) string {
	if len(out) > 4000 {
		out = out[len(out)-4000:]
	}
	return string(out)
}
