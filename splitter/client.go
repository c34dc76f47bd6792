package splitter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// maxHops bounds the retries of one call: a stale split map costs one hop per split it
// missed, so this is far more than a real map needs.
const maxHops = 64

// Client routes keyed calls to leaves through its split map: the depth it knows of
// each leaf object. It learns lazily: a leaf that gets a key it no longer owns refuses
// it (host.Moved) with its record, the client updates its map and retries. A stale map
// costs an extra hop, never a wrong answer, since splits are final and every leaf
// checks its keys. Safe for concurrent use.
type Client struct {
	s      *Splitter
	mu     sync.RWMutex
	depths map[string]int // by objKey: the depth of the leaf the object was last seen to hold
}

// Client returns a new Client with an empty split map.
func (s *Splitter) Client() *Client { return &Client{s: s, depths: map[string]int{}} }

// route gives the object and leaf that the map says own hash h.
func (c *Client) route(class, name string, h uint64) (objBits, bits string) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	for {
		d, ok := c.depths[objKey(class, name, objBits)]
		if !ok || d < len(objBits) {
			d = len(objBits) // a new object holds the leaf named by its bits
		}
		hb := storage.HashBits(h, d)
		i := len(objBits)
		for i < d && hb[i] == '0' {
			i++
		}
		if i == d { // the object's leaf is objBits padded with zeros to depth d
			return objBits, hb
		}
		objBits = hb[:i+1] // the object that got the half with this 1 bit
	}
}

// learn records that object objBits holds a leaf of depth d.
func (c *Client) learn(class, name, objBits string, d int) {
	k := objKey(class, name, objBits)
	c.mu.Lock()
	if d > c.depths[k] {
		c.depths[k] = d
	}
	c.mu.Unlock()
}

// Forget drops what the map knows of the object: its next calls start at the root.
func (c *Client) Forget(class, name string) {
	prefix := objKey(class, name, "")
	c.mu.Lock()
	for k := range c.depths {
		if strings.HasPrefix(k, prefix) {
			delete(c.depths, k)
		}
	}
	c.mu.Unlock()
}

// callState is what the leaf calls of one keyed call share.
type callState struct {
	forgot sync.Map // objBits -> true: the map was dropped once when that leaf object was missing

	mu      sync.Mutex
	deletes uint64 // Deletes of the object done when the call began, or when it last routed again for one
	output  int    // bytes of the leaves' outputs so far (host.Options.MaxOutputBytes bounds them in all)

	leaves chan struct{} // a slot per leaf called at once
}

// errOutputSpent: the leaves that answered already gave a keyed call all the output it
// may have, so a leaf not yet called is not called (its keys are applied nowhere).
var errOutputSpent = fmt.Errorf("%w: the leaves that answered gave this call its whole output limit (host.Options.MaxOutputBytes), so this leaf was not called: call it with fewer keys", host.ErrTooLarge)

// missing decides what a call does about the leaf object objBits found without a
// database: route again from the root when a Delete of the object ran since the call
// began (waiting for one under way), or, once per leaf object, when the map may be
// stale; else fail with ErrLeafMissing.
func (c *Client) missing(ctx context.Context, st *callState, class, name, objBits string) (retry bool, err error) {
	gen, err := c.s.deleteGeneration(ctx, class, name)
	if err != nil {
		return false, err
	}
	st.mu.Lock()
	deleted := gen != st.deletes
	st.deletes = gen
	st.mu.Unlock()
	if _, done := st.forgot.LoadOrStore(objBits, true); !done || deleted {
		c.Forget(class, name)
		return true, nil
	}
	return false, fmt.Errorf("%w: object %s has no leaf under %q", ErrLeafMissing, LeafObject(name, objBits), objBits)
}

// newCallState starts the state of one call.
func (c *Client) newCallState(ctx context.Context, class, name string) (*callState, error) {
	gen, err := c.s.deleteGeneration(ctx, class, name)
	return &callState{deletes: gen, leaves: make(chan struct{}, max(2, c.s.e.Options().Threads))}, err
}

// LeafResult is the answer of one leaf to a keyed call.
type LeafResult struct {
	Leaf      string          `json:"leaf"`      // the leaf's bits
	Positions []int           `json:"positions"` // of its keys in the caller's list
	Output    json.RawMessage `json:"result"`    // the method's output
}

