package jsbundle

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// bundleMap decodes the source map line of a bundle.
func bundleMap(t *testing.T, bundle []byte) map[string]any {
	t.Helper()
	_, line := cutSourceMap(bundle)
	b64, ok := bytes.CutPrefix(bytes.TrimSuffix(line, []byte("\n")), []byte(SourceMapPrefix))
	if !ok {
		t.Fatalf("no source map line at the end of the bundle")
	}
	js, err := base64.StdEncoding.DecodeString(string(b64))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A bundle ends with its source map: version 3, the sources relative to the project's
// folder (TypeScript files by their own names), without their contents, and lines
// counted from the bundle's first line (two empty lines for the marker and the
// manifest). An uploaded source maps to NAME.js.
func TestBundleHasSourceMap(t *testing.T) {
	p, err := Load("testdata/sourcemap")
	if err != nil {
		t.Fatal(err)
	}
	m := bundleMap(t, p.Bundle)
	if m["version"] != 3.0 || m["sourcesContent"] != nil {
		t.Errorf("map %v", m)
	}
	if want := []any{"src/object.ts", "sobjects:workers", "src/lib.ts"}; !reflect.DeepEqual(m["sources"], want) {
		t.Errorf("sources %v, want %v", m["sources"], want)
	}
	if s, _ := m["mappings"].(string); !strings.HasPrefix(s, ";;") {
		t.Errorf("mappings %.40q do not skip the marker and the manifest", s)
	}
	if bytes.Contains(p.Bundle, []byte("interface Shape")) {
		t.Errorf("the bundle holds the TypeScript source")
	}
	q, err := bundleHere("up", []byte("export class A { m() { throw new Error('x') } }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m := bundleMap(t, q.Bundle); !reflect.DeepEqual(m["sources"], []any{"up.js"}) {
		t.Errorf("upload sources %v", m["sources"])
	}
}
