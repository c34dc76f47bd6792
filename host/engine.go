package host

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/extism"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/js"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// DefaultIdleEvict is how long an object stays resident without calls when
// Options.IdleEvict is 0.
const DefaultIdleEvict = 60 * time.Second

// Lease is what Options.Lease needs of a node's cluster membership.
type Lease interface {
	// Valid reports whether the node may still answer for the objects it owns. Once
	// false it stays false. It must be cheap: it is asked at every answer.
	Valid() bool
}

// Options configure an Engine. The zero value of each field means its default; New
// does not modify the Options it is given.
type Options struct {
	// DataDir holds classes/, objects/, alarms.db and the compilation cache. Required.
	DataDir string
	// CompilationCacheDir is where compiled plugins (and the JavaScript engine) are
	// cached between runs; "" means DataDir/cache/wazero. Engines of one wazero version
	// may share a directory.
	CompilationCacheDir string
	// Threads is the number of worker threads; 0 means runtime.NumCPU().
	Threads int
	// IdleEvict is how long an object stays resident after its last call; 0 means
	// DefaultIdleEvict, negative means never.
	IdleEvict time.Duration
	// Durability of commits: storage.DurabilityFsync (the zero value) or
	// storage.DurabilityRelaxed.
	Durability storage.Durability
	// MemoryLimitBytes is the linear memory limit of each plugin instance, rounded
	// down to 64 KiB pages; 0 means abi.DefaultMemoryLimitBytes (128 MiB).
	MemoryLimitBytes int64
	// CallTimeout is the wall time one call may take, its SQL included; 0 means
	// abi.DefaultCallTimeoutSecs (30 s). A call from another object ends by its
	// caller's deadline if that comes first: a tree of calls shares one.
	CallTimeout time.Duration
	// ThreadStallBudget is how long one batch of calls may hold its worker thread before
	// the thread's other objects are handed to a fresh thread: the long call goes on
	// beside them under its own time limit (CallTimeout). 0 means
	// DefaultThreadStallBudget (50 ms); negative means never, and a long call holds its
	// thread to the end. At most MaxDetachedCalls calls are handed over at once; past
	// that a stalled thread waits as if negative.
	ThreadStallBudget time.Duration
	// MaxDetachedCalls bounds the calls that run handed over, off their worker thread
	// (ThreadStallBudget), at once; 0 means DetachedCallsPerThread × Threads. Each such
	// call ends by its time limit; the bound keeps that many runaway calls from taking
	// every core from the threads.
	MaxDetachedCalls int
	// MaxKVValueBytes bounds one KV value; 0 means abi.DefaultMaxKVValueBytes (2 MiB).
	MaxKVValueBytes int
	// MaxOutputBytes bounds one method output; 0 means abi.DefaultMaxOutputBytes.
	MaxOutputBytes int
	// WebSocketMessageBytes bounds one WebSocket message, sent or received; 0 means
	// DefaultWebSocketMessageBytes (1 MiB).
	WebSocketMessageBytes int
	// WebSocketsPerObject bounds the WebSockets one object holds accepted at once; 0
	// means DefaultWebSocketsPerObject (32,768).
	WebSocketsPerObject int
	// MaxOpenDatabases bounds the open object databases; 0 means storage.DefaultMaxOpen.
	MaxOpenDatabases int
	// MemoryPolicies are the rules by which durable memory says a new image is due
	// (memory_stats), by class; a class not named, and a zero field, get
	// storage.DefaultMemoryPolicy's.
	MemoryPolicies map[string]storage.MemoryPolicy
	// Hibernate names the classes whose idle instances hibernate ("*" for every class):
	// see hibernation.go. An object of such a class, when evicted (idle, over the
	// resident bounds, or at Close), writes its instance's state to its own database
	// after its last commit, and its next activation restores that state instead of
	// running init, if the class version is the same.
	Hibernate map[string]bool
	// MaxResident bounds the resident objects (those with a plugin instance in memory);
	// 0 means DefaultMaxResident (10,000). Activating one more first evicts the least
	// recently used idle objects; when none is idle, the call fails with ErrOverloaded.
	MaxResident int
	// MemoryBudgetBytes bounds the memory of the resident objects, in bytes: each counts
	// its instance's linear memory and DatabaseMemoryEstimate. 0 means
	// DefaultMemoryBudget() (half the memory of the machine or its cgroup, or 1 GiB where
	// that cannot be read). Over it, idle objects are evicted as for MaxResident, and a
	// call that needs room none can give fails with ErrOverloaded.
	MemoryBudgetBytes int64
	// RecycleFactor and RecycleMinBytes say when an instance whose linear memory grew in
	// calls is recycled (wasm memory never shrinks): at the end of a batch, under the
	// input gate, an instance with more than RecycleFactor times the memory it had once
	// init had run, and more than RecycleMinBytes, is closed, and the object's next
	// call starts a fresh one (its storage holds all it keeps; memory state goes, as at
	// an eviction). 0 means DefaultRecycleFactor (4) and DefaultRecycleMinBytes
	// (16 MiB); a negative RecycleFactor turns recycling off. An object recycled again
	// soon after waits longer each time (recycle.go).
	RecycleFactor   float64
	RecycleMinBytes int64
	// DatabaseMemoryBytes bounds the memory of one database connection; 0 means
	// storage.DefaultMaxMemoryBytes.
	DatabaseMemoryBytes int64
	// MaxObjectBytes is each object's storage quota, in bytes: the largest its database
	// file may grow to; 0 means storage.DefaultMaxObjectBytes (10 GB), negative no
	// quota. A write past it fails its call with storage.ErrQuota (which matches
	// storage.ErrNoSpace: HTTP 507 insufficient_storage) and the call commits nothing.
	MaxObjectBytes int64
	// Backup, if not nil, copies every object database to a bucket and serves
	// point-in-time recovery (package storage/backup). The engine does not close it:
	// close it after the engine, so it uploads what the engine's last closes read.
	Backup *backup.Store
	// Lease, with several nodes, is this node's lease on the objects it owns (a
	// *cluster.Node): an answer leaves only while Valid is true, so that a node whose
	// lease may have lapsed (another node may own its objects) acknowledges nothing;
	// calls then fail with ErrLeaseLost. Ownership itself is claimed when an object's
	// database is prepared (backup.Options.Claim). nil: one node.
	Lease Lease
	// VFS names the SQLite VFS of the object databases (see storage.Options.VFS); ""
	// means the operating system's. Tests use it to inject faults.
	VFS string
	// Logger receives the engine's and the plugins' logs; nil means slog.Default().
	Logger *slog.Logger
	// Registerer receives the engine's metrics; nil means they are not exported.
	Registerer prometheus.Registerer
	// FetchAllow is where JavaScript objects' fetch may connect besides public
	// addresses: CIDR prefixes ("10.0.0.0/8"), IP addresses ("127.0.0.1"), host names
	// ("localhost": then whatever it resolves to), "*.NAME" for NAME's subdomains, or
	// "*" for everything. nil allows public addresses only: loopback, private (RFC 1918,
	// RFC 4193), link-local and unspecified addresses are refused, checked on the
	// address each connection dials (after DNS), and such a fetch rejects with a
	// TypeError naming the address. Each call may have MaxFetchConnections (6) requests
	// open at once (Cloudflare's simultaneous open connections); more wait for one to
	// end. A request lasts at most as long as its call (CallTimeout), and a body the
	// script reads whole is bounded as any stream body (32 MiB). New refuses an entry
	// that is none of those.
	FetchAllow []string
	// CacheBytes bounds the node's Cache API store of JavaScript objects
	// (caches.default and caches.open, shared by every object of the engine), in
	// bytes: past it the least recently used responses are dropped. 0 means
	// DefaultCacheBytes (64 MiB); negative means the store keeps nothing.
	CacheBytes int64
}

