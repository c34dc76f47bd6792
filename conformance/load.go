package conformance

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Operations RunLoad can drive, the values of LoadOptions.Op.
const (
	OpPut       = "put"       // kv put of one key, value a JSON string of ValueSize bytes that differs from the key's last one
	OpGet       = "get"       // kv get of one key, every key preloaded so each get hits
	OpIncrement = "increment" // counter increment by 1
)

// Routes to the benchmark app's object, the values of LoadOptions.Via.
const (
	ViaFetch = "fetch" // the Worker forwards the request to the object with stub.fetch
	ViaRPC   = "rpc"   // the Worker calls the object's method by RPC
)

// Key distributions, the values of LoadOptions.Keys.
const (
	KeysUniform = "uniform" // every key equally likely
	KeysZipf    = "zipf"    // Zipf, s = 1.1: a few hot keys take most calls
)

// ErrInvalidOptions is wrapped by the error RunLoad returns for options it cannot run.
var ErrInvalidOptions = errors.New("invalid load options")

// LoadOptions says what load RunLoad puts on a target. A zero field takes its default.
type LoadOptions struct {
	// URL is the target server's base URL, such as "http://127.0.0.1:8787". Required
	// unless Target is set. Several, comma-separated, are the nodes of a cluster: the
	// calls of object i go to the (i mod n)-th (the others' /metrics are not read).
	URL string
	// Target is the base URL of the benchmark app's Worker (conformance/fixtures/bench)
	// on any runtime, workerd or sobjects, such as "http://127.0.0.1:8787". When set,
	// calls go to the app's routes instead of sobjects' method API, and URL is unused:
	// increment is POST /inc, put POST /put?key=K with ValueSize bytes of body (hex
	// digits that differ per put, then padding), get GET /get?key=K; with Via ViaRPC,
	// /rpc/inc, /rpc/put and /rpc/get. Each names its object with ?name=: "one" when
	// Objects is 1, else Prefix+i. Class, Splittable and Presplit do not apply.
	Target string
	// Via is the route from the app's Worker to its object with Target: ViaFetch or
	// ViaRPC. Default ViaFetch. Unused without Target.
	Via string
	// Op is the operation every call makes: OpPut, OpGet or OpIncrement ("inc" is taken
	// for OpIncrement). Required.
	Op string
	// Concurrency is the number of calls kept in flight, one goroutine each.
	// Default 64.
	Concurrency int
	// Objects is the number of objects the calls spread over, uniformly at random per
	// call; object i is named Prefix+i. Default 1.
	Objects int
	// ValueSize is the length in bytes of the JSON string stored by put (and preloaded
	// for get), or with Target of the body put. Default 1024; a negative ValueSize means
	// an empty string.
	ValueSize int
	// Keys is the key distribution within an object: KeysUniform or KeysZipf.
	// Default KeysUniform. Unused by increment.
	Keys string
	// KeyCount is the number of distinct keys per object. Default 1000, or 1 with
	// Target (the app's benchmark puts and gets one key). Unused by increment.
	KeyCount int
	// Duration is how long calls are measured, after Warmup. Default 10s.
	Duration time.Duration
	// Warmup is how long calls run before measuring starts; they are not measured.
	// Default 1s; a negative Warmup means none.
	Warmup time.Duration
	// Class is the class called. Default "kv" for put and get, "counter" for increment.
	Class string
	// Prefix starts every object name. Default "bench".
	Prefix string
	// Splittable calls a splittable class (default "ledger", package splitter) with
	// keyed calls of one key: put is ledger.put, get ledger.get, increment ledger.add.
	Splittable bool
	// Presplit, with Splittable, splits each object into 2^Presplit leaves before the
	// run (POST .../_split, level by level). Default 0.
	Presplit int
	// ReadShare is the share of calls, from 0 to 1, that are gets of a key instead of
	// Op (every key is put once first). Default 0.
	ReadShare float64
}

