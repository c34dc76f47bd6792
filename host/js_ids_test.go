package host

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage/backup"
)

// jsIDs is a class whose methods make ids of Box (and of Other) and reach their objects.
const jsIDs = `
class Box extends DurableObject {
  async set(v) { await this.ctx.storage.put("v", v); return v; }
  async value() { return (await this.ctx.storage.get("v")) ?? null; }
  whoAmI() { return { id: this.ctx.id.toString(), name: this.ctx.id.name ?? null }; }
}
class Other extends Box {}
const threw = (f) => { try { f(); return null; } catch (e) { return e.name + ": " + e.message; } };
class Front extends DurableObject {
  id(name) { return this.env.BOX.idFromName(name).toString(); }
  async put(name, v) { return this.env.BOX.getByName(name).set(v); }
  async viaString(s) { return this.env.BOX.get(this.env.BOX.idFromString(s)).value(); }
  async inside(name) { return this.env.BOX.getByName(name).whoAmI(); }
  fromString(s) { return threw(() => this.env.BOX.idFromString(s)); }
  fromName(n) { return threw(() => this.env.BOX.idFromName(n)); }
  otherClass(name) { return threw(() => this.env.BOX.idFromString(this.env.OTHER.idFromName(name).toString())); }
  async unique() {
    const u = this.env.BOX.newUniqueId();
    await this.env.BOX.get(u).set("u");
    return { id: u.toString(), name: u.name === undefined, inside: (await this.env.BOX.get(u).whoAmI()).id };
  }
}
return { Box, Other, Front };`

const jsIDsManifest = `{"name":"ids","bindings":{"BOX":{"class":"Box"},"OTHER":{"class":"Other"}},"vars":{}}`

func deployIDs(t *testing.T, e *Engine) {
	t.Helper()
	for _, class := range []string{"Box", "Other", "Front"} {
		deployJS(t, e, class, jsBundle(jsIDsManifest, jsIDs))
	}
}

// callJS calls method of Front with args (a JSON array) and decodes its result.
func callJS[T any](t *testing.T, e *Engine, method string, args ...any) T {
	t.Helper()
	in, _ := json.Marshal(map[string]any{"$t": "args", "v": args})
	out, err := e.Call(context.Background(), "Front", "f", method, in)
	if err != nil {
		t.Fatalf("%s%s: %v", method, in, err)
	}
	var v T
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s%s: %s: %v", method, in, out, err)
	}
	return v
}

func isHex64(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == 32 && strings.ToLower(s) == s
}

// idFromName takes any string, as workerd does: each is its own object, reached again
// through idFromString of its id, by the engine by name (as over HTTP), and inside
// ctx.id is the caller's id and ctx.id.name the name.
func TestJSIDFromNameTakesAnyName(t *testing.T) {
	e := newEngine(t, Options{})
	deployIDs(t, e)
	names := []string{"plain", "", "/", "..", "a/../b c", "a\x00b", "\x00", strings.Repeat("z", 400), "✓😀", strings.Repeat("é", 3000), "a/1", "line\nbreak"}
	seen := map[string]string{}
	for i, name := range names {
		v := string(rune('A' + i))
		if got := callJS[string](t, e, "put", name, v); got != v {
			t.Fatalf("put %q: %q", name, got)
		}
		id := callJS[string](t, e, "id", name)
		if !isHex64(id) {
			t.Fatalf("idFromName(%q) = %q, want 64 hex digits", name, id)
		}
		if other, ok := seen[id]; ok {
			t.Fatalf("names %q and %q have one id %s", other, name, id)
		}
		seen[id] = name
		if len(name) >= 3 && strings.Contains(id, hex.EncodeToString([]byte(name)[:3])) {
			t.Fatalf("idFromName(%q) = %s reveals the name", name, id)
		}
		if got := callJS[*string](t, e, "viaString", id); got == nil || *got != v {
			t.Fatalf("idFromString(idFromName(%q)): value %v, want %q", name, got, v)
		}
		inside := callJS[struct{ ID, Name string }](t, e, "inside", name)
		if inside.ID != id || inside.Name != name {
			t.Fatalf("inside %q: ctx.id %s name %q, want %s and the name", name, inside.ID, inside.Name, id)
		}
		out, err := e.Call(context.Background(), "Box", name, "value", nil)
		if err != nil || string(out) != `"`+v+`"` {
			t.Fatalf("engine call of Box %q: %s %v, want %q", name, out, err, v)
		}
	}
}