// CheckFetchAllow returns the error New gives for allow as Options.FetchAllow: nil
// when each entry is a CIDR prefix, an IP address, a host name, "*.NAME" or "*".
func CheckFetchAllow(allow []string) error {
	_, err := js.NewFetchPolicy(allow)
	return err
}

// MaxFetchConnections is how many outbound fetches one JavaScript call may have open
// at once (Options.FetchAllow).
const MaxFetchConnections = js.MaxFetchConnections

// DefaultCacheBytes is the size of the Cache API store when Options.CacheBytes is 0.
const DefaultCacheBytes = js.DefaultCacheBytes

func (o Options) withDefaults() Options {
	if o.Threads <= 0 {
		o.Threads = runtime.NumCPU()
	}
	if o.IdleEvict == 0 {
		o.IdleEvict = DefaultIdleEvict
	}
	if o.MemoryLimitBytes <= 0 {
		o.MemoryLimitBytes = abi.DefaultMemoryLimitBytes
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = abi.DefaultCallTimeoutSecs * time.Second
	}
	if o.ThreadStallBudget == 0 {
		o.ThreadStallBudget = DefaultThreadStallBudget
	}
	if o.MaxDetachedCalls <= 0 {
		o.MaxDetachedCalls = DetachedCallsPerThread * o.Threads
	}
	if o.MaxKVValueBytes <= 0 {
		o.MaxKVValueBytes = abi.DefaultMaxKVValueBytes
	}
	if o.MaxOutputBytes <= 0 {
		o.MaxOutputBytes = abi.DefaultMaxOutputBytes
	}
	if o.MaxResident <= 0 {
		o.MaxResident = DefaultMaxResident
	}
	if o.WebSocketMessageBytes <= 0 {
		o.WebSocketMessageBytes = DefaultWebSocketMessageBytes
	}
	if o.WebSocketsPerObject <= 0 {
		o.WebSocketsPerObject = DefaultWebSocketsPerObject
	}
	if o.MemoryBudgetBytes <= 0 {
		o.MemoryBudgetBytes = DefaultMemoryBudget()
	}
	if o.RecycleFactor == 0 {
		o.RecycleFactor = DefaultRecycleFactor
	}
	if o.RecycleMinBytes <= 0 {
		o.RecycleMinBytes = DefaultRecycleMinBytes
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Engine runs objects. It is safe for concurrent use.
type Engine struct {
	opts    Options
	log     *slog.Logger
	baseCtx context.Context // never cancelled: plugin calls are bounded by CallTimeout
	rt      wazero.Runtime
	reg     *registry
	pool    *storage.Pool
	alarms  *alarmScheduler
	metrics *metrics
	slots   []workerThread // worker threads: a call holds its object's while it runs (thread.go)

	epoch       time.Time    // the clock of the stall budget starts here (Engine.now)
	detached    atomic.Int64 // calls detached from their thread by the watchdog, running now
	maxDetached int64        // the bound on detached: Options.MaxDetachedCalls

	mu       sync.Mutex         // guards objects, the counts below and each object's counted and memBytes
	objects  map[string]*object // by class + "\x00" + name
	resCount int                // objects counted as resident (Options.MaxResident)
	resBytes int64              // the memory they count (Options.MemoryBudgetBytes)
	freed    int64              // bytes of instances released since memory was last given back to the OS
	hints    map[string]int64   // by class: what its last activated instance counted
	// hibernating holds the objects evicted whose state is being written, by key (as
	// objects): a call for one waits for it to close (hibernation.go).
	hibernating map[string]chan struct{}
	lastFree    time.Time    // when debug.FreeOSMemory last started; zero before the first
	freeDue     bool         // a debug.FreeOSMemory is scheduled for the end of its window
	freedOS     atomic.Int64 // runs of debug.FreeOSMemory finished

	freeClock func() time.Time                // time.Now; tests set their own
	freeLater func(d time.Duration, f func()) // time.AfterFunc; tests set their own

	keyedRouter KeyedRouter // calls from objects to splittable classes (SetKeyedRouter)
	remote      Remote      // calls from objects to objects other nodes own (SetRemote)

	waitMu sync.Mutex                  // guards waits
	waits  map[*object]map[*object]int // object-to-object calls in progress: caller -> callees (with counts)

	closing     atomic.Bool
	inflight    atomic.Int64  // calls from outside in progress
	indexCopied atomic.Uint64 // the alarm index's Changes() when last copied to the bucket
	ids         *ids          // the ids of JavaScript objects (ids.go)
	ws          *webSockets   // the WebSockets objects hold (websocket.go)
	idKeyCopied atomic.Bool   // the ids' secret is in the bucket
	stop        context.CancelFunc
	bg          sync.WaitGroup // evictor, alarm scheduler and deliveries
}

// New opens an engine over opts.DataDir: it compiles the classes found there and
// starts the evictor and the alarm scheduler. Call Close to stop it.
func New(ctx context.Context, opts Options) (*Engine, error) {
	if opts.DataDir == "" {
		return nil, errors.New("engine: DataDir is required")
	}
	opts = opts.withDefaults()
	for class, p := range opts.MemoryPolicies {
		if _, err := p.WithDefaults(); err != nil {
			return nil, fmt.Errorf("engine: class %s: %w", class, err)
		}
	}
	fetchPolicy, err := js.NewFetchPolicy(opts.FetchAllow)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	if err := os.MkdirAll(opts.DataDir, storage.DirMode); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	// No split runs yet: every split copy in the objects folder is a crash's leftover.
	removeStaleClones(filepath.Join(opts.DataDir, "objects"), opts.Logger)
	cacheDir := opts.CompilationCacheDir
	if cacheDir == "" {
		cacheDir = filepath.Join(opts.DataDir, "cache", "wazero")
	}
	cache, err := wazero.NewCompilationCacheWithDir(cacheDir)
	if err != nil {
		return nil, fmt.Errorf("engine: compilation cache: %w", err)
	}
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigCompiler().
		WithCompilationCache(cache).
		WithMemoryLimitPages(uint32(opts.MemoryLimitBytes>>16)))
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, rt); err != nil {
		return nil, fmt.Errorf("engine: wasi: %w", err)
	}
	if err := instantiateHostModule(ctx, rt); err != nil {
		return nil, fmt.Errorf("engine: host module: %w", err)
	}
	e := &Engine{
		opts:    opts,
		log:     opts.Logger,
		baseCtx: context.WithoutCancel(ctx),
		rt:      rt,
		reg:     newRegistry(filepath.Join(opts.DataDir, "classes"), rt),
		pool: storage.NewPool(opts.MaxOpenDatabases, storage.Options{
			Durability: opts.Durability, MaxMemoryBytes: opts.DatabaseMemoryBytes, MaxResultBytes: opts.MaxOutputBytes,
			MaxObjectBytes: opts.MaxObjectBytes, VFS: opts.VFS, Replicated: opts.Backup != nil,
		}),
		metrics:     newMetrics(opts.Registerer),
		slots:       make([]workerThread, opts.Threads),
		objects:     map[string]*object{},
		hints:       map[string]int64{},
		hibernating: map[string]chan struct{}{},
		waits:       map[*object]map[*object]int{},
		ws:          newWebSockets(),

		freeClock: time.Now,
		freeLater: func(d time.Duration, f func()) { time.AfterFunc(d, f) },
	}
	for i := range e.slots {
		e.slots[i].sem = make(chan struct{}, 1)
	}
	if opts.Registerer != nil {
		opts.Registerer.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sobjects_websockets_hibernated", Help: "Hibernatable WebSockets whose object has no instance in memory (evicted while they stay open).",
		}, e.hibernatedSockets))
	}
	e.epoch, e.maxDetached = time.Now(), int64(opts.MaxDetachedCalls)
	e.reg.limits = format.Limits{CallTimeout: opts.CallTimeout, MaxOutputBytes: opts.MaxOutputBytes, MemoryLimitBytes: opts.MemoryLimitBytes}
	e.reg.js = js.NewRuntime(rt, e.reg.limits, opts.Logger, topLevelLog(opts.Logger))
	if len(opts.Hibernate) > 0 {
		// A JavaScript state is good only against its class's snapshot: keeping the
		// snapshots lets states survive a restart (js/snapshot_file.go).
		e.reg.js.SetSnapshotDir(filepath.Join(cacheDir, "js-snapshots"))
	}
	e.reg.js.SetFetchPolicy(fetchPolicy)
	e.reg.js.SetCache(js.NewCache(opts.CacheBytes))
	e.reg.ext = extism.NewCompiler(cache, e.reg.limits, instanceLog(opts.Logger))
	indexPath := filepath.Join(opts.DataDir, "alarms.db")
	if opts.Backup != nil {
		if err := e.restoreFromBucket(ctx, indexPath); err != nil {
			if opts.Backup.Mode() == backup.ModeDurable {
				rt.Close(ctx)
				return nil, err
			}
			// Interval mode starts without the bucket; what it would have brought back
			// comes at the next start.
			e.log.Warn("backup: bucket unreachable at start; not restoring classes and the alarm index", "err", err)
		}
		e.pool.SetHooks(opts.Backup)
		e.reg.backup = opts.Backup
	}
	if err := e.openIDs(ctx); err != nil {
		rt.Close(ctx)
		return nil, err
	}
	e.reg.js.SetIDs(e.ids)
	e.reg.log = opts.Logger
	if err := e.reg.load(ctx); err != nil {
		rt.Close(ctx)
		return nil, err
	}
	index, err := storage.OpenAlarmIndex(ctx, indexPath, storage.Options{Durability: opts.Durability})
	if err != nil {
		rt.Close(ctx)
		return nil, err
	}
	e.alarms = newAlarmScheduler(e, index)
	e.ids.setIndex(index)
	bg, stop := context.WithCancel(e.baseCtx)
	e.stop = stop
	if opts.Backup != nil {
		e.bg.Add(1)
		go func() {
			defer e.bg.Done()
			e.backupAlarmIndex(bg)
		}()
	}
	e.bg.Add(1)
	go func() {
		defer e.bg.Done()
		e.alarms.run(bg, &e.bg)
	}()
	if opts.ThreadStallBudget > 0 {
		e.bg.Add(1)
		go func() {
			defer e.bg.Done()
			e.watchThreads(bg)
		}()
	}
	if opts.IdleEvict > 0 {
		e.bg.Add(1)
		go func() {
			defer e.bg.Done()
			e.evictLoop(bg)
		}()
	}
	return e, nil
}

