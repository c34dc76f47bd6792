package server

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/wsbridge"
	"github.com/sobjects/sobjects/jsbundle"
	"github.com/sobjects/sobjects/splitter"
)

// DefaultMaxInFlight is how many calls the server runs at once when
// Options.MaxInFlight is 0; more get 429 with Retry-After.
const DefaultMaxInFlight = 10000

// DefaultMaxBufferedResponseBytes is Options.MaxBufferedResponseBytes when it is 0:
// 256 MiB, eight answers of the largest size (abi.DefaultMaxOutputBytes).
const DefaultMaxBufferedResponseBytes = 256 << 20

// Defaults of the connection timeouts (Options).
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 2 * time.Minute
	DefaultIdleTimeout       = 2 * time.Minute
	DefaultWriteTimeout      = time.Minute
)

// Options configure a Server. The zero value of each field means its default.
type Options struct {
	// Version is the server's version, as GET /v1/node tells it.
	Version string
	// Cluster, with several nodes, is this node's membership and the nodes' shared
	// secret: calls for objects another node owns are forwarded to it (Peering), and
	// ServePeers serves the forwards of the others. nil: one node.
	Cluster *Peering
	// AdminToken, when set, is the bearer token that uploads and deletes need. When
	// empty, they are allowed only if the server listens on a loopback address.
	AdminToken string
	// MaxInputBytes bounds a call's body; 0 means abi.DefaultMaxInputBytes (1 MiB).
	MaxInputBytes int64
	// MaxUploadBytes bounds a plugin upload; 0 means abi.DefaultMaxUploadBytes (32 MiB).
	MaxUploadBytes int64
	// MaxInFlight bounds the calls in flight; 0 means DefaultMaxInFlight.
	MaxInFlight int64
	// MaxBufferedResponseBytes bounds the bytes of call and fetch outputs the server
	// holds, from when their call has run until their response is written (or its
	// client is gone, or WriteTimeout has passed): clients that do not read cannot make
	// it hold more. While over it, a call is refused with 503 overloaded and
	// Retry-After, before it runs: at admission, and again when its turn comes in its
	// object, so one output per running call may come on top. Counted as the engine
	// returns the outputs (a keyed call's answer, JSON, is somewhat larger). 0 means
	// DefaultMaxBufferedResponseBytes; negative means no bound.
	MaxBufferedResponseBytes int64
	// ReadHeaderTimeout bounds the time to read a request's headers; 0 means
	// DefaultReadHeaderTimeout. ReadTimeout bounds reading a whole request, body
	// included; 0 means DefaultReadTimeout. IdleTimeout bounds a keep-alive connection's
	// wait for its next request; 0 means DefaultIdleTimeout. Together they keep slow or
	// idle clients from holding connections forever.
	ReadHeaderTimeout, ReadTimeout, IdleTimeout time.Duration
	// WriteTimeout bounds writing a response, from its first byte: a client that does
	// not read its answer within it is disconnected, and the memory that answer holds
	// (up to abi.DefaultMaxOutputBytes for a call) is freed. The time a call runs
	// (up to host.Options.CallTimeout) does not count. 0 means DefaultWriteTimeout.
	WriteTimeout time.Duration
	// MaxConnections bounds the connections Serve keeps open at once, so that idle or
	// slow clients cannot take the file descriptors the object databases need. A
	// connection over it has its first request answered 429 overloaded with
	// Retry-After, and is closed. 0 means DefaultMaxConnections of the process's
	// RLIMIT_NOFILE and the engine's MaxOpenDatabases.
	MaxConnections int
	// Gatherer serves GET /metrics; nil means prometheus.DefaultGatherer.
	Gatherer prometheus.Gatherer
	// Splitter routes the calls of splittable classes to their leaves; nil means one
	// with the default policy (splitter.Policy).
	Splitter *splitter.Splitter
	// Logger; nil means slog.Default().
	Logger *slog.Logger
	// Worker is the class that serves requests outside /v1/ as a Worker's fetch
	// handler: the name of a JavaScript project with a default export
	// (jsbundle.Project.Name), deployed as that class. Empty means none.
	Worker string
	// CFHeader, when set, names a request header that a trusted proxy in front of the
	// server sets to a JSON object of request.cf fields (country, colo, asn, ...: the
	// IncomingRequestCfProperties Cloudflare documents), as workerd's cfBlobHeader: its
	// members are added to request.cf of JavaScript fetch handlers (over clientIp and
	// httpProtocol, which the server fills), and the header itself is not passed on. A
	// value that is not one JSON object is refused with 400 bad_cf_header. The proxy
	// must replace the header a client sends. Empty means request.cf has only what the
	// server fills.
	CFHeader string
	// DevErrors makes a JavaScript error that escapes a fetch handler answer its message
	// and stack as the 500's body (text/plain), for development; without it the body is
	// workerd's "Internal Server Error" and the stack goes to the log only.
	DevErrors bool
	// WebSocketSendBuffer bounds the bytes of messages an object sent that one client's
	// WebSocket holds until they are written: a client that does not read them is
	// closed with 1008 (policy violation), and its object gets the close. 0 means
	// DefaultWebSocketSendBuffer.
	WebSocketSendBuffer int
	// WebSocketPing is how often a client's WebSocket is pinged, and how long its pong
	// may take: one that does not answer is taken for gone (its object gets a close with
	// 1006). 0 means DefaultWebSocketPing; negative means no pings.
	WebSocketPing time.Duration
}

