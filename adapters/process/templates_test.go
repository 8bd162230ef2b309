package process_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/suite"
)

// TestTemplates: each template of templates/, run through the exec
// adapter, declares its standard and the capabilities documents and bench,
// and passes every MUST and SHOULD requirement of that standard (a skip
// with its reason is allowed; a failure, an error, not implemented or
// inconclusive is not). The templates are what the README offers to copy
// first: they must be correct. CI has python3 and node; elsewhere a
// missing interpreter skips, saying so.
func TestTemplates(t *testing.T) {
	templates := []struct {
		interpreter, file string
		standard          adapters.Standard
	}{
		{"python3", "templates/python/impl.py", adapters.Inflate},
		{"node", "templates/node/impl.js", adapters.Density},
	}
	for _, tt := range templates {
		t.Run(filepath.Base(filepath.Dir(tt.file)), func(t *testing.T) {
			if _, err := exec.LookPath(tt.interpreter); err != nil {
				if os.Getenv("CI") != "" {
					t.Fatalf("%s not found: CI must have it to check %s", tt.interpreter, tt.file)
				}
				t.Skipf("%s not found: %s is checked where it is installed (CI)", tt.interpreter, tt.file)
			}
			ctx := context.Background()
			a, err := process.Exec(ctx, []string{tt.interpreter, tt.file}, process.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			if info := a.Info(); !slices.Contains(info.Standards, tt.standard) {
				t.Errorf("%s declares %v, want %s", tt.file, info.Standards, tt.standard)
			}
			if !a.SelfTimes() {
				t.Errorf("%s does not declare the capability bench", tt.file)
			}
			rep := suite.Run(ctx, a, ctxconform.Requirements(), suite.Options{Level: suite.Should, Standards: []adapters.Standard{tt.standard}})
			passed := 0
			for _, r := range rep.Results {
				switch r.Outcome {
				case suite.Passed:
					passed++
				case suite.Skipped:
					t.Logf("%s %s skipped: %s", r.ID, r.Level, r.Message)
				default:
					t.Errorf("%s %s %s: %s", r.ID, r.Level, r.Outcome, r.Message)
				}
			}
			if passed == 0 {
				t.Errorf("no requirement passed: %s", rep.Summary())
			}
		})
	}
}