// Objects made before ids were keyed hashes were found by name, as they still are: an
// object the engine reaches by its name is the object of idFromName, and of
// idFromString of that id. (The old ids, the name's bytes in hex, are not ids any more:
// idFromString refuses them.)
func TestJSObjectsByNameKeepTheirData(t *testing.T) {
	e := newEngine(t, Options{})
	deployIDs(t, e)
	if _, err := e.Call(context.Background(), "Box", "old", "set", []byte(`"kept"`)); err != nil {
		t.Fatal(err)
	}
	id := callJS[string](t, e, "id", "old")
	if got := callJS[*string](t, e, "viaString", id); got == nil || *got != "kept" {
		t.Fatalf("idFromString(idFromName(old)): %v, want kept", got)
	}
	if got := callJS[*string](t, e, "fromString", hex.EncodeToString([]byte("old"))); got == nil || !strings.HasPrefix(*got, "TypeError") {
		t.Fatalf("idFromString of an old id: %v, want a TypeError", got)
	}
}

// idFromString takes only ids this installation made for the namespace; anything else
// throws a TypeError, as on workerd.
func TestJSIDFromStringRefusesForeignIDs(t *testing.T) {
	e := newEngine(t, Options{})
	deployIDs(t, e)
	id := callJS[string](t, e, "id", "x")
	flipped := []byte(id)
	flipped[3] ^= 1
	for _, c := range []struct{ what, s string }{
		{"ErrEmpty", ""},
		{"ErrShort", id[:62]},
		{"ErrLong", id + "00"},
		{"ErrForged", strings.Repeat("f", 64)},
		{"ErrFlippedBit", string(flipped)},
	} {
		t.Run(c.what, func(t *testing.T) {
			if got := callJS[*string](t, e, "fromString", c.s); got == nil || !strings.HasPrefix(*got, "TypeError: Invalid Durable Object ID") {
				t.Fatalf("idFromString(%q): %v, want a TypeError", c.s, got)
			}
		})
	}
	t.Run("OKUpperCase", func(t *testing.T) { // as workerd
		callJS[string](t, e, "put", "x", "X")
		if got := callJS[*string](t, e, "viaString", strings.ToUpper(id)); got == nil || *got != "X" {
			t.Fatalf("idFromString of the id in upper case: %v, want X", got)
		}
	})
	t.Run("ErrOtherClass", func(t *testing.T) {
		if got := callJS[*string](t, e, "otherClass", "x"); got == nil || !strings.HasPrefix(*got, "TypeError") {
			t.Fatalf("idFromString of another class's id: %v, want a TypeError", got)
		}
	})
}

// newUniqueId gives a fresh id with no name, whose object is reached again by its id
// (inside, ctx.id is that id); the engine calls it by the id's hex digits.
func TestJSNewUniqueID(t *testing.T) {
	e := newEngine(t, Options{})
	deployIDs(t, e)
	a := callJS[struct {
		ID     string
		Name   bool
		Inside string
	}](t, e, "unique")
	b := callJS[struct{ ID string }](t, e, "unique")
	if !isHex64(a.ID) || !a.Name || a.Inside != a.ID || a.ID == b.ID {
		t.Fatalf("newUniqueId: %+v then %s: want distinct ids of 64 hex digits, no name, ctx.id the same inside", a, b.ID)
	}
	if got := callJS[*string](t, e, "viaString", a.ID); got == nil || *got != "u" {
		t.Fatalf("idFromString(unique id): %v, want u", got)
	}
	if out, err := e.Call(context.Background(), "Box", a.ID, "value", nil); err != nil || string(out) != `"u"` {
		t.Fatalf("engine call of Box by the unique id: %s %v", out, err)
	}
}

