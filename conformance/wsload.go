package conformance

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// The WebSocket load driver (sobjects bench-ws): clients of a chat room that speaks the
// protocol of plugins/chat and the examples' JsChat (plugins/js/src/index.js) and of the
// room app conformance/fixtures/wsroom (the same room, runnable on workerd): join with
// ?name=NAME, {"text": ...} from a client, {"type":"message","from","text",...} to every
// socket of the room, {"type":"join","online": n} when someone joins.

// Modes of RunWSLoad.
const (
	// WSBroadcast: Clients sockets in one room; one of them sends messages, InFlight at a
	// time, and every socket receives each: deliveries per second and the latency from
	// the send to each delivery.
	WSBroadcast = "broadcast"
	// WSWake: Clients sockets over Rooms rooms, left idle until the server has evicted
	// every room (sobjects' /metrics); then one message to each room in turn, timed from
	// the send until the sender's own copy comes back (the room woken from hibernation),
	// and a second one (the room awake). With ServerPID, the server's resident memory
	// before the sockets and with them (rooms evicted).
	WSWake = "wake"
)

// WSLoadOptions configures RunWSLoad. Zero values take the defaults named.
type WSLoadOptions struct {
	// RoomURL is the URL of a room, with {room} where its name goes: ws://, wss://,
	// http:// or https:// (http becomes ws). The driver adds ?name=NAME (or &name=).
	// Examples: http://127.0.0.1:8787/chat/{room} (the examples' Worker, or the room
	// app), http://127.0.0.1:8787/v1/objects/chat/{room}/fetch (sobjects' Rust room).
	RoomURL string
	// Mode is WSBroadcast (default) or WSWake.
	Mode string
	// Clients is the number of sockets in all; default 100.
	Clients int
	// Rooms is how many rooms the sockets spread over (round-robin); WSBroadcast uses
	// one. Default 1 (broadcast) or 100 (wake).
	Rooms int
	// InFlight is, for WSBroadcast, how many messages the sender has sent that it has not
	// yet received back; default 8.
	InFlight int
	// Duration is how long WSBroadcast sends, after Warmup; defaults 10 s and 1 s
	// (negative Warmup: none).
	Duration time.Duration
	Warmup   time.Duration
	// Prefix starts the rooms' names (PREFIX0, PREFIX1, ...); default "ws" and the time,
	// so that each run has new rooms.
	Prefix string
	// MetricsURL is sobjects' /metrics, which WSWake polls until no object is resident;
	// default the RoomURL's host's /metrics. EvictWait bounds that wait; default 60 s.
	MetricsURL string
	EvictWait  time.Duration
	// ServerPID, when not 0, is the server's process, whose resident memory (VmRSS in
	// /proc/PID/status, Linux) WSWake reports.
	ServerPID int
	// DialConcurrency is how many sockets connect at once; default 64.
	DialConcurrency int
}

// WSLoadResult is what one RunWSLoad measured. Latencies are as the driver saw them,
// from before the send to after the read, on one clock.
type WSLoadResult struct {
	Mode    string `json:"mode"`
	RoomURL string `json:"room_url"`
	Clients int    `json:"clients"`
	Rooms   int    `json:"rooms"`
	// ConnectSeconds is how long connecting every socket (and seeing every join) took.
	ConnectSeconds float64 `json:"connect_seconds"`

	// WSBroadcast: Sent messages in the measured window, each delivered to every socket:
	// Deliveries of them in all, over Seconds (the first send to the last delivery),
	// Throughput deliveries per second; P50, P99, Max of the deliveries' latencies (in
	// JSON microseconds: p50_us, p99_us, max_us). Lost counts deliveries that did not
	// arrive within 30 s of the last send.
	Sent       int64         `json:"sent,omitempty"`
	Deliveries int64         `json:"deliveries,omitempty"`
	Lost       int64         `json:"lost,omitempty"`
	Seconds    float64       `json:"seconds,omitempty"`
	Throughput float64       `json:"throughput,omitempty"`
	P50        time.Duration `json:"-"`
	P99        time.Duration `json:"-"`
	Max        time.Duration `json:"-"`

	// WSWake: Wake (woken from hibernation) and Warm (the next message, awake)
	// latencies' p50 and p99, one sample per room; Evicted whether /metrics showed no
	// resident object before the wake-ups (false: the wake-ups may have found rooms
	// resident). RSSIdle and RSSSockets are the server's VmRSS before connecting and
	// with the sockets open and the rooms evicted, in bytes (0 unknown).
	WakeP50    time.Duration `json:"-"`
	WakeP99    time.Duration `json:"-"`
	WarmP50    time.Duration `json:"-"`
	WarmP99    time.Duration `json:"-"`
	Evicted    bool          `json:"evicted,omitempty"`
	RSSIdle    int64         `json:"rss_idle_bytes,omitempty"`
	RSSSockets int64         `json:"rss_sockets_bytes,omitempty"`
	// HeapSockets and Goroutines are the server's Go heap in use and its goroutines
	// (go_memstats_heap_inuse_bytes, go_goroutines in /metrics) when RSSSockets was
	// read; 0 unknown.
	HeapSockets int64 `json:"heap_sockets_bytes,omitempty"`
	Goroutines  int64 `json:"goroutines,omitempty"`

	// DriverCPUSeconds is the user+system CPU the driver used over the whole run.
	DriverCPUSeconds float64 `json:"driver_cpu_seconds"`
}

