package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/cluster"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/splitter"
)

// Peering is what a server needs to serve as one node of several (Options.Cluster):
// its membership of the cluster, which says who owns each object, and the secret that
// authenticates the calls the nodes forward to each other.
//
// A call for an object (the routes under /v1/objects/{class}/{name}) reaching a node
// that does not own the object goes to the owner: the node looks the owner up in etcd
// (or, when nobody owns it, the member that rendezvous hashing places it on, which then
// claims it) and forwards the request as it came, signed, to that node's peer URL; the
// answer comes back as the owner gave it. A forward that finds the object moved (421
// not_owner) is routed again, up to maxForwards times. A node that receives a signed
// forward serves it itself or answers 421, never forwarding it on.
//
// The signature is HMAC-SHA-256 with Secret over the method, the request URI, the
// forwarding node's name, the time and the SHA-256 of the body, in the headers
// Sobjects-Forwarded-By, Sobjects-Forward-Time (Unix milliseconds) and
// Sobjects-Signature; a receiver refuses (401 bad_signature) a signature that does not
// match or a time more than forwardSkew away from its clock. A captured forward can be
// replayed within that window by whoever can reach the peer address: keep peer
// addresses on a private network.
type Peering struct {
	Node *cluster.Node
	// Secret is the HMAC key every node of the cluster shares: MinSecretBytes or more
	// (SOBJECTS_CLUSTER_SECRET).
	Secret []byte
	// TLS, when set, is mutual TLS between the nodes (PeerTLSConfig): the peer
	// listener serves TLS and takes only clients whose certificate verifies against
	// ClientCAs, and forwards present Certificates and verify the node they reach
	// against RootCAs. Peer URLs are then https://. nil: HTTP/2 over cleartext, and
	// the signature alone authenticates.
	TLS *tls.Config
	// Transport carries forwards; nil means one with HTTP/2 (over TLS with TLS, else
	// over cleartext: the peer listener speaks it) and, for WebSocket upgrades,
	// HTTP/1.1, which waits for the head of an answer at most the engine's call time
	// limit and 5 s.
	Transport http.RoundTripper

	// owners caches where objects were last forwarded to (route), so that a call for an
	// object another node owns costs no lookup in etcd: an entry that is wrong shows
	// itself (421, or the node does not answer) and is dropped.
	mu     sync.Mutex
	owners map[string]string // object key -> peer URL
}

// maxCachedOwners bounds Peering's cache of owners; when full it starts again empty.
const maxCachedOwners = 1 << 16

func (p *Peering) cached(key string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	peer, ok := p.owners[key]
	return peer, ok
}

func (p *Peering) remember(key, peer string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.owners == nil || len(p.owners) >= maxCachedOwners {
		p.owners = map[string]string{}
	}
	p.owners[key] = peer
}

func (p *Peering) forget(key string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.owners, key)
}

// admitForward is what a route only other nodes may call answers a request that is not
// a valid signed forward (fwd false: 404, as if it did not exist; err: the signature's
// error), or any request while the node's lease has lapsed; nil: serve it.
func (p *Peering) admitForward(fwd bool, err error) error {
	switch {
	case err != nil:
		return err
	case !fwd:
		return errNoRoute
	case !p.Node.Valid():
		return p.leaseLost()
	}
	return nil
}

// leaseLost is the error of a call to a node whose lease lapsed.
func (p *Peering) leaseLost() error {
	return fmt.Errorf("%w: node %s answers for no object until it restarts", host.ErrLeaseLost, p.Node.Name())
}

// MinSecretBytes is the shortest Peering.Secret.
const MinSecretBytes = 32

// Headers of a forwarded request, and of the answer of a call for an object: the node
// that served it (Sobjects-Served-By), its owner.
const (
	headerServedBy    = "Sobjects-Served-By"
	headerForwardedBy = "Sobjects-Forwarded-By"
	headerForwardTime = "Sobjects-Forward-Time"
	headerSignature   = "Sobjects-Signature"
)

// forwardSkew is how far a forward's time may be from the receiver's clock.
const forwardSkew = time.Minute

// maxForwards is how many nodes one call is forwarded to, at most, as it follows an
// object that moves.
const maxForwards = 3

var errBadSignature = errors.New("the request's cluster signature is missing, wrong or too old")
var errPeerUnavailable = errors.New("the node that owns the object did not answer")

