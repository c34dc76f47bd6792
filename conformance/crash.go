//go:build unix

package conformance

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/ncruces/go-sqlite3"
)

// ErrCrashViolation is wrapped by the error [RunCrash] returns when the target broke a
// promise: an acknowledged write is missing or wrong, a counter moved by more or less
// than the calls that may have committed, a database failed PRAGMA integrity_check, or
// a key appeared that no call wrote. Any other error is a failure of the harness
// (the binary would not start, the context ended, a file could not be read).
var ErrCrashViolation = errors.New("crash: violation")

// CrashOptions configures [RunCrash]. Only Binary and DataDir are required.
type CrashOptions struct {
	// Binary is the path of the sobjects executable to start, as
	// `Binary run --data-dir DataDir --listen 127.0.0.1:0 --durability Durability`.
	Binary string
	// DataDir is the server's --data-dir. It persists across kills; a new run may reuse
	// it (object names carry a per-run tag, so earlier data does not interfere).
	DataDir string
	// Kills is how many times the server is killed with SIGKILL; 0 means 1.
	Kills int
	// Clients is how many goroutines write concurrently; 0 means 8.
	Clients int
	// Objects is how many objects of each class (counter and kv) are written; 0 means 4.
	Objects int
	// Durability is the server's --durability, "fsync" (the default) or "relaxed".
	Durability string
	// Log receives one progress line per kill and a summary; nil discards them.
	Log io.Writer

	// Seed seeds the random choices (objects, bursts, kill delays); 0 picks one from
	// the clock. The seed used is in the report and the first log line.
	Seed int64
	// MinKillDelay and MaxKillDelay bound the random time the clients write before
	// each kill; 0 means 20 ms and 300 ms.
	MinKillDelay, MaxKillDelay time.Duration
	// AckLogDir holds one file per client, client-<c>.log, with a line per
	// acknowledged write (and per write left unanswered by a kill); empty means
	// DataDir/../acklog. The files are appended to, never truncated.
	AckLogDir string
	// StartTimeout bounds how long one server start may take to log
	// "msg=serving"; 0 means 60 s.
	StartTimeout time.Duration
	// Args are more arguments of `run`, such as --backup-bucket; Env is more
	// environment for the server, such as S3_ENDPOINT and credentials.
	Args, Env []string
	// LoseDisk deletes everything under DataDir after each kill (once the integrity
	// check has run): the disk is lost, and what the restarted server serves must
	// come from its backup bucket (--backup-mode durable keeps every acknowledged
	// write).
	LoseDisk bool
}

// CrashReport is what [RunCrash] did and found.
type CrashReport struct {
	Kills       int   // kills done
	AckedWrites int64 // writes acknowledged (2xx answer received) across all rounds
	Unanswered  int64 // writes sent whose answer never came (in flight at a kill)
	Failed      int64 // writes answered with an error status before a kill (counted as unanswered)
	// Checked is how many acknowledged writes the final verification found present:
	// kv puts read back with their exact value, counter increments covered by the
	// counter's value. It equals AckedWrites when nothing was lost.
	Checked int64
	// Databases is how many database files under DataDir the last integrity check
	// covered (object databases and the host's own); IntegrityChecks counts every
	// check of every round.
	Databases       int
	IntegrityChecks int64
	Seed            int64
	Duration        time.Duration
}

// crashEvent is one line of a client's ack log.
type crashEvent struct {
	round  int
	acked  bool   // false: sent, answer never came (or an error status)
	class  string // "counter" or "kv"
	object string // object name
	key    string // kv key
	value  int64  // counter value answered
}

// crashCounter is what the harness knows of one counter object.
type crashCounter struct {
	name     string
	base     int64 // value read at the last restart
	seen     map[int64]bool
	ackedAll int64
}

// crashKV is what the harness knows of one kv object.
type crashKV struct {
	name    string
	acked   map[string]bool // keys acknowledged, all rounds
	unknown map[string]bool // keys sent, unanswered, all rounds
}