// MarshalJSON writes r with latencies in microseconds.
func (r WSLoadResult) MarshalJSON() ([]byte, error) {
	type plain WSLoadResult
	return json.Marshal(struct {
		plain
		P50us     float64 `json:"p50_us,omitempty"`
		P99us     float64 `json:"p99_us,omitempty"`
		MaxUs     float64 `json:"max_us,omitempty"`
		WakeP50us float64 `json:"wake_p50_us,omitempty"`
		WakeP99us float64 `json:"wake_p99_us,omitempty"`
		WarmP50us float64 `json:"warm_p50_us,omitempty"`
		WarmP99us float64 `json:"warm_p99_us,omitempty"`
	}{plain(r), micros(r.P50), micros(r.P99), micros(r.Max), micros(r.WakeP50), micros(r.WakeP99), micros(r.WarmP50), micros(r.WarmP99)})
}

// String is a readable summary of r.
func (r WSLoadResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d sockets in %d room(s) at %s, connected in %.2fs\n", r.Mode, r.Clients, r.Rooms, r.RoomURL, r.ConnectSeconds)
	switch r.Mode {
	case WSBroadcast:
		fmt.Fprintf(&b, "deliveries: %d (%d messages x %d sockets) in %.2fs = %.0f deliveries/s\n", r.Deliveries, r.Sent, r.Clients, r.Seconds, r.Throughput)
		fmt.Fprintf(&b, "latency send to delivery: p50 %s  p99 %s  max %s\n", roundDur(r.P50), roundDur(r.P99), roundDur(r.Max))
		fmt.Fprintf(&b, "lost: %d\n", r.Lost)
	case WSWake:
		ev := "yes"
		if !r.Evicted {
			ev = "unknown or no (no sobjects_resident_objects 0 in /metrics)"
		}
		fmt.Fprintf(&b, "rooms evicted before the wake-ups: %s\n", ev)
		fmt.Fprintf(&b, "wake-up (hibernated room, send to reply): p50 %s  p99 %s\n", roundDur(r.WakeP50), roundDur(r.WakeP99))
		fmt.Fprintf(&b, "awake (the next message): p50 %s  p99 %s\n", roundDur(r.WarmP50), roundDur(r.WarmP99))
		if r.RSSIdle > 0 && r.RSSSockets > 0 {
			fmt.Fprintf(&b, "server RSS: %.1f MiB idle, %.1f MiB with the sockets (rooms evicted): %.1f MiB more, %.0f bytes a socket\n",
				mib(r.RSSIdle), mib(r.RSSSockets), mib(r.RSSSockets-r.RSSIdle), float64(r.RSSSockets-r.RSSIdle)/float64(max(1, r.Clients)))
		}
		if r.Goroutines > 0 {
			fmt.Fprintf(&b, "server with the sockets: Go heap in use %.1f MiB, %d goroutines\n", mib(r.HeapSockets), r.Goroutines)
		}
	}
	fmt.Fprintf(&b, "driver CPU: %.2fs\n", r.DriverCPUSeconds)
	return b.String()
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }

