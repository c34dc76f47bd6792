package splitter

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// A model of the split protocol (package doc), run as a deterministic simulation: each
// seed picks one interleaving of clients' reads and writes, the split's steps, faults
// and recovery, and the checks below run at every step and at the end.
//
// What is modeled, and how it maps to the code:
//   - Two leaves: P (the parent object, leaf "" then "0") and C (the new object, leaf
//     "1"). Each step of a leaf (serving a call, a step of the split or of recovery)
//     is atomic, as one call under the object's input gate is.
//   - Clients send reads and writes of four keys (two per half) through their own split
//     map. A request may be lost before it arrives (nothing applied), or its answer
//     lost after it was applied (not acknowledged). A refused request is sent again
//     (the router's retry: a duplicate of a request that applied nothing); nothing else
//     is sent twice, because the transport is an in-process call that the router never
//     repeats after an ambiguous failure.
//   - The split driver runs the steps Moving, copy (install C provisional), switch,
//     live. The copy is P's state when it is installed: the real copy is made before
//     Moving and brought up to date after it from P's log (host.Snapshot.CatchUp). Any step may fail (the driver then rolls back if it has not switched), and
//     the process may crash at any point: the driver and every client's map and
//     in-flight answer are lost, the leaves' committed records stay. After a crash,
//     recovery runs at a leaf's first contact (Splitter.checkObject) and when a leaf
//     refuses a call as Moving with no split running or as Provisional
//     (Splitter.resolve); recovery's own steps may crash too.
//
// Checks: no key is served by two leaves; a read sees every write acknowledged before
// it was sent; at the end every acknowledged write is at its key's owner exactly once,
// and no write is there twice.

type mLeaf struct {
	exists, provisional, moving bool
	bits                        string
	data                        map[string][]int // key -> ids of the writes applied, in order
}

func (l mLeaf) clone() mLeaf {
	d := map[string][]int{}
	for k, v := range l.data {
		d[k] = slices.Clone(v)
	}
	l.data = d
	return l
}

// owns reports whether the leaf serves key (whose hash's first bit is half).
func (l mLeaf) owns(half byte) bool {
	return l.exists && !l.provisional && (l.bits == "" || l.bits[0] == half)
}

type mOp struct {
	write    bool
	key      string
	id       int
	toC      bool  // sent to C (else P)
	required []int // for a read: the writes acknowledged when it was sent
}

type mClient struct {
	knowsSplit bool
	op         *mOp
	waiting    bool // refused as Moving or Provisional: waits for recovery or the split
}

// variant selects a deliberately broken protocol, which the checks must catch.
type variant struct {
	noFence       bool // the parent keeps taking writes to the moving half during the copy
	liveOnInstall bool // the new leaf serves from its installation, before the switch
}

type model struct {
	rng        *rand.Rand
	v          variant
	p, c       mLeaf
	keys       []string
	half       map[string]byte
	clients    []*mClient
	acked      map[string][]int
	nextID     int
	drv        int  // the split driver's next step: 0 none, 1 Moving, 2 copy, 3 switch, 4 live
	needCheckP bool // after a crash: P's record is checked at its first contact
	needCheckC bool
	bad        []string

	// Coverage, so the test cannot pass by exploring nothing.
	splits, rollbacks, crashes [5]int // by the driver's step (crashes), or 1
}

func newModel(seed uint64, v variant) *model {
	m := &model{rng: rand.New(rand.NewPCG(seed, 99)), v: v,
		p:     mLeaf{exists: true, data: map[string][]int{}},
		keys:  []string{"a0", "b0", "a1", "b1"},
		half:  map[string]byte{"a0": '0', "b0": '0', "a1": '1', "b1": '1'},
		acked: map[string][]int{}}
	for range 3 {
		m.clients = append(m.clients, &mClient{})
	}
	return m
}

func (m *model) fail(format string, args ...any) { m.bad = append(m.bad, fmt.Sprintf(format, args...)) }

func (m *model) chance(p float64) bool { return m.rng.Float64() < p }