// Options returns the engine's options with defaults filled in.
func (e *Engine) Options() Options { return e.opts }

// Deploy validates wasm as a plugin, compiles it and makes it the current version of
// class. New objects use it at once; a resident object switches to it at its next call
// (or alarm), under its input gate: its instance is closed, a new one made and init run
// again, its storage kept. A call running when the deploy comes finishes on the version
// it started with. Deploying an earlier version's bytes again (a rollback) makes that
// version current the same way, and so does deploying the current bytes again.
//
// # Errors
//
// ErrInvalidName; ErrInvalidPlugin (and ErrUnknownABIVersion) with what is wrong;
// ErrTooLarge over abi.DefaultMaxUploadBytes; file system errors.
func (e *Engine) Deploy(ctx context.Context, class string, wasm []byte) (ClassInfo, error) {
	if err := ValidateClassName(class); err != nil {
		return ClassInfo{}, err
	}
	if len(wasm) > abi.DefaultMaxUploadBytes {
		return ClassInfo{}, fmt.Errorf("%w: plugin of %d bytes is over the limit of %d", ErrTooLarge, len(wasm), abi.DefaultMaxUploadBytes)
	}
	p, err := e.reg.compile(ctx, class, wasm)
	if err != nil {
		return ClassInfo{}, err
	}
	// A trial instance catches what compiling cannot: unknown WASI functions, data
	// that does not fit the memory, a start function that traps.
	inst, err := e.instantiate(p, "")
	if err != nil {
		p.release()
		return ClassInfo{}, err
	}
	inst.close()
	info, err := e.reg.add(p, wasm)
	if err != nil {
		p.release()
	}
	return info, err
}

