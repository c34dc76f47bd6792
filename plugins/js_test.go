package plugins

import (
	"bytes"
	"flag"
	"os"
	"slices"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
)

var update = flag.Bool("update", false, "rewrite js/js-examples.bundle.js from the sources")

// The committed bundle of the JavaScript examples is what their sources bundle to.
func TestJSExamplesBundle(t *testing.T) {
	p, err := jsbundle.Load("js")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("js/js-examples.bundle.js", p.Bundle, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(p.Bundle, JSExamples()) {
		t.Fatal("plugins/js/js-examples.bundle.js is stale: go test ./plugins -run TestJSExamplesBundle -update")
	}
	if !host.IsJSBundle(p.Bundle) || !jsbundle.IsBundle(p.Bundle) {
		t.Fatal("the engine and package jsbundle disagree on what a bundle is (host.jsBundleMarker, jsbundle.Marker)")
	}
	if p.Name != JSExamplesWorker || !p.HasDefault {
		t.Fatalf("project %q (default export %v), want the Worker %q", p.Name, p.HasDefault, JSExamplesWorker)
	}
	var classes []string
	for _, b := range p.Bindings {
		classes = append(classes, b.Class)
	}
	for _, c := range JSExampleClasses {
		if !slices.Contains(classes, c) {
			t.Fatalf("class %s is not bound in plugins/js/wrangler.toml (%v)", c, classes)
		}
	}
}
