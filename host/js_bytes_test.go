package host

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/ncruces/go-sqlite3"
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

const jsByteLengths = `
class Lengths extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS blobs (n INTEGER PRIMARY KEY, v BLOB NOT NULL)");
  }
  // The bytes 0, 7, 14, ... (mod 256) of length n.
  static of(n) { return new Uint8Array(n).map((_, i) => i * 7); }
  // Stores Lengths.of(n) for each n in ns, as a blob bound to sql.exec and by kv put.
  store(ns) {
    for (const n of ns) {
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO blobs (n, v) VALUES (?, ?)", n, Lengths.of(n));
      this.ctx.storage.kv.put("b" + n, Lengths.of(n).buffer);
    }
  }
  // Reads each blob back (sql.exec and kv get) and says whether it is Lengths.of(n).
  check(ns) {
    const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
    return ns.map((n) => {
      const v = this.ctx.storage.sql.exec("SELECT v FROM blobs WHERE n = ?", n).one().v;
      const kv = this.ctx.storage.kv.get("b" + n);
      return v instanceof ArrayBuffer && same(new Uint8Array(v), Lengths.of(n)) && kv instanceof ArrayBuffer && same(new Uint8Array(kv), Lengths.of(n));
    });
  }
  echo(b) { return b; }
  btoa(s) { return btoa(s); }
  atob(s) { try { return Array.from(atob(s), (c) => c.charCodeAt(0)); } catch (e) { return e.message; } }
}
return { Lengths };`

// Bytes cross between a script and the host intact at every length, whichever way
// (a 1- or 2-byte tail, one group, short texts the script converts itself and long
// ones the host does): blobs bound to sql.exec land in the database's file as those
// bytes, read back equal, and a Uint8Array argument comes back as the same bytes.
func TestJSBytesCrossIntactAtEveryLength(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Lengths", jsBundle("", jsByteLengths))
	var ns []int
	for n := range 80 {
		ns = append(ns, n)
	}
	ns = append(ns, 1023, 1024, 1025, 4096, 65537)
	in, _ := json.Marshal(ns)
	jsMust(t, e, "Lengths", "b", "store", string(in))
	want := make([]bool, len(ns))
	for i := range want {
		want[i] = true
	}
	wantJSON, _ := json.Marshal(want)
	if out := jsMust(t, e, "Lengths", "b", "check", string(in)); out != string(wantJSON) {
		t.Errorf("blobs read back equal, per length %v: %s", ns, out)
	}
	of := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i * 7)
		}
		return b
	}
	for _, n := range []int{0, 1, 2, 3, 47, 48, 49, 1024, 65537} {
		arg := `{"$t":"Uint8Array","v":"` + base64.StdEncoding.EncodeToString(of(n)) + `"}`
		if out := jsMust(t, e, "Lengths", "b", "echo", arg); out != arg {
			t.Errorf("a Uint8Array of %d bytes came back as %.80s, want %.80s", n, out, arg)
		}
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	db, err := sqlite3.Open("file:" + e.pathOf("Lengths", ObjectID("Lengths", "b")) + "?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st, _, err := db.Prepare("SELECT n, v FROM blobs ORDER BY n")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows := 0
	for st.Step() {
		n, v := st.ColumnInt(0), st.ColumnRawBlob(1)
		if st.ColumnType(1) != sqlite3.BLOB && n > 0 || !bytes.Equal(v, of(n)) {
			t.Errorf("the database holds for %d bytes a %v of %d bytes, want the blob Lengths.of(%d)", n, st.ColumnType(1), len(v), n)
		}
		rows++
	}
	if rows != len(ns) {
		t.Errorf("%d rows in the database, want %d", rows, len(ns))
	}
}

// Bytes in a method's input are bytes in any JSON spelling of their tag (from an HTTP
// client or a Rust caller), not only in the one runtime.js writes and reads without
// JSON.parse: with white space, the fields the other way round, an escaped slash in
// the base64, or a field more.
func TestJSBytesInAnyJSONSpellingAreBytes(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Lengths", jsBundle("", jsByteLengths))
	for _, in := range []string{
		`{"$t":"Uint8Array","v":"QUJD/w=="}`,
		`{"$t":"Uint8Array", "v":"QUJD/w=="}`,
		`{"v":"QUJD/w==","$t":"Uint8Array"}`,
		`{"$t":"Uint8Array","v":"QUJD\/w=="}`,
		`{"$t":"Uint8Array","v":"QUJD/w==","x":"y"}`,
	} {
		if out := jsMust(t, e, "Lengths", "b", "echo", in); out != `{"$t":"Uint8Array","v":"QUJD/w=="}` {
			t.Errorf("echo of %s: %s, want the same 4 bytes", in, out)
		}
	}
}

// btoa and atob agree with Go's encoding/base64 at every length; atob skips ASCII
// white space and "=" wherever they are, and refuses any other character outside the
// alphabet.
func TestJSBase64MatchesTheStandardEncoding(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Lengths", jsBundle("", jsByteLengths))
	for _, n := range []int{0, 1, 2, 3, 4, 5, 21, 22, 23, 47, 48, 49, 50, 100, 1024, 3000} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*131 + n)
		}
		runes := make([]rune, n) // a binary string: one character per byte
		for i, c := range b {
			runes[i] = rune(c)
		}
		s, _ := json.Marshal(string(runes))
		want := base64.StdEncoding.EncodeToString(b)
		if out := jsMust(t, e, "Lengths", "b", "btoa", string(s)); out != `"`+want+`"` {
			t.Errorf("btoa of %d bytes: %.80s, want %.80s", n, out, want)
		}
		codes, _ := json.Marshal(intsOf(b))
		for _, text := range []string{want, " " + want[:len(want)/2] + "\n\t=" + want[len(want)/2:] + "\r\n"} {
			q, _ := json.Marshal(text)
			if out := jsMust(t, e, "Lengths", "b", "atob", string(q)); out != string(codes) {
				t.Errorf("atob(%.40q) of %d bytes: %.80s, want %.80s", text, n, out, codes)
			}
		}
	}
	for _, bad := range []string{"ab-c", "abc*", "ab\\u0000c", strRepeat("QUJD", 40) + "!", "YWJj\\u00e9"} {
		if out := jsMust(t, e, "Lengths", "b", "atob", `"`+bad+`"`); out != `"invalid base64"` {
			t.Errorf("atob(%.40q): %s, want the error invalid base64", bad, out)
		}
	}
	// Unicode white space (no-break space) is skipped too, as \s matches it.
	if out := jsMust(t, e, "Lengths", "b", "atob", `"YW\u00a0Jj"`); out != "[97,98,99]" {
		t.Errorf("atob with a no-break space: %s, want [97,98,99]", out)
	}
}

