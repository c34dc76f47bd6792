package host

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// jsBundle makes a bundle as package jsbundle would, from a script that assigns
// __sobjects_exports (host tests cannot import jsbundle's esbuild).
func jsBundle(manifest, script string) []byte {
	if manifest == "" {
		manifest = `{"name":"test","bindings":{},"vars":{}}`
	}
	return []byte(jsBundleMarker + "\nglobalThis.__sobjects_manifest = " + manifest + ";\n" +
		"var __sobjects_exports = (() => { const { DurableObject } = globalThis.__sobjects_workers;\n" + script + "\n})();\n")
}

const jsCounter = `
class Counter extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY, value INTEGER NOT NULL)");
  }
  async increment(arg = {}) {
    const by = arg.by ?? 1;
    return { value: this.ctx.storage.sql.exec("INSERT INTO counter(id, value) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET value = value + excluded.value RETURNING value", by).one().value };
  }
  async get() {
    const rows = this.ctx.storage.sql.exec("SELECT value FROM counter WHERE id = 1").toArray();
    return { value: rows.length ? rows[0].value : 0 };
  }
  noop() {}
  async boom() { throw new Error("boom"); }
  async fetch(request) { return new Response("hi " + new URL(request.url).pathname); }
}
return { Counter };`

func deployJS(t testing.TB, e *Engine, class string, bundle []byte) ClassInfo {
	t.Helper()
	info, err := e.Deploy(context.Background(), class, bundle)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

func TestJSCounter(t *testing.T) {
	e := newEngine(t, Options{})
	info := deployJS(t, e, "JSCounter", jsBundle("", jsCounter))
	if strings.Join(info.Methods, ",") != "boom,get,increment,noop" {
		t.Fatalf("methods %v", info.Methods)
	}
	for i := 1; i <= 3; i++ {
		m := mustCall(t, e, "JSCounter", "a", "increment", `{"by":2}`)
		if m["value"] != float64(2*i) {
			t.Fatalf("increment %d: %v", i, m)
		}
	}
	if m := mustCall(t, e, "JSCounter", "a", "get", ""); m["value"] != float64(6) {
		t.Fatalf("get: %v", m)
	}
	_, err := e.Call(context.Background(), "JSCounter", "a", "boom", nil)
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != abi.CodeInternal || !strings.Contains(ae.Message, "boom") {
		t.Fatalf("boom: %v", err)
	}
	resp, err := e.Fetch(context.Background(), "JSCounter", "a", FetchRequest{Method: "GET", URL: "/x"})
	if err != nil || string(resp.Body) != "hi /x" {
		t.Fatalf("fetch: %+v %v", resp, err)
	}
}

func BenchmarkJSCall(b *testing.B) {
	e := newEngine(b, Options{})
	deployJS(b, e, "JSCounter", jsBundle("", jsCounter))
	ctx := context.Background()
	for _, c := range []struct{ class, method string }{{"JSCounter", "noop"}, {"JSCounter", "get"}, {"counter", "get"}} {
		b.Run(c.class+"/"+c.method, func(b *testing.B) {
			if _, err := e.Call(ctx, c.class, "a", c.method, nil); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := e.Call(ctx, c.class, "a", c.method, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
