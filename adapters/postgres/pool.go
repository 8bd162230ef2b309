package postgres

import (
	"context"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5"
)

// pool is a small connection pool: at most size connections, opened on
// demand and reused. (pgxpool needs github.com/jackc/puddle/v2, which the
// module does not require; this is the part of it the adapter uses.) A
// connection that is closed or left inside a transaction is discarded on
// release, so a cancelled query never poisons the next one.
type pool struct {
	cfg   *pgx.ConnConfig
	slots chan struct{}  // one token per connection that may be open
	idle  chan *pgx.Conn // open connections not in use

	mu     sync.Mutex
	closed bool
}

var errPoolClosed = errors.New("postgres adapter is closed")

func newPool(cfg *pgx.ConnConfig, size int) *pool {
	return &pool{cfg: cfg, slots: make(chan struct{}, size), idle: make(chan *pgx.Conn, size)}
}

// acquire returns an idle connection or opens one, waiting for a free slot
// until ctx is done.
func (p *pool) acquire(ctx context.Context) (*pgx.Conn, error) {
	if p.isClosed() {
		return nil, errPoolClosed
	}
	select {
	case c := <-p.idle:
		return c, nil
	default:
	}
	select {
	case c := <-p.idle:
		return c, nil
	case p.slots <- struct{}{}:
		c, err := pgx.ConnectConfig(ctx, p.cfg)
		if err != nil {
			<-p.slots
			return nil, err
		}
		return c, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// release gives c back, or closes it if it is unusable or the pool is closed.
func (p *pool) release(c *pgx.Conn) {
	if c.IsClosed() || c.PgConn().TxStatus() != 'I' || p.isClosed() {
		p.discard(c)
		return
	}
	select {
	case p.idle <- c:
	default:
		p.discard(c)
	}
}

func (p *pool) discard(c *pgx.Conn) {
	_ = c.Close(context.Background())
	<-p.slots
}

func (p *pool) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// close closes the idle connections; connections in use are closed when
// released.
func (p *pool) close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	for {
		select {
		case c := <-p.idle:
			p.discard(c)
		default:
			return
		}
	}
}