// Request is a keyed call: the keys, one payload per key (or none), other arguments.
// Over HTTP it is the JSON body {"keys": [...], "payloads": [...] or null, "args": ...}.
type Request struct {
	Keys     []string          `json:"keys"`
	Payloads []json.RawMessage `json:"payloads,omitempty"`
	Args     json.RawMessage   `json:"args,omitempty"`
}

func (r Request) check() error {
	if len(r.Keys) == 0 {
		return abi.Errorf(abi.CodeBadInput, "a keyed call names at least one key")
	}
	if r.Payloads != nil && len(r.Payloads) != len(r.Keys) {
		return abi.Errorf(abi.CodeBadInput, "%d payloads for %d keys: give one per key, or none", len(r.Payloads), len(r.Keys))
	}
	seen := make(map[string]bool, len(r.Keys))
	for _, k := range r.Keys {
		switch {
		case k == "" || !utf8.ValidString(k):
			return abi.Errorf(abi.CodeBadInput, "a key must be 1 to %d bytes of UTF-8", abi.MaxKVKeyBytes)
		case len(k) > abi.MaxKVKeyBytes:
			return abi.Errorf(abi.CodeTooLarge, "key of %d bytes is over the limit of %d", len(k), abi.MaxKVKeyBytes)
		case seen[k]:
			// A method reads its keys, then writes: the second of a pair would overwrite
			// the first.
			return abi.Errorf(abi.CodeBadInput, "key %q appears twice: name each key once", k)
		}
		seen[k] = true
	}
	for i, p := range r.Payloads {
		if !json.Valid(p) {
			return abi.Errorf(abi.CodeBadInput, "payload %d is not JSON", i)
		}
	}
	if r.Args != nil && !json.Valid(r.Args) {
		return abi.Errorf(abi.CodeBadInput, "args are not JSON")
	}
	return nil
}

// input encodes the part of r at positions for one leaf: {"keys", "payloads", "args"}.
// The request was checked: its payloads and args are JSON, its keys UTF-8.
func (r Request) input(positions []int) ([]byte, []string) {
	keys := make([]string, len(positions))
	n := 32 + len(r.Args)
	for i, p := range positions {
		keys[i] = r.Keys[p]
		n += len(keys[i]) + 4
		if r.Payloads != nil {
			n += len(r.Payloads[p]) + 1
		}
	}
	b := make([]byte, 0, n)
	b = append(b, `{"keys":[`...)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
	}
	b = append(b, `],"payloads":`...)
	if r.Payloads == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range positions {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, r.Payloads[p]...)
		}
		b = append(b, ']')
	}
	if r.Args != nil {
		b = append(b, `,"args":`...)
		b = append(b, r.Args...)
	}
	return append(b, '}'), keys
}

// appendJSONString appends s, valid UTF-8, as a JSON string (RFC 8259 section 7).
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// group splits positions by the leaf the map routes them to.
func (c *Client) group(class, name string, keys []string, positions []int) map[string][]int {
	groups := map[string][]int{}
	for _, p := range positions {
		objBits, _ := c.route(class, name, storage.KeyHash(keys[p]))
		groups[objBits] = append(groups[objBits], p)
	}
	return groups
}

// Call runs method with the request on every leaf that owns some of its keys, each
// leaf once with its keys, concurrently, and returns one result per leaf. Each leaf's
// call is its own transaction: when some leaves fail, Call returns the results of the
// others with an error that joins a *LeafCallError per failed leaf (LeafErrors lists
// them). Errors before any leaf is called: ErrNotSplittable, host.ErrInvalidName,
// host.ErrMethodNotFound, an *abi.Error with code bad_input for a malformed request.
// A leaf's errors are as for host.Engine.Call.
func (c *Client) Call(ctx context.Context, class, name, method string, r Request) ([]LeafResult, error) {
	if err := c.prepare(ctx, class, name, method, r); err != nil {
		return nil, err
	}
	positions := make([]int, len(r.Keys))
	for i := range positions {
		positions[i] = i
	}
	st, err := c.newCallState(ctx, class, name)
	if err != nil {
		return nil, err
	}
	return c.callSpread(ctx, class, name, method, r, positions, 0, st)
}

