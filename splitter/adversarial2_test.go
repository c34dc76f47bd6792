package splitter

// Adversarial tests, second round: the checkpoint hold of a split's copy under eviction
// and a growing log; splits with backups (disk loss, a crash after the switch, delete
// and point-in-time restore); the plugin's split lifecycle exports failing or trapping;
// alarms across a split; the load policy on skewed keys; stale split maps after deep
// splits; concurrent first calls after a restart with a provisional leaf; huge key
// lists, payload edge cases, scans of a big object; deletes while writers run.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// dbPath is the database file of an object (host.Engine's layout).
func dbPath(dir, class, name string) string {
	id := host.ObjectID(class, name)
	return filepath.Join(dir, "objects", class, id[:2], id+".db")
}

// hasDB reports whether the object has a database file in the engine's data directory.
func hasDB(e *host.Engine, class, name string) bool {
	_, err := os.Stat(dbPath(e.Options().DataDir, class, name))
	return err == nil
}

func fileHash(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// steps pauses a split at each of the given steps until the test lets it go on:
// reached[step] closes when it gets there, and go_(step) lets it go on.
type steps struct {
	reached map[int]chan struct{}
	gates   map[int]chan struct{}
	once    map[int]*sync.Once
}

func pauseSteps(s *Splitter, at ...int) *steps {
	p := &steps{reached: map[int]chan struct{}{}, gates: map[int]chan struct{}{}, once: map[int]*sync.Once{}}
	for _, st := range at {
		p.reached[st], p.gates[st], p.once[st] = make(chan struct{}), make(chan struct{}), new(sync.Once)
	}
	var fired sync.Map
	s.crashAt = func(st int) bool {
		if g, ok := p.gates[st]; ok {
			if _, dup := fired.LoadOrStore(st, true); !dup {
				close(p.reached[st])
				<-g
			}
		}
		return false
	}
	return p
}

func (p *steps) go_(st int) { p.once[st].Do(func() { close(p.gates[st]) }) }

func (p *steps) goAll() {
	for st := range p.gates {
		p.go_(st)
	}
}

// kwWasm is a small splittable class "kw" written in WAT (wat2wasm): one-character keys,
// the split lifecycle exports made to fail or trap on demand, and an alarm.
//
//   - put with {"keys":["X"],"payloads":[D]} (D one digit) writes keyed X = D;
//   - get with {"keys":["X"],...} answers X's value (one digit) or null;
//   - mode (a plain call, input one byte) stores the mode in KV key "m": 'b' makes
//     before_hand_out fail (code unavailable), 'B' makes it trap; 'a' makes after_clone
//     fail, 'A' makes it trap; anything else neither;
//   - alarm_in sets the alarm 150 ms from now; alarm counts its runs in KV key "n"
//     (as one character from '1'); fires answers the count ("0" when none).
//
// Source:
//
//	(module
//	  (import "sobjects" "keyed_read" (func $kread (param i32 i32 i32 i32) (result i64)))
//	  (import "sobjects" "keyed_write" (func $kwrite (param i32 i32) (result i64)))
//	  (import "sobjects" "kv_get" (func $kvget (param i32 i32 i32 i32) (result i64)))
//	  (import "sobjects" "kv_put" (func $kvput (param i32 i32 i32 i32) (result i64)))
//	  (import "sobjects" "alarm_set" (func $alarmset (param i64) (result i64)))
//	  (import "sobjects" "now_ms" (func $now (result i64)))
//	  (import "sobjects" "fail" (func $fail (param i32 i32 i32)))
//	  (memory (export "memory") 2)
//	  (data (i32.const 16) "null0")
//	  (data (i32.const 24) "true")
//	  (data (i32.const 32) "nm")
//	  (data (i32.const 40) "deliberate")
//	  (func (export "sobjects_abi_v1"))
//	  (func (export "sobjects_splittable"))
//	  (func (export "sobjects_alloc") (param i32) (result i32) (i32.const 4096))
//	  (func $ret (param $p i32) (param $n i32) (result i64)
//	    (i64.or (i64.shl (i64.extend_i32_u (local.get $p)) (i64.const 32)) (i64.extend_i32_u (local.get $n))))
//	  (func $mode (result i32)
//	    (if (result i32) (i64.gt_s (call $kvget (i32.const 33) (i32.const 1) (i32.const 400) (i32.const 16)) (i64.const 0))
//	      (then (i32.load8_u (i32.const 400))) (else (i32.const 0))))
//	  (func (export "put") (param $p i32) (param $n i32) (result i64)
//	    (local $r i64)
//	    (i32.store8 (i32.const 100) (i32.const 0x91))
//	    (i32.store8 (i32.const 101) (i32.const 0x92))
//	    (i32.store8 (i32.const 102) (i32.const 0xa1))
//	    (i32.store8 (i32.const 103) (i32.load8_u offset=10 (local.get $p)))
//	    (i32.store8 (i32.const 104) (i32.const 0xc4))
//	    (i32.store8 (i32.const 105) (i32.const 1))
//	    (i32.store8 (i32.const 106) (i32.load8_u offset=26 (local.get $p)))
//	    (local.set $r (call $kwrite (i32.const 100) (i32.const 7)))
//	    (if (i64.lt_s (local.get $r) (i64.const 0)) (then (return (local.get $r))))
//	    (call $ret (i32.const 24) (i32.const 4)))
//	  (func (export "get") (param $p i32) (param $n i32) (result i64)
//	    (local $r i64)
//	    (i32.store8 (i32.const 100) (i32.const 0x91))
//	    (i32.store8 (i32.const 101) (i32.const 0xa1))
//	    (i32.store8 (i32.const 102) (i32.load8_u offset=10 (local.get $p)))
//	    (local.set $r (call $kread (i32.const 100) (i32.const 3) (i32.const 200) (i32.const 64)))
//	    (if (i64.lt_s (local.get $r) (i64.const 0)) (then (return (local.get $r))))
//	    (if (i32.eq (i32.load8_u (i32.const 201)) (i32.const 0xc0)) (then (return (call $ret (i32.const 16) (i32.const 4)))))
//	    (call $ret (i32.const 203) (i32.const 1)))
//	  (func (export "mode") (param $p i32) (param $n i32) (result i64)
//	    (drop (call $kvput (i32.const 33) (i32.const 1) (local.get $p) (i32.const 1)))
//	    (call $ret (i32.const 24) (i32.const 4)))
//	  (func (export "alarm_in") (param $p i32) (param $n i32) (result i64)
//	    (local $r i64)
//	    (local.set $r (call $alarmset (i64.add (call $now) (i64.const 150))))
//	    (if (i64.lt_s (local.get $r) (i64.const 0)) (then (return (local.get $r))))
//	    (call $ret (i32.const 24) (i32.const 4)))
//	  (func (export "fires") (param $p i32) (param $n i32) (result i64)
//	    (if (i64.le_s (call $kvget (i32.const 32) (i32.const 1) (i32.const 400) (i32.const 16)) (i64.const 0))
//	      (then (return (call $ret (i32.const 20) (i32.const 1)))))
//	    (call $ret (i32.const 400) (i32.const 1)))
//	  (func (export "alarm") (param $p i32) (param $n i32) (result i64)
//	    (if (i64.le_s (call $kvget (i32.const 32) (i32.const 1) (i32.const 400) (i32.const 16)) (i64.const 0))
//	      (then (i32.store8 (i32.const 400) (i32.const 0x30))))
//	    (i32.store8 (i32.const 400) (i32.add (i32.load8_u (i32.const 400)) (i32.const 1)))
//	    (drop (call $kvput (i32.const 32) (i32.const 1) (i32.const 400) (i32.const 1)))
//	    (i64.const 0))
//	  (func $lifecycle (param $failc i32) (param $trapc i32) (result i64)
//	    (local $m i32)
//	    (local.set $m (call $mode))
//	    (if (i32.eq (local.get $m) (local.get $trapc)) (then unreachable))
//	    (if (i32.eq (local.get $m) (local.get $failc)) (then
//	      (call $fail (i32.const 6) (i32.const 40) (i32.const 10))
//	      (return (i64.const -1))))
//	    (i64.const 0))
//	  (func (export "before_hand_out") (param i32 i32) (result i64) (call $lifecycle (i32.const 98) (i32.const 66)))
//	  (func (export "after_clone") (param i32 i32) (result i64) (call $lifecycle (i32.const 97) (i32.const 65))))
const kwWasm = "" +
	"0061736d01000000012a0860047f7f7f7f017e60027f7f017e60017e017e6000017e60037f7f7f0060000060017f017f6000" +
	"017f0289010708736f626a656374730a6b657965645f72656164000008736f626a656374730b6b657965645f777269746500" +
	"0108736f626a65637473066b765f676574000008736f626a65637473066b765f707574000008736f626a6563747309616c61" +
	"726d5f736574000208736f626a65637473066e6f775f6d73000308736f626a65637473046661696c0004030f0e0505060107" +
	"01010101010101010105030100020791010c066d656d6f727902000f736f626a656374735f6162695f7631000713736f626a" +
	"656374735f73706c69747461626c6500080e736f626a656374735f616c6c6f63000903707574000c03676574000d046d6f64" +
	"65000e08616c61726d5f696e000f056669726573001005616c61726d00110f6265666f72655f68616e645f6f757400130b61" +
	"667465725f636c6f6e6500140abb030e02000b02000b05004180200b0c002000ad4220862001ad840b1c0041214101419003" +
	"41101002420055047f4190032d00000541000b0b6001017e41e4004191013a000041e5004192013a000041e60041a1013a00" +
	"0041e70020002d000a3a000041e80041c4013a000041e90041013a000041ea0020002d001a3a000041e40041071001210220" +
	"02420053044020020f0b41184104100a0b5601017e41e4004191013a000041e50041a1013a000041e60020002d000a3a0000" +
	"41e400410341c80141c000100021022002420053044020020f0b41c9012d000041c00146044041104104100a0f0b41cb0141" +
	"01100a0b1300412141012000410110031a41184104100a0b1f01017e10054296017c100421022002420053044020020f0b41" +
	"184104100a0b21004120410141900341101002420057044041144101100a0f0b4190034101100a0b38004120410141900341" +
	"101002420057044041900341303a00000b4190034190032d000041016a3a000041204101419003410110031a42000b260101" +
	"7f100b210220022001460440000b2002200046044041064128410a1006427f0f0b42000b0a0041e20041c20010120b0a0041" +
	"e10041c10010120b0b2a040041100b056e756c6c300041180b04747275650041200b026e6d0041280b0a64656c6962657261" +
	"7465" +
	""

// deployKW deploys the class "kw" (kwWasm).
func deployKW(t *testing.T, e *host.Engine) {
	t.Helper()
	wasm, err := hex.DecodeString(kwWasm)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.DeployIfAbsent(ctx, "kw", wasm); err != nil {
		t.Fatal(err)
	}
}

// newKWEngine opens an engine with the class kw only, and a Splitter with splits by
// load off.
func newKWEngine(t *testing.T) (*host.Engine, *Splitter) {
	t.Helper()
	e, s := newEngineWith(t, t.TempDir(), host.Options{}, Policy{Disabled: true})
	deployKW(t, e)
	return e, s
}

// kwKeys are the one-character keys the kw class takes.
var kwKeys = strings.Split("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "")

// kwPut writes key = digit through c.
func kwPut(c *Client, name, key string, digit int) error {
	_, err := c.Call(ctx, "kw", name, "put", Request{Keys: []string{key}, Payloads: []json.RawMessage{raw(digit)}})
	return err
}

// kwGet reads key through c: its digit, or -1 for none.
func kwGet(c *Client, name, key string) (int, error) {
	res, err := c.Call(ctx, "kw", name, "get", Request{Keys: []string{key}})
	if err != nil {
		return 0, err
	}
	if len(res) != 1 {
		return 0, fmt.Errorf("get %q: %d leaves answered", key, len(res))
	}
	if !storage.PrefixOwns(res[0].Leaf, storage.KeyHash(key)) {
		return 0, fmt.Errorf("get %q: answered by leaf %q, which does not own it", key, res[0].Leaf)
	}
	if string(res[0].Output) == "null" {
		return -1, nil
	}
	var d int
	if err := json.Unmarshal(res[0].Output, &d); err != nil {
		return 0, fmt.Errorf("get %q: %s", key, res[0].Output)
	}
	return d, nil
}

// kwCheckAll reads every kw key through a fresh client and compares with want; it
// returns the errors.
func kwCheckAll(s *Splitter, name string, want map[string]int) []error {
	c := s.Client()
	var errs []error
	for _, k := range kwKeys {
		got, err := kwGet(c, name, k)
		if err != nil {
			errs = append(errs, fmt.Errorf("key %q (half %s): %w", k, storage.HashBits(storage.KeyHash(k), 1), err))
			continue
		}
		w, ok := want[k]
		if !ok {
			w = -1
		}
		if got != w {
			errs = append(errs, fmt.Errorf("key %q = %d, want %d", k, got, w))
		}
	}
	return errs
}

func reportErrs(t *testing.T, what string, errs []error) {
	t.Helper()
	for i, err := range errs {
		if i == 5 {
			t.Errorf("%s: ... %d errors in all", what, len(errs))
			break
		}
		t.Errorf("%s: %v", what, err)
	}
}

// 1. The split's lifecycle exports failing or trapping (ABI.md 4.7: "a failure fails
// the split, which is then rolled back"): the split fails, nothing of the new leaf is
// left, the leaf is not left splitting, every key reads and both halves take writes,
// and once the plugin is mended the leaf splits. (Before c684b74, after_clone ran
// after the switch: a failing one left the moved half unreadable while Split reported
// success.)
func TestAdversarial2LifecycleExportsFail(t *testing.T) {
	e, s := newKWEngine(t)
	for _, tc := range []struct {
		mode   string
		export string
	}{{"b", "before_hand_out fails"}, {"B", "before_hand_out traps"}} {
		t.Run(tc.export, func(t *testing.T) {
			name := "lc" + tc.mode
			c := s.Client()
			want := map[string]int{}
			for i, k := range kwKeys {
				if err := kwPut(c, name, k, i%10); err != nil {
					t.Fatal(err)
				}
				want[k] = i % 10
			}
			if _, err := e.Call(ctx, "kw", name, "mode", []byte(tc.mode)); err != nil {
				t.Fatal(err)
			}
			if err := s.Split(ctx, "kw", name, ""); err == nil {
				t.Fatalf("split with %s succeeded", tc.export)
			} else {
				t.Logf("split: %v", err)
			}
			if hasDB(e, "kw", LeafObject(name, "1")) {
				t.Errorf("a split whose %s left the new leaf's object behind", tc.export)
			}
			info, err := s.Describe(ctx, "kw", name)
			if err != nil {
				t.Fatal(err)
			}
			if len(info) != 1 || info[0].Leaf != "" || info[0].Splitting {
				t.Errorf("after a failed split: %+v, want the root leaf, not splitting", info)
			}
			reportErrs(t, "read after the failed split", kwCheckAll(s, name, want))
			// Writes to both halves go on.
			for _, k := range []string{keyIn(t, kwKeys, "0"), keyIn(t, kwKeys, "1")} {
				if err := kwPut(c, name, k, 7); err != nil {
					t.Errorf("write of %q after the failed split: %v", k, err)
				}
				want[k] = 7
			}
			// The plugin mended, the split works.
			if _, err := e.Call(ctx, "kw", name, "mode", []byte("0")); err != nil {
				t.Fatal(err)
			}
			if err := s.Split(ctx, "kw", name, ""); err != nil {
				t.Fatalf("split after the plugin was mended: %v", err)
			}
			reportErrs(t, "read after the split", kwCheckAll(s, name, want))
		})
	}
	for _, tc := range []struct {
		mode   string
		export string
	}{{"a", "after_clone fails"}, {"A", "after_clone traps"}} {
		t.Run(tc.export, func(t *testing.T) {
			name := "lc" + tc.mode
			c := s.Client()
			want := map[string]int{}
			for i, k := range kwKeys {
				if err := kwPut(c, name, k, i%10); err != nil {
					t.Fatal(err)
				}
				want[k] = i % 10
			}
			// The mode is copied to the new leaf with the rest of the database.
			if _, err := e.Call(ctx, "kw", name, "mode", []byte(tc.mode)); err != nil {
				t.Fatal(err)
			}
			err := s.Split(ctx, "kw", name, "")
			t.Logf("split with %s: %v", tc.export, err)
			errs := kwCheckAll(s, name, want)
			if err == nil && len(errs) > 0 {
				t.Errorf("the split reported success, but the new leaf does not serve (%d of %d keys unreadable), and cannot be rolled back any more", len(errs), len(kwKeys))
			}
			reportErrs(t, "read after the split", errs)
			if err == nil {
				return
			}
			// Failed: rolled back, with nothing left of the new leaf.
			if hasDB(e, "kw", LeafObject(name, "1")) {
				t.Errorf("a split whose %s left the new leaf's object behind", tc.export)
			}
			if info, err := s.Describe(ctx, "kw", name); err != nil || len(info) != 1 || info[0].Splitting {
				t.Errorf("after a failed split: %+v %v, want the root leaf, not splitting", info, err)
			}
			for _, k := range []string{keyIn(t, kwKeys, "0"), keyIn(t, kwKeys, "1")} {
				if err := kwPut(c, name, k, 8); err != nil {
					t.Errorf("write of %q after the failed split: %v", k, err)
				}
				want[k] = 8
			}
			if _, err := e.Call(ctx, "kw", name, "mode", []byte("0")); err != nil {
				t.Fatal(err)
			}
			if err := s.Split(ctx, "kw", name, ""); err != nil {
				t.Fatalf("split after the plugin was mended: %v", err)
			}
			reportErrs(t, "read after the split", kwCheckAll(s, name, want))
		})
	}
}

// kwFires is the number of alarm runs the kw object name has counted.
func kwFires(t *testing.T, e *host.Engine, name string) int {
	t.Helper()
	out, err := e.Call(ctx, "kw", name, "fires", nil)
	if err != nil {
		t.Fatal(err)
	}
	return int(out[0] - '0')
}

// 2. Alarms across a split: the parent's alarm, set just before a split and due just
// after it, fires once, on the parent; the new leaf inherits neither the alarm nor
// (in the alarm index) a delivery; an alarm set on the new leaf fires there only.
func TestAdversarial2AlarmsAcrossSplit(t *testing.T) {
	e, s := newKWEngine(t)
	c := s.Client()
	for i, k := range kwKeys {
		if err := kwPut(c, "al", k, i%10); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.Call(ctx, "kw", "al", "alarm_in", nil); err != nil {
		t.Fatal(err)
	}
	before, err := e.Describe("kw", "al")
	if err != nil || before.AlarmMs == 0 {
		t.Fatalf("parent's alarm not set: %+v %v", before, err)
	}
	if err := s.Split(ctx, "kw", "al", ""); err != nil {
		t.Fatal(err)
	}
	child := LeafObject("al", "1")
	if info, err := e.Describe("kw", child); err != nil || info.AlarmMs != 0 {
		t.Errorf("the new leaf has an alarm (%d) after the split: %v", info.AlarmMs, err)
	}
	if info, err := e.Describe("kw", "al"); err != nil || info.AlarmMs != before.AlarmMs {
		t.Errorf("the parent's alarm is %d after the split, was %d: %v", info.AlarmMs, before.AlarmMs, err)
	}
	for i := 0; kwFires(t, e, "al") == 0; i++ {
		if i > 500 {
			t.Fatal("the parent's alarm did not fire after the split")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // a wrongly copied alarm would be due by now
	if n := kwFires(t, e, child); n != 0 {
		t.Errorf("the new leaf ran the parent's alarm %d times", n)
	}
	if n := kwFires(t, e, "al"); n != 1 {
		t.Errorf("the parent's alarm ran %d times, want 1", n)
	}
	// An alarm of the new leaf, set while the leaf splits again, is its own.
	if _, err := e.Call(ctx, "kw", child, "alarm_in", nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "kw", "al", "1"); err != nil {
		t.Fatal(err)
	}
	for i := 0; kwFires(t, e, child) == 0; i++ {
		if i > 500 {
			t.Fatal("the new leaf's alarm did not fire")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	if n := kwFires(t, e, LeafObject("al", "11")); n != 0 {
		t.Errorf("leaf 11 ran its parent's alarm %d times", n)
	}
	if n := kwFires(t, e, "al"); n != 1 {
		t.Errorf("the root ran its alarm %d times, want 1", n)
	}
	want := map[string]int{}
	for i, k := range kwKeys {
		want[k] = i % 10
	}
	reportErrs(t, "read after the splits", kwCheckAll(s, "al", want))
}

// 3. The snapshot a split copies is never torn: clones of an object taken while
// writers commit 10 rows per call, its log grows past SQLite's automatic checkpoint,
// and the pool (one open database) and the idle evictor keep closing its database in
// the middle of the copy (TestAdversarial2CheckpointHold). Each copy passes SQLite's integrity check and holds a whole
// number of calls' rows, no fewer than were acknowledged before the clone began and no
// more than after it ended.
func cloneNotTornByEviction(t *testing.T, e *host.Engine, s *Splitter) {
	cr := newCrew(t)
	var acked atomic.Int64
	big := raw(strings.Repeat("v", 64000))
	// The writer: 10 new rows per call, 64 KB each (16 pages each), so the log passes
	// SQLite's 1,000 pages while each clone holds it.
	c := s.Client()
	var n int
	cr.run(func() bool {
		keys := keysN(fmt.Sprintf("w%d-", n), 10)
		n++
		if _, err := c.Call(ctx, "ledger", "src", "put", Request{Keys: keys, Payloads: repeat(big, 10)}); err != nil {
			t.Errorf("writer: %v", err)
			return false
		}
		acked.Add(10)
		return true
	})
	// Churn: other objects take the pool's one slot, closing src's database whenever
	// it is idle.
	oc := s.Client()
	var m int
	cr.run(func() bool {
		m++
		if _, err := oc.Call(ctx, "ledger", fmt.Sprint("other", m%3), "get", Request{Keys: []string{"x"}}); err != nil {
			t.Errorf("churn: %v", err)
			return false
		}
		time.Sleep(time.Millisecond) // leave the CPUs to the writer and the copy
		return true
	})
	for acked.Load() < 30 && !t.Failed() {
		time.Sleep(time.Millisecond)
	}
	for i := 0; i < 4 && !t.Failed(); i++ {
		lo := acked.Load()
		var rows int64
		var integrity error
		release, err := clone(e, "ledger", "src", "copy", func(db *storage.DB) error {
			integrity = db.IntegrityCheck()
			var err error
			rows, err = db.KeyedCount("")
			return err
		})
		hi := acked.Load()
		if err != nil {
			t.Fatalf("clone %d: %v", i, err)
		}
		// Hold the snapshot while more rows commit: the first times 80 (1,280 pages of
		// log, past SQLite's automatic checkpoint), then 10.
		more := int64(10)
		if i < 2 {
			more = 80
		}
		for acked.Load() < hi+more && !t.Failed() {
			time.Sleep(time.Millisecond)
		}
		release()
		if integrity != nil {
			t.Errorf("clone %d: %v", i, integrity)
		}
		if rows%10 != 0 || rows < lo || rows > hi {
			t.Errorf("clone %d holds %d rows; want a multiple of 10 from %d to %d", i, rows, lo, hi)
		}
		if err := e.Delete(ctx, "ledger", "copy"); err != nil {
			t.Fatal(err)
		}
	}
	cr.halt()
	if info, err := e.Describe("ledger", "src"); err == nil {
		t.Logf("%d rows acknowledged; src is %d bytes with its log", acked.Load(), info.DatabaseBytes)
	}
	if rows, _ := sumRows(leaves(t, s, "src")); rows != acked.Load() {
		t.Errorf("src holds %d rows, %d acknowledged", rows, acked.Load())
	}
}

// 4. A split whose parent is evicted between its steps and whose database the pool
// closes during the hold, while the parent's staying half takes enough writes (5 MB) to
// pass SQLite's automatic checkpoint: the parent's file stays exactly as it was at the
// snapshot until the switch, the new leaf gets the moving half as it was at the
// snapshot, and every acknowledged write is there after the split
// (TestAdversarial2CheckpointHold).
func splitWithParentEvictedDuringHold(t *testing.T, e *host.Engine, s *Splitter, dir string) {
	c := s.Client()
	keys := keysN("ev", 400)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(map[string]any{"n": i, "pad": strings.Repeat("p", 500)})
	}
	if _, err := c.Call(ctx, "ledger", "ev", "put", Request{Keys: keys, Payloads: payloads}); err != nil {
		t.Fatal(err)
	}
	p := pauseSteps(s, stepMoving, stepCopied)
	defer p.goAll()
	done := make(chan error, 1)
	go func() { done <- s.Split(ctx, "ledger", "ev", "") }()
	<-p.reached[stepMoving]
	// The parent goes idle and is evicted before the copy.
	waitEvicted(t, e, "ledger", "ev")
	p.go_(stepMoving)
	<-p.reached[stepCopied]
	path := dbPath(dir, "ledger", "ev")
	snap := fileHash(t, path)
	// Writes to the staying half: 250 rows of 20 KB, past 1,000 pages of log.
	var stay []string
	for i := 0; len(stay) < 250; i++ {
		if k := fmt.Sprint("stay", i); storage.PrefixOwns("0", storage.KeyHash(k)) {
			stay = append(stay, k)
		}
	}
	big := raw(strings.Repeat("s", 20000))
	for i := 0; i < len(stay); i += 50 {
		if _, err := c.Call(ctx, "ledger", "ev", "put", Request{Keys: stay[i : i+50], Payloads: repeat(big, 50)}); err != nil {
			t.Fatal(err)
		}
		// Other objects take the pool's slot: the parent's database is closed.
		for j := range 3 {
			if _, err := s.Client().Call(ctx, "ledger", fmt.Sprint("churn", i, "-", j), "get", Request{Keys: []string{"x"}}); err != nil {
				t.Fatal(err)
			}
		}
		// And the parent goes idle: the evictor closes it too.
		waitEvicted(t, e, "ledger", "ev")
	}
	if got := fileHash(t, path); got != snap {
		t.Errorf("the parent's database file changed while the split held it")
	}
	p.go_(stepCopied)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	vals := get(t, s.Client(), "ev", keys)
	for i, k := range keys {
		var v struct{ N int }
		if err := json.Unmarshal(vals[k], &v); err != nil || v.N != i {
			t.Fatalf("key %s = %.40s, want n %d", k, vals[k], i)
		}
	}
	stayVals := get(t, s.Client(), "ev", stay)
	for _, k := range stay {
		if string(stayVals[k]) != string(big) {
			t.Fatalf("key %s written during the hold: %.40s", k, stayVals[k])
		}
	}
	info := waitCleanup(t, s, "ev")
	if rows, bits := sumRows(info); rows != int64(len(keys)+len(stay)) || strings.Join(bits, ",") != "0,1" {
		t.Errorf("leaves %v with %d rows, want 0,1 with %d", bits, rows, len(keys)+len(stay))
	}
	rawRows(t, e, "ev", info)
}

// 3-4. The checkpoint hold, on one engine with a pool of one open database and an idle
// evictor that takes an object 2 ms after its last call.
func TestAdversarial2CheckpointHold(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngineWith(t, dir, host.Options{MaxOpenDatabases: 1, IdleEvict: 2 * time.Millisecond}, Policy{Disabled: true})
	t.Run("clone not torn by eviction", func(t *testing.T) { cloneNotTornByEviction(t, e, s) })
	t.Run("split with the parent evicted during the hold", func(t *testing.T) { splitWithParentEvictedDuringHold(t, e, s, dir) })
}

// waitEvicted waits until the object is not resident (the idle evictor took it).
func waitEvicted(t *testing.T, e *host.Engine, class, name string) {
	t.Helper()
	for i := 0; ; i++ {
		info, err := e.Describe(class, name)
		if err != nil {
			t.Fatal(err)
		}
		if !info.Resident {
			return
		}
		if i > 1000 {
			t.Fatalf("%s/%s not evicted", class, name)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// checkSums reads every key through a fresh client and compares with want (a missing
// entry means null). It returns the errors.
func checkSums(s *Splitter, name string, keys []string, want map[string]int64) []error {
	res, err := s.Client().Call(ctx, "ledger", name, "get", Request{Keys: keys})
	if err != nil {
		return []error{err}
	}
	if err := checkOwners(keys, res); err != nil {
		return []error{err}
	}
	var errs []error
	for _, r := range res {
		var vals []json.RawMessage
		json.Unmarshal(r.Output, &vals)
		for i, p := range r.Positions {
			w, ok := want[keys[p]]
			if got := string(vals[i]); (ok && got != fmt.Sprint(w)) || (!ok && got != "null") {
				errs = append(errs, fmt.Errorf("key %q = %s, want %d (null if 0: %v)", keys[p], got, w, !ok))
			}
		}
	}
	return errs
}

// 5. Several splits with backups on (both modes), then the data directory is lost:
// every key comes back from the bucket on the leaf that owns it, the leaves are as
// before, and they split again.
func TestAdversarial2DiskLossAfterSplits(t *testing.T) {
	for _, mode := range []backup.Mode{backup.ModeDurable, backup.ModeInterval} {
		t.Run(fmt.Sprint(mode), func(t *testing.T) {
			srv := testbucket.Start(t)
			dir := t.TempDir()
			b := openBacked(t, srv, dir, mode)
			keys := keysN("dl", 200)
			want := map[string]int64{}
			c := b.s.Client()
			if _, err := c.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(5), len(keys))}); err != nil {
				t.Fatal(err)
			}
			for _, bits := range []string{"", "0", "1", "01"} {
				if err := b.s.Split(ctx, "ledger", "acct", bits); err != nil {
					t.Fatalf("split %q: %v", bits, err)
				}
			}
			if _, err := c.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
				t.Fatal(err)
			}
			for _, k := range keys {
				want[k] = 6
			}
			waitCleanup(t, b.s, "acct")
			b.close()
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}

			b = openBacked(t, srv, dir, mode)
			// GET .../_leaves first, before any call has brought a database back.
			info, err := b.s.Describe(ctx, "ledger", "acct")
			if err != nil {
				t.Errorf("describe after the disk loss: %v", err)
			} else if rows, bits := sumRows(info); strings.Join(bits, ",") != "00,010,011,10,11" || rows != int64(len(keys)) {
				t.Errorf("describe after the disk loss: leaves %v with %d rows, want 00,010,011,10,11 with %d", bits, rows, len(keys))
			}
			reportErrs(t, "after the disk loss", checkSums(b.s, "acct", keys, want))
			if err := b.s.Split(ctx, "ledger", "acct", "011"); err != nil {
				t.Errorf("split of leaf 011 (object acct~011) after the disk loss: %v", err)
			}
			reportErrs(t, "after a split on the restored leaves", checkSums(b.s, "acct", keys, want))
		})
	}
}

// 6. Durable mode: a split stops right after its switch (a crash), and the data
// directory is lost. Every write was acknowledged only once the bucket had it, so
// every key must come back: the switch is in the bucket, so the new leaf must be too.
func TestAdversarial2DurableCrashAfterSwitchThenDiskLoss(t *testing.T) {
	srv := testbucket.Start(t)
	dir := t.TempDir()
	b := openBacked(t, srv, dir, backup.ModeDurable)
	keys := keysN("cs", 100)
	want := map[string]int64{}
	if _, err := b.s.Client().Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(3), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		want[k] = 3
	}
	b.s.crashAt = func(st int) bool { return st == stepSwitched }
	if err := b.s.Split(ctx, "ledger", "acct", ""); !errors.Is(err, errCrash) {
		t.Fatalf("split: %v", err)
	}
	b.close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	b = openBacked(t, srv, dir, backup.ModeDurable)
	reportErrs(t, "after the crash and the disk loss", checkSums(b.s, "acct", keys, want))
}

// 7. Deleting a splittable object (DELETE, Splitter.Delete) on a node whose data
// directory does not hold it (a lost disk, another node): its backups must go too, or
// the object comes back from the bucket at its next call.
func TestAdversarial2DeleteAfterDiskLoss(t *testing.T) {
	srv := testbucket.Start(t)
	dir := t.TempDir()
	b := openBacked(t, srv, dir, backup.ModeDurable)
	keys := keysN("dd", 60)
	if _, err := b.s.Client().Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(4), len(keys))}); err != nil {
		t.Fatal(err)
	}
	if err := b.s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	b.close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	b = openBacked(t, srv, dir, backup.ModeDurable)
	if err := b.s.Delete(ctx, "ledger", "acct"); err != nil {
		t.Fatal(err)
	}
	reportErrs(t, "after the delete", checkSums(b.s, "acct", keys, nil))
	// And after a restart, from the bucket alone.
	b.close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	b = openBacked(t, srv, dir, backup.ModeDurable)
	reportErrs(t, "after the delete and another disk loss", checkSums(b.s, "acct", keys, nil))
}

