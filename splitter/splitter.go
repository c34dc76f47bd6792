// Package splitter runs splittable classes: objects that split themselves into leaves
// when they stay busy, and the split maps that callers follow (ABI.md section 4.7).
//
// A splittable object is named like any object; its leaves are addressed by the bits
// of the key hash (storage.KeyHash). A leaf lives in the object named by its bits
// without trailing zeros (LeafObject): when leaf 01 splits, 010 stays where it is and
// only 011 goes to a new object, so a split makes one copy and leaves no router behind.
//
// # The split protocol
//
// A split of leaf b (in object P) into b0 (staying in P) and b1 (new object C):
//
//  1. P's database is copied as a snapshot (host.Engine.Snapshot): P checkpoints, its
//     file is held unchanged while it is copied, and P serves every call meanwhile,
//     its writes going to its write-ahead log. The copy then takes the commits made
//     during the copy from that log (Snapshot.CatchUp).
//  2. P commits Moving = b1 (and runs the plugin's before_hand_out). From then on P
//     refuses writes to keys of b1 with host.Moving; reads of them go on.
//  3. The copy takes the commits since the last catch-up, the Moving one included, so
//     it holds every write of b1, and is installed as C, whose record says Bits = b1,
//     Provisional; C's plugin runs after_clone.
//  4. P commits Bits = b0, Moving = "": the switch, the split's commit point. P now
//     refuses keys of b1 with host.Moved, and callers go to C.
//  5. C commits Provisional = false; each side deletes the rows it does not own in the
//     background; they are invisible from the switch on.
//
// Writes to b1 wait only from step 2 to step 4: a short catch-up, not the copy.
//
// A crash at any step is resolved from P's committed record: a split that did not
// switch is rolled back (C deleted, Moving cleared) and one that did is completed (C
// made live). A provisional C serves nothing until then, so no key is ever served by
// two leaves. Splits are final. The protocol is model-checked in model_test.go.
package splitter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// Errors of this package.
var (
	// ErrSpansLeaves: CallOneLeaf was given keys that live on more than one leaf.
	// Nothing was applied.
	ErrSpansLeaves = errors.New("keys span leaves")
	// ErrNotSplittable: the class does not export sobjects_splittable.
	ErrNotSplittable = errors.New("class is not splittable")
	// ErrLeafMissing: the object of a leaf holds no leaf under its bits (its database
	// was deleted or lost); it serves nothing rather than answer from an empty
	// database.
	ErrLeafMissing = errors.New("leaf missing")
	// ErrMaxDepth: a split was asked of a leaf at its class's maximum depth.
	ErrMaxDepth = errors.New("leaf at maximum depth")
	// ErrStale: a split was asked of a leaf that no longer exists as named (it split,
	// or is splitting).
	ErrStale = errors.New("leaf changed")
	// ErrForeignData: a split found the object that its new leaf would live in holding
	// data that no split wrote (it holds no leaf record); the split refuses, and
	// changes nothing, rather than replace that data.
	ErrForeignData = errors.New("leaf object holds data that no split wrote")
)

// MaxNameBytes is the longest name of a splittable object: a leaf's object name adds
// "/" and up to 32 bits.
const MaxNameBytes = abi.MaxNameLen - 33

// LeafObject is the name of the object that holds the leaves whose bits, without
// trailing zeros, are objBits: name itself for the root (""), else host.LeafName
// (name, '/', objBits), a name no ordinary object can have.
func LeafObject(name, objBits string) string {
	if objBits == "" {
		return name
	}
	return host.LeafName(name, objBits)
}

// legacyLeafObject is the name versions before host.LeafName gave the object of the
// leaves objBits: name, '~', objBits, a name that an ordinary object could have too.
func legacyLeafObject(name, objBits string) string { return name + "~" + objBits }

// errProbe rolls back the transaction of leafObject's look at a legacy object.
var errProbe = errors.New("probe")