// DeployIfAbsent deploys wasm as class unless the class already exists (the bundled
// plugins: an upload of the same name wins over them across restarts).
func (e *Engine) DeployIfAbsent(ctx context.Context, class string, wasm []byte) error {
	if e.reg.has(class) {
		return nil
	}
	_, err := e.Deploy(ctx, class, wasm)
	return err
}

// Classes lists the deployed classes by name.
func (e *Engine) Classes() []ClassInfo { return e.reg.list() }

// Class describes one class; ErrClassNotFound if there is none.
func (e *Engine) Class(name string) (ClassInfo, error) { return e.reg.info(name) }

// Call runs method of the object name of class with input and returns its output.
// The object is activated if it is not resident. The call is one transaction; its
// answer is returned only once its commit is durable.
//
// # Errors
//
// ErrInvalidName, ErrClassNotFound, ErrMethodNotFound before anything runs;
// ErrClosed while shutting down; otherwise a *CallError wrapping the cause: an
// *abi.Error the plugin reported, ErrTrap, ErrMemoryLimit, a time limit
// (errors.Is(err, context.DeadlineExceeded)), ErrCycle, or a storage error
// (storage.ErrNoSpace, storage.ErrReadOnly).
func (e *Engine) Call(ctx context.Context, class, name, method string, input []byte) ([]byte, error) {
	if err := e.checkMethod(class, name, method); err != nil {
		return nil, err
	}
	return e.external(class, name, &call{ctx: ctx, kind: kindMethod, method: method, input: input, done: make(chan bool, 1)})
}

