package conformance

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestCompareObservations: the differential comparison of a target's observation with
// the reference's, without any engine.
func TestCompareObservations(t *testing.T) {
	ref := Observation{
		{Status: 200, Headers: map[string]string{"content-type": "application/json"}, Body: map[string]any{"id": "a1", "count": 1.0, "list": []any{1.0, 2.0}}},
		{Status: 404, Body: "no such route"},
	}
	with := func(f func(o Observation)) Observation {
		o := Observation{
			{Status: 200, Headers: map[string]string{"content-type": "application/json"}, Body: map[string]any{"id": "a1", "count": 1.0, "list": []any{1.0, 2.0}}},
			{Status: 404, Body: "no such route"},
		}
		f(o)
		return o
	}
	for _, tc := range []struct {
		name      string
		got       Observation
		mayDiffer []string
		wantErr   string // a part of the error, "" for none
	}{
		{"equal", with(func(Observation) {}), nil, ""},
		{"a listed path differs", with(func(o Observation) { o[0].Body.(map[string]any)["id"] = "b2" }), []string{"0.body.id"}, ""},
		{"below a listed path", with(func(o Observation) { o[0].Body.(map[string]any)["list"] = []any{3.0} }), []string{"0.body.list"}, ""},
		{"a listed path missing on one side", with(func(o Observation) { delete(o[0].Body.(map[string]any), "id") }), []string{"0.body.id"}, "0.body.id: missing"},
		{"a path not listed differs", with(func(o Observation) { o[0].Body.(map[string]any)["count"] = 2.0 }), []string{"0.body.id"}, "0.body.count: 2"},
		{"a status differs", with(func(o Observation) { o[1].Status = 500 }), nil, "1.status: 500"},
		{"a text body differs", with(func(o Observation) { o[1].Body = "gone" }), nil, `1.body: "gone"`},
		{"a header differs", with(func(o Observation) { o[0].Headers["content-type"] = "text/plain" }), nil, "0.headers.content-type"},
		{"a key the reference lacks", with(func(o Observation) { o[0].Body.(map[string]any)["extra"] = true }), nil, "0.body.extra: true, which the reference did not observe"},
		{"an array of another length", with(func(o Observation) { o[0].Body.(map[string]any)["list"] = []any{1.0} }), nil, "0.body.list"},
		{"a number where the reference has text", with(func(o Observation) { o[1].Body = 3.0 }), nil, "1.body: 3"},
		{"a response fewer", with(func(o Observation) {})[:1], nil, "the observation"},
		{"a * segment", with(func(o Observation) { o[0].Status, o[1].Status = 201, 201 }), []string{"*.status"}, ""},
		{"a * segment matches only its segment", with(func(o Observation) { o[0].Body.(map[string]any)["count"] = 2.0 }), []string{"*.status"}, "0.body.count"},
		{"* alone: only checked", with(func(o Observation) { o[0].Status, o[1].Body = 500, "x" }), []string{"*"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := compareObservations(ref, tc.got, tc.mayDiffer)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("want no difference, got %v", err)
			case tc.wantErr != "" && err == nil:
				t.Fatalf("want a difference (%s), got none", tc.wantErr)
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Fatalf("got %v, want it to say %q", err, tc.wantErr)
			}
		})
	}
}