// errNotSent is what a forward's errPeerUnavailable also matches when no connection to
// the peer could be made: the request did not leave, so it did not run there.
var errNotSent = errors.New("no connection to it")

// errMoved is what a forward's answer 421 becomes: route again.
var errMoved = errors.New("the object moved")

// sign is the signature of a forwarded request.
func sign(secret []byte, method, uri, node, at string, body []byte) string {
	sum := sha256.Sum256(body)
	m := hmac.New(sha256.New, secret)
	fmt.Fprintf(m, "%s\n%s\n%s\n%s\n%x", method, uri, node, at, sum)
	return hex.EncodeToString(m.Sum(nil))
}

// forwarded reports whether r is a forward from another node, checking its signature:
// errBadSignature when it claims to be one and is not (or is too old).
func (p *Peering) forwarded(r *http.Request, body []byte) (bool, error) {
	node := r.Header.Get(headerForwardedBy)
	if node == "" {
		return false, nil
	}
	at := r.Header.Get(headerForwardTime)
	ms, err := strconv.ParseInt(at, 10, 64)
	if err != nil {
		return false, fmt.Errorf("%w: %s is %q", errBadSignature, headerForwardTime, at)
	}
	if d := time.Since(time.UnixMilli(ms)); d > forwardSkew || d < -forwardSkew {
		return false, fmt.Errorf("%w: sent %s ago (clocks apart?)", errBadSignature, d.Round(time.Millisecond))
	}
	want := sign(p.Secret, r.Method, r.URL.RequestURI(), node, at, body)
	if !hmac.Equal([]byte(want), []byte(r.Header.Get(headerSignature))) {
		return false, fmt.Errorf("%w: from %q (the nodes' SOBJECTS_CLUSTER_SECRET differ?)", errBadSignature, node)
	}
	return true, nil
}

// route says where the object at key (CLASS/ID) is served: here, or the peer URL of the
// node to forward to.
func (p *Peering) route(ctx context.Context, key string) (peer string, local bool, err error) {
	if _, ok := p.Node.Holds(key); ok {
		return "", true, nil
	}
	if peer, ok := p.cached(key); ok {
		return peer, false, nil
	}
	o, err := p.Node.Owner(ctx, key)
	switch {
	case err == nil:
		if o.Node == p.Node.Name() {
			return "", true, nil
		}
		p.remember(key, o.Peer)
		return o.Peer, false, nil
	case errors.Is(err, cluster.ErrNoOwner):
		m, ok := p.Node.Place(key)
		if !ok || m.Name == p.Node.Name() {
			return "", true, nil
		}
		return m.Peer, false, nil
	}
	return "", false, err
}

// readSigned reads the body of r, at most Options.MaxInputBytes, and reports whether r
// is a forward from another node (Peering.forwarded: errBadSignature when it claims to
// be one and is not).
func (s *Server) readSigned(r *http.Request) (body []byte, forwarded bool, err error) {
	body, err = io.ReadAll(io.LimitReader(r.Body, s.opts.MaxInputBytes+1))
	if err != nil {
		return nil, false, err
	}
	if int64(len(body)) > s.opts.MaxInputBytes {
		return nil, false, fmt.Errorf("%w: the body is over %d bytes", host.ErrTooLarge, s.opts.MaxInputBytes)
	}
	forwarded, err = s.opts.Cluster.forwarded(r, body)
	if err != nil {
		s.log.Warn("cluster: refused a request signed as a forward", "from", r.Header.Get(headerForwardedBy), "remote", r.RemoteAddr, "err", err)
	}
	return body, forwarded, err
}

