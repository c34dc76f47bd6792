package server

import (
	"testing"

	"github.com/sobjects/sobjects/jsbundle"
)

// TestJSEnvironmentsOverHTTP: a project's top level and its [env.staging], uploaded
// to one server as each deploys (DeployClasses), are different classes over HTTP:
// /v1/objects/Cart.staging/... is staging's cart, and a write to one is not seen
// through the other.
func TestJSEnvironmentsOverHTTP(t *testing.T) {
	v := start(t, Options{})
	for _, env := range []string{"", "staging"} {
		p, err := jsbundle.LoadEnv("../jsbundle/testdata/envs", env)
		if err != nil {
			t.Fatal(err)
		}
		for _, class := range p.DeployClasses() {
			if status, body, _ := v.do("PUT", "/v1/classes/"+class, p.Bundle); status != 200 {
				t.Fatalf("upload %s: %d %s", class, status, body)
			}
		}
	}
	if status, body, _ := v.do("POST", "/v1/objects/Cart.staging/c/put", []byte(`"staged"`)); status != 200 || string(body) != `"staged"` {
		t.Fatalf("put to staging: %d %s", status, body)
	}
	for _, c := range []struct{ path, want string }{
		{"/v1/objects/Cart/c/get", `null`},
		{"/v1/objects/Cart.staging/c/get", `"staged"`},
		{"/v1/objects/Log.staging/log/lines", `["put staged"]`},
		{"/v1/objects/Log/log/lines", `[]`},
	} {
		if status, body, _ := v.do("POST", c.path, nil); status != 200 || string(body) != c.want {
			t.Errorf("%s: %d %s, want %s", c.path, status, body, c.want)
		}
	}
}
