package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/puddle/v2"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Version is the adapter's version, reported with the server's in Info.
const Version = "0.1.0"

// DefaultDSN is the database ctxconform's development and CI machines have.
const DefaultDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// MaxSafeSize is std085-protocol §4's limit on one fetch: no SELECT reads
// more than this many bytes of a body; longer stretches are read in chunks.
const MaxSafeSize = 1 << 20

// Hint tells a user how to point the adapter at a database.
const Hint = "set CTXCONFORM_PG_DSN (or pass --dsn) to a PostgreSQL 15+ database with pg_trgm available"

// ErrNoDatabase is wrapped by the errors of a connection that could not be
// made (an invalid DSN, an unreachable server); its text is Hint, which
// closes their message, so a caller need not add a hint of its own.
var ErrNoDatabase = errors.New(Hint)

// Config says where the database is and bounds what the adapter may do.
type Config struct {
	DSN            string        // connection string; "" means DefaultDSN
	ConnectTimeout time.Duration // to open a connection; default 5 s
	QueryTimeout   time.Duration // per operation, also the server's statement_timeout; default 60 s
	Conns          int           // most connections held open; default 4
	ChunkBytes     int           // most bytes of a body one substr may read; default MaxSafeSize
	Schema         string        // schema to create (and drop on Close); default ctxconform_<random>
}

func (c Config) withDefaults() Config {
	if c.DSN == "" {
		c.DSN = DefaultDSN
	}
	if c.ConnectTimeout <= 0 {
		c.ConnectTimeout = 5 * time.Second
	}
	if c.QueryTimeout <= 0 {
		c.QueryTimeout = 60 * time.Second
	}
	if c.Conns <= 0 {
		c.Conns = 4
	}
	if c.ChunkBytes <= 0 || c.ChunkBytes > MaxSafeSize {
		c.ChunkBytes = MaxSafeSize
	}
	return c
}

// Adapter runs the search, census and hydration standards in PostgreSQL. It
// owns one schema, created by Open and dropped by Close.
type Adapter struct {
	cfg        Config
	pool       *pgxpool.Pool
	schema     string // unquoted name
	locale     trgm.Locale
	lcCtype    string
	server     string // server_version
	trgmNS     string // schema holding pg_trgm
	store      *store
	lease      *pgx.Conn // holds the advisory lock that marks the schema as in use
	single     *single   // when the server serves one connection: every query on the lease
	searchPath string
	closeErr   error
	once       sync.Once
}

// Open connects to the database cfg names, checks that it can mirror
// pg_trgm (UTF8 encoding, a C or glibc UTF-8 LC_CTYPE with the libc
// provider, pg_trgm installed or installable), and creates the adapter's
// schema with its tables and indexes. Every failure names what is wrong and
// where.
func Open(ctx context.Context, cfg Config) (*Adapter, error) {
	cfg = cfg.withDefaults()
	cc, err := pgx.ParseConfig(cfg.DSN)
	if err != nil {
		return nil, fmt.Errorf("invalid DSN: %w (%w)", err, ErrNoDatabase)
	}
	target := fmt.Sprintf("%s@%s:%d/%s", cc.User, cc.Host, cc.Port, cc.Database)
	if cfg.Schema == "" {
		var b [6]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, fmt.Errorf("schema name: %w", err)
		}
		cfg.Schema = "ctxconform_" + hex.EncodeToString(b[:])
	}
	cc.ConnectTimeout = cfg.ConnectTimeout

	ctx, cancel := context.WithTimeout(ctx, cfg.ConnectTimeout+cfg.QueryTimeout)
	defer cancel()
	a := &Adapter{cfg: cfg, schema: cfg.Schema}
	// The lease (and, on a server of one connection, every query) uses
	// unnamed statements: where clients share one backend (PGlite), the
	// named statements of pgx's cache would outlive their client and
	// collide with the next one's ("prepared statement ... already
	// exists"). The pool's connections, each its own backend, keep the
	// cache.
	leaseCC := cc.Copy()
	leaseCC.DefaultQueryExecMode = pgx.QueryExecModeCacheDescribe
	lease, err := a.connect(ctx, leaseCC, "", true)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL at %s is unreachable: %w (%w)", target, err, ErrNoDatabase)
	}
	a.lease = lease
	ok := false
	defer func() {
		if !ok {
			lease.Close(context.Background())
		}
	}()
	// The lease must outlive idle periods: a server-side idle timeout would
	// end it and free the schema's lock (the setting exists since 14).
	_, _ = lease.Exec(ctx, "SET idle_session_timeout = 0")
	if err := a.inspect(ctx, lease, target); err != nil {
		return nil, err
	}
	if err := a.claim(ctx, lease); err != nil {
		return nil, err
	}
	if err := a.create(ctx, lease); err != nil {
		return nil, err
	}
	// Every connection that runs queries sees the adapter's schema first,
	// then pg_trgm's (for %, similarity, show_trgm and gin_trgm_ops).
	a.searchPath = pgx.Identifier{a.schema}.Sanitize() + ", " + pgx.Identifier{a.trgmNS}.Sanitize()
	if err := a.pick(ctx, cc, leaseCC); err != nil {
		_ = a.drop(ctx, lease)
		return nil, err
	}
	ok = true
	a.store = newStore(a)
	return a, nil
}