// CallOneLeaf runs method on the one leaf that owns every key of the request, or fails
// with ErrSpansLeaves, before anything is applied, when they live on several.
func (c *Client) CallOneLeaf(ctx context.Context, class, name, method string, r Request) (LeafResult, error) {
	if err := c.prepare(ctx, class, name, method, r); err != nil {
		return LeafResult{}, err
	}
	positions := make([]int, len(r.Keys))
	for i := range positions {
		positions[i] = i
	}
	st, err := c.newCallState(ctx, class, name)
	if err != nil {
		return LeafResult{}, err
	}
	for hop := 0; hop < maxHops; hop++ {
		groups := c.group(class, name, r.Keys, positions)
		if len(groups) > 1 {
			return LeafResult{}, fmt.Errorf("%w: %d keys live on %d leaves", ErrSpansLeaves, len(r.Keys), len(groups))
		}
		for objBits := range groups {
			res, retry, err := c.callLeaf(ctx, class, name, method, r, objBits, positions, st)
			if !retry {
				return res, err
			}
		}
	}
	return LeafResult{}, fmt.Errorf("splitter: call of %s/%s not settled after %d hops", class, name, maxHops)
}

func (c *Client) prepare(ctx context.Context, class, name, method string, r Request) error {
	if err := c.s.checkName(class, name); err != nil {
		return err
	}
	if err := c.s.e.CheckMethod(class, method); err != nil {
		return err
	}
	if err := r.check(); err != nil {
		return err
	}
	return c.s.ensureRoot(ctx, class, name)
}

// callSpread calls the leaves of positions, regrouping those a leaf refused.
func (c *Client) callSpread(ctx context.Context, class, name, method string, r Request, positions []int, hops int, st *callState) ([]LeafResult, error) {
	if hops >= maxHops {
		return nil, fmt.Errorf("splitter: call of %s/%s not settled after %d hops", class, name, maxHops)
	}
	groups := c.group(class, name, r.Keys, positions)
	if len(groups) == 1 { // the common case: no goroutine
		for objBits, ps := range groups {
			res, retry, err := c.callLeaf(ctx, class, name, method, r, objBits, ps, st)
			switch {
			case retry:
				return c.callSpread(ctx, class, name, method, r, ps, hops+1, st)
			case err != nil:
				return nil, c.leafError(class, name, r, ps, err)
			}
			return []LeafResult{res}, nil
		}
	}
	type answer struct {
		res []LeafResult
		err error
	}
	answers := make(chan answer, len(groups))
	for objBits, ps := range groups {
		go func() {
			res, retry, err := c.callLeaf(ctx, class, name, method, r, objBits, ps, st)
			switch {
			case retry:
				more, err := c.callSpread(ctx, class, name, method, r, ps, hops+1, st)
				answers <- answer{more, err}
			case err != nil:
				answers <- answer{nil, c.leafError(class, name, r, ps, err)}
			default:
				answers <- answer{[]LeafResult{res}, nil}
			}
		}()
	}
	var out []LeafResult
	var errs []error
	for range groups {
		a := <-answers
		out = append(out, a.res...)
		if a.err != nil {
			errs = append(errs, a.err)
		}
	}
	return out, errors.Join(errs...)
}

// LeafCallError is the failure of one leaf's part of a keyed call: the keys at
// Positions (in the caller's list) got Err. An error of Call wraps one per failed
// leaf; errors.Is and errors.As see through it to Err.
type LeafCallError struct {
	Leaf      string // the leaf's bits, as the caller's split map knew them
	Positions []int
	Err       error
}

func (e *LeafCallError) Error() string {
	return fmt.Sprintf("leaf %q (keys at %v): %v", e.Leaf, e.Positions, e.Err)
}

func (e *LeafCallError) Unwrap() error { return e.Err }

// LeafErrors returns the *LeafCallError values that err (from Call) holds.
func LeafErrors(err error) []*LeafCallError {
	var out []*LeafCallError
	var walk func(error)
	walk = func(err error) {
		var le *LeafCallError
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
		} else if errors.As(err, &le) {
			out = append(out, le)
		}
	}
	if err != nil {
		walk(err)
	}
	return out
}

func (c *Client) leafError(class, name string, r Request, positions []int, err error) error {
	_, bits := c.route(class, name, storage.KeyHash(r.Keys[positions[0]]))
	return &LeafCallError{Leaf: bits, Positions: positions, Err: err}
}

