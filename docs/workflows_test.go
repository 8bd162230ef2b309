package docs_test

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// actionUses is how a workflow names the action of action.yml.
const actionUses = "ctxconform/ctxconform@"

var (
	yamlBlock  = regexp.MustCompile("(?s)```yaml\n(.*?)```")
	stepOutput = regexp.MustCompile(`steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)`)
)

// TestWorkflows: every YAML block of docs/ci.md and the README parses, and
// each step that uses the action gives only inputs action.yml declares and
// reads only outputs it has (the workflows cannot drift from the action; its
// steps are run by cmd/conformance/action_test.go), and every script of a
// step parses (checkScript).
func TestWorkflows(t *testing.T) {
	var action struct {
		Inputs  map[string]any `yaml:"inputs"`
		Outputs map[string]any `yaml:"outputs"`
	}
	b, err := os.ReadFile("../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &action); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	uses := 0
	for _, page := range []string{"ci.md", "../README.md"} {
		for _, m := range yamlBlock.FindAllStringSubmatch(read(t, page), -1) {
			var doc any
			if err := yaml.Unmarshal([]byte(m[1]), &doc); err != nil {
				t.Errorf("%s: a YAML block does not parse: %v\n%s", page, err, m[1])
				continue
			}
			ids := map[string]bool{}
			walk(doc, func(step map[string]any) {
				checkScript(t, page, step)
				if u, _ := step["uses"].(string); !strings.HasPrefix(u, actionUses) {
					return
				}
				uses++
				if id, ok := step["id"].(string); ok {
					ids[id] = true
				}
				with, _ := step["with"].(map[string]any)
				for name := range with {
					if _, ok := action.Inputs[name]; !ok {
						t.Errorf("%s: a step using the action gives input %s, which action.yml does not declare", page, name)
					}
				}
			})
			for _, o := range stepOutput.FindAllStringSubmatch(m[1], -1) {
				if _, ok := action.Outputs[o[2]]; ids[o[1]] && !ok {
					t.Errorf("%s: %s: action.yml has no output %s", page, o[0], o[2])
				}
			}
		}
	}
	if uses < 3 {
		t.Errorf("docs/ci.md and the README use the action in %d steps, want the README's, the workflow's and the shards'", uses)
	}
}

// checkScript checks the shell of a step (GitHub's run:, GitLab's
// script:): bash parses it, and it holds no expression (${{ … }}), as a
// script must not, lest a value become code.
func checkScript(t *testing.T, page string, step map[string]any) {
	t.Helper()
	var script string
	switch s := step["script"].(type) {
	case []any:
		for _, line := range s {
			script += fmt.Sprint(line) + "\n"
		}
	default:
		script, _ = step["run"].(string)
	}
	if script == "" {
		return
	}
	if strings.Contains(script, "${{") {
		t.Errorf("%s: a script holds an expression; pass the value in env:\n%s", page, script)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		return
	}
	if out, err := exec.Command("bash", "-n", "-c", script).CombinedOutput(); err != nil {
		t.Errorf("%s: bash cannot parse a script: %v\n%s\n%s", page, err, out, script)
	}
}

// walk calls f on every map in the YAML value v.
func walk(v any, f func(map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		f(v)
		for _, x := range v {
			walk(x, f)
		}
	case []any:
		for _, x := range v {
			walk(x, f)
		}
	}
}