// connect opens a connection and sets the adapter's session settings with
// SET, not as startup parameters: a server may ignore those (PGlite's
// socket server does), and a SET that fails says so. With a search path it
// also calls a pg_trgm function, which loads its library and so defines the
// pg_trgm.* settings before a transaction sets one.
//
// With retry, a server that accepts the connection and closes it before
// the startup is done (PGlite's socket server does while its one client's
// connection is still being closed) is tried again, until ctx ends; a
// refused connection or an error the server sends is not.
func (a *Adapter) connect(ctx context.Context, cc *pgx.ConnConfig, searchPath string, retry bool) (*pgx.Conn, error) {
	var c *pgx.Conn
	var err error
	for {
		if c, err = pgx.ConnectConfig(ctx, cc); err == nil || !retry || !closedAtStartup(err) {
			break
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(100 * time.Millisecond):
		}
	}
	if err != nil {
		return nil, err
	}
	if err := a.settle(ctx, c.PgConn(), searchPath); err != nil {
		c.Close(context.Background())
		return nil, err
	}
	return c, nil
}

// closedAtStartup reports whether err is a connection the server closed
// (end of file, reset) rather than refused or answered with an error.
func closedAtStartup(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) || errors.Is(err, syscall.ECONNREFUSED) {
		return false
	}
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET)
}

// settle sends the session settings (and, with a search path, loads
// pg_trgm) on a new connection. The adapter's rows are scratch data
// (unlogged tables, dropped on Close): a commit need not wait for the disk.
func (a *Adapter) settle(ctx context.Context, c *pgconn.PgConn, searchPath string) error {
	sql := fmt.Sprintf("SET application_name = 'ctxconform'; SET statement_timeout = %d; SET synchronous_commit = off",
		a.cfg.QueryTimeout.Milliseconds())
	if searchPath != "" {
		sql += "; SET search_path = " + searchPath + "; SELECT similarity('a', 'a')"
	}
	if _, err := c.Exec(ctx, sql).ReadAll(); err != nil {
		return fmt.Errorf("session settings (%s): %w", sql, err)
	}
	return nil
}

// pick chooses how queries reach the server. It opens a second connection
// beside the lease: if the server refuses it, or it lands on the lease's
// own backend (pg_backend_pid is the same: one PostgreSQL session serves
// every client, as PGlite's socket server does), the adapter runs every
// query on the lease, one at a time (Info says so). Otherwise it keeps a
// pool of up to Config.Conns connections.
func (a *Adapter) pick(ctx context.Context, cc, leaseCC *pgx.ConnConfig) error {
	if err := a.settle(ctx, a.lease.PgConn(), a.searchPath); err != nil {
		return err
	}
	var leasePID, probePID uint32
	if err := a.lease.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&leasePID); err != nil {
		return fmt.Errorf("read the backend of the lease: %w", err)
	}
	probeCtx, cancel := context.WithTimeout(ctx, a.cfg.ConnectTimeout)
	probe, err := a.connect(probeCtx, leaseCC, a.searchPath, false)
	if err == nil {
		err = probe.QueryRow(probeCtx, "SELECT pg_backend_pid()").Scan(&probePID)
		probe.Close(context.Background())
	}
	cancel()
	switch {
	case err != nil:
		a.single = newSingle(a, leaseCC, fmt.Sprintf("a second connection failed: %v", err))
		return nil
	case probePID == leasePID:
		a.single = newSingle(a, leaseCC, fmt.Sprintf("a second connection shares the first one's backend (pid %d)", leasePID))
		return nil
	}
	cc = cc.Copy()
	cc.AfterConnect = func(ctx context.Context, c *pgconn.PgConn) error {
		return a.settle(ctx, c, a.searchPath)
	}
	pc, err := pgxpool.ParseConfig(a.cfg.DSN)
	if err != nil {
		return fmt.Errorf("postgres adapter: bad DSN: %w", err)
	}
	pc.ConnConfig = cc
	pc.MaxConns = int32(max(a.cfg.Conns, 1))
	if a.pool, err = pgxpool.NewWithConfig(ctx, pc); err != nil {
		return fmt.Errorf("postgres adapter: pool: %w", err)
	}
	return nil
}

