package js

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

// Outbound WebSockets of scripts (runtime.js section "WebSockets", its block "outbound
// WebSockets"): new WebSocket(url) and fetch() with "Upgrade: websocket". The script
// makes a pair and hands one end here; the host dials the server (the fetch policy
// applies, as to fetch) and makes that end the connection's (WebSocketClients), bridged
// as the server bridges its clients' (package wsbridge). The dial runs on the call's
// thread, bounded by wsDialTimeout and the call's time limit.
const (
	jsOpWSConnect = 115 // a: the id of the end to connect; b: JSON wsDial → JSON wsDialed, or "Name: message"
)

// wsDialTimeout bounds the opening handshake of an outbound WebSocket.
const wsDialTimeout = 30 * time.Second

// WebSocketClients is implemented by a Call whose object can open WebSockets (the
// engine's callEnv).
type WebSocketClients interface {
	// WebSocketConnected makes end id, the object's and not accepted, the end of conn;
	// with conn nil (the dial failed), it closes end id and its other end.
	WebSocketConnected(id uint64, conn *websocket.Conn) error
}

// wsDial is what runtime.js asks to dial.
type wsDial struct {
	URL       string      `json:"url"`
	Protocols []string    `json:"protocols"`
	Headers   [][2]string `json:"headers"`
}

// wsDialed is the server's answer: 101 and the connection's subprotocol, or another
// status (no connection) with its headers.
type wsDialed struct {
	Status   int         `json:"status"`
	Headers  [][2]string `json:"headers"`
	Protocol string      `json:"protocol"`
}

// webSocketConnectOp dials the WebSocket of jsOpWSConnect.
func (js *Instance) webSocketConnectOp(ctx context.Context) uint64 {
	env, _ := ctx.Value(format.CallKey{}).(Call)
	wc, _ := env.(WebSocketClients)
	if wc == nil {
		return jsInt(-int32(abi.CodeUnavailable))
	}
	id, err := strconv.ParseUint(string(js.argA), 10, 64)
	if err != nil || id == 0 {
		return js.stringOf(ctx, []byte("TypeError: malformed WebSocket id "+strconv.Quote(string(js.argA))))
	}
	fail := func(name, msg string) uint64 {
		wc.WebSocketConnected(id, nil) // the pair goes
		return js.stringOf(ctx, []byte(name+": "+msg))
	}
	var d wsDial
	if err := decodeJSON(js.argB, &d); err != nil {
		return fail("TypeError", "WebSocket connect: "+err.Error())
	}
	u, err := url.Parse(d.URL)
	if err != nil {
		return fail("SyntaxError", "invalid WebSocket URL "+strconv.Quote(d.URL))
	}
	switch u.Scheme {
	case "ws", "http":
		u.Scheme = "http"
	case "wss", "https":
		u.Scheme = "https"
	default:
		return fail("SyntaxError", "a WebSocket URL's scheme is ws: or wss:, not "+u.Scheme+":")
	}
	h := http.Header{}
	for _, kv := range d.Headers {
		switch strings.ToLower(kv[0]) {
		case "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions", "sec-websocket-protocol", "host", "content-length":
			if strings.EqualFold(kv[0], "sec-websocket-protocol") { // fetch()'s way to offer them
				for _, p := range strings.Split(kv[1], ",") {
					if p = strings.TrimSpace(p); p != "" {
						d.Protocols = append(d.Protocols, p)
					}
				}
			}
			continue // the handshake's own
		}
		h.Add(kv[0], kv[1])
	}
	policy := js.fetchPolicy
	if policy == nil {
		policy = defaultFetchPolicy
	}
	dctx, cancel := context.WithTimeout(ctx, wsDialTimeout)
	defer cancel()
	conn, resp, err := websocket.Dial(dctx, u.String(), &websocket.DialOptions{
		HTTPClient: policy.webSocketClient(), HTTPHeader: h, Subprotocols: d.Protocols,
		CompressionMode: websocket.CompressionDisabled,
	})
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			resp.Body.Close()
			wc.WebSocketConnected(id, nil)
			out, _ := json.Marshal(wsDialed{Status: resp.StatusCode, Headers: headerPairs(resp.Header)})
			return js.stringOf(ctx, out)
		}
		var refused *errFetchRefused
		if errors.As(err, &refused) {
			return fail("TypeError", refused.Error())
		}
		return fail("TypeError", "WebSocket connection to "+d.URL+" failed: "+err.Error())
	}
	if err := wc.WebSocketConnected(id, conn); err != nil {
		conn.CloseNow()
		return jsInt(-int32(env.Failure(err)))
	}
	out, _ := json.Marshal(wsDialed{Status: http.StatusSwitchingProtocols, Headers: headerPairs(resp.Header), Protocol: conn.Subprotocol()})
	return js.stringOf(ctx, out)
}

// headerPairs is h as lowercase name and value pairs.
func headerPairs(h http.Header) [][2]string {
	out := make([][2]string, 0, len(h))
	for k, vs := range h {
		for _, v := range vs {
			out = append(out, [2]string{strings.ToLower(k), v})
		}
	}
	return out
}

// webSocketClient is the policy's client for WebSocket handshakes, made once: HTTP/1.1
// only (an upgrade needs it), its dialer checking each address as httpClient's does.
func (p *FetchPolicy) webSocketClient() *http.Client {
	wsClients.Lock()
	defer wsClients.Unlock()
	if c := wsClientOf[p]; c != nil {
		return c
	}
	dial := p.dialer(wsDialTimeout)
	c := &http.Client{Transport: &http.Transport{Proxy: nil, DialContext: dial, TLSHandshakeTimeout: 10 * time.Second}}
	wsClientOf[p] = c
	return c
}

// wsClients guards wsClientOf, the policies' WebSocket clients.
var (
	wsClients  sync.Mutex
	wsClientOf = map[*FetchPolicy]*http.Client{}
)