// 8. Point-in-time restore (RestoreBookmark, POST .../_restore, and the plugin's
// bookmark_restore) of the root of an object that split since the bookmark: no key may
// then be served by two leaves with two values (a fresh client and one that knew the
// split must read the same thing).
func TestAdversarial2RestoreBookmarkAcrossSplit(t *testing.T) {
	srv := testbucket.Start(t)
	b := openBacked(t, srv, t.TempDir(), backup.ModeDurable)
	keys := keysN("rb", 60)
	knew := b.s.Client()
	if _, err := knew.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	bm, err := b.e.Bookmark(ctx, "ledger", "acct")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := knew.Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	_, rerr := b.e.RestoreBookmark(ctx, "ledger", "acct", bm)
	t.Logf("restore of the root to a bookmark before the split: %v", rerr)
	if rerr != nil {
		return // refused: nothing changed
	}
	a, errA := knew.Call(ctx, "ledger", "acct", "get", Request{Keys: keys})
	f, errF := b.s.Client().Call(ctx, "ledger", "acct", "get", Request{Keys: keys})
	if errA != nil || errF != nil {
		t.Logf("reads after the restore: %v / %v", errA, errF)
		return
	}
	byKey := func(res []LeafResult) map[string]string {
		m := map[string]string{}
		for _, r := range res {
			var vals []json.RawMessage
			json.Unmarshal(r.Output, &vals)
			for i, p := range r.Positions {
				m[keys[p]] = r.Leaf + "=" + string(vals[i])
			}
		}
		return m
	}
	ma, mf := byKey(a), byKey(f)
	bad := 0
	for _, k := range keys {
		if ma[k] != mf[k] {
			if bad++; bad <= 3 {
				t.Errorf("key %q after the restore: leaf=value %s through a client that knew the split, %s through a fresh one", k, ma[k], mf[k])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d keys served by two leaves after the restore", bad, len(keys))
	}
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

// 9. The load policy on skewed keys. A leaf hot because of one key (Zipf-distributed
// keys whose busiest carries well over half of the load) must decline to split, every
// time, and say why; so must one whose busy keys all hash into one half; and one at
// MaxDepth. A leaf whose load is spread over many keys splits.
func TestAdversarial2PolicySkewedKeys(t *testing.T) {
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

// 10. Many clients with very stale split maps after deep splits: the object splits
// into every leaf of depth 5 and, along one key's path, down to depth 12; clients made
// at each stage (knowing nothing, the root, some middle levels) then read and write
// every key concurrently. Every key is answered once, by its owner, with its value;
// two keys whose hashes share their first 24 bits stay on one leaf (CallOneLeaf
// works through every stale map).
func TestAdversarial2StaleMapsAfterDeepSplits(t *testing.T) {
	e, s := newEngineWith(t, t.TempDir(), host.Options{}, Policy{Disabled: true, MaxDepth: 24})
	// Two keys whose hashes share 24 bits.
	seen := map[string]string{}
	var p1, p2 string
	for i := 0; p1 == ""; i++ {
		k := fmt.Sprint("twin", i)
		pre := storage.HashBits(storage.KeyHash(k), 24)
		if o, ok := seen[pre]; ok {
			p1, p2 = o, k
		}
		seen[pre] = k
	}
	keys := append(keysN("deep", 400), p1, p2)
	a := newAcked()
	if _, err := s.Client().Call(ctx, "ledger", "deep", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		a.add(k, 1)
	}
	var stale []*Client
	snapshot := func() { // a client whose map is what a fresh one learns now
		c := s.Client()
		get(t, c, "deep", keys)
		stale = append(stale, c)
	}
	stale = append(stale, s.Client()) // knows nothing
	snapshot()
	for d := 0; d < 5; d++ {
		for _, l := range leaves(t, s, "deep") {
			if len(l.Leaf) == d {
				if err := s.Split(ctx, "ledger", "deep", l.Leaf); err != nil {
					t.Fatalf("split %q: %v", l.Leaf, err)
				}
			}
		}
		if d == 2 {
			snapshot()
		}
	}
	h := storage.KeyHash(p1)
	for d := 5; d < 24; d++ {
		if err := s.Split(ctx, "ledger", "deep", storage.HashBits(h, d)); err != nil {
			t.Fatalf("split %q: %v", storage.HashBits(h, d), err)
		}
		if d == 9 {
			snapshot()
		}
	}
	var wg sync.WaitGroup
	for i, c := range stale {
		for j := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(i), uint64(j)))
				for range 8 {
					sub := make([]string, 0, 16)
					for _, x := range rng.Perm(len(keys))[:16] {
						sub = append(sub, keys[x])
					}
					r := Request{Keys: sub, Payloads: repeat(raw(1), len(sub))}
					res, err := c.Call(ctx, "ledger", "deep", "add", r)
					if err == nil {
						err = checkOwners(sub, res)
					}
					if err != nil {
						t.Errorf("client %d: %v", i, err)
						return
					}
					for _, k := range sub {
						a.add(k, 1)
					}
				}
				res, err := c.CallOneLeaf(ctx, "ledger", "deep", "add", Request{Keys: []string{p1, p2}, Payloads: repeat(raw(1), 2)})
				if err != nil {
					t.Errorf("client %d: one-leaf call on keys sharing 24 bits: %v", i, err)
					return
				}
				if len(res.Leaf) != 24 {
					t.Errorf("client %d: keys sharing 24 bits answered by leaf %q", i, res.Leaf)
				}
				a.add(p1, 1)
				a.add(p2, 1)
			}()
		}
	}
	wg.Wait()
	a.check(t, s, "deep", keys)
	info := waitCleanup(t, s, "deep")
	if rows, _ := sumRows(info); len(info) != 32+19 || rows != int64(len(keys)) {
		t.Errorf("%d leaves with %d rows, want %d with %d", len(info), rows, 32+19, len(keys))
	}
	rawRows(t, e, "deep", info)
}

