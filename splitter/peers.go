package splitter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// Leaves on several nodes.
//
// In a cluster each leaf's object is an object like any other: one node owns it at a
// time (package cluster), and a node serves the leaves it owns. A Splitter with Peers
// routes each leaf's part of a call to the node that owns the leaf's object, where that
// node's Splitter serves it (ServeLeaf) as it serves its own callers: the leaf's record
// is checked there, a leaf that is splitting is waited for there, its load is counted
// there, and there it splits. Splits stay on one node: the parent's owner copies the
// parent and installs the new leaf, and once the new leaf is live, hands it to the node
// that placement names (Peers.Placed) through the bucket (host.Engine.HandOver); that
// node claims it at its next call and restores it from the bucket. Rare operations on
// a leaf that another node owns (settling a split cut short by a crash, a Delete)
// pull the leaf's object here first: its owner hands it over and this node claims it.

// Peers is what a Splitter needs of its cluster (SetPeers): where each object is
// served, and a way to ask another node's Splitter to serve a leaf. Package server
// implements it over the nodes' peer addresses.
type Peers interface {
	// Where says where the object obj of class is served: here (local), or by the node
	// at peer. An object nobody owns is served where placement puts it.
	Where(ctx context.Context, class, obj string) (peer string, local bool, err error)
	// Placed reports whether placement puts obj on this node, and the peer URL of the
	// node it does put it on.
	Placed(class, obj string) (peer string, here bool)
	// Leaf has the Splitter of the node at peer serve op (its ServeLeaf) on the leaf of
	// the splittable object name in object obj. It fails with ErrNotHere when that node
	// does not own obj, or could not be reached and obj has another owner now (the
	// caller asks Where again), and with ErrPlacedDown when it could not be reached and
	// nobody owns obj (the caller serves it).
	Leaf(ctx context.Context, peer, class, name, obj string, op LeafOp) (LeafAnswer, error)
	// Forget drops what Where remembers of obj.
	Forget(class, obj string)
	// Node is this node's name.
	Node() string
}

// Errors of Peers.Leaf that say where to go instead.
var (
	// ErrNotHere: the node asked does not own the leaf's object: it moved, and the
	// caller routes again.
	ErrNotHere = errors.New("the leaf's object is not that node's")
	// ErrPlacedDown: nobody owns the leaf's object and the node placement puts it on
	// did not answer: the caller serves it itself.
	ErrPlacedDown = errors.New("the node the leaf's object is placed on did not answer, and nobody owns it")
)

// SetPeers makes the Splitter serve the leaves of its objects on the nodes that own
// them (see Peers). Call it before serving calls.
func (s *Splitter) SetPeers(p Peers) { s.peers = p }

// What one node asks another's Splitter to do (LeafOp.Op).
const (
	OpCall     = "call"      // a keyed call's part on one leaf
	OpStep     = "step"      // one leaf's step of a walk (Scan, Describe, a Delete's look)
	OpSplit    = "split"     // split leaf Bits, whose object the node owns
	OpHandOver = "hand_over" // give the leaf's object up, for the asking node to claim
)

// LeafOp is a request of one node to another's Splitter (Peers.Leaf; ServeLeaf).
type LeafOp struct {
	Op      string   `json:"op"`       // OpCall, OpStep, OpSplit or OpHandOver
	ObjBits string   `json:"obj_bits"` // the leaf's object: its bits without trailing zeros
	Method  string   `json:"method,omitempty"`
	Keys    []string `json:"keys,omitempty"`  // OpCall: the keys, in the call's order
	Input   []byte   `json:"input,omitempty"` // OpCall: the method's input
	Step    leafStep `json:"step"`            // OpStep
	Settle  bool     `json:"settle,omitempty"`
	Bits    string   `json:"bits,omitempty"` // OpSplit: the leaf to split
}

// LeafAnswer is what ServeLeaf answers.
type LeafAnswer struct {
	// OpCall: the leaf that served the keys and its output, or Retry (the keys were
	// not applied: the leaf split, with Depth the depth its object now holds, or
	// settled; route again) or Missing (the object holds no leaf).
	Leaf    string          `json:"leaf,omitempty"`
	Output  json.RawMessage `json:"output,omitempty"`
	Retry   bool            `json:"retry,omitempty"`
	Depth   int             `json:"depth,omitempty"`
	Missing bool            `json:"missing,omitempty"`
	// OpStep: the step's result.
	Step *stepResult `json:"step,omitempty"`
}

// pinKey marks a context in which the object it names is served here and nowhere else:
// ServeLeaf's, so that a node asked by another does not send the work on.
type pinKey struct{}

func pin(ctx context.Context, class, obj string) context.Context {
	return context.WithValue(ctx, pinKey{}, class+"\x00"+obj)
}

func pinned(ctx context.Context, class, obj string) bool {
	v, _ := ctx.Value(pinKey{}).(string)
	return v == class+"\x00"+obj
}

// remote says whether the object obj is served by another node, and which.
func (s *Splitter) remote(ctx context.Context, class, obj string) (peer string, ok bool, err error) {
	if s.peers == nil || pinned(ctx, class, obj) {
		return "", false, nil
	}
	peer, local, err := s.peers.Where(ctx, class, obj)
	return peer, !local && err == nil, err
}

