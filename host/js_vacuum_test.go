package host

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/sobjects/sobjects/storage"
)

const jsSized = `
class Sized extends DurableObject {
  async fill({ n }) {
    const v = "x".repeat(2000);
    for (let i = 0; i < n; i++) await this.ctx.storage.put("k" + i, v + i);
    return this.size();
  }
  async clear() { await this.ctx.storage.deleteAll(); return this.size(); }
  size() {
    const sql = this.ctx.storage.sql;
    const p = sql.exec("SELECT page_count AS pages, page_size AS size, freelist_count AS free FROM pragma_page_count(), pragma_page_size(), pragma_freelist_count()").one();
    return { databaseSize: sql.databaseSize, pages: p.pages, pageSize: p.size, free: p.free };
  }
}
return { Sized };`

type jsSize struct {
	DatabaseSize, Pages, PageSize, Free int64
}

func callSize(t *testing.T, e *Engine, name, method, input string) jsSize {
	t.Helper()
	out, err := e.Call(context.Background(), "Sized", name, method, []byte(input))
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	var s jsSize
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatalf("%s: %q: %v", method, out, err)
	}
	// databaseSize counts the pages as workerd does (storage.DB.Size): less the
	// pointer-map pages (one in 820) and the host's empty tables (two at most).
	if file := s.Pages * s.PageSize; s.DatabaseSize > file || s.DatabaseSize < file-(3+s.Pages/820)*s.PageSize {
		t.Fatalf("%s: databaseSize %d, but page_count × page_size is %d × %d", method, s.DatabaseSize, s.Pages, s.PageSize)
	}
	return s
}

// A JavaScript object that stored 1 MB and then called deleteAll sees databaseSize go
// down, as its own PRAGMA page_count says, and the database stays small, on disk too,
// after the engine is restarted on the same data directory.
func TestJSDeleteAllShrinksDatabaseSize(t *testing.T) {
	ctx := context.Background()
	opts := Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache, Durability: storage.DurabilityRelaxed}
	e, err := New(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { e.Close(ctx) }()
	deployJS(t, e, "Sized", jsBundle("", jsSized))
	empty := callSize(t, e, "a", "size", "")
	full := callSize(t, e, "a", "fill", `{"n":500}`)
	if full.DatabaseSize < empty.DatabaseSize+1_000_000 {
		t.Fatalf("databaseSize %d after 1 MB of puts, %d before: the test wrote too little", full.DatabaseSize, empty.DatabaseSize)
	}
	cleared := callSize(t, e, "a", "clear", "")
	// The commit gives the pages back: a call after it sees the smaller database.
	after := callSize(t, e, "a", "size", "")
	if after.DatabaseSize*4 > full.DatabaseSize || after.Free >= storage.ReclaimMinFreePages {
		t.Fatalf("after deleteAll: databaseSize %d with %d free pages (in the call itself %d; %d when full, %d when new)",
			after.DatabaseSize, after.Free, cleared.DatabaseSize, full.DatabaseSize, empty.DatabaseSize)
	}
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}

	if e, err = New(ctx, opts); err != nil {
		t.Fatal(err)
	}
	info, err := e.Describe("Sized", "a")
	if err != nil {
		t.Fatal(err)
	}
	if info.DatabaseBytes > after.Pages*after.PageSize {
		t.Fatalf("after a restart the database's files are %d bytes, over its %d pages", info.DatabaseBytes, after.Pages)
	}
	if again := callSize(t, e, "a", "size", ""); again.DatabaseSize != after.DatabaseSize {
		t.Fatalf("after a restart databaseSize is %d, was %d", again.DatabaseSize, after.DatabaseSize)
	}
}