// withDefaults fills in zero fields and checks the rest.
func (o LoadOptions) withDefaults() (LoadOptions, error) {
	bad := func(format string, args ...any) (LoadOptions, error) {
		return o, fmt.Errorf("%w: %s", ErrInvalidOptions, fmt.Sprintf(format, args...))
	}
	if o.Target != "" {
		o.URL = o.Target
		switch o.Via {
		case "":
			o.Via = ViaFetch
		case ViaFetch, ViaRPC:
		default:
			return bad("via %q: want %s or %s", o.Via, ViaFetch, ViaRPC)
		}
		if o.Class != "" || o.Splittable || o.Presplit != 0 {
			return bad("class, splittable and presplit do not apply to the benchmark app (target %s)", o.Target)
		}
		if o.KeyCount == 0 {
			o.KeyCount = 1
		}
	} else if o.Via != "" {
		return bad("via %q: only with a target (the benchmark app)", o.Via)
	}
	if o.URL == "" {
		return bad("no URL")
	}
	var bases []string
	for _, b := range strings.Split(o.URL, ",") {
		if u, err := url.Parse(b); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return bad("URL %q: want http://host:port", b)
		}
		bases = append(bases, strings.TrimRight(b, "/"))
	}
	if len(bases) > 1 && o.Target != "" {
		return bad("several URLs: only for sobjects' method API, not with a target")
	}
	o.URL = strings.Join(bases, ",")
	if o.Target != "" {
		o.Target = o.URL
	}
	switch o.Op {
	case "inc":
		o.Op = OpIncrement
	case OpPut, OpGet, OpIncrement:
	default:
		return bad("op %q: want %s, %s or %s", o.Op, OpPut, OpGet, OpIncrement)
	}
	if o.Concurrency == 0 {
		o.Concurrency = 64
	}
	if o.Concurrency < 1 {
		return bad("concurrency %d: want at least 1", o.Concurrency)
	}
	if o.Objects == 0 {
		o.Objects = 1
	}
	if o.Objects < 1 {
		return bad("objects %d: want at least 1", o.Objects)
	}
	if o.ValueSize == 0 {
		o.ValueSize = 1024
	}
	if o.ValueSize < 0 {
		o.ValueSize = 0
	}
	switch o.Keys {
	case "":
		o.Keys = KeysUniform
	case KeysUniform, KeysZipf:
	default:
		return bad("keys %q: want %s or %s", o.Keys, KeysUniform, KeysZipf)
	}
	if o.KeyCount == 0 {
		o.KeyCount = 1000
	}
	if o.KeyCount < 1 {
		return bad("key count %d: want at least 1", o.KeyCount)
	}
	if o.Duration == 0 {
		o.Duration = 10 * time.Second
	}
	if o.Duration < 0 {
		return bad("duration %s: want more than 0", o.Duration)
	}
	if o.Warmup == 0 {
		o.Warmup = time.Second
	}
	if o.Warmup < 0 {
		o.Warmup = 0
	}
	if o.Class == "" && o.Target == "" {
		o.Class = "kv"
		switch {
		case o.Splittable:
			o.Class = "ledger"
		case o.Op == OpIncrement:
			o.Class = "counter"
		}
	}
	if o.ReadShare < 0 || o.ReadShare > 1 {
		return bad("read share %g: want 0 to 1", o.ReadShare)
	}
	if o.Presplit < 0 || o.Presplit > 12 || (o.Presplit > 0 && !o.Splittable) {
		return bad("presplit %d: want 0 to 12, with a splittable class", o.Presplit)
	}
	if o.Prefix == "" {
		o.Prefix = "bench"
	}
	return o, nil
}

// LoadResult is what one RunLoad measured. Latencies are of whole HTTP calls as the
// driver saw them, over the measured window only (not warmup).
type LoadResult struct {
	Op string `json:"op"`
	// Target is the benchmark app's URL, Via its route (LoadOptions); both empty for
	// sobjects' method API.
	Target      string `json:"target,omitempty"`
	Via         string `json:"via,omitempty"`
	Concurrency int    `json:"concurrency"`
	Objects     int    `json:"objects"`
	// Calls is the number of calls that answered 2xx in the measured window.
	Calls int64 `json:"calls"`
	// Errors is the number of calls in the measured window that failed: a non-2xx
	// answer or a transport error.
	Errors int64 `json:"errors"`
	// ErrorSamples holds the first few distinct error messages.
	ErrorSamples []string `json:"error_samples,omitempty"`
	// Seconds is the length of the measured window, in seconds of wall time.
	Seconds float64 `json:"seconds"`
	// Throughput is Calls / Seconds, in calls per second.
	Throughput float64 `json:"throughput"`
	// Latency percentiles and maximum of successful calls. In JSON they are
	// microseconds, as p50_us, p95_us, p99_us and max_us.
	P50 time.Duration `json:"-"`
	P95 time.Duration `json:"-"`
	P99 time.Duration `json:"-"`
	Max time.Duration `json:"-"`
	// CommitBatchAvg is the average number of calls per commit on the server over the
	// measured window (delta of sobjects_commit_batch_size_sum / _count from
	// /metrics), or 0 when the target does not export it.
	CommitBatchAvg float64 `json:"commit_batch_avg"`
	// DriverCPUSeconds is the user+system CPU time the driver's own process used during
	// the measured window, in seconds: what generating the load cost, on cores it
	// shares with the server when both run on one machine.
	DriverCPUSeconds float64 `json:"driver_cpu_seconds"`
	// ObjectCalls[i] is the number of successful calls to object i over the whole run,
	// warmup included: for increment, the amount each counter grew by. Not in JSON.
	ObjectCalls []int64 `json:"-"`
	// Leaves is, for a splittable class, the number of leaves of the first object at
	// the end of the run (GET .../_leaves); 0 otherwise.
	Leaves int `json:"leaves,omitempty"`
}

