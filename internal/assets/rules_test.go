package assets

import (
	"reflect"
	"strings"
	"testing"
)

// _redirects lines become rules as Cloudflare reads them; the lines it skips are
// skipped with a warning naming the line.
func TestParseRedirects(t *testing.T) {
	rules, warnings := ParseRedirects(`# comment
/a /b
old /new 301 # a comment
/with%20space /b#frag 307
/x/../y /z?q=1 308
/blog/:year/:slug /posts/:slug 303
/static/* /assets/:splat 200
/again /b
/loop/* /index.html
/ /index
/ext https://example.com/e 302
/rewrite-out https://example.com/ 200
/bad-status /b 404
/a /c
/one-word
/two/*/* /x
https://host/p /x
`, "")
	want := []Redirect{
		{From: "/a", To: "/b", Status: 302}, {From: "/old", To: "/new", Status: 301}, {From: "/with%20space", To: "/b#frag", Status: 307},
		{From: "/y", To: "/z?q=1", Status: 308}, {From: "/blog/:year/:slug", To: "/posts/:slug", Status: 303},
		{From: "/static/*", To: "/assets/:splat", Status: 200}, {From: "/again", To: "/b", Status: 302},
		{From: "/ext", To: "https://example.com/e", Status: 302},
	}
	if !reflect.DeepEqual(rules, want) {
		t.Errorf("rules\n%+v\nwant\n%+v", rules, want)
	}
	for i, w := range []string{"_redirects:9: /loop/* to /index.html loops", "_redirects:10: / to /index loops", "_redirects:12: a 200 (rewrite)",
		"_redirects:13: the status is one of", "_redirects:14: a second rule for /a", "_redirects:15: want SOURCE DESTINATION [STATUS], not 1 words",
		"_redirects:16: source /two/*/*: more than one *", "_redirects:17: the source https://host/p is not a path"} {
		if i >= len(warnings) || !strings.HasPrefix(warnings[i], w) {
			t.Errorf("warning %d: %q, want %s...", i, warnings, w)
			break
		}
	}
	if len(warnings) != 8 {
		t.Errorf("%d warnings: %q", len(warnings), warnings)
	}
	// With html_handling none, "/ /index" is no loop.
	if rules, _ := ParseRedirects("/ /index", HTMLNone); len(rules) != 1 {
		t.Errorf("html_handling none: %v", rules)
	}
	// Past the limit of dynamic rules, the rest of the file is skipped.
	var b strings.Builder
	for range MaxDynamicRedirects + 5 {
		b.WriteString("/d/* /x\n")
	}
	if rules, warnings := ParseRedirects(b.String(), ""); len(rules) != 1 || len(warnings) != MaxDynamicRedirects {
		// one rule; the duplicates warn until the limit, then one warning for the rest
		t.Errorf("%d rules, %d warnings", len(rules), len(warnings))
	}
}

// _headers: a path, then its headers; "! Name" removes one; values of a name given
// twice join; what is not a rule is skipped with a warning.
func TestParseHeaders(t *testing.T) {
	rules, warnings := ParseHeaders(`orphan: header
# security
/*
  X-Frame-Options: DENY
  Link: </a.css>; rel=preload
  Link: </b.js>; rel=preload
/secure/:page
  ! X-Powered-By
  X-Page: :page
https://example.com/*
  X-Host: yes
/empty
/x
  no colon here
  Bad Name: v
  X-Empty:
`)
	want := []HeaderRule{
		{Path: "/*", Set: [][2]string{{"x-frame-options", "DENY"}, {"link", "</a.css>; rel=preload, </b.js>; rel=preload"}}},
		{Path: "/secure/:page", Set: [][2]string{{"x-page", ":page"}}, Unset: []string{"x-powered-by"}},
		{Path: "https://example.com/*", Set: [][2]string{{"x-host", "yes"}}},
	}
	if !reflect.DeepEqual(rules, want) {
		t.Errorf("rules\n%+v\nwant\n%+v", rules, want)
	}
	wantWarnings := []string{"_headers:1: a header (orphan) before any path", "_headers:12: no headers for /empty",
		"_headers:14: want Name: value", `_headers:15: "bad name" is not a header name`, "_headers:16: no value for x-empty", "_headers:13: no headers for /x"}
	if len(warnings) != len(wantWarnings) {
		t.Fatalf("warnings %q", warnings)
	}
	for i, w := range wantWarnings {
		if !strings.HasPrefix(warnings[i], w) {
			t.Errorf("warning %d: %q, want %s", i, warnings[i], w)
		}
	}
}

