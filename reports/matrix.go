package reports

import (
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/ctxconform/ctxconform/suite"
)

// matrixRow is one requirement across the runs.
type matrixRow struct {
	r     suite.Result // the first run's result, for ID, level and title
	cells []string
}

// alignedRow is one requirement across the runs: the first run's result
// (for ID, level and title) and each run's result, nil where the run did
// not select it.
type alignedRow struct {
	r       suite.Result
	results []*suite.Result
}

// align lines up the runs' results by requirement: the requirements of
// every run, in catalogue order, and for each its result in every run.
func align(runs []Run) []alignedRow {
	var rows []alignedRow
	index := map[string]int{}
	var all []suite.Requirement
	for i, run := range runs {
		for j := range run.Results {
			r := &run.Results[j]
			k, ok := index[r.ID]
			if !ok {
				k = len(rows)
				index[r.ID] = k
				rows = append(rows, alignedRow{r: *r, results: make([]*suite.Result, len(runs))})
				all = append(all, suite.Requirement{ID: r.ID, Standard: r.Standard})
			}
			rows[k].results[i] = r
		}
	}
	out := make([]alignedRow, 0, len(rows))
	for _, req := range suite.Sorted(all) {
		out = append(out, rows[index[req.ID]])
	}
	return out
}

// matrix lines up the runs' results by requirement (align), each run's
// verdict as a cell ("—" where the run did not select it).
func matrix(runs []Run, md bool) []matrixRow {
	var out []matrixRow
	for _, a := range align(runs) {
		row := matrixRow{r: a.r, cells: make([]string, len(runs))}
		for i, r := range a.results {
			switch {
			case r == nil:
				row.cells[i] = "—"
			case md:
				row.cells[i] = mdCell(runs[i].Check, *r)
			default:
				row.cells[i] = cell(runs[i].Check, *r)
			}
		}
		out = append(out, row)
	}
	return out
}

// Matrix writes the runs side by side for the terminal: requirements as
// rows, adapters as columns, and a closing line of counts per adapter.
func Matrix(w io.Writer, runs []Run) error {
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
	)
	header := []any{"ID", "Level"}
	for _, run := range runs {
		header = append(header, run.Name())
	}
	t.Header(header...)
	for _, row := range matrix(runs, false) {
		line := []any{row.r.ID, row.r.Level.String()}
		for _, c := range row.cells {
			line = append(line, c)
		}
		if err := t.Append(line...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	for _, run := range runs {
		fmt.Fprintf(w, "%s: %s%s\n", run.Name(), run.Summary(), declaresNote(run.Adapter, "; "))
	}
	return nil
}

// MatrixMarkdown writes the runs side by side as a Markdown table.
func MatrixMarkdown(w io.Writer, runs []Run) error {
	fmt.Fprint(w, "| ID | Level |")
	for _, run := range runs {
		fmt.Fprintf(w, " %s |", mdEscape(run.Name()))
	}
	fmt.Fprintln(w, " Requirement |")
	fmt.Fprint(w, "| --- | --- |")
	for range runs {
		fmt.Fprint(w, " --- |")
	}
	fmt.Fprintln(w, " --- |")
	for _, row := range matrix(runs, true) {
		fmt.Fprintf(w, "| `%s` | %s |", mdCode(row.r.ID), row.r.Level)
		for _, c := range row.cells {
			fmt.Fprintf(w, " %s |", c)
		}
		fmt.Fprintf(w, " %s |\n", mdEscape(row.r.Title))
	}
	fmt.Fprintln(w)
	for _, run := range runs {
		fmt.Fprintf(w, "- %s: %s\n", mdEscape(run.Name()), mdEscape(run.Summary()+declaresNote(run.Adapter, "; ")))
	}
	return nil
}