// OutputBudget is what a caller holding the outputs of its calls until it has passed
// them on (the server, until its clients have read them) carries in a call's context
// (WithOutputBudget), to keep what it holds bounded. Its methods run on the object's
// worker thread and must not block.
type OutputBudget interface {
	// Start is asked when the call's turn comes in its object, before it runs: an error
	// fails the call with that error, and nothing of it runs.
	Start() error
	// Produced is told the size in bytes of the call's output once it has run, before
	// its batch commits.
	Produced(bytes int)
}

// outputBudgetKey is the context key of an OutputBudget.
type outputBudgetKey struct{}

// WithOutputBudget returns ctx carrying b for the calls made under it (Call, Fetch,
// CallKeyed, and through them the leaves of a splittable class). Calls from objects to
// other objects do not carry it: their outputs go to their caller's.
func WithOutputBudget(ctx context.Context, b OutputBudget) context.Context {
	return context.WithValue(ctx, outputBudgetKey{}, b)
}

// outputBudget is the OutputBudget ctx carries, or nil.
func outputBudget(ctx context.Context) OutputBudget {
	b, _ := ctx.Value(outputBudgetKey{}).(OutputBudget)
	return b
}

// check validates names and refuses calls while closing.
func (e *Engine) check(class, name string) error {
	if err := ValidateClassName(class); err != nil {
		return err
	}
	if err := e.validateName(class, name); err != nil {
		return err
	}
	if e.closing.Load() {
		return ErrClosed
	}
	return nil
}

