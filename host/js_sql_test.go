package host

import (
	"context"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

const jsSQL = `
class Q extends DurableObject {
  // What a caught SQL error is: workerd's Error, SQLite's message.
  caught() {
    try { this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS u(k PRIMARY KEY); INSERT INTO u VALUES (1), (1)"); } catch (e) {
      return { name: e.name, isError: e instanceof Error, message: e.message };
    }
  }
  uncaught() { this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS u(k PRIMARY KEY); INSERT INTO u VALUES (2), (2)"); }
  types() {
    const q = (v) => this.ctx.storage.sql.exec("SELECT typeof(?) AS t", v).one().t;
    return [q(7), q(true), q(Infinity), q(NaN), q(undefined), q("s")];
  }
  big() { return this.ctx.storage.sql.exec("SELECT 9007199254740993 AS n").one().n === 9007199254740992; }
  size() { return this.ctx.storage.sql.databaseSize; }
}
return { Q };`

// SQL from JavaScript as on workerd: a failed statement throws an Error (yet left
// uncaught it fails the call with its code), numbers bind as REAL, booleans as TEXT,
// undefined as NULL, large integers come back as numbers, and a new object's
// databaseSize is one page.
func TestJSSQLAsWorkerd(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Q", jsBundle("", jsSQL))
	call := func(method string) (string, error) {
		out, err := e.Call(context.Background(), "Q", "q", method, nil)
		return string(out), err
	}
	for _, c := range []struct{ method, want string }{
		{"size", "4096"},
		{"caught", `{"name":"Error","isError":true,"message":"UNIQUE constraint failed: u.k: SQLITE_CONSTRAINT"}`},
		{"types", `["real","text","real","null","null","text"]`},
		{"big", "true"},
	} {
		if out, err := call(c.method); err != nil || out != c.want {
			t.Errorf("%s: %s %v, want %s", c.method, out, err, c.want)
		}
	}
	_, err := call("uncaught")
	wantCode(t, err, abi.CodeConstraint)
}
