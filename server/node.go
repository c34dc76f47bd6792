package server

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"github.com/sobjects/sobjects/cluster"
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
	// Cluster, when not nil, makes the node one of several that share the bucket
	// (docs/cluster.md). It needs Backup in backup.ModeDurable: the bucket is what a
	// node that takes an object over restores it from.
	Cluster *ClusterOptions
}

// ClusterOptions make a node one of several: OpenNode joins the cluster on etcd
// (cluster.Join), claims each object it activates (backup.Options.Claim, with the
// claim's epoch as the bucket's fencing token), lets answers leave only while its lease
// holds (host.Options.Lease), and Serve forwards calls for objects other nodes own to
// them (Peering) and serves theirs on PeerListener.
type ClusterOptions struct {
	// Etcd are the client URLs of the etcd members. Required.
	Etcd []string
	// Node is the node's name, the URL of its PeerListener as other nodes reach it, and
	// the lease's TTL (cluster.Config).
	Node cluster.Config
	// Secret authenticates forwards between nodes: at least MinSecretBytes, the same on
	// every node.
	Secret []byte
	// PeerListener is where the node serves the forwards of others (Server.ServePeers);
	// Node.Serve serves it and Close closes it. Required.
	PeerListener net.Listener
	// TLS, when set, is mutual TLS between the nodes (Peering.TLS; PeerTLSConfig); the
	// peer URL (Node.Peer) is then https://.
	TLS *tls.Config
}

// Node is one sobjects process's serving parts: a backup store (optional), the
// engine, the splitter and, once Serve is called, the HTTP server. It owns their
// order: OpenNode opens the store, then the engine over it, then the splitter; Close
// drains the server, stops the splitter, closes the engine, and closes the store last,
// so that the store uploads what the engine's last closes read (host.Options.Backup).
// Classes are deployed through Engine between OpenNode and Serve. A Node is safe for
// concurrent use.
type Node struct {
	store *backup.Store    // nil without backups
	cl    *cluster.Node    // with NodeOptions.Cluster
	etcd  *clientv3.Client // cl's
	copts *ClusterOptions
	// adoptAlarmsOfDeparted runs from OpenNode until Close.
	stopAdopting chan struct{}
	adopting     sync.WaitGroup
	e            *host.Engine
	sp           *splitter.Splitter
	grace        time.Duration
	log          *slog.Logger

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
	if opts.Cluster != nil {
		if err := n.prepareCluster(&opts); err != nil {
			return fail(err)
		}
	}
	if opts.Backup != nil {
		store, err := backup.NewStore(ctx, *opts.Backup)
		if err != nil {
			return fail(err)
		}
		n.store = store
		opts.Engine.Backup = store
	}
	if opts.Cluster != nil {
		// After the store, which waits for the bucket in durable mode: a member is a node
		// that can serve.
		if err := n.joinCluster(ctx, &opts); err != nil {
			return fail(err)
		}
	}
	e, err := host.New(ctx, opts.Engine)
	if err != nil {
		return fail(err)
	}
	n.e = e
	if n.sp, err = splitter.New(e, opts.Splitter); err != nil {
		return fail(err)
	}
	if n.cl != nil {
		n.stopAdopting = make(chan struct{})
		n.adopting.Add(1)
		go n.adoptAlarmsOfDeparted()
	}
	return n, nil
}

