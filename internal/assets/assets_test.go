package assets

import (
	"archive/zip"
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"
)

// newSet builds, appends and cuts the files (path -> body) under c.
func newSet(t *testing.T, files map[string]string, c Config) *Set {
	t.Helper()
	var fs []File
	for p, b := range files {
		fs = append(fs, File{Path: p, Body: []byte(b)})
	}
	archive, err := Build(fs, c)
	if err != nil {
		t.Fatal(err)
	}
	script, s, err := Cut(Append([]byte("the bundle\n"), archive))
	if err != nil || string(script) != "the bundle\n" || s == nil {
		t.Fatalf("Cut: %q %v %v", script, s, err)
	}
	return s
}

func header(r Response, name string) string {
	for _, h := range r.Header {
		if strings.EqualFold(h[0], name) {
			return h[1]
		}
	}
	return ""
}

func get(p string) Request {
	path, query, _ := strings.Cut(p, "?")
	return Request{Method: "GET", Path: path, Query: query}
}

func TestCutWithoutAssets(t *testing.T) {
	script, s, err := Cut([]byte("a bundle\n//# sourceMappingURL=data:x\n"))
	if err != nil || s != nil || string(script) != "a bundle\n//# sourceMappingURL=data:x\n" {
		t.Fatalf("%q %v %v", script, s, err)
	}
}

// TestFetchHeaders: an asset comes with a strong ETag (a hash of its bytes), the
// Content-Type of its extension and Cloudflare's Cache-Control, which a request with
// Authorization or Range does not get.
func TestFetchHeaders(t *testing.T) {
	s := newSet(t, map[string]string{"index.html": "<h1>hi</h1>", "app.js": "x()", "data.unknownext": "?"}, Config{})
	r := s.Fetch(get("/"))
	if r.Status != 200 || string(r.Body) != "<h1>hi</h1>" || header(r, "content-type") != "text/html; charset=utf-8" ||
		header(r, "cache-control") != "public, max-age=0, must-revalidate" || !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(header(r, "etag")) {
		t.Fatalf("%+v", r)
	}
	if js := s.Fetch(get("/app.js")); header(js, "content-type") != "application/javascript" || header(js, "etag") == header(r, "etag") {
		t.Fatalf("app.js: %+v", js)
	}
	if u := s.Fetch(get("/data.unknownext")); u.Status != 200 || header(u, "content-type") != "" {
		t.Fatalf("unknown extension: %+v", u)
	}
	private := get("/")
	private.Private = true
	if p := s.Fetch(private); header(p, "cache-control") != "" || p.Status != 200 {
		t.Fatalf("private: %+v", p)
	}
}

// TestFetchConditionalAndHEAD: If-None-Match with the asset's ETag (strong or weak)
// is a 304 with the headers and no body; HEAD has the headers and no body; a method
// other than GET and HEAD on an asset is 405.
func TestFetchConditionalAndHEAD(t *testing.T) {
	s := newSet(t, map[string]string{"a.txt": "text"}, Config{})
	etag := header(s.Fetch(get("/a.txt")), "etag")
	for _, inm := range []string{etag, "W/" + etag} {
		r := get("/a.txt")
		r.IfNoneMatch = inm
		if got := s.Fetch(r); got.Status != 304 || got.Body != nil || header(got, "etag") != etag {
			t.Fatalf("If-None-Match %s: %+v", inm, got)
		}
	}
	r := get("/a.txt")
	r.IfNoneMatch = `"other"`
	if got := s.Fetch(r); got.Status != 200 || string(got.Body) != "text" {
		t.Fatalf("other ETag: %+v", got)
	}
	if got := s.Fetch(Request{Method: "HEAD", Path: "/a.txt"}); got.Status != 200 || got.Body != nil || header(got, "content-type") != "text/plain; charset=utf-8" {
		t.Fatalf("HEAD: %+v", got)
	}
	if got := s.Fetch(Request{Method: "POST", Path: "/a.txt"}); got.Status != 405 || got.Body != nil {
		t.Fatalf("POST: %+v", got)
	}
	if got := s.Fetch(Request{Method: "POST", Path: "/missing"}); got.Status != 404 {
		t.Fatalf("POST to no asset: %+v", got)
	}
}

