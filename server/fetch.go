package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
)

// The HTTP of the Worker and of the fetch route of objects, as workerd serves it:
// request headers as the client sent them, request.cf, no Content-Type the script did
// not set, and a 500 "Internal Server Error" for a JavaScript error that escapes fetch.

// CFHeader is the name of the header that carries request.cf to a JavaScript object's
// fetch (a name no client can send: ":" is no token character). runtime.js takes it off
// the request's headers; a stub.fetch of a request with cf passes it on as the same
// header.
const CFHeader = ":cf"

// internalServerError is the body of a 500 for a JavaScript error that escaped fetch,
// as workerd answers it.
const internalServerError = "Internal Server Error"

// errCFHeader: the header Options.CFHeader names is not a JSON object.
var errCFHeader = errors.New("invalid request.cf header")

// fetchHeaders are the headers a fetch export gets for r: every header the client sent,
// hop-by-hop ones included, as workerd passes them (Transfer-Encoding too, which Go
// keeps apart), and the host. For a JavaScript class (js), the last is CFHeader with
// request.cf (cfJSON), and the header Options.CFHeader names is left out.
func (s *Server) fetchHeaders(r *http.Request, js bool) ([][2]string, error) {
	headers := make([][2]string, 0, len(r.Header)+3)
	if r.Host != "" {
		headers = append(headers, [2]string{"host", r.Host})
	}
	for k, vs := range r.Header {
		if js && s.opts.CFHeader != "" && strings.EqualFold(k, s.opts.CFHeader) {
			continue
		}
		lk := strings.ToLower(k)
		for _, v := range vs {
			headers = append(headers, [2]string{lk, v})
		}
	}
	if len(r.TransferEncoding) > 0 {
		headers = append(headers, [2]string{"transfer-encoding", strings.Join(r.TransferEncoding, ", ")})
	}
	if js {
		cf, err := s.cfJSON(r)
		if err != nil {
			return nil, err
		}
		headers = append(headers, [2]string{CFHeader, cf})
	}
	return headers, nil
}