// 11. After a crash that left a provisional new leaf (before or after the switch),
// the first calls after the restart come all at once, from many clients, to both the
// parent and the new leaf, with Describe and Scan among them: each call succeeds, every
// acknowledged add is applied once, and the split ends rolled back or complete.
func TestAdversarial2RestartProvisionalConcurrentFirstCalls(t *testing.T) {
	dir := t.TempDir()
	e, s := newEngine(t, dir, Policy{Disabled: true})
	keys := keysN("pf", 128)
	steps := []int{stepCopied, stepSwitched}
	acks := map[int]*acked{}
	for _, step := range steps {
		name := fmt.Sprint("pf", step)
		a := newAcked()
		acks[step] = a
		if _, err := s.Client().Call(ctx, "ledger", name, "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			a.add(k, 1)
		}
		s.crashAt = func(st int) bool { return st == step }
		if err := s.Split(ctx, "ledger", name, ""); !errors.Is(err, errCrash) {
			t.Fatalf("split: %v", err)
		}
	}
	s.Close()
	e.Close(ctx)

	e2, s2 := newEngine(t, dir, Policy{Disabled: true})
	for _, step := range steps {
		t.Run(fmt.Sprint("step", step), func(t *testing.T) {
			name, a := fmt.Sprint("pf", step), acks[step]
			// Clients that knew the split (so they go to the new leaf first) and fresh ones.
			k0, k1 := keyIn(t, keys, "0"), keyIn(t, keys, "1")
			start := make(chan struct{})
			var wg sync.WaitGroup
			for w := range 16 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					cl := s2.Client()
					if w%2 == 0 {
						cl.learn("ledger", name, "", 1) // knew the root held leaf 0
					}
					rng := rand.New(rand.NewPCG(uint64(w), 4))
					<-start
					for range 10 {
						var sub []string
						switch rng.IntN(3) {
						case 0:
							sub = []string{k1}
						case 1:
							sub = []string{k0, k1}
						default:
							sub = []string{keys[rng.IntN(len(keys))], k1}
							if sub[0] == k1 {
								sub = sub[1:]
							}
						}
						r := Request{Keys: sub, Payloads: repeat(raw(1), len(sub))}
						res, err := cl.Call(ctx, "ledger", name, "add", r)
						if err == nil {
							err = checkOwners(sub, res)
						}
						if err != nil {
							t.Errorf("writer %d: %v", w, err)
							return
						}
						for _, k := range sub {
							a.add(k, 1)
						}
					}
				}()
			}
			for range 2 {
				wg.Add(2)
				go func() {
					defer wg.Done()
					<-start
					info, err := s2.Describe(ctx, "ledger", name)
					if err == nil {
						if rows, bits := sumRows(info); rows != int64(len(keys)) {
							err = fmt.Errorf("leaves %v hold %d rows, want %d", bits, rows, len(keys))
						}
					}
					if err != nil {
						t.Errorf("describe: %v", err)
					}
				}()
				go func() {
					defer wg.Done()
					<-start
					res, err := s2.Client().Scan(ctx, "ledger", name, "stats", nil)
					total := 0
					for _, r := range res {
						var st struct{ Rows int }
						json.Unmarshal(r.Output, &st)
						total += st.Rows
					}
					if err == nil && total != len(keys) {
						err = fmt.Errorf("%d leaves count %d rows, want %d", len(res), total, len(keys))
					}
					if err != nil {
						t.Errorf("scan: %v", err)
					}
				}()
			}
			close(start)
			wg.Wait()
			a.check(t, s2, name, keys)
			info := waitCleanup(t, s2, name)
			want := "0,1"
			if step < stepSwitched {
				want = ""
			}
			if rows, bits := sumRows(info); strings.Join(bits, ",") != want || rows != int64(len(keys)) {
				t.Errorf("leaves %v with %d rows; want %q with %d", bits, rows, want, len(keys))
			}
			rawRows(t, e2, name, info)
		})
	}
}