// TestHTMLHandling: the table of Cloudflare's html_handling page, for a file.html and
// a folder/index.html: what each path serves, or where it redirects (307, the query
// kept).
func TestHTMLHandling(t *testing.T) {
	files := map[string]string{"file.html": "file", "folder/index.html": "folder"}
	for _, tc := range []struct {
		mode string
		want map[string]string // path -> body served, "-> LOCATION" for a 307, "404" for none
	}{
		{AutoTrailingSlash, map[string]string{
			"/file": "file", "/file.html": "-> /file", "/file/": "-> /file", "/file/index": "-> /file", "/file/index.html": "-> /file",
			"/folder": "-> /folder/", "/folder.html": "-> /folder/", "/folder/": "folder", "/folder/index": "-> /folder/",
			"/folder/index.html": "-> /folder/", "/file?x=1": "file", "/file.html?x=1": "-> /file?x=1"}},
		{ForceTrailingSlash, map[string]string{
			"/file": "-> /file/", "/file.html": "-> /file/", "/file/": "file", "/file/index.html": "-> /file/",
			"/folder": "-> /folder/", "/folder.html": "-> /folder/", "/folder/": "folder", "/folder/index.html": "-> /folder/"}},
		{DropTrailingSlash, map[string]string{
			"/file": "file", "/file.html": "-> /file", "/file/": "-> /file", "/file/index.html": "-> /file",
			"/folder": "folder", "/folder.html": "-> /folder", "/folder/": "-> /folder", "/folder/index.html": "-> /folder"}},
		{HTMLNone, map[string]string{
			"/file": "404", "/file.html": "file", "/file/": "404", "/folder": "404", "/folder/": "404", "/folder/index.html": "folder"}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			s := newSet(t, files, Config{HTMLHandling: tc.mode})
			for p, want := range tc.want {
				r := s.Fetch(get(p))
				got := string(r.Body)
				switch r.Status {
				case 307:
					got = "-> " + header(r, "location")
				case 404:
					got = "404"
				}
				if got != want {
					t.Errorf("%s: %d %q, want %q", p, r.Status, got, want)
				}
			}
		})
	}
}

// TestNotFoundHandling: 404-page serves the nearest 404.html up the path with status
// 404; single-page-application serves /index.html with 200; none is a 404 without a
// body. Before the Worker (Route), they apply to navigation requests only, under
// NavigationPrefersAssets; other requests go to the Worker.
func TestNotFoundHandling(t *testing.T) {
	files := map[string]string{"index.html": "app", "404.html": "top 404", "a/404.html": "a 404", "a/x.txt": "x"}
	page := newSet(t, files, Config{NotFoundHandling: NotFound404})
	for p, want := range map[string]string{"/a/b/c": "a 404", "/a/missing": "a 404", "/b/missing": "top 404", "/missing": "top 404"} {
		if r := page.Fetch(get(p)); r.Status != 404 || string(r.Body) != want {
			t.Errorf("404-page %s: %d %q, want %q", p, r.Status, r.Body, want)
		}
	}
	spa := newSet(t, files, Config{NotFoundHandling: NotFoundSPA, NavigationPrefersAssets: true})
	if r := spa.Fetch(get("/some/route")); r.Status != 200 || string(r.Body) != "app" {
		t.Errorf("SPA: %+v", r)
	}
	if _, ok := spa.Route(get("/some/route")); ok {
		t.Errorf("Route of a non-navigation request no asset matches: served, want the Worker")
	}
	nav := get("/some/route")
	nav.Navigate = true
	if r, ok := spa.Route(nav); !ok || string(r.Body) != "app" {
		t.Errorf("Route of a navigation request: %v %+v", ok, r)
	}
	if r, ok := spa.Route(get("/a/x.txt")); !ok || string(r.Body) != "x" {
		t.Errorf("Route of an asset: %v %+v", ok, r)
	}
	none := newSet(t, files, Config{})
	if r := none.Fetch(get("/missing")); r.Status != 404 || r.Body != nil {
		t.Errorf("none: %+v", r)
	}
}

