// Package reports renders conformance runs for people and machines: the
// terminal table, and (as later formats land) Markdown, JSON and JUnit XML.
// Generated report files (scaling charts, sample runs) live beside it in
// this folder.
package reports
