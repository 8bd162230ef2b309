package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
)

// The GitHub Action at the repository's root (action.yml) is a composite
// action whose steps are bash scripts. These tests run those scripts the way
// a runner does (bash --noprofile --norc -eo pipefail, with GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY, RUNNER_TEMP, GITHUB_ACTION_PATH and each step's env
// with its expressions filled in), against a program that passes and one
// that fails, and with inputs that would run commands if a script ever
// evaluated one.

const actionFile = "../../action.yml"

// actionSpec is what the tests read of action.yml.
type actionSpec struct {
	Inputs  map[string]actionInput `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionInput struct {
	Description string `yaml:"description"`
	Default     string `yaml:"default"`
}

type actionStep struct {
	ID    string            `yaml:"id"`
	Name  string            `yaml:"name"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	Shell string            `yaml:"shell"`
	Run   string            `yaml:"run"`
	Env   map[string]string `yaml:"env"`
	With  map[string]string `yaml:"with"`
}

func readAction(t *testing.T) actionSpec {
	t.Helper()
	b, err := os.ReadFile(actionFile)
	if err != nil {
		t.Fatal(err)
	}
	var a actionSpec
	if err := yaml.Unmarshal(b, &a); err != nil {
		t.Fatalf("%s: %v", actionFile, err)
	}
	if a.Runs.Using != "composite" {
		t.Fatalf("%s: runs.using is %q, want composite", actionFile, a.Runs.Using)
	}
	return a
}

// expression is a ${{ … }} of a workflow.
var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// actionRun is what one use of the action left: the exit status of its
// last step run, the step summaries, the action's outputs and the log.
type actionRun struct {
	code    int
	summary string
	outputs map[string]string
	log     string
}

// runAction runs the action's steps with inputs (the rest at their
// defaults) in the workspace dir, as a runner would, and stops at the first
// step that fails. The setup-go step is passed over: Go is the test's own.
func runAction(t *testing.T, a actionSpec, inputs map[string]string, workspace string) actionRun {
	t.Helper()
	for name := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("the test gives input %q, which action.yml does not declare", name)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	temp := t.TempDir()
	steps := map[string]map[string]string{} // step id → its outputs
	resolve := func(where, s string) string {
		return expression.ReplaceAllStringFunc(s, func(m string) string {
			e := expression.FindStringSubmatch(m)[1]
			if name, ok := strings.CutPrefix(e, "inputs."); ok {
				in, declared := a.Inputs[name]
				if !declared {
					t.Fatalf("action.yml: %s: %s names no input", where, m)
				}
				if v, given := inputs[name]; given {
					return v
				}
				return in.Default
			}
			if f := strings.Split(e, "."); len(f) == 4 && f[0] == "steps" && f[2] == "outputs" {
				return steps[f[1]][f[3]]
			}
			t.Fatalf("action.yml: %s: %s: this test's runner knows only inputs.* and steps.*.outputs.*", where, m)
			return ""
		})
	}
	run := actionRun{outputs: map[string]string{}}
	var log strings.Builder
	for _, s := range a.Runs.Steps {
		if s.Uses != "" {
			if !strings.HasPrefix(s.Uses, "actions/setup-go@") {
				t.Fatalf("action.yml: step %q uses %s: this test's runner knows only actions/setup-go", s.Name, s.Uses)
			}
			continue
		}
		if s.If != "" || s.Shell != "bash" {
			t.Fatalf("action.yml: step %q: want shell: bash and no if: (this test's runner evaluates no conditions)", s.Name)
		}
		env := map[string]string{"GITHUB_ACTION_PATH": root}
		for k, v := range s.Env {
			env[k] = resolve("step "+s.Name+" env "+k, v)
		}
		r := runStep(t, s, env, workspace, temp)
		fmt.Fprintf(&log, "--- step %q\n%s", s.Name, r.log)
		run.code = r.code
		run.summary += r.summary
		steps[s.ID] = r.outputs
		if run.code != 0 {
			break
		}
	}
	for name, o := range a.Outputs {
		run.outputs[name] = resolve("output "+name, o.Value)
	}
	run.log = log.String()
	return run
}