// owned wraps the handler of an object's route: with Options.Cluster, a call for an
// object another node owns is forwarded to it (see Peering).
func (s *Server) owned(next echo.HandlerFunc) echo.HandlerFunc {
	p := s.opts.Cluster
	if p == nil {
		return next
	}
	return func(c echo.Context) error {
		class, name, err := objectName(c)
		if err != nil {
			return err
		}
		r := c.Request()
		body, fwd, err := s.readSigned(r)
		if err != nil {
			return err
		}
		rewind := func() { r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body)) }
		rewind()
		if !p.Node.Valid() {
			return p.leaseLost()
		}
		if fwd {
			c.Response().Header().Set(headerServedBy, p.Node.Name())
			return next(c) // the owner's, or 421 not_owner (cluster.ErrOwned): the sender routes again
		}
		if s.perLeaf(c, class) {
			return next(c) // the splitter sends each leaf's part to the leaf's owner
		}
		key := objectKey(class, name)
		for try := 0; ; try++ {
			peer, local, err := p.route(r.Context(), key)
			if err != nil {
				return err
			}
			if !local {
				err = s.forward(c, peer, body)
				if err == nil || c.Response().Committed {
					return err
				}
				p.forget(key)
				rewind()
				if errors.Is(err, errPeerUnavailable) {
					if !errors.Is(err, errNotSent) {
						return err // it may have run there: only the client may send it again
					}
					o, oerr := p.Node.Owner(r.Context(), key)
					switch {
					case errors.Is(oerr, cluster.ErrNoOwner):
						local = true // nobody owns it, and the member it is placed on is down: here
					case oerr == nil && o.Peer != peer && try+1 < maxForwards:
						continue // it has a new owner since (the one we knew of died): there
					default:
						return err // the owner is down, its lease not over yet: the client retries
					}
				}
			}
			if local {
				c.Response().Header().Set(headerServedBy, p.Node.Name())
				err = next(c)
				var o *cluster.OwnedError
				if !errors.As(err, &o) || c.Response().Committed {
					return err
				}
				rewind() // claimed by another node meanwhile
				c.Response().Header().Del(headerServedBy)
			}
			if try+1 == maxForwards {
				return err
			}
		}
	}
}

// perLeaf reports whether c is a keyed call or a Delete of an object of a splittable
// class: its leaves may live on several nodes, and the splitter of the node the call
// reached routes each leaf's part (splitter.Peers).
func (s *Server) perLeaf(c echo.Context, class string) bool {
	split, err := s.e.Splittable(class)
	if err != nil || !split {
		return false
	}
	return c.Request().Method == http.MethodDelete || strings.HasSuffix(c.Path(), "/:method")
}

// forward sends the request of c to the node at peer, signed, and copies its answer to
// c. It returns errPeerUnavailable (wrapped) when the peer did not answer, and errMoved
// when it answered 421 (the object is not its), in both cases having written nothing.
func (s *Server) forward(c echo.Context, peer string, body []byte) error {
	target, err := url.Parse(peer)
	if err != nil {
		return fmt.Errorf("%w: peer URL %q: %v", errPeerUnavailable, peer, err)
	}
	p := s.opts.Cluster
	var failed error
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.URL.RawPath = pr.In.URL.RawPath // as sent: the path is signed so
			at := strconv.FormatInt(time.Now().UnixMilli(), 10)
			pr.Out.Header.Set(headerForwardedBy, p.Node.Name())
			pr.Out.Header.Set(headerForwardTime, at)
			pr.Out.Header.Set(headerSignature, sign(p.Secret, pr.Out.Method, pr.Out.URL.RequestURI(), p.Node.Name(), at, body))
		},
		Transport:     s.peerTransport,
		FlushInterval: -1, // streamed bodies stream
		ModifyResponse: func(resp *http.Response) error {
			if resp.StatusCode == http.StatusMisdirectedRequest {
				resp.Body.Close()
				return errMoved
			}
			return nil
		},
		ErrorHandler: func(_ http.ResponseWriter, _ *http.Request, err error) { failed = err },
	}
	rp.ServeHTTP(c.Response(), c.Request())
	switch {
	case failed == nil:
		return nil
	case errors.Is(failed, errMoved):
		return errMoved
	}
	s.log.Warn("cluster: forward failed", "peer", peer, "err", failed)
	if oe := (*net.OpError)(nil); errors.As(failed, &oe) && oe.Op == "dial" {
		return fmt.Errorf("%w (%w): %s: %v", errPeerUnavailable, errNotSent, peer, failed)
	}
	return fmt.Errorf("%w: %s: %v", errPeerUnavailable, peer, failed)
}

// peerTransports is Peering.Transport's default: HTTP/2 over cleartext, and HTTP/1.1
// for upgrades (a WebSocket cannot be carried over HTTP/2 by this client).
type peerTransports struct{ h2, h1 *http.Transport }