// leafObject is the object that holds the leaves objBits of the splittable object
// name: LeafObject's, or, for leaves that an earlier version made and named
// legacyLeafObject, that object, when LeafObject's has no database and the legacy one
// holds a leaf under objBits (a record that only the splitter writes: the database of
// an ordinary object with that name has none, and is never taken for a leaf). Such a
// leaf is served where it is; the leaves it splits off get LeafObject names.
func (s *Splitter) leafObject(ctx context.Context, class, name, objBits string) (string, error) {
	obj := LeafObject(name, objBits)
	if objBits == "" {
		return obj, nil
	}
	k := objKey(class, name, objBits)
	if v, ok := s.names.Load(k); ok {
		return v.(string), nil
	}
	if ok, err := s.e.ObjectExists(ctx, class, obj); err != nil || ok {
		if ok {
			s.names.Store(k, obj)
		}
		return obj, err
	}
	old := legacyLeafObject(name, objBits)
	if ok, err := s.e.ObjectExists(ctx, class, old); err != nil || !ok {
		return obj, err
	}
	var leaf storage.Leaf
	_, err := s.e.RunExisting(ctx, class, old, func(tx *host.Tx) ([]byte, error) {
		var err error
		if leaf, err = tx.DB().Leaf(); err != nil {
			return nil, err
		}
		return nil, errProbe // changes nothing, not even the keyed tables' creation
	})
	switch {
	case errors.Is(err, host.ErrNoDatabase):
		return obj, nil
	case !errors.Is(err, errProbe):
		return obj, err
	case checkHolds(name, objBits, leaf) != nil:
		return obj, nil // an ordinary object's
	}
	s.names.Store(k, old)
	return old, nil
}

// forgetName drops what leafObject learned of the object objBits (it was deleted).
func (s *Splitter) forgetName(class, name, objBits string) {
	s.names.Delete(objKey(class, name, objBits))
}

// objectBits is the bits of the object that holds leaf bits.
func objectBits(bits string) string { return strings.TrimRight(bits, "0") }

// Options configure a Splitter.
type Options struct {
	// Policies by class; a class not named gets Default.
	Policies map[string]Policy
	// Default is the policy of classes not in Policies.
	Default Policy
	// Logger receives split events; nil means slog.Default().
	Logger *slog.Logger
}

// Splitter routes calls of splittable classes to their leaves and splits leaves by
// policy. One Splitter serves one engine; it is safe for concurrent use. Each caller
// that wants its own split map takes a Client; the Splitter's own (used by
// CallJSON, for calls between objects) is shared.
type Splitter struct {
	e        *host.Engine
	log      *slog.Logger
	policies map[string]Policy
	def      Policy
	client   *Client
	peers    Peers // nil: one node (SetPeers)

	ctx    context.Context // ends at Close: background work stops
	cancel context.CancelFunc
	bg     sync.WaitGroup

	loads   sync.Map // by objKey: *load
	checked sync.Map // leaf objects checked since start, by objKey: *check
	names   sync.Map // the objects of leaf objects (leafObject), by objKey: string
	roots   sync.Map // logical objects checked for InitialDepth, by class+name: *check

	mu       sync.Mutex
	ops      map[string]*op    // parent-object operations under way (split, rollback), by objKey
	deleting map[string]*op    // Deletes under way, by class+"\x00"+name
	deletes  map[string]uint64 // Deletes done, by class+"\x00"+name
	cleaning map[string]bool   // background deletions under way, by objKey

	crashAt func(step int) bool // tests: stop a split after step as a crash would
}

// op is an operation on a parent object; done closes when it ends.
type op struct {
	done chan struct{}
	err  error
}

// check is a once-per-process look at an object's record.
type check struct {
	done chan struct{}
	err  error
}