func intsOf(b []byte) []int {
	out := make([]int, len(b))
	for i, c := range b {
		out[i] = int(c)
	}
	return out
}

func strRepeat(s string, n int) string { return fmt.Sprint(string(bytes.Repeat([]byte(s), n))) }

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// Bytes of a detached ArrayBuffer, or of a view over one, are a TypeError the script can
// catch wherever they go to the host: a SQL binding, a stored value, a long text to
// decode. (Sending them as the buffers themselves once trapped the engine, which lost
// the object's memory: the host found no bytes where the script sent a buffer.)
func TestJSDetachedBufferBytesAreATypeError(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "D", jsBundle("", `
class D extends DurableObject {
  async send() {
    const detached = (n) => { const b = new ArrayBuffer(n); const v = new Uint8Array(b); b.transfer(); return [b, v]; };
    const tries = {
      sqlBuffer: () => this.ctx.storage.sql.exec("SELECT ?", detached(8)[0]),
      sqlView: () => this.ctx.storage.sql.exec("SELECT ?", detached(8)[1]),
      putView: () => this.ctx.storage.kv.put("k", detached(8)[1]),
      decodeView: () => new TextDecoder().decode(detached(100)[1]),
    };
    const out = {};
    for (const [name, f] of Object.entries(tries)) {
      try { f(); out[name] = "accepted"; } catch (e) { out[name] = e.name; }
    }
    this.n = (this.n || 0) + 1;
    return [out, this.n];
  }
}
return { D };`))
	want := `[{"sqlBuffer":"TypeError","sqlView":"TypeError","putView":"TypeError","decodeView":"TypeError"},%d]`
	for n := 1; n <= 2; n++ { // the instance, and its memory, survive
		if out := jsMust(t, e, "D", "d", "send", ""); out != fmt.Sprintf(want, n) {
			t.Errorf("call %d: %s, want %s", n, out, fmt.Sprintf(want, n))
		}
	}
}
