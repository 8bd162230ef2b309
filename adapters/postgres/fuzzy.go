package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// searchSQL is std105 §3.2 in SQL, with every value a bind parameter:
// $1 the dataset, $2 the term, $3 the ILIKE pattern (the term with \, % and
// _ escaped, then %), $4 the limit (NULL for none). The trigram tier is the
// % operator at pg_trgm.similarity_threshold, which the transaction sets
// first; at threshold 0 it is every row instead (see trigramAll). The order
// is the reference's: tier; prefix by byte length; trigram by similarity,
// highest first; then label and ID as bytes (COLLATE "C").
const searchSQL = `
SELECT entry_id, atom_label, tier, sim FROM (
	SELECT entry_id, atom_label,
		CASE WHEN lower(atom_label) = lower($2) THEN 1 WHEN atom_label ILIKE $3 THEN 2 ELSE 3 END AS tier,
		similarity(atom_label, $2) AS sim
	FROM atom_positions
	WHERE set_id = $1 AND entry_id IS NOT NULL AND (lower(atom_label) = lower($2) OR atom_label ILIKE $3 OR {{trigram}})
) m
ORDER BY tier,
	CASE WHEN tier = 2 THEN octet_length(atom_label) END,
	CASE WHEN tier = 3 THEN sim END DESC,
	atom_label COLLATE "C", entry_id COLLATE "C"
LIMIT $4`

var (
	searchPercent = strings.Replace(searchSQL, "{{trigram}}", "atom_label % $2", 1)
	// trigramAll is the trigram tier at threshold 0, where similarity >= 0
	// holds for every label. It is not left to %: a GIN index scan returns
	// only rows sharing a trigram with the term, so "atom_label % $2" at 0
	// would answer differently with and without the index.
	searchAll = strings.Replace(searchSQL, "{{trigram}}", "true", 1)
)

// Search runs std105 §3 fuzzy search in SQL over the request's entries
// (loaded once per distinct set of entries).
func (a *Adapter) Search(ctx context.Context, req adapters.SearchRequest) (adapters.SearchAnswer, error) {
	th, err := checkSearch(req)
	if err != nil {
		return adapters.SearchAnswer{}, err
	}
	var ans adapters.SearchAnswer
	err = a.store.retry(func() (int64, error) {
		set, err := a.store.entries(ctx, req.Entries)
		if err != nil {
			return 0, err
		}
		ans, err = a.search(ctx, set, req, th)
		return set, err
	})
	if err != nil {
		return adapters.SearchAnswer{}, fmt.Errorf("search %q: %w", clip.Text(req.Term, 40), err)
	}
	return ans, nil
}

// search runs the search over dataset set in one transaction.
func (a *Adapter) search(ctx context.Context, set int64, req adapters.SearchRequest, th float64) (adapters.SearchAnswer, error) {
	var limit any
	if req.Limit > 0 {
		limit = int64(req.Limit)
	}
	sql := searchPercent
	if th == 0 {
		sql = searchAll
	}
	ans := adapters.SearchAnswer{Locale: a.locale.String(), Matches: []adapters.SearchMatch{}}
	err := a.with(ctx, func(ctx context.Context, c *pgx.Conn) error {
		return pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
			// The threshold of %, for this transaction only (a double
			// written in full precision, as pg_trgm reads it), and a check
			// that the dataset is still there.
			var setting string
			var loaded bool
			err := tx.QueryRow(ctx, `SELECT set_config('pg_trgm.similarity_threshold', $1, true), EXISTS (SELECT 1 FROM datasets WHERE set_id = $2)`,
				strconv.FormatFloat(th, 'g', -1, 64), set).Scan(&setting, &loaded)
			if err != nil {
				return fmt.Errorf("set pg_trgm.similarity_threshold: %w", err)
			}
			if !loaded {
				return errMissing
			}
			rows, err := tx.Query(ctx, sql, set, req.Term, fuzzy.EscapeLike(req.Term)+"%", limit)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var m adapters.SearchMatch
				var tier int
				if err := rows.Scan(&m.ID, &m.Label, &tier, &m.Similarity); err != nil {
					return err
				}
				m.Tier = fuzzy.Tier(tier).String()
				ans.Matches = append(ans.Matches, m)
			}
			return rows.Err()
		})
	})
	return ans, err
}