// New returns a Splitter over e, and makes e route calls between objects through it.
func New(e *host.Engine, opts Options) (*Splitter, error) {
	def, err := opts.Default.WithDefaults()
	if err != nil {
		return nil, err
	}
	policies := map[string]Policy{}
	for class, p := range opts.Policies {
		if policies[class], err = p.WithDefaults(); err != nil {
			return nil, fmt.Errorf("class %s: %w", class, err)
		}
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Splitter{e: e, log: log, policies: policies, def: def, ctx: ctx, cancel: cancel,
		ops: map[string]*op{}, cleaning: map[string]bool{}, deleting: map[string]*op{}, deletes: map[string]uint64{}}
	s.client = s.Client()
	e.SetKeyedRouter(s)
	return s, nil
}

// Close stops background work (deletions of given-away rows, load-driven splits) and
// waits for it. A split cut short is resolved at the next start.
func (s *Splitter) Close() {
	s.mu.Lock() // no background work starts after this (observe, cleanup check ctx under mu)
	s.cancel()
	s.mu.Unlock()
	s.bg.Wait()
}

// Policy returns the split policy of class.
func (s *Splitter) Policy(class string) Policy {
	if p, ok := s.policies[class]; ok {
		return p
	}
	return s.def
}

func objKey(class, name, objBits string) string { return class + "\x00" + name + "\x00" + objBits }

// checkName refuses calls to a class that is not splittable and to names that cannot
// have leaves.
func (s *Splitter) checkName(class, name string) error {
	split, err := s.e.Splittable(class)
	if err != nil {
		return err
	}
	if !split {
		return fmt.Errorf("%w: %s (export sobjects_splittable to make it one)", ErrNotSplittable, class)
	}
	if err := host.ValidateObjectName(name); err != nil {
		return err
	}
	if strings.Contains(name, "~") || len(name) > MaxNameBytes {
		// No '~': the legacy names of leaves (legacyLeafObject) stay unambiguous.
		return fmt.Errorf("%w: the name of a splittable object may not contain '~' and is at most %d bytes", host.ErrInvalidName, MaxNameBytes)
	}
	return nil
}

// leafRange is the input of after_clone and before_hand_out.
func leafRange(bits string) []byte {
	lo, hi := storage.SQLHashRange(bits)
	b, _ := json.Marshal(map[string]any{"bits": bits, "hash_lo": lo, "hash_hi": hi})
	return b
}

// observe records a call to the leaf in object objBits, and starts a split if the
// policy says so.
func (s *Splitter) observe(class, name, objBits, bits string, keys []string) {
	p := s.Policy(class)
	if p.Disabled {
		return
	}
	k := objKey(class, name, objBits)
	now := time.Now()
	v, ok := s.loads.Load(k)
	if !ok {
		v, _ = s.loads.LoadOrStore(k, newLoad(p, now))
	}
	l := v.(*load)
	l.add(p, keys, now)
	if split, _ := l.decide(p, bits, now); split {
		s.mu.Lock()
		if s.ctx.Err() != nil {
			s.mu.Unlock()
			return
		}
		s.bg.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.bg.Done()
			err := s.split(s.ctx, class, name, bits, "load")
			if err != nil && !errors.Is(err, ErrStale) && s.ctx.Err() == nil {
				s.log.Warn("split failed", "class", class, "object", name, "leaf", bits, "err", err)
			}
			s.loads.Store(k, newLoad(p, time.Now())) // the leaf changed: measure it afresh
		}()
	}
}

// LeafInfo describes one leaf (GET /v1/objects/{class}/{name}/_leaves).
type LeafInfo struct {
	Leaf           string     `json:"leaf"`                 // its bits
	Object         string     `json:"object"`               // the object that holds it
	Rows           int64      `json:"rows"`                 // keyed rows it owns
	CallsPerSecond float64    `json:"calls_per_second"`     // weighted, over the policy's window, on the node that serves it, to 0.1
	LastSplit      *time.Time `json:"last_split,omitempty"` // when it last split or was made; absent if never
	Declined       string     `json:"declined,omitempty"`   // why it last declined to split, if it did
	Splitting      bool       `json:"splitting"`            // a split of it is under way
	Cleanup        bool       `json:"cleanup"`              // it still deletes rows it gave away
	Node           string     `json:"node,omitempty"`       // in a cluster, the node that owns its object
}

