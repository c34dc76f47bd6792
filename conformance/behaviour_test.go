package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/server"
	"github.com/sobjects/sobjects/storage"
)

// The behaviour suite: one table of calls with the answers a user expects, run over
// HTTP against each kind of plugin. A kind names its classes; "" means it has none of
// that example, and the cases of that example are skipped for it.
type kind struct {
	name                       string
	counter, kv, chat, testkit string
}

var kinds = []kind{
	{name: "rust", counter: "counter", kv: "kv", chat: "chat", testkit: "testkit"},
	{name: "js", counter: "JsCounter", kv: "JsKV", chat: "JsChat", testkit: "JsTestkit"},
	{name: "extism-as", counter: "extism-as"}, // AssemblyScript with @extism/as-pdk
	{name: "extism-go", counter: "extism-go"}, // Go with extism/go-pdk
}

// step is one call and what it must answer: the status, and either the JSON body
// (compared as values), the error code of a failure, or a check of the body.
type step struct {
	method string
	input  string
	status int
	want   string                                  // JSON; "" to skip
	code   string                                  // error code of a failure
	check  func(t *testing.T, body map[string]any) // for answers with times or ids
	wait   bool                                    // repeat until it answers want (alarms), for up to a minute
}

type behaviour struct {
	name    string
	example func(k kind) string // the class it runs against
	steps   []step
	alone   bool // runs after the others: it holds a worker thread for the time limit
}

