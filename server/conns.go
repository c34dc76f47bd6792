package server

import (
	"context"
	"net"
	"sync"
	"sync/atomic"

	"github.com/sobjects/sobjects/storage"
)

// Descriptor budget of the default connection cap (DefaultMaxConnections).
const (
	// ReservedFiles are the file descriptors kept for everything but connections and
	// object databases: the alarm index, class files, the compilation cache, the backup
	// bucket's connections, standard streams, the poller.
	ReservedFiles = 256
	// MinConnections is the least the default connection cap gives, however few
	// descriptors are left.
	MinConnections = 64
	// refusingConns is how many connections over the cap may be in the middle of being
	// refused at once (each read for its first request and answered 429); more are
	// closed as soon as they are accepted.
	refusingConns = 64
)

// DefaultMaxConnections is the connection cap (Options.MaxConnections) of a process
// allowed nofile open file descriptors whose engine keeps up to maxOpenDatabases
// object databases open: what is left of nofile once each database has its
// storage.FilesPerDatabase descriptors and ReservedFiles are set aside, and at least
// MinConnections.
func DefaultMaxConnections(nofile uint64, maxOpenDatabases int) int {
	need := uint64(maxOpenDatabases)*storage.FilesPerDatabase + ReservedFiles + refusingConns
	if nofile <= need || nofile-need < MinConnections {
		return MinConnections
	}
	return int(min(nofile-need, 1<<30))
}

// connListener keeps at most max connections open. A connection accepted over the cap
// is served only to answer its first request with 429 overloaded and Retry-After, then
// closed; while refusingConns such refusals are in progress, further ones are closed at
// once.
type connListener struct {
	net.Listener
	max      int64
	open     atomic.Int64 // connections within the cap, open now
	refusing atomic.Int64 // connections over the cap, being refused
	accepted atomic.Int64 // connections accepted within the cap since Serve began
}

func (l *connListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.open.Add(1) <= l.max {
			l.accepted.Add(1)
			return &trackedConn{Conn: c, count: &l.open}, nil
		}
		l.open.Add(-1)
		if l.refusing.Add(1) <= refusingConns {
			return &trackedConn{Conn: c, count: &l.refusing, over: true}, nil
		}
		l.refusing.Add(-1)
		c.Close()
	}
}

// trackedConn gives back its place in its count when closed.
type trackedConn struct {
	net.Conn
	count *atomic.Int64
	over  bool // accepted over the cap: its request is refused
	once  sync.Once
}

func (c *trackedConn) Close() error {
	c.once.Do(func() { c.count.Add(-1) })
	return c.Conn.Close()
}

// overCapKey marks the context of a connection accepted over the cap.
type overCapKey struct{}

// connContext is http.Server's ConnContext: it marks connections over the cap.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if tc, ok := c.(*trackedConn); ok && tc.over {
		return context.WithValue(ctx, overCapKey{}, true)
	}
	return ctx
}

// overCap reports whether ctx is a request's on a connection over the cap.
func overCap(ctx context.Context) bool {
	over, _ := ctx.Value(overCapKey{}).(bool)
	return over
}