// cfJSON is request.cf for r as JSON: clientIp, the client's address and port as
// workerd gives it locally ("127.0.0.1:54718"), and httpProtocol ("HTTP/1.1", "HTTP/2"),
// as Cloudflare documents it; then, when Options.CFHeader names a header r has, the
// members of that header's JSON object, which replace those of the same name. The
// other documented fields (country, colo, asn, tlsVersion, ...) are absent unless a
// trusted proxy sets them there, as in workerd without a cfBlobHeader.
func (s *Server) cfJSON(r *http.Request) (string, error) {
	proto := r.Proto
	if r.ProtoMajor >= 2 {
		proto = fmt.Sprintf("HTTP/%d", r.ProtoMajor)
	}
	var proxy map[string]json.RawMessage
	if s.opts.CFHeader != "" {
		if v := r.Header.Values(s.opts.CFHeader); len(v) > 0 {
			if len(v) > 1 || json.Unmarshal([]byte(v[0]), &proxy) != nil || proxy == nil {
				return "", fmt.Errorf("%w: %s must hold one JSON object", errCFHeader, s.opts.CFHeader)
			}
		}
	}
	if proxy == nil { // the common case, without a map
		b, _ := json.Marshal(struct {
			ClientIP     string `json:"clientIp"`
			HTTPProtocol string `json:"httpProtocol"`
		}{r.RemoteAddr, proto})
		return string(b), nil
	}
	cf := map[string]json.RawMessage{}
	cf["clientIp"], _ = json.Marshal(r.RemoteAddr)
	cf["httpProtocol"], _ = json.Marshal(proto)
	for k, v := range proxy {
		cf[k] = v
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(cf) // sorted keys; RawMessage values compacted, so no line break
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

// isJSClass says whether class is a JavaScript class, whose fetch gets request.cf.
func (s *Server) isJSClass(class string) bool {
	if class == s.opts.Worker {
		return true
	}
	return s.e.IsJavaScript(class)
}

// thrownByScript is the error a JavaScript object's fetch threw and did not catch (or
// let escape from a stub call it made), or nil for the failures of the host (time and
// memory limits, overload, ...) and for a SobjectsError the script threw with a code
// of its choosing (the runtime's "no fetch handler" is not_found), which keep their
// problem+json.
func thrownByScript(err error) *abi.Error {
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Thrown == "" {
		return nil
	}
	var t struct {
		Name string `json:"name"`
		Code any    `json:"code"`
		Host bool   `json:"host"`
	}
	if json.Unmarshal([]byte(ae.Thrown), &t) == nil && t.Name == "SobjectsError" && !t.Host && ae.Code != abi.CodeInternal {
		return nil
	}
	return ae
}

// answerThrown answers a JavaScript error that escaped the fetch of class/name as
// workerd does: 500 with the body "Internal Server Error" and no Content-Type; the
// error, its stack included, goes to the log. With Options.DevErrors the body is the
// error and its stack, as text.
func (s *Server) answerThrown(c echo.Context, class, name string, ae *abi.Error) error {
	r := c.Request()
	s.log.Error("fetch threw", "class", class, "object", name, "method", r.Method, "path", r.URL.Path, "err", ae.Message)
	if s.opts.DevErrors {
		return c.Blob(http.StatusInternalServerError, echo.MIMETextPlainCharsetUTF8, []byte(ae.Message+"\n"))
	}
	c.Response().Header()[echo.HeaderContentType] = nil // no Content-Type, and none sniffed
	c.Response().WriteHeader(http.StatusInternalServerError)
	_, err := c.Response().Write([]byte(internalServerError))
	return err
}

// writeFetchResponse writes what a fetch export answered. A response without a
// Content-Type (a redirect, a null body, bytes the script typed not) gets none, as
// from workerd: Go would otherwise sniff one.
func writeFetchResponse(c echo.Context, resp host.FetchResponse) error {
	writeFetchHead(c, resp)
	_, err := c.Response().Write(resp.Body)
	return err
}

// writeFetchHead writes the status and headers of resp as writeFetchResponse does.
func writeFetchHead(c echo.Context, resp host.FetchResponse) {
	h := c.Response().Header()
	for _, kv := range resp.Headers {
		if k := http.CanonicalHeaderKey(kv[0]); !hopByHop[k] {
			h.Add(k, kv[1])
		}
	}
	if h.Get(echo.HeaderContentType) == "" {
		h[echo.HeaderContentType] = nil
	}
	c.Response().WriteHeader(resp.Status)
}

// v1Route is a route of the API under /v1/, for the answer to a request that matches
// none (v1Fallback).
type v1Route struct {
	method string
	path   []string // segments; ":x" matches any one, "*" the rest
}

// v1Handle registers a route of the API under /v1/ on ec and records it in s.v1.
func (s *Server) v1Handle(ec *echo.Echo, method, path string, h echo.HandlerFunc) {
	ec.Add(method, path, h)
	s.v1 = append(s.v1, v1Route{method, strings.Split(strings.TrimPrefix(path, "/"), "/")})
}

// match says whether the route's path matches segments.
func (rt v1Route) match(segments []string) bool {
	for i, p := range rt.path {
		if p == "*" {
			return true
		}
		if i >= len(segments) || (p != segments[i] && (p[0] != ':' || segments[i] == "")) {
			return false
		}
	}
	return len(segments) == len(rt.path)
}

// v1Fallback answers a request under /v1/ that no route takes, never passing it to the
// Worker: 405 with Allow when its path is a route's with another method, else 404.
func (s *Server) v1Fallback(c echo.Context) error {
	segments := strings.Split(strings.TrimPrefix(c.Request().URL.EscapedPath(), "/"), "/")
	var allow []string
	for _, rt := range s.v1 {
		if rt.match(segments) && !slices.Contains(allow, rt.method) {
			allow = append(allow, rt.method)
		}
	}
	if len(allow) == 0 {
		return fmt.Errorf("%w: %s %s: see the routes of the HTTP API in the README", errNoRoute, c.Request().Method, c.Request().URL.Path)
	}
	slices.Sort(allow)
	c.Response().Header().Set(echo.HeaderAllow, strings.Join(allow, ", "))
	return fmt.Errorf("%w: %s %s: allowed: %s", errMethodNotAllowed, c.Request().Method, c.Request().URL.Path, strings.Join(allow, ", "))
}