// Describe returns every leaf of the object, ordered by bits. An object that does not
// exist yet is described as one empty leaf, without creating it.
func (s *Splitter) Describe(ctx context.Context, class, name string) ([]LeafInfo, error) {
	if err := s.checkName(class, name); err != nil {
		return nil, err
	}
	if ok, err := s.e.ObjectExists(ctx, class, name); err != nil {
		return nil, err
	} else if !ok {
		return []LeafInfo{{Leaf: "", Object: name}}, nil
	}
	var out []LeafInfo
	err := s.walk(ctx, class, name, true, leafStep{Kind: stepDescribe}, func(r stepResult, _ string) error {
		out = append(out, r.Info)
		return nil
	})
	slices.SortFunc(out, func(a, b LeafInfo) int { return strings.Compare(a.Leaf, b.Leaf) })
	return out, err
}

// Delete deletes every leaf of the object: their databases, alarms and backups, the
// new leaves last (so a crash midway leaves a root that still names them). No split of
// it runs meanwhile. Callers' split maps learn at their next call: a leaf found missing
// makes a Client route again from the root (Client.Forget does it at once).
func (s *Splitter) Delete(ctx context.Context, class, name string) error {
	if err := s.checkName(class, name); err != nil {
		return err
	}
	// One Delete of an object at a time; callers that find a leaf missing meanwhile wait
	// for it (deleteGeneration).
	dk := class + "\x00" + name
	s.mu.Lock()
	if err := s.awaitDelete(ctx, dk); err != nil {
		s.mu.Unlock()
		return err
	}
	del := &op{done: make(chan struct{})}
	s.deleting[dk] = del
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.deleting, dk)
		s.deletes[dk]++
		s.mu.Unlock()
		close(del.done)
	}()
	held := map[string]*op{}
	defer func() {
		for k, o := range held {
			s.end(k, o, nil)
		}
	}()
	var objs []string
	for {
		// The objects of every leaf, and of a split cut short (its provisional copy).
		objs = objs[:0]
		if ok, err := s.e.ObjectExists(ctx, class, name); err != nil {
			return err
		} else if ok {
			if err := s.walk(ctx, class, name, false, leafStep{Kind: stepRecord}, func(r stepResult, objBits string) error {
				objs = append(objs, objBits)
				if r.Leaf.Moving != "" {
					objs = append(objs, r.Leaf.Moving)
				}
				return nil
			}); err != nil {
				return err
			}
		}
		grew := false
		for _, ob := range objs {
			k := objKey(class, name, ob)
			if held[k] == nil {
				// Its object is deleted here: another node that owns it hands it over,
				// and splits it no more.
				if err := s.pull(ctx, class, name, ob); err != nil {
					return err
				}
				o, err := s.acquire(ctx, k)
				if err != nil {
					return err
				}
				held[k], grew = o, true
			}
		}
		if !grew { // no split could change the set since the walk
			break
		}
	}
	// Deepest first: the root, which names the others, goes last.
	slices.SortFunc(objs, func(a, b string) int { return len(b) - len(a) })
	for _, ob := range objs {
		obj, err := s.leafObject(ctx, class, name, ob)
		if err != nil {
			return err
		}
		if ok, err := s.e.ObjectExists(ctx, class, obj); err != nil {
			return err
		} else if !ok {
			continue
		}
		if err := s.e.Delete(ctx, class, obj); err != nil {
			return err
		}
		s.forgetName(class, name, ob)
	}
	prefix := objKey(class, name, "")
	for _, m := range []*sync.Map{&s.checked, &s.loads, &s.names} {
		m.Range(func(k, _ any) bool {
			if strings.HasPrefix(k.(string), prefix) {
				m.Delete(k)
			}
			return true
		})
	}
	s.roots.Delete(class + "\x00" + name)
	s.client.Forget(class, name)
	return nil
}