// callLeaf calls the leaf in object objBits with the keys at positions. retry means
// the leaf refused them and nothing was applied: the map has learned, route again.
//
// A leaf object found missing may be one the map learned of before the object was
// deleted: the map is dropped and the call routed again from the root, once.
//
// A keyed call's leaves answer at most host.Options.MaxOutputBytes in all, and run
// as many at once as the engine has worker threads: once the outputs so far come to
// the limit, the leaves not yet called fail with host.ErrTooLarge without running, so
// the answers held at once come to at most the limit and one output per thread.
func (c *Client) callLeaf(ctx context.Context, class, name, method string, r Request, objBits string, positions []int, st *callState) (res LeafResult, retry bool, err error) {
	select {
	case st.leaves <- struct{}{}:
	case <-ctx.Done():
		return res, false, ctx.Err()
	}
	defer func() { <-st.leaves }()
	st.mu.Lock()
	spent := st.output >= c.s.e.Options().MaxOutputBytes
	st.mu.Unlock()
	if spent {
		return res, false, errOutputSpent
	}
	res, retry, err = c.callLeafNow(ctx, class, name, method, r, objBits, positions, st)
	st.mu.Lock()
	st.output += len(res.Output)
	st.mu.Unlock()
	return res, retry, err
}

func (c *Client) callLeafNow(ctx context.Context, class, name, method string, r Request, objBits string, positions []int, st *callState) (res LeafResult, retry bool, err error) {
	s := c.s
	input, keys := r.input(positions)
	obj, err := s.leafObject(ctx, class, name, objBits)
	if err != nil {
		return res, false, err
	}
	var a LeafAnswer
	peer, remote, err := s.remote(ctx, class, obj)
	switch {
	case err != nil:
		return res, false, err
	case remote:
		a, err = s.peers.Leaf(ctx, peer, class, name, obj, LeafOp{Op: OpCall, ObjBits: objBits, Method: method, Keys: keys, Input: input})
		if errors.Is(err, ErrPlacedDown) {
			a, err = s.callHere(pin(ctx, class, obj), class, name, objBits, method, keys, input)
		}
	default:
		a, err = s.callHere(ctx, class, name, objBits, method, keys, input)
	}
	switch {
	case s.peers != nil && (errors.Is(err, ErrNotHere) || ownedElsewhere(err)):
		s.peers.Forget(class, obj) // it moved: ask where it is now
		return res, true, nil
	case err != nil:
		return res, false, err
	case a.Missing:
		retry, err := c.missing(ctx, st, class, name, objBits)
		return res, retry, err
	case a.Retry:
		c.learn(class, name, objBits, a.Depth)
		return res, true, nil
	}
	c.learn(class, name, objBits, len(a.Leaf))
	return LeafResult{Leaf: a.Leaf, Positions: positions, Output: a.Output}, false, nil
}

// callHere runs a keyed call's part on the leaf in object objBits, here: for this
// node's callers and for other nodes' (ServeLeaf). A leaf that refuses the keys (it
// split, is splitting, or is provisional) answers Retry once what it waited for is
// done; a leaf object without its leaf answers Missing.
func (s *Splitter) callHere(ctx context.Context, class, name, objBits, method string, keys []string, input []byte) (LeafAnswer, error) {
	if err := s.checkObject(ctx, class, name, objBits); err != nil {
		if errors.Is(err, ErrLeafMissing) {
			return LeafAnswer{Missing: true}, nil
		}
		return LeafAnswer{}, err
	}
	obj, err := s.leafObject(ctx, class, name, objBits)
	if err != nil {
		return LeafAnswer{}, err
	}
	out, leaf, err := s.e.CallKeyed(ctx, class, obj, objBits, method, keys, input)
	var le *host.LeafError
	if errors.As(err, &le) {
		switch le.Reason {
		case host.Moved:
			return LeafAnswer{Retry: true, Depth: len(le.Leaf.Bits)}, nil
		case host.Moving:
			if err := s.waitSplit(ctx, class, name, objBits); err != nil {
				return LeafAnswer{}, err
			}
		case host.Provisional:
			if err := s.resolve(ctx, class, name, objBits); err != nil {
				return LeafAnswer{}, err
			}
		case host.Missing:
			return LeafAnswer{Missing: true}, nil
		}
		return LeafAnswer{Retry: true}, nil
	}
	if err != nil {
		return LeafAnswer{}, err
	}
	s.observe(class, name, objBits, leaf.Bits, keys)
	if !json.Valid(out) {
		out, _ = json.Marshal(out) // bytes that are not JSON travel as a base64 string
	}
	return LeafAnswer{Leaf: leaf.Bits, Output: out}, nil
}

