package host

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

// A binding of the wrangler file that sobjects does not provide (the manifest's
// ignored) is in env, as on Cloudflare, and its every use throws an Error naming it;
// the vars and Durable Object bindings beside it read as ever, a var of the same name
// wins, and env still logs and serializes.
func TestJSIgnoredBindingThrowsWhereItIsUsed(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Ign", jsBundle(`{"name":"ign","bindings":{"SELF":{"class":"Ign"}},"vars":{"V":"v"},"ignored":{"MY_KV":"kv_namespaces.MY_KV","V":"kv_namespaces.V"}}`, `
class Ign extends DurableObject {
  use() { return this.env.MY_KV.get("k"); }
  look() {
    console.log(this.env);
    return { keys: Object.keys(this.env).sort(), has: "MY_KV" in this.env, type: typeof this.env.MY_KV, v: this.env.V,
      self: typeof this.env.SELF.idFromName, json: JSON.stringify(this.env.MY_KV) };
  }
  async awaited() { const kv = await this.env.MY_KV; return kv === this.env.MY_KV; }
}
return { Ign };`))
	_, err := jsCall(t, e, "Ign", "a", "use", "")
	if err == nil || !strings.Contains(err.Error(), "Error: env.MY_KV.get: sobjects does not provide the binding kv_namespaces.MY_KV") {
		t.Errorf("use: %v, want an error naming env.MY_KV.get", err)
	}
	if out := jsMust(t, e, "Ign", "a", "look", ""); out != `{"keys":["MY_KV","SELF","V"],"has":true,"type":"object","v":"v","self":"function","json":"{}"}` {
		t.Errorf("look: %s", out)
	}
	if out := jsMust(t, e, "Ign", "a", "awaited", ""); out != "true" {
		t.Errorf("awaited: %s", out)
	}
}

// vlq appends v in the base64 VLQ of source maps.
func vlq(b []byte, v int) []byte {
	const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	u := v << 1
	if v < 0 {
		u = -v<<1 | 1
	}
	for {
		d := u & 31
		u >>= 5
		if u > 0 {
			d |= 32
		}
		b = append(b, digits[d])
		if u == 0 {
			return b
		}
	}
}

// withSourceMap appends to bundle the source map line jsbundle writes: generated line
// g (1-based) from first on maps, from its first column, to line g+shift of
// src/object.ts.
func withSourceMap(bundle []byte, first, shift int) []byte {
	lines := bytes.Count(bundle, []byte("\n")) + 1
	var m []byte
	prev := 0
	for g := 1; g <= lines; g++ {
		if g > 1 {
			m = append(m, ';')
		}
		if g < first {
			continue
		}
		src := g + shift - 1 // 0-based
		m = vlq(vlq(vlq(vlq(m, 0), 0), src-prev), 0)
		prev = src
	}
	js, _ := json.Marshal(map[string]any{"version": 3, "sources": []string{"src/object.ts"}, "names": []string{}, "mappings": string(m)})
	return append(bundle, []byte(jsSourceMapPrefix+base64.StdEncoding.EncodeToString(js)+"\n")...)
}

const jsSourceMapPrefix = "//# sourceMappingURL=data:application/json;base64,"

const jsThrower = `
class Thrower extends DurableObject {
  boom() { throw new TypeError("from line 6 of the bundle"); }
  logged() { try { null.x; } catch (e) { console.error(e); return e.stack; } }
  nested() { const f = () => { throw new Error("deep"); }; return [1].map(f); }
}
return { Thrower };`

// With the bundle's source map, err.stack, the failure the caller gets and the logged
// error name the project's file and line (src/object.ts:N), not the bundle's; a frame
// the map does not cover keeps the bundle's place.
func TestJSErrorStackNamesTheSourceFileAndLine(t *testing.T) {
	w := &syncWriter{}
	e := newEngine(t, Options{Logger: slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	// Lines 1-3: marker, manifest, IIFE head; the class starts on line 5. Bundle line g
	// is src/object.ts line g+10.
	deployJS(t, e, "Thrower", withSourceMap(jsBundle("", jsThrower), 4, 10))
	_, err := jsCall(t, e, "Thrower", "a", "boom", "")
	if err == nil || !strings.Contains(err.Error(), "TypeError: from line 6 of the bundle\n    at boom (src/object.ts:16:") {
		t.Errorf("boom: %v, want its frame at src/object.ts:16", err)
	}
	stack := jsMust(t, e, "Thrower", "a", "logged", "")
	if !strings.Contains(stack, `at logged (src/object.ts:17:`) {
		t.Errorf("logged: err.stack %s", stack)
	}
	if !strings.Contains(w.String(), `at logged (src/object.ts:17:`) {
		t.Errorf("the logged error does not name src/object.ts:17:\n%s", w.String())
	}
	_, err = jsCall(t, e, "Thrower", "a", "nested", "")
	if err == nil || !strings.Contains(err.Error(), "(src/object.ts:18:") || !strings.Contains(err.Error(), "at nested (src/object.ts:18:") {
		t.Errorf("nested: %v", err)
	}

	// Lines before 7 unmapped: boom keeps the bundle's own place.
	deployJS(t, e, "Partly", withSourceMap(jsBundle("", strings.ReplaceAll(jsThrower, "Thrower", "Partly")), 7, 10))
	if _, err := jsCall(t, e, "Partly", "a", "boom", ""); err == nil || !strings.Contains(err.Error(), "at boom (Partly.js:6:") {
		t.Errorf("unmapped boom: %v", err)
	}
}

// A source map line that cannot be read (not base64, not JSON, bad mappings) is
// ignored: the bundle deploys and its stacks name the bundle's lines.
func TestJSBadSourceMapIsIgnored(t *testing.T) {
	e := newEngine(t, Options{})
	for i, tail := range []string{"%%%", base64.StdEncoding.EncodeToString([]byte("{")),
		base64.StdEncoding.EncodeToString([]byte(`{"version":3,"sources":["a.ts"],"mappings":"A!"}`)),
		base64.StdEncoding.EncodeToString([]byte(`{"version":3,"sources":[],"mappings":"AAAA"}`))} {
		class := fmt.Sprintf("Bad%d", i)
		deployJS(t, e, class, append(jsBundle("", strings.ReplaceAll(jsThrower, "Thrower", class)), []byte(jsSourceMapPrefix+tail+"\n")...))
		if _, err := jsCall(t, e, class, "a", "boom", ""); err == nil || !strings.Contains(err.Error(), "at boom ("+class+".js:6:") {
			t.Errorf("%s: %v", tail, err)
		}
	}
}

const jsRecursion = `
let topLevel;
{ const f = () => f() + 1; try { f(); } catch (e) { topLevel = e.name + ": " + e.message; } }
class Recursion extends DurableObject {
  constructor(ctx, env) { super(ctx, env); this.calls = 0; }
  caught() {
    this.calls++;
    let depth = 0;
    const f = () => { depth++; return f() + 1; };
    try { f(); return "no throw"; } catch (e) {
      return { name: e.name, message: e.message, range: e instanceof RangeError, deep: depth > 500, head: e.stack.split("\n")[0], frame: e.stack.split("\n")[1], calls: this.calls, topLevel };
    }
  }
  // Again and again in one call, through the engine's own functions (map, a getter,
  // a constructor, toString), and in an async function.
  async ways() {
    this.calls++;
    const out = [];
    const tryIt = (g) => { try { g(); out.push("none"); } catch (e) { out.push(e instanceof RangeError ? e.message : String(e)); } };
    for (let i = 0; i < 3; i++) tryIt(function f() { return f() + 1; });
    tryIt(function f() { return [0].map(f); });
    const o = { get x() { return this.x + 1; } };
    tryIt(() => o.x);
    class C { constructor() { new C(); } }
    tryIt(() => new C());
    const s = { toString() { return "" + s; } };
    tryIt(() => String(s));
    async function a() { return await a(); }
    try { await a(); out.push("none"); } catch (e) { out.push("async " + e.message); }
    return { out, calls: this.calls };
  }
  uncaught() { this.calls++; const f = () => f() + 1; return f(); }
  calls_() { return ++this.calls; }
}
return { Recursion };`

// Recursion without end throws a RangeError, "Maximum call stack size exceeded", as V8
// does: the script catches it (as often as it likes, however the recursion goes
// through the engine's functions), and an uncaught one fails only its call: the
// instance goes on, with its state in memory.
func TestJSStackOverflowIsACatchableRangeError(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Recursion", jsBundle("", strings.Replace(jsRecursion, "calls_()", "count()", 1)))
	want := `{"name":"RangeError","message":"Maximum call stack size exceeded","range":true,"deep":true,` +
		`"head":"RangeError: Maximum call stack size exceeded","frame":"    at f (Recursion.js:12:39)","calls":1,` +
		`"topLevel":"RangeError: Maximum call stack size exceeded"}`
	if out := jsMust(t, e, "Recursion", "a", "caught", ""); out != want {
		t.Errorf("caught:\n%s\nwant\n%s", out, want)
	}
	m := "Maximum call stack size exceeded"
	wantWays := `{"out":["` + strings.Repeat(m+`","`, 7) + `async ` + m + `"],"calls":2}`
	if out := jsMust(t, e, "Recursion", "a", "ways", ""); out != wantWays {
		t.Errorf("ways:\n%s\nwant\n%s", out, wantWays)
	}
	_, err := jsCall(t, e, "Recursion", "a", "uncaught", "")
	if err == nil || !strings.Contains(err.Error(), "RangeError: Maximum call stack size exceeded\n    at f (Recursion.js:") {
		t.Errorf("uncaught: %v", err)
	}
	if out := jsMust(t, e, "Recursion", "a", "count", ""); out != "4" {
		t.Errorf("count after the overflows: %s, want 4 (the same instance)", out)
	}
	if out := jsMust(t, e, "Recursion", "a", "caught", ""); !strings.Contains(out, `"calls":5`) {
		t.Errorf("caught again: %s", out)
	}
}