type loadResultJSON struct {
	P50us float64 `json:"p50_us"`
	P95us float64 `json:"p95_us"`
	P99us float64 `json:"p99_us"`
	MaxUs float64 `json:"max_us"`
}

func micros(d time.Duration) float64      { return float64(d) / float64(time.Microsecond) }
func fromMicros(us float64) time.Duration { return time.Duration(us * float64(time.Microsecond)) }
func (r LoadResult) durations() loadResultJSON {
	return loadResultJSON{micros(r.P50), micros(r.P95), micros(r.P99), micros(r.Max)}
}

// MarshalJSON writes r with snake_case names and latencies in microseconds.
func (r LoadResult) MarshalJSON() ([]byte, error) {
	type plain LoadResult
	return json.Marshal(struct {
		plain
		loadResultJSON
	}{plain(r), r.durations()})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *LoadResult) UnmarshalJSON(b []byte) error {
	type plain LoadResult
	var v struct {
		plain
		loadResultJSON
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*r = LoadResult(v.plain)
	r.P50, r.P95, r.P99, r.Max = fromMicros(v.P50us), fromMicros(v.P95us), fromMicros(v.P99us), fromMicros(v.MaxUs)
	return nil
}

// String is a readable multi-line summary of r.
func (r LoadResult) String() string {
	var b strings.Builder
	objects := "objects"
	if r.Objects == 1 {
		objects = "object"
	}
	op := r.Op
	if r.Via != "" {
		op += " via " + r.Via + " (" + r.Target + ")"
	}
	fmt.Fprintf(&b, "%s: %d calls in %.2fs = %.0f calls/s (%d in flight, %d %s)\n",
		op, r.Calls, r.Seconds, r.Throughput, r.Concurrency, r.Objects, objects)
	fmt.Fprintf(&b, "latency: p50 %s  p95 %s  p99 %s  max %s\n", roundDur(r.P50), roundDur(r.P95), roundDur(r.P99), roundDur(r.Max))
	fmt.Fprintf(&b, "errors: %d", r.Errors)
	for _, s := range r.ErrorSamples {
		fmt.Fprintf(&b, "\n  %s", s)
	}
	b.WriteString("\n")
	if r.Leaves > 0 {
		fmt.Fprintf(&b, "leaves: %d (of the first object, at the end)\n", r.Leaves)
	}
	if r.CommitBatchAvg > 0 {
		fmt.Fprintf(&b, "commit batch: %.2f calls per commit on average\n", r.CommitBatchAvg)
	} else {
		b.WriteString("commit batch: unknown (no sobjects_commit_batch_size in /metrics)\n")
	}
	share := 0.0
	if r.Seconds > 0 {
		share = r.DriverCPUSeconds / r.Seconds
	}
	fmt.Fprintf(&b, "driver CPU: %.2fs = %.0f%% of wall time (%.2f cores taken from the server)\n",
		r.DriverCPUSeconds, 100*share, share)
	return b.String()
}

func roundDur(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	default:
		return d.Round(time.Microsecond)
	}
}

// maxSamples is how many error messages a LoadResult keeps.
const maxSamples = 5

