package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/splitter"
	"github.com/sobjects/sobjects/storage/backup"
)

// DefaultShutdownGrace is NodeOptions.ShutdownGrace when it is 0: one minute.
const DefaultShutdownGrace = time.Minute

// ErrNodeClosed is returned by Node.Serve once Close has begun.
var ErrNodeClosed = errors.New("server: node closed")

// NodeOptions configure a Node. The zero value of each field means its default.
type NodeOptions struct {
	// Engine configures the node's engine (host.New). Leave Engine.Backup nil: the
	// node opens its backup store from Backup and sets it, so that it owns its close.
	Engine host.Options
	// Backup, when not nil, configures the backup store (backup.NewStore) that the
	// node opens before the engine; its Bucket is required. nil means no backups. In
	// backup.ModeDurable opening it waits for the bucket until OpenNode's ctx ends.
	Backup *backup.Options
	// Splitter configures the node's splitter (splitter.New).
	Splitter splitter.Options
	// ShutdownGrace bounds each step of Close that waits: draining the calls in
	// flight, closing the engine, and uploading the last changes to the bucket. 0
	// means DefaultShutdownGrace; negative is refused by OpenNode.
	ShutdownGrace time.Duration
}

// Node is one sobjects process's serving parts: a backup store (optional), the
// engine, the splitter and, once Serve is called, the HTTP server. It owns their
// order: OpenNode opens the store, then the engine over it, then the splitter; Close
// drains the server, stops the splitter, closes the engine, and closes the store last,
// so that the store uploads what the engine's last closes read (host.Options.Backup).
// Classes are deployed through Engine between OpenNode and Serve. A Node is safe for
// concurrent use.
type Node struct {
	store *backup.Store // nil without backups
	e     *host.Engine
	sp    *splitter.Splitter
	grace time.Duration
	log   *slog.Logger

	mu     sync.Mutex
	srv    *Server // set by Serve
	closed bool
	done   chan struct{} // closed when Close has finished
	err    error         // Close's result
}

// OpenNode opens the parts of a node in order: the backup store when opts.Backup is
// set, the engine, and the splitter. When a step fails it closes what it opened, in
// Close's order, and returns that step's error (from backup.NewStore, host.New or
// splitter.New). It returns an error, opening nothing, when opts.Engine.Backup is set
// or opts.ShutdownGrace is negative. ctx bounds the start (waiting for the bucket,
// restoring classes from it); the parts outlive it.
func OpenNode(ctx context.Context, opts NodeOptions) (*Node, error) {
	if opts.Engine.Backup != nil {
		return nil, errors.New("server: NodeOptions.Engine.Backup is set: set NodeOptions.Backup instead, so that the node closes the store after the engine")
	}
	if opts.ShutdownGrace < 0 {
		return nil, errors.New("server: NodeOptions.ShutdownGrace is negative")
	}
	n := &Node{grace: opts.ShutdownGrace, log: opts.Engine.Logger, done: make(chan struct{})}
	if n.grace == 0 {
		n.grace = DefaultShutdownGrace
	}
	if n.log == nil {
		n.log = slog.Default()
	}
	fail := func(err error) (*Node, error) {
		n.Close(context.Background())
		return nil, err
	}
	if opts.Backup != nil {
		store, err := backup.NewStore(ctx, *opts.Backup)
		if err != nil {
			return fail(err)
		}
		n.store = store
		opts.Engine.Backup = store
	}
	e, err := host.New(ctx, opts.Engine)
	if err != nil {
		return fail(err)
	}
	n.e = e
	if n.sp, err = splitter.New(e, opts.Splitter); err != nil {
		return fail(err)
	}
	return n, nil
}

// Engine returns the node's engine.
func (n *Node) Engine() *host.Engine { return n.e }

// Splitter returns the node's splitter.
func (n *Node) Splitter() *splitter.Splitter { return n.sp }

// Backup returns the node's backup store, or nil when it has none.
func (n *Node) Backup() *backup.Store { return n.store }

// Serve serves the HTTP API (New with opts, whose Splitter is the node's) on l until
// Close, and returns nil after Close drained it, or the error that stopped it
// (Server.Serve). Close is still needed after an error, to close the rest. It returns
// ErrNodeClosed, closing l, once Close has begun, and an error when opts.Splitter is
// set or the node already serves.
func (n *Node) Serve(l net.Listener, opts Options) error {
	if opts.Splitter != nil {
		l.Close()
		return errors.New("server: Node.Serve: Options.Splitter is set; the node serves its own")
	}
	opts.Splitter = n.sp
	n.mu.Lock()
	switch {
	case n.closed:
		n.mu.Unlock()
		l.Close()
		return ErrNodeClosed
	case n.srv != nil:
		n.mu.Unlock()
		l.Close()
		return errors.New("server: Node.Serve: the node already serves")
	}
	n.srv = New(n.e, opts)
	srv := n.srv
	n.mu.Unlock()
	return srv.Serve(l)
}

// Close stops the node in order: it drains the server (new calls get 503; it waits
// for the calls in flight), stops the splitter's background work, closes the engine
// (waiting for its calls, then closing every object), and closes the backup store last,
// which uploads the changes those closes read. Each waiting step is bounded by
// NodeOptions.ShutdownGrace, and all of them by ctx. Each step runs even when one
// before it fails; Close logs each failure and returns them joined. A second Close
// waits for the first and returns its result.
func (n *Node) Close(ctx context.Context) error {
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		<-n.done
		return n.err
	}
	n.closed = true
	srv := n.srv
	n.mu.Unlock()
	defer close(n.done)

	var errs []error
	step := func(f func(ctx context.Context) error) error {
		sctx, cancel := context.WithTimeout(ctx, n.grace)
		defer cancel()
		return f(sctx)
	}
	if srv != nil {
		if err := step(srv.Shutdown); err != nil {
			if !errors.Is(err, context.Canceled) {
				n.log.Error("shutdown", "err", err)
			}
			errs = append(errs, err)
		}
	}
	if n.sp != nil {
		n.sp.Close()
	}
	if n.e != nil {
		if err := step(n.e.Close); err != nil {
			n.log.Error("close", "err", err)
			errs = append(errs, err)
		}
	}
	if n.store != nil {
		// The engine's last closes read the objects' last changes: upload them.
		if err := step(n.store.Close); err != nil {
			n.log.Error("backup", "err", err)
			errs = append(errs, err)
		}
	}
	n.err = errors.Join(errs...)
	return n.err
}