// RunCrash is the crash test: it starts opts.Binary, drives concurrent writes to
// counter and kv objects, kills the server with SIGKILL at a random moment, runs
// PRAGMA integrity_check on every database file while the server is down, restarts
// it and checks that every acknowledged write is there, that each counter moved by
// exactly the acknowledged increments plus some of those left in flight, and that
// every kv entry is one a client wrote, with its exact value. It does this
// opts.Kills times on the same data directory.
//
// The error of the first violation wraps [ErrCrashViolation] and names the object
// and the write. The report is filled in as far as the run got.
func RunCrash(ctx context.Context, opts CrashOptions) (CrashReport, error) {
	start := time.Now()
	if opts.Binary == "" || opts.DataDir == "" {
		return CrashReport{}, errors.New("crash: Binary and DataDir are required")
	}
	if opts.Kills <= 0 {
		opts.Kills = 1
	}
	if opts.Clients <= 0 {
		opts.Clients = 8
	}
	if opts.Objects <= 0 {
		opts.Objects = 4
	}
	if opts.Durability == "" {
		opts.Durability = "fsync"
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.Seed == 0 {
		opts.Seed = time.Now().UnixNano()
	}
	if opts.MinKillDelay <= 0 {
		opts.MinKillDelay = 20 * time.Millisecond
	}
	if opts.MaxKillDelay < opts.MinKillDelay {
		opts.MaxKillDelay = max(300*time.Millisecond, opts.MinKillDelay)
	}
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = 60 * time.Second
	}
	dataDir, err := filepath.Abs(opts.DataDir)
	if err != nil {
		return CrashReport{}, err
	}
	opts.DataDir = dataDir
	if opts.AckLogDir == "" {
		opts.AckLogDir = filepath.Join(filepath.Dir(dataDir), "acklog")
	}
	for _, d := range []string{opts.DataDir, opts.AckLogDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return CrashReport{}, err
		}
	}

	r := &crashRun{opts: opts, rep: CrashReport{Seed: opts.Seed}, rng: rand.New(rand.NewSource(opts.Seed))}
	r.http = &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: opts.Clients * 2, DisableCompression: true},
	}
	defer r.http.CloseIdleConnections()
	err = r.run(ctx)
	if r.srv != nil {
		r.srv.kill()
	}
	r.rep.Duration = time.Since(start)
	if err == nil {
		fmt.Fprintf(opts.Log, "crash: %d kills, %d acknowledged writes, all %d present, %d databases pass integrity_check (%d checks; %d writes unanswered at kills; %s, seed %d)\n",
			r.rep.Kills, r.rep.AckedWrites, r.rep.Checked, r.rep.Databases, r.rep.IntegrityChecks, r.rep.Unanswered, r.rep.Duration.Round(time.Millisecond), r.rep.Seed)
	} else {
		fmt.Fprintf(opts.Log, "crash: FAILED after %d kills (seed %d): %v\n", r.rep.Kills, r.rep.Seed, err)
	}
	return r.rep, err
}

type crashRun struct {
	opts     CrashOptions
	rep      CrashReport
	rng      *rand.Rand
	http     *http.Client
	srv      *crashServer
	counters []*crashCounter
	kvs      []*crashKV
	seqs     []int64 // next kv sequence number per client, across rounds
	offsets  []int64 // bytes of each client's ack log already read
}