// deleteGeneration waits for a Delete of the object under way, if any, and returns how
// many Deletes of it are done.
func (s *Splitter) deleteGeneration(ctx context.Context, class, name string) (uint64, error) {
	dk := class + "\x00" + name
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.awaitDelete(ctx, dk); err != nil {
		return 0, err
	}
	return s.deletes[dk], nil
}

// awaitDelete waits until no Delete of the object dk runs. Call it with s.mu held; it
// returns with s.mu held.
func (s *Splitter) awaitDelete(ctx context.Context, dk string) error {
	for s.deleting[dk] != nil {
		ch := s.deleting[dk].done
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			s.mu.Lock()
			return ctx.Err()
		}
		s.mu.Lock()
	}
	return nil
}

// run runs fn in the object objBits of the splittable object name: host.Engine.Run for
// the root, which a first call creates, and RunExisting for the others, which only
// splits make (ErrLeafMissing when one has no database).
func (s *Splitter) run(ctx context.Context, class, name, objBits string, fn func(tx *host.Tx) ([]byte, error)) ([]byte, error) {
	if objBits == "" {
		out, err := s.e.Run(ctx, class, name, fn)
		if s.peers != nil && ownedElsewhere(err) && !pinned(ctx, class, name) {
			if err := s.pull(ctx, class, name, ""); err != nil {
				return nil, err
			}
			out, err = s.e.Run(ctx, class, name, fn)
		}
		return out, err
	}
	obj, err := s.leafObject(ctx, class, name, objBits)
	if err != nil {
		return nil, err
	}
	out, err := s.e.RunExisting(ctx, class, obj, fn)
	if s.peers != nil && ownedElsewhere(err) && !pinned(ctx, class, obj) {
		if err := s.pull(ctx, class, name, objBits); err != nil {
			return nil, err
		}
		out, err = s.e.RunExisting(ctx, class, obj, fn)
	}
	if errors.Is(err, host.ErrNoDatabase) {
		return out, fmt.Errorf("%w: %v", ErrLeafMissing, err)
	}
	return out, err
}

// errProvisional is walk's signal that a leaf must be resolved first.
var errProvisional = errors.New("provisional leaf")

// What walk does at each leaf (leafStep.Kind).
const (
	stepRecord   = "record"   // read the leaf's record
	stepScan     = "scan"     // and run a method on it
	stepDescribe = "describe" // and describe it (LeafInfo)
)

// leafStep is what walk does at each leaf: the same here and, for a leaf another node
// owns, on that node (OpStep).
type leafStep struct {
	Kind   string `json:"kind"`
	Method string `json:"method,omitempty"` // stepScan
	Input  []byte `json:"input,omitempty"`  // stepScan
}

// stepResult is a leafStep's result at one leaf.
type stepResult struct {
	Leaf   storage.Leaf    `json:"leaf"`
	Output json.RawMessage `json:"output,omitempty"` // stepScan
	Info   LeafInfo        `json:"info"`             // stepDescribe
}

// walk does step at every leaf of the object, each in its leaf's input gate and
// transaction, on the node that owns its object, starting at the root and following the
// splits each leaf records; visit gets each leaf's result.
//
// A provisional leaf is settled first (Splitter.resolve), unless settle is false: the
// step then gets it as it is (Delete, which holds the operation slots resolve needs).
func (s *Splitter) walk(ctx context.Context, class, name string, settle bool, step leafStep, visit func(r stepResult, objBits string) error) error {
	queue := []string{""}
	for len(queue) > 0 {
		objBits := queue[0]
		queue = queue[1:]
		r, err := s.stepAt(ctx, class, name, objBits, settle, step)
		if err != nil {
			return err
		}
		if err := visit(r, objBits); err != nil {
			return err
		}
		// The objects this one gave halves to: one per split since it was made.
		for i := len(objBits); i < len(r.Leaf.Bits); i++ {
			queue = append(queue, r.Leaf.Bits[:i]+"1")
		}
	}
	return nil
}

