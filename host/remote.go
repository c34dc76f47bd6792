package host

import (
	"context"
	"errors"

	"github.com/coder/websocket"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage"
)

// OwnedElsewhere is what an error says when an object could not be activated because
// another node of the cluster owns it (cluster.OwnedError implements it): the peer URL
// of that node.
type OwnedElsewhere interface {
	error
	OwnerPeer() string
}

// Remote carries calls between objects to the node of the cluster that owns the
// callee (SetRemote; package server implements it). A call from an object whose callee
// another node owns, a method call or a fetch, goes to Call instead of failing.
// Stubs and callbacks passed in a call's arguments do not cross nodes: such a call
// fails on the other node as a call from outside would.
type Remote interface {
	// Call runs the call on the node at peer and returns its output as Engine.RunCall
	// there returns it. fetch says whether it is a fetch (input: the encoded request)
	// or a call of method. It fails with abi.CodeMoved when the object is no longer
	// that node's (nor another's it could find), and did not run.
	Call(ctx context.Context, peer string, fetch bool, class, name, method string, input []byte) ([]byte, error)
	// Owner is the peer URL of the node last seen owning the object, without asking
	// anyone; false when none is known.
	Owner(class, name string) (peer string, ok bool)
	// Forget drops what Owner knows of the object.
	Forget(class, name string)
	// DialWebSocket runs a fetch that asks for a WebSocket (req has "Upgrade:
	// websocket") on the node at peer and, when the object there answers 101 with a
	// WebSocket, returns the network connection to it and the answer's head. conn is
	// nil when the object answered otherwise: resp is that answer (its body cut at 1 KiB).
	// It fails with abi.CodeMoved as Call does.
	DialWebSocket(ctx context.Context, peer, class, name string, req []byte) (conn *websocket.Conn, resp abi.FetchResponse, err error)
}

// SetRemote makes calls from objects to objects another node owns go through r. Call
// it before serving calls.
func (e *Engine) SetRemote(r Remote) { e.remote = r }

// RunCall runs a call another node forwarded for one of its objects (Remote): a
// fetch, whose input is the encoded request and output the encoded response, or a
// call of method. It runs as a call from outside.
func (e *Engine) RunCall(ctx context.Context, fetch bool, class, name, method string, input []byte) ([]byte, error) {
	if fetch {
		if err := e.check(class, name); err != nil {
			return nil, err
		}
		return e.external(class, name, &call{ctx: ctx, kind: kindFetch, input: input, done: make(chan bool, 1)})
	}
	return e.Call(ctx, class, name, method, input)
}

// remoteCall runs c's call on the node that owns the callee when c failed because
// another node owns it; ok is false when it did not. Remote remembers the owner, so that
// the next calls go there without trying here first (remoteFirst).
func (e *Engine) remoteCall(ctx context.Context, c *call, class, name, method string) (out []byte, err error, ok bool) {
	var o OwnedElsewhere
	if e.remote == nil || c.err == nil || !errors.As(c.err, &o) || (c.kind != kindFetch && c.kind != kindMethod) {
		return nil, nil, false
	}
	out, err = e.remoteRun(ctx, o.OwnerPeer(), c.kind == kindFetch, class, name, method, c.input)
	return out, err, true
}

// remoteRun runs a call on the node at peer: Remote.Call, or, for a fetch that asks
// for a WebSocket, remoteWebSocket.
func (e *Engine) remoteRun(ctx context.Context, peer string, fetch bool, class, name, method string, input []byte) ([]byte, error) {
	if fetch && abi.FetchRequestUpgrade(input) {
		return e.remoteWebSocket(ctx, peer, class, name, input)
	}
	return e.remote.Call(ctx, peer, fetch, class, name, method, input)
}

// remoteWebSocket runs a fetch that asks for a WebSocket on the node at peer
// (Remote.DialWebSocket) and answers as the object there did: with its 101, the
// WebSocket being a new pair here whose one end is bridged to the connection to that
// node and whose other end is handed over to the caller (who adopts it as from a local
// object), or with its other answer.
func (e *Engine) remoteWebSocket(ctx context.Context, peer, class, name string, input []byte) ([]byte, error) {
	conn, resp, err := e.remote.DialWebSocket(ctx, peer, class, name, input)
	if err != nil {
		return nil, err
	}
	if conn == nil {
		return resp.Encode(), nil
	}
	a, b := e.ws.pair("")
	e.metrics.websockets.Add(2)
	a.mu.Lock()
	a.state = wsNetwork
	a.mu.Unlock()
	b.mu.Lock()
	b.state = wsHandedOver
	b.mu.Unlock()
	e.ws.mu.Lock()
	e.ws.release("", a)
	e.ws.release("", b)
	e.ws.mu.Unlock()
	e.bridgeOutbound(a, conn)
	e.cutIfNotTaken(b)
	resp.WebSocket = int64(b.id)
	return resp.Encode(), nil
}

// remoteFirst runs a call of kind on the node last seen owning the callee
// (Remote.Owner), if any; ok is false when there is none, or when that node refused the
// call without running it (abi.CodeMoved: the callee moved here): then the call is
// tried here. A call whose answer was lost on the way is not sent again: it may have
// run.
func (e *Engine) remoteFirst(ctx context.Context, kind callKind, class, name, method string, input []byte) (out []byte, err error, ok bool) {
	if e.remote == nil || (kind != kindFetch && kind != kindMethod) {
		return nil, nil, false
	}
	peer, found := e.remote.Owner(class, name)
	if !found {
		return nil, nil, false
	}
	out, err = e.remoteRun(ctx, peer, kind == kindFetch, class, name, method, input)
	var ae *abi.Error
	if err != nil && errors.As(err, &ae) && (ae.Code == abi.CodeMoved || ae.Code == abi.CodeUnavailable) {
		e.remote.Forget(class, name)
		if ae.Code == abi.CodeMoved {
			return nil, nil, false
		}
	}
	return out, err, true
}

// HandOver gives the object up so that another node of the cluster can serve it at
// once: between calls, its last changes are uploaded, this node's claim is given up
// (backup.Replica.HandOver) and the object is closed. A later call here claims it
// again, if no other node did meanwhile, and finds the state in the bucket.
//
// # Errors
//
// As Bookmark (ErrClassNotFound, ErrInvalidName, an *abi.Error with
// abi.CodeUnavailable without Options.Backup, abi.CodeNotFound for an object with no
// data); an OwnedElsewhere error when another node owns it; the upload's and the
// release's (backup.Replica.HandOver).
func (e *Engine) HandOver(ctx context.Context, class, name string) error {
	_, err := e.hostCall(ctx, class, name, func(o *object, db *storage.DB) ([]byte, error) {
		o.restart = true // closed after this call, whatever happened: the next open prepares again
		return nil, o.replica.HandOver(ctx, db)
	})
	return err
}
