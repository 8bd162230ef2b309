package adapters

import (
	"context"

	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
)

// Expander is the operation interface of ADR-023, dynamic candidate
// expansion for hybrid (semantic + graph) tool search.
//
// Multiplier is the ADR's calculateExpansionMultiplier on a usage graph.
// Expand is a whole hybrid search: it asks its semantic stage for
// ceil(Limit·multiplier) candidates, re-ranks them with the graph, and
// reports what it asked for, so a check can verify the one thing ADR-023
// governs (the size of the candidate pool) and measure what it is for
// (recall of "hidden gems" on a mature graph).
//
// Neither operation carries offsets, so the contract is the same in every
// unit. Bad input (an empty or invalid UTF-8 tool ID or edge end, a negative
// limit, a query without a word, duplicate tool IDs) is an error.
type Expander interface {
	Multiplier(ctx context.Context, req GraphRequest) (float64, error)
	Expand(ctx context.Context, req ExpandRequest) (ExpandAnswer, error)
}

// Edge is one observed usage: the tool From was used, then the tool To.
// (expand.Edge with JSON tags.)
type Edge struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// GraphRequest is a usage graph as sent: the nodes, and the edges as they
// were observed. Edge ends are nodes too, whether listed or not. Edges may
// repeat and may be self-loops; whether those count towards density is the
// implementation's to say (the reference counts neither).
type GraphRequest struct {
	Nodes []string `json:"nodes"`
	Edges []Edge   `json:"edges"`
}

// ExpandRequest is one hybrid search: the catalogue of tools (in any order),
// the usage graph, the query, and how many results are wanted.
type ExpandRequest struct {
	Tools []hybrid.Tool `json:"tools"`
	Nodes []string      `json:"nodes"`
	Edges []Edge        `json:"edges"`
	Query string        `json:"query"`
	Limit int           `json:"limit"`
}

// Graph is the request's usage graph as a GraphRequest.
func (r ExpandRequest) Graph() GraphRequest {
	return GraphRequest{Nodes: r.Nodes, Edges: r.Edges}
}

// ExpandAnswer is what a search did.
type ExpandAnswer struct {
	// IDs is the final ranking, best first: at most Limit distinct IDs,
	// each one of Candidates.
	IDs []string `json:"ids"`
	// Asked is how many candidates the semantic stage was asked for:
	// ceil(Limit·Multiplier).
	Asked int `json:"asked"`
	// Candidates are the IDs the semantic stage returned (at most Asked),
	// in its order, best first.
	Candidates []string `json:"candidates"`
	// Multiplier is the expansion multiplier used for this graph.
	Multiplier float64 `json:"multiplier"`
}