// TestJudge: how a case's check, the reference's run and the comparison combine.
func TestJudge(t *testing.T) {
	c := Case{Name: "examples/x", Check: body(0, `{"n":1}`), MayDiffer: []string{"0.headers"}}
	good := Observation{{Status: 200, Body: map[string]any{"n": 1.0}}}
	other := Observation{{Status: 201, Body: map[string]any{"n": 1.0}}}
	bad := Observation{{Status: 200, Body: map[string]any{"n": 2.0}}}
	unsupported := fmt.Errorf("after step 0: disk loss: %w", ErrUnsupported)
	for _, tc := range []struct {
		name  string
		o     Observation
		err   error
		ref   *refResult
		isRef bool
		want  Outcome // Reason compared by its start only
	}{
		{"the reference passes", good, nil, nil, true, Outcome{Passed: true}},
		{"the reference fails its check", bad, nil, nil, true, Outcome{Reason: "check:"}},
		{"agrees with the reference", good, nil, &refResult{obs: good}, false, Outcome{Passed: true}},
		{"passes the check but differs", other, nil, &refResult{obs: good}, false, Outcome{Reason: "differs from the reference: 0.status"}},
		{"fails the check", bad, nil, &refResult{obs: good}, false, Outcome{Reason: "check:"}},
		{"no reference: the check only", other, nil, nil, false, Outcome{Passed: true}},
		{"the reference failed", good, nil, &refResult{obs: bad, err: errors.New("check: n")}, false, Outcome{RefFailed: true, Reason: "fails on the reference"}},
		{"a request failed", nil, errors.New("step 0: connection refused"), &refResult{obs: good}, false, Outcome{Reason: "step 0"}},
		{"an action it cannot apply", good[:0], unsupported, &refResult{obs: good}, false, Outcome{Skipped: true, Reason: "after step 0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := judge(c, tc.o, tc.err, tc.ref, tc.isRef)
			if !strings.HasPrefix(got.Reason, tc.want.Reason) {
				t.Fatalf("reason %q, want it to start %q", got.Reason, tc.want.Reason)
			}
			got.Reason, tc.want.Reason = "", ""
			if got != tc.want {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestObserve: what a response's observation records.
func TestObserve(t *testing.T) {
	h := http.Header{}
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Add("Set-Cookie", "a=1")
	h.Add("Set-Cookie", "b=2")
	h.Set("Date", "Tue, 01 Dec 2026 17:00:00 GMT")
	r := observe(200, h, []byte(`{"a":[1,null,"x"]}`), []string{"content-type", "Set-Cookie", "x-missing"})
	want := Response{
		Status:  200,
		Headers: map[string]string{"content-type": "application/json; charset=utf-8", "set-cookie": "a=1, b=2"},
		Body:    map[string]any{"a": []any{1.0, nil, "x"}},
	}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("JSON: got %#v, want %#v", r, want)
	}
	text := http.Header{"Content-Type": {"text/plain"}}
	if r := observe(200, text, []byte("a\xffb"), nil); r.Body != "a\ufffdb" || r.Headers != nil {
		t.Errorf("text: got %#v, want the body with \\ufffd and no headers", r)
	}
	if r := observe(200, text, []byte(`{"a":1}`), nil); r.Body != `{"a":1}` {
		t.Errorf("JSON text without the JSON content type: got %#v, want the text", r.Body)
	}
	if r := observe(500, h, []byte(`not json`), nil); r.Body != "not json" {
		t.Errorf("a JSON content type with a body that is not JSON: got %#v, want the text", r.Body)
	}
}

// TestObjectName: {obj} is [a-z0-9-], differs per case and per run, and is stable
// within a run.
func TestObjectName(t *testing.T) {
	valid := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	names := map[string]bool{}
	for _, c := range []string{"kv/get", "kv/get-missing", "KV/Get Missing!", "sql/" + strings.Repeat("x", 100), "webapi/ünïcode"} {
		for _, run := range []string{"r1", "r2"} {
			n := objectName(c, run)
			if !valid.MatchString(n) {
				t.Errorf("objectName(%q, %q) = %q: not [a-z0-9-]", c, run, n)
			}
			if names[n] {
				t.Errorf("objectName(%q, %q) = %q: taken by another case or run", c, run, n)
			}
			names[n] = true
			if again := objectName(c, run); again != n {
				t.Errorf("objectName(%q, %q) is %q, then %q", c, run, n, again)
			}
		}
	}
	if got := expand("/get/{obj}?run={run}&x={obj}", "o", "r"); got != "/get/o?run=r&x=o" {
		t.Errorf("expand: %q", got)
	}
}
