package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/etcd/api/v3/mvccpb"
	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Member is a live node as registered in etcd.
type Member struct {
	Name string `json:"name"` // the node's name (Config.Name)
	Peer string `json:"peer"` // the URL other nodes reach it at (Config.Peer)
}

// Node is this process's membership of the cluster: one etcd lease, kept alive until
// Close or until it lapses, and the objects claimed under it. Its methods are safe for
// concurrent use.
type Node struct {
	cfg    Config
	client *clientv3.Client
	lease  clientv3.LeaseID
	ttl    time.Duration // as granted by etcd
	value  []byte        // the JSON Member stored under members/ and owners/ keys

	// The deadline, in nanoseconds since base on the monotonic clock.
	base     time.Time
	deadline atomic.Int64

	spent    atomic.Bool   // the deadline passed or the lease is gone: for good
	lapsed   chan struct{} // closed when spent is set
	lapseOne sync.Once
	noRenew  atomic.Bool // tests: stop sending renewals

	mu    sync.Mutex       // guards owned, and orders Claim's insert against lapse's clear
	owned map[string]int64 // object id -> epoch, while not spent

	// stripes serialize Claim and Release of one object id (by the id's hash), so that
	// owned follows etcd's order of them; ids on different stripes go in parallel.
	stripes [256]sync.Mutex

	mmu     sync.Mutex        // guards members and changed
	members map[string]Member // live members by name, as last seen by the watch
	changed chan struct{}     // closed (and replaced) at each change of members

	cancel context.CancelFunc // stops the goroutines below
	wg     sync.WaitGroup     // the renewal loop and the members watch
	closed atomic.Bool
}