func (o WSLoadOptions) withDefaults() (WSLoadOptions, error) {
	bad := func(format string, args ...any) (WSLoadOptions, error) {
		return o, fmt.Errorf("%w: %s", ErrInvalidOptions, fmt.Sprintf(format, args...))
	}
	if o.Mode == "" {
		o.Mode = WSBroadcast
	}
	if o.Mode != WSBroadcast && o.Mode != WSWake {
		return bad("mode %q: want %s or %s", o.Mode, WSBroadcast, WSWake)
	}
	if !strings.Contains(o.RoomURL, "{room}") {
		return bad("room URL %q has no {room}", o.RoomURL)
	}
	switch {
	case strings.HasPrefix(o.RoomURL, "http://"), strings.HasPrefix(o.RoomURL, "https://"):
		o.RoomURL = "ws" + strings.TrimPrefix(o.RoomURL, "http")
	case strings.HasPrefix(o.RoomURL, "ws://"), strings.HasPrefix(o.RoomURL, "wss://"):
	default:
		return bad("room URL %q: want ws://, wss://, http:// or https://", o.RoomURL)
	}
	if o.Clients == 0 {
		o.Clients = 100
	}
	if o.Rooms == 0 {
		o.Rooms = 1
		if o.Mode == WSWake {
			o.Rooms = 100
		}
	}
	if o.Mode == WSBroadcast && o.Rooms != 1 {
		return bad("%s uses one room, not %d", WSBroadcast, o.Rooms)
	}
	if o.Clients < 1 || o.Rooms < 1 || o.Clients < o.Rooms {
		return bad("%d clients over %d rooms: want at least one client a room", o.Clients, o.Rooms)
	}
	if o.InFlight == 0 {
		o.InFlight = 8
	}
	if o.Duration == 0 {
		o.Duration = 10 * time.Second
	}
	if o.Warmup == 0 {
		o.Warmup = time.Second
	}
	if o.Warmup < 0 {
		o.Warmup = 0
	}
	if o.InFlight < 1 || o.Duration < 0 {
		return bad("in flight %d, duration %s: want at least 1 and more than 0", o.InFlight, o.Duration)
	}
	if o.Prefix == "" {
		o.Prefix = "ws" + strconv.FormatInt(time.Now().UnixMilli(), 36) + "-"
	}
	if o.MetricsURL == "" {
		host := strings.SplitN(strings.SplitN(o.RoomURL, "://", 2)[1], "/", 2)[0]
		scheme := "http://"
		if strings.HasPrefix(o.RoomURL, "wss://") {
			scheme = "https://"
		}
		o.MetricsURL = scheme + host + "/metrics"
	}
	if o.EvictWait == 0 {
		o.EvictWait = time.Minute
	}
	if o.DialConcurrency == 0 {
		o.DialConcurrency = 64
	}
	return o, nil
}

// wsClient is one socket of the driver.
type wsClient struct {
	c    *websocket.Conn
	room int
	// onMessage is called from the reader for each "message", with the text and when
	// it was read; set before the reader starts, read-only after.
	onMessage func(text string, at time.Time)
	joined    chan struct{} // closed on the join of online == full
	full      int
	readErr   atomic.Pointer[error]
}

// wsEvent is the part of a room's message the driver reads.
type wsEvent struct {
	Type   string `json:"type"`
	From   string `json:"from"`
	Text   string `json:"text"`
	Online int    `json:"online"`
	Error  string `json:"error"`
}

func (w *wsClient) read(ctx context.Context) {
	joined := false
	for {
		_, b, err := w.c.Read(ctx)
		at := time.Now()
		if err != nil {
			w.readErr.Store(&err)
			if !joined {
				close(w.joined)
			}
			return
		}
		var ev wsEvent
		if json.Unmarshal(b, &ev) != nil {
			continue
		}
		switch ev.Type {
		case "join":
			if !joined && ev.Online >= w.full {
				joined = true
				close(w.joined)
			}
		case "message":
			if w.onMessage != nil {
				w.onMessage(ev.Text, at)
			}
		}
	}
}

func (w *wsClient) say(ctx context.Context, text string) error {
	b, _ := json.Marshal(map[string]string{"text": text})
	return w.c.Write(ctx, websocket.MessageText, b)
}

