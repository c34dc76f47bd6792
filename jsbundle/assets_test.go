package jsbundle

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/internal/assets"
)

// TestLoadAssets: the assets setting is read, the folder's files go into the bundle
// after the script (less .assetsignore's, _headers, _redirects and the ignore file
// itself), _headers and _redirects become rules of the Config (with a warning for a
// line Cloudflare skips), the binding is in the manifest and no longer an ignored
// binding, and what sobjects does not act on (an unknown field) is listed in Ignored.
func TestLoadAssets(t *testing.T) {
	p, err := Load("testdata/assets")
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs("testdata/assets/public")
	want := &Assets{Directory: abs, Files: 5, Bytes: 96, Config: assets.Config{Binding: "ASSETS",
		NotFoundHandling: "404-page", HTMLHandling: "auto-trailing-slash", RunWorkerFirst: []string{"/api/*"}, NavigationPrefersAssets: true,
		Redirects: []assets.Redirect{{From: "/old-about", To: "/about", Status: 301}, {From: "/blog/:year/:slug", To: "/blog/?y=:year&s=:slug", Status: 302},
			{From: "/docs/*", To: "https://docs.example.com/:splat", Status: 308}, {From: "/app/*", To: "/about", Status: 200}},
		Headers: []assets.HeaderRule{{Path: "/*", Set: [][2]string{{"x-frame-options", "DENY"}}}}},
		Warnings: []string{"_redirects:6: want SOURCE DESTINATION [STATUS], not 1 words"}}
	if !reflect.DeepEqual(p.Assets, want) {
		t.Fatalf("assets %+v\nwant %+v", p.Assets, want)
	}
	if w := []string{"assets.experimental_serve_directly"}; !reflect.DeepEqual(p.Ignored, w) {
		t.Fatalf("ignored %v, want %v", p.Ignored, w)
	}
	if p.IgnoredBindings != nil {
		t.Fatalf("ignored bindings %v", p.IgnoredBindings)
	}
	script, set, err := assets.Cut(p.Bundle)
	if err != nil || set == nil || set.Len() != 5 {
		t.Fatalf("Cut: %v %v", set, err)
	}
	if !bytes.Contains(bytes.SplitN(script, []byte("\n"), 3)[1], []byte(`"assets":{"binding":"ASSETS"}`)) {
		t.Fatalf("manifest lacks the binding: %s", bytes.SplitN(script, []byte("\n"), 3)[1])
	}
	for _, path := range []string{"/index.html", "/404.html", "/about.html", "/blog/index.html", "/css/site.css"} {
		if r := set.Fetch(assets.Request{Method: "GET", Path: path}); r.Status == 404 && path != "/404.html" {
			t.Errorf("%s not in the bundle", path)
		}
	}
	for _, path := range []string{"/app.js.map", "/drafts/x.html", "/_headers", "/_redirects", "/.assetsignore"} {
		if r := set.Fetch(assets.Request{Method: "GET", Path: path}); r.Status != 404 || string(r.Body) != "<h1>Not here</h1>\n" {
			t.Errorf("%s: %d %q, want the 404 page", path, r.Status, r.Body)
		}
	}
	// A bundle uploaded as it is keeps its assets, read back from it.
	q, err := Bundle("again", p.Bundle)
	if err != nil || q.Assets == nil || q.Assets.Files != 5 || !reflect.DeepEqual(q.Assets.Config, want.Config) {
		t.Fatalf("read back: %+v %v", q.Assets, err)
	}
	if !slices.Equal(q.Classes, p.Classes) || q.HasDefault != p.HasDefault {
		t.Fatalf("read back: classes %v default %v", q.Classes, q.HasDefault)
	}
}

func TestLoadAssetsErrors(t *testing.T) {
	dir := t.TempDir()
	conf := func(name, assets string) string {
		write(t, dir, name+"/w.js", "export default { fetch() { return new Response(\"w\"); } };\n")
		write(t, dir, name+"/public/index.html", "i")
		write(t, dir, name+"/wrangler.toml", "main = \"w.js\"\n[assets]\n"+assets)
		return filepath.Join(dir, name)
	}
	for _, tc := range []struct {
		name, assets string
		is           error
		want         string
	}{
		{"ErrNoDirectory", "binding = \"ASSETS\"\n", ErrConfig, "assets: set directory"},
		{"ErrNotAFolder", "directory = \"./missing\"\n", ErrConfig, `assets.directory "./missing" is not a folder`},
		{"ErrHTMLHandling", "directory = \"public\"\nhtml_handling = \"auto\"\n", ErrConfig, `html_handling "auto" is not one of auto-trailing-slash, force-trailing-slash, drop-trailing-slash, none`},
		{"ErrNotFoundHandling", "directory = \"public\"\nnot_found_handling = \"spa\"\n", ErrConfig, `not_found_handling "spa" is not one of none, 404-page, single-page-application`},
		{"ErrRunWorkerFirst", "directory = \"public\"\nrun_worker_first = \"yes\"\n", ErrConfig, "run_worker_first: want true, false or a list of path patterns"},
		{"ErrRunWorkerFirstPattern", "directory = \"public\"\nrun_worker_first = [\"api/*\"]\n", ErrConfig, `pattern "api/*" does not start with /`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(conf(tc.name, tc.assets))
			if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %v with %q", err, tc.is, tc.want)
			}
		})
	}
	t.Run("ErrLinkOutside", func(t *testing.T) {
		p := conf("link", "directory = \"public\"\n")
		write(t, dir, "secret.txt", "secret")
		if err := os.Symlink(filepath.Join(dir, "secret.txt"), filepath.Join(p, "public", "secret.txt")); err != nil {
			t.Skip(err)
		}
		_, err := Load(p)
		if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "secret.txt is a link to "+filepath.Join(dir, "secret.txt")+", outside the folder") {
			t.Fatalf("err %v", err)
		}
	})
	t.Run("OKLinkInside", func(t *testing.T) {
		p := conf("linkin", "directory = \"public\"\n")
		if err := os.Symlink("index.html", filepath.Join(p, "public", "home.html")); err != nil {
			t.Skip(err)
		}
		got, err := Load(p)
		if err != nil || got.Assets.Files != 2 {
			t.Fatalf("%+v %v", got, err)
		}
	})
	t.Run("ErrTooLarge", func(t *testing.T) {
		p := conf("large", "directory = \"public\"\n")
		f, err := os.Create(filepath.Join(p, "public", "big.bin"))
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(assets.MaxBytes) // sparse: with index.html, one byte over
		f.Close()
		_, err = Load(p)
		if !errors.Is(err, assets.ErrTooLarge) || !strings.Contains(err.Error(), "more than 25165824 bytes") {
			t.Fatalf("err %v", err)
		}
	})
}

// TestLoadAssetsOnly: a project with assets and no main is a Worker that answers
// from its assets (binding ASSETS), as Cloudflare serves such a project.
func TestLoadAssetsOnly(t *testing.T) {
	p, err := Load("testdata/assets_only")
	if err != nil {
		t.Fatal(err)
	}
	if !p.HasDefault || !slices.Equal(p.DeployClasses(), []string{"spa"}) || p.Main != "" || p.Assets == nil ||
		p.Assets.Files != 2 || p.Assets.Config.Binding != "ASSETS" || p.Assets.Config.NotFoundHandling != "single-page-application" {
		t.Fatalf("%+v %+v", p, p.Assets)
	}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
}
