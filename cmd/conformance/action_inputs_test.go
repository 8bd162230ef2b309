package main

import (
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// flagEnvPrefix names the run step's variables that the script turns into
// flags of conformance run: CTXCONFORM_FLAG_FAIL_ON is --fail-on.
const flagEnvPrefix = "CTXCONFORM_FLAG_"

// actionWrites are the flags of conformance run the action sets itself
// (reports at paths it gives as outputs), so no input offers them.
var actionWrites = []string{"json", "junit", "markdown"}

// actionDefaults are the inputs whose default differs from the flag's, on
// purpose: the action checks the program of its input command.
var actionDefaults = map[string]string{"adapter": "exec"}

// runFlags are the names of conformance run's flags, read from the
// command's own flag set (its -h), so that a flag added there is seen here.
func runFlags(t *testing.T) []string {
	t.Helper()
	code, stdout, stderr := runCmd("run", "-h")
	if code != exitOK {
		t.Fatalf("conformance run -h: exit %d\n%s", code, stderr)
	}
	usage := stdout + stderr // -h's usage, wherever the command prints it
	var names []string
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`).FindAllStringSubmatch(usage, -1) {
		names = append(names, m[1])
	}
	if len(names) < 10 {
		t.Fatalf("conformance run -h lists %d flags; its format changed?\n%s", len(names), usage)
	}
	return names
}

// TestActionInputsAreRunFlags keeps action.yml and conformance run's flags
// in one place: the flag set. The action's run step turns every variable
// CTXCONFORM_FLAG_<NAME> into --<name>=<value> without a list of its own;
// this test checks that
//
//   - each such variable is ${{ inputs.<name> }} of an input named as the
//     flag, and names a flag of conformance run;
//   - every flag but those the action writes itself has such an input;
//   - an input's default, given as the flag, changes nothing of what
//     conformance run reads from its flags (the same configuration as
//     leaving the flag out), but for the deliberate actionDefaults;
//   - an input reaches the steps only as ${{ inputs.<name> }}, the whole
//     value of an env variable (or of the with: of setup-go): no run:
//     script holds an expression at all;
//   - go-version's default is go.mod's go line.
func TestActionInputsAreRunFlags(t *testing.T) {
	a := readAction(t)
	flags := runFlags(t)
	offered, used := map[string]bool{}, map[string]bool{}
	for _, s := range a.Runs.Steps {
		for _, v := range s.With {
			for _, m := range expression.FindAllStringSubmatch(v, -1) {
				used[strings.TrimPrefix(m[1], "inputs.")] = true
			}
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("action.yml: step %q: its run: script holds an expression: inputs reach the scripts as env variables only", s.Name)
		}
		for k, v := range s.Env {
			m := expression.FindAllStringSubmatch(v, -1)
			if len(m) != 1 || m[0][0] != v {
				t.Errorf("action.yml: step %q env %s: %q is not one expression", s.Name, k, v)
				continue
			}
			name, isInput := strings.CutPrefix(m[0][1], "inputs.")
			used[name] = isInput
			flagVar, isFlag := strings.CutPrefix(k, flagEnvPrefix)
			switch {
			case isFlag && !isInput:
				t.Errorf("action.yml: %s is %s, want ${{ inputs.%s }}", k, v, flagOfEnv(flagVar))
			case isFlag && name != flagOfEnv(flagVar):
				t.Errorf("action.yml: %s is %s: it would pass the input %s as --%s", k, v, name, flagOfEnv(flagVar))
			case isFlag && !slices.Contains(flags, name):
				t.Errorf("action.yml: input %s: conformance run has no flag --%s (conformance run -h lists its flags)", name, name)
			case isFlag:
				offered[name] = true
			case isInput && slices.Contains(flags, name):
				t.Errorf("action.yml: input %s is named as a flag of conformance run but reaches the steps as %s: name its variable %s%s", name, k, flagEnvPrefix, envName(name))
			}
		}
	}
	for name := range a.Inputs {
		if !used[name] {
			t.Errorf("action.yml: input %s reaches no step", name)
		}
	}
	for _, f := range flags {
		if !offered[f] && !slices.Contains(actionWrites, f) {
			t.Errorf("action.yml: conformance run's flag --%s has no input: add an input %s, and %s%s: ${{ inputs.%s }} to the env of the run step", f, f, flagEnvPrefix, envName(f), f)
		}
	}
	for _, f := range actionWrites {
		if offered[f] {
			t.Errorf("action.yml: input %s: the action writes --%s itself (an output)", f, f)
		}
	}

	base, err := parseRun([]string{}, io.Discard)
	if err != nil {
		t.Fatalf("conformance run without flags: %v", err)
	}
	for name := range offered {
		def := a.Inputs[name].Default
		if want, ok := actionDefaults[name]; ok {
			if def != want {
				t.Errorf("action.yml: input %s: default %q, want %q", name, def, want)
			}
			continue
		}
		if def == "" {
			continue // not passed: conformance run's own default
		}
		cfg, err := parseRun([]string{"--" + name + "=" + def}, io.Discard)
		if err != nil {
			t.Errorf("action.yml: input %s: default %q: conformance run refuses it: %v", name, def, err)
		} else if !reflect.DeepEqual(cfg, base) {
			t.Errorf("action.yml: input %s: default %q is not the default of conformance run --%s (leave it empty, or write the flag's)", name, def, name)
		}
	}

	for _, s := range a.Runs.Steps {
		if strings.HasPrefix(s.Uses, "actions/setup-go@") && s.With["go-version"] != "${{ inputs.go-version }}" {
			t.Errorf("action.yml: setup-go's go-version is %q, want ${{ inputs.go-version }}", s.With["go-version"])
		}
	}
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goLine := ""
	if m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(gomod); m != nil {
		goLine = string(m[1])
	}
	if a.Inputs["go-version"].Default != goLine {
		t.Errorf("action.yml: input go-version defaults to %q, go.mod's go line says %q", a.Inputs["go-version"].Default, goLine)
	}
}

// flagOfEnv is the flag of a variable's name after CTXCONFORM_FLAG_:
// FAIL_ON is fail-on, as the run step's script reads it.
func flagOfEnv(v string) string { return strings.ToLower(strings.ReplaceAll(v, "_", "-")) }

// envName is the inverse of flagOfEnv.
func envName(flag string) string { return strings.ToUpper(strings.ReplaceAll(flag, "-", "_")) }