// adoptAlarmsOfDeparted adopts the alarms of every node that leaves the cluster
// (host.Engine.AdoptAlarms), so that an object whose owner died still gets its alarm
// once another node takes it over, until this node closes or its lease lapses.
func (n *Node) adoptAlarmsOfDeparted() {
	defer n.adopting.Done()
	known := map[string]bool{}
	for {
		changed := n.cl.MembersChanged()
		now := map[string]bool{}
		for _, m := range n.cl.Members() {
			now[m.Name] = true
		}
		for name := range known {
			if now[name] || name == n.cl.Name() {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			adopted, err := n.e.AdoptAlarms(ctx, name)
			cancel()
			if err != nil {
				n.log.Warn("cluster: the alarms of a node that left", "node", name, "err", err)
			} else if adopted > 0 {
				n.log.Info("cluster: adopted the alarms of a node that left", "node", name, "alarms", adopted)
			}
		}
		known = now
		select {
		case <-changed:
		case <-n.stopAdopting:
			return
		case <-n.cl.Lapsed():
			return
		}
	}
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
	if n.cl != nil {
		opts.Cluster = &Peering{Node: n.cl, Secret: n.copts.Secret, TLS: n.copts.TLS}
	}
	n.srv = New(n.e, opts)
	srv := n.srv
	n.mu.Unlock()
	if n.cl != nil {
		go func() {
			if err := srv.ServePeers(n.copts.PeerListener); err != nil && !errors.Is(err, http.ErrServerClosed) {
				n.log.Error("cluster: the peer listener stopped", "err", err)
			}
		}()
	}
	return srv.Serve(l)
}

// prepareCluster checks opts.Cluster and sets the backup store to claim each object
// under the node's lease (joinCluster joins).
func (n *Node) prepareCluster(opts *NodeOptions) error {
	c := opts.Cluster
	switch {
	case opts.Backup == nil || opts.Backup.Mode != backup.ModeDurable:
		return errors.New("server: a cluster node needs durable backups (--backup-bucket and --backup-mode durable): the bucket is where another node takes an object over from")
	case len(c.Secret) == 0:
		return fmt.Errorf("server: the cluster secret (SOBJECTS_CLUSTER_SECRET) is not set: set it to %d bytes or more, the same on every node (e.g. openssl rand -hex 32)", MinSecretBytes)
	case len(c.Secret) < MinSecretBytes:
		return fmt.Errorf("server: the cluster secret (SOBJECTS_CLUSTER_SECRET) is %d bytes; it needs %d or more, the same on every node", len(c.Secret), MinSecretBytes)
	case len(c.Etcd) == 0:
		return errors.New("server: a cluster node needs the etcd members' URLs (--cluster-etcd)")
	case c.PeerListener == nil:
		return errors.New("server: a cluster node needs a peer listener (--peer-listen)")
	case c.TLS != nil && !strings.HasPrefix(c.Node.Peer, "https://"):
		return fmt.Errorf("server: the nodes speak TLS to each other, so the peer URL must be https://, not %q (--peer-advertise)", c.Node.Peer)
	case c.TLS == nil && strings.HasPrefix(c.Node.Peer, "https://"):
		return fmt.Errorf("server: the peer URL %q is https:// but the node has no TLS certificate (--peer-tls-cert, --peer-tls-key, --peer-tls-ca)", c.Node.Peer)
	}
	n.copts = c
	b := *opts.Backup
	b.Node = c.Node.Name
	b.Claim = func(ctx context.Context, key string) (uint64, error) {
		o, err := n.cl.Claim(ctx, key) // n.cl is set before the engine, the first to claim, opens
		return uint64(o.Epoch), err
	}
	b.Release = func(ctx context.Context, key string) error { return n.cl.Release(ctx, key) }
	opts.Backup = &b
	return nil
}

// joinCluster joins the cluster of opts.Cluster (prepareCluster checked it) and gives the
// engine the node's lease.
func (n *Node) joinCluster(ctx context.Context, opts *NodeOptions) error {
	c := opts.Cluster
	etcd, err := clientv3.New(clientv3.Config{Endpoints: c.Etcd, DialTimeout: 5 * time.Second, Logger: zap.NewNop(), Context: context.WithoutCancel(ctx)})
	if err != nil {
		return fmt.Errorf("server: etcd %v: %w", c.Etcd, err)
	}
	n.etcd = etcd
	slow := time.AfterFunc(2*time.Second, func() {
		n.log.Info("cluster: still joining: waiting for etcd, or for the lease of this name's previous node (its process died) to end", "node", c.Node.Name, "etcd", c.Etcd)
	})
	n.cl, err = cluster.Join(ctx, etcd, c.Node)
	slow.Stop()
	if err != nil {
		if errors.Is(err, cluster.ErrNameInUse) {
			return fmt.Errorf("%w: give this node another --node-name, or, if that node died, start this one with its peer address (--peer-advertise) to take its place once its lease (--cluster-lease) is over", err)
		}
		return err
	}
	opts.Engine.Lease = n.cl
	n.log.Info("cluster: joined", "node", n.cl.Name(), "peer", n.cl.Peer(), "lease_ttl", n.cl.TTL(), "members", len(n.cl.Members()))
	return nil
}

// Cluster is the node's membership of its cluster, or nil when it is the only node.
func (n *Node) Cluster() *cluster.Node { return n.cl }

// Lapsed is closed when the node's cluster lease has lapsed (cluster.Node.Lapsed): it
// answers no more calls and should be closed, and its process restarted, to take part
// again under a new lease. nil (never closed) without a cluster.
func (n *Node) Lapsed() <-chan struct{} {
	if n.cl == nil {
		return nil
	}
	return n.cl.Lapsed()
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
	if n.stopAdopting != nil {
		close(n.stopAdopting)
		n.adopting.Wait()
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
	if n.cl != nil {
		// Last: the objects' last changes are in the bucket; let others take them at once.
		if err := step(n.cl.Close); err != nil {
			n.log.Error("cluster", "err", err)
			errs = append(errs, err)
		}
	}
	if n.etcd != nil {
		n.etcd.Close()
	}
	if n.copts != nil && n.copts.PeerListener != nil && srv == nil {
		n.copts.PeerListener.Close()
	}
	n.err = errors.Join(errs...)
	return n.err
}