// checkOwners: no key is served by two leaves.
func (m *model) checkOwners() {
	for _, k := range m.keys {
		if m.p.owns(m.half[k]) && m.c.owns(m.half[k]) {
			m.fail("key %s served by both leaves (P %+v, C bits %q provisional %v)", k, m.p.bits, m.c.bits, m.c.provisional)
		}
	}
}

// serve delivers op to its leaf; it reports refused (retry) or done.
func (m *model) serve(cl *mClient) {
	op := cl.op
	l := &m.p
	if op.toC {
		l = &m.c
	}
	h := m.half[op.key]
	switch {
	case op.toC && !l.exists:
		// The router found no database for the leaf: the call fails (LeafError Missing).
		cl.op = nil
		return
	case op.toC && l.provisional:
		cl.waiting = true // resolve, then retry
		return
	case !l.owns(h):
		cl.knowsSplit = !op.toC // learns from the refusal and routes again
		op.toC = cl.knowsSplit && h == '1'
		return
	case op.write && l.moving && h == '1' && !m.v.noFence:
		cl.waiting = true // waits for the split, or for recovery if none runs
		return
	}
	if m.chance(0.05) { // lost before it arrived: nothing applied
		cl.op = nil
		return
	}
	if op.write {
		l.data[op.key] = append(l.data[op.key], op.id)
	} else {
		got := l.data[op.key]
		for _, id := range op.required {
			if !slices.Contains(got, id) {
				m.fail("stale read of %s: write %d acknowledged before the read, leaf has %v", op.key, id, got)
			}
		}
	}
	if !m.chance(0.05) && op.write { // else the answer is lost: not acknowledged
		m.acked[op.key] = append(m.acked[op.key], op.id)
	}
	cl.op = nil
}

// The driver's steps; each is one atomic call on one leaf (or the copy).
func (m *model) driverStep() {
	if m.chance(0.04) { // the step fails: roll back unless switched
		if m.drv <= 3 {
			m.rollback()
		}
		m.drv = 0
		return
	}
	switch m.drv {
	case 1:
		if m.p.bits != "" || m.p.moving {
			m.drv = 0
			return
		}
		if !m.v.noFence {
			m.p.moving = true
		}
		m.drv = 2
	case 2:
		m.c = m.p.clone()
		m.c.exists, m.c.provisional, m.c.moving, m.c.bits = true, !m.v.liveOnInstall, false, "1"
		m.drv = 3
	case 3:
		if m.p.moving || m.v.noFence {
			m.p.bits, m.p.moving = "0", false
		}
		m.drv = 4
	case 4:
		m.c.provisional = false
		m.drv = 0
		m.splits[0]++
	}
}

// rollback undoes a split that did not switch: the parent's Moving first (so nothing
// switches later), then the new leaf if it is provisional.
func (m *model) rollback() {
	m.rollbacks[0]++
	if m.p.moving {
		m.p.moving = false
	}
	if m.p.bits == "" && m.c.exists && (m.c.provisional || m.v.liveOnInstall) {
		m.c = mLeaf{}
	}
}

// resolve settles a provisional C from P's committed record (Splitter.resolve).
func (m *model) resolve() {
	if !m.c.exists || !m.c.provisional || m.drv != 0 {
		return
	}
	switch {
	case m.p.bits == "0":
		m.c.provisional = false
	case m.p.moving:
		m.rollback()
	default:
		m.c = mLeaf{}
	}
}

func (m *model) crash() {
	m.crashes[m.drv]++
	m.drv = 0
	for _, cl := range m.clients {
		*cl = mClient{} // maps and answers in flight are gone; a request in flight may have applied
	}
	m.needCheckP, m.needCheckC = true, true
}