// checkMethod refuses a call before it queues: bad names, an unknown class or method
// (of the class's current version), a closing engine.
func (e *Engine) checkMethod(class, name, method string) error {
	if err := e.check(class, name); err != nil {
		return err
	}
	return e.CheckMethod(class, method)
}

// external runs a call that comes from outside (not from another object), counting it
// so Close can wait for it.
func (e *Engine) external(class, name string, c *call) ([]byte, error) {
	e.inflight.Add(1)
	defer e.inflight.Add(-1)
	if e.closing.Load() { // after the count, so Close either sees this call or it sees closing
		return nil, ErrClosed
	}
	start := time.Now()
	err := e.do(class, name, c)
	e.metrics.call(class, time.Since(start).Seconds(), err)
	return c.out, err
}

// do runs c in the object, looking it up (again, if it was evicted meanwhile). A call
// made for another object's call (through a KeyedRouter) is checked for a cycle and
// for depth, as callFrom checks its own.
func (e *Engine) do(class, name string, c *call) error {
	if ci, ok := c.ctx.Value(callerKey{}).(*callerInfo); ok && c.depth == 0 {
		if ci.depth+1 > abi.MaxCallDepth {
			return &CallError{ObjectID: ObjectID(class, name), Class: class, Name: name, Method: c.method,
				Err: abi.Errorf(abi.CodeCycle, "calls between objects nest deeper than %d", abi.MaxCallDepth)}
		}
		c.depth = ci.depth + 1
		c.deadline, _ = c.ctx.Deadline() // the calling object's: the call tree shares one deadline
		if err := e.submitFrom(ci.obj, class, name, c); err != nil {
			return err
		}
		return c.err
	}
	for {
		if e.closing.Load() && c.kind == kindAlarm {
			return ErrClosed
		}
		if e.object(class, name).submit(c) {
			if e.opts.Lease != nil && !e.opts.Lease.Valid() {
				return fmt.Errorf("%w: %s %s answers no more", ErrLeaseLost, class, name)
			}
			return c.err
		}
	}
}

// object returns the object, creating its entry (not yet activated) if needed.
func (e *Engine) object(class, name string) *object {
	key := class + "\x00" + name
	e.mu.Lock()
	defer e.mu.Unlock()
	for ch := e.hibernating[key]; ch != nil; ch = e.hibernating[key] {
		e.mu.Unlock()
		<-ch
		e.mu.Lock()
	}
	o := e.objects[key]
	if o == nil {
		id := ObjectID(class, name)
		o = &object{
			e: e, id: id, class: class, name: name,
			slot:    e.slotOf(id),
			path:    e.pathOf(class, id),
			arrived: make(chan struct{}, 1),
		}
		if e.opts.Backup != nil {
			o.replica = e.opts.Backup.Track(o.path, class, id, name)
		}
		o.lastUsed.Store(time.Now().UnixNano())
		e.objects[key] = o
	}
	return o
}

