package host

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/internal/assets"
)

const jsAssetsUser = `
class Site extends DurableObject {
  async get(path) {
    const r = await this.env.ASSETS.fetch("https://example.com" + path);
    return { status: r.status, type: r.headers.get("content-type"), etag: r.headers.get("etag"), body: await r.text(), tag: String(this.env.ASSETS) };
  }
}
return { Site };`

// withAssets is bundle with the files (path -> body) as its static assets under c.
func withAssets(t *testing.T, bundle []byte, files map[string]string, c assets.Config) []byte {
	t.Helper()
	var fs []assets.File
	for p, b := range files {
		fs = append(fs, assets.File{Path: p, Body: []byte(b)})
	}
	archive, err := assets.Build(fs, c)
	if err != nil {
		t.Fatal(err)
	}
	return assets.Append(bundle, archive)
}

// TestJSAssetsBinding: env.ASSETS.fetch answers from the class's assets, with
// not_found_handling, the Content-Type and the ETag Cloudflare sends.
func TestJSAssetsBinding(t *testing.T) {
	e := newEngine(t, Options{})
	b := withAssets(t, jsBundle(`{"name":"site","bindings":{},"vars":{},"assets":{"binding":"ASSETS"}}`, jsAssetsUser),
		map[string]string{"index.html": "<p>home</p>", "404.html": "gone", "a.css": "a{}"}, assets.Config{Binding: "ASSETS", NotFoundHandling: assets.NotFound404})
	deployJS(t, e, "Site", b)
	got := jsMust(t, e, "Site", "s", "get", `"/"`)
	if want := `"status":200,"type":"text/html; charset=utf-8","etag":"\"`; len(got) < len(want) || got[1:len(want)+1] != want {
		t.Fatalf("get /: %s", got)
	}
	if got := jsMust(t, e, "Site", "s", "get", `"/missing"`); got != `{"status":404,"type":"text/html; charset=utf-8","etag":"\"`+etagOf(t, e)+`\"","body":"gone","tag":"[object Fetcher]"}` {
		t.Fatalf("get /missing: %s", got)
	}
}

// TestJSAssetsBindingLargeBody: a body over the host's buffer size (1 MiB) arrives
// whole through env.ASSETS.fetch.
func TestJSAssetsBindingLargeBody(t *testing.T) {
	e := newEngine(t, Options{})
	big := strings.Repeat("0123456789abcdef", 3<<16) // 3 MiB
	b := withAssets(t, jsBundle(`{"name":"site","bindings":{},"vars":{},"assets":{"binding":"ASSETS"}}`, `
class Site extends DurableObject {
  async size() { const r = await this.env.ASSETS.fetch("https://x/big.txt"); const t = await r.text(); return [r.status, t.length, t.slice(-4)]; }
}
return { Site };`), map[string]string{"big.txt": big}, assets.Config{Binding: "ASSETS"})
	deployJS(t, e, "Site", b)
	if got := jsMust(t, e, "Site", "s", "size", ""); got != "[200,3145728,\"cdef\"]" {
		t.Fatalf("size: %s", got)
	}
}

// etagOf is the ETag (without quotes) the Site class's assets give 404.html.
func etagOf(t *testing.T, e *Engine) string {
	t.Helper()
	r := e.Assets("Site").Fetch(assets.Request{Method: "GET", Path: "/404"})
	if r.Status != 200 {
		t.Fatalf("404.html: %+v", r)
	}
	for _, h := range r.Header {
		if h[0] == "Etag" {
			return h[1][1 : len(h[1])-1]
		}
	}
	t.Fatal("no ETag")
	return ""
}

// TestJSAssetsKeptWithTheClass: a class's assets are those of its current version,
// kept across a restart; a version without assets has none.
func TestJSAssetsKeptWithTheClass(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t, Options{DataDir: dir})
	if e.Assets("Site") != nil {
		t.Fatal("assets of a class that does not exist")
	}
	b := withAssets(t, jsBundle("", jsAssetsUser), map[string]string{"index.html": "v1"}, assets.Config{})
	deployJS(t, e, "Site", b)
	if s := e.Assets("Site"); s == nil || s.Len() != 1 {
		t.Fatalf("assets after deploy: %v", s)
	}
	e.Close(context.Background())
	e = newEngine(t, Options{DataDir: dir})
	if s := e.Assets("Site"); s == nil || string(s.Fetch(assets.Request{Method: "GET", Path: "/"}).Body) != "v1" {
		t.Fatalf("assets after restart: %v", s)
	}
	deployJS(t, e, "Site", jsBundle("", jsAssetsUser))
	if s := e.Assets("Site"); s != nil {
		t.Fatalf("assets of a version without: %v", s)
	}
}

// TestJSAssetsInvalid: a bundle whose assets do not parse is an invalid plugin.
func TestJSAssetsInvalid(t *testing.T) {
	e := newEngine(t, Options{})
	b := append(jsBundle("", jsAssetsUser), "\n//# sobjectsAssets=0000000000000010\n"...)
	if _, err := e.Deploy(context.Background(), "Site", b); !errors.Is(err, ErrInvalidPlugin) {
		t.Fatalf("err %v", err)
	}
}

// TestJSAssetsSharedByTheClassesOfABundle: the classes deployed from one bundle (a
// project's Worker and its Durable Objects) hold one copy of its assets.
func TestJSAssetsSharedByTheClassesOfABundle(t *testing.T) {
	e := newEngine(t, Options{})
	b := withAssets(t, jsBundle("", jsAssetsUser), map[string]string{"index.html": "shared"}, assets.Config{})
	deployJS(t, e, "Site", b)
	deployJS(t, e, "Other", b)
	if a, o := e.Assets("Site"), e.Assets("Other"); a == nil || a != o {
		t.Fatalf("Site %p, Other %p: want one Set", a, o)
	}
}