// TestRunWorkerFirst: paths matching run_worker_first go to the Worker, unless a "!"
// pattern excludes them; the others are assets first.
func TestRunWorkerFirst(t *testing.T) {
	s := newSet(t, map[string]string{"api/docs/index.html": "docs", "api/x": "x", "apix": "y", "index.html": "i"},
		Config{RunWorkerFirst: []string{"/api/*", "!/api/docs/*"}})
	for p, worker := range map[string]bool{"/api/x": true, "/api/": true, "/api/docs/": false, "/": false, "/apix": false} {
		if _, ok := s.Route(get(p)); ok == worker {
			t.Errorf("%s: served by the assets %v, want the Worker %v", p, ok, worker)
		}
	}
}

// TestPathTraversal: a request's ../ (plain or percent-encoded) never leaves the
// assets: the set holds only its files, by clean paths.
func TestPathTraversal(t *testing.T) {
	s := newSet(t, map[string]string{"index.html": "i", "a/b.txt": "b"}, Config{NotFoundHandling: NotFoundNone})
	for _, p := range []string{"/../index.html", "/%2e%2e/index.html", "/a/..%2f..%2findex.html", "/a/../../wrangler.toml", "/..%5cindex.html", "/%00"} {
		if r := s.Fetch(get(p)); r.Status != 404 || r.Body != nil {
			t.Errorf("%s: %+v", p, r)
		}
	}
	// A decoded %2F makes a path of the folder's: redirected to its canonical form.
	if r := s.Fetch(get("/a%2Fb.txt")); r.Status != 307 || header(r, "location") != "/a/b.txt" {
		t.Errorf("encoded slash: %+v", r)
	}
}

func TestBuildAndCutErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files []File
		c     Config
		is    error
	}{
		{"ErrDotDot", []File{{Path: "../x"}}, Config{}, ErrInvalid},
		{"ErrAbsolute", []File{{Path: "/x"}}, Config{}, ErrInvalid},
		{"ErrUnclean", []File{{Path: "a/./x"}}, Config{}, ErrInvalid},
		{"ErrHTMLHandling", nil, Config{HTMLHandling: "auto"}, ErrInvalid},
		{"ErrNotFoundHandling", nil, Config{NotFoundHandling: "spa"}, ErrInvalid},
		{"ErrRoute", nil, Config{RunWorkerFirst: []string{"api/*"}}, ErrInvalid},
		{"ErrTooManyFiles", make([]File, MaxFiles+1), Config{}, ErrTooLarge},
		{"ErrTooManyBytes", []File{{Path: "a", Body: make([]byte, MaxBytes)}, {Path: "b", Body: []byte("1")}}, Config{}, ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Build(tc.files, tc.c); !errors.Is(err, tc.is) {
				t.Fatalf("err %v, want %v", err, tc.is)
			}
		})
	}
	// An upload's archive is checked again: names, and bytes as they are inflated.
	zipOf := func(names ...string) []byte {
		var buf bytes.Buffer
		w := zip.NewWriter(&buf)
		for _, n := range names {
			f, _ := w.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate})
			if n == "big" {
				f.Write(make([]byte, MaxBytes+1)) // deflates to a few KiB
			}
		}
		w.SetComment("{}")
		w.Close()
		return buf.Bytes()
	}
	for _, tc := range []struct {
		name    string
		archive []byte
		is      error
	}{
		{"ErrCutDotDot", zipOf("ok", "../../etc/passwd"), ErrInvalid},
		{"ErrCutBackslash", zipOf(`..\x`), ErrInvalid},
		{"ErrCutTwice", zipOf("a", "a"), ErrInvalid},
		{"ErrCutInflatedTooLarge", zipOf("big"), ErrTooLarge},
		{"ErrCutNotZip", []byte("not a zip archive"), ErrInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.archive) > 1<<20 {
				t.Fatalf("archive of %d bytes", len(tc.archive))
			}
			if _, _, err := Cut(Append([]byte("b\n"), tc.archive)); !errors.Is(err, tc.is) {
				t.Fatalf("err %v, want %v", err, tc.is)
			}
		})
	}
	t.Run("ErrFooter", func(t *testing.T) {
		if _, _, err := Cut([]byte("b" + footerPrefix + "00000000000000ff\n")); !errors.Is(err, ErrInvalid) {
			t.Fatalf("err %v", err)
		}
	})
}