// slotOf is the worker thread of the object with id (from ObjectID).
func (e *Engine) slotOf(id string) int {
	return int(binary.BigEndian.Uint32([]byte(id[:8])) % uint32(len(e.slots)))
}

// pathOf is the database file of the object with id of class.
func (e *Engine) pathOf(class, id string) string {
	return filepath.Join(e.opts.DataDir, "objects", class, id[:2], id+".db")
}

// ObjectInfo describes an object (GET /v1/objects/{class}/{name}).
type ObjectInfo struct {
	ID            string `json:"id"`
	Class         string `json:"class"`
	Name          string `json:"name"`
	Thread        int    `json:"thread"`         // worker thread it is pinned to
	Resident      bool   `json:"resident"`       // its plugin instance is in memory
	Version       string `json:"version"`        // the class version its resident instance runs; "" when not resident (its next call runs the current one). After a deploy, the old one until its next call switches it (Deploy)
	Exists        bool   `json:"exists"`         // it has a database on disk
	DatabaseBytes int64  `json:"database_bytes"` // database file and write-ahead log
	AlarmMs       int64  `json:"alarm_ms"`       // next alarm delivery, ms since the Unix epoch; 0 if none
}

// Describe says where the object lives and what it holds, without activating it.
func (e *Engine) Describe(class, name string) (ObjectInfo, error) {
	if err := ValidateClassName(class); err != nil {
		return ObjectInfo{}, err
	}
	if err := e.validateName(class, name); err != nil {
		return ObjectInfo{}, err
	}
	if !e.reg.has(class) {
		return ObjectInfo{}, fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	id := ObjectID(class, name)
	info := ObjectInfo{ID: id, Class: class, Name: name,
		Thread: e.slotOf(id)}
	e.mu.Lock()
	o := e.objects[class+"\x00"+name]
	e.mu.Unlock()
	if o != nil {
		if p := o.resident.Load(); p != nil {
			info.Resident, info.Version = true, p.Version
		}
	}
	path := e.pathOf(class, id)
	for _, suffix := range []string{"", "-wal"} {
		if st, err := os.Stat(path + suffix); err == nil {
			info.DatabaseBytes += st.Size()
			info.Exists = true
		}
	}
	if a, ok, err := e.alarms.index.Get(id); err != nil {
		return info, err
	} else if ok {
		info.AlarmMs = a.At
	}
	return info, nil
}

// Delete deletes the object's storage: its database and its alarm. Calls queued
// before it run first; later calls find an empty object.
func (e *Engine) Delete(ctx context.Context, class, name string) error {
	if err := e.check(class, name); err != nil {
		return err
	}
	if !e.reg.has(class) {
		return fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	_, err := e.external(class, name, &call{ctx: ctx, kind: kindDelete, done: make(chan bool, 1)})
	return err
}

// Bookmark returns the bookmark of the object's current state, after uploading its
// last changes. Bookmarks are strings that sort in time order (package storage/backup).
//
// # Errors
//
// An *abi.Error with abi.CodeUnavailable without Options.Backup; ErrClassNotFound;
// ErrInvalidName; the bucket's errors.
func (e *Engine) Bookmark(ctx context.Context, class, name string) (string, error) {
	out, err := e.hostCall(ctx, class, name, func(o *object, db *storage.DB) ([]byte, error) {
		b, err := o.replica.CurrentBookmark(ctx, db)
		return []byte(b), bookmarkError(err)
	})
	return string(out), err
}

// BookmarkAt returns the bookmark of the object's newest state that reached the bucket
// at or before t.
//
// # Errors
//
// As Bookmark, and an *abi.Error with abi.CodeNotFound when t is before the kept
// history.
func (e *Engine) BookmarkAt(ctx context.Context, class, name string, t time.Time) (string, error) {
	out, err := e.hostCall(ctx, class, name, func(o *object, _ *storage.DB) ([]byte, error) {
		b, err := o.replica.BookmarkAt(ctx, t)
		return []byte(b), bookmarkError(err)
	})
	return string(out), err
}

// RestoreBookmark restores the object to bookmark: it is closed now, and its next
// call finds the database as it was at bookmark. It returns the bookmark of the state
// before the restore, which undoes it. Cloudflare's onNextSessionRestoreBookmark
// followed by abort: https://developers.cloudflare.com/durable-objects/api/storage-api/#onnextsessionrestorebookmark
//
// # Errors
//
// As Bookmark; an *abi.Error with abi.CodeBadInput for a malformed bookmark or an
// object of a splittable class, and abi.CodeNotFound for one the bucket can no longer
// rebuild.
func (e *Engine) RestoreBookmark(ctx context.Context, class, name, bookmark string) (undo string, err error) {
	if split, err := e.Splittable(class); err == nil && split {
		return "", errRestoreSplittable
	}
	out, err := e.hostCall(ctx, class, name, func(o *object, db *storage.DB) ([]byte, error) {
		undo, err := o.replica.RestoreOnNextOpen(ctx, db, bookmark)
		if err != nil {
			return nil, bookmarkError(err)
		}
		o.restart = true
		return []byte(undo), nil
	})
	return string(out), err
}

// hostCall runs fn under the object's input gate with its database, outside any
// transaction.
func (e *Engine) hostCall(ctx context.Context, class, name string, fn func(o *object, db *storage.DB) ([]byte, error)) ([]byte, error) {
	if err := e.check(class, name); err != nil {
		return nil, err
	}
	if !e.reg.has(class) {
		return nil, fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	if e.opts.Backup == nil {
		return nil, errNoBucket
	}
	// An object never written has no states: answer so without creating it.
	o := e.object(class, name)
	if exists, err := o.replica.Exists(ctx); err != nil {
		return nil, bookmarkError(err)
	} else if !exists {
		return nil, &abi.Error{Code: abi.CodeNotFound, Message: fmt.Sprintf("object %s/%s has no data", class, name)}
	}
	return e.external(class, name, &call{ctx: ctx, kind: kindHost, fn: fn, done: make(chan bool, 1)})
}

// Resident is the number of objects with a plugin instance in memory.
func (e *Engine) Resident() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, o := range e.objects {
		if o.resident.Load() != nil {
			n++
		}
	}
	return n
}

// evictLoop evicts objects idle for longer than IdleEvict.
func (e *Engine) evictLoop(ctx context.Context) {
	every(ctx, min(max(e.opts.IdleEvict/4, 10*time.Millisecond), 5*time.Second), func() {
		e.evictIdle(time.Now().Add(-e.opts.IdleEvict))
	})
}

// every runs f every d, from d on, until ctx ends.
func every(ctx context.Context, d time.Duration, f func()) {
	tick := time.NewTicker(d)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			f()
		}
	}
}

