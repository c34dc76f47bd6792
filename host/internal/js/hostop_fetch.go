package js

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sobjects/sobjects/host/internal/format"
)

// Outbound fetch: globalThis.fetch of runtime.js ("outbound fetch" section) asks the
// host to make an HTTP(S) request with Go's client. The request runs on a goroutine of
// its own while the script goes on. The host waits between the script's events, with
// the call's worker thread free and the object's input gate open (runTimers), for the
// heads of its requests and the body reads it awaits, and hands them over
// (__sobjects_fetch, which asks FETCH_WAIT); runtime.js reads each body as the script
// reads it (FETCH_READ: a goroutine reads one chunk ahead, and a read that has not come
// waits as a head does, so timers, an abort among them, run meanwhile).
//
// A request lives no longer than the call that made it (its context is the call's: the
// call's time limit bounds it, and the call's end cancels it), and at most
// MaxFetchConnections of one instance are open at once; further ones wait for one of
// those to end (its body read to the end, cancelled or failed), as Cloudflare's
// simultaneous open connections limit
// (https://developers.cloudflare.com/workers/platform/limits/#simultaneous-open-connections).
// As there, when the script waits for a head that waits for a connection while the open
// ones all wait for the script to read them, the least recently used of those is
// cancelled (reading its body then fails with a TypeError saying so).
const (
	jsOpFetchStart  = 50 // a: the request's head (JSON); b: its body: its id (an int), or "Name: message"
	jsOpFetchWait   = 51 // the heads and awaited reads that came (JSON, fetchWait); it does not wait
	jsOpFetchRead   = 52 // a: an id: the next bytes of its body (an ArrayBuffer), 0 at its end, 1 when they have not come, or "Name: message"
	jsOpFetchCancel = 53 // a: an id: ends the request, its body unread
)

// MaxFetchConnections is how many outbound requests of one instance may be open at
// once: Cloudflare's six simultaneous open connections per invocation.
const MaxFetchConnections = 6

// maxFetchRedirects is how many redirects a fetch with redirect "follow" follows: the
// Fetch Standard's 20 (https://fetch.spec.whatwg.org/#http-redirect-fetch).
const maxFetchRedirects = 20

// fetchChunk is the most bytes one FETCH_READ hands the script.
const fetchChunk = 64 << 10

// FetchPolicy says where outbound fetches may connect. The zero value (and nil) is the
// default: public addresses only. It is safe for concurrent use and not changed after
// NewFetchPolicy.
type FetchPolicy struct {
	prefixes []netip.Prefix
	names    []string // lowercase host names; "*.example.com" allows its subdomains
	any      bool
	client   *http.Client
}

// NewFetchPolicy returns the policy that allows, besides public addresses, the
// addresses and names of allow: each a CIDR prefix ("10.0.0.0/8", "fd00::/8"), an IP
// address ("127.0.0.1"), a host name ("localhost", which then may resolve to any
// address), "*.NAME" (NAME's subdomains), or "*" (everything).
//
// # Errors
//
// An entry that is none of those is an error naming it.
func NewFetchPolicy(allow []string) (*FetchPolicy, error) {
	p := &FetchPolicy{}
	for _, a := range allow {
		a = strings.TrimSpace(a)
		switch {
		case a == "*":
			p.any = true
		case strings.Contains(a, "/"):
			pre, err := netip.ParsePrefix(a)
			if err != nil {
				return nil, fmt.Errorf("fetch allow %q: not a CIDR prefix: %v", a, err)
			}
			p.prefixes = append(p.prefixes, pre.Masked())
		default:
			if ip, err := netip.ParseAddr(strings.Trim(a, "[]")); err == nil {
				p.prefixes = append(p.prefixes, netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen()))
				continue
			}
			name := strings.ToLower(strings.TrimSuffix(a, "."))
			if !validHostPattern(name) {
				return nil, fmt.Errorf("fetch allow %q: want a CIDR prefix, an IP address or a host name", a)
			}
			p.names = append(p.names, name)
		}
	}
	return p, nil
}

func validHostPattern(s string) bool {
	s = strings.TrimPrefix(s, "*.")
	if s == "" || len(s) > 253 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_') {
			return false
		}
	}
	return true
}

var defaultFetchPolicy = &FetchPolicy{}