// 12. Huge requests and edge-case inputs on a split object: a call of 10,000 keys
// with payloads, spread over 16 leaves, gets one result per leaf and every key once;
// a one-leaf call of all the keys of one leaf works, and one with a key more spans;
// payloads and args that are JSON of every kind (null, nested, strings that look like
// the envelope, whitespace) reach the method intact; a scan of 20,000 rows counts them
// all.
func TestAdversarial2HugeAndOddRequests(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true, InitialDepth: 4})
	c := s.Client()
	keys := keysN("huge", 10000)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(i)
	}
	res, err := c.Call(ctx, "ledger", "huge", "put", Request{Keys: keys, Payloads: payloads})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkOwners(keys, res); err != nil || len(res) != 16 {
		t.Fatalf("put of 10,000 keys: %d leaves answered: %v", len(res), err)
	}
	// Split more, with a stale client, then read them all back through it.
	stale := s.Client()
	for _, bits := range []string{"0000", "1111", "00001"} {
		if err := s.Split(ctx, "ledger", "huge", bits); err != nil {
			t.Fatal(err)
		}
	}
	vals := get(t, stale, "huge", keys)
	for i, k := range keys {
		if string(vals[k]) != fmt.Sprint(i) {
			t.Fatalf("key %s = %s, want %d", k, vals[k], i)
		}
	}
	// All the keys of leaf 0101, in one call.
	var one []string
	for _, k := range keys {
		if storage.PrefixOwns("0101", storage.KeyHash(k)) {
			one = append(one, k)
		}
	}
	r1, err := s.Client().CallOneLeaf(ctx, "ledger", "huge", "add", Request{Keys: one, Payloads: repeat(raw(1), len(one))})
	if err != nil || r1.Leaf != "0101" || len(r1.Positions) != len(one) {
		t.Fatalf("one-leaf call of the %d keys of leaf 0101: leaf %q, %d positions: %v", len(one), r1.Leaf, len(r1.Positions), err)
	}
	other := keyIn(t, keys, "1")
	if _, err := s.Client().CallOneLeaf(ctx, "ledger", "huge", "add", Request{Keys: append(slices.Clone(one), other), Payloads: repeat(raw(1), len(one)+1)}); !errors.Is(err, ErrSpansLeaves) {
		t.Fatalf("one-leaf call spanning two leaves: %v", err)
	}
	vals = get(t, s.Client(), "huge", append(slices.Clone(one), other))
	for _, k := range one {
		var n int
		if json.Unmarshal(vals[k], &n); fmt.Sprint(n) == "" || string(vals[k]) == "" {
			t.Fatalf("key %s = %s", k, vals[k])
		}
	}
	// Odd payloads: each is stored and read back as the same JSON value.
	odd := []string{`null`, `{"keys":["x"],"payloads":[1]}`, `"],\"keys\":[\"zz\"],\"x\":[\""`, ` [ 1 , 2 ] `, `"\u0000\u2028"`, `1e308`, `{"a":{"b":[{}]}}`, `true`}
	okeys := keysN("odd", len(odd))
	opay := make([]json.RawMessage, len(odd))
	for i, o := range odd {
		opay[i] = json.RawMessage(o)
	}
	if _, err := s.Client().Call(ctx, "ledger", "huge", "put", Request{Keys: okeys, Payloads: opay, Args: json.RawMessage(` {"x": null} `)}); err != nil {
		t.Fatal(err)
	}
	ovals := get(t, s.Client(), "huge", okeys)
	for i, k := range okeys {
		var want, got any
		json.Unmarshal([]byte(odd[i]), &want)
		if err := json.Unmarshal(ovals[k], &got); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("payload %s stored as %s", odd[i], ovals[k])
		}
	}
	// Args of every JSON kind reach the method (note takes args.text); null args and
	// no args are the same to a method that needs none.
	for _, args := range []json.RawMessage{nil, json.RawMessage(`null`), json.RawMessage(`{"text":"a\"b"}`)} {
		_, err := s.Client().Call(ctx, "ledger", "huge", "get", Request{Keys: okeys[:2], Args: args})
		if err != nil {
			t.Errorf("get with args %s: %v", args, err)
		}
	}
	// A scan of 20,000 rows: 10,000 more keys.
	more := keysN("more", 10000)
	if _, err := s.Client().Call(ctx, "ledger", "huge", "put", Request{Keys: more, Payloads: repeat(raw(1), len(more))}); err != nil {
		t.Fatal(err)
	}
	sres, err := s.Client().Scan(ctx, "ledger", "huge", "stats", nil)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, r := range sres {
		var st struct{ Rows int }
		json.Unmarshal(r.Output, &st)
		total += st.Rows
	}
	if want := len(keys) + len(more) + len(okeys); total != want || len(sres) != 19 {
		t.Errorf("scan: %d leaves count %d rows, want 19 and %d", len(sres), total, want)
	}
}