// newPeerTransports are peerTransports whose forwards wait at most callTimeout, and a
// margin, for the head of the answer: a peer that accepts connections but answers
// nothing (cut off, or paused) fails the forward then instead of holding it forever.
func newPeerTransports(callTimeout time.Duration, tlsConfig *tls.Config) peerTransports {
	dial := (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	head := callTimeout + 5*time.Second
	h2 := &http.Transport{DialContext: dial, MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second, ResponseHeaderTimeout: head}
	h2.Protocols = new(http.Protocols)
	h2.Protocols.SetUnencryptedHTTP2(true)
	h2.Protocols.SetHTTP2(true)
	h1 := &http.Transport{DialContext: dial, MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second, ResponseHeaderTimeout: head}
	if tlsConfig != nil {
		h2.TLSClientConfig = tlsConfig.Clone()
		h1.TLSClientConfig = tlsConfig.Clone()
		h1.TLSClientConfig.NextProtos = []string{"http/1.1"}
		h1.ForceAttemptHTTP2 = false
	}
	return peerTransports{h2: h2, h1: h1}
}

// PeerTLSConfig is the mutual TLS of a cluster's nodes (Peering.TLS) from PEM files:
// this node's certificate (certFile, which may hold the chain after it) and its key,
// and the certificate authority that signed every node's (caFile). A node presents its
// certificate as a server and as a client and accepts only peers whose certificate the
// authority signed, for servers with the peer URL's host among its names. TLS 1.3.
// `sobjects cluster certs` makes a development authority and node certificates.
func PeerTLSConfig(certFile, keyFile, caFile string) (*tls.Config, error) {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("the node's certificate %s and key %s: %w", certFile, keyFile, err)
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("the cluster's certificate authority: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("the cluster's certificate authority: %s holds no PEM certificate", caFile)
	}
	// The node's own certificate must be one the authority signed, for both ends of a
	// connection: else every node refuses it, and it would learn that only at its first
	// forward.
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil {
		return nil, fmt.Errorf("the node's certificate %s: %w", certFile, err)
	}
	inter := x509.NewCertPool()
	for _, c := range cert.Certificate[1:] {
		if ic, err := x509.ParseCertificate(c); err == nil {
			inter.AddCert(ic)
		}
	}
	if _, err := leaf.Verify(x509.VerifyOptions{Roots: pool, Intermediates: inter, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}}); err != nil {
		return nil, fmt.Errorf("the node's certificate %s is not one the authority in %s signed for server and client authentication: %w", certFile, caFile, err)
	}
	return &tls.Config{
		MinVersion:   tls.VersionTLS13,
		Certificates: []tls.Certificate{cert},
		RootCAs:      pool,
		ClientCAs:    pool,
		ClientAuth:   tls.RequireAndVerifyClientCert,
	}, nil
}

func (t peerTransports) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Header.Get("Upgrade") != "" {
		return t.h1.RoundTrip(r)
	}
	return t.h2.RoundTrip(r)
}

// ServePeers serves the calls other nodes forward (Options.Cluster) on l, until
// Shutdown: the same API, HTTP/1.1 and HTTP/2 (over TLS with Peering.TLS, which then
// takes only clients with a certificate of the cluster, else over cleartext), refusing
// with 401 any request that is not a signed forward (health checks aside).
func (s *Server) ServePeers(l net.Listener) error {
	if s.opts.Cluster == nil {
		l.Close()
		return errors.New("server: ServePeers without Options.Cluster")
	}
	if s.peerHTTP.TLSConfig != nil {
		return s.peerHTTP.ServeTLS(l, "", "")
	}
	return s.peerHTTP.Serve(l)
}

// peerOnly refuses what is not a forward on the peer listener.
func (s *Server) peerOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(headerForwardedBy) == "" && r.URL.Path != "/healthz" {
			c := s.echo.NewContext(r, w)
			s.errorHandler(fmt.Errorf("%w: this is the peer address, for other nodes", errBadSignature), c)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Headers of a call between objects that a node forwards (host.Remote).
const (
	headerCallKind   = "Sobjects-Call-Kind" // "fetch" or "method"
	headerCallMethod = "Sobjects-Call-Method"
)

// peerRoute wraps the handler of a route only other nodes may call (a signed
// forward): to anyone else it does not exist (404 no_route).
func (s *Server) peerRoute(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		p := s.opts.Cluster
		if p == nil {
			return errNoRoute
		}
		r := c.Request()
		body, fwd, err := s.readSigned(r)
		if err := p.admitForward(fwd, err); err != nil {
			return err
		}
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		return next(c)
	}
}