func (r *crashRun) run(ctx context.Context) error {
	o := r.opts
	tag := strconv.FormatUint(uint64(r.opts.Seed)&0xffffffffff, 36)
	for i := 0; i < o.Objects; i++ {
		r.counters = append(r.counters, &crashCounter{name: fmt.Sprintf("crash-%s-%d", tag, i), seen: map[int64]bool{}})
		r.kvs = append(r.kvs, &crashKV{name: fmt.Sprintf("crash-%s-%d", tag, i), acked: map[string]bool{}, unknown: map[string]bool{}})
	}
	r.seqs = make([]int64, o.Clients)
	r.offsets = make([]int64, o.Clients)
	for c := 0; c < o.Clients; c++ {
		// Start past whatever an earlier run appended to the same file.
		if fi, err := os.Stat(r.ackLogPath(c)); err == nil {
			r.offsets[c] = fi.Size()
		}
	}
	fmt.Fprintf(o.Log, "crash: %d kills, %d clients, %d objects per class, durability %s, seed %d, data %s, ack logs %s, args %q, lose disk %v\n",
		o.Kills, o.Clients, o.Objects, o.Durability, o.Seed, o.DataDir, o.AckLogDir, o.Args, o.LoseDisk)

	var err error
	if r.srv, err = startCrashServer(ctx, o); err != nil {
		return err
	}
	for _, c := range r.counters { // the data dir may be reused: start from what is there
		if c.base, err = r.counterGet(ctx, c.name); err != nil {
			return fmt.Errorf("crash: initial get of counter %s: %w", c.name, err)
		}
	}
	for round := 1; round <= o.Kills; round++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		delay := o.MinKillDelay + time.Duration(r.rng.Int63n(int64(o.MaxKillDelay-o.MinKillDelay)+1))
		st, err := r.load(ctx, round, delay)
		if err != nil {
			return err
		}
		r.rep.Kills = round
		if crashAfterKill != nil {
			crashAfterKill(o.DataDir)
		}
		dbs, err := r.integrity()
		if err != nil {
			return err
		}
		if o.LoseDisk {
			if err := os.RemoveAll(o.DataDir); err != nil {
				return err
			}
			if err := os.MkdirAll(o.DataDir, 0o755); err != nil {
				return err
			}
		}
		if r.srv, err = startCrashServer(ctx, o); err != nil {
			return fmt.Errorf("crash: restart after kill %d: %w", round, err)
		}
		events, err := r.readAckLogs(round)
		if err != nil {
			return err
		}
		full := round == o.Kills || round%10 == 0
		if err := r.verify(ctx, round, events, full); err != nil {
			return err
		}
		fmt.Fprintf(o.Log, "crash: kill %d/%d after %v: %d writes acknowledged, %d unanswered, %d failed; %d databases pass integrity_check; verified\n",
			round, o.Kills, delay.Round(time.Millisecond), st.acked, st.unanswered, st.failed, dbs)
	}
	return r.srv.stop()
}

// crashAfterKill, when set (by tests of the harness itself), runs after each kill with
// the server down: it lets a test damage the files and see RunCrash notice.
var crashAfterKill func(dataDir string)

type crashRoundStats struct{ acked, unanswered, failed int64 }