// 13. DELETE of a split object while writers run through their own split maps (which
// know the leaves): the delete succeeds; every writer's call succeeds, served before or
// after the delete; afterwards the object is one leaf, no database of a deleted leaf is
// left behind, and the object splits again.
func TestAdversarial2DeleteWhileWritersRun(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("dw", 64)
	if _, err := s.Client().Call(ctx, "ledger", "dw", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, bits := range []string{"", "0", "1", "01"} {
		if err := s.Split(ctx, "ledger", "dw", bits); err != nil {
			t.Fatal(err)
		}
	}
	waitCleanup(t, s, "dw") // no background deletion races the delete (that is TestAdversarial2DeleteDuringCleanup)
	cr := newCrew(t)
	var errsMu sync.Mutex
	var callErrs []error
	var calls atomic.Int64
	for w := range 6 {
		c := s.Client()
		get(t, c, "dw", keys) // each writer knows the split
		rng := rand.New(rand.NewPCG(uint64(w), 13))
		cr.run(func() bool {
			k := keys[rng.IntN(len(keys))]
			_, err := c.Call(ctx, "ledger", "dw", "add", Request{Keys: []string{k}, Payloads: []json.RawMessage{raw(1)}})
			if err != nil {
				errsMu.Lock()
				callErrs = append(callErrs, err)
				errsMu.Unlock()
			}
			calls.Add(1)
			return true
		})
	}
	waitCalls(t, &calls, 50)
	if err := s.Delete(ctx, "ledger", "dw"); err != nil {
		t.Fatalf("delete while writers run: %v", err)
	}
	waitCalls(t, &calls, 100)
	cr.halt()
	errsMu.Lock()
	for i, err := range callErrs {
		if i < 3 {
			t.Logf("a writer's call during the delete: %v", err)
		}
	}
	errsMu.Unlock()
	// After the delete: one leaf, the root, and no leaf objects left behind.
	info := leaves(t, s, "dw")
	if _, bits := sumRows(info); strings.Join(bits, ",") != "" {
		t.Errorf("after the delete: leaves %v, want the root only", bits)
	}
	for _, ob := range []string{"1", "01", "11", "011"} {
		if hasDB(e, "ledger", LeafObject("dw", ob)) {
			t.Errorf("after the delete, the database of deleted leaf object %s is back", LeafObject("dw", ob))
		}
	}
	if len(callErrs) > 0 {
		t.Errorf("%d of %d writer calls failed around the delete, e.g. %v", len(callErrs), calls.Load(), callErrs[0])
	}
	// The object splits again, and every key reads.
	if err := s.Split(ctx, "ledger", "dw", ""); err != nil {
		t.Fatal(err)
	}
	get(t, s.Client(), "dw", keys)
}

// 14. Concurrent _split requests for every leaf (and some that do not exist yet)
// while one-leaf calls on pairs of keys run: every one-leaf call either applies to both
// keys or (ErrSpansLeaves) to neither; each split succeeds once or is refused as stale.
func TestAdversarial2ConcurrentSplitsWithOneLeafCalls(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true, MaxDepth: 5})
	keys := keysN("ol", 200)
	// Pairs of keys that share 4 bits: one leaf until depth 4.
	byPrefix := map[string][]string{}
	for _, k := range keys {
		p := storage.HashBits(storage.KeyHash(k), 4)
		byPrefix[p] = append(byPrefix[p], k)
	}
	var pairs [][2]string
	for _, ks := range byPrefix {
		for i := 0; i+1 < len(ks); i += 2 {
			pairs = append(pairs, [2]string{ks[i], ks[i+1]})
		}
	}
	a := newAcked()
	cr := newCrew(t)
	var calls, spans atomic.Int64
	for w := range 6 {
		c := s.Client()
		rng := rand.New(rand.NewPCG(uint64(w), 14))
		cr.run(func() bool {
			pr := pairs[rng.IntN(len(pairs))]
			res, err := c.CallOneLeaf(ctx, "ledger", "ol", "add", Request{Keys: pr[:], Payloads: []json.RawMessage{raw(1), raw(100)}})
			switch {
			case errors.Is(err, ErrSpansLeaves):
				spans.Add(1)
			case err != nil:
				t.Errorf("one-leaf call: %v", err)
				return false
			default:
				if err := checkOwners(pr[:], []LeafResult{res}); err != nil {
					t.Errorf("one-leaf call: %v", err)
					return false
				}
				a.add(pr[0], 1)
				a.add(pr[1], 100)
			}
			calls.Add(1)
			return true
		})
	}
	waitCalls(t, &calls, 20)
	var wg sync.WaitGroup
	var ok atomic.Int64
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 15))
			for range 40 {
				d := rng.IntN(5)
				bits := storage.HashBits(rng.Uint64(), d)
				err := s.Split(ctx, "ledger", "ol", bits)
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, ErrStale):
				default:
					t.Errorf("split %q: %v", bits, err)
				}
			}
		}()
	}
	wg.Wait()
	waitCalls(t, &calls, 20)
	cr.halt()
	a.check(t, s, "ol", keys)
	info := waitCleanup(t, s, "ol")
	rows, bits := sumRows(info)
	var cover float64
	for _, b := range bits {
		cover += math.Ldexp(1, -len(b))
	}
	if cover != 1 || int(ok.Load()) != len(bits)-1 {
		t.Errorf("leaves %v (cover %v) after %d successful splits", bits, cover, ok.Load())
	}
	if rows > int64(len(keys)) {
		t.Errorf("%d rows for %d keys", rows, len(keys))
	}
	rawRows(t, e, "ol", info)
	t.Logf("%d one-leaf calls, %d spanned leaves; %d leaves", calls.Load(), spans.Load(), len(info))
}