func (m *model) step() {
	switch r := m.rng.IntN(100); {
	case r < 3:
		m.crash()
	case r < 8 && m.drv == 0 && m.p.bits == "" && !m.p.moving && !m.c.exists:
		m.drv = 1 // a split starts
	case r < 35 && m.drv != 0:
		m.driverStep()
	default:
		cl := m.clients[m.rng.IntN(len(m.clients))]
		switch {
		case cl.op == nil:
			k := m.keys[m.rng.IntN(len(m.keys))]
			m.nextID++
			cl.op = &mOp{write: m.chance(0.7), key: k, id: m.nextID, toC: cl.knowsSplit && m.half[k] == '1',
				required: slices.Clone(m.acked[k])}
		case cl.waiting:
			// Recovery runs when no split does (Splitter.waitSplit, Splitter.resolve).
			if m.drv == 0 {
				if cl.op.toC {
					m.resolve()
				} else if m.p.moving {
					m.rollback()
				}
				cl.waiting = false
			}
		default:
			// First contact after a crash checks the leaf's record (Splitter.checkObject).
			if !cl.op.toC && m.needCheckP {
				if m.p.moving && m.drv == 0 {
					m.rollback()
				}
				m.needCheckP = false
			}
			if cl.op.toC && m.needCheckC {
				m.resolve()
				m.needCheckC = false
			}
			m.serve(cl)
		}
	}
	m.checkOwners()
}

// finish lets recovery settle and checks every acknowledged write.
func (m *model) finish() {
	m.drv = 0
	if m.p.moving {
		m.rollback()
	}
	m.resolve()
	m.checkOwners()
	for _, k := range m.keys {
		h := m.half[k]
		var at []int
		switch {
		case m.p.owns(h):
			at = m.p.data[k]
		case m.c.owns(h):
			at = m.c.data[k]
		default:
			if len(m.acked[k]) > 0 {
				m.fail("key %s has acknowledged writes and no leaf serves it", k)
			}
			continue
		}
		for i, id := range at {
			if slices.Contains(at[:i], id) {
				m.fail("write %d applied twice to %s", id, k)
			}
		}
		for _, id := range m.acked[k] {
			if !slices.Contains(at, id) {
				m.fail("acknowledged write %d to %s lost: its owner has %v", id, k, at)
			}
		}
	}
}

// explore runs seeds and returns the first violation found, with its seed, and the
// coverage of the runs.
func explore(v variant, seeds, steps int) (seed int, violation string, cov model) {
	for s := range seeds {
		m := newModel(uint64(s), v)
		for range steps {
			m.step()
			if len(m.bad) > 0 {
				return s, m.bad[0], cov
			}
		}
		m.finish()
		if len(m.bad) > 0 {
			return s, m.bad[0], cov
		}
		for i := range cov.crashes {
			cov.crashes[i] += m.crashes[i]
		}
		cov.splits[0] += m.splits[0]
		cov.rollbacks[0] += m.rollbacks[0]
		cov.nextID += m.nextID
	}
	return -1, "", cov
}

func TestModelSplitProtocol(t *testing.T) {
	seeds := 20000
	if testing.Short() {
		seeds = 2000
	}
	seed, bad, cov := explore(variant{}, seeds, 200)
	if bad != "" {
		t.Fatalf("seed %d: %s", seed, bad)
	}
	t.Logf("%d runs: %d requests, %d splits completed, %d rollbacks, crashes by step %v",
		seeds, cov.nextID, cov.splits[0], cov.rollbacks[0], cov.crashes)
	for step, n := range cov.crashes {
		if n == 0 || cov.splits[0] == 0 || cov.rollbacks[0] == 0 {
			t.Fatalf("the runs never crashed at step %d, completed or rolled back a split: %+v", step, cov.crashes)
		}
	}
}

// The checks catch a protocol that lets the parent take writes to the moving half
// during the copy (they are lost at the switch), and one whose new leaf serves before
// the switch (two leaves serve a key).
func TestModelCatchesBrokenVariants(t *testing.T) {
	for name, v := range map[string]variant{
		"no fence during the copy": {noFence: true},
		"live before the switch":   {liveOnInstall: true},
	} {
		seed, bad, _ := explore(v, 20000, 200)
		if bad == "" {
			t.Errorf("%s: no violation found in 20000 seeds", name)
			continue
		}
		t.Logf("%s: seed %d: %s", name, seed, bad)
	}
}