// RunLoad puts load on the server at opts.URL and measures it: opts.Concurrency
// goroutines each call opts.Op in a loop over one shared keep-alive HTTP client, for
// opts.Warmup unmeasured and then opts.Duration measured. For get it first puts every
// key once in every object, so that gets hit. It returns an error, and no result, when
// the options are invalid (wrapping ErrInvalidOptions) or the preload fails; failed
// calls during the run are counted in LoadResult.Errors instead. When ctx ends early,
// RunLoad returns what it measured so far with ctx's error.
func RunLoad(ctx context.Context, opts LoadOptions) (LoadResult, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return LoadResult{}, err
	}
	d := newDriver(o)
	defer d.client.CloseIdleConnections()

	if o.Presplit > 0 {
		if err := d.presplit(ctx); err != nil {
			return LoadResult{}, err
		}
	}
	if o.Op == OpGet || o.ReadShare > 0 {
		if err := d.preload(ctx); err != nil {
			return LoadResult{}, err
		}
	}

	var (
		phase   atomic.Int32 // 0 warmup, 1 measuring, 2 stop
		wg      sync.WaitGroup
		workers = make([]*worker, o.Concurrency)

		sum0, count0 float64
		metricsOK    bool
		cpu0         float64
		t0           time.Time
	)
	measure := func() {
		sum0, count0, metricsOK = d.commitBatch(ctx)
		cpu0 = processCPU()
		t0 = time.Now()
		phase.Store(1)
	}
	if o.Warmup == 0 {
		measure() // before the first call, so that every call is measured
	}
	for i := range workers {
		w := &worker{
			d:       d,
			rng:     rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(i))),
			objects: make([]int64, o.Objects),
			lat:     make([]time.Duration, 0, 4096),
		}
		if o.Keys == KeysZipf && o.KeyCount > 1 {
			w.zipf = rand.NewZipf(w.rng, 1.1, 1, uint64(o.KeyCount-1))
		}
		workers[i] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.loop(ctx, &phase)
		}()
	}

	sleep := func(t time.Duration) {
		if t <= 0 {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(t):
		}
	}
	if o.Warmup > 0 {
		sleep(o.Warmup)
		measure()
	}
	sleep(o.Duration)
	phase.Store(2)
	wg.Wait()
	elapsed := time.Since(t0)
	cpu1 := processCPU()
	sum1, count1, metricsOK1 := d.commitBatch(context.WithoutCancel(ctx))

	r := LoadResult{
		Op:               o.Op,
		Target:           o.Target,
		Via:              o.Via,
		Concurrency:      o.Concurrency,
		Objects:          o.Objects,
		Errors:           d.errors.Load(),
		ErrorSamples:     d.samples(),
		Seconds:          elapsed.Seconds(),
		DriverCPUSeconds: cpu1 - cpu0,
		ObjectCalls:      make([]int64, o.Objects),
	}
	var lat []time.Duration
	for _, w := range workers {
		lat = append(lat, w.lat...)
		for i, n := range w.objects {
			r.ObjectCalls[i] += n
		}
	}
	r.Calls = int64(len(lat))
	if r.Seconds > 0 {
		r.Throughput = float64(r.Calls) / r.Seconds
	}
	if len(lat) > 0 {
		slices.Sort(lat)
		pct := func(p float64) time.Duration {
			i := int(p*float64(len(lat))+0.5) - 1
			return lat[max(0, min(i, len(lat)-1))]
		}
		r.P50, r.P95, r.P99, r.Max = pct(0.50), pct(0.95), pct(0.99), lat[len(lat)-1]
	}
	if metricsOK && metricsOK1 && count1 > count0 {
		r.CommitBatchAvg = (sum1 - sum0) / (count1 - count0)
	}
	if o.Splittable {
		r.Leaves = d.leaves(context.WithoutCancel(ctx))
	}
	return r, ctx.Err()
}

// driver is what the workers of one RunLoad share.
type driver struct {
	o      LoadOptions
	client *http.Client
	header http.Header // read only once built: shared by every request
	urls   []*url.URL  // urls[i]: Op on object i
	// bodies[k] is the body for key k (put, get); nil for put when too large to
	// prebuild. body is the body of increment.
	bodies [][]byte
	body   []byte
	value  string     // `"xxx…"`, the JSON value put stores
	gets   []*url.URL // gets[i]: a get on object i (ReadShare)
	getBod [][]byte   // getBod[k]: the body of a get of key k (ReadShare)

	// With Target (the benchmark app), whose routes carry the key: app[i][k] is the
	// URL of Op on object i and key k (increment: app[i][0] only), appGets[i][k] of a
	// get (for get or ReadShare), appPuts[i][k] of a put (for put or the preload);
	// nil when unused. Gets are GET, the rest POST.
	app, appGets, appPuts [][]*url.URL

	errors   atomic.Int64
	mu       sync.Mutex
	errSampl []string
}

