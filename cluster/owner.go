package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"
	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// Owner is an object's owner as etcd has it.
type Owner struct {
	Node  string // the owning node's name
	Peer  string // its peer URL
	Epoch int64  // the owner key's create revision: higher for every later claim of the object
}

// Claim makes this node the owner of the object id if no node owns it, and returns the
// claim, whose Epoch is the fencing token for the object's writes while this node owns
// it. Claiming an object this node owns already returns the same epoch again (also when
// an earlier Claim failed with ErrUnavailable but took effect). The claim lasts until
// Release, Close, or the node's lease lapses. Attempts that time out or fail
// transiently are retried (see Config.RequestTimeout), never past the node's deadline.
//
// # Errors
//
//   - ErrBadID: id is empty or longer than MaxIDLen.
//   - ErrOwned (an *OwnedError with the owner): another node owns id.
//   - ErrLeaseLost: the node is spent, or its deadline passed before etcd answered.
//   - ErrUnavailable: etcd did not answer in time (no quorum, unreachable).
func (n *Node) Claim(ctx context.Context, id string) (Owner, error) {
	if err := checkID(id); err != nil {
		return Owner{}, fmt.Errorf("cluster: claim: %w", err)
	}
	stripe := n.stripe(id)
	stripe.Lock()
	defer stripe.Unlock()
	key := n.ownerKey(id)
	for {
		if !n.Valid() {
			return Owner{}, fmt.Errorf("cluster: claim %s: %w", id, ErrLeaseLost)
		}
		// A claim answered after the node's deadline would be worthless.
		dctx, cancel := context.WithDeadline(ctx, n.Deadline())
		var resp *clientv3.TxnResponse
		err := n.do(dctx, func(ctx context.Context) (err error) {
			resp, err = n.client.Txn(ctx).
				If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
				Then(clientv3.OpPut(key, string(n.value), clientv3.WithLease(n.lease))).
				Else(clientv3.OpGet(key)).
				Commit()
			return err
		})
		cancel()
		if err != nil {
			if errors.Is(err, rpctypes.ErrLeaseNotFound) {
				n.lapse()
				return Owner{}, fmt.Errorf("cluster: claim %s: %w: etcd has no lease %x", id, ErrLeaseLost, n.lease)
			}
			if !n.Valid() {
				return Owner{}, fmt.Errorf("cluster: claim %s: %w", id, ErrLeaseLost)
			}
			return Owner{}, fmt.Errorf("cluster: claim %s: %w", id, unavailable(err))
		}
		var epoch int64
		if resp.Succeeded {
			epoch = resp.Header.Revision
		} else {
			kvs := resp.Responses[0].GetResponseRange().Kvs
			if len(kvs) == 0 {
				continue // released between the compare and the get: try again
			}
			kv := kvs[0]
			if clientv3.LeaseID(kv.Lease) != n.lease {
				m, err := decodeMember(kv.Value)
				if err != nil {
					return Owner{}, fmt.Errorf("cluster: claim %s: owner key: %w", id, err)
				}
				return Owner{}, &OwnedError{ID: id, Owner: Owner{Node: m.Name, Peer: m.Peer, Epoch: kv.CreateRevision}}
			}
			epoch = kv.CreateRevision
		}
		n.mu.Lock()
		if !n.Valid() {
			n.mu.Unlock()
			return Owner{}, fmt.Errorf("cluster: claim %s: %w", id, ErrLeaseLost)
		}
		n.owned[id] = epoch
		n.mu.Unlock()
		return Owner{Node: n.cfg.Name, Peer: n.cfg.Peer, Epoch: epoch}, nil
	}
}

// Release gives up this node's claim of id, so that any node can claim it at once. It
// deletes the owner key only if it is still this claim's (same epoch).
//
// # Errors
//
//   - ErrNotOwner: this node does not own id (never claimed, released, or the key was
//     replaced).
//   - ErrLeaseLost: the node is spent; its claims go with its lease.
//   - ErrUnavailable: etcd did not answer in time; the node no longer counts id as its
//     own either way, and the key goes at the latest with the lease.
func (n *Node) Release(ctx context.Context, id string) error {
	stripe := n.stripe(id)
	stripe.Lock()
	defer stripe.Unlock()
	n.mu.Lock()
	epoch, ok := n.owned[id]
	delete(n.owned, id)
	n.mu.Unlock()
	if !n.Valid() {
		return fmt.Errorf("cluster: release %s: %w", id, ErrLeaseLost)
	}
	if !ok {
		return fmt.Errorf("cluster: release %s: %w", id, ErrNotOwner)
	}
	key := n.ownerKey(id)
	var resp *clientv3.TxnResponse
	attempts := 0
	err := n.do(ctx, func(ctx context.Context) (err error) {
		attempts++
		resp, err = n.client.Txn(ctx).
			If(clientv3.Compare(clientv3.CreateRevision(key), "=", epoch)).
			Then(clientv3.OpDelete(key)).
			Commit()
		return err
	})
	if err != nil {
		return fmt.Errorf("cluster: release %s: %w", id, unavailable(err))
	}
	// After a failed attempt, a refused compare may mean that attempt deleted the key.
	if !resp.Succeeded && attempts == 1 {
		return fmt.Errorf("cluster: release %s: %w: its owner key is not epoch %d's", id, ErrNotOwner, epoch)
	}
	return nil
}

// Owner looks up id's owner in etcd (a linearizable read).
//
// # Errors
//
//   - ErrBadID: id is empty or longer than MaxIDLen.
//   - ErrNoOwner: no node owns id.
//   - ErrUnavailable: etcd did not answer in time.
func (n *Node) Owner(ctx context.Context, id string) (Owner, error) {
	if err := checkID(id); err != nil {
		return Owner{}, fmt.Errorf("cluster: owner: %w", err)
	}
	var resp *clientv3.GetResponse
	err := n.do(ctx, func(ctx context.Context) (err error) {
		resp, err = n.client.Get(ctx, n.ownerKey(id))
		return err
	})
	if err != nil {
		return Owner{}, fmt.Errorf("cluster: owner of %s: %w", id, unavailable(err))
	}
	if len(resp.Kvs) == 0 {
		return Owner{}, fmt.Errorf("cluster: owner of %s: %w", id, ErrNoOwner)
	}
	kv := resp.Kvs[0]
	m, err := decodeMember(kv.Value)
	if err != nil {
		return Owner{}, fmt.Errorf("cluster: owner of %s: %w", id, err)
	}
	return Owner{Node: m.Name, Peer: m.Peer, Epoch: kv.CreateRevision}, nil
}

// Owned is what this node owns now: object id -> epoch, a copy. It is empty once the
// node is spent.
func (n *Node) Owned() map[string]int64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := make(map[string]int64, len(n.owned))
	for id, e := range n.owned {
		out[id] = e
	}
	return out
}

// Holds reports whether this node owns id and may answer for it now (Valid), and at
// which epoch. It does not call etcd.
func (n *Node) Holds(id string) (epoch int64, ok bool) {
	n.mu.Lock()
	epoch, ok = n.owned[id]
	n.mu.Unlock()
	if !ok || !n.Valid() {
		return 0, false
	}
	return epoch, true
}

func (n *Node) stripe(id string) *sync.Mutex {
	return &n.stripes[xxhash.Sum64String(id)%uint64(len(n.stripes))]
}

// sleep waits d or until ctx ends, reporting whether it waited d.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