// Scan calls method on every leaf of the object, with no keys and args, and returns
// one result per leaf (not a global snapshot: each leaf answers at its own time). A
// leaf's method can walk its rows with keyed_scan. The outputs come to at most
// host.Options.MaxOutputBytes in all: past it, Scan stops and fails with
// host.ErrTooLarge.
func (c *Client) Scan(ctx context.Context, class, name, method string, args json.RawMessage) ([]LeafResult, error) {
	if err := c.s.checkName(class, name); err != nil {
		return nil, err
	}
	if !abi.IsMethodName(method) {
		return nil, fmt.Errorf("%w: %q", host.ErrMethodNotFound, method)
	}
	if err := c.s.ensureRoot(ctx, class, name); err != nil {
		return nil, err
	}
	input, _ := json.Marshal(struct {
		Keys     []string        `json:"keys"`
		Payloads []string        `json:"payloads"`
		Args     json.RawMessage `json:"args,omitempty"`
	}{Keys: []string{}, Args: args})
	var out []LeafResult
	total, limit := 0, c.s.e.Options().MaxOutputBytes
	err := c.s.walk(ctx, class, name, true, leafStep{Kind: stepScan, Method: method, Input: input}, func(r stepResult, objBits string) error {
		// Each leaf's output is bounded (host.Options.MaxOutputBytes); so are all of them.
		if total += len(r.Output); total > limit {
			out = nil
			return fmt.Errorf("%w: the outputs of the leaves scanned so far are over the limit of %d bytes in all (host.Options.MaxOutputBytes): return less from each leaf",
				host.ErrTooLarge, limit)
		}
		c.learn(class, name, objBits, len(r.Leaf.Bits))
		out = append(out, LeafResult{Leaf: r.Leaf.Bits, Positions: []int{}, Output: r.Output})
		return nil
	})
	var ce *host.CallError
	if errors.As(err, &ce) {
		ce.Method = method // not the walk's own transaction
	}
	slices.SortFunc(out, func(a, b LeafResult) int { return strings.Compare(a.Leaf, b.Leaf) })
	return out, err
}

// CallJSON implements host.KeyedRouter for calls between objects: input is a Request
// as JSON, the output {"leaves": [LeafResult...]}, with "errors" (as over HTTP) when
// some leaves failed and others answered; when every leaf failed, the error.
func (s *Splitter) CallJSON(ctx context.Context, class, name, method string, input []byte) ([]byte, error) {
	var r Request
	if err := json.Unmarshal(input, &r); err != nil {
		return nil, abi.Errorf(abi.CodeBadInput, "a call to splittable class %s takes {\"keys\", \"payloads\", \"args\"}: %v", class, err)
	}
	res, err := s.client.Call(ctx, class, name, method, r)
	if err != nil && len(res) == 0 {
		return nil, err
	}
	return json.Marshal(Answer(res, err, func(err error) (int, string) {
		var ae *abi.Error
		if errors.As(err, &ae) {
			return ae.Code.HTTPStatus(), ae.Code.String()
		}
		return 500, "internal"
	}))
}

// AnswerBody is the JSON answer of a keyed call: the results of the leaves that
// answered and, when some failed, their errors.
type AnswerBody struct {
	Leaves []LeafResult  `json:"leaves"`
	Errors []LeafFailure `json:"errors,omitempty"`
}

// LeafFailure is one failed leaf in an AnswerBody.
type LeafFailure struct {
	Leaf      string `json:"leaf"`
	Positions []int  `json:"positions"`
	Status    int    `json:"status"` // the HTTP status the error alone would have
	Code      string `json:"code"`
	Detail    string `json:"detail"`
}

// Answer builds the AnswerBody of Call's results and error; classify gives an error's
// status and code (the server's mapping).
func Answer(res []LeafResult, err error, classify func(error) (int, string)) AnswerBody {
	b := AnswerBody{Leaves: res}
	if b.Leaves == nil {
		b.Leaves = []LeafResult{}
	}
	for _, le := range LeafErrors(err) {
		status, code := classify(le.Err)
		b.Errors = append(b.Errors, LeafFailure{Leaf: le.Leaf, Positions: le.Positions, Status: status, Code: code, Detail: le.Err.Error()})
	}
	return b
}
