package jsbundle

import (
	"bytes"
	"reflect"
	"slices"
	"testing"
)

// Service bindings to the Worker itself become the manifest's services (entrypoint
// "default" when none is given) and leave the ignored settings; those to other Workers
// stay ignored. A bundle read back keeps them.
func TestLoadServicesToItself(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "wrangler.toml", `name = "app"
main = "index.js"

[[services]]
binding = "API"
service = "app"
entrypoint = "Api"

[[services]]
binding = "SELF"
service = "app"

[[services]]
binding = "AUTH"
service = "auth-worker"
`)
	write(t, dir, "index.js", `import { WorkerEntrypoint } from "cloudflare:workers";
export class Api extends WorkerEntrypoint { greet(n) { return "hi " + n; } }
export default { fetch() { return new Response("ok"); } };
`)
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Service{{Name: "API", Entrypoint: "Api"}, {Name: "SELF", Entrypoint: "default"}}
	if !reflect.DeepEqual(p.Services, want) {
		t.Errorf("services %+v, want %+v", p.Services, want)
	}
	if !slices.Contains(p.Ignored, "services.AUTH") || slices.Contains(p.Ignored, "services.API") || slices.Contains(p.Ignored, "services.SELF") {
		t.Errorf("ignored %q: want services.AUTH only", p.Ignored)
	}
	if _, ok := p.IgnoredBindings["API"]; ok || p.IgnoredBindings["AUTH"] != "services.AUTH" {
		t.Errorf("ignored bindings %v", p.IgnoredBindings)
	}
	if !bytes.Contains(p.Bundle, []byte(`"services":{"API":{"entrypoint":"Api"},"SELF":{"entrypoint":"default"}}`)) {
		t.Errorf("manifest lacks the services:\n%s", bytes.SplitN(p.Bundle, []byte("\n"), 3)[1])
	}
	q, err := Bundle("again", p.Bundle)
	if err != nil || !reflect.DeepEqual(q.Services, want) {
		t.Errorf("read back: %+v %v", q.Services, err)
	}
	if slices.Contains(p.Stubbed, "exports") {
		t.Errorf("stubbed %q: exports of cloudflare:workers is provided", p.Stubbed)
	}
}

// A class the migrations give storage is deployed without a binding (ctx.exports
// offers it), when the entry module exports it; the manifest lists the exports, which
// the host lets the bundle call.
func TestDeployClassesTakeMigratedClasses(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "wrangler.toml", `name = "app"
main = "index.js"

[[durable_objects.bindings]]
name = "BOUND"
class_name = "Bound"

[[migrations]]
tag = "v1"
new_sqlite_classes = ["Bound", "Unbound", "Gone"]
`)
	write(t, dir, "index.js", `import { DurableObject } from "cloudflare:workers";
export class Bound extends DurableObject {}
export class Unbound extends DurableObject {}
export default { fetch() { return new Response("ok"); } };
`)
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.DeployClasses(), []string{"Bound", "Unbound", "app"}; !reflect.DeepEqual(got, want) {
		t.Errorf("deploy classes %q, want %q", got, want)
	}
	if !bytes.Contains(p.Bundle, []byte(`"exports":["Bound","Unbound"]`)) {
		t.Errorf("manifest lacks the exports:\n%s", bytes.SplitN(p.Bundle, []byte("\n"), 3)[1])
	}
}