// Server serves the HTTP API over an Engine. It is safe for concurrent use.
type Server struct {
	e        *host.Engine
	split    *splitter.Splitter
	leaves   *splitter.Client // the server's split map
	opts     Options
	echo     *echo.Echo
	http     *http.Server // serves echo; Shutdown stops it
	log      *slog.Logger
	loopback atomic.Bool // set by Serve from the listener's address
	draining atomic.Bool
	inFlight atomic.Int64
	buffered atomic.Int64                 // bytes of outputs produced and not yet written (MaxBufferedResponseBytes)
	bufs     sync.Pool                    // *bytes.Buffer for request bodies
	conns    atomic.Pointer[connListener] // Serve's listener
	dataDirs []string                     // the engine's DataDir, absolute: kept out of problem details

	v1         []v1Route      // the routes under /v1/, for v1Fallback; set by New
	workerBusy []atomic.Int32 // requests in progress per Worker instance
	workerNext atomic.Uint64  // the instance a request goes to when all are busy

	// drained ends when Shutdown begins: streamed responses, which would keep their
	// connections busy for as long as their objects stream, are cut then.
	drained    context.Context
	endStreams context.CancelFunc

	wsMu    sync.Mutex
	wsConns map[*wsbridge.Conn]struct{} // the clients' WebSockets (websocket.go)
	// wsQueuedMax is the most bytes one client's WebSocket has held queued.
	wsQueuedMax atomic.Int64

	started       time.Time
	peerHTTP      *http.Server      // with Options.Cluster: serves forwards (ServePeers)
	peerTransport http.RoundTripper // with Options.Cluster: sends them
}

