package host

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// The callee and the caller of the tests below: Front calls Back through a stub and
// answers what it caught as {"name", "message", "remote", "is"} (is: the class the
// caught value is an instance of).
const jsRPCErrorsManifest = `{"name":"t","bindings":{"BACK":{"class":"Back"}},"vars":{}}`

const jsRPCErrors = `
const { SobjectsError, RpcTarget } = globalThis.__sobjects_workers;
class Mine extends Error { constructor(m) { super(m); this.name = "Mine"; } }
class Plain { constructor() { this.x = 1; } }
class Back extends DurableObject {
  constructor(ctx, env) { super(ctx, env); this.field = "instance field"; }
  throws(kind) {
    switch (kind) {
      case "type": throw new TypeError("bad type");
      case "range": throw new RangeError("bad range");
      case "mine": throw new Mine("my failure");
      case "coded": throw new SobjectsError("conflict", "coded failure");
      case "sql": this.ctx.storage.sql.exec("SELECT * FROM no_such_table"); return;
      case "dom": throw new DOMException("gone", "NotFoundError");
      case "string": throw "just text";
    }
    throw new Error("plain failure");
  }
  async later() { await null; throw new URIError("later"); }
  async put(v) { await this.ctx.storage.put("v", v); return "stored"; }
  async get() { return (await this.ctx.storage.get("v")) ?? null; }
  plain() { return new Plain(); }
  symbol() { return Symbol("s"); }
  get greeting() { return "hello"; }
  _under() { return "underscored"; }
  #secret() { return "secret"; }
  usesSecret() { return this.#secret(); }
  async fetch(request) {
    if (new URL(request.url).pathname === "/throw") throw new RangeError("fetch failure");
    if (new URL(request.url).pathname === "/text") return "not a Response";
    return new Response("ok");
  }
}
const describe = (e) => ({ name: e?.name, message: e?.message, remote: e?.remote === true,
  is: e instanceof DOMException ? "DOMException" : e instanceof SobjectsError ? "SobjectsError" :
    e instanceof TypeError ? "TypeError" : e instanceof RangeError ? "RangeError" : e instanceof URIError ? "URIError" :
    e instanceof Error ? "Error" : typeof e, ...(e?.code === undefined ? {} : { code: e.code }) });
const caught = async (f) => { try { return { value: await f() }; } catch (e) { return describe(e); } };
class Front extends DurableObject {
  back() { return this.env.BACK.getByName("b"); }
  throws(kind) { return caught(() => this.back().throws(kind)); }
  later() { return caught(() => this.back().later()); }
  missing() { return caught(() => this.back().noSuch(1)); }
  secret() { return caught(() => this.back().secret()); }
  usesSecret() { return caught(() => this.back().usesSecret()); }
  under() { return caught(() => this.back()._under()); }
  field() { return caught(() => this.back().field); }
  greeting() { return caught(() => this.back().greeting); }
  greetingThen() { return typeof this.back().greeting.then; }
  plainResult() { return caught(() => this.back().plain()); }
  symbolResult() { return caught(() => this.back().symbol()); }
  plainArgument() { return caught(() => this.back().put(new Plain())); }
  stored() { return caught(() => this.back().get()); }
  fetchThrows() { return caught(() => this.back().fetch("http://b/throw")); }
  fetchText() { return caught(() => this.back().fetch("http://b/text")); }
  rethrows() { return this.back().throws("type"); }
  rethrowsSQL() { return this.back().throws("sql"); }
}
return { Back, Front };`

func jsRPCErrorsEngine(t *testing.T) *Engine {
	t.Helper()
	e := newEngine(t, Options{})
	deployJS(t, e, "Back", jsBundle(jsRPCErrorsManifest, jsRPCErrors))
	deployJS(t, e, "Front", jsBundle(jsRPCErrorsManifest, jsRPCErrors))
	return e
}