// Redirect rules answer before the assets, whether or not an asset matches, with the
// request's query unless the destination has one; a 200 serves the destination's
// asset at the URL asked (a 404 when there is none); run_worker_first paths still go
// to the Worker, which no rule touches.
func TestRedirectRules(t *testing.T) {
	s := newSet(t, map[string]string{"index.html": "home", "about.html": "about", RedirectsFile: `/index.html /moved 301
/keep-query /dest
/own-query /dest?a=1
/blog/:year/:slug /posts/:year-:slug 308
/docs/* https://docs.example.com/:splat
/app/* /about 200
/gone/* /nothing 200
/api/x /elsewhere
`}, Config{RunWorkerFirst: []string{"/api/*"}})
	if s.Len() != 2 || len(s.Config.Redirects) != 8 {
		t.Fatalf("%d files, %d redirects: _redirects is rules, not a file", s.Len(), len(s.Config.Redirects))
	}
	for _, tc := range []struct {
		req      string
		status   int
		location string
		body     string
	}{
		{"/index.html", 301, "/moved", ""}, // an asset exists there: the rule wins
		{"/keep-query?x=1", 302, "/dest?x=1", ""},
		{"/own-query?x=1", 302, "/dest?a=1", ""},
		{"/blog/2024/hello", 308, "/posts/2024-hello", ""},
		{"/blog/2024/a/b", 404, "", ""}, // a placeholder is one segment: no rule, no asset
		{"/docs/guide/start?v=2", 302, "https://docs.example.com/guide/start?v=2", ""},
		{"/app/some/route", 200, "", "about"},
		{"/gone/x", 404, "", ""},
	} {
		r := s.Fetch(get(tc.req))
		if r.Status != tc.status || header(r, "Location") != tc.location || string(r.Body) != tc.body {
			t.Errorf("%s: %d %q %q, want %d %q %q", tc.req, r.Status, header(r, "Location"), r.Body, tc.status, tc.location, tc.body)
		}
	}
	if _, ok := s.Route(get("/api/x")); ok {
		t.Error("/api/x: the assets answered a run_worker_first path")
	}
	if _, ok := s.Route(get("/nothing-here")); ok {
		t.Error("/nothing-here: the assets answered a path no rule or asset matches")
	}
	if r, ok := s.Route(get("/gone/x")); !ok || r.Status != 404 {
		t.Errorf("/gone/x: %d %v, want the assets' 404 (a rewrite to no asset)", r.Status, ok)
	}
}

// Header rules edit every response of the assets whose path they match, in order:
// the first to set a name replaces the response's, the next add to it; ! removes;
// placeholders take what the path matched; an https:// rule matches the host too.
func TestHeaderRules(t *testing.T) {
	s := newSet(t, map[string]string{"docs/a.html": "a", RedirectsFile: "/old /docs/a 301\n", HeadersFile: `/*
  Cache-Control: no-store
  X-All: 1
/*
  X-All: 2
/docs/:page
  ! ETag
  X-Page: page-:page
https://example.com/*
  X-Host: yes
`}, Config{})
	r := s.Fetch(get("/docs/a"))
	var all []string
	for _, h := range r.Header {
		if h[0] == "X-All" {
			all = append(all, h[1])
		}
	}
	if r.Status != 200 || header(r, "Cache-Control") != "no-store" || !reflect.DeepEqual(all, []string{"1", "2"}) ||
		header(r, "ETag") != "" || header(r, "X-Page") != "page-a" || header(r, "X-Host") != "" || header(r, "Content-Type") == "" {
		t.Errorf("/docs/a: %d %v", r.Status, r.Header)
	}
	req := get("/docs/a")
	req.Host = "example.com"
	if r := s.Fetch(req); header(r, "X-Host") != "yes" {
		t.Errorf("host example.com: %v", r.Header)
	}
	if r := s.Fetch(get("/old")); r.Status != 301 || header(r, "X-All") != "1" {
		t.Errorf("a redirect gets the headers too: %d %v", r.Status, r.Header)
	}
	if r := s.Fetch(get("/missing")); r.Status != 404 || header(r, "Cache-Control") != "no-store" {
		t.Errorf("the binding's 404 gets the headers too: %d %v", r.Status, r.Header)
	}
}