// New returns a Server for e.
func New(e *host.Engine, opts Options) *Server {
	if opts.MaxInputBytes <= 0 {
		opts.MaxInputBytes = abi.DefaultMaxInputBytes
	}
	if opts.MaxUploadBytes <= 0 {
		opts.MaxUploadBytes = abi.DefaultMaxUploadBytes
	}
	if opts.MaxInFlight <= 0 {
		opts.MaxInFlight = DefaultMaxInFlight
	}
	if opts.MaxBufferedResponseBytes == 0 {
		opts.MaxBufferedResponseBytes = DefaultMaxBufferedResponseBytes
	}
	if opts.Gatherer == nil {
		opts.Gatherer = prometheus.DefaultGatherer
	}
	if opts.ReadHeaderTimeout <= 0 {
		opts.ReadHeaderTimeout = DefaultReadHeaderTimeout
	}
	if opts.ReadTimeout <= 0 {
		opts.ReadTimeout = DefaultReadTimeout
	}
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = DefaultIdleTimeout
	}
	if opts.WriteTimeout <= 0 {
		opts.WriteTimeout = DefaultWriteTimeout
	}
	if opts.MaxConnections <= 0 {
		opts.MaxConnections = DefaultMaxConnections(FileLimit(), e.Options().MaxOpenDatabases)
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.WebSocketSendBuffer <= 0 {
		opts.WebSocketSendBuffer = DefaultWebSocketSendBuffer
	}
	if opts.WebSocketPing == 0 {
		opts.WebSocketPing = DefaultWebSocketPing
	}
	if opts.Splitter == nil {
		sp, err := splitter.New(e, splitter.Options{Logger: opts.Logger})
		if err != nil {
			panic(err) // the default policy is valid
		}
		opts.Splitter = sp
	}
	s := &Server{e: e, opts: opts, log: opts.Logger, split: opts.Splitter, leaves: opts.Splitter.Client(), started: time.Now()}
	s.drained, s.endStreams = context.WithCancel(context.Background())
	s.bufs.New = func() any { return new(bytes.Buffer) }
	if abs, err := filepath.Abs(e.Options().DataDir); err == nil && abs != string(filepath.Separator) {
		s.dataDirs = append(s.dataDirs, abs)
	}
	ec := echo.New()
	ec.HideBanner, ec.HidePort = true, true
	ec.HTTPErrorHandler = s.errorHandler
	// Route on the path as sent, and decode each parameter once (param): routing on the
	// decoded path would decode "a%2541" twice, to "aA".
	ec.Pre(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			u := c.Request().URL
			u.RawPath = u.EscapedPath()
			s.boundWrite(c)
			if overCap(c.Request().Context()) {
				c.Response().Header().Set(echo.HeaderConnection, "close")
				return errTooManyConnections
			}
			return next(c)
		}
	})
	s.v1Handle(ec, http.MethodPut, "/v1/classes/:class", s.upload)
	s.v1Handle(ec, http.MethodGet, "/v1/classes", s.listClasses)
	s.v1Handle(ec, http.MethodGet, "/v1/classes/:class", s.getClass)
	// An object's routes go to the node that owns it (Options.Cluster; cluster.go).
	s.v1Handle(ec, http.MethodPost, "/v1/objects/:class/:name/:method", s.owned(s.call))
	ec.Any("/v1/objects/:class/:name/fetch", s.owned(s.fetch))
	ec.Any("/v1/objects/:class/:name/fetch/*", s.owned(s.fetch))
	s.v1Handle(ec, http.MethodGet, "/v1/objects/:class/:name", s.owned(s.describe))
	s.v1Handle(ec, http.MethodGet, "/v1/objects/:class/:name/_bookmark", s.owned(s.bookmark))
	s.v1Handle(ec, http.MethodPost, "/v1/objects/:class/:name/_restore", s.owned(s.restore))
	s.v1Handle(ec, http.MethodDelete, "/v1/objects/:class/:name", s.owned(s.deleteObject))
	s.v1Handle(ec, http.MethodPost, "/v1/objects/:class/:name/_call", s.peerRoute(s.peerCall))
	s.v1Handle(ec, http.MethodPost, "/v1/objects/:class/:name/_leaf", s.peerRoute(s.serveLeaf))
	s.v1Handle(ec, http.MethodGet, "/v1/objects/:class/:name/_websocket", s.peerWebSocket)
	s.v1Handle(ec, http.MethodPost, "/v1/objects/:class/:name/_scan/:method", s.scan)
	s.v1Handle(ec, http.MethodGet, "/v1/objects/:class/:name/_leaves", s.describeLeaves)
	s.v1Handle(ec, http.MethodPost, "/v1/objects/:class/:name/_split", s.splitLeaf)
	// Whatever else is under /v1/ is a mistyped call of the API: 404 or 405, never the
	// Worker's.
	ec.Any("/v1", s.v1Fallback)
	ec.Any("/v1/*", s.v1Fallback)
	s.v1Handle(ec, http.MethodGet, "/v1/node", s.describeNode)
	ec.GET("/healthz", s.healthz)
	if opts.Worker != "" {
		s.workerBusy = make([]atomic.Int32, WorkerInstances*e.Options().Threads)
		ec.Any("/*", s.worker)
	}
	ec.GET("/metrics", echo.WrapHandler(promhttp.HandlerFor(opts.Gatherer, promhttp.HandlerOpts{})))
	s.echo = ec
	s.http = &http.Server{
		Handler:           ec,
		ReadHeaderTimeout: opts.ReadHeaderTimeout,
		ReadTimeout:       opts.ReadTimeout,
		IdleTimeout:       opts.IdleTimeout,
		ConnContext:       connContext,
	}
	if opts.Cluster != nil {
		e.SetRemote(remote{s})
		s.split.SetPeers(leafPeers{s})
		s.peerTransport = opts.Cluster.Transport
		if s.peerTransport == nil {
			s.peerTransport = newPeerTransports(e.Options().CallTimeout, opts.Cluster.TLS)
		}
		protocols := new(http.Protocols)
		protocols.SetHTTP1(true)
		protocols.SetUnencryptedHTTP2(true)
		protocols.SetHTTP2(true)
		s.peerHTTP = &http.Server{
			Handler:           s.peerOnly(ec),
			ReadHeaderTimeout: opts.ReadHeaderTimeout,
			IdleTimeout:       opts.IdleTimeout,
			Protocols:         protocols,
		}
		if opts.Cluster.TLS != nil {
			s.peerHTTP.TLSConfig = opts.Cluster.TLS.Clone()
		}
	}
	return s
}

