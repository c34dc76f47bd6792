package server

import (
	"strings"
	"testing"
)

// An upload of 2 MB of `return [[[...]]]` (10^6 levels), which esbuild cannot parse
// without exhausting its stack and which used to end the server, is answered 400
// build_failed naming the file and line; the server goes on serving and deploying.
func TestUploadOfDeeplyNestedJSIsRefused(t *testing.T) {
	v := start(t, Options{})
	const levels = 1_000_000
	src := "export class Deep {\n  get() { return " + strings.Repeat("[", levels) + strings.Repeat("]", levels) + "; }\n}\n"
	p := v.problem("PUT", "/v1/classes/Deep", []byte(src), 400, "build_failed")
	if !strings.Contains(p.Detail, "Deep.js:2:") || !strings.Contains(p.Detail, "nests too deeply") {
		t.Fatalf("detail %q, want the file, the line and why", p.Detail)
	}
	if status, body, _ := v.do("POST", "/v1/objects/counter/a/increment", []byte(`{"by":1}`)); status != 200 {
		t.Fatalf("a call after the refused upload: %d %s", status, body)
	}
	status, body, _ := v.do("PUT", "/v1/classes/Deep", []byte(`import { DurableObject } from "cloudflare:workers";
export class Deep extends DurableObject { get() { return [[["ok"]]]; } }
`))
	if status != 200 {
		t.Fatalf("an ordinary upload after it: %d %s", status, body)
	}
	if status, body, _ := v.do("POST", "/v1/objects/Deep/a/get", nil); status != 200 || string(body) != `[[["ok"]]]` {
		t.Fatalf("get: %d %s", status, body)
	}
}