// load runs the clients against the live server for delay, then kills it with SIGKILL
// while they are still writing, and waits for them to finish.
func (r *crashRun) load(ctx context.Context, round int, delay time.Duration) (crashRoundStats, error) {
	o := r.opts
	var st crashRoundStats
	var stop atomic.Bool
	var wg sync.WaitGroup
	errs := make(chan error, o.Clients)
	base := r.srv.url
	for c := 0; c < o.Clients; c++ {
		f, err := os.OpenFile(r.ackLogPath(c), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return st, err
		}
		rng := rand.New(rand.NewSource(o.Seed ^ int64(round)<<20 ^ int64(c)))
		wg.Add(1)
		go func(c int, f *os.File, rng *rand.Rand) {
			defer wg.Done()
			w := bufio.NewWriter(f)
			defer func() {
				if err := w.Flush(); err != nil {
					errs <- err
				}
				if err := f.Close(); err != nil {
					errs <- err
				}
			}()
			for !stop.Load() && ctx.Err() == nil {
				burst := 1 + rng.Intn(16)
				for i := 0; i < burst && !stop.Load(); i++ {
					obj := rng.Intn(o.Objects)
					var ev crashEvent
					var err error
					var status int
					if rng.Intn(2) == 0 {
						name := r.counters[obj].name
						ev = crashEvent{round: round, class: "counter", object: name}
						var out struct {
							Value *int64 `json:"value"`
						}
						status, err = r.call(ctx, base, "counter", name, "increment", map[string]any{"by": 1}, &out)
						if err == nil && status == 200 && out.Value == nil {
							err = fmt.Errorf("increment of counter %s answered 200 without a value", name)
						}
						if out.Value != nil {
							ev.value = *out.Value
						}
					} else {
						name := r.kvs[obj].name
						key := fmt.Sprintf("client-%d-seq-%d", c, r.seqs[c])
						r.seqs[c]++
						ev = crashEvent{round: round, class: "kv", object: name, key: key}
						var out struct {
							OK bool `json:"ok"`
						}
						status, err = r.call(ctx, base, "kv", name, "put", map[string]any{"key": key, "value": crashValue(key)}, &out)
						if err == nil && status == 200 && !out.OK {
							err = fmt.Errorf("put %s to kv %s answered 200 without ok", key, name)
						}
					}
					switch {
					case err == nil && status == 200:
						ev.acked = true
						atomic.AddInt64(&st.acked, 1)
					case errors.Is(err, syscall.ECONNREFUSED):
						// Never reached the server (it is already dead): not a write.
						stop.Store(true)
						continue
					case err != nil:
						// No answer: the server died with the call in flight. It may or
						// may not have committed.
						atomic.AddInt64(&st.unanswered, 1)
						stop.Store(true)
					default:
						// An error status. The call should have rolled back, but treat it
						// like an unanswered one: may or may not have committed.
						atomic.AddInt64(&st.failed, 1)
						if !stop.Load() {
							fmt.Fprintf(o.Log, "crash: round %d client %d: %s %s answered status %d before the kill\n", round, c, ev.class, ev.object, status)
						}
					}
					if _, err := w.WriteString(ev.line()); err != nil {
						errs <- err
						return
					}
				}
				if !stop.Load() {
					time.Sleep(time.Duration(rng.Intn(2000)) * time.Microsecond)
				}
			}
		}(c, f, rng)
	}

	t := time.NewTimer(delay)
	select {
	case <-t.C:
	case <-ctx.Done():
	}
	t.Stop()
	r.srv.kill() // SIGKILL, with calls in flight
	stop.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		return st, fmt.Errorf("crash: ack log: %w", err)
	}
	r.srv = nil
	r.rep.AckedWrites += st.acked
	r.rep.Unanswered += st.unanswered + st.failed
	r.rep.Failed += st.failed
	return st, ctx.Err()
}

func (r *crashRun) ackLogPath(c int) string {
	return filepath.Join(r.opts.AckLogDir, fmt.Sprintf("client-%d.log", c))
}

// line is the ack log line of e: round, "ack" or "sent", class, object, then the
// counter value answered or the kv key.
func (e crashEvent) line() string {
	what := "sent"
	if e.acked {
		what = "ack"
	}
	if e.class == "counter" {
		return fmt.Sprintf("%d\t%s\tcounter\t%s\t%d\n", e.round, what, e.object, e.value)
	}
	return fmt.Sprintf("%d\t%s\tkv\t%s\t%s\n", e.round, what, e.object, e.key)
}

func parseCrashEvent(s string) (crashEvent, error) {
	f := strings.Split(s, "\t")
	if len(f) != 5 || (f[1] != "ack" && f[1] != "sent") || (f[2] != "counter" && f[2] != "kv") {
		return crashEvent{}, fmt.Errorf("bad ack log line %q", s)
	}
	round, err := strconv.Atoi(f[0])
	if err != nil {
		return crashEvent{}, fmt.Errorf("bad ack log line %q", s)
	}
	e := crashEvent{round: round, acked: f[1] == "ack", class: f[2], object: f[3]}
	if e.class == "counter" {
		if e.value, err = strconv.ParseInt(f[4], 10, 64); err != nil {
			return crashEvent{}, fmt.Errorf("bad ack log line %q", s)
		}
	} else {
		e.key = f[4]
	}
	return e, nil
}

