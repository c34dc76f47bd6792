package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testbucket"
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
	want   string                          // JSON; "" to skip
	code   string                          // error code of a failure
	check  func(body map[string]any) error // for answers with times or ids
	wait   bool                            // repeat until it answers want (alarms), for up to a minute
	// gaps are the kinds this step fails on today, each with the cause: the step runs
	// and its failure is reported as a skip of the behaviour, and the run fails once
	// it passes (remove the gap then: the list only shrinks).
	gaps map[string]string
}

type behaviour struct {
	name    string
	example func(k kind) string // the class it runs against
	steps   []step
	alone   bool // runs before the kind's others, alone on its server: it holds a worker thread for the time limit
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
		{method: "schedule_reset", input: `{"in_ms":50}`, status: 200, check: func(b map[string]any) error {
			if at, _ := b["at_ms"].(float64); at < float64(time.Now().Add(-time.Minute).UnixMilli()) {
				return fmt.Errorf("at_ms %v", b["at_ms"])
			}
			return nil
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
		{method: "post", input: `{"user":"ann","text":"hi"}`, status: 200, check: func(b map[string]any) error {
			if b["id"] != float64(1) || b["at"].(float64) <= 0 {
				return fmt.Errorf("post: %v", b)
			}
			return nil
		}},
		{method: "post", input: `{"user":"","text":"x"}`, status: 400, code: "bad_input"},
		{method: "post", input: `{"user":"bob"}`, status: 400, code: "bad_input"},
		{method: "post", input: `{"user":"bob","text":"hello ünïcode ✓"}`, status: 200, check: func(b map[string]any) error {
			if b["id"] != float64(2) {
				return fmt.Errorf("post: %v", b)
			}
			return nil
		}},
		{method: "history", input: `{"limit":1}`, status: 200, check: func(b map[string]any) error {
			m := b["messages"].([]any)
			if len(m) != 1 || m[0].(map[string]any)["text"] != "hello ünïcode ✓" || m[0].(map[string]any)["user"] != "bob" {
				return fmt.Errorf("history: %v", b)
			}
			return nil
		}},
		{method: "history", input: `{}`, status: 200, check: func(b map[string]any) error {
			if m := b["messages"].([]any); len(m) != 2 || m[0].(map[string]any)["id"] != float64(1) {
				return fmt.Errorf("history: %v", b)
			}
			return nil
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
	// The JavaScript testkit reaches a class through a binding of its wrangler file, and
	// sobjects run serves a project only when each binding names a class its entry
	// module exports: a Rust class cannot be one (jsrust). The last step passes for js
	// because the binding is missing, which also answers not_found.
	{name: "calls between objects of different kinds", example: func(k kind) string { return k.testkit }, steps: []step{
		{method: "call", input: `{"class":"counter","name":"shared","method":"increment","input":{"by":2}}`, status: 200, check: positive, gaps: jsrust},
		{method: "call", input: `{"class":"JsCounter","name":"shared","method":"increment","input":{"by":2}}`, status: 200, check: positive},
		{method: "call", input: `{"class":"JsCounter","name":"shared","method":"increment","input":{"by":"x"}}`, status: 400, code: "bad_input"},
		{method: "call", input: `{"class":"counter","name":"shared","method":"increment","input":{"by":"x"}}`, status: 400, code: "bad_input", gaps: jsrust},
		{method: "call", input: `{"class":"counter","name":"shared","method":"nope"}`, status: 404, code: "not_found"},
	}},
	{name: "time limit", alone: true, example: func(k kind) string { return k.testkit }, steps: []step{
		{method: "txn", input: `{"commit":true}`, status: 200, want: `{"n":1}`},
		{method: "spin", status: 504, code: "time_limit"},
		{method: "count_t", status: 200, want: `{"n":1}`},
	}},
}

// jsrust is the gap of the JavaScript testkit's calls to the Rust counter.
var jsrust = map[string]string{"js": "a JavaScript project cannot bind a class that its entry module " +
	"does not export, so the JavaScript testkit has no binding to the Rust class counter " +
	"(Cloudflare binds another Worker's class with script_name, which sobjects refuses)"}

func positive(b map[string]any) error {
	if v, _ := b["value"].(float64); v <= 0 {
		return fmt.Errorf("value %v", b)
	}
	return nil
}

// behaviourPlugins are the arguments of `sobjects run` that serve every kind's
// classes besides the JavaScript examples (the project the target deploys): naming
// any plugin drops the bundled examples, so the Rust ones are named here too, and the
// time limit of a call is 2 s (the time limit behaviour waits for it).
func behaviourPlugins(t *testing.T) []string {
	t.Helper()
	var args []string
	for class, file := range map[string]string{
		"counter": "counter/counter.wasm", "kv": "kv/kv.wasm", "chat": "chat/chat.wasm", "testkit": "testkit/testkit.wasm",
		"extism-as": "extism-as/extism-as.wasm", "extism-go": "extism-go/extism-go.wasm",
		"JsTestkit": "../conformance/testdata/jstestkit",
	} {
		path, err := filepath.Abs(filepath.Join("..", "plugins", file))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path); err != nil {
			t.Fatal(err)
		}
		args = append(args, class+"="+path)
	}
	slices.Sort(args)
	return append(args, "--call-timeout", "2")
}

func jsonEqual(a, b string) bool {
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}

// TestBehaviour runs the behaviour suite against `sobjects run` in every mode of the
// conformance targets (SobjectsModes; sobjects-durable only with versitygw), one
// server per mode serving every kind's classes, as subtests
// TestBehaviour/<target>/<kind>/<behaviour>. The targets, the kinds of a target and
// the behaviours of a kind run at once, each subtest from a goroutine of its own
// (mostly they wait for their server; as parallel subtests they would also wait for
// one of -parallel's slots), except the behaviours that must run alone on their
// server.
func TestBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("starts sobjects servers; skipped with -short")
	}
	bin := buildSobjects(t)
	examples, err := filepath.Abs(filepath.Join("..", "plugins", "js"))
	if err != nil {
		t.Fatal(err)
	}
	opts := SobjectsOptions{Args: behaviourPlugins(t), CacheDir: testCompilationCache}
	// The first start compiles the plugins and the JavaScript engine into the shared
	// cache, alone; the others wait for it, then start together and find them there.
	var cold sync.Mutex
	warm := false // guarded by cold
	deploy := func(tg *Target, work string) (*Deployment, error) {
		cold.Lock()
		if warm {
			cold.Unlock()
			return tg.Deploy(context.Background(), examples, work)
		}
		defer cold.Unlock()
		d, err := tg.Deploy(context.Background(), examples, work)
		warm = err == nil
		return d, err
	}
	var wg sync.WaitGroup
	for _, mode := range SobjectsModes {
		wg.Go(func() {
			t.Run(mode.Name, func(t *testing.T) {
				var b Bucket
				if mode.Backups {
					if !testbucket.Available() {
						t.Skipf("%s needs versitygw (SOBJECTS_VERSITYGW, which ./test.sh sets)", mode.Name)
					}
					srv := testbucket.Start(t)
					b = Bucket{URL: "s3://" + srv.Bucket + "/behaviour", Env: srv.Env()}
				}
				d, err := deploy(SobjectsTargetWith(bin, mode, b, opts), t.TempDir())
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() {
					if t.Failed() {
						t.Logf("%s's output ends:\n%s", mode.Name, d.Log())
					}
					if err := d.Stop(); err != nil {
						t.Error(err)
					}
				})
				// Held by a behaviour that runs alone on the server, shared by the others.
				var alone sync.RWMutex
				var kwg sync.WaitGroup
				for _, k := range kinds {
					kwg.Go(func() {
						t.Run(k.name, func(t *testing.T) { runKind(t, d.URL(), k, &alone) })
					})
				}
				kwg.Wait()
			})
		})
	}
	wg.Wait()
}