// A name over MaxObjectNameBytes is refused with a clear error, by idFromName and by
// the engine; one of that many bytes is not.
func TestJSObjectNameTooLong(t *testing.T) {
	e := newEngine(t, Options{})
	deployIDs(t, e)
	long := strings.Repeat("n", MaxObjectNameBytes+1)
	if got := callJS[*string](t, e, "fromName", long); got == nil || !strings.HasPrefix(*got, "TypeError") || !strings.Contains(*got, "16 KiB") {
		t.Fatalf("idFromName of %d bytes: %v, want a TypeError naming the limit", len(long), got)
	}
	if got := callJS[*string](t, e, "fromName", long[1:]); got != nil {
		t.Fatalf("idFromName of %d bytes: %s", len(long)-1, *got)
	}
	if _, err := e.Call(context.Background(), "Box", long, "value", nil); !errors.Is(err, ErrInvalidName) {
		t.Fatalf("engine call by a name of %d bytes: %v, want ErrInvalidName", len(long), err)
	}
	if _, err := e.Call(context.Background(), "Box", "\xc3\x28", "value", nil); !errors.Is(err, ErrInvalidName) {
		t.Fatalf("engine call by a name that is not UTF-8: %v, want ErrInvalidName", err)
	}
}

// The secret is the data directory's, private (0600): after a restart, ids are the
// same, and idFromString finds the names made before it.
func TestJSIDsSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t, Options{DataDir: dir})
	deployIDs(t, e)
	id := callJS[string](t, e, "id", "before")
	callJS[string](t, e, "put", "before", "b")
	e.Close(context.Background())
	st, err := os.Stat(filepath.Join(dir, idKeyFile))
	if err != nil || st.Mode().Perm() != 0o600 || st.Size() != 32 {
		t.Fatalf("the secret: %v %v, want 32 bytes, mode 0600", st, err)
	}
	e = newEngine(t, Options{DataDir: dir})
	if got := callJS[string](t, e, "id", "before"); got != id {
		t.Fatalf("after a restart idFromName(before) = %s, was %s", got, id)
	}
	if got := callJS[*string](t, e, "viaString", id); got == nil || *got != "b" {
		t.Fatalf("after a restart idFromString: %v, want b", got)
	}
}

// The secret and the names of ids go to the bucket: a data directory restored from it
// elsewhere makes the same ids, and idFromString finds the names.
func TestJSIDsComeBackFromTheBucket(t *testing.T) {
	srv := testbucket.Start(t)
	bucket := backup.NewS3(srv.Client(), srv.Bucket, "ids")
	dir := t.TempDir()
	e, st := startDurable(t, bucket, dir, "n1")
	deployIDs(t, e)
	id := callJS[string](t, e, "id", "saved")
	callJS[string](t, e, "put", "saved", "s")
	if err := e.uploadAlarmIndex(context.Background()); err != nil { // as every backup interval does
		t.Fatal(err)
	}
	e.Close(context.Background())
	st.Close(context.Background())

	elsewhere := t.TempDir()
	e, st = startDurable(t, bucket, elsewhere, "n1")
	defer func() {
		e.Close(context.Background())
		st.Close(context.Background())
	}()
	if got := callJS[string](t, e, "id", "saved"); got != id {
		t.Fatalf("restored: idFromName(saved) = %s, was %s", got, id)
	}
	if got := callJS[*string](t, e, "viaString", id); got == nil || *got != "s" {
		t.Fatalf("restored: idFromString: %v, want s", got)
	}
	if st, err := os.Stat(filepath.Join(elsewhere, idKeyFile)); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("restored secret: %v %v, want mode 0600", st, err)
	}
}

// A data directory whose secret is not the bucket's (made while the bucket was
// unreachable) never overwrites the bucket's: a durable engine refuses to start.
func TestIDKeyNeverOverwritesTheBucketsOwn(t *testing.T) {
	srv := testbucket.Start(t)
	bucket := backup.NewS3(srv.Client(), srv.Bucket, "ids")
	e, st := startDurable(t, bucket, t.TempDir(), "n1")
	e.Close(context.Background())
	st.Close(context.Background())

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, idKeyFile), []byte(strings.Repeat("k", 32)), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := backup.NewStore(context.Background(), backup.Options{Bucket: bucket, Mode: backup.ModeDurable, Interval: time.Hour, Node: "n1",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close(context.Background())
	e, err = New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache, Backup: st})
	if err == nil {
		e.Close(context.Background())
		t.Fatal("an engine whose secret differs from the bucket's started in durable mode")
	}
	if !strings.Contains(err.Error(), "holds another ids.key") {
		t.Fatalf("error %v, want one saying the bucket holds another ids.key", err)
	}
}
