package host

import (
	"strings"
	"testing"
)

// A binding of the wrangler file that sobjects does not provide (the manifest's
// ignored) throws an Error naming it when the code reads it from env; the vars and
// Durable Object bindings beside it read as ever, and it is not among env's keys.
func TestJSIgnoredBindingThrowsWhereItIsUsed(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Ign", jsBundle(`{"name":"ign","bindings":{"SELF":{"class":"Ign"}},"vars":{"V":"v"},"ignored":{"MY_KV":"kv_namespaces.MY_KV","V":"kv_namespaces.V"}}`, `
class Ign extends DurableObject {
  use() { return this.env.MY_KV.get("k"); }
  look() { return { keys: Object.keys(this.env).sort(), has: "MY_KV" in this.env, v: this.env.V, self: typeof this.env.SELF.idFromName }; }
}
return { Ign };`))
	_, err := jsCall(t, e, "Ign", "a", "use", "")
	if err == nil || !strings.Contains(err.Error(), "env.MY_KV: sobjects does not provide the binding kv_namespaces.MY_KV") {
		t.Errorf("use: %v, want an error naming env.MY_KV", err)
	}
	if out := jsMust(t, e, "Ign", "a", "look", ""); out != `{"keys":["SELF","V"],"has":true,"v":"v","self":"function"}` {
		t.Errorf("look: %s", out)
	}
}