// checkSearch refuses what std105 §3 and PostgreSQL cannot take, before any
// SQL runs, and returns the threshold to use.
func checkSearch(req adapters.SearchRequest) (float64, error) {
	th := fuzzy.DefaultThreshold
	if req.Threshold != nil {
		th = *req.Threshold
	}
	if err := trgm.CheckThreshold(th); err != nil {
		return 0, fmt.Errorf("search: %w", err)
	}
	if req.Limit < 0 {
		return 0, fmt.Errorf("search: limit %d is negative", req.Limit)
	}
	switch {
	case req.Term == "":
		return 0, errors.New("search: empty term (ILIKE '%' would match every label)")
	case len(req.Term) > fuzzy.MaxTermBytes:
		return 0, fmt.Errorf("search: term of %d bytes is longer than %d", len(req.Term), fuzzy.MaxTermBytes)
	}
	if err := storable("search term", req.Term); err != nil {
		return 0, fmt.Errorf("search: %w", err)
	}
	for i, e := range req.Entries {
		if err := storable(fmt.Sprintf("label of entry %d (ID %q)", i, e.ID), e.Label); err != nil {
			return 0, fmt.Errorf("search: %w", err)
		}
		if err := storable(fmt.Sprintf("ID of entry %d", i), e.ID); err != nil {
			return 0, fmt.Errorf("search: %w", err)
		}
	}
	return th, nil
}

// Trigrams asks the server's pg_trgm: show_trgm and lower of each string,
// similarity, word_similarity and strict_word_similarity of each pair, in
// two queries.
func (a *Adapter) Trigrams(ctx context.Context, req adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	var as, bs []string
	for i, s := range req.Strings {
		if err := storable(fmt.Sprintf("string %d", i), s); err != nil {
			return adapters.TrigramAnswer{}, fmt.Errorf("trigrams: %w", err)
		}
	}
	for i, p := range req.Pairs {
		for j, s := range p {
			if err := storable(fmt.Sprintf("pair %d, string %d", i, j+1), s); err != nil {
				return adapters.TrigramAnswer{}, fmt.Errorf("trigrams: %w", err)
			}
		}
		as, bs = append(as, p[0]), append(bs, p[1])
	}
	ans := adapters.TrigramAnswer{
		Locale:               a.locale.String(),
		Show:                 make([][]string, 0, len(req.Strings)),
		Lower:                make([]string, 0, len(req.Strings)),
		Similarity:           make([]float32, 0, len(req.Pairs)),
		WordSimilarity:       make([]float32, 0, len(req.Pairs)),
		StrictWordSimilarity: make([]float32, 0, len(req.Pairs)),
	}
	err := a.with(ctx, func(ctx context.Context, c *pgx.Conn) error {
		if len(req.Strings) > 0 {
			rows, err := c.Query(ctx, `SELECT show_trgm(s), lower(s) FROM unnest($1::text[]) WITH ORDINALITY AS x(s, i) ORDER BY i`, req.Strings)
			if err != nil {
				return err
			}
			for rows.Next() {
				var show []string
				var lower string
				if err := rows.Scan(&show, &lower); err != nil {
					rows.Close()
					return err
				}
				if show == nil {
					show = []string{}
				}
				ans.Show, ans.Lower = append(ans.Show, show), append(ans.Lower, lower)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
		}
		if len(req.Pairs) > 0 {
			rows, err := c.Query(ctx, `SELECT similarity(a, b), word_similarity(a, b), strict_word_similarity(a, b)
				FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(a, b, i) ORDER BY i`, as, bs)
			if err != nil {
				return err
			}
			for rows.Next() {
				var s, w, sw float32
				if err := rows.Scan(&s, &w, &sw); err != nil {
					rows.Close()
					return err
				}
				ans.Similarity = append(ans.Similarity, s)
				ans.WordSimilarity = append(ans.WordSimilarity, w)
				ans.StrictWordSimilarity = append(ans.StrictWordSimilarity, sw)
			}
			rows.Close()
			return rows.Err()
		}
		return nil
	})
	if err != nil {
		return adapters.TrigramAnswer{}, fmt.Errorf("trigrams: %w", err)
	}
	if len(ans.Show) != len(req.Strings) || len(ans.Similarity) != len(req.Pairs) {
		return adapters.TrigramAnswer{}, fmt.Errorf("trigrams: the server answered %d of %d strings and %d of %d pairs", len(ans.Show), len(req.Strings), len(ans.Similarity), len(req.Pairs))
	}
	return ans, nil
}