func newDriver(o LoadOptions) *driver {
	d := &driver{
		o:      o,
		header: http.Header{"Content-Type": {"application/json"}},
		value:  `"` + strings.Repeat("x", o.ValueSize) + `"`,
	}
	if o.Target != "" {
		d.header = http.Header{"Content-Type": {"application/octet-stream"}}
	}
	d.client = &http.Client{
		Timeout: time.Minute,
		Transport: &http.Transport{
			Proxy:               nil,
			DialContext:         (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
			MaxIdleConns:        o.Concurrency + 16,
			MaxIdleConnsPerHost: o.Concurrency + 16,
			IdleConnTimeout:     90 * time.Second,
			DisableCompression:  true,
		},
	}
	if o.Target != "" {
		for i := range o.Objects {
			d.app = append(d.app, d.appURLs(i, o.Op))
		}
		switch {
		case o.Op == OpGet:
			d.appGets = d.app
		case o.ReadShare > 0:
			for i := range o.Objects {
				d.appGets = append(d.appGets, d.appURLs(i, OpGet))
			}
		}
		switch {
		case o.Op == OpPut:
			d.appPuts = d.app
		case d.appGets != nil: // the preload
			for i := range o.Objects {
				d.appPuts = append(d.appPuts, d.appURLs(i, OpPut))
			}
		}
		return d
	}
	for i := range o.Objects {
		u, _ := url.Parse(d.callURL(i, o.Class, o.Prefix+strconv.Itoa(i), d.method(o.Op)))
		d.urls = append(d.urls, u)
		g, _ := url.Parse(d.callURL(i, o.Class, o.Prefix+strconv.Itoa(i), d.method(OpGet)))
		d.gets = append(d.gets, g)
	}
	getBody := func(k int) []byte {
		if o.Splittable {
			return []byte(`{"keys":["` + key(k) + `"]}`)
		}
		return []byte(`{"key":"` + key(k) + `"}`)
	}
	switch o.Op {
	case OpIncrement:
		if o.Splittable {
			for k := range o.KeyCount {
				d.bodies = append(d.bodies, []byte(`{"keys":["`+key(k)+`"],"payloads":[1]}`))
			}
		} else {
			d.body = []byte(`{"by":1}`)
		}
	case OpGet:
		for k := range o.KeyCount {
			d.bodies = append(d.bodies, getBody(k))
		}
	}
	if o.ReadShare > 0 {
		for k := range o.KeyCount {
			d.getBod = append(d.getBod, getBody(k))
		}
	}
	return d
}

// method is the method that makes op on the class.
func (d *driver) method(op string) string {
	if d.o.Splittable && op == OpIncrement {
		return "add"
	}
	return op
}

// callURL is the URL of method of object i, called name, of class.
func (d *driver) callURL(i int, class, name, method string) string {
	bases := strings.Split(d.o.URL, ",")
	return bases[i%len(bases)] + "/v1/objects/" + url.PathEscape(class) + "/" + url.PathEscape(name) + "/" + url.PathEscape(method)
}

// base is the first server's base URL.
func (d *driver) base() string {
	b, _, _ := strings.Cut(d.o.URL, ",")
	return b
}

func key(k int) string { return "k" + strconv.Itoa(k) }

// appURLs are the benchmark app's URLs of op on object i, one per key (increment: one).
func (d *driver) appURLs(i int, op string) []*url.URL {
	name := d.o.Prefix + strconv.Itoa(i)
	if d.o.Objects == 1 {
		name = "one"
	}
	route := d.o.URL + "/"
	if d.o.Via == ViaRPC {
		route += "rpc/"
	}
	q := "?name=" + url.QueryEscape(name)
	if op == OpIncrement {
		u, _ := url.Parse(route + "inc" + q)
		return []*url.URL{u}
	}
	us := make([]*url.URL, d.o.KeyCount)
	for k := range us {
		us[k], _ = url.Parse(route + op + q + "&key=" + key(k))
	}
	return us
}

// appPutBody appends to b the body of a put on the benchmark app: ValueSize bytes,
// mark in 16 hex digits (random per put, so that each put changes what the key holds,
// as putBody's does), then x's.
func (d *driver) appPutBody(b []byte, mark uint64) []byte {
	at := len(b)
	var hex [16]byte
	h := strconv.AppendUint(hex[:0], mark, 16)
	for range 16 - len(h) {
		b = append(b, '0')
	}
	b = append(b, h...)
	if n := at + d.o.ValueSize; len(b) > n {
		return b[:n]
	}
	for len(b) < at+d.o.ValueSize {
		b = append(b, 'x')
	}
	return b
}

// putBody appends to b the body of a put of key k. The value starts with mark in hex
// (random per put), so that a put changes what the key holds: a put of the same value again changes no
// page, and SQLite then writes (and fsyncs) nothing at commit.
func (d *driver) putBody(b []byte, k int, mark uint64) []byte {
	if d.o.Splittable {
		b = append(b, `{"keys":["`...)
		b = append(b, key(k)...)
		b = append(b, `"],"payloads":["`...)
	} else {
		b = append(b, `{"key":"`...)
		b = append(b, key(k)...)
		b = append(b, `","value":"`...)
	}
	at := len(b)
	b = strconv.AppendUint(b, mark, 16)
	if n := len(b) - at; n < len(d.value)-2 {
		b = append(b, d.value[1+n:]...) // the rest of the value, and its closing quote
	} else {
		b = append(b[:at], d.value[1:]...)
	}
	if d.o.Splittable {
		b = append(b, ']')
	}
	return append(b, '}')
}

// presplit splits every object into 2^Presplit leaves, level by level.
func (d *driver) presplit(ctx context.Context) error {
	for obj := range d.o.Objects {
		u, _ := url.Parse(d.base() + "/v1/objects/" + url.PathEscape(d.o.Class) + "/" + url.PathEscape(d.o.Prefix+strconv.Itoa(obj)) + "/_split")
		level := []string{""}
		for range d.o.Presplit {
			var next []string
			for _, bits := range level {
				if err := d.do(ctx, http.MethodPost, u, []byte(`{"leaf":"`+bits+`"}`)); err != nil && !strings.Contains(err.Error(), "stale_leaf") {
					return fmt.Errorf("presplit: %w", err)
				}
				next = append(next, bits+"0", bits+"1")
			}
			level = next
		}
	}
	return nil
}

// leaves counts the leaves of the first object; 0 when it cannot.
func (d *driver) leaves(ctx context.Context) int {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.base()+"/v1/objects/"+url.PathEscape(d.o.Class)+"/"+url.PathEscape(d.o.Prefix+"0")+"/_leaves", nil)
	if err != nil {
		return 0
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	var body struct {
		Leaves []json.RawMessage `json:"leaves"`
	}
	if json.NewDecoder(resp.Body).Decode(&body) != nil {
		return 0
	}
	return len(body.Leaves)
}

// do makes one call and says whether it answered 2xx; it drains and closes the body.
// A GET sends no body.
func (d *driver) do(ctx context.Context, method string, u *url.URL, body []byte) error {
	req := (&http.Request{
		Method:        method,
		URL:           u,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        d.header,
		Body:          io.NopCloser(bytes.NewReader(body)),
		GetBody:       func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil },
		ContentLength: int64(len(body)),
		Host:          u.Host,
	}).WithContext(ctx)
	if method == http.MethodGet {
		req.Body, req.GetBody, req.ContentLength = http.NoBody, nil, 0
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 == 2 {
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	}
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	_, _ = io.Copy(io.Discard, resp.Body)
	return fmt.Errorf("%s %s: %s: %s", req.Method, u.Path, resp.Status, bytes.TrimSpace(msg))
}

func (d *driver) fail(err error) {
	d.errors.Add(1)
	d.mu.Lock()
	if msg := err.Error(); len(d.errSampl) < maxSamples && !slices.Contains(d.errSampl, msg) {
		d.errSampl = append(d.errSampl, msg)
	}
	d.mu.Unlock()
}

func (d *driver) samples() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.errSampl)
}