var behaviours = []behaviour{
	{name: "counter", example: func(k kind) string { return k.counter }, steps: []step{
		{method: "get", status: 200, want: `{"value":0}`},
		{method: "increment", status: 200, want: `{"value":1}`},
		{method: "increment", input: `{"by":5}`, status: 200, want: `{"value":6}`},
		{method: "increment", input: `{"by":"x"}`, status: 400, code: "bad_input"},
		{method: "increment", input: `[1]`, status: 200, want: `{"value":7}`}, // no "by": 1
		{method: "increment", input: `{"by":1.5}`, status: 400, code: "bad_input"},
		{method: "get", status: 200, want: `{"value":7}`},
		{method: "no_such_method", status: 404, code: "method_not_found"},
		{method: "schedule_reset", input: `{}`, status: 400, code: "bad_input"},
		{method: "reset", status: 200, want: `{"value":0}`},
		{method: "increment", input: `{"by":-3}`, status: 200, want: `{"value":-3}`},
		{method: "increment", input: `not json`, status: 400, code: "bad_input"},
	}},
	{name: "counter alarm", example: func(k kind) string { return k.counter }, steps: []step{
		{method: "increment", input: `{"by":4}`, status: 200, want: `{"value":4}`},
		{method: "schedule_reset", input: `{"in_ms":50}`, status: 200, check: func(t *testing.T, b map[string]any) {
			if at, _ := b["at_ms"].(float64); at < float64(time.Now().Add(-time.Minute).UnixMilli()) {
				t.Errorf("at_ms %v", b["at_ms"])
			}
		}},
		{method: "get", status: 200, want: `{"value":0}`, wait: true},
	}},
	{name: "kv", example: func(k kind) string { return k.kv }, steps: []step{
		{method: "put", input: `{"key":"a","value":{"x":[1,true,null,"s"]}}`, status: 200, want: `{"ok":true}`},
		{method: "get", input: `{"key":"a"}`, status: 200, want: `{"value":{"x":[1,true,null,"s"]}}`},
		{method: "get", input: `{"key":"zz"}`, status: 404, code: "not_found"},
		{method: "put", input: `{"value":1}`, status: 400, code: "bad_input"},
		{method: "put", input: `{"key":"","value":1}`, status: 400, code: "bad_input"},
		{method: "put", input: `{"key":"b","value":"s"}`, status: 200, want: `{"ok":true}`},
		{method: "put", input: `{"key":"c","value":3.5}`, status: 200, want: `{"ok":true}`},
		{method: "put", input: `{"key":"` + strings.Repeat("k", 2049) + `","value":1}`, status: 413, code: "too_large"},
		{method: "list", input: `{"limit":2}`, status: 200, want: `{"entries":[{"key":"a","value":{"x":[1,true,null,"s"]}},{"key":"b","value":"s"}]}`},
		{method: "list", input: `{"reverse":true,"limit":1}`, status: 200, want: `{"entries":[{"key":"c","value":3.5}]}`},
		{method: "list", input: `{"start":"b","end":"c"}`, status: 200, want: `{"entries":[{"key":"b","value":"s"}]}`},
		{method: "delete", input: `{"key":"b"}`, status: 200, want: `{"deleted":true}`},
		{method: "delete", input: `{"key":"b"}`, status: 200, want: `{"deleted":false}`},
		{method: "list", input: `{"prefix":"c"}`, status: 200, want: `{"entries":[{"key":"c","value":3.5}]}`},
		{method: "list", input: `{"limit":-1}`, status: 400, code: "bad_input"},
	}},
	{name: "chat", example: func(k kind) string { return k.chat }, steps: []step{
		{method: "post", input: `{"user":"ann","text":"hi"}`, status: 200, check: func(t *testing.T, b map[string]any) {
			if b["id"] != float64(1) || b["at"].(float64) <= 0 {
				t.Errorf("post: %v", b)
			}
		}},
		{method: "post", input: `{"user":"","text":"x"}`, status: 400, code: "bad_input"},
		{method: "post", input: `{"user":"bob"}`, status: 400, code: "bad_input"},
		{method: "post", input: `{"user":"bob","text":"hello ünïcode ✓"}`, status: 200, check: func(t *testing.T, b map[string]any) {
			if b["id"] != float64(2) {
				t.Errorf("post: %v", b)
			}
		}},
		{method: "history", input: `{"limit":1}`, status: 200, check: func(t *testing.T, b map[string]any) {
			m := b["messages"].([]any)
			if len(m) != 1 || m[0].(map[string]any)["text"] != "hello ünïcode ✓" || m[0].(map[string]any)["user"] != "bob" {
				t.Errorf("history: %v", b)
			}
		}},
		{method: "history", input: `{}`, status: 200, check: func(t *testing.T, b map[string]any) {
			if m := b["messages"].([]any); len(m) != 2 || m[0].(map[string]any)["id"] != float64(1) {
				t.Errorf("history: %v", b)
			}
		}},
		{method: "history", input: `{"limit":0}`, status: 400, code: "bad_input"},
	}},
	{name: "transactions roll back on a throw", example: func(k kind) string { return k.testkit }, steps: []step{
		{method: "count_t", status: 200, want: `{"n":0}`},
		{method: "write_then_fail", input: `{"value":"x"}`, status: 409, code: "conflict"},
		{method: "count_t", status: 200, want: `{"n":0}`},
		{method: "txn", input: `{"commit":true}`, status: 200, want: `{"n":1}`},
		{method: "txn", input: `{"commit":false}`, status: 200, want: `{"n":1}`},
		{method: "write_then_fail", input: `{"value":"y"}`, status: 409, code: "conflict"},
		{method: "count_t", status: 200, want: `{"n":1}`},
	}},
	{name: "alarms", example: func(k kind) string { return k.testkit }, steps: []step{
		{method: "alarm_get", status: 200, want: `{"at_ms":null}`},
		{method: "alarm_set", input: `{"at_ms":4102444800000}`, status: 200, want: `{"at_ms":4102444800000}`},
		{method: "alarm_get", status: 200, want: `{"at_ms":4102444800000}`},
		{method: "alarm_delete", status: 200, want: `{"deleted":true}`},
		{method: "alarm_get", status: 200, want: `{"at_ms":null}`},
		{method: "alarm_delete", status: 200, want: `{"deleted":false}`},
		// A failing alarm is retried (first after 2 s): it runs once more, with retry 1.
		{method: "set_alarm_failures", input: `{"n":1}`, status: 200, want: `{"ok":true}`},
		{method: "alarm_set", input: `{"at_ms":1000}`, status: 200, want: `{"at_ms":1000}`},
		{method: "alarm_fires", status: 200, want: `{"fires":1,"last_retry":1,"last_scheduled":1000}`, wait: true},
		{method: "alarm_get", status: 200, want: `{"at_ms":null}`},
	}},
	{name: "calls between objects of different kinds", example: func(k kind) string { return k.testkit }, steps: []step{
		{method: "call", input: `{"class":"counter","name":"shared","method":"increment","input":{"by":2}}`, status: 200, check: positive},
		{method: "call", input: `{"class":"JsCounter","name":"shared","method":"increment","input":{"by":2}}`, status: 200, check: positive},
		{method: "call", input: `{"class":"JsCounter","name":"shared","method":"increment","input":{"by":"x"}}`, status: 400, code: "bad_input"},
		{method: "call", input: `{"class":"counter","name":"shared","method":"increment","input":{"by":"x"}}`, status: 400, code: "bad_input"},
		{method: "call", input: `{"class":"counter","name":"shared","method":"nope"}`, status: 404, code: "not_found"},
	}},
	{name: "time limit", alone: true, example: func(k kind) string { return k.testkit }, steps: []step{
		{method: "txn", input: `{"commit":true}`, status: 200, want: `{"n":1}`},
		{method: "spin", status: 504, code: "time_limit"},
		{method: "count_t", status: 200, want: `{"n":1}`},
	}},
}