// RunWSLoad connects opts.Clients sockets to the room(s) at opts.RoomURL and measures
// opts.Mode (WSBroadcast, WSWake). It returns an error, and no result, when the options
// are invalid (wrapping ErrInvalidOptions), a socket cannot connect, or the room does
// not answer as the chat protocol says.
func RunWSLoad(ctx context.Context, opts WSLoadOptions) (res WSLoadResult, err error) {
	o, err := opts.withDefaults()
	if err != nil {
		return WSLoadResult{}, err
	}
	r := WSLoadResult{Mode: o.Mode, RoomURL: o.RoomURL, Clients: o.Clients, Rooms: o.Rooms}
	cpu0 := processCPU()
	defer func() { res.DriverCPUSeconds = processCPU() - cpu0 }()
	if o.Mode == WSWake && o.ServerPID != 0 {
		r.RSSIdle = rss(o.ServerPID)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	clients := make([]*wsClient, o.Clients)
	perRoom := make([]int, o.Rooms)
	for i := range clients {
		perRoom[i%o.Rooms]++
	}
	for i := range clients {
		clients[i] = &wsClient{room: i % o.Rooms, joined: make(chan struct{}), full: perRoom[i%o.Rooms]}
	}
	defer func() {
		for _, w := range clients {
			if w.c != nil {
				w.c.CloseNow()
			}
		}
	}()
	if o.Mode == WSBroadcast {
		return wsBroadcast(ctx, o, clients, r)
	}
	return wsWake(ctx, o, clients, r)
}

// wsConnect connects the clients, o.DialConcurrency at a time, and waits until each saw
// its room full.
func wsConnect(ctx context.Context, o WSLoadOptions, clients []*wsClient) error {
	sem := make(chan struct{}, o.DialConcurrency)
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	for i, w := range clients {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			u := strings.ReplaceAll(o.RoomURL, "{room}", o.Prefix+strconv.Itoa(w.room))
			sep := "?"
			if strings.Contains(u, "?") {
				sep = "&"
			}
			u += sep + "name=c" + strconv.Itoa(i)
			dctx, dcancel := context.WithTimeout(ctx, 30*time.Second)
			defer dcancel()
			c, resp, err := websocket.Dial(dctx, u, nil)
			if err != nil {
				mu.Lock()
				if first == nil {
					status := ""
					if resp != nil {
						status = fmt.Sprintf(" (status %d)", resp.StatusCode)
					}
					first = fmt.Errorf("connect %s%s: %w", u, status, err)
				}
				mu.Unlock()
				return
			}
			c.SetReadLimit(1 << 20)
			w.c = c
			go w.read(ctx)
		}()
		if first != nil {
			break
		}
	}
	wg.Wait()
	if first != nil {
		return first
	}
	deadline := time.After(60 * time.Second)
	for i, w := range clients {
		select {
		case <-w.joined:
			if e := w.readErr.Load(); e != nil {
				return fmt.Errorf("socket %d closed before its room was full: %w", i, *e)
			}
		case <-deadline:
			return fmt.Errorf("socket %d did not see its room full (%d sockets) within 60 s", i, w.full)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

func wsBroadcast(ctx context.Context, o WSLoadOptions, clients []*wsClient, r WSLoadResult) (WSLoadResult, error) {
	// The sender writes "m SEQ NANOS" (measured) or "w SEQ NANOS" (warmup); each
	// receiver records the latency of measured ones; the sender's own copy frees a slot.
	type shard struct {
		mu   sync.Mutex
		lat  []time.Duration
		last time.Time
	}
	shards := make([]*shard, len(clients))
	slots := make(chan struct{}, o.InFlight)
	var delivered atomic.Int64
	base := time.Now()
	for i, w := range clients {
		s := &shard{}
		shards[i] = s
		own := i == 0
		w.onMessage = func(text string, at time.Time) {
			f := strings.Fields(text)
			if len(f) != 3 {
				return
			}
			if own {
				select {
				case <-slots:
				default:
				}
			}
			if f[0] != "m" {
				return
			}
			ns, err := strconv.ParseInt(f[2], 10, 64)
			if err != nil {
				return
			}
			s.mu.Lock()
			s.lat = append(s.lat, at.Sub(base)-time.Duration(ns))
			s.last = at
			s.mu.Unlock()
			delivered.Add(1)
		}
	}
	t0 := time.Now()
	if err := wsConnect(ctx, o, clients); err != nil {
		return r, err
	}
	r.ConnectSeconds = time.Since(t0).Seconds()

	sender := clients[0]
	warmEnd := time.Now().Add(o.Warmup)
	end := warmEnd.Add(o.Duration)
	var firstSend time.Time
	var sent int64
	for seq := 0; ; seq++ {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return r, ctx.Err()
		case <-time.After(30 * time.Second):
			return r, errors.New("the sender's own messages stopped coming back for 30 s")
		}
		now := time.Now()
		if !now.Before(end) {
			break
		}
		kind := "w"
		if !now.Before(warmEnd) {
			kind = "m"
			if sent == 0 {
				firstSend = now
			}
			sent++
		}
		if err := sender.say(ctx, fmt.Sprintf("%s %d %d", kind, seq, time.Since(base))); err != nil {
			return r, fmt.Errorf("send: %w", err)
		}
	}
	want := sent * int64(len(clients))
	deadline := time.Now().Add(30 * time.Second)
	for delivered.Load() < want && time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
	}
	var lat []time.Duration
	var last time.Time
	for _, s := range shards {
		s.mu.Lock()
		lat = append(lat, s.lat...)
		if s.last.After(last) {
			last = s.last
		}
		s.mu.Unlock()
	}
	r.Sent, r.Deliveries, r.Lost = sent, int64(len(lat)), max(0, want-int64(len(lat)))
	if sent > 0 && last.After(firstSend) {
		r.Seconds = last.Sub(firstSend).Seconds()
		r.Throughput = float64(r.Deliveries) / r.Seconds
	}
	r.P50, r.P99, r.Max = pctl(lat, 0.50), pctl(lat, 0.99), pctl(lat, 1)
	return r, ctx.Err()
}

func wsWake(ctx context.Context, o WSLoadOptions, clients []*wsClient, r WSLoadResult) (WSLoadResult, error) {
	// The first socket of each room wakes it: it writes "k NANOS" and waits for its own
	// copy; every socket of the room counts what it got, so the next room waits until
	// this room's broadcast is done.
	got := make(chan string, 1)
	roomGot := make([]atomic.Int64, o.Rooms)
	for i, w := range clients {
		waker := i < o.Rooms
		w.onMessage = func(text string, _ time.Time) {
			roomGot[w.room].Add(1)
			if waker {
				select {
				case got <- text:
				default:
				}
			}
		}
	}
	t0 := time.Now()
	if err := wsConnect(ctx, o, clients); err != nil {
		return r, err
	}
	r.ConnectSeconds = time.Since(t0).Seconds()
	r.Evicted = waitEvicted(ctx, o.MetricsURL, o.EvictWait)
	if o.ServerPID != 0 {
		r.RSSSockets = rss(o.ServerPID)
	}
	if m, ok := scrape(ctx, o.MetricsURL, "go_memstats_heap_inuse_bytes", "go_goroutines"); ok {
		r.HeapSockets, r.Goroutines = int64(m[0]), int64(m[1])
	}
	perRoom := make([]int64, o.Rooms)
	for _, w := range clients {
		perRoom[w.room]++
	}
	var wake, warm []time.Duration
	for room := range o.Rooms {
		for pass := range 2 {
			want := roomGot[room].Load() + perRoom[room]
			text := fmt.Sprintf("k %d %d", room, pass)
			t := time.Now()
			if err := clients[room].say(ctx, text); err != nil {
				return r, fmt.Errorf("room %d: send: %w", room, err)
			}
			for {
				select {
				case m := <-got:
					if m != text {
						continue
					}
				case <-time.After(30 * time.Second):
					return r, fmt.Errorf("room %d: no reply within 30 s", room)
				case <-ctx.Done():
					return r, ctx.Err()
				}
				break
			}
			d := time.Since(t)
			if pass == 0 {
				wake = append(wake, d)
			} else {
				warm = append(warm, d)
			}
			for deadline := time.Now().Add(30 * time.Second); roomGot[room].Load() < want && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
		}
	}
	r.WakeP50, r.WakeP99 = pctl(wake, 0.50), pctl(wake, 0.99)
	r.WarmP50, r.WarmP99 = pctl(warm, 0.50), pctl(warm, 0.99)
	return r, ctx.Err()
}

// pctl is the p-quantile (0 to 1) of lat, which it sorts; 0 for none.
func pctl(lat []time.Duration, p float64) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	slices.Sort(lat)
	i := int(p*float64(len(lat))+0.5) - 1
	return lat[max(0, min(i, len(lat)-1))]
}