// boundWrite gives the response of c WriteTimeout from its first byte: no deadline
// while the request is served (a call may take its CallTimeout), the deadline once the
// response starts.
func (s *Server) boundWrite(c echo.Context) {
	rc := http.NewResponseController(c.Response().Writer)
	rc.SetWriteDeadline(time.Time{}) // clears the previous response's on this connection
	c.Response().Before(func() { rc.SetWriteDeadline(time.Now().Add(s.opts.WriteTimeout)) })
}

// Handler returns the server's http.Handler.
func (s *Server) Handler() http.Handler { return s.echo }

// SetLoopback tells the server whether it is reachable only from this machine, which
// allows uploads without a token. Serve sets it from its listener.
func (s *Server) SetLoopback(v bool) { s.loopback.Store(v) }

// Serve serves on l until Shutdown, keeping at most Options.MaxConnections of its
// connections open; it returns nil after a graceful shutdown.
func (s *Server) Serve(l net.Listener) error {
	if tcp, ok := l.Addr().(*net.TCPAddr); ok {
		s.SetLoopback(tcp.IP.IsLoopback())
	}
	cl := &connListener{Listener: l, max: int64(s.opts.MaxConnections)}
	s.conns.Store(cl)
	err := s.http.Serve(cl)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown stops taking calls (new ones get 503), closes the listener, cuts the
// responses that objects stream, closes the clients' WebSockets with 1012 (service
// restart, so that they reconnect), and waits for the calls in flight and the
// WebSockets' close handshakes until ctx ends. The caller closes the engine afterwards.
func (s *Server) Shutdown(ctx context.Context) error {
	s.draining.Store(true)
	s.endStreams()
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		s.closeWebSockets(ctx) // websocket.go
	}()
	err := s.http.Shutdown(ctx)
	if s.peerHTTP != nil {
		err = errors.Join(err, s.peerHTTP.Shutdown(ctx))
	}
	<-closed
	return err
}