// Join registers this node in the cluster that client's etcd serves: it grants a lease
// of cfg.TTL, puts the node's Member under it and starts renewing it. The Node renews
// until Close or until its deadline passes (see the package doc); the caller still owns
// client and closes it after the Node.
//
// When a node with the same name is registered and has the same Peer (most likely this
// node's previous process, which died without Close), Join waits for that registration's
// lease to expire, up to ctx's deadline; with another Peer it fails at once.
//
// # Errors
//
//   - ErrConfig: cfg is unusable; the message names the field.
//   - ErrNameInUse: a live node has cfg.Name (with another Peer, or ctx ended first).
//   - ErrUnavailable: etcd did not answer within ctx and cfg.RequestTimeout.
func Join(ctx context.Context, client *clientv3.Client, cfg Config) (*Node, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	value, err := json.Marshal(Member{Name: cfg.Name, Peer: cfg.Peer})
	if err != nil {
		return nil, err
	}
	n := &Node{
		cfg: cfg, client: client, value: value,
		lapsed:  make(chan struct{}),
		owned:   map[string]int64{},
		members: map[string]Member{},
		changed: make(chan struct{}),
	}
	key := n.memberKey(cfg.Name)
	for {
		if err := n.waitName(ctx, key); err != nil {
			return nil, err
		}
		var g *clientv3.LeaseGrantResponse
		var sent time.Time
		err := n.do(ctx, func(ctx context.Context) (err error) {
			sent = time.Now()
			g, err = client.Grant(ctx, int64(cfg.TTL/time.Second))
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("cluster: join %s: grant lease: %w", cfg.Name, unavailable(err))
		}
		n.lease, n.ttl = g.ID, time.Duration(g.TTL)*time.Second
		n.base = sent
		n.deadline.Store(int64(n.ttl - cfg.Margin))
		var resp *clientv3.TxnResponse
		// Retrying is safe: a put that took effect is found under our lease.
		err = n.do(ctx, func(ctx context.Context) (err error) {
			resp, err = client.Txn(ctx).
				If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
				Then(clientv3.OpPut(key, string(value), clientv3.WithLease(n.lease))).
				Else(clientv3.OpGet(key)).
				Commit()
			return err
		})
		if err == nil && !resp.Succeeded {
			if kvs := resp.Responses[0].GetResponseRange().Kvs; len(kvs) == 1 && clientv3.LeaseID(kvs[0].Lease) == n.lease {
				resp.Succeeded = true
			}
		}
		if err != nil || !resp.Succeeded {
			n.revoke(ctx)
			if err != nil {
				return nil, fmt.Errorf("cluster: join %s: register: %w", cfg.Name, unavailable(err))
			}
			continue // someone registered the name meanwhile: look again
		}
		break
	}
	var list *clientv3.GetResponse
	err = n.do(ctx, func(ctx context.Context) (err error) {
		list, err = client.Get(ctx, n.cfg.Prefix+"members/", clientv3.WithPrefix())
		return err
	})
	if err != nil {
		n.revoke(ctx)
		return nil, fmt.Errorf("cluster: join %s: list members: %w", cfg.Name, unavailable(err))
	}
	n.setMembers(list.Kvs)
	// The goroutines outlive Join's context (it bounds the joining only), keeping its
	// values.
	bg, stop := context.WithCancel(context.WithoutCancel(ctx))
	n.cancel = stop
	n.wg.Add(2)
	go n.renewLoop(bg)
	go n.watchMembers(bg, list.Header.Revision)
	return n, nil
}

// waitName returns once no node is registered under key, waiting for the registration of
// this node's previous process (same Peer) to expire.
func (n *Node) waitName(ctx context.Context, key string) error {
	for {
		var resp *clientv3.GetResponse
		err := n.do(ctx, func(ctx context.Context) (err error) {
			resp, err = n.client.Get(ctx, key)
			return err
		})
		if err != nil {
			return fmt.Errorf("cluster: join %s: %w", n.cfg.Name, unavailable(err))
		}
		if len(resp.Kvs) == 0 {
			return nil
		}
		m, err := decodeMember(resp.Kvs[0].Value)
		if err == nil && m.Peer != n.cfg.Peer {
			return fmt.Errorf("cluster: join: %w: %s is registered by the node at %s", ErrNameInUse, n.cfg.Name, m.Peer)
		}
		wctx, cancel := context.WithCancel(ctx)
		wch := n.client.Watch(wctx, key, clientv3.WithRev(resp.Header.Revision+1))
		gone := false
		for wr := range wch {
			for _, ev := range wr.Events {
				if ev.Type == mvccpb.DELETE {
					gone = true
				}
			}
			if gone || wr.Err() != nil {
				break
			}
		}
		cancel()
		if ctx.Err() != nil {
			return fmt.Errorf("cluster: join: %w: %s is still registered (by this node's previous process at %s?): %w", ErrNameInUse, n.cfg.Name, n.cfg.Peer, ctx.Err())
		}
	}
}

// Name is the node's name (Config.Name).
func (n *Node) Name() string { return n.cfg.Name }

// Peer is the node's peer URL (Config.Peer).
func (n *Node) Peer() string { return n.cfg.Peer }

// Lease is the node's etcd lease id, for diagnostics.
func (n *Node) Lease() int64 { return int64(n.lease) }

// TTL is the lease's time to live as etcd granted it (at least Config.TTL).
func (n *Node) TTL() time.Duration { return n.ttl }

// Valid reports whether the node may still answer for the objects it owns: its deadline
// has not passed (see the package doc). Once false it stays false. It reads the
// monotonic clock and an atomic; it does not call etcd.
func (n *Node) Valid() bool {
	return !n.spent.Load() && (!checkDeadline || time.Since(n.base) < time.Duration(n.deadline.Load()))
}

// Deadline is the moment Valid turns false unless a renewal is confirmed before then:
// the time the last confirmed renewal was sent, plus the lease's TTL, minus the margin.
// It carries a monotonic clock reading; compare it only with other times from
// time.Now in this process.
func (n *Node) Deadline() time.Time {
	return n.base.Add(time.Duration(n.deadline.Load()))
}

// Lapsed is closed once the node is spent: its deadline passed without a confirmed
// renewal, etcd said its lease was gone, or Close was called. From then on it owns
// nothing.
func (n *Node) Lapsed() <-chan struct{} { return n.lapsed }

// setDeadline moves the deadline to sent + TTL - margin, never backwards.
func (n *Node) setDeadline(sent time.Time) {
	d := int64(sent.Sub(n.base) + n.ttl - n.cfg.Margin)
	for {
		old := n.deadline.Load()
		if d <= old || n.deadline.CompareAndSwap(old, d) {
			return
		}
	}
}

// lapse makes the node spent: it owns nothing more, and Lapsed is closed.
func (n *Node) lapse() {
	n.lapseOne.Do(func() {
		n.mu.Lock()
		n.spent.Store(true)
		n.owned = map[string]int64{}
		n.mu.Unlock()
		close(n.lapsed)
	})
}

// renewLoop renews the lease every (TTL-margin)/3 and retries failed renewals every
// tenth of that, moving the deadline at each confirmed one, until the deadline passes,
// etcd says the lease is gone, or ctx ends.
func (n *Node) renewLoop(ctx context.Context) {
	defer n.wg.Done()
	every := (n.ttl - n.cfg.Margin) / 3
	retry := every / 10
	next := time.Now().Add(every)
	for {
		wake := next
		if d := n.Deadline(); d.Before(wake) {
			wake = d
		}
		t := time.NewTimer(time.Until(wake))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		if !n.Valid() {
			n.lapse()
			return
		}
		if time.Now().Before(next) || n.noRenew.Load() {
			continue
		}
		// A renewal confirmed after the deadline would come too late: bound it by the deadline.
		rctx, cancel := context.WithDeadline(ctx, n.Deadline())
		sent := time.Now()
		resp, err := n.client.KeepAliveOnce(rctx, n.lease)
		cancel()
		switch {
		case err == nil && resp.TTL > 0:
			n.setDeadline(sent)
			next = sent.Add(every)
		case errors.Is(err, rpctypes.ErrLeaseNotFound) || (err == nil && resp.TTL <= 0):
			n.lapse()
			return
		default:
			next = time.Now().Add(retry)
		}
	}
}

// Close stops renewing the lease and revokes it, so that the node's registration and
// every object it owns go at once instead of when the lease expires: other nodes can
// claim them right away. The node is spent afterwards. Close always stops the node's
// goroutines; the revoke is bounded by ctx and Config.RequestTimeout, and its failure
// (the lease then expires by itself) is the error returned, wrapping ErrUnavailable.
// Calling Close again does nothing and returns nil.
func (n *Node) Close(ctx context.Context) error {
	if n.closed.Swap(true) {
		return nil
	}
	n.cancel()
	n.wg.Wait()
	wasValid := n.Valid()
	n.lapse()
	if !wasValid {
		return nil
	}
	return n.revoke(ctx)
}

func (n *Node) revoke(ctx context.Context) error {
	rctx, cancel := n.bound(ctx)
	defer cancel()
	if _, err := n.client.Revoke(rctx, n.lease); err != nil && !errors.Is(err, rpctypes.ErrLeaseNotFound) {
		return fmt.Errorf("cluster: revoke lease of %s: %w", n.cfg.Name, unavailable(err))
	}
	return nil
}

// Members are the live nodes, this one included, sorted by name, as the node last heard
// from etcd (a watch keeps them current; it does not call etcd).
func (n *Node) Members() []Member {
	n.mmu.Lock()
	defer n.mmu.Unlock()
	ms := make([]Member, 0, len(n.members))
	for _, m := range n.members {
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Name < ms[j].Name })
	return ms
}

