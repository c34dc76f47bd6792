package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
)

// Over HTTP: an upload reaches a resident object at its next call, the object's
// description names the version it runs, and a method the new version lacks is
// refused naming that version.
func TestUploadReachesResidentObjectOverHTTP(t *testing.T) {
	v := start(t, Options{})
	testkit, _ := plugins.Wasm("testkit")
	counter, _ := plugins.Wasm("counter")
	describe := func() host.ObjectInfo {
		t.Helper()
		status, body, _ := v.do("GET", "/v1/objects/mine/a", nil)
		var info host.ObjectInfo
		if err := json.Unmarshal(body, &info); status != 200 || err != nil {
			t.Fatalf("describe: %d %s", status, body)
		}
		return info
	}
	if status, body, _ := v.do("PUT", "/v1/classes/mine", testkit); status != 200 {
		t.Fatalf("upload: %d %s", status, body)
	}
	if status, body, _ := v.do("POST", "/v1/objects/mine/a/noop", nil); status != 204 {
		t.Fatalf("noop: %d %s", status, body)
	}
	if info := describe(); !info.Resident || info.Version != host.Version(testkit) {
		t.Fatalf("describe on the first version: %+v", info)
	}
	if status, body, _ := v.do("PUT", "/v1/classes/mine", counter); status != 200 {
		t.Fatalf("second upload: %d %s", status, body)
	}
	if status, body, _ := v.do("POST", "/v1/objects/mine/a/increment", nil); status != 200 || string(body) != `{"value":1}` {
		t.Fatalf("increment after the upload: %d %s", status, body)
	}
	if info := describe(); !info.Resident || info.Version != host.Version(counter) {
		t.Fatalf("describe after the next call: %+v, want version %s", info, host.Version(counter))
	}
	p := v.problem("POST", "/v1/objects/mine/a/noop", nil, 404, "method_not_found")
	if !strings.Contains(p.Detail, "version "+host.Version(counter)) {
		t.Fatalf("detail %q, want it to name version %s", p.Detail, host.Version(counter))
	}
}
