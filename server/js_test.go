package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
)

// TestUploadJS: an upload that is not WebAssembly is JavaScript, bundled by the server;
// one that fails to build or uses what the host does not provide is refused.
func TestUploadJS(t *testing.T) {
	v := start(t, Options{})
	t.Run("ErrUnsupported", func(t *testing.T) {
		p := v.problem("PUT", "/v1/classes/mine", []byte(`import { connect } from "cloudflare:sockets";
import { readFileSync } from "node:fs";
import { WorkflowEntrypoint } from "cloudflare:workers";
export class Mine extends WorkflowEntrypoint { f() { return [connect, readFileSync]; } }
`), 400, "unsupported_api")
		if !strings.Contains(p.Detail, "cloudflare:sockets, node:fs") || strings.Contains(p.Detail, "WorkflowEntrypoint") {
			t.Fatalf("detail %q", p.Detail)
		}
	})
	t.Run("OKStubbed", func(t *testing.T) {
		// What Cloudflare's cloudflare:workers exports and sobjects lacks loads, and
		// fails where it is used, naming itself; waitUntil, which it has, works.
		status, body, _ := v.do("PUT", "/v1/classes/Flows", []byte(`import { DurableObject, WorkflowEntrypoint, withEnv, waitUntil } from "cloudflare:workers";
export class Flow extends WorkflowEntrypoint {}
export class Flows extends DurableObject {
  kind() { return typeof Flow; }
  scoped() { return withEnv({}, () => 1); }
  later() { waitUntil(this.ctx.storage.put("k", 1)); return 1; }
  async stored() { return (await this.ctx.storage.get("k")) ?? null; }
}
`))
		if status != 200 {
			t.Fatalf("upload: %d %s", status, body)
		}
		if status, body, _ := v.do("POST", "/v1/objects/Flows/a/kind", nil); status != 200 || string(body) != `"function"` {
			t.Fatalf("kind: %d %s", status, body)
		}
		p := v.problem("POST", "/v1/objects/Flows/a/scoped", nil, 500, "internal")
		if !strings.Contains(p.Detail, "withEnv from cloudflare:workers is not supported by sobjects") {
			t.Fatalf("scoped: detail %q", p.Detail)
		}
		if status, body, _ := v.do("POST", "/v1/objects/Flows/a/later", nil); status != 200 || string(body) != "1" {
			t.Fatalf("later: %d %s", status, body)
		}
		if status, body, _ := v.do("POST", "/v1/objects/Flows/a/stored", nil); status != 200 || string(body) != "1" {
			t.Fatalf("stored: %d %s", status, body)
		}
	})
	t.Run("ErrUnsupportedBundle", func(t *testing.T) {
		// A finished bundle that would require() an unsupported module.
		proj, err := jsbundle.Load("../jsbundle/testdata/unsupported")
		if err != nil {
			t.Fatal(err)
		}
		p := v.problem("PUT", "/v1/classes/mine", proj.Bundle, 400, "unsupported_api")
		if !strings.Contains(p.Detail, "node:fs") {
			t.Fatalf("detail %q", p.Detail)
		}
	})
	t.Run("ErrSyntax", func(t *testing.T) {
		p := v.problem("PUT", "/v1/classes/mine", []byte("export class Mine {\n  get( {}\n}\n"), 400, "build_failed")
		if !strings.Contains(p.Detail, "mine.js:3:1: Expected \")\"") {
			t.Fatalf("detail %q", p.Detail)
		}
	})
	t.Run("ErrImport", func(t *testing.T) {
		p := v.problem("PUT", "/v1/classes/mine", []byte(`import pad from "left-pad"; export default { fetch() { return pad; } };`), 400, "build_failed")
		if !strings.Contains(p.Detail, "left-pad") {
			t.Fatalf("detail %q", p.Detail)
		}
	})
	t.Run("ErrNotText", func(t *testing.T) {
		p := v.problem("PUT", "/v1/classes/mine", []byte("\xff\xfe not wasm, not text"), 422, "invalid_plugin")
		if !strings.Contains(p.Detail, "neither WebAssembly") {
			t.Fatalf("detail %q", p.Detail)
		}
	})
	t.Run("OK", func(t *testing.T) {
		status, body, _ := v.do("PUT", "/v1/classes/Counter", []byte(`import { DurableObject } from "cloudflare:workers";
export class Counter extends DurableObject { increment() { return 1; } }
`))
		if status != 200 {
			t.Fatalf("upload: %d %s", status, body)
		}
		if status, body, _ := v.do("POST", "/v1/objects/Counter/a/increment", nil); status != 200 || string(body) != "1" {
			t.Fatalf("call uploaded class: %d %s", status, body)
		}
		// A finished bundle is deployed as it is.
		proj, err := jsbundle.Load("../jsbundle/testdata/jsonc")
		if err != nil {
			t.Fatal(err)
		}
		if status, body, _ := v.do("PUT", "/v1/classes/Room", proj.Bundle); status != 200 {
			t.Fatalf("upload bundle: %d %s", status, body)
		}
	})
}

// TestJSObjectNames: the object routes decode a name once and take any name a
// JavaScript caller can make for a JavaScript class ('/', "..", NUL, '%', up to
// host.MaxObjectNameBytes bytes); a longer one is refused with 400 invalid_name.
func TestJSObjectNames(t *testing.T) {
	v := start(t, Options{})
	if status, body, _ := v.do("PUT", "/v1/classes/Names", []byte(`import { DurableObject } from "cloudflare:workers";
export class Names extends DurableObject {
  whoAmI() { return this.ctx.id.name; }
}
`)); status != 200 {
		t.Fatalf("upload: %d %s", status, body)
	}
	long := strings.Repeat("n", host.MaxObjectNameBytes)
	for _, c := range []struct{ path, name string }{
		{"a%2Fb", "a/b"},
		{"..", ".."},
		{"..%2F..%2Fetc", "../../etc"},
		{"a%00b", "a\x00b"},
		{"a%2541", "a%41"},
		{"%C3%A9%20%F0%9F%98%80", "é 😀"},
		{long, long},
	} {
		status, body, _ := v.do("POST", "/v1/objects/Names/"+c.path+"/whoAmI", nil)
		want, _ := json.Marshal(c.name)
		if status != 200 || string(body) != string(want) {
			t.Errorf("name %.40q: %d %.80s, want ctx.id.name %.40s", c.path, status, body, want)
		}
	}
	v.problem("POST", "/v1/objects/Names/"+long+"n/whoAmI", nil, 400, "invalid_name")
	v.problem("POST", "/v1/objects/Names/%C3%28/whoAmI", nil, 400, "invalid_name")
}