// 15. A client that knew several leaves of an object that was then deleted and
// written again: its next call, whose keys its stale map puts on several of the
// deleted leaves, must route again from the root (as one whose keys were on one
// deleted leaf does), not fail as leaf_missing.
func TestAdversarial2StaleMapAfterDeleteSpansLeaves(t *testing.T) {
	_, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("sd", 64)
	if _, err := s.Client().Call(ctx, "ledger", "sd", "add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, bits := range []string{"", "0", "1"} {
		if err := s.Split(ctx, "ledger", "sd", bits); err != nil {
			t.Fatal(err)
		}
	}
	knew := s.Client()
	get(t, knew, "sd", keys) // knows sd, sd~01, sd~1 and sd~11
	if err := s.Delete(ctx, "ledger", "sd"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Client().Call(ctx, "ledger", "sd", "add", Request{Keys: keys, Payloads: repeat(raw(5), len(keys))}); err != nil {
		t.Fatal(err)
	}
	// One key per deleted leaf object.
	one := []string{keyIn(t, keys, "01")}
	if res, err := knew.Call(ctx, "ledger", "sd", "get", Request{Keys: one}); err != nil {
		t.Errorf("a key of one deleted leaf, through a stale map: %v", err)
	} else if string(res[0].Output) != "[5]" {
		t.Errorf("a key of one deleted leaf: %s, want [5]", res[0].Output)
	}
	knew2 := s.Client()
	get(t, knew2, "sd", keys)
	if err := s.Split(ctx, "ledger", "sd", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "sd", "1"); err != nil {
		t.Fatal(err)
	}
	get(t, knew2, "sd", keys) // knows sd, sd~1, sd~11
	waitCleanup(t, s, "sd")   // no deletion of given-away rows races the delete (TestAdversarial2DeleteDuringCleanup)
	if err := s.Delete(ctx, "ledger", "sd"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Client().Call(ctx, "ledger", "sd", "add", Request{Keys: keys, Payloads: repeat(raw(7), len(keys))}); err != nil {
		t.Fatal(err)
	}
	spread := []string{keyIn(t, keys, "10"), keyIn(t, keys, "11")}
	res, err := knew2.Call(ctx, "ledger", "sd", "get", Request{Keys: spread})
	if err != nil {
		t.Fatalf("keys of two deleted leaves, through a stale map: %v", err)
	}
	for _, r := range res {
		if !strings.HasPrefix(string(r.Output), "[7") {
			t.Errorf("leaf %q answered %s, want 7s", r.Leaf, r.Output)
		}
	}
}

// waitNoCleaning waits until no background deletion of given-away rows runs.
func waitNoCleaning(t *testing.T, s *Splitter) {
	t.Helper()
	for i := 0; ; i++ {
		s.mu.Lock()
		n := len(s.cleaning)
		s.mu.Unlock()
		if n == 0 {
			return
		}
		if i > 2000 {
			t.Fatal("background deletions still running")
		}
		time.Sleep(time.Millisecond)
	}
}

// 16. A delete right after a split, while both sides still delete the rows they gave
// away in the background: the deleted leaf objects must stay deleted (no database of
// theirs comes back), and the object starts over as one empty leaf.
func TestAdversarial2DeleteDuringCleanup(t *testing.T) {
	e, s := newEngine(t, t.TempDir(), Policy{Disabled: true})
	keys := keysN("dc", 20000)
	if _, err := s.Client().Call(ctx, "ledger", "dc", "put", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "dc", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Split(ctx, "ledger", "dc", "1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "ledger", "dc"); err != nil {
		t.Fatal(err)
	}
	waitNoCleaning(t, s)
	for _, ob := range []string{"1", "11"} {
		if hasDB(e, "ledger", LeafObject("dc", ob)) {
			t.Errorf("the database of leaf object %s came back after the delete", LeafObject("dc", ob))
		}
	}
	info := leaves(t, s, "dc")
	if rows, bits := sumRows(info); strings.Join(bits, ",") != "" || rows != 0 {
		t.Errorf("after the delete: leaves %v with %d rows, want one empty root", bits, rows)
	}
}

// sobjectsServer builds cmd/sobjects and runs it on a free loopback port over a new
// data directory, with args. Package server imports this package, so a test here cannot
// use it in process. The test is skipped when the build fails or in -short mode.
func sobjectsServer(t *testing.T, args ...string) (base string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs cmd/sobjects")
	}
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	bin := filepath.Join(t.TempDir(), "sobjects")
	// Without -race even under it: the race detector watches this process, not the
	// server's.
	cmd := exec.Command(goBin, "build", "-o", bin, "../cmd/sobjects")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("building cmd/sobjects: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	logPath := filepath.Join(t.TempDir(), "server.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(bin, append([]string{"run", "--listen", addr, "--data-dir", t.TempDir(), "--log-level", "warn"}, args...)...)
	srv.Stdout, srv.Stderr = logf, logf
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Process.Kill()
		srv.Wait()
		logf.Close()
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("server log:\n%.4000s", b)
		}
	})
	base = "http://" + addr
	for i := 0; ; i++ {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
		if i > 500 {
			t.Fatalf("server did not start: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// httpDo sends a request and returns the status, the problem code (for errors) and the body.
func httpDo(t *testing.T, method, url string, body any) (int, string, []byte) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		rd = bytes.NewReader(raw(b))
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", method, url, err)
		return 0, "", nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var p struct{ Code string }
	if resp.StatusCode >= 300 {
		json.Unmarshal(b, &p)
	}
	return resp.StatusCode, p.Code, b
}

// 17. Over HTTP, against the real server with a tiny pool and idle eviction: a body of
// 10,000 keys; concurrent _split requests of one leaf (one succeeds, the others are
// refused as stale_leaf); concurrent splits of the halves with one-leaf writers
// running; a scan; bad bodies get 4xx.
func TestAdversarial2HTTP(t *testing.T) {
	base := sobjectsServer(t, "--durability", "relaxed", "--idle-evict", "0.02", "--max-open-databases", "3")
	obj := base + "/v1/objects/ledger/acct"
	keys := keysN("hk", 10000)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(i)
	}
	if st, code, b := httpDo(t, "POST", obj+"/put", Request{Keys: keys, Payloads: payloads}); st != 200 {
		t.Fatalf("put of 10,000 keys: %d %s %.300s", st, code, b)
	}
	// Eight _split requests of the root at once.
	statuses := make(chan string, 8)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, code, _ := httpDo(t, "POST", obj+"/_split", `{"leaf":""}`)
			statuses <- fmt.Sprint(st, code)
		}()
	}
	wg.Wait()
	close(statuses)
	var got []string
	for s := range statuses {
		got = append(got, s)
	}
	slices.Sort(got)
	if strings.Join(got, ",") != "200,409stale_leaf,409stale_leaf,409stale_leaf,409stale_leaf,409stale_leaf,409stale_leaf,409stale_leaf" {
		t.Errorf("8 concurrent splits of the root: %v, want one 200 and seven 409 stale_leaf", got)
	}
	// One-leaf writers while the halves split, each twice at once.
	a := newAcked()
	cr := newCrew(t)
	var calls atomic.Int64
	for w := range 4 {
		rng := rand.New(rand.NewPCG(uint64(w), 17))
		cr.run(func() bool {
			k := keys[rng.IntN(len(keys))]
			st, code, b := httpDo(t, "POST", obj+"/add?one_leaf=true", Request{Keys: []string{k}, Payloads: []json.RawMessage{raw(1)}})
			if st != 200 {
				t.Errorf("one-leaf add of %s: %d %s %.200s", k, st, code, b)
				return false
			}
			a.add(k, 1)
			calls.Add(1)
			return true
		})
	}
	for _, leaf := range []string{"0", "1", "0", "1"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if st, code, b := httpDo(t, "POST", obj+"/_split", fmt.Sprintf(`{"leaf":%q}`, leaf)); st != 200 && code != "stale_leaf" {
				t.Errorf("split %q: %d %s %.200s", leaf, st, code, b)
			}
		}()
	}
	wg.Wait()
	waitCalls(t, &calls, 50)
	cr.halt()
	// Every key has its value plus the acknowledged adds.
	st, code, b := httpDo(t, "POST", obj+"/get", Request{Keys: keys})
	if st != 200 {
		t.Fatalf("get of 10,000 keys: %d %s %.300s", st, code, b)
	}
	var ans struct{ Leaves []LeafResult }
	if err := json.Unmarshal(b, &ans); err != nil {
		t.Fatal(err)
	}
	if err := checkOwners(keys, ans.Leaves); err != nil || len(ans.Leaves) != 4 {
		t.Fatalf("get of 10,000 keys after the splits: %d leaves: %v", len(ans.Leaves), err)
	}
	for _, r := range ans.Leaves {
		var vals []int64
		json.Unmarshal(r.Output, &vals)
		for i, p := range r.Positions {
			if want := int64(p) + a.m[keys[p]]; vals[i] != want {
				t.Fatalf("key %s = %d, want %d", keys[p], vals[i], want)
			}
		}
	}
	st, _, b = httpDo(t, "POST", obj+"/_scan/stats", nil)
	var scan struct{ Leaves []LeafResult }
	json.Unmarshal(b, &scan)
	rows := 0
	for _, r := range scan.Leaves {
		var s struct{ Rows int }
		json.Unmarshal(r.Output, &s)
		rows += s.Rows
	}
	if st != 200 || rows != len(keys) || len(scan.Leaves) != 4 {
		t.Errorf("scan: %d, %d leaves with %d rows; want 4 leaves with %d", st, len(scan.Leaves), rows, len(keys))
	}
	// Bad bodies.
	for _, bad := range []string{`{"keys":[]}`, `{"keys":["a"],"payloads":[]}`, `{"keys":"a"}`, `{"keys":["a"],"payloads":[1,2]}`, `not json`} {
		if st, code, _ := httpDo(t, "POST", obj+"/add", bad); st != 400 {
			t.Errorf("body %s: %d %s, want 400", bad, st, code)
		}
	}

}