// peerCall serves POST /v1/objects/{class}/{name}/_call, a call from an object on
// another node (host.Remote): the body is the call's input, the answer its output, or a
// problem; 421 not_owner when this node does not own the object either.
func (s *Server) peerCall(c echo.Context) error {
	class, name, err := objectName(c)
	if err != nil {
		return err
	}
	input, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	r := c.Request()
	out, err := s.e.RunCall(r.Context(), r.Header.Get(headerCallKind) == "fetch", class, name, r.Header.Get(headerCallMethod), input)
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEOctetStream, out)
}

// remote is the server's host.Remote: it sends calls between objects to the node that
// owns the callee, signed as forwards are, to its peerCall.
type remote struct{ s *Server }

func (r remote) Call(ctx context.Context, peer string, fetch bool, class, name, method string, input []byte) ([]byte, error) {
	p := r.s.opts.Cluster
	key := objectKey(class, name)
	for try := 0; ; try++ {
		out, status, problem, err := r.post(ctx, peer, fetch, class, name, method, input)
		switch {
		case err != nil:
			return nil, abi.Errorf(abi.CodeUnavailable, "the node that owns %s %s (%s) did not answer: %v", class, name, peer, err)
		case status == http.StatusOK:
			p.remember(key, peer)
			return out, nil
		case status != http.StatusMisdirectedRequest || try+1 == maxForwards:
			return nil, problemError(status, problem)
		}
		o, err := p.Node.Owner(ctx, key) // it moved: to where?
		if errors.Is(err, cluster.ErrNoOwner) {
			return nil, abi.Errorf(abi.CodeMoved, "%s %s has no owner now; retry", class, name)
		}
		if err != nil {
			return nil, err
		}
		if o.Node == p.Node.Name() {
			return nil, abi.Errorf(abi.CodeMoved, "%s %s moved to this node while it was called; retry", class, name)
		}
		peer = o.Peer
	}
}

func (r remote) Owner(class, name string) (string, bool) {
	return r.s.opts.Cluster.cached(objectKey(class, name))
}

func (r remote) Forget(class, name string) { r.s.opts.Cluster.forget(objectKey(class, name)) }

// objectKey is the object's key in the bucket and in etcd: CLASS/ID.
func objectKey(class, name string) string { return class + "/" + host.ObjectID(class, name) }

func (r remote) post(ctx context.Context, peer string, fetch bool, class, name, method string, input []byte) ([]byte, int, Problem, error) {
	u := strings.TrimRight(peer, "/") + "/v1/objects/" + url.PathEscape(class) + "/" + url.PathEscape(name) + "/_call"
	kind := "method"
	if fetch {
		kind = "fetch"
	}
	return r.s.signedPost(ctx, u, input, http.Header{headerCallKind: {kind}, headerCallMethod: {method}})
}

// signedPost posts body to another node's URL u, signed as a forward, with the headers
// h, and returns the answer's body and status, and its problem when it is not 200.
func (s *Server) signedPost(ctx context.Context, u string, body []byte, h http.Header) ([]byte, int, Problem, error) {
	p := s.opts.Cluster
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, 0, Problem{}, err
	}
	for k, v := range h {
		req.Header[k] = v
	}
	at := strconv.FormatInt(time.Now().UnixMilli(), 10)
	req.Header.Set(headerForwardedBy, p.Node.Name())
	req.Header.Set(headerForwardTime, at)
	req.Header.Set(headerSignature, sign(p.Secret, http.MethodPost, req.URL.RequestURI(), p.Node.Name(), at, body))
	resp, err := s.peerTransport.RoundTrip(req)
	if err != nil {
		return nil, 0, Problem{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, 0, Problem{}, err
	}
	var pr Problem
	if resp.StatusCode != http.StatusOK {
		json.Unmarshal(b, &pr)
	}
	return b, resp.StatusCode, pr, nil
}

// problemError is the error a call on another node failed with, from its problem: with
// the ABI code the problem names, so that the calling object sees what it would have
// locally (the message; not a JavaScript error's class).
func problemError(status int, p Problem) error {
	for c := abi.CodeBadInput; c.Valid(); c++ {
		if c.String() == p.Code {
			return abi.Errorf(c, "%s", p.Detail)
		}
	}
	code := abi.CodeInternal
	if status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests {
		code = abi.CodeUnavailable
	}
	return abi.Errorf(code, "on the node that owns the object: %d %s: %s", status, p.Code, p.Detail)
}

// leafPeers is the server's splitter.Peers: the leaves of a splittable object live on
// the nodes that own their objects, and the splitters of two nodes talk through
// POST /v1/objects/{class}/{name}/_leaf, signed as forwards are.
type leafPeers struct{ s *Server }

