package splitter

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/sobjects/sobjects/storage"
)

// Policy says when a leaf of a splittable class splits. Each zero field means its
// default. It is read from sobjects.toml ([split.CLASS]) by `sobjects run`.
type Policy struct {
	// CallsPerSecond is the load above which a leaf splits, in weighted calls per
	// second averaged over Window. Default DefaultCallsPerSecond.
	CallsPerSecond float64 `mapstructure:"calls_per_second" json:"calls_per_second"`
	// Window is how long the load must stay above CallsPerSecond. Default 5 s.
	Window time.Duration `mapstructure:"window" json:"window"`
	// MaxDepth bounds the leaves' depth: at most 2^MaxDepth leaves. Default 12, at
	// most 32.
	MaxDepth int `mapstructure:"max_depth" json:"max_depth"`
	// KeysPerCall sets the weight of a call: 1 + keys/KeysPerCall. Default 25.
	KeysPerCall int `mapstructure:"keys_per_call" json:"keys_per_call"`
	// InitialDepth presplits a new object into 2^InitialDepth leaves at its first call,
	// for keys known to spread evenly. Default 0.
	InitialDepth int `mapstructure:"initial_depth" json:"initial_depth"`
	// Copy is how a split copies the leaf: "snapshot" (a copy of the database file,
	// storage.CopyFile) or "auto" (the same: snapshots always work on this host, so the
	// row-by-row copy that splittable-object falls back to without them is not built).
	// Default "auto".
	Copy string `mapstructure:"copy" json:"copy"`
	// SplitTimeout bounds one split; a split that takes longer is rolled back. Default
	// 60 s.
	SplitTimeout time.Duration `mapstructure:"split_timeout" json:"split_timeout"`
	// Disabled turns load-driven splits off (explicit splits and InitialDepth still
	// work).
	Disabled bool `mapstructure:"disabled" json:"disabled"`
}

// DefaultCallsPerSecond is the default split threshold: about half of what one leaf
// served over HTTP on the development machine, in calls per second (15,000 to 19,000;
// `sobjects bench --splittable`, 1 KiB values, fsync; docs/performance.md), leaving room
// for real work and for the split itself.
const DefaultCallsPerSecond = 10000

// hotKeyShare is the share of a leaf's load above which one key makes a split useless:
// the half that keeps that key stays above the threshold.
const hotKeyShare = 0.5

// minHalfShare is the least share of the busiest keys' load that each half of a split
// must take for the split to be worth its copy.
const minHalfShare = 0.05

// WithDefaults returns p with each zero field set to its default, or an error naming
// the field that is out of range.
func (p Policy) WithDefaults() (Policy, error) {
	if p.CallsPerSecond == 0 {
		p.CallsPerSecond = DefaultCallsPerSecond
	}
	if p.Window == 0 {
		p.Window = 5 * time.Second
	}
	if p.MaxDepth == 0 {
		p.MaxDepth = 12
	}
	if p.KeysPerCall == 0 {
		p.KeysPerCall = 25
	}
	if p.Copy == "" {
		p.Copy = "auto"
	}
	if p.SplitTimeout == 0 {
		p.SplitTimeout = 60 * time.Second
	}
	switch {
	case p.CallsPerSecond < 0:
		return p, fmt.Errorf("split policy: calls_per_second must be positive")
	case p.Window < time.Second:
		return p, fmt.Errorf("split policy: window must be at least 1s")
	case p.MaxDepth < 1 || p.MaxDepth > 32:
		return p, fmt.Errorf("split policy: max_depth must be 1 to 32")
	case p.KeysPerCall < 1:
		return p, fmt.Errorf("split policy: keys_per_call must be positive")
	case p.InitialDepth < 0 || p.InitialDepth > p.MaxDepth:
		return p, fmt.Errorf("split policy: initial_depth must be 0 to max_depth (%d)", p.MaxDepth)
	case !slices.Contains([]string{"snapshot", "auto"}, p.Copy):
		return p, fmt.Errorf("split policy: copy must be snapshot or auto, not %q", p.Copy)
	case p.SplitTimeout < 0:
		return p, fmt.Errorf("split policy: split_timeout must be positive")
	}
	return p, nil
}

// weight is the load of a call with n keys.
func (p Policy) weight(n int) float64 { return 1 + float64(n)/float64(p.KeysPerCall) }