// preload puts every key once in every object, Concurrency calls at a time, so that
// the gets that follow hit.
func (d *driver) preload(ctx context.Context) error {
	type job struct{ obj, k int }
	jobs := make(chan job)
	errc := make(chan error, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range d.o.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				var (
					u    *url.URL
					body []byte
				)
				if d.app != nil {
					u, body = d.appPuts[j.obj][j.k], d.appPutBody(nil, 0)
				} else {
					u, _ = url.Parse(d.callURL(j.obj, d.o.Class, d.o.Prefix+strconv.Itoa(j.obj), d.method(OpPut)))
					body = d.putBody(nil, j.k, 0)
				}
				if err := d.do(ctx, http.MethodPost, u, body); err != nil {
					select {
					case errc <- fmt.Errorf("preload for get: %w", err):
					default:
					}
					cancel()
				}
			}
		}()
	}
send:
	for obj := range d.o.Objects {
		for k := range d.o.KeyCount {
			select {
			case jobs <- job{obj, k}:
			case <-ctx.Done():
				break send
			}
		}
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
		return ctx.Err()
	}
}

// commitBatch reads the sum and count of sobjects_commit_batch_size from the
// target's /metrics; ok is false when it cannot.
func (d *driver) commitBatch(ctx context.Context) (sum, count float64, ok bool) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.base()+"/metrics", nil)
	if err != nil {
		return 0, 0, false
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return 0, 0, false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, resp.Body)
		return 0, 0, false
	}
	return parseCommitBatch(resp.Body)
}