// param returns a path parameter, URL-decoded.
func param(c echo.Context, name string) (string, error) {
	v, err := url.PathUnescape(c.Param(name))
	if err != nil {
		return "", fmt.Errorf("%w: %s: %v", host.ErrInvalidName, name, err)
	}
	return v, nil
}

// objectName returns the class and object name of an /v1/objects/{class}/{name} route.
func objectName(c echo.Context) (class, name string, err error) {
	if class, err = param(c, "class"); err == nil {
		name, err = param(c, "name")
	}
	return class, name, err
}

// objectInput reads the names and the body of a call or fetch and admits it; the caller
// must call release when done.
func (s *Server) objectInput(c echo.Context) (class, name string, body []byte, release func(), err error) {
	if class, name, err = objectName(c); err != nil {
		return "", "", nil, nil, err
	}
	body, release, err = s.admitBody(c)
	return class, name, body, release, err
}

// admitBody reads the body of a call, a fetch or a Worker request and admits it; the
// caller must call release when done.
func (s *Server) admitBody(c echo.Context) (body []byte, release func(), err error) {
	buf, err := s.readBody(c, s.opts.MaxInputBytes)
	if err != nil {
		return nil, nil, err
	}
	done, err := s.admit() // after the body: a slow sender holds no call slot
	if err != nil {
		s.putBuf(buf)
		return nil, nil, err
	}
	released := false
	releaseSlot := func() {
		if !released {
			released = true
			done()
			s.putBuf(buf)
		}
	}
	// The call's answer is its own copy: a client slow to read it holds neither the
	// input's buffer nor a call slot, only the answer, which counts against
	// MaxBufferedResponseBytes until it is written.
	c.Response().Before(releaseSlot)
	out := &heldOutput{s: s}
	r := c.Request()
	c.SetRequest(r.WithContext(host.WithOutputBudget(r.Context(), out)))
	release = func() {
		releaseSlot()
		s.buffered.Add(-out.bytes.Swap(0))
	}
	return buf.Bytes(), release, nil
}

// heldOutput is a request's host.OutputBudget: it counts the outputs of the request's
// calls in Server.buffered until the request's handler returns, and refuses to start a
// call while the server holds more than MaxBufferedResponseBytes.
type heldOutput struct {
	s     *Server
	bytes atomic.Int64 // of the outputs of this request's calls
}

func (h *heldOutput) Start() error { return h.s.checkBuffered() }

func (h *heldOutput) Produced(n int) {
	h.bytes.Add(int64(n))
	h.s.buffered.Add(int64(n))
}

// checkBuffered is errBuffered while the server holds more than
// MaxBufferedResponseBytes of outputs.
func (s *Server) checkBuffered() error {
	if limit := s.opts.MaxBufferedResponseBytes; limit >= 0 && s.buffered.Load() > limit {
		return errBuffered
	}
	return nil
}

// readBody reads the request body up to limit bytes into a pooled buffer; put the
// buffer back with s.putBuf after use.
func (s *Server) readBody(c echo.Context, limit int64) (*bytes.Buffer, error) {
	r := c.Request()
	if r.ContentLength > limit {
		return nil, fmt.Errorf("%w: body of %d bytes is over the limit of %d", host.ErrTooLarge, r.ContentLength, limit)
	}
	buf := s.bufs.Get().(*bytes.Buffer)
	buf.Reset()
	n, err := buf.ReadFrom(io.LimitReader(r.Body, limit+1))
	if err != nil {
		s.putBuf(buf)
		return nil, echo.NewHTTPError(http.StatusBadRequest, "read body: "+err.Error())
	}
	if n > limit {
		s.putBuf(buf)
		return nil, fmt.Errorf("%w: body is over the limit of %d bytes", host.ErrTooLarge, limit)
	}
	return buf, nil
}