// runStep runs the script of step s as a runner does (bash --noprofile
// --norc -eo pipefail, in the workspace, with GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY, RUNNER_TEMP and GITHUB_WORKSPACE set, and env): the
// exit status, the log, the summary and the outputs it wrote.
func runStep(t *testing.T, s actionStep, env map[string]string, workspace, temp string) actionRun {
	t.Helper()
	dir, err := os.MkdirTemp(temp, "step-")
	if err != nil {
		t.Fatal(err)
	}
	output, summary, script := filepath.Join(dir, "output"), filepath.Join(dir, "summary"), filepath.Join(dir, "script.sh")
	vars := []string{"GITHUB_WORKSPACE=" + workspace, "RUNNER_TEMP=" + temp, "GITHUB_OUTPUT=" + output, "GITHUB_STEP_SUMMARY=" + summary}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GITHUB_") && !strings.HasPrefix(kv, "INPUT_") && !strings.HasPrefix(kv, flagEnvPrefix) {
			vars = append(vars, kv)
		}
	}
	for k, v := range env {
		vars = append(vars, k+"="+v)
	}
	if err := os.WriteFile(script, []byte(s.Run), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir, cmd.Env = workspace, vars
	out, err := cmd.CombinedOutput()
	r := actionRun{log: string(out)}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("step %q: %v", s.Name, err)
	}
	b, _ := os.ReadFile(summary)
	r.summary = string(b)
	r.outputs = readOutputs(t, output)
	return r
}

var outputName = regexp.MustCompile(`^[a-z][a-z-]*$`)

// readOutputs reads a step's GITHUB_OUTPUT file: name=value lines (the
// action writes no other form; a line of another form fails the test).
func readOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	outputs := map[string]string{}
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return outputs
	} else if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		name, value, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "=")
		if !ok || !outputName.MatchString(name) {
			t.Fatalf("%s: line %q is not name=value", path, line)
		}
		outputs[name] = value
	}
	return outputs
}

// TestAction runs the action on the Python template (which passes its
// standard) and on testdata/faulty/inflate.py cap2501 (which fails INF-07),
// and with inputs built to run commands if the scripts evaluated them: it
// checks the exit status, the step summary, the outputs, and that nothing
// ran; and it runs the steps of docs/ci.md's workflow that diff against
// main's report. The first use builds conformance as the action does on a
// runner; the others take that binary through the input binary.
func TestAction(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found: the action's steps are bash scripts")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not found on PATH: the action's build step runs go build")
	}
	python := testprog.Python(t)
	a := readAction(t)
	template, _ := filepath.Abs("../../adapters/process/templates/python/impl.py")
	faulty, _ := filepath.Abs("../../testdata/faulty/inflate.py")
	workspace := t.TempDir()
	known := filepath.Join(workspace, "known-failures.json")
	impl, err := os.ReadFile(template)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(workspace, "engine"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(workspace, "engine", "impl.py"), impl, 0o644); err != nil {
		t.Fatal(err)
	}
	quick := func(command ...string) map[string]string {
		return map[string]string{"command": strings.Join(command, "\n"), "standard": "inflate", "property-runs": "5"}
	}

	built := runAction(t, a, quick(python, template), workspace)
	if built.code != exitOK {
		t.Fatalf("the template: exit %d, want %d\n%s", built.code, exitOK, built.log)
	}
	checkReports(t, built, "template-python", "")
	if !regexp.MustCompile(`(?m)^::stop-commands::([0-9a-f]{32})\n(?s:.*)^::([0-9a-f]{32})::$`).MatchString(built.log) {
		t.Errorf("the log does not stop workflow commands around the run (::stop-commands::TOKEN … ::TOKEN::):\n%s", built.log)
	}
	bin := built.outputs["binary"]
	if fi, err := os.Stat(bin); err != nil || fi.Mode()&0o111 == 0 {
		t.Fatalf("output binary %q is no executable built by the action: %v", bin, err)
	}

	canary := t.TempDir()
	var hostile []string // each would create a file in canary if evaluated
	for i, form := range []string{"$(touch %s)", "`touch %s`", "'; touch %s; '", "\"; touch %s; \"", "x\ntouch %s", "$(touch %s)\n$(touch %[1]s)"} {
		hostile = append(hostile, fmt.Sprintf(form, filepath.Join(canary, fmt.Sprint(i))))
	}
	// everyFlag sets every input passed as a flag to value (but replay-dir,
	// which must be one line to be an output), and the command to
	// python3 and value's lines.
	everyFlag := func(value string) map[string]string {
		inputs := map[string]string{"command": python + "\n" + value}
		for _, name := range flagInputs(a) {
			if name != "replay-dir" {
				inputs[name] = value
			}
		}
		return inputs
	}
	holding := quick(append([]string{python, template}, hostile...)...)
	holding["run"] = "^INF-0[1-3]$|" + strings.Join(hostile, "|")

	tests := []actionCase{
		{"gate fails, expectations written", with(quick(python, faulty, "cap2501"), "write-expectations", known), exitGate, "INF-07", "", "faulty-inflate-cap2501", "INF-07"},
		{"known failure", with(quick(python, faulty, "cap2501"), "expectations", known), exitOK, "INF-07", "", "faulty-inflate-cap2501", ""},
		{"known failure passes, strict", with(with(quick(python, template), "expectations", known), "strict-expectations", "true"), exitFixed, "", "", "template-python", ""},
		{"usage error", with(quick(python, template), "level", "robustt"), exitUsage, "exited 2 before writing a report", "--level", "", ""},
		{"no command", quick(), exitUsage, "exited 2", "needs a command", "", ""},
		{"one line, several words", quick(python + " " + template), exitUsage, "", "one argument per line", "", ""},
		{"hostile values that hold", holding, exitOK, "**3 passed, 0 failed", "", "template-python", ""},
		{"hostile working-directory", with(quick(python, template), "working-directory", hostile[0]), exitUsage, "", "no such directory", "", ""},
		{"working-directory", with(quick(python, "impl.py"), "working-directory", "engine"), exitOK, "template-python", "", "template-python", ""},
		{"no such binary", map[string]string{"binary": filepath.Join(workspace, "conformance")}, exitUsage, "stopped (exit 2) before conformance run", "not an executable file", "", ""},
		{"hostile replay-dir", with(quick(python, template), "replay-dir", hostile[4]), exitUsage, "stopped (exit 2) before conformance run", "a path of one line", "", ""},
		{"hostile binary", map[string]string{"binary": bin + "\njson=/etc/passwd"}, exitUsage, "stopped (exit 2) before conformance run", "a path of one line", "", ""},
	}
	// Each form alone too: a script that evaluated the inputs would choke on
	// the quotes of one form before it ran another.
	for i, h := range append(hostile, strings.Join(hostile, " ")) {
		tests = append(tests, actionCase{fmt.Sprintf("hostile value of every flag %d", i), everyFlag(h), exitUsage, "exited 2", "", "", ""})
	}
	t.Run("docs/ci.md's workflow", func(t *testing.T) {
		testCIWorkflow(t, a, built, quick, []string{python, template}, []string{python, faulty, "cap2501"})
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, given := tt.inputs["binary"]; !given {
				tt.inputs["binary"] = bin
			}
			r := runAction(t, a, tt.inputs, workspace)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d", r.code, tt.code)
			}
			if !strings.Contains(r.summary, tt.summary) {
				t.Errorf("the step summary lacks %q:\n%s", tt.summary, r.summary)
			}
			if !strings.Contains(r.log, tt.log) {
				t.Errorf("the log lacks %q", tt.log)
			}
			if tt.reported != "" {
				checkReports(t, r, tt.reported, tt.failed)
			} else if r.outputs["json"] != "" && fileExists(r.outputs["json"]) {
				t.Errorf("a JSON report was written (%s) where the run should have stopped before", r.outputs["json"])
			}
			if strings.Contains(tt.inputs["binary"], "\n") && r.outputs["json"] != "" {
				t.Errorf("output json is %q: an input's newline reached GITHUB_OUTPUT", r.outputs["json"])
			}
			ran, _ := os.ReadDir(canary)
			for _, f := range ran {
				t.Errorf("an input was run as a command: it created %s", filepath.Join(canary, f.Name()))
				os.Remove(filepath.Join(canary, f.Name()))
			}
			if t.Failed() {
				t.Log(r.log)
			}
		})
	}
}