func (l leafPeers) Where(ctx context.Context, class, obj string) (string, bool, error) {
	return l.s.opts.Cluster.route(ctx, objectKey(class, obj))
}

func (l leafPeers) Placed(class, obj string) (string, bool) {
	p := l.s.opts.Cluster
	m, ok := p.Node.Place(objectKey(class, obj))
	if !ok || m.Name == p.Node.Name() {
		return "", true
	}
	return m.Peer, false
}

func (l leafPeers) Forget(class, obj string) { l.s.opts.Cluster.forget(objectKey(class, obj)) }

func (l leafPeers) Node() string { return l.s.opts.Cluster.Node.Name() }

func (l leafPeers) Leaf(ctx context.Context, peer, class, name, obj string, op splitter.LeafOp) (splitter.LeafAnswer, error) {
	body, err := json.Marshal(op)
	if err != nil {
		return splitter.LeafAnswer{}, err
	}
	u := strings.TrimRight(peer, "/") + "/v1/objects/" + url.PathEscape(class) + "/" + url.PathEscape(name) + "/_leaf"
	out, status, problem, err := l.s.signedPost(ctx, u, body, nil)
	if oe := (*net.OpError)(nil); errors.As(err, &oe) && oe.Op == "dial" {
		// Not sent. The node may have left (its objects released) or died and been
		// replaced: if the object has another owner now, route again; if none, the
		// caller serves it.
		p := l.s.opts.Cluster
		key := objectKey(class, obj)
		p.forget(key)
		switch o, oerr := p.Node.Owner(ctx, key); {
		case errors.Is(oerr, cluster.ErrNoOwner):
			return splitter.LeafAnswer{}, fmt.Errorf("%w: %s: %v", splitter.ErrPlacedDown, peer, err)
		case oerr == nil && o.Peer != peer:
			return splitter.LeafAnswer{}, fmt.Errorf("%w: %s did not answer, and no longer owns %s", splitter.ErrNotHere, peer, obj)
		}
	}
	switch {
	case err != nil:
		return splitter.LeafAnswer{}, fmt.Errorf("%w: the leaf's object %s, at %s: %v", errPeerUnavailable, obj, peer, err)
	case status == http.StatusMisdirectedRequest:
		return splitter.LeafAnswer{}, fmt.Errorf("%w: %s: %s", splitter.ErrNotHere, peer, problem.Detail)
	case status != http.StatusOK:
		return splitter.LeafAnswer{}, problemError(status, problem)
	}
	var a splitter.LeafAnswer
	if err := json.Unmarshal(out, &a); err != nil {
		return a, fmt.Errorf("the answer of %s to a leaf operation: %w", peer, err)
	}
	return a, nil
}

// serveLeaf serves POST /v1/objects/{class}/{name}/_leaf, a leaf operation another
// node's splitter asks of this one (splitter.Peers.Leaf): 421 not_owner when this node
// does not own the leaf's object.
func (s *Server) serveLeaf(c echo.Context) error {
	class, name, err := objectName(c)
	if err != nil {
		return err
	}
	var op splitter.LeafOp
	if err := json.NewDecoder(c.Request().Body).Decode(&op); err != nil {
		return abi.Errorf(abi.CodeBadInput, "a leaf operation: %v", err)
	}
	a, err := s.split.ServeLeaf(c.Request().Context(), class, name, op)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a)
}

// Headers of a fetch that asks for a WebSocket, which a node runs on the owner's node
// (host.Remote.DialWebSocket): the encoded request (base64), and, on an answer that is
// not an upgrade, the mark that it is the object's answer rather than a problem of
// the node.
const (
	headerFetchRequest = "Sobjects-Fetch-Request"
	headerFetchAnswer  = "Sobjects-Fetch-Answer"
)

