package splitter

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// cleanupBatch is how many given-away rows one background step deletes: small, so a
// step is a short call between the leaf's others.
const cleanupBatch = 500

// Split splits the leaf with bits of the object (POST .../_split): the half bits+"1"
// moves to a new object. It returns when the new leaf serves with all its data.
// ErrStale when the object holds no leaf bits now (it split meanwhile).
func (s *Splitter) Split(ctx context.Context, class, name, bits string) error {
	if err := s.checkName(class, name); err != nil {
		return err
	}
	maxDepth := s.Policy(class).MaxDepth
	switch {
	case !storage.ValidBits(bits) || len(bits) > 64:
		return fmt.Errorf("%w: leaf %q: bits are '0' and '1' only", host.ErrInvalidName, bits)
	case len(bits) >= maxDepth:
		return fmt.Errorf("%w: leaf %q is at the class's max_depth %d: it cannot split", ErrMaxDepth, bits, maxDepth)
	}
	if err := s.ensureRoot(ctx, class, name); err != nil {
		return err
	}
	return s.split(ctx, class, name, bits, "asked")
}

// begin registers an operation on the object objBits, or returns the one under way.
func (s *Splitter) begin(k string) (o *op, mine bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o := s.ops[k]; o != nil {
		return o, false
	}
	o = &op{done: make(chan struct{})}
	s.ops[k] = o
	return o, true
}

func (s *Splitter) end(k string, o *op, err error) {
	s.mu.Lock()
	delete(s.ops, k)
	s.mu.Unlock()
	o.err = err
	close(o.done)
}

