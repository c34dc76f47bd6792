package host

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
)

// request.cf comes from the host's ":cf" header (the server's request.cf), which the
// script's request.headers never show: frozen, the same in an object reached with
// stub.fetch of the request (or of a Request made from it), copied by new
// Request(request), absent from a Request the script makes.
func TestJSRequestCFCrossesStubFetch(t *testing.T) {
	e := newEngine(t, Options{})
	const script = `
class S extends DurableObject {
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/forward") return this.env.SELF.getByName("b").fetch(new Request("http://b/see", request));
    if (path === "/forward-as-is") return this.env.SELF.getByName("b").fetch(request.url.replace("forward-as-is", "see"), request);
    if (path === "/forward-new") return this.env.SELF.getByName("b").fetch(new Request("http://x/see"));
    return Response.json({
      cf: request.cf ?? null, frozen: Object.isFrozen(request.cf) && Object.isFrozen(request.cf?.nested ?? {}),
      headers: [...request.headers].map(([k]) => k), copied: new Request(request).cf?.country ?? null,
      made: new Request("http://x/").cf === undefined,
    });
  }
}
return { S };`
	deployJS(t, e, "S", jsBundle(`{"name":"t","bindings":{"SELF":{"class":"S"}},"vars":{}}`, script))
	cf := `{"clientIp":"192.0.2.1:5000","country":"NL","nested":{"a":1}}`
	type seen struct {
		CF      map[string]any `json:"cf"`
		Frozen  bool           `json:"frozen"`
		Headers []string       `json:"headers"`
		Copied  any            `json:"copied"`
		Made    bool           `json:"made"`
	}
	wantCF := map[string]any{"clientIp": "192.0.2.1:5000", "country": "NL", "nested": map[string]any{"a": 1.0}}
	for _, c := range []struct {
		name, path string
		headers    [][2]string
		want       seen
	}{
		{"OKChecked", "/see", [][2]string{{"x-a", "1"}, {":cf", cf}}, seen{wantCF, true, []string{"x-a"}, "NL", true}},
		{"OKUnchecked", "/see", [][2]string{{"X-Upper", " 1 "}, {":cf", cf}}, seen{wantCF, true, []string{"x-upper"}, "NL", true}},
		{"OKForwarded", "/forward", [][2]string{{"x-a", "1"}, {":cf", cf}}, seen{wantCF, true, []string{"x-a"}, "NL", true}},
		{"OKForwardedAsInit", "/forward-as-is", [][2]string{{"x-a", "1"}, {":cf", cf}}, seen{wantCF, true, []string{"x-a"}, "NL", true}},
		{"OKNewRequestHasNone", "/forward-new", [][2]string{{":cf", cf}}, seen{nil, false, []string{}, nil, true}},
		{"OKNone", "/see", [][2]string{{"x-a", "1"}}, seen{nil, false, []string{"x-a"}, nil, true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp, err := e.Fetch(context.Background(), "S", "a", FetchRequest{Method: "GET", URL: c.path, Headers: c.headers})
			if err != nil {
				t.Fatal(err)
			}
			var got seen
			if err := json.Unmarshal(resp.Body, &got); err != nil {
				t.Fatalf("%s: %v", resp.Body, err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("saw %+v, want %+v", got, c.want)
			}
		})
	}
}