// readAckLogs reads back what the clients appended to their files in this round: the
// verification works from the files, not from memory.
func (r *crashRun) readAckLogs(round int) ([]crashEvent, error) {
	var out []crashEvent
	for c := range r.offsets {
		f, err := os.Open(r.ackLogPath(c))
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(io.NewSectionReader(f, r.offsets[c], 1<<40))
		f.Close()
		if err != nil {
			return nil, err
		}
		r.offsets[c] += int64(len(b))
		for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if l == "" {
				continue
			}
			e, err := parseCrashEvent(l)
			if err != nil {
				return nil, fmt.Errorf("crash: %s: %w", r.ackLogPath(c), err)
			}
			if e.round != round {
				return nil, fmt.Errorf("crash: %s: line of round %d in round %d", r.ackLogPath(c), e.round, round)
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// crashValue is the value written under key: the key itself, then filler so that a
// value spans a good part of a page.
func crashValue(key string) string {
	var b strings.Builder
	b.WriteString(key)
	b.WriteString("|")
	for b.Len() < 300 {
		b.WriteString(key)
		b.WriteString(";")
	}
	return b.String()
}

// CrashObjectPath is the database file of object name of class under dataDir:
// objects/<class>/<id[:2]>/<id>.db with id the first 16 bytes of
// SHA-256(class, NUL, name) in lowercase hex.
func CrashObjectPath(dataDir, class, name string) string {
	h := sha256.Sum256([]byte(class + "\x00" + name))
	id := hex.EncodeToString(h[:16])
	return filepath.Join(dataDir, "objects", class, id[:2], id+".db")
}

// integrity runs PRAGMA integrity_check on a copy of every database file under the
// data dir (database and write-ahead log, as the kill left them). It works on copies
// so that the server, at its restart, recovers the files itself, as it would in
// production. Every object written to must have its file.
func (r *crashRun) integrity() (int, error) {
	var paths []string
	err := filepath.WalkDir(r.opts.DataDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".db") {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	have := map[string]bool{}
	for _, p := range paths {
		have[p] = true
	}
	for _, c := range r.counters {
		if len(c.seen) > 0 && !have[CrashObjectPath(r.opts.DataDir, "counter", c.name)] {
			return 0, fmt.Errorf("%w: after kill %d: counter %s has acknowledged increments but no database file %s",
				ErrCrashViolation, r.rep.Kills, c.name, CrashObjectPath(r.opts.DataDir, "counter", c.name))
		}
	}
	for _, k := range r.kvs {
		if len(k.acked) > 0 && !have[CrashObjectPath(r.opts.DataDir, "kv", k.name)] {
			return 0, fmt.Errorf("%w: after kill %d: kv %s has acknowledged puts but no database file %s",
				ErrCrashViolation, r.rep.Kills, k.name, CrashObjectPath(r.opts.DataDir, "kv", k.name))
		}
	}
	scratch, err := os.MkdirTemp("", "sobjects-crash-check-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(scratch)
	for i, p := range paths {
		cp := filepath.Join(scratch, fmt.Sprintf("%d.db", i))
		if err := crashCopy(p, cp); err != nil {
			return 0, err
		}
		if err := crashCopy(p+"-wal", cp+"-wal"); err != nil && !errors.Is(err, os.ErrNotExist) {
			return 0, err
		}
		msgs, err := crashIntegrityCheck(cp)
		if err != nil {
			return 0, fmt.Errorf("%w: after kill %d: %s: cannot open or check: %v (files kept in %s)",
				ErrCrashViolation, r.rep.Kills, p, err, crashKeep(p))
		}
		if len(msgs) != 1 || msgs[0] != "ok" {
			return 0, fmt.Errorf("%w: after kill %d: %s fails PRAGMA integrity_check: %s (files kept in %s)",
				ErrCrashViolation, r.rep.Kills, p, strings.Join(msgs, "; "), crashKeep(p))
		}
		r.rep.IntegrityChecks++
	}
	r.rep.Databases = len(paths)
	return len(paths), nil
}

// crashKeep copies a failing database and its log aside for a post-mortem.
func crashKeep(p string) string {
	dir, err := os.MkdirTemp("", "sobjects-crash-failed-")
	if err != nil {
		return "(not kept: " + err.Error() + ")"
	}
	for _, s := range []string{"", "-wal", "-shm"} {
		_ = crashCopy(p+s, filepath.Join(dir, filepath.Base(p)+s))
	}
	return dir
}

func crashCopy(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

// crashIntegrityCheck opens path the way the server does (exclusive locking, so the
// log index lives in memory) and returns the rows of PRAGMA integrity_check.
func crashIntegrityCheck(path string) (msgs []string, err error) {
	conn, err := sqlite3.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := conn.Close(); err == nil {
			err = cerr
		}
	}()
	if err := conn.Exec("PRAGMA locking_mode=EXCLUSIVE"); err != nil {
		return nil, err
	}
	s, _, err := conn.Prepare("PRAGMA integrity_check")
	if err != nil {
		return nil, err
	}
	defer s.Close()
	for s.Step() {
		msgs = append(msgs, s.ColumnText(0))
	}
	return msgs, s.Err()
}

// verify checks the restarted server against the ack log of round. With full, it
// also lists every kv object whole and checks it against all rounds.
func (r *crashRun) verify(ctx context.Context, round int, events []crashEvent, full bool) error {
	type counterRound struct {
		acked, sent int64
		max         int64
		values      []int64
	}
	cr := map[string]*counterRound{}
	var newAcked, newUnknown []crashEvent
	for _, e := range events {
		if e.class == "counter" {
			x := cr[e.object]
			if x == nil {
				x = &counterRound{}
				cr[e.object] = x
			}
			if e.acked {
				x.acked++
				x.max = max(x.max, e.value)
				x.values = append(x.values, e.value)
			} else {
				x.sent++
			}
			continue
		}
		if e.acked {
			newAcked = append(newAcked, e)
		} else {
			newUnknown = append(newUnknown, e)
		}
	}

	checked := int64(0)
	for _, c := range r.counters {
		x := cr[c.name]
		if x == nil {
			x = &counterRound{}
		}
		v, err := r.counterGet(ctx, c.name)
		if err != nil {
			return fmt.Errorf("crash: after kill %d: get counter %s: %w%s", round, c.name, err, r.srv.exited())
		}
		top := max(c.base, x.max)
		switch {
		case v < c.base+x.acked:
			return fmt.Errorf("%w: after kill %d: counter %s is %d, but it was %d before this round and %d increments were acknowledged since: %d acknowledged increments lost",
				ErrCrashViolation, round, c.name, v, c.base, x.acked, c.base+x.acked-v)
		case v < x.max:
			return fmt.Errorf("%w: after kill %d: counter %s is %d, but an increment was acknowledged with value %d",
				ErrCrashViolation, round, c.name, v, x.max)
		case v > top+x.sent || v > c.base+x.acked+x.sent:
			return fmt.Errorf("%w: after kill %d: counter %s is %d, more than the highest acknowledged value %d plus the %d increments in flight at the kill (base %d, %d acknowledged): an increment was applied twice or out of nowhere",
				ErrCrashViolation, round, c.name, v, top, x.sent, c.base, x.acked)
		}
		sort.Slice(x.values, func(i, j int) bool { return x.values[i] < x.values[j] })
		for i, a := range x.values {
			if a <= c.base || c.seen[a] || (i > 0 && x.values[i-1] == a) {
				return fmt.Errorf("%w: after kill %d: counter %s answered value %d twice or at or below its earlier value %d: an increment was lost or reordered",
					ErrCrashViolation, round, c.name, a, c.base)
			}
			c.seen[a] = true
		}
		c.ackedAll += x.acked
		c.base = v
		checked += c.ackedAll
	}

	kvs := map[string]*crashKV{}
	for _, k := range r.kvs {
		kvs[k.name] = k
	}
	// Every key acknowledged this round reads back exactly; every key left in flight
	// is wholly there or wholly absent.
	type job struct {
		e     crashEvent
		acked bool
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	for w := 0; w < r.opts.Clients; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				got, found, err := r.kvGet(ctx, j.e.object, j.e.key)
				switch {
				case err != nil:
					err = fmt.Errorf("crash: after kill %d: get %s from kv %s: %w", round, j.e.key, j.e.object, err)
				case j.acked && !found:
					err = fmt.Errorf("%w: after kill %d: acknowledged put of key %s to kv %s is lost (404 after restart)",
						ErrCrashViolation, round, j.e.key, j.e.object)
				case found && got != crashValue(j.e.key):
					err = fmt.Errorf("%w: after kill %d: put of key %s to kv %s (acknowledged: %v) reads back %q, want %q",
						ErrCrashViolation, round, j.e.key, j.e.object, j.acked, got, crashValue(j.e.key))
				}
				if err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, e := range newAcked {
		jobs <- job{e, true}
	}
	for _, e := range newUnknown {
		jobs <- job{e, false}
	}
	close(jobs)
	wg.Wait()
	if first != nil {
		return first
	}
	for _, e := range newAcked {
		k := kvs[e.object]
		if k == nil {
			return fmt.Errorf("crash: ack log names unknown kv object %s", e.object)
		}
		k.acked[e.key] = true
	}
	for _, e := range newUnknown {
		if k := kvs[e.object]; k != nil {
			k.unknown[e.key] = true
		}
	}

	for _, k := range r.kvs {
		if !full {
			checked += int64(len(k.acked))
			continue
		}
		entries, err := r.kvList(ctx, k.name)
		if err != nil {
			return fmt.Errorf("crash: after kill %d: list kv %s: %w", round, k.name, err)
		}
		present := 0
		for key, val := range entries {
			if !k.acked[key] && !k.unknown[key] {
				return fmt.Errorf("%w: after kill %d: kv %s holds key %s that no client wrote", ErrCrashViolation, round, k.name, key)
			}
			if val != crashValue(key) {
				return fmt.Errorf("%w: after kill %d: kv %s key %s lists value %q, want %q", ErrCrashViolation, round, k.name, key, val, crashValue(key))
			}
			if k.acked[key] {
				present++
			}
		}
		if present != len(k.acked) {
			for key := range k.acked {
				if _, ok := entries[key]; !ok {
					return fmt.Errorf("%w: after kill %d: acknowledged key %s of kv %s is missing from its list", ErrCrashViolation, round, key, k.name)
				}
			}
		}
		checked += int64(present)
	}
	r.rep.Checked = checked
	return nil
}

// call POSTs in as JSON to /v1/objects/class/name/method and decodes a 200 answer
// into out. A non-200 status is returned with a nil error.
func (r *crashRun) call(ctx context.Context, base, class, name, method string, in any, out any) (int, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/v1/objects/"+class+"/"+name+"/"+method, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := r.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err // the answer did not arrive whole: not acknowledged
	}
	if resp.StatusCode != 200 {
		return resp.StatusCode, nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return 0, fmt.Errorf("%s/%s.%s answered %q: %w", class, name, method, b, err)
	}
	return 200, nil
}

func (r *crashRun) counterGet(ctx context.Context, name string) (int64, error) {
	var out struct {
		Value *int64 `json:"value"`
	}
	status, err := r.call(ctx, r.srv.url, "counter", name, "get", struct{}{}, &out)
	if err != nil {
		return 0, err
	}
	if status != 200 || out.Value == nil {
		return 0, fmt.Errorf("status %d", status)
	}
	return *out.Value, nil
}

func (r *crashRun) kvGet(ctx context.Context, name, key string) (string, bool, error) {
	var out struct {
		Value any `json:"value"`
	}
	status, err := r.call(ctx, r.srv.url, "kv", name, "get", map[string]any{"key": key}, &out)
	switch {
	case err != nil:
		return "", false, err
	case status == 404:
		return "", false, nil
	case status != 200:
		return "", false, fmt.Errorf("status %d", status)
	}
	s, ok := out.Value.(string)
	if !ok {
		b, _ := json.Marshal(out.Value)
		s = string(b)
	}
	return s, true, nil
}

// kvList lists every "client-" entry of kv object name, a page at a time.
func (r *crashRun) kvList(ctx context.Context, name string) (map[string]string, error) {
	const page = 1000
	out := map[string]string{}
	in := map[string]any{"prefix": "client-", "limit": page}
	for {
		var res struct {
			Entries []struct {
				Key   string `json:"key"`
				Value any    `json:"value"`
			} `json:"entries"`
		}
		status, err := r.call(ctx, r.srv.url, "kv", name, "list", in, &res)
		if err != nil {
			return nil, err
		}
		if status != 200 {
			return nil, fmt.Errorf("status %d", status)
		}
		for _, e := range res.Entries {
			s, ok := e.Value.(string)
			if !ok {
				b, _ := json.Marshal(e.Value)
				s = string(b)
			}
			out[e.Key] = s
		}
		if len(res.Entries) < page {
			return out, nil
		}
		in["start"] = res.Entries[len(res.Entries)-1].Key + "\x00"
	}
}

// crashServer is one run of the binary.
type crashServer struct {
	cmd    *exec.Cmd
	url    string
	stderr *crashStderr
	done   chan struct{}
	err    error // Wait's error, once done is closed
}

// crashStderr keeps the tail of the server's log and finds the "serving" line.
type crashStderr struct {
	mu    sync.Mutex
	buf   []byte
	lines []string
	ready chan string
	sent  bool
}

func (s *crashStderr) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = append(s.buf, p...)
	for {
		i := bytes.IndexByte(s.buf, '\n')
		if i < 0 {
			break
		}
		line := string(s.buf[:i])
		s.buf = s.buf[i+1:]
		s.lines = append(s.lines, line)
		if len(s.lines) > 40 {
			s.lines = s.lines[len(s.lines)-40:]
		}
		if !s.sent && strings.Contains(line, "msg=serving") {
			if _, rest, ok := strings.Cut(line, " url="); ok {
				url, _, _ := strings.Cut(rest, " ")
				s.sent = true
				s.ready <- url
			}
		}
	}
	return len(p), nil
}

func (s *crashStderr) tail() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(append(append([]string{}, s.lines...), string(s.buf)), "\n")
}

// startCrashServer starts the binary on a free loopback port (--listen 127.0.0.1:0)
// and waits for its "msg=serving url=..." line.
func startCrashServer(ctx context.Context, o CrashOptions) (*crashServer, error) {
	cmd := exec.Command(o.Binary, append([]string{"run", "--data-dir", o.DataDir, "--listen", "127.0.0.1:0", "--durability", o.Durability}, o.Args...)...)
	// Run inside the data dir, so that no sobjects.toml of the caller's working
	// directory applies, and without SOBJECTS_* variables for the same reason.
	cmd.Dir = o.DataDir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SOBJECTS_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, o.Env...)
	s := &crashServer{cmd: cmd, stderr: &crashStderr{ready: make(chan string, 1)}, done: make(chan struct{})}
	cmd.Stderr = s.stderr
	cmd.Stdout = s.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		s.err = cmd.Wait()
		close(s.done)
	}()
	t := time.NewTimer(o.StartTimeout)
	defer t.Stop()
	select {
	case s.url = <-s.stderr.ready:
		return s, nil
	case <-s.done:
		return nil, fmt.Errorf("server exited before serving (%v):\n%s", s.err, s.stderr.tail())
	case <-t.C:
		s.kill()
		return nil, fmt.Errorf("server did not log msg=serving within %v:\n%s", o.StartTimeout, s.stderr.tail())
	case <-ctx.Done():
		s.kill()
		return nil, ctx.Err()
	}
}

// exited describes how the server ended, with the end of its log, when it is no
// longer running; "" while it runs.
func (s *crashServer) exited() string {
	select {
	case <-s.done:
		return fmt.Sprintf(" (the server exited: %v; its log ends:\n%s)", s.err, s.stderr.tail())
	default:
		return ""
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (s *crashServer) kill() {
	_ = s.cmd.Process.Kill()
	<-s.done
}

// stop asks the server to shut down (SIGTERM) and waits up to a minute, then kills it.
func (s *crashServer) stop() error {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
		return nil
	case <-time.After(time.Minute):
		s.kill()
		return fmt.Errorf("crash: server did not stop within a minute of SIGTERM:\n%s", s.stderr.tail())
	}
}