// putBuf returns a body buffer to the pool, unless an upload made it large.
func (s *Server) putBuf(buf *bytes.Buffer) {
	if int64(buf.Cap()) <= s.opts.MaxInputBytes+bytes.MinRead {
		s.bufs.Put(buf)
	}
}

// admit counts a call in flight, refusing it while draining or overloaded.
func (s *Server) admit() (func(), error) {
	if s.draining.Load() {
		return nil, errDraining
	}
	if err := s.checkBuffered(); err != nil {
		return nil, err
	}
	if s.inFlight.Add(1) > s.opts.MaxInFlight {
		s.inFlight.Add(-1)
		return nil, errOverloaded
	}
	return func() { s.inFlight.Add(-1) }, nil
}

// authorize checks the admin token for uploads and deletes.
func (s *Server) authorize(c echo.Context) error {
	if s.opts.AdminToken == "" {
		if s.loopback.Load() {
			return nil
		}
		return errNoToken
	}
	got, ok := strings.CutPrefix(c.Request().Header.Get("Authorization"), "Bearer ")
	if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(s.opts.AdminToken)) != 1 {
		return errUnauthorized
	}
	return nil
}

func (s *Server) upload(c echo.Context) error {
	if err := s.authorize(c); err != nil {
		return err
	}
	class, err := param(c, "class")
	if err != nil {
		return err
	}
	body, err := s.readBody(c, s.opts.MaxUploadBytes)
	if err != nil {
		return err
	}
	// An upload's buffer does not go back to the pool, which would keep it for small calls.
	// A JavaScript upload's bundling ends when its client goes (its child is killed).
	code, err := uploadedCode(c.Request().Context(), class, body.Bytes())
	if err != nil {
		return err
	}
	info, err := s.e.Deploy(c.Request().Context(), class, code)
	if err != nil {
		return err
	}
	s.log.Info("class deployed", "class", class, "version", info.Version, "bytes", info.Size)
	return c.JSON(http.StatusOK, info)
}

// wasmMagic starts every WebAssembly module.
var wasmMagic = []byte("\x00asm")

// uploadedCode is what an upload deploys: a WebAssembly module as it is; JavaScript —
// an ES module or a bundle (package jsbundle) — as a bundle, refused when it uses APIs
// the host does not provide.
func uploadedCode(ctx context.Context, class string, body []byte) ([]byte, error) {
	if bytes.HasPrefix(body, wasmMagic) {
		return body, nil
	}
	p, err := jsbundle.BundleContext(ctx, class, body)
	if err != nil {
		return nil, err
	}
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("class %s: %w", class, err)
	}
	return p.Bundle, nil
}

func (s *Server) listClasses(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]any{"classes": s.e.Classes()})
}

func (s *Server) getClass(c echo.Context) error {
	class, err := param(c, "class")
	if err != nil {
		return err
	}
	info, err := s.e.Class(class)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, info)
}

func (s *Server) call(c echo.Context) error {
	class, name, body, release, err := s.objectInput(c)
	if err != nil {
		return err
	}
	defer release()
	if split, err := s.e.Splittable(class); err == nil && split {
		return s.callKeyed(c, class, name, body)
	} else if err == nil && oneLeaf(c) {
		return fmt.Errorf("%w: %s: one_leaf is for splittable classes", splitter.ErrNotSplittable, class)
	}
	out, err := s.e.Call(c.Request().Context(), class, name, c.Param("method"), body)
	if err != nil {
		return err
	}
	if len(out) == 0 {
		return c.NoContent(http.StatusNoContent)
	}
	ct := echo.MIMEOctetStream
	if json.Valid(out) {
		ct = echo.MIMEApplicationJSON
	}
	return c.Blob(http.StatusOK, ct, out)
}

func (s *Server) fetch(c echo.Context) error {
	class, name, body, release, err := s.objectInput(c)
	if err != nil {
		return err
	}
	defer release()
	return s.fetchObject(c, class, name, "/"+c.Param("*"), body)
}