// An uploaded archive's rule files are what the parser makes of them: a header value
// with a control character and a status Cloudflare does not take are skipped; the two
// files at the root are rules, not assets, and a _redirects in a folder is an asset.
func TestRulesOfAnUploadedArchive(t *testing.T) {
	s := newSet(t, map[string]string{"a.html": "a", "blog/_redirects": "not rules",
		HeadersFile:   "/*\n  X-A: v\rSet-Cookie: x\n  X-B: ok\n",
		RedirectsFile: "/x /a 404\n/y /a 301\n"}, Config{})
	r := s.Fetch(get("/a"))
	if header(r, "X-A") != "" || header(r, "Set-Cookie") != "" || header(r, "X-B") != "ok" {
		t.Errorf("/a: %v, want X-B only", r.Header)
	}
	if r := s.Fetch(get("/x")); r.Status != 404 {
		t.Errorf("/x: %d, want no redirect (404 is no redirect status)", r.Status)
	}
	if r := s.Fetch(get("/y")); r.Status != 301 {
		t.Errorf("/y: %d", r.Status)
	}
	for _, p := range []string{"/_headers", "/_redirects"} {
		if r := s.Fetch(get(p)); r.Status != 404 {
			t.Errorf("%s served: %d", p, r.Status)
		}
	}
	if r := s.Fetch(get("/blog/_redirects")); r.Status != 200 || string(r.Body) != "not rules" {
		t.Errorf("/blog/_redirects: %d %q, want the file", r.Status, r.Body)
	}
}

// FuzzParseRules: whatever an archive's _redirects and _headers hold, it is read back,
// and serving with its rules does not fail nor send a header that is not one.
func FuzzParseRules(f *testing.F) {
	f.Add("/a /b 301\n/c/:x/* /d/:x/:splat\n", "/*\n  X-A: 1\n/p/:q\n  ! ETag\n")
	f.Add("/ /index\n/x https://h/:y", "https://:sub.example.com/*\n  X: :sub\n")
	f.Fuzz(func(t *testing.T, redirects, headers string) {
		archive, err := Build([]File{{Path: "index.html", Body: []byte("i")}, {Path: RedirectsFile, Body: []byte(redirects)},
			{Path: HeadersFile, Body: []byte(headers)}}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		_, s, err := Cut(Append(nil, archive))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"/", "/a", "/c/1/2", "/p/q", "/x"} {
			for _, h := range s.Fetch(Request{Method: "GET", Path: p, Host: "a.example.com"}).Header {
				if !validHeaderName(h[0]) || strings.ContainsAny(h[1], "\r\n\x00") {
					t.Fatalf("%s: header %q", p, h)
				}
			}
		}
	})
}

// A rule whose URL is not UTF-8 (found by FuzzParseRules: it made a regular
// expression that did not compile, and serving panicked) is skipped with a warning.
func TestRulesNotUTF8(t *testing.T) {
	rules, warnings := ParseHeaders("https://\x8c\n  X: 1\n") // its header then has no path
	if len(rules) != 0 || len(warnings) != 2 || !strings.Contains(warnings[0], "not UTF-8") {
		t.Errorf("rules %v warnings %q", rules, warnings)
	}
	redirects, warnings := ParseRedirects("/a https://\x8c/ 301\n", "")
	if len(redirects) != 0 || len(warnings) != 1 || !strings.Contains(warnings[0], "not UTF-8") {
		t.Errorf("redirects %v warnings %q", redirects, warnings)
	}
	s := newSet(t, map[string]string{"a": "a", HeadersFile: "https://\x8c\n  X: 1\n"}, Config{})
	if r := s.Fetch(get("/a")); r.Status != 200 {
		t.Errorf("/a: %d", r.Status)
	}
}