func TestJSRPCErrorKeepsItsClassMessageAndRemote(t *testing.T) {
	e := jsRPCErrorsEngine(t)
	for _, c := range []struct{ method, input, want string }{
		{"throws", `"plain"`, `{"name":"Error","message":"plain failure","remote":true,"is":"Error"}`},
		{"throws", `"type"`, `{"name":"TypeError","message":"bad type","remote":true,"is":"TypeError"}`},
		{"throws", `"range"`, `{"name":"RangeError","message":"bad range","remote":true,"is":"RangeError"}`},
		{"throws", `"mine"`, `{"name":"Error","message":"Mine: my failure","remote":true,"is":"Error"}`},
		{"throws", `"coded"`, `{"name":"SobjectsError","message":"coded failure","remote":true,"is":"SobjectsError","code":"conflict"}`},
		{"throws", `"dom"`, `{"name":"NotFoundError","message":"gone","remote":true,"is":"DOMException","code":8}`},
		{"throws", `"string"`, `{"name":"Error","message":"just text","remote":true,"is":"Error"}`},
		{"later", "", `{"name":"URIError","message":"later","remote":true,"is":"URIError"}`},
		{"fetchThrows", "", `{"name":"RangeError","message":"fetch failure","remote":true,"is":"RangeError"}`},
		{"fetchText", "", `{"name":"TypeError","message":"fetch must return a Response","remote":true,"is":"TypeError"}`},
	} {
		if got := jsMust(t, e, "Front", "f", c.method, c.input); got != c.want {
			t.Errorf("%s(%s): %s, want %s", c.method, c.input, got, c.want)
		}
	}
	// A host call's error the callee lets go arrives as workerd's would: an Error.
	got := jsMust(t, e, "Front", "f", "throws", `"sql"`)
	if !strings.HasPrefix(got, `{"name":"Error","message":"`) || !strings.Contains(got, "no such table") || !strings.HasSuffix(got, `"remote":true,"is":"Error","code":"sql"}`) {
		t.Errorf("a SQL error thrown on: %s, want an Error, remote, code sql", got)
	}
}

// Over HTTP and to other plugins a thrown error stays what it was: code internal, the
// message with its name and stack.
func TestJSRPCErrorOutsideJavaScriptKeepsItsCode(t *testing.T) {
	e := jsRPCErrorsEngine(t)
	_, err := e.Call(context.Background(), "Back", "b", "throws", []byte(`"type"`))
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != abi.CodeInternal || !strings.HasPrefix(ae.Message, "TypeError: bad type\n    at ") {
		t.Fatalf("TypeError over a call from outside: %v", err)
	}
	if ae.Thrown != `{"name":"TypeError","message":"bad type"}` {
		t.Errorf("its description: %s", ae.Thrown)
	}
	_, err = e.Call(context.Background(), "Front", "f", "rethrows", nil)
	if !errors.As(err, &ae) || ae.Code != abi.CodeInternal || !strings.HasPrefix(ae.Message, "TypeError: bad type") {
		t.Fatalf("a remote TypeError rethrown by the caller: %v", err)
	}
	// A host call's error passed on by two objects keeps its code and message.
	_, err = e.Call(context.Background(), "Front", "f", "rethrowsSQL", nil)
	if !errors.As(err, &ae) || ae.Code != abi.CodeSQL || !strings.Contains(ae.Message, "no such table") || strings.Contains(ae.Message, "    at ") {
		t.Fatalf("a SQL error passed on: %v", err)
	}
}

func TestJSRPCMembersAsWorkerdExposesThem(t *testing.T) {
	e := jsRPCErrorsEngine(t)
	for _, c := range []struct{ method, want string }{
		{"missing", `{"name":"TypeError","message":"The RPC receiver does not implement the method \"noSuch\".","remote":false,"is":"TypeError"}`},
		{"secret", `{"name":"TypeError","message":"The RPC receiver does not implement the method \"secret\".","remote":false,"is":"TypeError"}`},
		{"field", `{"name":"TypeError","message":"The RPC receiver does not implement the method \"field\".","remote":false,"is":"TypeError"}`},
		{"usesSecret", `{"value":"secret"}`},
		{"under", `{"value":"underscored"}`},
		{"greeting", `{"value":"hello"}`},
		{"greetingThen", `"function"`},
	} {
		if got := jsMust(t, e, "Front", "f", c.method, ""); got != c.want {
			t.Errorf("%s: %s, want %s", c.method, got, c.want)
		}
	}
	// Over HTTP a getter is read as a method of no arguments.
	if got := jsMust(t, e, "Back", "b", "greeting", ""); got != `"hello"` {
		t.Errorf("a getter called from outside: %s", got)
	}
}

func TestJSRPCUnclonableValueIsDataCloneError(t *testing.T) {
	e := jsRPCErrorsEngine(t)
	for _, c := range []struct{ method, want string }{
		{"plainResult", `{"name":"DataCloneError","message":"Could not serialize object of type \"Plain\". This type does not support serialization.","remote":true,"is":"DOMException","code":25}`},
		{"symbolResult", `"name":"DataCloneError"`},
		// The argument fails in the caller: the callee never runs.
		{"plainArgument", `{"name":"DataCloneError","message":"Could not serialize object of type \"Plain\". This type does not support serialization.","remote":false,"is":"DOMException","code":25}`},
		{"stored", `{"value":null}`},
	} {
		if got := jsMust(t, e, "Front", "f", c.method, ""); got != c.want && !(c.want[0] != '{' && strings.Contains(got, c.want)) {
			t.Errorf("%s: %s, want %s", c.method, got, c.want)
		}
	}
}