// nameAllowed reports whether host (a name, not an address) is allowed by name.
func (p *FetchPolicy) nameAllowed(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	for _, n := range p.names {
		if n == host || strings.HasPrefix(n, "*.") && strings.HasSuffix(host, n[1:]) {
			return true
		}
	}
	return false
}

// refusal is why ip may not be connected to, or "" when it may.
func (p *FetchPolicy) refusal(ip netip.Addr) string {
	ip = ip.Unmap()
	if p.any {
		return ""
	}
	for _, pre := range p.prefixes {
		if pre.Contains(ip) {
			return ""
		}
	}
	switch {
	case ip.IsLoopback():
		return "a loopback address"
	case ip.IsPrivate():
		return "a private address"
	case ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast():
		return "a link-local address"
	case ip.IsUnspecified() || ip.Is4() && ip.As4()[0] == 0:
		return "an unspecified address"
	}
	return ""
}

// errFetchRefused is a connection FetchPolicy refused.
type errFetchRefused struct {
	addr, why string
}

func (e *errFetchRefused) Error() string {
	host, _, _ := net.SplitHostPort(e.addr)
	return fmt.Sprintf("fetch: connecting to %s is refused: it is %s; allow it with sobjects run --fetch-allow %s (or host.Options.FetchAllow)", e.addr, e.why, host)
}

// dialer dials for the policy's clients, within timeout: it checks each address it
// connects to (after DNS, so a public name cannot lead to a refused address), unless the
// host is a name the policy allows.
func (p *FetchPolicy) dialer(timeout time.Duration) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		byName := false
		if _, err := netip.ParseAddr(host); err != nil {
			byName = p.nameAllowed(host)
		}
		d := net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
			if byName {
				return nil
			}
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return &errFetchRefused{address, "not an IP address"}
			}
			if why := p.refusal(ap.Addr()); why != "" {
				return &errFetchRefused{address, why}
			}
			return nil
		}}
		return d.DialContext(ctx, network, addr)
	}
}