// acquire registers an operation on k, waiting for the one under way to end.
func (s *Splitter) acquire(ctx context.Context, k string) (*op, error) {
	for {
		o, mine := s.begin(k)
		if mine {
			return o, nil
		}
		select {
		case <-o.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// running returns the operation under way on object objBits, if any.
func (s *Splitter) running(k string) *op {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ops[k]
}

// split runs the split protocol (package doc) on leaf bits.
func (s *Splitter) split(ctx context.Context, class, name, bits, why string) (err error) {
	p := s.Policy(class)
	objBits := objectBits(bits)
	if obj, err := s.leafObject(ctx, class, name, objBits); err != nil {
		return err
	} else if peer, remote, err := s.remote(ctx, class, obj); err != nil {
		return err
	} else if remote { // the node that owns the parent splits it
		_, err := s.peers.Leaf(ctx, peer, class, name, obj, LeafOp{Op: OpSplit, ObjBits: objBits, Bits: bits})
		switch {
		case errors.Is(err, ErrNotHere):
			s.peers.Forget(class, obj)
			return fmt.Errorf("%w: the object of leaf %q moved to another node during the split; ask again", ErrStale, bits)
		case !errors.Is(err, ErrPlacedDown):
			return err
		}
		ctx = pin(ctx, class, obj) // nobody owns it: split it here
	}
	k := objKey(class, name, objBits)
	o, err := s.acquire(ctx, k)
	if err != nil {
		return err
	}
	defer func() { s.end(k, o, err) }()
	parent, err := s.leafObject(ctx, class, name, objBits)
	if err != nil {
		return err
	}

	ctx, cancel := context.WithTimeout(ctx, p.SplitTimeout)
	defer cancel()
	start := time.Now()
	moving := bits + "1"
	child := LeafObject(name, moving)

	// 1. The snapshot, while the parent serves every call. The parent must hold the
	// leaf (the root is made by its first call); nothing changes or deletes it while its
	// operation slot is held. A leftover of an earlier try that crashed goes first.
	held, err := s.leafOf(ctx, class, name, objBits)
	switch {
	case errors.Is(err, ErrLeafMissing):
		return fmt.Errorf("%w: there is no leaf %q: object %s does not exist", ErrStale, bits, parent)
	case err != nil:
		return err
	case held.Bits != bits || held.Moving != "" || held.Provisional:
		return fmt.Errorf("%w: there is no leaf %q now: object %s holds leaf %q", ErrStale, bits, parent, held.Bits)
	}
	if err := s.removeProvisional(ctx, class, name, moving); err != nil {
		return fmt.Errorf("remove leftover %s: %w", child, err)
	}
	snap, err := s.e.Snapshot(ctx, class, parent, child)
	if err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	defer snap.Release()
	// The log of the copy's time, while nothing waits.
	if err := snap.CatchUp(); err != nil {
		return err
	}
	copied := time.Since(start)
	if err := s.crashPoint(stepSnapshot); err != nil {
		return err
	}

	// 2. Moving: writes to the half that moves wait from here on.
	_, err = s.run(ctx, class, name, objBits, func(tx *host.Tx) ([]byte, error) {
		leaf, err := tx.DB().Leaf()
		if err != nil {
			return nil, err
		}
		if leaf.Bits != bits || leaf.Moving != "" || leaf.Provisional {
			held = leaf
			return nil, ErrStale
		}
		leaf.Moving = moving
		if err := tx.DB().SetLeaf(leaf); err != nil {
			return nil, err
		}
		if tx.HasExport(abi.ExportBeforeHandOut) {
			if _, err := tx.Invoke(abi.ExportBeforeHandOut, leafRange(moving)); err != nil {
				return nil, fmt.Errorf("%s: %w", abi.ExportBeforeHandOut, err)
			}
		}
		return nil, nil
	})
	if errors.Is(err, ErrStale) {
		return fmt.Errorf("%w: there is no leaf %q now: object %s holds leaf %q", ErrStale, bits, parent, held.Bits)
	}
	if errors.Is(err, ErrLeafMissing) {
		return fmt.Errorf("%w: there is no leaf %q: object %s does not exist", ErrStale, bits, parent)
	}
	if err != nil {
		return err
	}
	if err := s.crashPoint(stepMoving); err != nil {
		return err
	}
	// From here a failure before the switch rolls back.
	switched := false
	defer func() {
		if err != nil && !switched && !errors.Is(err, errCrash) {
			if rerr := s.rollback(context.WithoutCancel(ctx), class, name, bits); rerr != nil {
				err = errors.Join(err, fmt.Errorf("roll back: %w", rerr))
			}
		}
	}()

	// 3. The copy takes the commits since, the Moving one included: it has every write
	// of the moving half. It becomes the new leaf, provisional. The catch-up runs under
	// the parent's input gate, so no batch is between its commit and its undoing (a
	// durable upload that failed cuts the log back when its batch ends).
	if _, err := s.run(ctx, class, name, objBits, func(*host.Tx) ([]byte, error) {
		return nil, snap.CatchUp()
	}); err != nil {
		return err
	}
	nowMs := time.Now().UnixMilli()
	if err := snap.Install(ctx, func(db *storage.DB) error {
		if err := db.SetLeaf(storage.Leaf{Bits: moving, Provisional: true, SplitMs: nowMs, Cleanup: true}); err != nil {
			return err
		}
		_, err := db.AlarmDelete() // the parent's alarm stays the parent's
		return err
	}); err != nil {
		return fmt.Errorf("install: %w", err)
	}
	if err := s.crashPoint(stepCopied); err != nil {
		return err
	}
	if err := s.afterClone(ctx, class, name, moving); err != nil {
		return err
	}
	if s.e.Options().Backup != nil {
		// The new leaf reaches the bucket before the switch: a disk lost after the
		// parent's switch is uploaded must find the moving half there.
		if _, err := s.e.Bookmark(ctx, class, child); err != nil {
			return fmt.Errorf("upload the new leaf: %w", err)
		}
	}

	// 4. The switch.
	_, err = s.run(ctx, class, name, objBits, func(tx *host.Tx) ([]byte, error) {
		leaf, err := tx.DB().Leaf()
		if err != nil {
			return nil, err
		}
		if leaf.Bits != bits || leaf.Moving != moving {
			return nil, fmt.Errorf("%w: object %s changed during the split: leaf %q moving %q", ErrStale, parent, leaf.Bits, leaf.Moving)
		}
		return nil, tx.DB().SetLeaf(storage.Leaf{Bits: bits + "0", SplitMs: nowMs, Cleanup: true})
	})
	if err != nil {
		return fmt.Errorf("switch: %w", err)
	}
	switched = true
	snap.Release()
	if err := s.crashPoint(stepSwitched); err != nil {
		return err
	}

	// 5. The new leaf goes live; both sides delete what they do not own.
	if err := s.makeLive(ctx, class, name, moving); err != nil {
		// The split is done; the new leaf goes live at its first call.
		s.log.Warn("split: new leaf not live yet", "class", class, "object", name, "leaf", moving, "err", err)
	}
	s.cleanup(class, name, objBits)
	if !s.handOverNew(ctx, class, name, moving) {
		s.cleanup(class, name, moving) // else its new owner does, at its first call
	}
	s.log.Info("split", "class", class, "object", name, "leaf", bits, "why", why,
		"copy_ms", copied.Milliseconds(), "total_ms", time.Since(start).Milliseconds())
	return nil
}

// The steps of a split after which a test may stop it as a crash would
// (Splitter.crashAt): nothing after the step runs, not even a rollback.
const (
	stepMoving   = 1 // the parent committed Moving (the copy is made, not installed)
	stepCopied   = 2 // the new leaf's database is installed, provisional
	stepSwitched = 3 // the parent switched; the new leaf is not live yet
	stepSnapshot = 4 // the copy is made and caught up; nothing waits yet (before stepMoving)
)

// errCrash is the error of a split that crashPoint stopped.
var errCrash = errors.New("split stopped as by a crash (test)")

func (s *Splitter) crashPoint(step int) error {
	if s.crashAt != nil && s.crashAt(step) {
		return errCrash
	}
	return nil
}

// rollback undoes a split of leaf bits that did not switch: it clears the parent's
// Moving first, so nothing can switch to the new leaf afterwards, then removes the new
// leaf if it is still provisional. It does nothing to a parent that switched. Call it
// with the parent's operation registered, so nothing else changes the parent
// meanwhile.
func (s *Splitter) rollback(ctx context.Context, class, name, bits string) error {
	moving := bits + "1"
	var leaf storage.Leaf
	cleared := false
	if _, err := s.run(ctx, class, name, objectBits(bits), func(tx *host.Tx) ([]byte, error) {
		var err error
		if leaf, err = tx.DB().Leaf(); err != nil || leaf.Moving != moving {
			return nil, err
		}
		l := leaf
		l.Moving = ""
		cleared = true
		return nil, tx.DB().SetLeaf(l)
	}); err != nil {
		return err
	}
	if len(leaf.Bits) > len(bits) {
		return nil // switched: the new leaf is the owner now
	}
	if err := s.removeProvisional(ctx, class, name, moving); err != nil {
		return err
	}
	if cleared {
		s.log.Info("split rolled back", "class", class, "object", name, "leaf", bits)
	}
	return nil
}

// errForeign rolls back removeProvisional's look at an object that holds data.
var errForeign = errors.New("foreign data")

// removeProvisional deletes the object of the new leaf with bits if it exists and is
// still provisional; a live leaf is never removed, and neither is an object that holds
// no leaf of its own but holds data (ErrForeignData).
func (s *Splitter) removeProvisional(ctx context.Context, class, name, bits string) error {
	obj, err := s.leafObject(ctx, class, name, bits)
	if err != nil {
		return err
	}
	var leaf storage.Leaf
	_, err = s.run(ctx, class, name, bits, func(tx *host.Tx) ([]byte, error) {
		var err error
		if leaf, err = tx.DB().Leaf(); err != nil || checkHolds(name, bits, leaf) == nil {
			return nil, err
		}
		if data, err := tx.DB().HoldsData(); err != nil {
			return nil, err
		} else if data {
			return nil, errForeign // and the look changes nothing
		}
		return nil, nil
	})
	switch {
	case errors.Is(err, ErrLeafMissing):
		return nil // nothing to remove
	case errors.Is(err, errForeign):
		return fmt.Errorf("%w: object %s holds no leaf but holds data; the split leaves it as it is", ErrForeignData, obj)
	case err != nil:
		return err
	}
	if !leaf.Provisional && checkHolds(name, bits, leaf) == nil {
		return fmt.Errorf("leaf object %s is live (leaf %q); it is not removed", obj, leaf.Bits)
	}
	// Provisional, or an empty database made by mistake that holds no leaf of its own.
	s.checked.Delete(objKey(class, name, bits))
	if err := s.e.Delete(ctx, class, obj); err != nil {
		return err
	}
	s.forgetName(class, name, bits)
	return nil
}

// leafOf reads the leaf record of the object objBits, under its input gate (s.run).
func (s *Splitter) leafOf(ctx context.Context, class, name, objBits string) (leaf storage.Leaf, err error) {
	_, err = s.run(ctx, class, name, objBits, func(tx *host.Tx) ([]byte, error) {
		leaf, err = tx.DB().Leaf()
		return nil, err
	})
	return leaf, err
}

// makeLive ends the provisional state of the new leaf with bits (its parent switched).
// It runs no plugin code, so only a failure of the host can stop it.
func (s *Splitter) makeLive(ctx context.Context, class, name, bits string) error {
	_, err := s.run(ctx, class, name, bits, func(tx *host.Tx) ([]byte, error) {
		leaf, err := tx.DB().Leaf()
		if err != nil || !leaf.Provisional {
			return nil, err
		}
		leaf.Provisional = false
		return nil, tx.DB().SetLeaf(leaf)
	})
	return err
}

// afterClone runs the plugin's after_clone on the new leaf with bits while it is still
// provisional, before the switch: a plugin that fails it fails the split, which then
// rolls back.
func (s *Splitter) afterClone(ctx context.Context, class, name, bits string) error {
	_, err := s.run(ctx, class, name, bits, func(tx *host.Tx) ([]byte, error) {
		if !tx.HasExport(abi.ExportAfterClone) {
			return nil, nil
		}
		if _, err := tx.Invoke(abi.ExportAfterClone, leafRange(bits)); err != nil {
			return nil, fmt.Errorf("%s: %w", abi.ExportAfterClone, err)
		}
		return nil, nil
	})
	return err
}

// resolve settles the provisional leaf in object objBits (which ends in 1: a new
// object is named by its own bits) from its parent's committed record: live if the
// parent switched, gone if the parent's split did not.
func (s *Splitter) resolve(ctx context.Context, class, name, objBits string) error {
	if objBits == "" || objBits[len(objBits)-1] != '1' {
		return fmt.Errorf("object %q cannot be a new leaf", LeafObject(name, objBits))
	}
	parentBits := objBits[:len(objBits)-1]
	pk := objKey(class, name, objectBits(parentBits))
	// Nothing may change the parent meanwhile: take its operation slot.
	o, err := s.acquire(ctx, pk)
	if err != nil {
		return err
	}
	err = s.resolveLocked(ctx, class, name, objBits, parentBits)
	s.end(pk, o, err)
	return err
}

func (s *Splitter) resolveLocked(ctx context.Context, class, name, objBits, parentBits string) error {
	parent, err := s.leafOf(ctx, class, name, objectBits(parentBits))
	if err != nil {
		return err
	}
	switch {
	case len(parent.Bits) >= len(objBits): // the parent switched past this split
		if err := s.makeLive(ctx, class, name, objBits); err != nil {
			return err
		}
		s.cleanup(class, name, objBits)
		return nil
	case parent.Moving == objBits: // a split that did not switch, and no longer runs
		return s.rollback(ctx, class, name, parentBits)
	}
	// A leftover of a split rolled back before its copy was removed.
	return s.removeProvisional(ctx, class, name, objBits)
}

// checkObject looks once per process at the record of the object objBits before it
// serves a call: it rolls back a split cut short by a crash, settles a provisional
// leaf, and resumes the deletion of given-away rows.
func (s *Splitter) checkObject(ctx context.Context, class, name, objBits string) error {
	return once(ctx, &s.checked, objKey(class, name, objBits), func() error {
		return s.recover(ctx, class, name, objBits)
	})
}

// once runs f the first time it is called with k in m, and, while it runs and after it
// succeeded, makes the other callers with k wait for it and share its result. A failed
// f is tried again by the next caller.
func once(ctx context.Context, m *sync.Map, k string, f func() error) error {
	v, loaded := m.LoadOrStore(k, &check{done: make(chan struct{})})
	c := v.(*check)
	if loaded {
		select {
		case <-c.done:
		case <-ctx.Done():
			return ctx.Err()
		}
	} else {
		c.err = f()
		close(c.done)
	}
	if c.err != nil {
		m.CompareAndDelete(k, c)
	}
	return c.err
}

// recover is checkObject's work.
func (s *Splitter) recover(ctx context.Context, class, name, objBits string) error {
	leaf, err := s.leafOf(ctx, class, name, objBits)
	if err != nil {
		return err
	}
	if err := checkHolds(name, objBits, leaf); err != nil {
		return err
	}
	if leaf.Provisional {
		return s.resolve(ctx, class, name, objBits)
	}
	if leaf.Moving != "" {
		k := objKey(class, name, objBits)
		o, mine := s.begin(k)
		if !mine { // a split runs now, in this process
			return nil
		}
		err := s.rollback(ctx, class, name, leaf.Bits)
		s.end(k, o, err)
		if err != nil {
			return err
		}
	}
	if leaf.Cleanup {
		s.cleanup(class, name, objBits)
	}
	return nil
}

// checkHolds refuses an object that does not hold a leaf under its own bits: the
// database of a leaf was deleted or lost, and an empty one must not serve its keys.
func checkHolds(name, objBits string, leaf storage.Leaf) error {
	if !strings.HasPrefix(leaf.Bits, objBits) {
		return fmt.Errorf("%w: object %s holds leaf %q, not a leaf under %q: its database was deleted or lost",
			ErrLeafMissing, LeafObject(name, objBits), leaf.Bits, objBits)
	}
	return nil
}

// waitSplit waits until no split of the object objBits runs, after it refused a write
// as host.Moving; if none runs in this process, the Moving is a leftover of a crash and
// is rolled back.
func (s *Splitter) waitSplit(ctx context.Context, class, name, objBits string) error {
	k := objKey(class, name, objBits)
	if o := s.running(k); o != nil {
		select {
		case <-o.done:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return s.recover(ctx, class, name, objBits)
}

// ensureRoot presplits a new object to its policy's InitialDepth, once per process.
func (s *Splitter) ensureRoot(ctx context.Context, class, name string) error {
	depth := s.Policy(class).InitialDepth
	if depth == 0 {
		return nil
	}
	return once(ctx, &s.roots, class+"\x00"+name, func() error {
		return s.presplit(ctx, class, name, depth)
	})
}

// presplit splits every leaf shallower than depth until none is: a new object becomes
// 2^depth leaves, and a presplit cut short (a crash, a cancelled first call) is
// finished by the next one.
func (s *Splitter) presplit(ctx context.Context, class, name string, depth int) error {
	for round := 0; ; round++ {
		if round > 2*depth+2 {
			return fmt.Errorf("presplit to depth %d: leaves keep changing", depth)
		}
		var shallow []string
		if err := s.walk(ctx, class, name, true, leafStep{Kind: stepRecord}, func(r stepResult, _ string) error {
			if len(r.Leaf.Bits) < depth {
				shallow = append(shallow, r.Leaf.Bits)
			}
			return nil
		}); err != nil {
			return err
		}
		if len(shallow) == 0 {
			return nil
		}
		for _, bits := range shallow {
			if err := s.split(ctx, class, name, bits, "initial_depth"); err != nil && !errors.Is(err, ErrStale) {
				return fmt.Errorf("presplit to depth %d: %w", depth, err)
			}
		}
	}
}

// cleanup starts, unless it runs, the background deletion of the rows that the leaf in
// object objBits does not own. A request while it runs makes it look again before it
// ends, so a split that marks the leaf again is not missed.
func (s *Splitter) cleanup(class, name, objBits string) {
	k := objKey(class, name, objBits)
	s.mu.Lock()
	if s.ctx.Err() != nil {
		s.mu.Unlock()
		return
	}
	if _, running := s.cleaning[k]; running {
		s.cleaning[k] = true
		s.mu.Unlock()
		return
	}
	s.cleaning[k] = false
	s.bg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.bg.Done()
		for {
			s.clean(class, name, objBits)
			s.mu.Lock()
			again := s.cleaning[k] && s.ctx.Err() == nil
			if !again {
				delete(s.cleaning, k)
				s.mu.Unlock()
				return
			}
			s.cleaning[k] = false
			s.mu.Unlock()
		}
	}()
}

// clean deletes given-away rows of the leaf in object objBits, a batch per call, until
// none are left or the leaf is not marked for cleanup.
func (s *Splitter) clean(class, name, objBits string) {
	obj := LeafObject(name, objBits)
	for s.ctx.Err() == nil {
		done := false
		_, err := s.run(s.ctx, class, name, objBits, func(tx *host.Tx) ([]byte, error) {
			leaf, err := tx.DB().Leaf()
			if err != nil || !leaf.Cleanup || leaf.Provisional {
				done = true
				return nil, err
			}
			n, err := tx.DB().KeyedDeleteOutside(leaf.Bits, cleanupBatch)
			if err != nil || n > 0 {
				return nil, err
			}
			done = true
			leaf.Cleanup = false
			return nil, tx.DB().SetLeaf(leaf)
		})
		if err != nil {
			if s.ctx.Err() == nil && !errors.Is(err, ErrLeafMissing) { // deleted meanwhile
				s.log.Warn("split cleanup", "class", class, "object", obj, "err", err)
			}
			return
		}
		if done {
			return
		}
		// Let the leaf's calls go first.
		select {
		case <-time.After(time.Millisecond):
		case <-s.ctx.Done():
		}
	}
}
