// Package history keeps a performance history, one benchmark run per
// commit, and finds where each benchmark changed, by how much, and whether
// the change is real; a gate then fails on the newest change of a series
// when it is a regression nobody has acknowledged.
//
// `conformance compare OLD NEW` answers "is this run slower than that
// one". Tracking a benchmark over months of commits on a noisy CI machine
// asks something else, and the usual alarm, "this run is over 110% of the
// previous one", floods a noisy series with false alarms and never sees a
// slow creep (the accuracy grid, Accuracy, measures both side by side).
//
// # History
//
// A run is a results file in the Go benchmark format whose configuration
// names its commit and date (RFC 3339), as conformance bench --record or
// conformance history import writes it (Stamp), with the machine (cpu,
// cores), the Go version and the implementation under test in its other
// configuration lines. A Store keeps runs: Dir, a directory of plain files
// named DATE-COMMIT.txt that benchstat reads as they are, or Postgres, the
// same files as rows of one table. A History orders the runs by date and
// cuts them into series, one per benchmark × unit; a series' point for a
// run is the median of that run's samples.
//
// Input is read with suspicion: a benchmark line that cannot be read (a
// truncated file), a NaN or infinite sample, or a negative one in a unit
// that cannot be negative (format.CheckValues) is an error naming the file
// and line, or with ReadOptions.SkipBad a warning; a file without commit or
// date, two runs of one commit, or a series too short to split are named
// with their files, never a panic.
//
// # Change points: E-divisive means
//
// The detector is E-divisive with means, from D. S. Matteson and N. A.
// James, "A Nonparametric Approach for Multiple Change Point Analysis of
// Multivariate Data", Journal of the American Statistical Association
// 109(505):334–345, 2014 (the R package ecp), as MongoDB uses it for its
// performance CI (D. Daly et al., "The Use of Change Point Detection to
// Identify Software Performance Regressions in a Continuous Integration
// System", ICPE 2020) and Hunter/Apache Otava for Cassandra's (M. Fleming
// et al., ICPE 2023). For a split of a segment x1..xn into a left part of
// τ runs and a right part of m = n − τ, with α = 1,
//
//	Q(τ) = τm/n · ( 2/(τm) Σ|xi − yj| − 2/(τ(τ−1)) Σ|xi − xk| − 2/(m(m−1)) Σ|yj − yk| )
//
// an energy distance: large when the two parts differ in distribution,
// whatever their shape, and robust to heavy tails and outliers because it
// uses distances rather than squares. The best split of a segment is the τ
// that maximizes Q, with at least MinSegment runs on either side. A
// permutation test decides whether it is real: the segment is shuffled
// Permutations times (default 999) and the split kept when the share of
// shuffles whose best Q reaches the observed one, (k+1)/(R+1), is at most
// PValue (default 0.002, see DefaultPValue); the test stops early once that share can no
// longer be reached. A kept split divides its segment and both halves are
// searched again, until no segment has a significant split (each segment
// is tested on its own, rather than the
// best candidate of all segments at once as in the paper). Finally, change
// points whose segments' medians differ by less than MinChange (default
// 1%) are dropped, smallest first; they may be real but are not worth a
// report.
//
// Computing Q for every τ from its definition costs O(n²) per split and
// O(n³) per segment. The sweep here moves one value at a time from the
// right part to the left, and updates the within-part sums with the
// value's distance to each part, read in O(log n) from a Fenwick tree of
// the left part's counts and sums by rank (the right part is everything
// else): O(n log n) for all splits of a segment and for each permutation.
// BenchmarkAnalyse runs 500 series × 1,000 runs.
//
// # Verdicts and the gate
//
// Each change point has its commit (the first run of the new level), the
// medians of the segments before and after, the relative change, the
// p-value, and a verdict from the unit's direction (Better): a regression
// when the unit got worse, an improvement when better, "changed" for units
// that describe the workload. Analysis.Gate looks at the newest change
// point of every series only: a regression there fails unless an
// acknowledgement (ReadAcks: COMMIT BENCHMARK REASON lines) covers it; an
// improvement never fails, and a regression followed by a recovery has
// been superseded.
//
// # Reports
//
// Report renders a terminal table and Markdown (tablewriter), JSON
// (format ctxconform-history/1) and a self-contained HTML page with an
// inline SVG chart per series: points, segment means, change points, and
// commit and values on hover. The HTML is tested in headless Chromium.
package history