// evictIdle evicts objects whose last call finished before cutoff.
func (e *Engine) evictIdle(cutoff time.Time) {
	var victims []*object
	e.mu.Lock()
	for key, o := range e.objects {
		if o.lastUsed.Load() > cutoff.UnixNano() || e.keptForTimers(o) || e.keptForStreams(o) || e.keptForSockets(o) {
			continue
		}
		o.mu.Lock()
		if !o.running && len(o.queue) == 0 {
			o.evicted = true
			e.retire(key, o)
			e.release(o)
			victims = append(victims, o)
		}
		o.mu.Unlock()
	}
	e.mu.Unlock()
	e.evict(victims, "idle")
}

// Close stops taking calls, waits for the calls in progress (until ctx ends), stops
// the alarms, and closes every instance and database. It always finishes its cleanup.
func (e *Engine) Close(ctx context.Context) error {
	if e.closing.Swap(true) {
		return nil
	}
	e.closeWebSockets() // websocket.go: clients hear 1012 now, objects get their close events
	var errs []error
	tick := time.NewTicker(5 * time.Millisecond)
	for e.inflight.Load() > 0 && ctx.Err() == nil {
		select {
		case <-tick.C:
		case <-ctx.Done():
		}
	}
	tick.Stop()
	if n := e.inflight.Load(); n > 0 {
		errs = append(errs, fmt.Errorf("close: %d calls still running: %w", n, ctx.Err()))
	}
	e.stop()
	e.bg.Wait()
	e.ws.closed.Store(true) // websocket.go: events from now on are dropped
	e.evictIdle(time.Now().Add(time.Hour))
	errs = append(errs, e.pool.Close())
	if e.opts.Backup != nil {
		errs = append(errs, e.uploadAlarmIndex(context.WithoutCancel(ctx)))
	}
	errs = append(errs, e.alarms.index.Close(), e.rt.Close(context.WithoutCancel(ctx)))
	e.reg.closeOwnRuntimes()
	return errors.Join(errs...)
}
