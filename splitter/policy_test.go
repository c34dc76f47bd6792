package splitter

// Tests of Policy and the load tracker that decides when a leaf splits.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/storage"
)

// Load-driven splits with several clients and many concurrent writers and readers:
// the object splits, every acknowledged add is applied once, and no key is answered by
// a leaf that does not own it.
func TestLoadSplitsUnderManyWritersApplyEveryAddOnce(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{CallsPerSecond: 30, Window: time.Second, MaxDepth: 3})
	keys := keysN("load", 200)
	a := newAcked()
	cr := newCrew(t)
	var calls atomic.Int64
	writers(t, cr, s, "load", keys, 6, a, &calls)
	// Readers with their own maps, over random subsets of the keys.
	for r := range 2 {
		c := s.Client()
		rng := rand.New(rand.NewPCG(uint64(r), 9))
		cr.run(func() bool {
			sub := make([]string, 0, 8)
			for _, i := range rng.Perm(len(keys))[:8] {
				sub = append(sub, keys[i])
			}
			res, err := c.Call(ctx, "ledger", "load", "get", Request{Keys: sub})
			if err == nil {
				err = checkOwners(sub, res)
			}
			if err != nil {
				t.Errorf("reader: %v", err)
				return false
			}
			return true
		})
	}
	deadline := time.Now().Add(15 * time.Second)
	n := 0
	for time.Now().Before(deadline) && !t.Failed() {
		info, err := s.Describe(ctx, "ledger", "load")
		if err != nil {
			t.Fatal(err)
		}
		if n = len(info); n >= 4 || (n >= 2 && time.Now().After(deadline.Add(-9*time.Second))) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cr.halt()
	if n < 2 {
		t.Fatalf("a busy object of %d keys did not split under load (%d leaves)", len(keys), n)
	}
	a.check(t, s, "load", keys)
	info := waitCleanup(t, s, "load")
	rawRows(t, e, "load", info)
	_, bits := sumRows(info)
	t.Logf("leaves %v after %d calls", bits, calls.Load())
}

// simulate feeds a leaf's load tracker calls at rate per second for secs seconds of
// simulated time, each call naming the keys pick returns, and returns the first
// moment it decided to split (-1 if it never did) and the last reason it declined.
func simulate(p Policy, bits string, rate, secs int, pick func() []string) (splitAt time.Duration, declined string) {
	p, _ = p.WithDefaults()
	t0 := time.Unix(1_700_000_000, 0)
	l := newLoad(p, t0)
	for i := 0; i < rate*secs; i++ {
		now := t0.Add(time.Duration(i) * time.Second / time.Duration(rate))
		keys := pick()
		l.add(p, keys, now)
		split, why := l.decide(p, bits, now)
		if why != "" {
			declined = why
		}
		if split {
			return now.Sub(t0), declined
		}
	}
	return -1, declined
}

// The load policy on skewed keys. A leaf hot because of one key (Zipf-distributed
// keys whose busiest carries well over half of the load) must decline to split, every
// time, and say why; so must one whose busy keys all hash into one half; and one at
// MaxDepth. A leaf whose load is spread over many keys splits.
func TestPolicyDeclinesSkewedLoad(t *testing.T) {
	p := Policy{CallsPerSecond: 100, Window: 5 * time.Second, MaxDepth: 4}
	// Zipf over 1,000 keys with s = 3: the top key takes about 83% of the calls.
	zipfKeys := keysN("z", 1000)
	for seed := uint64(1); seed <= 4; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		z := rand.NewZipf(rng, 3, 1, uint64(len(zipfKeys)-1))
		counts := map[string]int{}
		total := 0
		at, why := simulate(p, "", 500, 120, func() []string {
			k := zipfKeys[z.Uint64()]
			counts[k]++
			total++
			return []string{k}
		})
		top := 0
		for _, n := range counts {
			top = max(top, n)
		}
		if at >= 0 {
			t.Errorf("seed %d: a leaf whose busiest key carries %.0f%% of its calls decided to split after %v (last declined: %q)", seed, 100*float64(top)/float64(total), at, why)
		} else if !strings.Contains(why, "z0") {
			t.Errorf("seed %d: declined %q; want the hot key named", seed, why)
		}
	}
	// Many keys, all in half 1 of leaf "": a split would not divide the load.
	var oneHalf []string
	for i := 0; len(oneHalf) < 200; i++ {
		if k := fmt.Sprint("h", i); storage.PrefixOwns("1", storage.KeyHash(k)) {
			oneHalf = append(oneHalf, k)
		}
	}
	rng := rand.New(rand.NewPCG(3, 3))
	if at, why := simulate(p, "", 1000, 60, func() []string { return []string{oneHalf[rng.IntN(len(oneHalf))]} }); at >= 0 {
		t.Errorf("a leaf whose keys all hash into one half decided to split after %v", at)
	} else if !strings.Contains(why, "one half") {
		t.Errorf("keys in one half: declined %q", why)
	}
	// Spread keys, at MaxDepth: no split.
	spread := keysN("s", 500)
	if at, why := simulate(p, "0101", 1000, 30, func() []string { return []string{spread[rng.IntN(len(spread))]} }); at >= 0 {
		t.Errorf("a leaf at MaxDepth decided to split after %v", at)
	} else if !strings.Contains(why, "maximum depth") {
		t.Errorf("at MaxDepth: declined %q", why)
	}
	// Spread keys below MaxDepth: a split, once the window is full.
	if at, _ := simulate(p, "", 1000, 30, func() []string { return []string{spread[rng.IntN(len(spread))]} }); at < 0 {
		t.Error("a busy leaf with spread keys never decided to split")
	}
}
