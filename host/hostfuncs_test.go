package host

import (
	"context"
	"strings"
	"testing"
)

// A native plugin, an Extism plugin and a Rust one (sdk-rust's object_name, in testkit)
// read their own object's name with the host function object_name, as a JavaScript
// object reads ctx.id.name: short names, and one longer than the native plugin's buffer
// (which it then takes with result_take).
func TestPluginsReadTheirObjectName(t *testing.T) {
	e := newEngine(t, Options{})
	ctx := context.Background()
	for _, class := range []string{"object_name", "extism_kit"} {
		if _, err := e.Deploy(ctx, class, fixture(t, class)()); err != nil {
			t.Fatalf("deploy %s: %v", class, err)
		}
	}
	for _, name := range []string{"a", "ab", "alice", "Zoë " + strings.Repeat("x", 250)} {
		for _, class := range []string{"object_name", "extism_kit"} {
			out, err := e.Call(ctx, class, name, "name", nil)
			if err != nil {
				t.Fatalf("%s/%s: %v", class, name, err)
			}
			if string(out) != name {
				t.Fatalf("%s/%s: object_name answered %q", class, name, out)
			}
		}
		if m := mustCall(t, e, "testkit", name, "object_name", ""); m["name"] != name {
			t.Fatalf("testkit/%s: object_name answered %v", name, m)
		}
	}
}
