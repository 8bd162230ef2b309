package hybrid

import (
	"fmt"
	"sort"
	"unicode/utf8"
)

// Tool is one searchable tool: its ID (the graph's node name) and a one-line
// description. Its embedding is that of ID + " " + Description.
type Tool struct {
	ID          string `json:"id"`
	Description string `json:"description"`
}

// Scored is one candidate with its scores, all in [0, 1].
type Scored struct {
	ID       string
	Semantic float64 // Cosine of the query and the tool
	Graph    float64 // normalised graph relatedness; 0 when the graph is not used
	Final    float64 // (1-w)·Semantic + w·Graph, w the graph weight in force
}

// Catalogue is an immutable set of tools with their embeddings.
type Catalogue struct {
	tools []Tool // ascending ID
	vecs  []Vector
}

// NewCatalogue embeds tools. An empty ID, a duplicate ID, or an ID or
// description that is not valid UTF-8 is an error; order does not matter.
func NewCatalogue(tools []Tool) (*Catalogue, error) {
	c := &Catalogue{tools: append([]Tool(nil), tools...)}
	sort.Slice(c.tools, func(i, j int) bool { return c.tools[i].ID < c.tools[j].ID })
	c.vecs = make([]Vector, len(c.tools))
	for i, t := range c.tools {
		switch {
		case t.ID == "":
			return nil, fmt.Errorf("catalogue: tool %d has an empty ID", i)
		case !utf8.ValidString(t.ID):
			return nil, fmt.Errorf("catalogue: tool ID %q is not valid UTF-8", t.ID)
		case !utf8.ValidString(t.Description):
			return nil, fmt.Errorf("catalogue: description of %q is not valid UTF-8", t.ID)
		case i > 0 && c.tools[i-1].ID == t.ID:
			return nil, fmt.Errorf("catalogue: duplicate tool ID %q", t.ID)
		}
		c.vecs[i] = Embed(t.ID + " " + t.Description)
	}
	return c, nil
}

// Len is the number of tools.
func (c *Catalogue) Len() int { return len(c.tools) }

// Tools returns the tools in ascending ID order.
func (c *Catalogue) Tools() []Tool { return append([]Tool(nil), c.tools...) }

// Semantic ranks every tool by the cosine of its embedding with the query's,
// highest first, ties by ascending ID (a total order, so input order never
// matters); drops tools scoring below minScore; and returns the first k.
// Dropping before or after cutting at k gives the same list, since the cut
// keeps the highest scores. A query that is not valid UTF-8 or has no word
// (no letter or digit), a negative k and a minScore outside [0, 1] are
// errors.
func (c *Catalogue) Semantic(query string, k int, minScore float64) ([]Scored, error) {
	if !utf8.ValidString(query) {
		return nil, fmt.Errorf("semantic: query %q is not valid UTF-8", query)
	}
	if k < 0 {
		return nil, fmt.Errorf("semantic: negative k %d", k)
	}
	if !(minScore >= 0 && minScore <= 1) {
		return nil, fmt.Errorf("semantic: min score %v outside [0, 1]", minScore)
	}
	q := Embed(query)
	if q.IsZero() {
		return nil, fmt.Errorf("semantic: query %q has no word to embed", query)
	}
	all := make([]Scored, 0, len(c.tools))
	for i, t := range c.tools {
		s := Cosine(&q, &c.vecs[i])
		if s < minScore {
			continue
		}
		all = append(all, Scored{ID: t.ID, Semantic: s, Final: s})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Semantic != all[j].Semantic {
			return all[i].Semantic > all[j].Semantic
		}
		return all[i].ID < all[j].ID
	})
	if k < len(all) {
		all = all[:k]
	}
	return all, nil
}
