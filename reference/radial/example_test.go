package radial_test

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

func Example() {
	docs := []inflate.Document{{
		ID:   "notes",
		Body: "Radial inflation cuts windows around atoms. Windows that overlap merge into one.",
	}}
	idx, err := radial.Ingest(docs)
	if err != nil {
		fmt.Println(err)
		return
	}
	// "windows" at 22 and 44 ("around" is 30-35, "atoms." 37-42). r=10 gives
	// [12,32) and [34,54), apart; r=11 gives [11,33) and [33,55), which touch
	// and merge.
	atoms := idx.Lookup("windows")
	for _, r := range []int{10, 11} {
		ws, err := radial.Windows(docs, atoms, r)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, w := range ws {
			fmt.Printf("r=%d [%d,%d) %d atoms %q\n", r, w.Start, w.End, len(w.Atoms), w.Text)
		}
	}
	// Output:
	// r=10 [12,32) 1 atoms "tion cuts windows ar"
	// r=10 [34,54) 1 atoms "nd atoms. Windows th"
	// r=11 [11,55) 2 atoms "ation cuts windows around atoms. Windows tha"
}

func ExampleSplit() {
	shares, err := radial.Split(10000, []radial.Term{
		{Label: "elastic", Direct: 4, Related: 5},
		{Label: "radius", Direct: 2}, // no related atoms: its 30% stays with its direct atoms
		{Label: "zzz"},               // no atoms: its share goes to the others
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range shares.Terms {
		fmt.Printf("%s: %d direct × %d, %d related × %d\n", s.Term, s.Direct, s.PerDirect, s.Related, s.PerRelated)
	}
	fmt.Println("unused:", shares.Unused)
	// Output:
	// elastic: 4 direct × 875, 5 related × 300
	// radius: 2 direct × 2500, 0 related × 0
	// zzz: 0 direct × 0, 0 related × 0
	// unused: 0
}