// runKind runs every behaviour of kind k against the server at url: first, one after
// the other, those that must run alone, each holding alone (nothing else runs on the
// server meanwhile), then the others at once, sharing it.
func runKind(t *testing.T, url string, k kind, alone *sync.RWMutex) {
	for _, b := range behaviours {
		if b.example(k) != "" && b.alone {
			t.Run(b.name, func(t *testing.T) {
				alone.Lock()
				defer alone.Unlock()
				runSteps(t, url, k, b)
			})
		}
	}
	var wg sync.WaitGroup
	together := func(name string, f func(t *testing.T)) {
		wg.Go(func() {
			t.Run(name, func(t *testing.T) {
				alone.RLock()
				defer alone.RUnlock()
				f(t)
			})
		})
	}
	for _, b := range behaviours {
		if b.example(k) != "" && !b.alone {
			together(b.name, func(t *testing.T) { runSteps(t, url, k, b) })
		}
	}
	if k.counter != "" {
		together("fetch", func(t *testing.T) { fetchBehaviour(t, url, k) })
		together("input gate", func(t *testing.T) { inputGateBehaviour(t, url, k) })
	}
	if k.name == "js" {
		together("examples worker", func(t *testing.T) { examplesWorkerBehaviour(t, url) })
	}
	wg.Wait()
}