// WorkerInstances is how many instances of the Worker (Options.Worker) may run per
// worker thread. A Worker is stateless, but an instance handles one request at a
// time, waiting out the calls it makes to objects: many let those objects take
// concurrent requests (and commit them as one group). A request goes to the first idle
// instance, so instances beyond the load's concurrency are never started.
const WorkerInstances = 8

// worker serves a request outside /v1/ with the Worker's static assets, where
// Cloudflare would, or its fetch handler (Options.Worker), on an instance of it: an
// object named worker-N, the first idle one, or round-robin when all are busy.
func (s *Server) worker(c echo.Context) error {
	if served, err := s.serveAssets(c); served || err != nil { // assets.go
		return err
	}
	body, release, err := s.admitBody(c)
	if err != nil {
		return err
	}
	defer release()
	n := s.workerInstance()
	defer s.workerBusy[n].Add(-1)
	name := "worker-" + strconv.Itoa(n)
	if s.opts.Cluster != nil {
		// Each node runs Worker instances of its own: objects it claims like any other,
		// which no other node's requests wait for.
		name += "-" + s.opts.Cluster.Node.Name()
	}
	return s.fetchObject(c, s.opts.Worker, name, c.Request().URL.EscapedPath(), body)
}

// workerInstance picks the Worker instance for a request and counts it busy.
func (s *Server) workerInstance() int {
	for i := range s.workerBusy {
		if s.workerBusy[i].CompareAndSwap(0, 1) {
			return i
		}
	}
	n := int(s.workerNext.Add(1) % uint64(len(s.workerBusy)))
	s.workerBusy[n].Add(1)
	return n
}

// fetchObject passes the request to the fetch export of an object, path being the
// request's path below the object (or the Worker).
func (s *Server) fetchObject(c echo.Context, class, name, path string, body []byte) error {
	r := c.Request()
	u := path
	if r.URL.RawQuery != "" {
		u += "?" + r.URL.RawQuery
	}
	headers, err := s.fetchHeaders(r, s.isJSClass(class))
	if err != nil {
		return err
	}
	resp, streamed, err := s.e.FetchStream(r.Context(), class, name, host.FetchRequest{Method: r.Method, URL: u, Headers: headers, Body: body})
	if ae := thrownByScript(err); ae != nil {
		return s.answerThrown(c, class, name, ae)
	} else if err != nil {
		return err
	}
	if resp.WebSocket != 0 || resp.Status == http.StatusSwitchingProtocols {
		if streamed != nil {
			streamed.Close() // a 101 has no body
		}
		if done, err := s.answerWebSocket(c, class, name, resp); done || err != nil { // websocket.go
			return err
		}
	}
	if streamed != nil {
		return s.writeStreamed(c, resp, streamed)
	}
	return writeFetchResponse(c, resp)
}

// writeStreamed writes a response whose body the object streams: the head at once, then
// each chunk as the object writes it, flushed, so the client gets it then. WriteTimeout
// bounds each write rather than the whole response, which lasts as long as the object
// streams and the client reads. A client that goes away closes the body, which cancels
// the object's stream; a stream that fails, or the server's Shutdown, cuts the response
// (the connection is aborted: the client sees a body cut short, as from workerd).
func (s *Server) writeStreamed(c echo.Context, resp host.FetchResponse, body host.StreamedBody) error {
	defer body.Close()
	w := c.Response()
	rc := http.NewResponseController(w.Writer)
	writeFetchHead(c, resp)
	if err := rc.Flush(); err != nil {
		return nil // the client is gone
	}
	ctx, cancel := context.WithCancel(c.Request().Context())
	defer cancel()
	defer context.AfterFunc(s.drained, cancel)()
	for {
		chunk, err := body.Next(ctx)
		switch {
		case err == io.EOF:
			return nil
		case errors.Is(err, host.ErrStreamCut):
			s.log.Debug("fetch: the response stream failed; the response is cut", "err", err)
			panic(http.ErrAbortHandler)
		case s.drained.Err() != nil:
			panic(http.ErrAbortHandler) // Shutdown
		case err != nil: // the client is gone (ctx)
			return nil
		}
		rc.SetWriteDeadline(time.Now().Add(s.opts.WriteTimeout))
		if _, err := w.Write(chunk); err != nil {
			return nil
		}
		if err := rc.Flush(); err != nil {
			return nil
		}
	}
}