// parseCommitBatch sums sobjects_commit_batch_size_sum and _count over all label sets
// of a Prometheus text exposition.
func parseCommitBatch(r io.Reader) (sum, count float64, ok bool) {
	var seenSum, seenCount bool
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		for _, m := range []struct {
			name string
			to   *float64
			seen *bool
		}{{"sobjects_commit_batch_size_sum", &sum, &seenSum}, {"sobjects_commit_batch_size_count", &count, &seenCount}} {
			rest, found := strings.CutPrefix(line, m.name)
			if !found || rest == "" || (rest[0] != ' ' && rest[0] != '{') {
				continue
			}
			if i := strings.LastIndexByte(rest, '}'); i >= 0 {
				rest = rest[i+1:]
			}
			fields := strings.Fields(rest)
			if len(fields) == 0 {
				continue
			}
			if v, err := strconv.ParseFloat(fields[0], 64); err == nil {
				*m.to += v
				*m.seen = true
			}
		}
	}
	return sum, count, seenSum && seenCount && sc.Err() == nil
}

// worker is one goroutine of calls.
type worker struct {
	d       *driver
	rng     *rand.Rand
	zipf    *rand.Zipf
	objects []int64         // successful calls per object, warmup included
	lat     []time.Duration // latencies of successful measured calls
	buf     []byte          // the body of the current put
}

func (w *worker) key() int {
	if w.zipf != nil {
		return int(w.zipf.Uint64())
	}
	return w.rng.IntN(w.d.o.KeyCount)
}

// next is the method, URL and body of the next call to object obj.
func (w *worker) next(obj int) (method string, u *url.URL, body []byte) {
	d := w.d
	if d.app != nil {
		switch {
		case d.appGets != nil && w.rng.Float64() < d.o.ReadShare:
			return http.MethodGet, d.appGets[obj][w.key()], nil
		case d.o.Op == OpIncrement:
			return http.MethodPost, d.app[obj][0], nil
		case d.o.Op == OpGet:
			return http.MethodGet, d.app[obj][w.key()], nil
		}
		w.buf = d.appPutBody(w.buf[:0], w.rng.Uint64())
		return http.MethodPost, d.app[obj][w.key()], w.buf
	}
	u = d.urls[obj]
	switch {
	case d.getBod != nil && w.rng.Float64() < d.o.ReadShare:
		u, body = d.gets[obj], d.getBod[w.key()]
	case d.body != nil:
		body = d.body
	case d.bodies != nil:
		body = d.bodies[w.key()]
	default:
		w.buf = d.putBody(w.buf[:0], w.key(), w.rng.Uint64())
		body = w.buf
	}
	return http.MethodPost, u, body
}

func (w *worker) loop(ctx context.Context, phase *atomic.Int32) {
	d := w.d
	for ctx.Err() == nil {
		p := phase.Load()
		if p == 2 {
			return
		}
		obj := 0
		if d.o.Objects > 1 {
			obj = w.rng.IntN(d.o.Objects)
		}
		method, u, body := w.next(obj)
		start := time.Now()
		err := d.do(ctx, method, u, body)
		took := time.Since(start)
		if err == nil {
			w.objects[obj]++
			if p == 1 {
				w.lat = append(w.lat, took)
			}
			continue
		}
		if ctx.Err() != nil {
			return
		}
		if p == 1 {
			d.fail(err)
		}
	}
}