// MembersChanged is closed at the next change of Members. Take it before reading
// Members, so no change is missed:
//
//	for {
//		changed := n.MembersChanged()
//		use(n.Members())
//		<-changed
//	}
func (n *Node) MembersChanged() <-chan struct{} {
	n.mmu.Lock()
	defer n.mmu.Unlock()
	return n.changed
}

func (n *Node) setMembers(kvs []*mvccpb.KeyValue) {
	ms := map[string]Member{}
	for _, kv := range kvs {
		if m, err := decodeMember(kv.Value); err == nil {
			ms[m.Name] = m
		}
	}
	n.mmu.Lock()
	n.members = ms
	close(n.changed)
	n.changed = make(chan struct{})
	n.mmu.Unlock()
}

// watchMembers keeps members current from revision rev on, listing them again when the
// watch breaks (etcd lost its leader, compacted past rev, or went away).
func (n *Node) watchMembers(ctx context.Context, rev int64) {
	defer n.wg.Done()
	prefix := n.cfg.Prefix + "members/"
	for ctx.Err() == nil {
		wctx, cancel := context.WithCancel(clientv3.WithRequireLeader(ctx))
		for wr := range n.client.Watch(wctx, prefix, clientv3.WithPrefix(), clientv3.WithRev(rev+1)) {
			if wr.Err() != nil {
				break
			}
			if len(wr.Events) == 0 {
				continue
			}
			n.mmu.Lock()
			for _, ev := range wr.Events {
				name := string(ev.Kv.Key[len(prefix):])
				if ev.Type == mvccpb.DELETE {
					delete(n.members, name)
				} else if m, err := decodeMember(ev.Kv.Value); err == nil {
					n.members[m.Name] = m
				}
			}
			close(n.changed)
			n.changed = make(chan struct{})
			n.mmu.Unlock()
			rev = wr.Header.Revision
		}
		cancel()
		for ctx.Err() == nil {
			rctx, cancel := n.bound(ctx)
			list, err := n.client.Get(rctx, prefix, clientv3.WithPrefix())
			cancel()
			if err == nil {
				n.setMembers(list.Kvs)
				rev = list.Header.Revision
				break
			}
			select {
			case <-ctx.Done():
			case <-time.After(200 * time.Millisecond):
			}
		}
	}
}

