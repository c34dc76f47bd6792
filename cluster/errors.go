package cluster

import "errors"

// The errors of package cluster. Functions wrap them with what they were doing
// ("cluster: claim ID: lease lost"); test with errors.Is.
var (
	// ErrLeaseLost: the node's lease has lapsed (its deadline passed, or etcd says the
	// lease is gone). The node owns nothing and can claim nothing; Join again.
	ErrLeaseLost = errors.New("lease lost")

	// ErrOwned: Claim found that another node owns the object. The error's Owner (see
	// OwnedError) says which.
	ErrOwned = errors.New("object owned by another node")

	// ErrNotOwner: Release of an object this node does not own (any more).
	ErrNotOwner = errors.New("not the owner")

	// ErrNoOwner: Owner found no owner for the object.
	ErrNoOwner = errors.New("no owner")

	// ErrUnavailable: etcd did not answer in time: no quorum, or no member reachable.
	// Whether a claim or release that failed so took effect is unknown until etcd
	// answers again; Claim is safe to retry (a claim that did take effect is found to
	// be this node's).
	ErrUnavailable = errors.New("etcd unavailable (no quorum, or no member answered)")

	// ErrNameInUse: Join found a live node registered under the same name.
	ErrNameInUse = errors.New("node name in use")

	// ErrConfig: Join was given a Config it cannot use; the message says which field.
	ErrConfig = errors.New("bad config")

	// ErrBadID: an object id that is empty or longer than MaxIDLen.
	ErrBadID = errors.New("bad object id")
)

// OwnedError is Claim's error when another node owns the object. It matches ErrOwned.
type OwnedError struct {
	ID    string // the object's id
	Owner Owner  // its owner
}

func (e *OwnedError) Error() string {
	return "cluster: object " + e.ID + " owned by node " + e.Owner.Node + " (" + e.Owner.Peer + ")"
}

// OwnerPeer is the owner's peer URL (host.OwnedElsewhere).
func (e *OwnedError) OwnerPeer() string { return e.Owner.Peer }

// Is reports whether target is ErrOwned.
func (e *OwnedError) Is(target error) bool { return target == ErrOwned }