// load tracks the calls of one leaf: weighted calls per second over the policy's
// window, and the keys that carry the most of it (the Space-Saving algorithm of
// Metwally, Agrawal and El Abbadi, "Efficient Computation of Frequent and Top-k
// Elements in Data Streams", 2005), so a leaf hot because of one key is not split.
type load struct {
	mu       sync.Mutex
	start    time.Time // when tracking began (after the leaf's last change)
	sec      int64     // unix second of buckets[0]
	buckets  []float64 // weighted calls per second, newest first
	top      []keyCount
	total    float64 // weight counted into top, decayed as its counts are
	declined string  // why the leaf last declined to split; "" if it has not
	busy     bool    // a split of this leaf is under way
}

type keyCount struct {
	key string
	w   float64
}

// topKeys is how many keys the Space-Saving summary keeps per leaf.
const topKeys = 16

func newLoad(p Policy, now time.Time) *load {
	n := int(p.Window / time.Second)
	return &load{start: now, sec: now.Unix(), buckets: make([]float64, n+1)}
}

// add records a call with keys at now.
func (l *load) add(p Policy, keys []string, now time.Time) {
	w := p.weight(len(keys))
	l.mu.Lock()
	defer l.mu.Unlock()
	l.advance(now)
	l.buckets[0] += w
	per := w / float64(max(len(keys), 1))
	for _, k := range keys {
		l.count(k, per)
	}
	l.total += w
}

// advance moves the buckets to now's second.
func (l *load) advance(now time.Time) {
	s := now.Unix()
	shift := s - l.sec
	if shift <= 0 {
		return
	}
	if shift >= int64(len(l.buckets)) {
		clear(l.buckets)
	} else {
		copy(l.buckets[shift:], l.buckets[:int64(len(l.buckets))-shift])
		clear(l.buckets[:shift])
	}
	l.sec = s
	// The top keys follow recent load: their counts halve over each window's length.
	// Decaying rather than clearing them keeps the summary judged on many calls, never
	// on the few of a window just begun.
	window := float64(len(l.buckets) - 1)
	f := math.Pow(0.5, float64(min(shift, 64))/window)
	for i := range l.top {
		l.top[i].w *= f
	}
	l.total *= f
}

func (l *load) count(key string, w float64) {
	for i := range l.top {
		if l.top[i].key == key {
			l.top[i].w += w
			return
		}
	}
	if len(l.top) < topKeys {
		l.top = append(l.top, keyCount{key, w})
		return
	}
	// Replace the smallest: its count is the new key's overestimate.
	m := 0
	for i := range l.top {
		if l.top[i].w < l.top[m].w {
			m = i
		}
	}
	l.top[m] = keyCount{key, l.top[m].w + w}
}

// rate is the weighted calls per second over the window's complete seconds.
func (l *load) rate(now time.Time) float64 {
	l.advance(now)
	sum := 0.0
	for _, b := range l.buckets[1:] {
		sum += b
	}
	return sum / float64(len(l.buckets)-1)
}

// decide reports whether the leaf should split now, and if it should not although its
// load is above the threshold, why.
func (l *load) decide(p Policy, bits string, now time.Time) (split bool, declined string) {
	depth := len(bits)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.busy || now.Sub(l.start) < p.Window+time.Second {
		return false, ""
	}
	r := l.rate(now)
	if r <= p.CallsPerSecond {
		return false, ""
	}
	switch {
	case depth >= p.MaxDepth:
		l.declined = fmt.Sprintf("at the maximum depth %d (%.0f calls/s)", p.MaxDepth, r)
	case len(l.top) == 0:
		l.declined = fmt.Sprintf("its calls name no keys (%.0f calls/s)", r)
	case len(l.top) == 1:
		l.declined = fmt.Sprintf("all calls are to one key %q: a key cannot be split", l.top[0].key)
	default:
		hot := slices.MaxFunc(l.top, func(a, b keyCount) int {
			switch {
			case a.w < b.w:
				return -1
			case a.w > b.w:
				return 1
			}
			return 0
		})
		moving, seen := 0.0, 0.0
		for _, kc := range l.top {
			seen += kc.w
			if storage.PrefixOwns(bits+"1", storage.KeyHash(kc.key)) {
				moving += kc.w
			}
		}
		switch {
		case l.total > 0 && hot.w/l.total >= hotKeyShare:
			l.declined = fmt.Sprintf("key %q carries %.0f%% of the load: a split cannot spread one key", hot.key, 100*hot.w/l.total)
		case seen > 0 && (moving/seen < minHalfShare || moving/seen > 1-minHalfShare):
			l.declined = fmt.Sprintf("the %d busiest keys all hash into one half of leaf %q: a split would not divide the load", len(l.top), bits)
		default:
			l.declined = ""
			l.busy = true
			return true, ""
		}
	}
	return false, l.declined
}
