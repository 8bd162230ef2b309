package reports

import (
	"io"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/suite"
)

// Run is one adapter's report with what the harness saw around it. Every
// format of this package renders a list of runs; several runs make a
// matrix.
type Run struct {
	suite.Report
	Label    string   `json:"label,omitempty"`        // how the run is named in reports; default: adapter name and version
	Stderr   string   `json:"stderr,omitempty"`       // what the implementation wrote to standard error (process adapters)
	Restarts int      `json:"restarts,omitempty"`     // times it was started again after a crash or hang
	Remarks  []string `json:"remarks,omitempty"`      // what the harness noticed, e.g. standards it cannot drive
	Check    *Check   `json:"expectations,omitempty"` // the run against the expectations file, if one was given
	// ReplayArgs are the arguments conformance replay takes after a replay
	// file to send it to this run's implementation again (the matrix page
	// shows the command): none for the reference, --adapter postgres, or
	// -- and the program's command line.
	ReplayArgs []string `json:"replay_args,omitempty"`
}

// Name is how the run is labelled: the adapter's name and version.
func (r Run) Name() string {
	if r.Label != "" {
		return r.Label
	}
	if r.Adapter.Version == "" {
		return r.Adapter.Name
	}
	return r.Adapter.Name + " " + r.Adapter.Version
}

// ReportFormat is the "format" of a JSON report.
const ReportFormat = "ctxconform-report/1"

// Document is the JSON report: every run of one invocation.
type Document struct {
	Format string `json:"format"`
	Runs   []Run  `json:"runs"`
}

// JSON writes the runs as one indented JSON document (a Document).
func JSON(w io.Writer, runs []Run) error {
	b, err := jsonenc.Indented(Document{Format: ReportFormat, Runs: nonNil(runs)})
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

func nonNil(runs []Run) []Run {
	if runs == nil {
		return []Run{}
	}
	return runs
}
