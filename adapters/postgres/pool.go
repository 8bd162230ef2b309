package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

var errPoolClosed = errors.New("postgres adapter is closed")

// single runs every query on the lease, one at a time: the adapter's way
// with a server that serves one connection (PGlite's socket server refuses
// a second client, or multiplexes clients onto its one backend, where their
// statements and transactions would interleave). Operations wait their
// turn (within their context). An operation's queries are not cancelled
// with its caller: cancelling a query ends the connection (the cancel
// request would need a second connection, which such a server refuses),
// and while the server still works on the query it refuses the next
// client too, so one timed-out operation would break every later one. The
// queries run to their end, within Config.QueryTimeout, and their outcome
// is the operation's (what was loaded is recorded as loaded). A connection lost all the same is replaced, with
// the session settings and the schema's lock taken again, retrying until
// the operation's deadline.
type single struct {
	a      *Adapter
	cc     *pgx.ConnConfig
	reason string
	turn   chan struct{}
	closed bool
}

func newSingle(a *Adapter, cc *pgx.ConnConfig, reason string) *single {
	s := &single{a: a, cc: cc, reason: reason, turn: make(chan struct{}, 1)}
	s.turn <- struct{}{}
	return s
}

func (s *single) with(ctx context.Context, f func(context.Context, *pgx.Conn) error) error {
	select {
	case <-s.turn:
	case <-ctx.Done():
		return fmt.Errorf("wait for the connection: %w", ctx.Err())
	}
	defer func() { s.turn <- struct{}{} }()
	if s.closed {
		return errPoolClosed
	}
	if s.a.lease.IsClosed() {
		if err := s.reconnect(ctx); err != nil {
			return err
		}
	}
	qctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.a.cfg.QueryTimeout)
	defer cancel()
	err := f(qctx, s.a.lease)
	// Leave the connection idle for the next operation: a transaction left
	// open (a failed operation) is rolled back; a connection that cannot be
	// brought back is closed, and replaced on the next turn.
	c := s.a.lease
	if !c.IsClosed() && (c.PgConn().IsBusy() || c.PgConn().TxStatus() != 'I') {
		rctx, cancel := context.WithTimeout(context.Background(), s.a.cfg.ConnectTimeout)
		if c.PgConn().IsBusy() {
			_ = c.Close(rctx)
		} else if _, rerr := c.Exec(rctx, "ROLLBACK"); rerr != nil {
			_ = c.Close(rctx)
		}
		cancel()
	}
	return err
}

func (s *single) reconnect(ctx context.Context) error {
	var c *pgx.Conn
	var err error
	for {
		cctx, cancel := context.WithTimeout(ctx, s.a.cfg.ConnectTimeout)
		c, err = s.a.connect(cctx, s.cc, s.a.searchPath, true)
		cancel()
		if err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("connect again: %w (%w)", err, ErrNoDatabase)
		case <-time.After(250 * time.Millisecond):
		}
	}
	if _, err := c.Exec(ctx, `SELECT pg_advisory_lock(hashtextextended($1, 105))`, s.a.schema); err != nil {
		c.Close(context.Background())
		return fmt.Errorf("lock schema %s again: %w", s.a.schema, err)
	}
	s.a.lease = c
	return nil
}

// close marks the adapter closed after Close's last query: later
// operations fail with errPoolClosed. The lease itself is Close's.
func (s *single) close() {
	<-s.turn
	s.closed = true
	s.turn <- struct{}{}
}
