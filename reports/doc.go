// Package reports renders conformance runs for people and machines: the
// terminal table and matrix, Markdown, JSON and JUnit XML, the verdict lines
// printed as a run goes (Progress), expectations files, the merge of
// the JSON reports of several CI jobs into one (Merge), the diff of two
// reports (DiffReports, for "what got worse since the last build"), and the
// matrix page of several implementations with their badges (MatrixHTML,
// Badges).
// Generated report files (scaling charts, sample runs) live beside it in
// this folder.
package reports