// stepAt does step at the leaf in object objBits, on the node that owns the object.
func (s *Splitter) stepAt(ctx context.Context, class, name, objBits string, settle bool, step leafStep) (stepResult, error) {
	for try := 0; ; try++ {
		obj, err := s.leafObject(ctx, class, name, objBits)
		if err != nil {
			return stepResult{}, err
		}
		peer, remote, err := s.remote(ctx, class, obj)
		if err != nil || !remote {
			if err == nil {
				return s.stepHere(ctx, class, name, objBits, settle, step)
			}
			return stepResult{}, err
		}
		a, err := s.peers.Leaf(ctx, peer, class, name, obj, LeafOp{Op: OpStep, ObjBits: objBits, Step: step, Settle: settle})
		switch {
		case errors.Is(err, ErrPlacedDown):
			return s.stepHere(pin(ctx, class, obj), class, name, objBits, settle, step)
		case errors.Is(err, ErrNotHere) && try < 3:
			s.peers.Forget(class, obj)
			continue
		case err != nil:
			return stepResult{}, err
		case a.Step == nil:
			return stepResult{}, fmt.Errorf("splitter: node %s answered a step of %s without its result", peer, obj)
		}
		return *a.Step, nil
	}
}

// stepHere does step at the leaf in object objBits, here.
func (s *Splitter) stepHere(ctx context.Context, class, name, objBits string, settle bool, step leafStep) (stepResult, error) {
	var r stepResult
	for try := 0; ; try++ {
		if settle {
			if err := s.checkObject(ctx, class, name, objBits); err != nil {
				return r, err
			}
		}
		_, err := s.run(ctx, class, name, objBits, func(tx *host.Tx) ([]byte, error) {
			leaf, err := tx.DB().Leaf()
			if err != nil {
				return nil, err
			}
			if err := checkHolds(name, objBits, leaf); err != nil {
				return nil, err
			}
			if leaf.Provisional && settle {
				return nil, errProvisional
			}
			r, err = s.doStep(ctx, tx, class, name, objBits, leaf, step)
			return nil, err
		})
		if errors.Is(err, errProvisional) && try < 3 {
			if err := s.resolve(ctx, class, name, objBits); err != nil {
				return r, err
			}
			continue
		}
		return r, err
	}
}

// doStep is step at leaf, in its transaction tx.
func (s *Splitter) doStep(ctx context.Context, tx *host.Tx, class, name, objBits string, leaf storage.Leaf, step leafStep) (stepResult, error) {
	r := stepResult{Leaf: leaf}
	switch step.Kind {
	case stepRecord:
	case stepScan:
		if !tx.HasExport(step.Method) {
			return r, fmt.Errorf("%w: %q", host.ErrMethodNotFound, step.Method)
		}
		o, err := tx.Invoke(step.Method, step.Input)
		if err != nil {
			return r, err
		}
		if !json.Valid(o) {
			o, _ = json.Marshal(o)
		}
		r.Output = o
	case stepDescribe:
		rows, err := tx.DB().KeyedCount(leaf.Bits)
		if err != nil {
			return r, err
		}
		obj, err := s.leafObject(ctx, class, name, objBits)
		if err != nil {
			return r, err
		}
		info := LeafInfo{Leaf: leaf.Bits, Object: obj, Rows: rows, Cleanup: leaf.Cleanup, Splitting: leaf.Moving != ""}
		if s.peers != nil {
			info.Node = s.peers.Node()
		}
		if leaf.SplitMs != 0 {
			t := time.UnixMilli(leaf.SplitMs).UTC()
			info.LastSplit = &t
		}
		if v, ok := s.loads.Load(objKey(class, name, objBits)); ok {
			l := v.(*load)
			l.mu.Lock()
			info.CallsPerSecond, info.Declined = math.Round(l.rate(time.Now())*10)/10, l.declined
			l.mu.Unlock()
		}
		r.Info = info
	default:
		return r, abi.Errorf(abi.CodeBadInput, "no leaf step %q", step.Kind)
	}
	return r, nil
}
