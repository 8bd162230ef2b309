// Package postgres is an implementation of std105 (fuzzy search, elastic
// census and hydration) and std085 (context inflation with dynamic density)
// on a real PostgreSQL (15 or later) with pg_trgm, or on PGlite, so that the
// suite that validates the in-process reference also validates a
// database-backed engine.
//
// Open connects (pgx v5), checks the server (UTF8 encoding; LC_CTYPE C/POSIX
// or a UTF-8 locale, read from pg_database.datctype, since SHOW lc_ctype is
// gone from PostgreSQL 16 on, and mirrored as a trgm.Locale; the libc locale
// provider), runs CREATE EXTENSION IF NOT EXISTS pg_trgm, picks how many
// connections to use (below), and creates a schema of its own,
// ctxconform_<random>, with
// the tables compounds (compound_body) and atom_positions (an index on
// atom_label and a GIN gin_trgm_ops index). Close drops the schema, so runs
// never collide with each other or with user data. Every failure names what
// is wrong: an unreachable server, a missing pg_trgm, an unsupported locale.
//
// While it lives, an adapter holds a session advisory lock on its schema's
// name (on a connection of its own). Open drops every schema named
// ctxconform_ plus 12 hex digits whose lock is free: the schemas of runs
// that were killed before Close. Nothing else is ever dropped.
//
// Requests carry their data (entries, documents). The adapter loads each
// distinct set once, in one transaction (all rows or none: INSERT ... SELECT
// FROM unnest of one array per column), keyed by a
// SHA-256 digest of the content in canonical order, so the same data in
// another order is not loaded again; the least recently used sets are
// evicted beyond 512 sets or 512 MiB.
//
//   - Search (std105 §3) is one SQL statement over atom_positions: exact
//     lower(atom_label) = lower($2), prefix atom_label ILIKE $3 with $3 the
//     term with \, % and _ escaped plus %, trigram atom_label % $2 at
//     pg_trgm.similarity_threshold set for the transaction (set_config), all
//     values bind parameters. Trigrams asks show_trgm, lower, similarity,
//     word_similarity and strict_word_similarity of the server in two
//     batched queries.
//   - Census (std105 §2.3 phase 1) is a query on atom_positions; Radius is
//     the clamp formula in SQL.
//   - Inflate (std085 §2–3) and Hydrate (std105 §2.3 phases 2–3) compute
//     plans and window offsets with the reference's logic and read every
//     window's text from the database.
//
// # Decisions
//
//   - substr counts characters, the contract counts bytes of UTF-8. The
//     adapter converts each byte offset to a character offset with the
//     request's document (one pass per document) and reads with
//     substr(compound_body, from, count) on text, never substring(... from
//     ... for ...) (std085-protocol §4 rule 2). Before reading it checks
//     length() and octet_length() of each stored body against the document
//     (rule 1), and it checks that every piece read has the expected length
//     in bytes. A bytea copy read with byte offsets was the alternative; it
//     would double the storage and leave compound_body unused.
//   - No single substr reads more than Config.ChunkBytes (default and
//     maximum 1 MiB, MaxSafeSize) bytes: longer windows are read in pieces
//     cut on character boundaries and joined (rule 3). Bodies are stored
//     EXTERNAL (uncompressed, out of line), so a substr detoasts only the
//     slice it reads.
//   - Terms, labels and bodies with a NUL byte or invalid UTF-8 are refused
//     before any SQL runs, with an error saying that PostgreSQL text cannot
//     hold them. Search checks its request itself (the reference's rules:
//     empty or over-long term, threshold outside [0, 1], negative limit);
//     Inflate, Census and Hydrate run the reference's validation first, so
//     their errors for other bad input are the reference's.
//   - Threshold 0 matches every label (similarity >= 0). The SQL then uses
//     TRUE instead of %, because a GIN index scan for % returns only rows
//     sharing a trigram with the term, so % at 0 would answer differently
//     with and without the index.
//   - Terms over 1024 bytes are refused, as the reference refuses them.
//   - Ties are broken as the reference breaks them: labels and IDs compared
//     as bytes (COLLATE "C"), prefix matches by octet_length.
//   - The census lower-cases terms with Go's strings.ToLower, as the
//     reference lower-cases labels (radial.Ingest), and compares with = in
//     SQL: PostgreSQL's lower() differs from it for a few characters.
//   - Tables are UNLOGGED and sessions use synchronous_commit off: they hold
//     scratch copies of request data. If rows disappear (crash recovery
//     empties unlogged tables), the adapter notices (the dataset row is
//     checked in the same round trip as each query) and loads them again.
//   - Connections: a pgxpool of up to Config.Conns (default 4) beside the
//     lock's connection; a connection left in a transaction or closed by a
//     cancelled query is discarded. At Open the adapter opens a second
//     connection as a probe: if the server refuses it, or it lands on the
//     same backend as the first (pg_backend_pid is equal: one PostgreSQL
//     session serves every client, as PGlite's socket server does), every
//     query runs on the lock's connection, one at a time, and Info's
//     version says "one connection" (Connections, SingleReason). A capability
//     check, not a test of the server's name.
//   - Session settings (application_name, statement_timeout,
//     synchronous_commit, search_path) are sent with SET after connecting,
//     not as startup parameters, which a server may ignore (PGlite's socket
//     server does).
//   - Rows are loaded with INSERT ... SELECT FROM unnest($1::bigint[], ...)
//     in statements of at most 10,000 rows or 32 MiB, not COPY FROM STDIN:
//     PGlite's socket server loses protocol synchronization on COPY's
//     sub-protocol and hangs, so a probe for COPY would take it down; one
//     way of loading serves every server.
//   - Timeouts: Config.ConnectTimeout (default 5 s) per connection,
//     Config.QueryTimeout (default 60 s) per operation, also sent as the
//     session's statement_timeout.
//   - The databases mirrored are those reference/trgm mirrors: UTF8 with a
//     C/POSIX or glibc UTF-8 LC_CTYPE (Unicode 14 data, glibc 2.35–2.36) and
//     the libc provider. An ICU or builtin default locale is refused at Open.
//
// # PGlite
//
// PGlite (npm @electric-sql/pglite 0.5.14: PostgreSQL 18.6 compiled to
// wasm32 with Emscripten, pg_trgm from its contrib) is served over the wire
// protocol by @electric-sql/pglite-socket; pglite/ pins both and serves one
// (`make pglite`). The adapter runs on it unchanged, and what differs from
// PostgreSQL 15 is PGlite's (measured in reports/upstream/pglite.md):
//
//   - One connection. PGlite is one backend; the socket server accepts one
//     client (a second is sent "Too many connections" and closed), so the
//     adapter runs its operations one at a time. Session state (SET
//     values, advisory locks) outlives a client: the next client of the
//     same server finds it, which is why the adapter sets every setting
//     itself. statement_timeout is accepted but never fires.
//   - Locale. LC_CTYPE is C.UTF-8 (datctype), so the adapter declares the
//     UTF8 locale; but the character classes and case mapping are those of
//     Emscripten's C library, not glibc's: on U+0080–U+10FFFF, 6,159 code
//     points glibc 2.36 counts as letters or digits are not word
//     characters for PGlite's pg_trgm (letters of Unicode 13 and 14, such
//     as U+0870–U+0887, and CJK extensions), 4,662 unassigned code points
//     are, and lower() differs on 69 (the circled letters U+24B6–U+24CF are
//     not lower-cased). FUZ-12 and FUZ-13 fail on PGlite for that reason
//     alone: pg_trgm on ASCII and on the common scripts agrees with 15.
//   - Speed. The whole suite runs about 1.4 times as long as on PostgreSQL
//     15 on the same machine; PGlite starts in 20 to 50 seconds (its initdb
//     runs in WebAssembly).
//   - COPY FROM STDIN through the socket server is not supported (above).
package postgres
