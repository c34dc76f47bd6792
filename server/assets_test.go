package server

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/internal/assets"
	"github.com/sobjects/sobjects/jsbundle"
)

// assetsSite starts a server whose Worker is jsbundle/testdata/assets: static assets
// with binding ASSETS, 404-page, run_worker_first ["/api/*"].
func assetsSite(t *testing.T) *env {
	t.Helper()
	v := start(t, Options{Worker: "assets-site"})
	deployProject(t, v, "../jsbundle/testdata/assets", "assets-site")
	return v
}

// send sends a request with the path as written (no cleaning) and returns the
// response and its body.
func (v *env) send(method, path string, header ...string) (*http.Response, string) {
	v.t.Helper()
	req, err := http.NewRequest(method, v.url+"/", nil)
	if err != nil {
		v.t.Fatal(err)
	}
	req.URL.Opaque = path
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultTransport.RoundTrip(req) // redirects not followed
	if err != nil {
		v.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestAssetsServedBeforeTheWorker: an asset is answered before the Worker, with the
// headers Cloudflare sends; the Worker answers what matches no asset and the paths of
// run_worker_first.
func TestAssetsServedBeforeTheWorker(t *testing.T) {
	v := assetsSite(t)
	resp, body := v.send("GET", "/")
	etag := resp.Header.Get("ETag")
	if resp.StatusCode != 200 || body != "<!DOCTYPE html><h1>Home</h1>\n" || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" ||
		resp.Header.Get("Cache-Control") != assets.CacheControl || !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(etag) ||
		resp.Header.Get("Content-Length") != "29" {
		t.Fatalf("GET /: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	if resp, body := v.send("GET", "/css/site.css", "Authorization", "Bearer x"); resp.StatusCode != 200 || body != "body { color: red }\n" ||
		resp.Header.Get("Content-Type") != "text/css; charset=utf-8" || resp.Header.Get("Cache-Control") != "" {
		t.Fatalf("GET /css/site.css with Authorization: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	if resp, body := v.send("GET", "/api/items"); resp.StatusCode != 200 || body != `{"worker":true,"path":"/api/items"}` {
		t.Fatalf("run_worker_first: %d %q", resp.StatusCode, body)
	}
	if resp, body := v.send("GET", "/no/such/page"); resp.StatusCode != 200 || body != "worker: /no/such/page" {
		t.Fatalf("no asset: %d %q", resp.StatusCode, body)
	}
	// A navigation request that no asset matches gets the 404 page (the compatibility
	// date is after 2025-04-01).
	if resp, body := v.send("GET", "/no/such/page", "Sec-Fetch-Mode", "navigate"); resp.StatusCode != 404 || body != "<h1>Not here</h1>\n" {
		t.Fatalf("navigation: %d %q", resp.StatusCode, body)
	}
}

// TestAssetsConditionalHEADAndRedirects: If-None-Match with the asset's ETag is a 304
// without a body; HEAD has the headers and no body; /about.html redirects to /about
// (html_handling auto-trailing-slash), the query kept; POST to an asset is 405.
func TestAssetsConditionalHEADAndRedirects(t *testing.T) {
	v := assetsSite(t)
	first, _ := v.send("GET", "/about")
	etag := first.Header.Get("ETag")
	for _, inm := range []string{etag, "W/" + etag} {
		if resp, body := v.send("GET", "/about", "If-None-Match", inm); resp.StatusCode != 304 || body != "" || resp.Header.Get("ETag") != etag {
			t.Fatalf("If-None-Match %s: %d %q %v", inm, resp.StatusCode, body, resp.Header)
		}
	}
	if resp, body := v.send("GET", "/about", "If-None-Match", `"stale"`); resp.StatusCode != 200 || body != "<h1>About</h1>\n" {
		t.Fatalf("stale ETag: %d %q", resp.StatusCode, body)
	}
	if resp, body := v.send("HEAD", "/about"); resp.StatusCode != 200 || body != "" || resp.Header.Get("ETag") != etag ||
		resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("HEAD: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	if resp, _ := v.send("GET", "/about.html?x=1"); resp.StatusCode != 307 || resp.Header.Get("Location") != "/about?x=1" {
		t.Fatalf("redirect: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, _ := v.send("GET", "/blog"); resp.StatusCode != 307 || resp.Header.Get("Location") != "/blog/" {
		t.Fatalf("folder redirect: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, _ := v.send("POST", "/about"); resp.StatusCode != 405 {
		t.Fatalf("POST: %d", resp.StatusCode)
	}
}

// TestAssetsBinding: the Worker's env.ASSETS.fetch answers from the assets with
// not_found_handling (the 404 page, status 404) and the same ETag.
func TestAssetsBinding(t *testing.T) {
	v := assetsSite(t)
	direct, _ := v.send("GET", "/about")
	resp, body := v.send("GET", "/via-binding/about")
	if resp.StatusCode != 200 || body != "<h1>About</h1>\n" || resp.Header.Get("X-Etag") != direct.Header.Get("ETag") ||
		resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("binding: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	if resp, body := v.send("GET", "/via-binding/missing"); resp.StatusCode != 404 || body != "<h1>Not here</h1>\n" {
		t.Fatalf("binding, no asset: %d %q", resp.StatusCode, body)
	}
	if resp, body := v.send("GET", "/via-binding/about", "If-None-Match", direct.Header.Get("ETag")); resp.Header.Get("X-Status") != "304" || body != "" {
		t.Fatalf("binding, If-None-Match: %d %q %v", resp.StatusCode, body, resp.Header)
	}
}

// TestAssetsPathTraversal: ../ in a request, plain or percent-encoded, reaches no
// file outside the assets folder: such a path matches no asset and goes to the Worker.
func TestAssetsPathTraversal(t *testing.T) {
	v := assetsSite(t)
	for _, p := range []string{"/../wrangler.jsonc", "/%2e%2e/wrangler.jsonc", "/..%2fsrc%2findex.js", "/css/../../src/index.js", "/%2e%2e%2f%2e%2e%2fsrc/index.js"} {
		resp, body := v.send("GET", p)
		if strings.Contains(body, "export default") || strings.Contains(body, "assets-site") || (resp.StatusCode == 200 && !strings.HasPrefix(body, "worker: ")) {
			t.Errorf("%s: %d %q", p, resp.StatusCode, body)
		}
	}
}

// TestAssetsUploadErrors: an uploaded bundle whose assets are malformed (a file named
// ../x) is refused with 422.
func TestAssetsUploadErrors(t *testing.T) {
	v := start(t, Options{Worker: "w"})
	p, err := jsbundle.Load("../jsbundle/testdata/assets")
	if err != nil {
		t.Fatal(err)
	}
	main, archive, err := assets.Split(p.Bundle)
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(archive, []byte("css/site.css"), []byte("../x/site.cs"), -1)
	pb := v.problem("PUT", "/v1/classes/w", assets.Append(main, bad), 422, "invalid_plugin")
	if !strings.Contains(pb.Detail, `file name "../x/site.cs"`) {
		t.Fatalf("detail %q", pb.Detail)
	}
}

// TestAssetsOnlyProject: a project of assets only answers every path from them:
// not_found_handling (here the single-page application's index.html) applies to any
// request, not only to navigations.
func TestAssetsOnlyProject(t *testing.T) {
	v := start(t, Options{Worker: "spa"})
	deployProject(t, v, "../jsbundle/testdata/assets_only", "spa")
	if resp, body := v.send("GET", "/app.js"); resp.StatusCode != 200 || body != "console.log(1)\n" || resp.Header.Get("Content-Type") != "application/javascript" {
		t.Fatalf("app.js: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	if resp, body := v.send("GET", "/some/client/route"); resp.StatusCode != 200 || body != "<div id=\"app\"></div>\n" {
		t.Fatalf("client route: %d %q", resp.StatusCode, body)
	}
}

// TestAssetsRedirectsAndHeaders: the assets folder's _redirects rules answer before
// the assets and the Worker (a 200 rule serves another asset at the URL asked), and
// its _headers rules add to what the assets answer, never to the Worker's responses.
func TestAssetsRedirectsAndHeaders(t *testing.T) {
	v := assetsSite(t)
	if resp, _ := v.send("GET", "/old-about?ref=x"); resp.StatusCode != 301 || resp.Header.Get("Location") != "/about?ref=x" ||
		resp.Header.Get("X-Frame-Options") != "DENY" {
		t.Fatalf("static redirect: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, _ := v.send("GET", "/blog/2024/hello"); resp.StatusCode != 302 || resp.Header.Get("Location") != "/blog/?y=2024&s=hello" {
		t.Fatalf("placeholders: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, _ := v.send("GET", "/docs/a/b"); resp.StatusCode != 308 || resp.Header.Get("Location") != "https://docs.example.com/a/b" {
		t.Fatalf("splat: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, body := v.send("GET", "/app/deep/route"); resp.StatusCode != 200 || body != "<h1>About</h1>\n" || resp.Header.Get("X-Frame-Options") != "DENY" {
		t.Fatalf("rewrite: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	if resp, _ := v.send("GET", "/about"); resp.Header.Get("X-Frame-Options") != "DENY" {
		t.Fatalf("an asset lacks the _headers header: %v", resp.Header)
	}
	if resp, body := v.send("GET", "/no/such/page"); body != "worker: /no/such/page" || resp.Header.Get("X-Frame-Options") != "" {
		t.Fatalf("the Worker's response got the assets' headers: %q %v", body, resp.Header)
	}
}
