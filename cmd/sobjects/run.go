package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/go-viper/mapstructure/v2"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/spf13/cobra"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/server"
	"github.com/sobjects/sobjects/splitter"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

const abiVersion = abi.Version

// shutdownGrace is how long Ctrl-C waits for calls in flight; a second Ctrl-C aborts.
const shutdownGrace = server.DefaultShutdownGrace

func newRunCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "run [PLUGIN.wasm | CLASS=PLUGIN.wasm | JS-PROJECT]...",
		Short: "Serve objects over HTTP",
		Long: `Serve objects over HTTP on --listen, with their data under --data-dir.

With no plugin named (on the command line or under [classes] in sobjects.toml), it serves
the bundled example classes counter, kv, chat and ledger (splittable), and the same
counter, kv and chat in JavaScript (JsCounter, JsKV, JsChat) with their Worker
(js-examples), which answers requests outside /v1/. A plugin named FILE.wasm is served as
class FILE; CLASS=FILE.wasm names the class. Classes uploaded earlier (PUT /v1/classes/...)
are served too.

JavaScript (README.md, "JavaScript projects"): a folder with a wrangler.toml,
wrangler.jsonc or wrangler.json, or a single .js, .mjs or .ts file, is bundled (no
Node.js needed) and served as the class of each of its durable_objects.bindings (a
single file: each class it exports), and, when it has a default export, as a class named
after the project that serves requests outside /v1/ (the Worker: the class of the project
named here, whose new versions, deployed later, take over; a Worker of another name
deployed later does not take those requests). CLASS=worker.js serves
a file as CLASS. A project that imports what the host does not provide (node:fs,
cloudflare:sockets, node:* modules without nodejs_compat, ...) is refused; sobjects
inspect lists what.

A wrangler environment (--env NAME) applies [env.NAME] of each project's wrangler file
as wrangler deploy --env does: its vars and bindings replace the top level's (they are
not inherited), its other keys override the top level's, and the Worker is named
PROJECT-NAME unless the environment names it. Its Durable Object classes are served as
CLASS.NAME (Room.staging), so that each environment has its own objects, as on
Cloudflare. A project without that environment is refused.

The Worker's requests (and those of JavaScript objects' fetch) carry the client's
headers as it sent them and request.cf: clientIp and httpProtocol, and, with
--cf-header H, the members of the JSON object in header H that a trusted proxy in front
of sobjects sets (country, colo, asn, ...; the proxy must overwrite a client's H), as
workerd's cfBlobHeader. A JavaScript error that escapes a fetch handler answers 500
"Internal Server Error", as workerd, and goes to the log with its stack; with
--dev-errors the 500's body is the error and its stack.

WebSockets: an upgrade request goes to the fetch handler; a 101 response with a
WebSocket completes it. A client's message is at most --websocket-message-limit bytes
(larger closes with 1009), a client that does not read is closed with 1008 once
--websocket-send-buffer bytes wait for it, one that answers no ping within
--websocket-ping seconds is closed (its object gets 1006), and a graceful stop closes
every client with 1012 (service restart), so that clients reconnect.

Outbound fetch (--fetch-allow): a JavaScript object's fetch() reaches public addresses
only; loopback, private (RFC 1918, RFC 4193), link-local and unspecified addresses are
refused, checked on the address each connection dials (after DNS), unless allowed:
  --fetch-allow 127.0.0.1,10.0.0.0/8,api.internal,*.svc.local
A call has at most 6 requests open at once (more wait), each within --call-timeout.

Durability (--durability):
  fsync    (default) an answer leaves only after its commit is fsynced: an acknowledged
           write survives power loss.
  relaxed  commits are written but fsynced only at checkpoints: an acknowledged write
           survives a crash of the process, not of the machine.

Backups (--backup-bucket s3://bucket/prefix): every object's changes are copied to the
bucket as they commit, in the LTX format of Litestream (docs/backup.md). Credentials come
from the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), and so do S3_ENDPOINT
(for a store other than AWS) and AWS_REGION; never from sobjects.toml.
  interval (default) changes reach the bucket within --backup-interval of their commit,
           and when the object closes or the server stops (Ctrl-C waits up to a
           minute for the uploads).
  durable  an answer leaves only once the bucket has its writes: a lost disk loses
           nothing acknowledged. The server starts only once the bucket answers and
           honours conditional writes.
An object in the bucket whose file is missing is restored at its first call.
Point-in-time recovery: GET /v1/objects/CLASS/NAME/_bookmark[?time=T] and
POST /v1/objects/CLASS/NAME/_restore {"bookmark": B}; sobjects backup list/restore.

Uploads and deletes need "Authorization: Bearer $SOBJECTS_ADMIN_TOKEN" when that variable
is set; without it they are allowed only when listening on a loopback address.

sobjects.toml example:
  listen = "127.0.0.1:8787"
  durability = "relaxed"
  [backup]
  bucket = "s3://my-bucket/sobjects"
  mode = "durable"
  [classes]
  my = "target/wasm32-unknown-unknown/release/my.wasm"
  [split.ledger]            # the split policy of a splittable class (docs/splitting.md)
  calls_per_second = 5000
  window = "5s"
  initial_depth = 2
  [memory.vec]              # when durable memory says a new image is due (abi/ABI.md 13)
  journal_share = 0.25
  min_journal_bytes = 1048576
  [memory.counter]          # evicted instances hibernate to their database (docs/hibernation.md)
  mode = "hibernate"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := loadRunConfig(cmd, args)
			if err != nil {
				return err
			}
			return run(cmd, cfg)
		},
	}
	f := cmd.Flags()
	f.String("listen", "127.0.0.1:8787", "address to serve HTTP on")
	f.String("data-dir", ".sobjects", "directory for classes, object databases and caches")
	f.String("compilation-cache", "", "directory of compiled plugins, which nodes of one machine and one sobjects version may share; default DATA_DIR/cache/wazero")
	f.Int("threads", 0, "worker threads; 0 means one per CPU")
	f.Float64("idle-evict", host.DefaultIdleEvict.Seconds(), "seconds an object stays resident after its last call (negative: never evicted)")
	f.StringSlice("hibernate", nil, "classes whose evicted instances write their memory to their database and come back from it without running init (\"*\": every class but those [memory.CLASS] says mode = \"resident\"); also [memory.CLASS] mode = \"hibernate\"")
	f.String("durability", "fsync", "fsync or relaxed (see above)")
	f.Int64("memory-limit", abi.DefaultMemoryLimitBytes>>20, "linear memory per plugin instance, in MiB")
	f.Float64("call-timeout", abi.DefaultCallTimeoutSecs, "seconds one call may run, its SQL included")
	f.Float64("thread-stall-budget", host.DefaultThreadStallBudget.Seconds(), "seconds a call may hold its worker thread before the thread's other objects move to a fresh one while it goes on (negative: never)")
	f.Int("max-open-databases", storage.DefaultMaxOpen, "object databases kept open at once")
	f.Int("max-resident", host.DefaultMaxResident, "objects with a plugin instance in memory at once (least recently used idle ones evicted; when none is idle, 503 resident_limit)")
	f.Int64("memory-budget", 0, "MiB of memory for resident objects (instances' linear memory and databases), evicted as for --max-resident; 0 means half the memory of the machine or its cgroup. Go's soft memory limit (GOMEMLIMIT, unless set) is 1.5 times it")
	f.Float64("recycle-factor", host.DefaultRecycleFactor, "recycle an instance between calls once its linear memory is more than this many times its size after init (and over --recycle-min-memory); 0 turns recycling off")
	f.Int64("recycle-min-memory", host.DefaultRecycleMinBytes>>20, "MiB of linear memory an instance may always keep: smaller ones are never recycled")
	f.Int64("max-input", abi.DefaultMaxInputBytes, "largest call body, in bytes")
	f.Int("max-connections", 0, "HTTP connections open at once (more are answered 429 and closed); 0 means what the open-file limit leaves after the databases")
	f.Int64("max-buffered-response-bytes", server.DefaultMaxBufferedResponseBytes, "bytes of call outputs held for clients that have not read them; over it, new calls get 503 (negative: no bound)")
	f.Float64("write-timeout", server.DefaultWriteTimeout.Seconds(), "seconds a client has to read a response, from its first byte")
	f.Int64("max-object-bytes", storage.DefaultMaxObjectBytes, "storage quota of one object's database, in bytes (negative: none); a write past it fails with 507 insufficient_storage")
	f.StringSlice("fetch-allow", nil, "where JavaScript objects' fetch may connect besides public addresses: CIDR prefixes, IP addresses or host names (*.NAME for subdomains, * for anything), comma-separated or repeated; loopback, private, link-local and unspecified addresses are refused without it")
	f.Int64("cache-bytes", host.DefaultCacheBytes, "size of the node's Cache API store of JavaScript objects (caches.default, caches.open), in bytes (negative: it keeps nothing)")
	f.String("log-level", "info", "debug, info, warn or error")
	f.String("cf-header", "", "name of a request header a trusted proxy sets to a JSON object of request.cf fields (country, colo, ...), as workerd's cfBlobHeader; it is not passed on to the Worker")
	f.Bool("dev-errors", false, "development: a JavaScript error escaping a fetch handler answers its message and stack as the 500's body, not \"Internal Server Error\"")
	f.String("env", "", "the wrangler environment ([env.NAME]) of the JavaScript projects to serve")
	f.Int("websocket-message-limit", host.DefaultWebSocketMessageBytes, "largest WebSocket message, in bytes, received or sent (a client's over it is closed with 1009)")
	f.Int("websockets-per-object", host.DefaultWebSocketsPerObject, "WebSockets one object may hold accepted at once")
	f.Int("websocket-send-buffer", server.DefaultWebSocketSendBuffer, "bytes of messages held for one WebSocket client that has not read them; a client over it is closed with 1008")
	f.Float64("websocket-ping", server.DefaultWebSocketPing.Seconds(), "seconds between pings of a WebSocket client, and how long its pong may take (one that does not answer is closed, its object told 1006); 0: no pings")
	backupFlags(f, true)
	clusterFlags(f)
	return cmd
}

// loadRunConfig resolves the settings of `run` from flags, SOBJECTS_* variables and
// sobjects.toml, and the classes from the arguments and [classes].
func loadRunConfig(cmd *cobra.Command, args []string) (runConfig, error) {
	v, err := config(cmd)
	if err != nil {
		return runConfig{}, err
	}
	classes := map[string]string{}
	for class, path := range v.GetStringMapString("classes") {
		classes[class] = path
	}
	var projects []string
	for _, a := range args {
		class, path, ok := strings.Cut(a, "=")
		if !ok {
			if isJSProject(a) {
				projects = append(projects, a)
				continue
			}
			path = a
			class = strings.TrimSuffix(filepath.Base(a), ".wasm")
		}
		classes[class] = path
	}
	durability, err := storage.ParseDurability(v.GetString("durability"))
	if err != nil {
		return runConfig{}, fmt.Errorf("--durability: %w", err)
	}
	bc, err := loadBackupConfig(cmd, v)
	if err != nil {
		return runConfig{}, err
	}
	cc, err := loadClusterConfig(cmd, v)
	if err != nil {
		return runConfig{}, err
	}
	if len(cc.etcd) > 0 && (bc.bucket == "" || bc.mode != backup.ModeDurable) {
		return runConfig{}, usageError{errors.New("--cluster-etcd: a cluster node needs durable backups, where another node takes its objects over from: pass --backup-bucket s3://bucket/prefix --backup-mode durable")}
	}
	recycleFactor, recycleMinMiB, err := recyclePolicy(v.GetFloat64("recycle-factor"), v.GetInt64("recycle-min-memory"))
	if err != nil {
		return runConfig{}, err
	}
	fetchAllow := v.GetStringSlice("fetch-allow")
	if err := host.CheckFetchAllow(fetchAllow); err != nil {
		return runConfig{}, fmt.Errorf("--fetch-allow: %w (e.g. --fetch-allow 127.0.0.1,10.0.0.0/8,api.internal)", err)
	}
	if err := checkHeaderName(v.GetString("cf-header")); err != nil {
		return runConfig{}, fmt.Errorf("--cf-header: %w (e.g. --cf-header X-Sobjects-Cf)", err)
	}
	if env := v.GetString("env"); env != "" && len(projects) == 0 && !slices.ContainsFunc(slices.Collect(maps.Values(classes)), isJSProject) {
		return runConfig{}, fmt.Errorf("--env %s: no JavaScript project named to apply it to (sobjects run --env %s ./my-worker)", env, env)
	}
	ws, err := loadWebSocketConfig(v)
	if err != nil {
		return runConfig{}, err
	}
	policies := map[string]splitter.Policy{}
	if err := v.UnmarshalKey("split", &policies, func(c *mapstructure.DecoderConfig) { c.ErrorUnused = true }); err != nil {
		return runConfig{}, fmt.Errorf("[split] in sobjects.toml: %w", err)
	}
	for class, p := range policies {
		if _, err := p.WithDefaults(); err != nil {
			return runConfig{}, fmt.Errorf("[split.%s] in sobjects.toml: %w", class, err)
		}
	}
	var memoryConf map[string]struct {
		storage.MemoryPolicy `mapstructure:",squash"`
		Mode                 string `mapstructure:"mode"` // "hibernate", or "" for resident
	}
	if err := v.UnmarshalKey("memory", &memoryConf, func(c *mapstructure.DecoderConfig) { c.ErrorUnused = true }); err != nil {
		return runConfig{}, fmt.Errorf("[memory] in sobjects.toml: %w", err)
	}
	memory, hibernate := map[string]storage.MemoryPolicy{}, map[string]bool{}
	for class, c := range memoryConf {
		if _, err := c.MemoryPolicy.WithDefaults(); err != nil {
			return runConfig{}, fmt.Errorf("[memory.%s] in sobjects.toml: %w", class, err)
		}
		switch c.Mode {
		case "hibernate":
			hibernate[class] = true
		case "resident": // named: it stays out of --hibernate '*'
			hibernate[class] = false
		case "":
		default:
			return runConfig{}, fmt.Errorf("[memory.%s] in sobjects.toml: mode %q: want \"hibernate\" or \"resident\"", class, c.Mode)
		}
		memory[class] = c.MemoryPolicy
	}
	for _, class := range v.GetStringSlice("hibernate") { // a class the flag names hibernates, whatever its mode
		if class == "" {
			return runConfig{}, fmt.Errorf("--hibernate: an empty class name in the list %q", strings.Join(v.GetStringSlice("hibernate"), ","))
		}
		if class != "*" {
			if err := host.ValidateClassName(class); err != nil {
				return runConfig{}, fmt.Errorf("--hibernate: %w", err)
			}
		}
		hibernate[class] = true
	}
	return runConfig{
		listen:       v.GetString("listen"),
		dataDir:      v.GetString("data-dir"),
		compileCache: v.GetString("compilation-cache"),
		threads:      v.GetInt("threads"),
		idleEvict:    time.Duration(v.GetFloat64("idle-evict") * float64(time.Second)),
		durability:   durability,
		memoryMiB:    v.GetInt64("memory-limit"),
		callTimeout:  time.Duration(v.GetFloat64("call-timeout") * float64(time.Second)),
		stallBudget:  time.Duration(v.GetFloat64("thread-stall-budget") * float64(time.Second)),
		maxOpen:      v.GetInt("max-open-databases"),
		maxResident:  v.GetInt("max-resident"),
		budgetMiB:    v.GetInt64("memory-budget"),
		recycleBy:    recycleFactor,
		recycleMiB:   recycleMinMiB,
		maxInput:     v.GetInt64("max-input"),
		maxConns:     v.GetInt("max-connections"),
		writeTimeout: time.Duration(v.GetFloat64("write-timeout") * float64(time.Second)),
		maxBuffered:  v.GetInt64("max-buffered-response-bytes"),
		maxObject:    v.GetInt64("max-object-bytes"),
		fetchAllow:   fetchAllow,
		cacheBytes:   v.GetInt64("cache-bytes"),
		adminToken:   os.Getenv("SOBJECTS_ADMIN_TOKEN"),
		classes:      classes,
		projects:     projects,
		logLevel:     v.GetString("log-level"),
		cfHeader:     v.GetString("cf-header"),
		devErrors:    v.GetBool("dev-errors"),
		env:          v.GetString("env"),
		backup:       bc,
		cluster:      cc,
		split:        policies,
		memory:       memory,
		hibernate:    hibernate,
		ws:           ws,
	}, nil
}

// webSocketConfig is what the --websocket-* flags set.
type webSocketConfig struct {
	messageBytes int           // host.Options.WebSocketMessageBytes
	perObject    int           // host.Options.WebSocketsPerObject
	sendBuffer   int           // server.Options.WebSocketSendBuffer
	ping         time.Duration // server.Options.WebSocketPing; negative: no pings
}

// loadWebSocketConfig checks the --websocket-* flags.
func loadWebSocketConfig(v interface {
	GetInt(string) int
	GetFloat64(string) float64
}) (webSocketConfig, error) {
	ws := webSocketConfig{
		messageBytes: v.GetInt("websocket-message-limit"),
		perObject:    v.GetInt("websockets-per-object"),
		sendBuffer:   v.GetInt("websocket-send-buffer"),
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"websocket-message-limit", ws.messageBytes}, {"websockets-per-object", ws.perObject}, {"websocket-send-buffer", ws.sendBuffer}} {
		if f.n <= 0 {
			return ws, fmt.Errorf("--%s: %d: want at least 1", f.name, f.n)
		}
	}
	ping := v.GetFloat64("websocket-ping")
	switch {
	case ping < 0 || math.IsNaN(ping) || math.IsInf(ping, 0):
		return ws, fmt.Errorf("--websocket-ping: %v: want seconds, or 0 for no pings", ping)
	case ping == 0:
		ws.ping = -1
	default:
		ws.ping = time.Duration(ping * float64(time.Second))
	}
	return ws, nil
}

type runConfig struct {
	listen, dataDir string
	compileCache    string // "": the engine's default, under dataDir
	threads         int
	idleEvict       time.Duration
	durability      storage.Durability
	memoryMiB       int64
	callTimeout     time.Duration
	stallBudget     time.Duration // 0: host.DefaultThreadStallBudget; negative: never handed over
	maxOpen         int
	maxResident     int   // 0: host.DefaultMaxResident
	budgetMiB       int64 // 0: host.DefaultMemoryBudget()
	recycleBy       float64
	recycleMiB      int64 // host.Options.RecycleFactor (negative: off) and RecycleMinBytes in MiB
	maxInput        int64
	maxConns        int           // 0: server.DefaultMaxConnections
	writeTimeout    time.Duration // 0: server.DefaultWriteTimeout
	maxBuffered     int64         // bytes; 0: server.DefaultMaxBufferedResponseBytes; negative: no bound
	maxObject       int64         // bytes; negative: no quota
	fetchAllow      []string      // host.Options.FetchAllow
	cacheBytes      int64         // bytes of the Cache API store; 0: host.DefaultCacheBytes; negative: none
	adminToken      string
	classes         map[string]string // class -> .wasm path (or a JavaScript file); empty with no projects means the bundled examples
	projects        []string          // JavaScript projects (folders or files) named on the command line
	logLevel        string
	cfHeader        string // server.Options.CFHeader
	devErrors       bool   // server.Options.DevErrors
	env             string // the wrangler environment of the projects; "" means the top level
	backup          backupConfig
	cluster         clusterConfig
	split           map[string]splitter.Policy      // by class
	memory          map[string]storage.MemoryPolicy // durable memory's rule for a new image, by class
	hibernate       map[string]bool                 // classes whose idle instances hibernate (host.Options.Hibernate)
	ws              webSocketConfig
}

// recyclePolicy checks --recycle-factor and --recycle-min-memory and returns them as
// host.Options takes them: a factor of 0 (off) becomes -1.
func recyclePolicy(factor float64, minMiB int64) (float64, int64, error) {
	switch {
	case factor == 0:
		factor = -1
	case factor < 1 || math.IsInf(factor, 0) || math.IsNaN(factor):
		return 0, 0, fmt.Errorf("--recycle-factor: %v: want 0 (recycling off) or a number of at least 1", factor)
	}
	if minMiB <= 0 {
		return 0, 0, fmt.Errorf("--recycle-min-memory: %d: want at least 1 MiB", minMiB)
	}
	return factor, minMiB, nil
}

// softMemoryLimit is the Go runtime's soft memory limit (debug.SetMemoryLimit) for a
// memory budget of resident objects: 1.5 times the budget (their instances are Go
// memory, and so is what the Go runtime keeps of what they freed), and no more than
// 90% of the memory available when that is known (0: unknown), so that the collector
// works harder before the process reaches its cgroup's limit.
func softMemoryLimit(budget, available int64) int64 {
	limit := budget + budget/2
	if available > 0 {
		limit = min(limit, available/10*9)
	}
	return limit
}

func run(cmd *cobra.Command, cfg runConfig) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.logLevel)); err != nil {
		return fmt.Errorf("--log-level: %w", err)
	}
	log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: level}))
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	// JavaScript is bundled first: a project that cannot run fails before anything opens.
	projects, worker, err := loadProjects(cfg.projects, cfg.env)
	if err != nil {
		return err
	}
	for _, p := range projects {
		warnIgnored(cmd.ErrOrStderr(), p)
		warnNotInherited(cmd.ErrOrStderr(), p)
	}
	unlock, err := lockDataDir(cfg.dataDir)
	if err != nil {
		return err
	}
	defer unlock()
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts, err := nodeOptions(ctx, cfg, log, reg)
	if err != nil {
		return startError(ctx, err)
	}
	n, err := server.OpenNode(ctx, opts)
	if err != nil {
		return startError(ctx, err)
	}
	err = serve(ctx, stop, n, cfg, projects, worker, log, reg)
	n.Close(context.Background()) // drains, then closes in order; logs what fails
	if err == nil {
		log.Info("stopped")
	}
	return err
}

// serve deploys the classes and projects on n, serves them until the server fails
// (its error) or ctx ends (nil, after calling stop so that a second signal kills
// the process). The caller closes n.
func serve(ctx context.Context, stop func(), n *server.Node, cfg runConfig, projects []*jsbundle.Project, worker string, log *slog.Logger, reg *prometheus.Registry) error {
	e := n.Engine()
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		limit := softMemoryLimit(e.Options().MemoryBudgetBytes, host.AvailableMemory())
		debug.SetMemoryLimit(limit)
		log.Debug("memory", "budget_mib", e.Options().MemoryBudgetBytes>>20, "go_soft_limit_mib", limit>>20)
	}
	l, worker, err := deploy(ctx, n, cfg, projects, worker, log)
	if err != nil {
		return err
	}
	served := make(chan error, 1)
	go func() {
		served <- n.Serve(l, server.Options{Version: version, AdminToken: cfg.adminToken, MaxInputBytes: cfg.maxInput, Gatherer: reg, Logger: log, Worker: worker,
			MaxConnections: cfg.maxConns, WriteTimeout: cfg.writeTimeout, MaxBufferedResponseBytes: cfg.maxBuffered,
			CFHeader: cfg.cfHeader, DevErrors: cfg.devErrors, WebSocketSendBuffer: cfg.ws.sendBuffer, WebSocketPing: cfg.ws.ping})
	}()
	var names []string
	for _, c := range e.Classes() {
		names = append(names, c.Name)
	}
	backupMode := "off"
	if store := n.Backup(); store != nil {
		backupMode = store.Mode().String() + " to " + cfg.backup.bucket
	}
	clusterMode := "off"
	if cl := n.Cluster(); cl != nil {
		members := "members"
		if len(cl.Members()) == 1 {
			members = "member"
		}
		clusterMode = fmt.Sprintf("node %s, peers at %s, %d %s", cl.Name(), cl.Peer(), len(cl.Members()), members)
	}
	log.Info("serving", "url", "http://"+l.Addr().String(), "data_dir", cfg.dataDir, "durability", cfg.durability,
		"backup", backupMode, "cluster", clusterMode, "threads", e.Options().Threads, "classes", strings.Join(names, ","))
	for _, class := range slices.Sorted(maps.Keys(cfg.hibernate)) {
		if class != "*" && cfg.hibernate[class] && !slices.Contains(names, class) {
			log.Warn("a class named to hibernate is not deployed (yet): check its spelling; class names are case-sensitive", "class", class)
		}
	}

	select {
	case err := <-served:
		return err
	case <-n.Lapsed():
		// Others may own this node's objects by now: it must answer for none of them.
		// Exiting lets its supervisor (sobjects service install) start it again, under a
		// new lease.
		return errors.New("cluster: this node's lease lapsed (etcd unreachable, or the process was paused): it stops; start it again to rejoin")
	case <-ctx.Done():
	}
	stop() // a second Ctrl-C kills the process
	log.Info("draining: waiting for calls in flight; Ctrl-C again to abort", "grace", shutdownGrace)
	return nil
}

// nodeOptions are the options of the node that run starts, with the bucket of
// cfg.backup opened when one is set.
func nodeOptions(ctx context.Context, cfg runConfig, log *slog.Logger, reg *prometheus.Registry) (server.NodeOptions, error) {
	opts := server.NodeOptions{
		Engine: host.Options{
			DataDir: cfg.dataDir, CompilationCacheDir: cfg.compileCache, MemoryPolicies: cfg.memory, Hibernate: cfg.hibernate, Threads: cfg.threads, IdleEvict: cfg.idleEvict, Durability: cfg.durability,
			MemoryLimitBytes: cfg.memoryMiB << 20, CallTimeout: cfg.callTimeout, MaxOpenDatabases: cfg.maxOpen,
			MaxObjectBytes: cfg.maxObject, MaxResident: cfg.maxResident, MemoryBudgetBytes: cfg.budgetMiB << 20,
			RecycleFactor: cfg.recycleBy, RecycleMinBytes: cfg.recycleMiB << 20,
			Logger: log, Registerer: reg, ThreadStallBudget: cfg.stallBudget, FetchAllow: cfg.fetchAllow,
			CacheBytes: cfg.cacheBytes, WebSocketMessageBytes: cfg.ws.messageBytes, WebSocketsPerObject: cfg.ws.perObject,
		},
		Splitter:      splitter.Options{Policies: cfg.split, Logger: log},
		ShutdownGrace: shutdownGrace,
	}
	if cfg.backup.bucket != "" {
		b, err := backup.OpenS3(ctx, cfg.backup.bucket)
		if err != nil {
			return opts, err
		}
		opts.Backup = &backup.Options{
			Bucket: b, Mode: cfg.backup.mode, Interval: cfg.backup.interval, Retention: cfg.backup.retention, Logger: log, Registerer: reg,
		}
	}
	var err error
	opts.Cluster, err = clusterOptions(cfg.cluster)
	return opts, err
}

// deploy deploys the classes and JavaScript projects of cfg on n's engine, warns of
// split policies that name no splittable class, and listens on cfg.listen. worker is
// the Worker class of the projects, replaced by the bundled one when the bundled
// examples are served.
func deploy(ctx context.Context, n *server.Node, cfg runConfig, projects []*jsbundle.Project, worker string, log *slog.Logger) (net.Listener, string, error) {
	e := n.Engine()
	examples, err := deployClasses(ctx, e, cfg.classes, cfg.env, len(projects) > 0)
	if err != nil {
		return nil, "", startError(ctx, err)
	}
	if examples {
		worker = plugins.JSExamplesWorker
	}
	if err := deployProjects(ctx, e, projects); err != nil {
		return nil, "", startError(ctx, err)
	}
	for class := range cfg.split {
		if split, err := e.Splittable(class); err != nil || !split {
			log.Warn("[split."+class+"] in sobjects.toml names no splittable class: it has no effect", "class", class)
		}
	}
	l, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		return nil, "", fmt.Errorf("listen: %w (is another sobjects running? pick another --listen)", err)
	}
	checkFileLimit(log, e.Options().MaxOpenDatabases, cfg.maxConns)
	return l, worker, nil
}

// startError is the error of a step of the start, which says so when a signal (Ctrl-C,
// SIGTERM; ctx is run's signal context) interrupted the start.
func startError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("start interrupted (%v): %w", context.Cause(ctx), err)
	}
	return err
}

// checkFileLimit raises the open-file limit to its hard limit and warns when it cannot
// hold maxOpen databases, their descriptors (storage.FilesPerDatabase each) and
// maxConns connections (0: the default cap, which fits what is left): a database that
// finds no descriptor fails its calls with 503 unavailable.
func checkFileLimit(log *slog.Logger, maxOpen, maxConns int) {
	nofile := server.FileLimit()
	if maxConns <= 0 {
		maxConns = server.DefaultMaxConnections(nofile, maxOpen)
	}
	need := uint64(maxOpen)*storage.FilesPerDatabase + uint64(maxConns) + server.ReservedFiles
	if need > nofile {
		log.Warn("the open-file limit is too low for --max-open-databases and --max-connections: calls may fail with 503 "+
			"unavailable; raise it (ulimit -n) or lower those flags", "limit", nofile, "needed", need,
			"max_open_databases", maxOpen, "max_connections", maxConns)
	}
	log.Debug("file descriptors", "limit", nofile, "max_open_databases", maxOpen, "max_connections", maxConns)
}

// deployClasses deploys the named plugins, or the bundled examples when none is named
// and there are no JavaScript projects (without replacing a class of the same name
// uploaded earlier); examples says it did the latter. A plugin that is a JavaScript
// file is bundled first, for the wrangler environment env ("" for the top level).
func deployClasses(ctx context.Context, e *host.Engine, classes map[string]string, env string, projects bool) (examples bool, err error) {
	if len(classes) == 0 && !projects {
		for _, name := range plugins.Examples {
			wasm, err := plugins.Wasm(name)
			if err != nil {
				return false, err
			}
			if err := e.DeployIfAbsent(ctx, name, wasm); err != nil {
				return false, fmt.Errorf("bundled plugin %s: %w", name, err)
			}
		}
		for _, name := range append(slices.Clone(plugins.JSExampleClasses), plugins.JSExamplesWorker) {
			if err := e.DeployIfAbsent(ctx, name, plugins.JSExamples()); err != nil {
				return false, fmt.Errorf("bundled JavaScript example %s: %w", name, err)
			}
		}
		return true, nil
	}
	for class, path := range classes {
		if isJSProject(path) {
			p, err := loadProject(path, env)
			if err != nil {
				return false, fmt.Errorf("class %s: %w", class, err)
			}
			if _, err := e.Deploy(ctx, class, p.Bundle); err != nil {
				return false, fmt.Errorf("class %s from %s: %w", class, path, err)
			}
			continue
		}
		wasm, err := os.ReadFile(path)
		if err != nil {
			return false, fmt.Errorf("class %s: %w", class, err)
		}
		if _, err := e.Deploy(ctx, class, wasm); err != nil {
			return false, fmt.Errorf("class %s from %s: %w (sobjects inspect %s says more)", class, path, err, path)
		}
	}
	return false, nil
}