// ciWorkflow is the step named name of the job "conformance" of the
// workflow in docs/ci.md (its YAML block that begins "name: conformance").
func ciWorkflow(t *testing.T, name string) actionStep {
	t.Helper()
	b, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("(?s)```yaml\n(name: conformance\n.*?)```").FindAllSubmatch(b, -1) {
		var wf struct {
			Jobs map[string]struct {
				Steps []actionStep `yaml:"steps"`
			} `yaml:"jobs"`
		}
		if err := yaml.Unmarshal(m[1], &wf); err != nil {
			t.Fatalf("docs/ci.md: the workflow: %v", err)
		}
		for _, s := range wf.Jobs["conformance"].Steps {
			if s.Name == name {
				return s
			}
		}
	}
	t.Fatalf("docs/ci.md: no workflow \"conformance\" with a step %q", name)
	return actionStep{}
}

// afterAction is the env of a workflow's step s run after the action (step
// id conformance) left outputs.
func afterAction(t *testing.T, s actionStep, outputs map[string]string) map[string]string {
	t.Helper()
	env := map[string]string{}
	for k, v := range s.Env {
		env[k] = expression.ReplaceAllStringFunc(v, func(m string) string {
			name, ok := strings.CutPrefix(expression.FindStringSubmatch(m)[1], "steps.conformance.outputs.")
			if !ok {
				t.Fatalf("docs/ci.md: step %q env %s: %s: this test knows only steps.conformance.outputs.*", s.Name, k, m)
			}
			return outputs[name]
		})
	}
	return env
}