// 18. Interval mode bounds what a crash loses to the changes of the last interval.
// A split switches, an upload round takes the parent's new state (here forced with a
// bookmark) before it takes the new leaf's first state, and the process dies (its data
// directory lost): keys written long before the split, and uploaded then, must not be
// lost with it.
func TestAdversarial2IntervalCrashAfterParentUpload(t *testing.T) {
	srv := testbucket.Start(t)
	dir := t.TempDir()
	b := openBacked(t, srv, dir, backup.ModeInterval)
	keys := keysN("ic", 100)
	want := map[string]int64{}
	if _, err := b.s.Client().Call(ctx, "ledger", "acct", "add", Request{Keys: keys, Payloads: repeat(raw(3), len(keys))}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		want[k] = 3
	}
	// Every write is in the bucket before the split.
	if _, err := b.e.Bookmark(ctx, "ledger", "acct"); err != nil {
		t.Fatal(err)
	}
	if err := b.s.Split(ctx, "ledger", "acct", ""); err != nil {
		t.Fatal(err)
	}
	// An upload round reaches the parent first.
	if _, err := b.e.Bookmark(ctx, "ledger", "acct"); err != nil {
		t.Fatal(err)
	}
	// The crash: nothing more is uploaded by this process (its engine is closed only
	// at the end of the test, fenced by the next one), and the disk is lost.
	crashed := *b
	b.e = nil // not closed by openBacked's cleanup
	t.Cleanup(func() {
		crashed.s.Close()
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		crashed.e.Close(cctx)
		crashed.st.Close(cctx)
	})
	dir2 := t.TempDir()
	b2 := openBacked(t, srv, dir2, backup.ModeInterval)
	reportErrs(t, "after the crash and the disk loss", checkSums(b2.s, "acct", keys, want))
}