// runSteps sends b's steps to the object of k's class named after b and fails at the
// first answer that is not what the step wants, except for the steps with a gap for
// k: they all run, and when one of them fails as its gap says (and no other step
// fails), the behaviour is skipped naming them; a gap step that passes fails the run.
func runSteps(t *testing.T, url string, k kind, b behaviour) {
	class := b.example(k)
	object := strings.ReplaceAll(b.name, " ", "-")
	var gaps, causes []string
	for i, s := range b.steps {
		err := runStep(t, fmt.Sprintf("%s/v1/objects/%s/%s/%s", url, class, object, s.method), s)
		if why, ok := s.gaps[k.name]; ok {
			if err == nil {
				t.Errorf("step %d %s %s passes for %s now: remove its gap (%s)", i, s.method, s.input, k.name, why)
			} else {
				gaps = append(gaps, fmt.Sprintf("step %d %s %s: %v", i, s.method, s.input, err))
				if !slices.Contains(causes, why) {
					causes = append(causes, why)
				}
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d %s %s: %v", i, s.method, s.input, err)
		}
	}
	if len(gaps) > 0 && !t.Failed() {
		t.Skipf("the other steps pass; these fail for %s as expected (%s):\n%s", k.name, strings.Join(causes, "; "), strings.Join(gaps, "\n"))
	}
}

// runStep sends s to u and says how its answer differs from what s wants.
func runStep(t *testing.T, u string, s step) error {
	status, body := post(t, u, s.input)
	for deadline := time.Now().Add(time.Minute); s.wait && !(status == s.status && jsonEqual(body, s.want)) && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		status, body = post(t, u, s.input)
	}
	if status != s.status {
		return fmt.Errorf("status %d, want %d: %s", status, s.status, body)
	}
	if s.code != "" {
		var p struct{ Code string }
		if err := json.Unmarshal([]byte(body), &p); err != nil || p.Code != s.code {
			return fmt.Errorf("code %q, want %q: %s", p.Code, s.code, body)
		}
	}
	if s.want != "" && !jsonEqual(body, s.want) {
		return fmt.Errorf("%s, want %s", body, s.want)
	}
	if s.check != nil {
		var m map[string]any
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			return fmt.Errorf("%s: %v", body, err)
		}
		if err := s.check(m); err != nil {
			return err
		}
	}
	return nil
}

// fetchBehaviour: the counter's fetch handler answers the same in every kind.
func fetchBehaviour(t *testing.T, url string, k kind) {
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
}

// inputGateBehaviour: concurrent increments of one counter form a legal serial
// history — every value from 1 to n is answered exactly once.
func inputGateBehaviour(t *testing.T, url string, k kind) {
	const n = 64
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
}

// examplesWorkerBehaviour: the Worker of the JavaScript examples answers the README's
// paths over HTTP, reaching the objects through its bindings.
func examplesWorkerBehaviour(t *testing.T, url string) {
	do := func(method, path, body string) (int, string) {
		req, _ := http.NewRequest(method, url+path, strings.NewReader(body))
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
	if status, body := post(t, url+"/v1/objects/JsCounter/bob/get", ""); status != 200 || !jsonEqual(body, `{"value":2}`) {
		t.Fatalf("JsCounter/bob: %d %s", status, body)
	}
}