// waitEvicted polls metricsURL until sobjects_resident_objects is 0, for at most
// limit; false when it never was (or the URL has no such metric).
func waitEvicted(ctx context.Context, metricsURL string, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		n, ok := residentObjects(ctx, metricsURL)
		if !ok {
			return false
		}
		if n == 0 {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

func residentObjects(ctx context.Context, metricsURL string) (float64, bool) {
	m, ok := scrape(ctx, metricsURL, "sobjects_resident_objects")
	return m[0], ok
}

// scrape reads the unlabelled metrics names from metricsURL; ok is false unless it
// found them all.
func scrape(ctx context.Context, metricsURL string, names ...string) (_ []float64, ok bool) {
	out := make([]float64, len(names))
	req, err := http.NewRequestWithContext(ctx, "GET", metricsURL, nil)
	if err != nil {
		return out, false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return out, false
	}
	defer resp.Body.Close()
	return out, parseGauges(resp.Body, names, out)
}

// parseGauges reads the values of the unlabelled metrics names from Prometheus text
// into out; false unless it found them all.
func parseGauges(r io.Reader, names []string, out []float64) bool {
	found := 0
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		if i := slices.Index(names, f[0]); i >= 0 {
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				return false
			}
			out[i] = v
			found++
		}
	}
	return found == len(names)
}

// rss is the resident memory of process pid in bytes (VmRSS), or 0 when unknown.
func rss(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}