// 19. DELETE of a split object over HTTP while writers run: each writer's call is
// served before or after the delete, none gets a server error, and afterwards the
// object is one leaf.
func TestAdversarial2HTTPDeleteWhileWritersRun(t *testing.T) {
	base := sobjectsServer(t, "--durability", "relaxed", "--idle-evict", "0.02", "--max-open-databases", "3")
	obj := base + "/v1/objects/ledger/acct"
	keys := keysN("hd", 2000)
	if st, code, b := httpDo(t, "POST", obj+"/add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); st != 200 {
		t.Fatalf("add: %d %s %.300s", st, code, b)
	}
	for _, leaf := range []string{"", "0", "1", "01"} {
		if st, code, b := httpDo(t, "POST", obj+"/_split", fmt.Sprintf(`{"leaf":%q}`, leaf)); st != 200 {
			t.Fatalf("split %q: %d %s %.200s", leaf, st, code, b)
		}
	}
	var calls atomic.Int64
	// DELETE while writers run: each writer call succeeds, before or after the delete.
	cr := newCrew(t)
	var errs atomic.Int64
	for w := range 8 {
		rng := rand.New(rand.NewPCG(uint64(w), 19))
		cr.run(func() bool {
			k := keys[rng.IntN(len(keys))]
			st, code, b := httpDo(t, "POST", obj+"/add", Request{Keys: []string{k}, Payloads: []json.RawMessage{raw(1)}})
			if st != 200 {
				if errs.Add(1) <= 3 {
					t.Errorf("add of %s around a DELETE: %d %s %.200s", k, st, code, b)
				}
			}
			calls.Add(1)
			return true
		})
	}
	waitCalls(t, &calls, 30)
	if st, code, b := httpDo(t, "DELETE", obj, nil); st != 204 {
		t.Errorf("DELETE while writers run: %d %s %.200s", st, code, b)
	}
	waitCalls(t, &calls, 30)
	cr.halt()
	st, _, b := httpDo(t, "GET", obj+"/_leaves", nil)
	var lv struct{ Leaves []LeafInfo }
	json.Unmarshal(b, &lv)
	if st != 200 || len(lv.Leaves) != 1 {
		t.Errorf("after the DELETE: %d %s", st, b)
	}
}
