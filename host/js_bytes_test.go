package host

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
)

const jsBytes = `
class Bytes extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS b (k TEXT PRIMARY KEY, v BLOB, w BLOB)");
  }
  // Every byte value 0..255, n times over, as a Uint8Array that is a view into the
  // middle of a larger buffer.
  pattern(n) {
    const big = new Uint8Array(256 * n + 16);
    for (let i = 0; i < 256 * n; i++) big[8 + i] = i & 255;
    return new Uint8Array(big.buffer, 8, 256 * n);
  }
  check(got, n) {
    const u = new Uint8Array(got);
    if (u.length !== 256 * n) return "length " + u.length;
    for (let i = 0; i < u.length; i++) if (u[i] !== (i & 255)) return "byte " + i + " is " + u[i];
    return "ok";
  }
  async sql(n) {
    const sql = this.ctx.storage.sql;
    sql.exec("INSERT OR REPLACE INTO b VALUES ('a', ?, ?)", this.pattern(n), new ArrayBuffer(0));
    sql.exec("INSERT OR REPLACE INTO b VALUES ('c', ?, ?)", this.pattern(n).slice().buffer, this.pattern(1));
    const rows = sql.exec("SELECT k, v, w, length(v) AS n FROM b ORDER BY k").toArray();
    return rows.map((r) => [r.k, r.v instanceof ArrayBuffer, this.check(r.v, n), r.w.byteLength, r.n]);
  }
  async kv(n) {
    await this.ctx.storage.put("x", { buf: this.pattern(n).slice().buffer, view: this.pattern(n).slice() });
    const got = await this.ctx.storage.get("x");
    return [got.buf instanceof ArrayBuffer, this.check(got.buf, n), got.view instanceof Uint8Array, this.check(got.view, n)];
  }
  async echo(buf) { return buf; }
  async rpc(n) {
    const back = await this.env.SELF.getByName("other").echo(this.pattern(n).slice().buffer);
    return [back instanceof ArrayBuffer, this.check(back, n)];
  }
  async base64() {
    const out = [btoa(""), btoa("a"), btoa("ab"), btoa("abc"), btoa("\xff\xfe"), atob("YWJj"), atob(" YW\nJj== "), atob("YQ"), atob("YWJjZ")];
    try { atob("YW*j"); out.push("no error"); } catch (e) { out.push(e.message); }
    return out;
  }
}
return { Bytes };`

// Bytes keep every value through SQL bindings and results (an ArrayBuffer, a view into
// part of a buffer, empty bytes, two blobs in one statement), storage, RPC and
// atob/btoa, whatever their size (the host moves them as bytes or base64 now, where
// the script once looped over them).
func TestJSBytesSurviveSQLStorageAndRPC(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Bytes", jsBundle(`{"name":"t","bindings":{"SELF":{"class":"Bytes"}},"vars":{}}`, jsBytes))
	for _, n := range []string{"1", "4", "300"} {
		if out, want := jsMust(t, e, "Bytes", "b", "sql", n), fmt.Sprintf(`[["a",true,"ok",0,%[1]d],["c",true,"ok",256,%[1]d]]`, 256*atoi(n)); out != want {
			t.Errorf("sql with %s×256 bytes: %s, want %s", n, out, want)
		}
		if out := jsMust(t, e, "Bytes", "b", "kv", n); out != `[true,"ok",true,"ok"]` {
			t.Errorf("storage with %s×256 bytes: %s", n, out)
		}
		if out := jsMust(t, e, "Bytes", "b", "rpc", n); out != `[true,"ok"]` {
			t.Errorf("rpc with %s×256 bytes: %s", n, out)
		}
	}
	var got []string
	if err := json.Unmarshal([]byte(jsMust(t, e, "Bytes", "b", "base64", "")), &got); err != nil {
		t.Fatal(err)
	}
	want := []string{"", "YQ==", "YWI=", "YWJj", "//4=", "abc", "abc", "a", "abc", "invalid base64"}
	if len(got) != len(want) {
		t.Fatalf("atob/btoa: %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("atob/btoa case %d: %q, want %q", i, got[i], want[i])
		}
	}
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
