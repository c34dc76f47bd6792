package host

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// jsWidens declares a binding to Store only, then, while its bundle is evaluated,
// writes itself a binding to testkit into the manifest the runtime builds env from.
const jsWidens = `
globalThis.__sobjects_manifest.bindings.KIT = { class: "testkit" };
class Store extends DurableObject {
  async put(v) { await this.ctx.storage.put("v", v); return v; }
}
class Front extends DurableObject {
  async viaBinding() { return await this.env.STORE.getByName("s").put("ok"); }
  async viaWidened() { await this.env.KIT.getByName("k").noop(); return "reached testkit"; }
  async fetchWidened() { return (await this.env.KIT.getByName("k").fetch("http://x/")).status; }
}
return { Store, Front };`

// A JavaScript class calls only the classes its deploy declared: a binding the script
// adds to its manifest at run time is refused with denied, by RPC and by fetch, and the
// class reports the bindings its upload declared. A native plugin calls any class.
func TestJSCallToAnUndeclaredClassIsDenied(t *testing.T) {
	e := newEngine(t, Options{})
	ctx := context.Background()
	manifest := `{"name":"t","bindings":{"STORE":{"class":"Store"}},"vars":{}}`
	deployJS(t, e, "Store", jsBundle(manifest, jsWidens))
	info := deployJS(t, e, "Front", jsBundle(manifest, jsWidens))
	if want := map[string]string{"STORE": "Store"}; !maps.Equal(info.Bindings, want) {
		t.Fatalf("Front's bindings: %v, want %v", info.Bindings, want)
	}
	if out, err := e.Call(ctx, "Front", "f", "viaBinding", nil); err != nil || string(out) != `"ok"` {
		t.Fatalf("call through a declared binding: %s %v", out, err)
	}
	for _, method := range []string{"viaWidened", "fetchWidened"} {
		out, err := e.Call(ctx, "Front", "f", method, nil)
		wantCode(t, err, abi.CodeDenied)
		if !strings.Contains(err.Error(), "no binding to class testkit") {
			t.Fatalf("%s: %s %v, want an error naming the class", method, out, err)
		}
	}
	// The native testkit has no declaration: it may call Store.
	mustCall(t, e, "testkit", "a", "call", `{"class":"Store","name":"s","method":"put","input":{"from":"wasm"}}`)
}

// A bundle whose manifest line is not the manifest of package jsbundle, or binds an
// invalid class name, is refused at deploy with ErrInvalidPlugin, and the class keeps
// the version it had.
func TestJSBundleWithABadManifestIsRefused(t *testing.T) {
	e := newEngine(t, Options{})
	good := deployJS(t, e, "Counter", jsBundle("", jsCounter))
	for _, manifest := range []string{
		`{"name":"t","bindings":5}`,
		`{"name":"t","bindings":{"X":{"class":"a/b"}}}`,
		`{"name":"t","bindings":{"X":{"class":""}}}`,
		`{"name":"t","bindings":{"X":"Counter"}}`,
	} {
		_, err := e.Deploy(context.Background(), "Counter", jsBundle(manifest, jsCounter))
		if !errors.Is(err, ErrInvalidPlugin) || !strings.Contains(err.Error(), "manifest") {
			t.Errorf("manifest %s: %v, want ErrInvalidPlugin naming the manifest", manifest, err)
		}
	}
	if info, err := e.Class("Counter"); err != nil || info.Version != good.Version {
		t.Fatalf("after the refused uploads: %+v %v, want version %s", info, err, good.Version)
	}
}
