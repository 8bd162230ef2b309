package assemble_test

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/assemble"
)

func Example() {
	body := "Intro. The engine stores atoms. Each atom has a byte offset. Unrelated tail."
	docs := []assemble.Document{{ID: "doc", Body: body, Kind: assemble.KindProse}}
	mols := []assemble.Molecule{
		{ID: "m1", Source: "doc", Start: 11, End: 30, Score: 0.9}, // "engine stores atoms"
		{ID: "m2", Source: "doc", Start: 37, End: 46, Score: 0.7}, // "atom has "
	}
	res, err := assemble.Windows(docs, mols, 60, assemble.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range res {
		fmt.Printf("%s [%d,%d) %v %s %.3f\n%q\n", r.Source, r.Start, r.End, r.Molecules, r.Strategy, r.Coherence, r.Window)
	}
	// Output:
	// doc [7,60) [m1 m2] gap_fill 0.986
	// "The engine stores atoms. Each atom has a byte offset."
}
