package assets

import (
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Request is what serving an asset reads of an HTTP request.
type Request struct {
	// Method is the request's method, in any case.
	Method string
	// Path is the URL's path as sent (percent-encoded), starting with "/".
	Path string
	// Query is the URL's query without "?"; "" for none.
	Query string
	// IfNoneMatch is the If-None-Match header; "" when absent.
	IfNoneMatch string
	// Private says the request has an Authorization or a Range header, which keeps
	// Cache-Control off the response.
	Private bool
	// Navigate says the request has Sec-Fetch-Mode: navigate.
	Navigate bool
	// Host is the URL's host name, without a port: _headers rules for an https://HOST
	// URL match it. "" matches none of them.
	Host string
}

// Response is an answer of the assets: Body is nil for none (HEAD, 304, 307, 405).
type Response struct {
	Status int
	// Header holds the response's headers, names in canonical case.
	Header [][2]string
	Body   []byte
}

// CacheControl is the Cache-Control of an asset answered to a request without
// Authorization or Range, as Cloudflare sends it
// (https://developers.cloudflare.com/workers/static-assets/headers/).
const CacheControl = "public, max-age=0, must-revalidate"

// Route answers a request that reaches the Worker's URL before the Worker does, as
// Cloudflare routes it (https://developers.cloudflare.com/workers/static-assets/routing/):
// ok is false when the Worker should answer: the path matches RunWorkerFirst, or no
// asset matches it (not_found_handling then applies only to navigation requests, when
// NavigationPrefersAssets is set).
func (s *Set) Route(r Request) (resp Response, ok bool) {
	if s.workerFirst(decodePath(r.Path)) {
		return Response{}, false
	}
	c := s.Config
	if !(c.NavigationPrefersAssets && r.Navigate) {
		c.NotFoundHandling = NotFoundNone
	}
	return s.serve(r, c)
}

// Fetch answers a request of the Worker's assets binding (env.ASSETS.fetch): as
// Route without the Worker, a request no asset matches is a 404 without a body.
func (s *Set) Fetch(r Request) Response {
	resp, ok := s.serve(r, s.Config)
	if !ok {
		resp = Response{Status: 404}
		s.rules.attachHeaders(r.Host, r.Path, &resp)
	}
	return resp
}

// workerFirst reports whether the decoded path p matches RunWorkerFirst.
func (s *Set) workerFirst(p string) bool {
	first := false
	for _, rt := range s.routes {
		if !rt.re.MatchString(p) {
			continue
		}
		if rt.exclude {
			return false
		}
		first = true
	}
	return first
}

// route is a compiled run_worker_first pattern.
type route struct {
	re      *regexp.Regexp
	exclude bool // the pattern starts with "!"
}

func compileRoutes(patterns []string) []route {
	var out []route
	for _, p := range patterns {
		out = append(out, route{re: routeRegexp(strings.TrimPrefix(p, "!")), exclude: strings.HasPrefix(p, "!")})
	}
	return out
}

// routeRegexp is a run_worker_first pattern as an anchored regular expression: "*"
// matches any characters.
func routeRegexp(pat string) *regexp.Regexp {
	parts := strings.Split(pat, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// intent is what a path resolves to: a file with its status, or a redirect.
type intent struct {
	file     *entry
	status   int
	redirect string
}

// serve answers r under c, as Cloudflare's asset worker does, with the header rules
// that match (rules.go); ok is false when no asset matches.
func (s *Set) serve(r Request, c Config) (Response, bool) {
	resp, ok := s.serveAsset(r, c)
	if ok {
		s.rules.attachHeaders(r.Host, r.Path, &resp)
	}
	return resp, ok
}

// serveAsset is serve without the header rules: first a redirect rule that matches,
// then the asset.
func (s *Set) serveAsset(r Request, c Config) (Response, bool) {
	pathname := r.Path
	rewritten := false
	if rd, to := s.rules.redirectFor(r.Path); rd != nil {
		if rd.Status != 200 {
			return Response{Status: rd.Status, Header: [][2]string{{"Location", location(to, r.Query)}}}, true
		}
		// A rewrite: the asset at to's path answers, the URL the client sees stays.
		pathname, _, _ = strings.Cut(to, "?")
		pathname, _, _ = strings.Cut(pathname, "#")
		rewritten = true
	}
	decoded := decodePath(pathname)
	in, ok := s.intent(decoded, c, false)
	if !ok {
		if rewritten {
			return Response{Status: 404}, true
		}
		return Response{}, false
	}
	method := strings.ToUpper(r.Method)
	if method != "GET" && method != "HEAD" {
		return Response{Status: 405}, true
	}
	dest := decoded
	if in.redirect != "" {
		dest = in.redirect
	}
	if enc := encodePath(dest); (enc != pathname && in.file != nil) || in.redirect != "" {
		if r.Query != "" {
			enc += "?" + r.Query
		}
		return Response{Status: 307, Header: [][2]string{{"Location", enc}}}, true
	}
	h := [][2]string{{"Etag", in.file.etag}}
	if in.file.contentType != "" {
		h = append(h, [2]string{"Content-Type", in.file.contentType})
	}
	if !r.Private {
		h = append(h, [2]string{"Cache-Control", CacheControl})
	}
	if inm := strings.TrimSpace(r.IfNoneMatch); inm == in.file.etag || inm == "W/"+in.file.etag {
		return Response{Status: 304, Header: h}, true
	}
	resp := Response{Status: in.status, Header: h}
	if method == "GET" {
		resp.Body = in.file.body
	}
	return resp, true
}

// exists returns the file at the decoded path p, nil for none.
func (s *Set) exists(p string) *entry { return s.files[p] }

func found(e *entry) (intent, bool) { return intent{file: e, status: 200}, true }

// intent resolves the decoded path p by c.HTMLHandling, then c.NotFoundHandling; with
// skip, it follows no redirect (a redirect's check of its destination).
func (s *Set) intent(p string, c Config, skip bool) (intent, bool) {
	// redirect is a redirect to dest when dest has no file of its own and resolves to
	// the file at file.
	redirect := func(file, dest string) (intent, bool) {
		if skip || s.exists(dest) != nil {
			return intent{}, false
		}
		in, ok := s.intent(dest, c, true)
		if f := s.exists(file); ok && in.file != nil && f != nil && in.file.etag == f.etag {
			return intent{redirect: dest}, true
		}
		return intent{}, false
	}
	exact := s.exists(p)
	cut := func(suffix string) string { return strings.TrimSuffix(p, suffix) }
	switch c.HTMLHandling {
	case HTMLNone:
		if exact != nil {
			return found(exact)
		}
	case ForceTrailingSlash:
		switch {
		case strings.HasSuffix(p, "/index"):
			if exact != nil {
				return found(exact)
			}
			if in, ok := redirect(p+".html", cut("index")); ok {
				return in, ok
			}
			if in, ok := redirect(cut("/index")+".html", cut("index")); ok {
				return in, ok
			}
		case strings.HasSuffix(p, "/index.html"):
			if in, ok := redirect(p, cut("index.html")); ok {
				return in, ok
			}
			if in, ok := redirect(cut("/index.html")+".html", cut("index.html")); ok {
				return in, ok
			}
		case strings.HasSuffix(p, "/"):
			if e := s.exists(p + "index.html"); e != nil {
				return found(e)
			}
			if e := s.exists(cut("/") + ".html"); e != nil {
				return found(e)
			}
		case strings.HasSuffix(p, ".html"):
			if in, ok := redirect(p, cut(".html")+"/"); ok {
				return in, ok
			}
			if exact != nil {
				return found(exact)
			}
			if in, ok := redirect(cut(".html")+"/index.html", cut(".html")+"/"); ok {
				return in, ok
			}
		}
		if exact != nil {
			return found(exact)
		}
		if in, ok := redirect(p+".html", p+"/"); ok {
			return in, ok
		}
		if in, ok := redirect(p+"/index.html", p+"/"); ok {
			return in, ok
		}
	case DropTrailingSlash:
		switch {
		case strings.HasSuffix(p, "/index"):
			if exact != nil {
				return found(exact)
			}
			if p == "/index" {
				if in, ok := redirect("/index.html", "/"); ok {
					return in, ok
				}
			} else if in, ok := redirect(cut("/index")+".html", cut("/index")); ok {
				return in, ok
			} else if in, ok := redirect(p+".html", cut("/index")); ok {
				return in, ok
			}
		case strings.HasSuffix(p, "/index.html"):
			if p == "/index.html" {
				if in, ok := redirect("/index.html", "/"); ok {
					return in, ok
				}
			} else if in, ok := redirect(p, cut("/index.html")); ok {
				return in, ok
			} else if exact != nil {
				return found(exact)
			} else if in, ok := redirect(cut("/index.html")+".html", cut("/index.html")); ok {
				return in, ok
			}
		case strings.HasSuffix(p, "/"):
			if p == "/" {
				if e := s.exists("/index.html"); e != nil {
					return found(e)
				}
			} else if in, ok := redirect(cut("/")+".html", cut("/")); ok {
				return in, ok
			} else if in, ok := redirect(cut("/")+"/index.html", cut("/")); ok {
				return in, ok
			}
		case strings.HasSuffix(p, ".html"):
			if in, ok := redirect(p, cut(".html")); ok {
				return in, ok
			}
			if in, ok := redirect(cut(".html")+"/index.html", cut(".html")); ok {
				return in, ok
			}
		}
		if exact != nil {
			return found(exact)
		}
		if e := s.exists(p + ".html"); e != nil {
			return found(e)
		}
		if e := s.exists(p + "/index.html"); e != nil {
			return found(e)
		}
	default: // auto-trailing-slash
		switch {
		case strings.HasSuffix(p, "/index"):
			if exact != nil {
				return found(exact)
			}
			if in, ok := redirect(p+".html", cut("index")); ok {
				return in, ok
			}
			if in, ok := redirect(cut("/index")+".html", cut("/index")); ok {
				return in, ok
			}
		case strings.HasSuffix(p, "/index.html"):
			if in, ok := redirect(p, cut("index.html")); ok {
				return in, ok
			}
			if in, ok := redirect(cut("/index.html")+".html", cut("/index.html")); ok {
				return in, ok
			}
		case strings.HasSuffix(p, "/"):
			if e := s.exists(p + "index.html"); e != nil {
				return found(e)
			}
			if in, ok := redirect(cut("/")+".html", cut("/")); ok {
				return in, ok
			}
		case strings.HasSuffix(p, ".html"):
			if in, ok := redirect(p, cut(".html")); ok {
				return in, ok
			}
			if in, ok := redirect(cut(".html")+"/index.html", cut(".html")+"/"); ok {
				return in, ok
			}
		}
		if exact != nil {
			return found(exact)
		}
		if e := s.exists(p + ".html"); e != nil {
			return found(e)
		}
		if in, ok := redirect(p+"/index.html", p+"/"); ok {
			return in, ok
		}
	}
	return s.notFound(p, c)
}

// notFound resolves a path no asset matches by c.NotFoundHandling.
func (s *Set) notFound(p string, c Config) (intent, bool) {
	switch c.NotFoundHandling {
	case NotFoundSPA:
		if e := s.exists("/index.html"); e != nil {
			return found(e)
		}
	case NotFound404:
		for dir := p; dir != ""; {
			i := strings.LastIndexByte(dir, '/')
			if i < 0 {
				break
			}
			dir = dir[:i]
			if e := s.exists(dir + "/404.html"); e != nil {
				return intent{file: e, status: 404}, true
			}
		}
	}
	return intent{}, false
}

// decodePath percent-decodes each segment of p as decodeURIComponent does (a segment
// that does not decode to UTF-8 stays as it is), and collapses runs of slashes.
func decodePath(p string) string {
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		if d, err := url.PathUnescape(seg); err == nil && utf8.ValidString(d) {
			segs[i] = d
		}
	}
	out := strings.Join(segs, "/")
	for strings.Contains(out, "//") {
		out = strings.ReplaceAll(out, "//", "/")
	}
	return out
}

// encodePath percent-encodes each segment of p as encodeURIComponent does.
func encodePath(p string) string {
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		segs[i] = encodeURIComponent(seg)
	}
	return strings.Join(segs, "/")
}

func encodeURIComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
