package expand

import (
	"fmt"
	"sort"
	"unicode/utf8"
)

// Edge is one observed usage: the tool From was used, then the tool To.
type Edge struct {
	From, To string
}

// Graph is a simple directed usage graph: nodes are tool IDs, an edge A→B
// says "A was used, then B". It holds at most one edge per ordered pair and
// no self-loops, so its edge count never exceeds n·(n-1), the denominator of
// Density. The zero value is not usable; call NewGraph.
type Graph struct {
	out   map[string]map[string]struct{}
	in    map[string]map[string]struct{}
	edges int
}

// NewGraph returns an empty graph.
func NewGraph() *Graph {
	return &Graph{
		out: make(map[string]map[string]struct{}),
		in:  make(map[string]map[string]struct{}),
	}
}

// FromEdges builds a graph holding the given nodes and edges (an edge's
// endpoints become nodes as well). It is AddNode and AddEdge in a loop.
func FromEdges(nodes []string, edges []Edge) (*Graph, error) {
	g := NewGraph()
	for _, id := range nodes {
		if err := g.AddNode(id); err != nil {
			return nil, err
		}
	}
	for _, e := range edges {
		if err := g.AddEdge(e.From, e.To); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func checkID(id string) error {
	if id == "" {
		return fmt.Errorf("empty tool ID")
	}
	if !utf8.ValidString(id) {
		return fmt.Errorf("tool ID %q is not valid UTF-8", id)
	}
	return nil
}

// AddNode adds the tool id; adding a node twice is a no-op. An empty ID or
// one that is not valid UTF-8 is an error.
func (g *Graph) AddNode(id string) error {
	if err := checkID(id); err != nil {
		return err
	}
	g.addNode(id)
	return nil
}

func (g *Graph) addNode(id string) {
	if _, ok := g.out[id]; !ok {
		g.out[id] = make(map[string]struct{})
		g.in[id] = make(map[string]struct{})
	}
}

// AddEdge records that from was used, then to. Both endpoints become nodes;
// a bad ID in either is an error and changes nothing.
// A repeated edge is stored once (the graph is simple), and a self-loop
// (from == to) adds the node but no edge: it is not one of the n·(n-1)
// possible edges that Density divides by.
func (g *Graph) AddEdge(from, to string) error {
	// Check both ends first, so a bad edge leaves the graph unchanged.
	for _, id := range []string{from, to} {
		if err := checkID(id); err != nil {
			return fmt.Errorf("edge %q→%q: %w", from, to, err)
		}
	}
	g.addNode(from)
	g.addNode(to)
	if from == to {
		return nil
	}
	if _, ok := g.out[from][to]; ok {
		return nil
	}
	g.out[from][to] = struct{}{}
	g.in[to][from] = struct{}{}
	g.edges++
	return nil
}

// Order is the number of nodes.
func (g *Graph) Order() int {
	if g == nil {
		return 0
	}
	return len(g.out)
}

// Size is the number of distinct edges, self-loops excluded.
func (g *Graph) Size() int {
	if g == nil {
		return 0
	}
	return g.edges
}

// HasNode reports whether id is a node.
func (g *Graph) HasNode(id string) bool {
	if g == nil {
		return false
	}
	_, ok := g.out[id]
	return ok
}

// HasEdge reports whether the edge from→to is present.
func (g *Graph) HasEdge(from, to string) bool {
	if g == nil {
		return false
	}
	_, ok := g.out[from][to]
	return ok
}

// Nodes returns the node IDs in ascending byte order.
func (g *Graph) Nodes() []string {
	if g == nil {
		return nil
	}
	ids := make([]string, 0, len(g.out))
	for id := range g.out {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Edges returns the edges ordered by From, then To.
func (g *Graph) Edges() []Edge {
	if g == nil {
		return nil
	}
	es := make([]Edge, 0, g.edges)
	for _, from := range g.Nodes() {
		for _, to := range sortedKeys(g.out[from]) {
			es = append(es, Edge{from, to})
		}
	}
	return es
}

// Neighbors returns the nodes joined to id by an edge in either direction
// (its successors and predecessors, each once), in ascending byte order.
// The hybrid search walks this undirected view: a tool used just before a
// hit is as much a co-usage signal as one used just after it.
func (g *Graph) Neighbors(id string) []string {
	if g == nil {
		return nil
	}
	set := make(map[string]struct{}, len(g.out[id])+len(g.in[id]))
	for v := range g.out[id] {
		set[v] = struct{}{}
	}
	for v := range g.in[id] {
		set[v] = struct{}{}
	}
	return sortedKeys(set)
}

func sortedKeys(m map[string]struct{}) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