// httpClient is the policy's client, made once: its dialer checks each address it
// connects to (after DNS, so a public name cannot lead to a refused address).
func (p *FetchPolicy) httpClient() *http.Client {
	fetchClients.Lock()
	defer fetchClients.Unlock()
	if p.client != nil {
		return p.client
	}
	dial := p.dialer(30 * time.Second)
	t := &http.Transport{
		Proxy:                 nil, // the policy is about where objects connect: no proxy in between
		DialContext:           dial,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          256,
		MaxIdleConnsPerHost:   16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	p.client = &http.Client{Transport: t, CheckRedirect: checkFetchRedirect}
	return p.client
}

// fetchClients guards FetchPolicy.client.
var fetchClients sync.Mutex

type fetchModeKey struct{}

// checkFetchRedirect applies the request's redirect mode (in its context).
func checkFetchRedirect(req *http.Request, via []*http.Request) error {
	switch req.Context().Value(fetchModeKey{}) {
	case "manual":
		return http.ErrUseLastResponse
	case "error":
		return errRedirectRefused
	}
	if len(via) > maxFetchRedirects {
		return errTooManyRedirects
	}
	return nil
}

var (
	errRedirectRefused  = errors.New(`fetch: the response is a redirect and the request's redirect mode is "error"`)
	errTooManyRedirects = fmt.Errorf("fetch: more than %d redirects", maxFetchRedirects)
)

// outbound is an instance's outbound requests.
type outbound struct {
	slots chan struct{} // one per open request, MaxFetchConnections
	wake  chan struct{} // signalled when a head arrives
	next  int32
	clock int64 // counts heads handed over and reads, for outFetch.used
	byID  map[int32]*outFetch

	mu    sync.Mutex // guards ready and each outFetch's resp and err until it is ready
	ready []int32    // the requests whose head (or failure) arrived, not yet handed over
}

// outFetch is one outbound request.
type outFetch struct {
	ctx        context.Context
	cancel     context.CancelFunc
	resp       *http.Response
	err        error
	redirected bool
	started    bool                // it holds a slot; guarded by outbound.mu
	headed     bool                // its head was handed over
	used       int64               // outbound.clock when its head was handed over or its body last read
	evicted    bool                // cancelled to let a waiting request connect
	released   bool                // its slot was given back; guarded by outbound.mu
	chunks     chan fetchChunkRead // its body's next read, once the script read it (fetchRead)
	next       *fetchChunkRead     // a read's end, after the bytes it came with
	wanted     bool                // the script waits for its next read (FETCH_WAIT wakes for it)
}

// errFetchEvicted is what reading the body of an evicted request gives.
var errFetchEvicted = fmt.Errorf("fetch: the connection was cancelled: %d were open, none being read, and another request waited for one", MaxFetchConnections)

// SetFetchPolicy sets where the fetches of the runtime's instances may connect; nil
// means the default (public addresses only). Call it before the first instance.
func (j *Runtime) SetFetchPolicy(p *FetchPolicy) { j.fetchPolicy = p }

// fetchOp answers the outbound fetch host operations.
func (js *Instance) fetchOp(ctx context.Context, op int32) uint64 {
	o := js.fetches
	if o == nil {
		o = &outbound{slots: make(chan struct{}, MaxFetchConnections), wake: make(chan struct{}, 1), byID: map[int32]*outFetch{}}
		js.fetches = o
	}
	switch op {
	case jsOpFetchStart:
		id, err := js.fetchStart(ctx, o)
		if err != nil {
			return js.stringOf(ctx, []byte("TypeError: "+err.Error()))
		}
		return jsInt(id)
	case jsOpFetchWait:
		return js.stringOf(ctx, js.fetchWait(o))
	case jsOpFetchRead:
		id, _ := strconv.Atoi(string(js.argA))
		f := o.byID[int32(id)]
		if f == nil || !f.headed || f.resp == nil {
			return jsInt(0)
		}
		if f.evicted {
			delete(o.byID, int32(id))
			return js.stringOf(ctx, []byte("TypeError: "+errFetchEvicted.Error()))
		}
		o.clock++
		f.used = o.clock
		r, ok := f.read(o)
		if !ok {
			f.wanted = true
			return jsInt(1)
		}
		f.wanted = false
		if r.n > 0 {
			v := js.arrayBuffer(ctx, (*r.buf)[:r.n])
			fetchBufs.Put(r.buf)
			if r.err == nil {
				return v
			}
			f.next = &fetchChunkRead{err: r.err} // the end comes at the next read
			return v
		}
		if r.buf != nil {
			fetchBufs.Put(r.buf)
		}
		f.resp.Body.Close() // at its end, the connection goes back to the pool
		f.cancel()
		delete(o.byID, int32(id))
		if r.err != nil && r.err != io.EOF {
			return js.stringOf(ctx, []byte("TypeError: "+fetchErrorText(f.ctx, r.err)))
		}
		return jsInt(0)
	case jsOpFetchCancel:
		id, _ := strconv.Atoi(string(js.argA))
		if f := o.byID[int32(id)]; f != nil {
			f.cancel()
			o.mu.Lock()
			if f.resp != nil {
				f.resp.Body.Close()
			}
			o.mu.Unlock()
			delete(o.byID, int32(id))
		}
		return jsUndefined
	}
	return jsUndefined
}

// fetchHead is the request head runtime.js sends.
type fetchHead struct {
	Method   string
	URL      string
	Headers  [][2]string
	Redirect string
	HasBody  bool
}

func (js *Instance) fetchStart(ctx context.Context, o *outbound) (int32, error) {
	env, ok := ctx.Value(format.CallKey{}).(Call)
	if !ok {
		// As workerd: I/O belongs to a request (no call's time limit would bound it).
		return 0, errors.New("fetch: not allowed in the global scope: fetch only inside a method, fetch, alarm or a timer they set")
	}
	var h fetchHead
	if err := decodeJSON(js.argA, &h); err != nil {
		return 0, fmt.Errorf("fetch: a malformed request head: %v", err)
	}
	u, err := url.Parse(h.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return 0, fmt.Errorf("fetch: cannot load %q: only http and https URLs can be fetched", h.URL)
	}
	// Requests whose script has let go of them (a call that ended, a body never read)
	// are dropped here.
	for id, f := range o.byID {
		if f.ctx.Err() != nil && f.headed {
			delete(o.byID, id)
		}
	}
	var body io.Reader
	if h.HasBody {
		body = bytes.NewReader(bytes.Clone(js.argB))
	}
	// Derived from the call's own context, not ctx (which wraps it), so that the engine
	// sees a request still open when the call ends, and cancels it then.
	fctx, cancel := context.WithCancel(env.Context())
	req, err := http.NewRequestWithContext(context.WithValue(fctx, fetchModeKey{}, h.Redirect), h.Method, u.String(), body)
	if err != nil {
		cancel()
		return 0, fmt.Errorf("fetch: %v", err)
	}
	for _, kv := range h.Headers {
		if strings.EqualFold(kv[0], "host") {
			req.Host = kv[1]
			continue
		}
		req.Header.Add(kv[0], kv[1])
	}
	if req.Header.Get("user-agent") == "" {
		req.Header["User-Agent"] = nil // Go's client adds none then
	}
	o.next++
	id := o.next
	f := &outFetch{ctx: fctx, cancel: cancel}
	o.byID[id] = f
	policy := js.fetchPolicy
	if policy == nil {
		policy = defaultFetchPolicy
	}
	client := policy.httpClient()
	go func() {
		var resp *http.Response
		err := fctx.Err()
		select {
		case o.slots <- struct{}{}:
			// Held until the request ends: its body read to the end, cancelled, failed,
			// or its call over.
			context.AfterFunc(fctx, func() {
				<-o.slots
				o.mu.Lock()
				f.released = true
				o.mu.Unlock()
			})
			o.mu.Lock()
			f.started = true
			o.mu.Unlock()
			resp, err = client.Do(req)
		case <-fctx.Done():
		}
		o.mu.Lock()
		f.resp, f.err = resp, err
		if resp != nil {
			f.redirected = resp.Request != nil && resp.Request.URL.String() != req.URL.String()
		}
		o.ready = append(o.ready, id)
		o.mu.Unlock()
		if err != nil {
			cancel()
		}
		select {
		case o.wake <- struct{}{}:
		default:
		}
	}()
	return id, nil
}

// fetchPending reports whether the script waits for the head of a request or the
// next read of a body.
func (js *Instance) fetchPending() bool {
	if js.fetches == nil {
		return false
	}
	for _, f := range js.fetches.byID {
		if !f.headed || f.wanted {
			return true
		}
	}
	return false
}

// fetchReady reports whether a head or a body read the script waits for has come.
func (o *outbound) fetchReady() bool {
	o.mu.Lock()
	n := len(o.ready)
	o.mu.Unlock()
	if n > 0 {
		return true
	}
	for _, f := range o.byID {
		if f.wanted && (len(f.chunks) > 0 || f.ctx.Err() != nil) {
			return true
		}
	}
	return false
}

// fetchSettle has runtime.js take what came for its requests (its fetchSettle, which
// asks FETCH_WAIT). Run inside guard, with no script running.
func (js *Instance) fetchSettle(ctx context.Context) {
	if js.fetchFn == 0 {
		js.fetchFn = js.global(ctx, "__sobjects_fetch")
	}
	js.callHook(ctx, "settling fetches", js.fetchFn)
}

// fetchWait returns the heads that arrived as the JSON array of [id, status,
// statusText, url, redirected, [[name, value], ...]] or [id, "Name: message"], and [id]
// for each body whose next read the script waits for and that has come. It does not
// wait: the host waits between the script's events (runTimers), so that the object's
// other calls may run meanwhile.
func (js *Instance) fetchWait(o *outbound) []byte {
	o.mu.Lock()
	ready := o.ready
	o.ready = nil
	o.mu.Unlock()
	out := []byte{'['}
	for _, id := range ready {
		f := o.byID[id]
		if f == nil {
			continue
		}
		f.headed = true
		o.clock++
		f.used = o.clock
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = strconv.AppendInt(append(out, '['), int64(id), 10)
		out = append(out, ',')
		if f.err != nil || f.resp == nil {
			err := f.err
			if err == nil {
				err = context.Canceled
			}
			out = appendJSONString(out, []byte("TypeError: "+fetchErrorText(f.ctx, err)))
			out = append(out, ']')
			delete(o.byID, id)
			continue
		}
		r := f.resp
		out = strconv.AppendInt(out, int64(r.StatusCode), 10)
		out = append(out, ',')
		out = appendJSONString(out, []byte(strings.TrimSpace(strings.TrimPrefix(r.Status, strconv.Itoa(r.StatusCode)))))
		out = append(out, ',')
		out = appendJSONString(out, []byte(r.Request.URL.String()))
		out = strconv.AppendBool(append(out, ','), f.redirected)
		out = append(out, ",["...)
		first := true
		for k, vs := range r.Header {
			for _, v := range vs {
				if !first {
					out = append(out, ',')
				}
				first = false
				out = append(appendJSONString(append(out, '['), []byte(strings.ToLower(k))), ',')
				out = append(appendJSONString(out, []byte(v)), ']')
			}
		}
		out = append(out, "]]"...)
	}
	for id, f := range o.byID {
		if f.wanted && (len(f.chunks) > 0 || f.ctx.Err() != nil) {
			f.wanted = false
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(strconv.AppendInt(append(out, '['), int64(id), 10), ']')
		}
	}
	return append(out, ']')
}

// evictIfDeadlocked cancels the least recently used open request whose head the script
// has, when every connection is held by such a request and another request waits for
// one: the script, waiting for that one's head, would never read theirs.
func (o *outbound) evictIfDeadlocked() {
	if len(o.slots) < cap(o.slots) {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	// A slot changes hands before its holder's flags say so (started, released): while
	// they disagree with the slots taken, a request is on its way, or room is made.
	holders := 0
	for _, f := range o.byID {
		if f.started && !f.released {
			holders++
		}
	}
	if holders != len(o.slots) {
		return
	}
	queued := false
	var lru *outFetch
	for _, f := range o.byID {
		switch {
		case !f.headed && f.started, f.evicted && !f.released, f.wanted:
			return // on its way: its head will come; room is being made already; or the script reads it
		case !f.headed:
			queued = true
		case f.resp != nil && !f.evicted && f.ctx.Err() == nil && (lru == nil || f.used < lru.used):
			lru = f
		}
	}
	if queued && lru != nil {
		lru.evicted = true
		lru.cancel()
		lru.resp.Body.Close()
	}
}

// fetchBufs are FETCH_READ's buffers, of fetchChunk bytes: shared, so that an object
// that once fetched holds none.
var fetchBufs = sync.Pool{New: func() any { b := make([]byte, fetchChunk); return &b }}

// fetchChunkRead is what one read of a body gave: n bytes of buf (from fetchBufs), and
// the read's error (io.EOF at the end).
type fetchChunkRead struct {
	buf *[]byte
	n   int
	err error
}

// read returns the next read of f's body when it has come; ok is false when it has
// not (the host then waits for it between the script's events, runTimers). The body is
// read ahead by one chunk, on a goroutine of its own, which signals o.wake.
func (f *outFetch) read(o *outbound) (r fetchChunkRead, ok bool) {
	if f.next != nil {
		r, f.next = *f.next, nil
		return r, true
	}
	if f.chunks == nil {
		f.chunks = make(chan fetchChunkRead, 1)
		go func() {
			for {
				buf := fetchBufs.Get().(*[]byte)
				n, err := f.resp.Body.Read(*buf) // what has arrived: a stream's chunks go on as they come
				if n == 0 && err == nil {
					fetchBufs.Put(buf)
					continue
				}
				select {
				case f.chunks <- fetchChunkRead{buf, n, err}:
				case <-f.ctx.Done():
					fetchBufs.Put(buf)
					return
				}
				select {
				case o.wake <- struct{}{}:
				default:
				}
				if err != nil {
					return
				}
			}
		}()
	}
	select {
	case r := <-f.chunks:
		return r, true
	default:
	}
	if err := f.ctx.Err(); err != nil {
		return fetchChunkRead{err: err}, true
	}
	return r, false
}

// fetchErrorText is what the script's TypeError says of err.
func fetchErrorText(ctx context.Context, err error) string {
	var refused *errFetchRefused
	switch {
	case errors.As(err, &refused):
		return refused.Error()
	case errors.Is(err, errRedirectRefused):
		return errRedirectRefused.Error()
	case errors.Is(err, errTooManyRedirects):
		return errTooManyRedirects.Error()
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "fetch: the call's time limit ended the request"
	case ctx.Err() != nil:
		return "fetch: the request was cancelled"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return "fetch: " + err.Error()
}
