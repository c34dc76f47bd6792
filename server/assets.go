package server

import (
	"net"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/internal/assets"
)

// serveAssets answers a request outside /v1/ from the Worker's static assets when
// Cloudflare would (assets.Set.Route): before the Worker, unless the path is one of
// run_worker_first's or no asset matches. served is false when the Worker should
// answer. A Worker without assets costs one map lookup.
func (s *Server) serveAssets(c echo.Context) (served bool, err error) {
	set := s.e.Assets(s.opts.Worker)
	if set == nil {
		return false, nil
	}
	r := c.Request()
	resp, ok := set.Route(assetRequest(r))
	if !ok {
		return false, nil
	}
	h := c.Response().Header()
	for _, kv := range resp.Header {
		h.Add(kv[0], kv[1])
	}
	if h.Get(echo.HeaderContentType) == "" {
		h[echo.HeaderContentType] = nil // Cloudflare sends none: no sniffing either
	}
	if resp.Body != nil {
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(resp.Body)))
	}
	c.Response().WriteHeader(resp.Status)
	if resp.Body != nil && r.Method != http.MethodHead {
		_, err = c.Response().Write(resp.Body)
	}
	return true, err
}

// assetRequest is what serving an asset reads of r.
func assetRequest(r *http.Request) assets.Request {
	return assets.Request{
		Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery,
		IfNoneMatch: r.Header.Get("If-None-Match"),
		Private:     r.Header.Get("Authorization") != "" || r.Header.Get("Range") != "",
		Navigate:    r.Header.Get("Sec-Fetch-Mode") == "navigate",
		Host:        hostName(r.Host),
	}
}

// hostName is the host of a Host header, without its port.
func hostName(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}