func (r remote) DialWebSocket(ctx context.Context, peer, class, name string, req []byte) (*websocket.Conn, abi.FetchResponse, error) {
	s := r.s
	p := s.opts.Cluster
	u := strings.TrimRight(peer, "/") + "/v1/objects/" + url.PathEscape(class) + "/" + url.PathEscape(name) + "/_websocket"
	parsed, err := url.Parse(u)
	if err != nil {
		return nil, abi.FetchResponse{}, err
	}
	at := strconv.FormatInt(time.Now().UnixMilli(), 10)
	h := http.Header{}
	h.Set(headerFetchRequest, base64.StdEncoding.EncodeToString(req))
	h.Set(headerForwardedBy, p.Node.Name())
	h.Set(headerForwardTime, at)
	h.Set(headerSignature, sign(p.Secret, http.MethodGet, parsed.RequestURI(), p.Node.Name(), at, req))
	var protocols []string
	if fr, err := abi.DecodeFetchRequest(req); err == nil {
		for _, kv := range fr.Headers {
			if strings.EqualFold(kv[0], "Sec-WebSocket-Protocol") {
				for _, v := range strings.Split(kv[1], ",") {
					if v = strings.TrimSpace(v); v != "" {
						protocols = append(protocols, v)
					}
				}
			}
		}
	}
	var transport http.RoundTripper = s.peerTransport
	if t, ok := transport.(peerTransports); ok {
		transport = t.h1 // a WebSocket over HTTP/1.1
	}
	conn, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{
		HTTPClient: &http.Client{Transport: transport}, HTTPHeader: h, Subprotocols: protocols,
		CompressionMode: websocket.CompressionDisabled,
	})
	if err == nil {
		conn.SetReadLimit(-1) // the engine's bridge bounds messages
		return conn, abi.FetchResponse{Status: http.StatusSwitchingProtocols, Headers: answerHeaders(resp.Header)}, nil
	}
	if resp == nil {
		return nil, abi.FetchResponse{}, abi.Errorf(abi.CodeUnavailable, "the node that owns %s %s (%s) did not answer: %v", class, name, peer, err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.Header.Get(headerFetchAnswer) != "" {
		return nil, abi.FetchResponse{Status: resp.StatusCode, Headers: answerHeaders(resp.Header), Body: body}, nil
	}
	var pr Problem
	json.Unmarshal(body, &pr)
	if resp.StatusCode == http.StatusMisdirectedRequest {
		p.forget(objectKey(class, name))
		return nil, abi.FetchResponse{}, abi.Errorf(abi.CodeMoved, "%s %s moved from %s; retry", class, name, peer)
	}
	return nil, abi.FetchResponse{}, problemError(resp.StatusCode, pr)
}

// answerHeaders are the headers of an owner's answer to a fetch that asked for a
// WebSocket, as the object gave them: without those of the connection and the
// handshake (a WebSocket's subprotocol aside) and those the node added.
func answerHeaders(h http.Header) [][2]string {
	var out [][2]string
	for k, vs := range h {
		if hopByHop[k] || k == "Upgrade" || (strings.HasPrefix(k, "Sec-Websocket-") && k != "Sec-Websocket-Protocol") ||
			k == headerFetchAnswer || k == headerServedBy {
			continue
		}
		for _, v := range vs {
			out = append(out, [2]string{strings.ToLower(k), v})
		}
	}
	return out
}

// peerWebSocket serves GET /v1/objects/{class}/{name}/_websocket, a fetch asking for a
// WebSocket that another node runs here for one of its objects' callers
// (host.Remote.DialWebSocket): the request in Sobjects-Fetch-Request, signed as a
// forward with it as the body. An answer 101 with a WebSocket upgrades the connection
// to it; another answer is written as it is, marked Sobjects-Fetch-Answer.
func (s *Server) peerWebSocket(c echo.Context) error {
	p := s.opts.Cluster
	if p == nil {
		return errNoRoute
	}
	class, name, err := objectName(c)
	if err != nil {
		return err
	}
	r := c.Request()
	input, err := base64.StdEncoding.DecodeString(r.Header.Get(headerFetchRequest))
	if err != nil || int64(len(input)) > s.opts.MaxInputBytes {
		return abi.Errorf(abi.CodeBadInput, "%s: want the encoded request, base64, at most %d bytes", headerFetchRequest, s.opts.MaxInputBytes)
	}
	if err := p.admitForward(p.forwarded(r, input)); err != nil {
		return err
	}
	out, err := s.e.RunCall(r.Context(), true, class, name, "", input)
	if err != nil {
		return err
	}
	resp, err := abi.DecodeFetchResponse(out)
	if err != nil {
		return fmt.Errorf("fetch of %s/%s answered a malformed response: %w", class, name, err)
	}
	if done, err := s.answerWebSocket(c, class, name, resp); done || err != nil {
		return err
	}
	c.Response().Header().Set(headerFetchAnswer, "1")
	return writeFetchResponse(c, resp)
}