func (n *Node) memberKey(name string) string { return n.cfg.Prefix + "members/" + name }
func (n *Node) ownerKey(id string) string    { return n.cfg.Prefix + "owners/" + id }

// maxAttempts is how many attempts do makes when its context has no deadline.
const maxAttempts = 3

// do runs op, each attempt bounded by Config.RequestTimeout, until it succeeds or fails
// for good. Attempts that time out or fail transiently (a leader election) are retried,
// with backoff, until ctx ends or, when ctx has no deadline, for maxAttempts attempts.
// op must be safe to repeat. It returns op's last error.
func (n *Node) do(ctx context.Context, op func(context.Context) error) error {
	_, hasDeadline := ctx.Deadline()
	backoff := 50 * time.Millisecond
	for attempt := 1; ; attempt++ {
		actx, cancel := context.WithTimeout(ctx, n.cfg.RequestTimeout)
		err := op(actx)
		timedOut := actx.Err() != nil && ctx.Err() == nil
		cancel()
		if err == nil {
			return nil
		}
		if !(timedOut || transient(err)) || (!hasDeadline && attempt >= maxAttempts) || !sleep(ctx, backoff) {
			return err
		}
		backoff = min(2*backoff, 500*time.Millisecond)
	}
}

// bound is ctx limited by Config.RequestTimeout.
func (n *Node) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, n.cfg.RequestTimeout)
}

// decodeMember decodes the value of a members/ or owners/ key.
func decodeMember(b []byte) (Member, error) {
	var m Member
	if err := json.Unmarshal(b, &m); err != nil {
		return Member{}, fmt.Errorf("cluster: decode member: %w", err)
	}
	if err := ValidateName(m.Name); err != nil {
		return Member{}, fmt.Errorf("cluster: decode member: %w", err)
	}
	return m, nil
}

// unavailable wraps an error of etcd's client in ErrUnavailable, keeping it.
func unavailable(err error) error {
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}

// transient reports whether an etcd error is worth retrying: the request did not take
// effect, or may have but is idempotent for its callers here.
func transient(err error) bool {
	for _, e := range []error{rpctypes.ErrNoLeader, rpctypes.ErrLeaderChanged, rpctypes.ErrTimeout,
		rpctypes.ErrTimeoutDueToLeaderFail, rpctypes.ErrTimeoutDueToConnectionLost,
		rpctypes.ErrNotCapable, rpctypes.ErrStopped} {
		if errors.Is(err, e) {
			return true
		}
	}
	return status.Code(err) == codes.Unavailable
}
