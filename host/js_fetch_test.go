package host

import (
	"context"
	"strings"
	"testing"
)

// A JavaScript object that fetches a native object whose fetch answers 20 million
// nested arrays in place of its headers gets an error for that call (the transcoder
// recursed without bound and Go's stack overflow ended the process); the engine goes
// on serving.
func TestJSFetchOfADeeplyNestedAnswerFails(t *testing.T) {
	e := newEngine(t, Options{})
	ctx := context.Background()
	if _, err := e.Deploy(ctx, "deep", fixture(t, "deep_fetch")()); err != nil {
		t.Fatal(err)
	}
	const script = `
class Front extends DurableObject {
  async viaFetch() { return (await this.env.DEEP.getByName("d").fetch("http://x/")).status; }
  async ok() { return "still here"; }
}
return { Front };`
	deployJS(t, e, "Front", jsBundle(`{"name":"t","bindings":{"DEEP":{"class":"deep"}},"vars":{}}`, script))
	out, err := e.Call(ctx, "Front", "f", "viaFetch", nil)
	if err == nil || !strings.Contains(err.Error(), "malformed fetch response") {
		t.Fatalf("fetch of a deeply nested answer: %s %v, want an error naming the malformed response", out, err)
	}
	if out, err := e.Call(ctx, "Front", "f", "ok", nil); err != nil || string(out) != `"still here"` {
		t.Fatalf("after the refused answer: %s %v", out, err)
	}
	// Over the HTTP fetch route the same answer is refused as it always was.
	if _, err := e.Fetch(ctx, "deep", "d", FetchRequest{Method: "GET", URL: "http://x/"}); err == nil ||
		!strings.Contains(err.Error(), "malformed fetch response") {
		t.Fatalf("Engine.Fetch: %v, want malformed fetch response", err)
	}
}