// inspect reads what the adapter must know about the server and makes sure
// pg_trgm is there.
func (a *Adapter) inspect(ctx context.Context, c *pgx.Conn, target string) error {
	var versionNum int
	var encoding string
	// LC_CTYPE is read from pg_database: SHOW lc_ctype is gone since
	// PostgreSQL 16 (and PGlite, PostgreSQL 18, has no such setting).
	err := c.QueryRow(ctx, `SELECT current_setting('server_version'), current_setting('server_version_num')::int,
		current_setting('server_encoding'), datctype FROM pg_database WHERE datname = current_database()`).Scan(&a.server, &versionNum, &encoding, &a.lcCtype)
	if err != nil {
		return fmt.Errorf("read settings of %s: %w", target, err)
	}
	if encoding != "UTF8" {
		return fmt.Errorf("database %s has encoding %s; pg_trgm is mirrored for UTF8 databases only", target, encoding)
	}
	if a.locale, err = trgm.ParseLocale(a.lcCtype); err != nil {
		return fmt.Errorf("database %s: %w", target, err)
	}
	if versionNum >= 150000 {
		var provider string
		err := c.QueryRow(ctx, `SELECT datlocprovider::text FROM pg_database WHERE datname = current_database()`).Scan(&provider)
		if err != nil {
			return fmt.Errorf("read the locale provider of %s: %w", target, err)
		}
		if provider != "c" {
			name := map[string]string{"i": "ICU", "b": "builtin"}[provider]
			if name == "" {
				name = strconv.Quote(provider)
			}
			return fmt.Errorf("database %s uses the %s locale provider; lower() and pg_trgm are mirrored for the libc provider only", target, name)
		}
	}
	if _, err := c.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS pg_trgm"); err != nil {
		return fmt.Errorf("pg_trgm is not installed in %s and cannot be created (CREATE EXTENSION IF NOT EXISTS pg_trgm: %w); install the contrib package and have a superuser run CREATE EXTENSION pg_trgm (PGlite: pass its pg_trgm contrib to PGlite.create)", target, err)
	}
	err = c.QueryRow(ctx, `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`).Scan(&a.trgmNS)
	if err != nil {
		return fmt.Errorf("find the schema of pg_trgm in %s: %w", target, err)
	}
	return nil
}

// Info describes the adapter: bytes of UTF-8 as the unit, and the server
// and locale it runs on.
func (a *Adapter) Info() adapters.Info {
	return adapters.Info{
		Name:      "postgres",
		Version:   a.version(),
		Language:  "sql",
		Unit:      unit.Bytes,
		Standards: adapters.Provided(a),
	}
}

func (a *Adapter) version() string {
	v := fmt.Sprintf("%s (PostgreSQL %s, lc_ctype %s → %s", Version, a.server, a.lcCtype, a.locale)
	if a.single != nil {
		v += ", one connection"
	}
	return v + ")"
}

// Connections is how many connections the adapter runs queries on at most:
// Config.Conns, or 1 when the server serves one connection at a time
// (SingleReason says why).
func (a *Adapter) Connections() int {
	if a.single != nil {
		return 1
	}
	return max(a.cfg.Conns, 1)
}

// SingleReason says why the adapter runs every query on one connection, or
// is "" when it keeps a pool.
func (a *Adapter) SingleReason() string {
	if a.single == nil {
		return ""
	}
	return a.single.reason
}

// Locale is the pg_trgm locale the database's LC_CTYPE gives (SHOW
// lc_ctype): search answers and trigram answers declare it.
func (a *Adapter) Locale() trgm.Locale { return a.locale }

// Schema is the name of the schema the adapter owns.
func (a *Adapter) Schema() string { return a.schema }

// Close drops the adapter's schema and closes its connections. It may be
// called more than once.
func (a *Adapter) Close() error {
	a.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), a.cfg.ConnectTimeout+a.cfg.QueryTimeout)
		defer cancel()
		err := a.with(ctx, func(ctx context.Context, c *pgx.Conn) error { return a.drop(ctx, c) })
		if err != nil {
			a.closeErr = fmt.Errorf("drop schema %s: %w", a.schema, err)
		}
		if a.pool != nil {
			a.pool.Close()
		}
		if a.single != nil {
			a.single.close()
		}
		_ = a.lease.Close(ctx) // releases the schema's lock
	})
	return a.closeErr
}

func (a *Adapter) drop(ctx context.Context, c *pgx.Conn) error {
	_, err := c.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{a.schema}.Sanitize()+" CASCADE")
	return err
}

// with runs f on a connection, within the query timeout; f's queries use
// the context it is given.
func (a *Adapter) with(ctx context.Context, f func(context.Context, *pgx.Conn) error) error {
	ctx, cancel := context.WithTimeout(ctx, a.cfg.QueryTimeout)
	defer cancel()
	if a.single != nil {
		return a.single.with(ctx, f)
	}
	c, err := a.pool.Acquire(ctx)
	if err != nil {
		if errors.Is(err, puddle.ErrClosedPool) {
			return errPoolClosed
		}
		return fmt.Errorf("connect: %w (%w)", err, ErrNoDatabase)
	}
	// Release destroys a connection left busy or inside a transaction, so a
	// cancelled query never poisons the next one.
	defer c.Release()
	return f(ctx, c.Conn())
}