// ServeLeaf serves what another node's Splitter asks of a leaf of the splittable object
// name (Peers.Leaf), here: the leaf's object is claimed here if nobody owns it, and an
// error that says another node owns it (host.OwnedElsewhere) means it moved.
func (s *Splitter) ServeLeaf(ctx context.Context, class, name string, op LeafOp) (LeafAnswer, error) {
	if err := s.checkName(class, name); err != nil {
		return LeafAnswer{}, err
	}
	if !storage.ValidBits(op.ObjBits) || (op.ObjBits != "" && op.ObjBits[len(op.ObjBits)-1] != '1') {
		return LeafAnswer{}, abi.Errorf(abi.CodeBadInput, "no leaf object has bits %q", op.ObjBits)
	}
	obj, err := s.leafObject(ctx, class, name, op.ObjBits)
	if err != nil {
		return LeafAnswer{}, err
	}
	ctx = pin(ctx, class, obj)
	switch op.Op {
	case OpCall:
		if err := s.e.CheckMethod(class, op.Method); err != nil {
			return LeafAnswer{}, err
		}
		return s.callHere(ctx, class, name, op.ObjBits, op.Method, op.Keys, op.Input)
	case OpStep:
		res, err := s.stepHere(ctx, class, name, op.ObjBits, op.Settle, op.Step)
		return LeafAnswer{Step: &res}, err
	case OpSplit:
		if objectBits(op.Bits) != op.ObjBits {
			return LeafAnswer{}, abi.Errorf(abi.CodeBadInput, "leaf %q is not in object %q", op.Bits, op.ObjBits)
		}
		return LeafAnswer{}, s.Split(ctx, class, name, op.Bits)
	case OpHandOver:
		k := objKey(class, name, op.ObjBits)
		o, err := s.acquire(ctx, k) // no split of it runs while it goes
		if err != nil {
			return LeafAnswer{}, err
		}
		err = s.handOver(ctx, class, name, op.ObjBits, obj)
		s.end(k, o, err)
		return LeafAnswer{}, err
	}
	return LeafAnswer{}, abi.Errorf(abi.CodeBadInput, "no leaf operation %q", op.Op)
}

// handOver gives the leaf's object up (host.Engine.HandOver) and forgets what this
// node learned of it. An object with no data has nothing to hand over. Call it with the
// object's operation slot held.
func (s *Splitter) handOver(ctx context.Context, class, name, objBits, obj string) error {
	err := s.e.HandOver(ctx, class, obj)
	var ae *abi.Error
	if errors.As(err, &ae) && ae.Code == abi.CodeNotFound {
		err = nil
	}
	k := objKey(class, name, objBits)
	s.checked.Delete(k)
	s.loads.Delete(k)
	return err
}

// handOverNew hands the new leaf with bits, just made live by a split here, to the node
// that placement puts its object on, if that is another node; it reports whether it
// did. A failure leaves the leaf here (it serves here, as without a cluster).
func (s *Splitter) handOverNew(ctx context.Context, class, name, bits string) bool {
	if s.peers == nil {
		return false
	}
	obj := LeafObject(name, bits)
	peer, here := s.peers.Placed(class, obj)
	if here {
		return false
	}
	k := objKey(class, name, bits)
	o, err := s.acquire(ctx, k)
	if err != nil {
		return false
	}
	err = s.handOver(ctx, class, name, bits, obj)
	s.end(k, o, err)
	if err != nil {
		s.log.Warn("split: the new leaf stays on this node", "class", class, "object", name, "leaf", bits, "to", peer, "err", err)
		return false
	}
	s.peers.Forget(class, obj)
	s.log.Info("split: new leaf handed over", "class", class, "object", name, "leaf", bits, "to", peer)
	return true
}

// pull makes the object objBits of the splittable object name this node's: when
// another node owns it, that node hands it over (OpHandOver) and this node claims it.
// For rare work on a leaf (a Delete; settling a split that another node's crash cut
// short), not for calls, which go to the owner.
func (s *Splitter) pull(ctx context.Context, class, name, objBits string) error {
	obj, err := s.leafObject(ctx, class, name, objBits)
	if err != nil {
		return err
	}
	for try := 0; ; try++ {
		peer, ok, err := s.remote(ctx, class, obj)
		if err != nil || !ok {
			return err
		}
		_, err = s.peers.Leaf(ctx, peer, class, name, obj, LeafOp{Op: OpHandOver, ObjBits: objBits})
		if err != nil && !errors.Is(err, ErrNotHere) && !errors.Is(err, ErrPlacedDown) {
			return fmt.Errorf("take over %s from %s: %w", obj, peer, err)
		}
		s.peers.Forget(class, obj)
		// Claim it now, before placement sends anyone else to claim it.
		_, err = s.e.RunExisting(pin(ctx, class, obj), class, obj, func(*host.Tx) ([]byte, error) { return nil, errProbe })
		var oe host.OwnedElsewhere
		switch {
		case errors.Is(err, errProbe), errors.Is(err, host.ErrNoDatabase):
			return nil
		case errors.As(err, &oe) && try < 2:
			continue // claimed by another node first: ask it
		}
		return fmt.Errorf("take over %s: %w", obj, err)
	}
}

// ownedElsewhere reports whether err says that another node owns the object.
func ownedElsewhere(err error) bool {
	var oe host.OwnedElsewhere
	return errors.As(err, &oe)
}