// actionCase is a use of the action and what it must leave.
type actionCase struct {
	name     string
	inputs   map[string]string
	code     int
	summary  string // in the step summary
	log      string // in the log
	reported string // the adapter named in the reports ("": no reports)
	failed   string // the requirement failed in the JUnit report
}

// flagInputs are the inputs the action passes as flags of conformance run:
// those of its CTXCONFORM_FLAG_ variables.
func flagInputs(a actionSpec) []string {
	var names []string
	for _, s := range a.Runs.Steps {
		for k, v := range s.Env {
			if m := expression.FindStringSubmatch(v); m != nil && strings.HasPrefix(k, flagEnvPrefix) {
				names = append(names, strings.TrimPrefix(m[1], "inputs."))
			}
		}
	}
	return names
}

// testCIWorkflow runs the steps of docs/ci.md's workflow that keep the main
// branch's report and diff a pull request's against it: after main, the
// action's run on the template, and then after the action on passing (the
// template again) and on failing (a program that fails INF-07), as pull
// requests. quick is the action's inputs for a command.
func testCIWorkflow(t *testing.T, a actionSpec, main actionRun, quick func(...string) map[string]string, passing, failing []string) {
	keep, diff := ciWorkflow(t, "Keep main's report"), ciWorkflow(t, "Diff against main")
	workspace := t.TempDir()
	first := runStep(t, diff, afterAction(t, diff, main.outputs), workspace, t.TempDir())
	if first.code != exitOK || !strings.Contains(first.summary, "No report of main's") {
		t.Errorf("diff with no report of main's: exit %d, summary %q\n%s", first.code, first.summary, first.log)
	}
	if r := runStep(t, keep, afterAction(t, keep, main.outputs), workspace, t.TempDir()); r.code != exitOK {
		t.Fatalf("keep main's report: exit %d\n%s", r.code, r.log)
	}
	for _, tt := range []struct {
		name    string
		command []string
		code    int
		summary string
	}{
		{"unchanged", passing, exitOK, "no regression"},
		{"new failure", failing, exitGate, "INF-07"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pr := runAction(t, a, with(quick(tt.command...), "binary", main.outputs["binary"]), workspace)
			r := runStep(t, diff, afterAction(t, diff, pr.outputs), workspace, t.TempDir())
			if r.code != tt.code || !strings.Contains(r.summary, tt.summary) {
				t.Errorf("diff against main: exit %d, want %d; summary lacks %q?\n%s\n%s", r.code, tt.code, tt.summary, r.summary, r.log)
			}
		})
	}
}

// with is inputs with name set to value.
func with(inputs map[string]string, name, value string) map[string]string {
	inputs[name] = value
	return inputs
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// checkReports checks the reports a run left at the paths of its outputs:
// a JSON report of the adapter named, a JUnit report (with failed failing
// in it, when given), the summary holding the Markdown report, and the
// exit-code output.
func checkReports(t *testing.T, r actionRun, adapter, failed string) {
	t.Helper()
	b, err := os.ReadFile(r.outputs["json"])
	if err != nil {
		t.Fatalf("output json: %v", err)
	}
	var rep struct {
		Format string `json:"format"`
		Runs   []struct {
			Adapter struct {
				Name string `json:"name"`
			} `json:"adapter"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b, &rep); err != nil || rep.Format != "ctxconform-report/1" || len(rep.Runs) != 1 || rep.Runs[0].Adapter.Name != adapter {
		t.Errorf("output json %s is no report of %s (%v):\n%.300s", r.outputs["json"], adapter, err, b)
	}
	junit, err := os.ReadFile(r.outputs["junit"])
	if err != nil || !strings.Contains(string(junit), "<testsuite") {
		t.Errorf("output junit %s is no JUnit report (%v)", r.outputs["junit"], err)
	}
	if failed != "" && !regexp.MustCompile(`(?s)name="`+failed+`[^"]*".*?<failure`).Match(junit) {
		t.Errorf("the JUnit report has no failure of %s:\n%.2000s", failed, junit)
	}
	md, err := os.ReadFile(r.outputs["markdown"])
	if err != nil || len(md) == 0 || !strings.Contains(r.summary, string(md)) {
		t.Errorf("the step summary does not hold the Markdown report %s (%v)", r.outputs["markdown"], err)
	}
	if fmt.Sprint(r.code) != r.outputs["exit-code"] {
		t.Errorf("output exit-code %q, exit status %d", r.outputs["exit-code"], r.code)
	}
	if failed != "" && !fileExists(filepath.Join(r.outputs["replay-dir"], failed+".json")) {
		t.Errorf("output replay-dir %s holds no replay file of %s", r.outputs["replay-dir"], failed)
	}
}