func positive(t *testing.T, b map[string]any) {
	if v, _ := b["value"].(float64); v <= 0 {
		t.Errorf("value %v", b)
	}
}

// behaviourServer serves every kind's classes over loopback HTTP.
func behaviourServer(t *testing.T) string {
	t.Helper()
	e, err := host.New(context.Background(), host.Options{
		DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed, CallTimeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	ctx := context.Background()
	for _, name := range []string{"counter", "kv", "chat", "testkit"} {
		wasm, err := plugins.Wasm(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Deploy(ctx, name, wasm); err != nil {
			t.Fatal(err)
		}
	}
	for _, class := range plugins.JSExampleClasses {
		if _, err := e.Deploy(ctx, class, plugins.JSExamples()); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"extism-as", "extism-go"} {
		wasm, err := os.ReadFile(filepath.Join("..", "plugins", name, name+".wasm"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Deploy(ctx, name, wasm); err != nil {
			t.Fatal(err)
		}
	}
	p, err := jsbundle.Load("testdata/jstestkit")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Deploy(ctx, "JsTestkit", p.Bundle); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.New(e, server.Options{}).Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}

func jsonEqual(a, b string) bool {
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}

func TestBehaviour(t *testing.T) {
	url := behaviourServer(t)
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			t.Run("together", func(t *testing.T) {
				for _, b := range behaviours {
					if class := b.example(k); class != "" && !b.alone {
						t.Run(b.name, func(t *testing.T) {
							t.Parallel()
							runSteps(t, url, class, b)
						})
					}
				}
			})
			for _, b := range behaviours {
				if class := b.example(k); class != "" && b.alone {
					t.Run(b.name, func(t *testing.T) { runSteps(t, url, class, b) })
				}
			}
		})
	}
}

func runSteps(t *testing.T, url, class string, b behaviour) {
	object := strings.ReplaceAll(b.name, " ", "-")
	for i, s := range b.steps {
		u := fmt.Sprintf("%s/v1/objects/%s/%s/%s", url, class, object, s.method)
		status, body := post(t, u, s.input)
		for deadline := time.Now().Add(time.Minute); s.wait && !(status == s.status && jsonEqual(body, s.want)) && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
			status, body = post(t, u, s.input)
		}
		if status != s.status {
			t.Fatalf("step %d %s %s: status %d, want %d: %s", i, s.method, s.input, status, s.status, body)
		}
		if s.code != "" {
			var p struct{ Code string }
			if err := json.Unmarshal([]byte(body), &p); err != nil || p.Code != s.code {
				t.Fatalf("step %d %s %s: code %q, want %q: %s", i, s.method, s.input, p.Code, s.code, body)
			}
		}
		if s.want != "" && !jsonEqual(body, s.want) {
			t.Fatalf("step %d %s %s: %s, want %s", i, s.method, s.input, body, s.want)
		}
		if s.check != nil {
			var m map[string]any
			if err := json.Unmarshal([]byte(body), &m); err != nil {
				t.Fatalf("step %d %s: %s: %v", i, s.method, body, err)
			}
			s.check(t, m)
		}
	}
}

// TestBehaviourFetch: the counter's fetch handler answers the same in every kind.
func TestBehaviourFetch(t *testing.T) {
	url := behaviourServer(t)
	for _, k := range kinds {
		if k.counter == "" {
			continue
		}
		t.Run(k.name, func(t *testing.T) {
			post(t, url+"/v1/objects/"+k.counter+"/f/increment", `{"by":7}`)
			resp, err := http.Get(url + "/v1/objects/" + k.counter + "/f/fetch/anything")
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || string(b) != "7" {
				t.Fatalf("GET: %d %q", resp.StatusCode, b)
			}
			if status, b := post(t, url+"/v1/objects/"+k.counter+"/f/fetch", "x"); status != 405 || !strings.Contains(b, "method not allowed") {
				t.Fatalf("POST: %d %q", status, b)
			}
		})
	}
}

// TestBehaviourInputGate: concurrent increments of one counter form a legal serial
// history — every value from 1 to n is answered exactly once.
func TestBehaviourInputGate(t *testing.T) {
	url := behaviourServer(t)
	const n = 64
	for _, k := range kinds {
		if k.counter == "" {
			continue
		}
		t.Run(k.name, func(t *testing.T) {
			var mu sync.Mutex
			var got []int
			var wg sync.WaitGroup
			for range n {
				wg.Go(func() {
					status, b := post(t, url+"/v1/objects/"+k.counter+"/gate/increment", "")
					var v struct{ Value int }
					if status != 200 || json.Unmarshal([]byte(b), &v) != nil {
						t.Errorf("increment: %d %s", status, b)
						return
					}
					mu.Lock()
					got = append(got, v.Value)
					mu.Unlock()
				})
			}
			wg.Wait()
			slices.Sort(got)
			for i, v := range got {
				if v != i+1 {
					t.Fatalf("answers %v are not 1..%d", got, n)
				}
			}
		})
	}
}

// TestJSExamplesWorker: the Worker of the JavaScript examples answers the README's
// paths over HTTP, reaching the objects through its bindings.
func TestJSExamplesWorker(t *testing.T) {
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	for _, class := range append(slices.Clone(plugins.JSExampleClasses), plugins.JSExamplesWorker) {
		if _, err := e.Deploy(context.Background(), class, plugins.JSExamples()); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(server.New(e, server.Options{Worker: plugins.JSExamplesWorker}).Handler())
	defer srv.Close()
	do := func(method, path, body string) (int, string) {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for i, c := range []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"POST", "/counter/bob", "", 200, `{"value":1}`},
		{"POST", "/counter/bob", "", 200, `{"value":2}`},
		{"GET", "/counter/bob", "", 200, `{"value":2}`},
		{"PUT", "/kv/r/greeting", `{"hello":["world"]}`, 200, `{"ok":true}`},
		{"GET", "/kv/r/greeting", "", 200, `{"value":{"hello":["world"]}}`},
		{"GET", "/kv/r/absent", "", 404, "key not found: absent\n"},
		{"POST", "/chat/room", `{"user":"ann","text":"hi"}`, 200, ""},
		{"GET", "/nowhere/x", "", 404, "not found\n"},
	} {
		status, body := do(c.method, c.path, c.body)
		if status != c.status || (c.want != "" && body != c.want) {
			t.Fatalf("request %d %s %s: %d %q, want %d %q", i, c.method, c.path, status, body, c.status, c.want)
		}
	}
	// The Worker's counter is the object JsCounter/bob of the method API.
	if status, body := post(t, srv.URL+"/v1/objects/JsCounter/bob/get", ""); status != 200 || !jsonEqual(body, `{"value":2}`) {
		t.Fatalf("JsCounter/bob: %d %s", status, body)
	}
}
