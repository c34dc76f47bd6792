package plugins

import (
	"context"
	"maps"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
)

// The engine holds a JavaScript class to the bindings of its wrangler file: the ones
// package jsbundle writes into the bundle are the ones the engine reads back from it
// (host.bundleBindings and jsbundle's manifest line must agree).
func TestEngineReadsTheBindingsOfTheWranglerFile(t *testing.T) {
	p, err := jsbundle.Load("js")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, b := range p.Bindings {
		want[b.Name] = b.Class
	}
	if len(want) == 0 {
		t.Fatal("plugins/js/wrangler.toml declares no bindings")
	}
	ctx := context.Background()
	e, err := host.New(ctx, host.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(ctx)
	info, err := e.Deploy(ctx, p.Name, p.Bundle)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(info.Bindings, want) {
		t.Fatalf("the engine read bindings %v from the bundle, jsbundle wrote %v", info.Bindings, want)
	}
}
