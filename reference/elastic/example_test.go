package elastic_test

import (
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// A rare term gets a wide radius, a common one a narrow radius, within the
// same budget. The essay is 40 × "Rare words stand out. " (22 bytes, 0-879),
// "Limerence is rare. " (880-898), then 40 × "The end is near. " (17 bytes,
// "The" at 899, 916, ...; 1579 bytes in all).
//
// "limerence": 1 hit, radius floor(4000/1/2) = 2000, window [0, 1579).
// "the": 40 hits, floor(4000/40/2) = 50 → radius 200; floor(4000/400) = 10
// atoms are sure to fit, but the 40 windows at 200 merge into [699, 1579),
// 880 bytes, so all 40 are kept. The radius is then recomputed for them: it
// grows until the window reaches the start of the essay, at 899, and
// covers the whole of it.
func Example() {
	docs := []inflate.Document{{
		ID: "essay",
		Body: strings.Repeat("Rare words stand out. ", 40) + "Limerence is rare. " +
			strings.Repeat("The end is near. ", 40),
	}}
	idx, err := radial.Ingest(docs)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, term := range []string{"limerence", "the"} {
		atoms, err := elastic.Census(idx, []string{term}, nil) // phase 1
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := elastic.Hydrate(docs, atoms, 4000) // phases 2 and 3
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %d hits, radius %d, kept %d, dropped %d\n", term, res.Hits, res.Radius, len(res.Kept), len(res.Dropped))
		for _, w := range res.Windows {
			fmt.Printf("  %s [%d,%d) cost %d\n", w.CompoundID, w.Start, w.End, w.Cost)
		}
	}
	// Output:
	// limerence: 1 hits, radius 2000, kept 1, dropped 0
	//   essay [0,1579) cost 1579
	// the: 40 hits, radius 899, kept 40, dropped 0
	//   essay [0,1579) cost 1579
}

func ExampleRadiusFromTokens() {
	// std085-protocol §5.2: 4 chars per token, 10 results expected.
	for _, tokens := range []int{2000, 10000, 20000} {
		r, err := elastic.RadiusFromTokens(tokens, 4, 10)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d tokens → %d bytes\n", tokens, r)
	}
	// Output:
	// 2000 tokens → 400 bytes
	// 10000 tokens → 2000 bytes
	// 20000 tokens → 4000 bytes
}