// hopByHop are the headers that describe one connection or the framing of one message
// (RFC 9110 section 7.6.1, plus Content-Length): the server sets them itself and does
// not take them from a fetch export's response. A fetch export gets them as the client
// sent them, as from workerd (fetchHeaders).
var hopByHop = map[string]bool{
	"Connection": true, "Keep-Alive": true, "Proxy-Connection": true, "Transfer-Encoding": true,
	"Upgrade": true, "Te": true, "Trailer": true, "Content-Length": true,
}

func (s *Server) describe(c echo.Context) error {
	class, name, err := objectName(c)
	if err != nil {
		return err
	}
	info, err := s.e.Describe(class, name)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, info)
}

func (s *Server) deleteObject(c echo.Context) error {
	if err := s.authorize(c); err != nil {
		return err
	}
	class, name, err := objectName(c)
	if err != nil {
		return err
	}
	if split, err := s.e.Splittable(class); err == nil && split {
		if err := s.split.Delete(c.Request().Context(), class, name); err != nil {
			return err
		}
		s.leaves.Forget(class, name)
		return c.NoContent(http.StatusNoContent)
	}
	if err := s.e.Delete(c.Request().Context(), class, name); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// NodeInfo describes the serving node (GET /v1/node; sobjects status).
type NodeInfo struct {
	Version   string   `json:"version"`          // Options.Version
	PID       int      `json:"pid"`              // the server's process id
	StartedAt string   `json:"started_at"`       // RFC 3339, UTC
	Resident  int      `json:"resident_objects"` // objects with an instance in memory
	Classes   []string `json:"classes"`
	// Cluster is set on a node of several (Options.Cluster).
	Cluster *ClusterInfo `json:"cluster,omitempty"`
}

// ClusterInfo is a cluster node's part of NodeInfo.
type ClusterInfo struct {
	Node       string   `json:"node"`
	Peer       string   `json:"peer"`
	Members    []string `json:"members"`       // live nodes' names, sorted
	Owned      int      `json:"objects_owned"` // objects this node holds the claim of
	LeaseValid bool     `json:"lease_valid"`   // false: the node answers for no object (cluster.Node.Valid)
	LeaseTTL   string   `json:"lease_ttl"`
}

// describeNode answers GET /v1/node.
func (s *Server) describeNode(c echo.Context) error {
	info := NodeInfo{Version: s.opts.Version, PID: os.Getpid(), StartedAt: s.started.UTC().Format(time.RFC3339), Resident: s.e.Resident(), Classes: []string{}}
	for _, ci := range s.e.Classes() {
		info.Classes = append(info.Classes, ci.Name)
	}
	if p := s.opts.Cluster; p != nil {
		n := p.Node
		ci := &ClusterInfo{Node: n.Name(), Peer: n.Peer(), Owned: len(n.Owned()), LeaseValid: n.Valid(), LeaseTTL: n.TTL().String(), Members: []string{}}
		for _, m := range n.Members() {
			ci.Members = append(ci.Members, m.Name)
		}
		info.Cluster = ci
	}
	return c.JSON(http.StatusOK, info)
}

func (s *Server) healthz(c echo.Context) error {
	if s.draining.Load() {
		return errDraining
	}
	return c.JSON(http.StatusOK, map[string]any{"status": "ok", "resident_objects": s.e.Resident()})
}
