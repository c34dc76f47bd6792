package host

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage/backup"
)

// vecStats is the vecindex plugin's stats.
type vecStats struct {
	Count        int   `json:"count"`
	Dims         int   `json:"dims"`
	Generation   int   `json:"generation"`
	ImageBytes   int64 `json:"image_bytes"`
	JournalBytes int64 `json:"journal_bytes"`
	DeadBytes    int64 `json:"dead_bytes"`
}

func vecCall(t *testing.T, e *Engine, name, method, input string) []byte {
	t.Helper()
	out, err := e.Call(context.Background(), "vec", name, method, []byte(input))
	if err != nil {
		t.Fatalf("%s %s: %v", method, input, err)
	}
	return out
}

func vecStatsOf(t *testing.T, e *Engine, name string) vecStats {
	t.Helper()
	var s vecStats
	b := vecCall(t, e, name, "stats", "")
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("stats %s: %v", b, err)
	}
	return s
}

// A plugin whose state is only in its memory (plugins/vecindex) keeps it through
// durable memory: after the engine restarts, the index answers as before, from the
// journal, then from an image and the journal after it; a call that fails leaves
// nothing behind; and once the journal outgrows half the image the plugin's alarm
// writes a new image with nobody asking.
func TestDurableMemoryKeepsAnIndexThroughRestarts(t *testing.T) {
	dir := t.TempDir()
	open := func() *Engine {
		e, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache})
		if err != nil {
			t.Fatal(err)
		}
		deploy(t, e, "vec", "vecindex")
		return e
	}
	e := open()
	vecCall(t, e, "ix", "add_random", `{"n": 300, "dims": 32, "seed": 1}`)
	vecCall(t, e, "ix", "add", `{"items": [{"id": "mine", "vector": [`+strings.Repeat("1,", 31)+`1]}]}`)
	before := vecCall(t, e, "ix", "search", `{"seed": 7, "k": 5}`)
	if s := vecStatsOf(t, e, "ix"); s.Count != 301 || s.Generation != 1 || s.JournalBytes == 0 || s.ImageBytes != 0 {
		t.Fatalf("after the adds: %+v, want 301 vectors in a journal (under 64 KiB) and no image", s)
	}
	// A call that fails (a vector of the wrong size after a good one) adds nothing.
	if _, err := e.Call(context.Background(), "vec", "ix", "add", []byte(`{"items": [{"id": "ok", "vector": `+vec32()+`}, {"id": "bad", "vector": [1, 2]}]}`)); err == nil {
		t.Fatal("a vector of 2 dimensions in an index of 32 was taken")
	}
	e.Close(context.Background())

	e = open()
	if s := vecStatsOf(t, e, "ix"); s.Count != 301 {
		t.Fatalf("after a restart: %d vectors, want 301", s.Count)
	}
	if got := vecCall(t, e, "ix", "search", `{"seed": 7, "k": 5}`); string(got) != string(before) {
		t.Fatalf("after a restart the search answers %s, before %s", got, before)
	}
	var cp struct {
		ImageBytes int64 `json:"image_bytes"`
	}
	json.Unmarshal(vecCall(t, e, "ix", "checkpoint", ""), &cp)
	s := vecStatsOf(t, e, "ix")
	if s.Generation != 2 || s.JournalBytes != 0 || s.ImageBytes != cp.ImageBytes || s.ImageBytes < 301*32*4 {
		t.Fatalf("after a checkpoint: %+v (wrote %d)", s, cp.ImageBytes)
	}
	vecCall(t, e, "ix", "delete", `{"ids": ["mine", "r1-0"]}`)
	vecCall(t, e, "ix", "add_random", `{"n": 10, "dims": 32, "seed": 2}`)
	before = vecCall(t, e, "ix", "search", `{"seed": 8, "k": 5}`)
	e.Close(context.Background())

	e = open()
	if s := vecStatsOf(t, e, "ix"); s.Count != 309 || s.Generation != 2 || s.DeadBytes == 0 {
		t.Fatalf("after a restart from an image and a journal: %+v, want 309 vectors, some dead", s)
	}
	if got := vecCall(t, e, "ix", "search", `{"seed": 8, "k": 5}`); string(got) != string(before) {
		t.Fatalf("from the image and the journal the search answers %s, before %s", got, before)
	}
	// Past half the image (and 64 KiB) of journal, the alarm writes a new image.
	vecCall(t, e, "ix", "add_random", `{"n": 2000, "dims": 32, "seed": 3}`)
	deadline := time.Now().Add(30 * time.Second)
	for vecStatsOf(t, e, "ix").Generation < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("no new image within 30 s of the journal outgrowing half the image: %+v", vecStatsOf(t, e, "ix"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	if s := vecStatsOf(t, e, "ix"); s.Count != 2309 || s.JournalBytes != 0 {
		t.Fatalf("after the alarm's image: %+v", s)
	}
}

// vec32 is a JSON vector of 32 ones.
func vec32() string { return "[" + strings.Repeat("1,", 31) + "1]" }

// BenchmarkDurableMemoryFirstSearchAfterRestart measures what the third seed measures
// of its engine in a Durable Object: 50,000 vectors of 128 dimensions in an index kept
// only in memory (plugins/vecindex), the engine closed and opened again, and the time
// to the first search's answer (the object's activation, init reading the image and
// the journal after it, and the brute-force search). "journal": every vector as
// written, 1,000 a call; "image": after a checkpoint; "hibernated": after a checkpoint,
// with the class hibernating (docs/hibernation.md), so the engine's Close writes the
// instance's memory and the first call after the restart restores it instead of
// running init. It reports the writes' rate and the image's size too.
//
//	go test ./host -run '^$' -bench DurableMemoryFirstSearch -benchtime 5x
func BenchmarkDurableMemoryFirstSearchAfterRestart(b *testing.B) {
	for _, mode := range []string{"journal", "image", "hibernated"} {
		b.Run(mode, func(b *testing.B) {
			dir := b.TempDir()
			var hibernate map[string]bool
			if mode == "hibernated" { // the engine's Close writes the instance's memory; the first call restores it
				hibernate = map[string]bool{"vec": true}
			}
			open := func() *Engine {
				e, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache, Hibernate: hibernate})
				if err != nil {
					b.Fatal(err)
				}
				deploy(b, e, "vec", "vecindex")
				return e
			}
			e := open()
			ctx := context.Background()
			start := time.Now()
			for i := range 50 {
				if _, err := e.Call(ctx, "vec", "ix", "add_random", []byte(fmt.Sprintf(`{"n": 1000, "dims": 128, "seed": %d}`, i+1))); err != nil {
					b.Fatal(err)
				}
			}
			writes := 50000 / time.Since(start).Seconds()
			if mode != "journal" {
				if _, err := e.Call(ctx, "vec", "ix", "checkpoint", nil); err != nil {
					b.Fatal(err)
				}
			} else {
				// Keep the alarm from writing an image meanwhile.
				if _, err := e.Call(ctx, "vec", "ix", "stats", nil); err != nil {
					b.Fatal(err)
				}
			}
			out, err := e.Call(ctx, "vec", "ix", "stats", nil)
			if err != nil {
				b.Fatal(err)
			}
			var s vecStats
			json.Unmarshal(out, &s)
			e.Close(ctx)
			var searches time.Duration
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				e := open()
				b.StartTimer()
				if _, err := e.Call(ctx, "vec", "ix", "search", []byte(`{"seed": 1, "k": 10}`)); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				t := time.Now()
				if _, err := e.Call(ctx, "vec", "ix", "search", []byte(`{"seed": 2, "k": 10}`)); err != nil {
					b.Fatal(err)
				}
				searches += time.Since(t)
				e.Close(ctx)
				b.StartTimer()
			}
			b.ReportMetric(writes, "writes/s")
			b.ReportMetric(float64(s.ImageBytes)/(1<<20), "image_MiB")
			b.ReportMetric(float64(s.JournalBytes)/(1<<20), "journal_MiB")
			b.ReportMetric(float64(searches.Milliseconds())/float64(b.N), "ms/warm_search")
		})
	}
}

// Durable memory goes to the bucket like any table: after the data directory is lost,
// the index comes back from the bucket, image and journal, and a point-in-time restore
// takes it back to a bookmark's state.
func TestDurableMemoryComesBackFromTheBucket(t *testing.T) {
	srv := testbucket.Start(t)
	bucket := backup.NewS3(srv.Client(), srv.Bucket, "memory")
	dir := t.TempDir()
	e, st := startDurable(t, bucket, dir, "")
	deploy(t, e, "vec", "vecindex")
	vecCall(t, e, "ix", "add_random", `{"n": 200, "dims": 8, "seed": 1}`)
	vecCall(t, e, "ix", "checkpoint", "")
	vecCall(t, e, "ix", "add_random", `{"n": 50, "dims": 8, "seed": 2}`)
	bookmark, err := e.Bookmark(context.Background(), "vec", "ix")
	if err != nil {
		t.Fatal(err)
	}
	want := vecCall(t, e, "ix", "search", `{"seed": 3, "k": 4}`)
	vecCall(t, e, "ix", "add_random", `{"n": 50, "dims": 8, "seed": 4}`)
	e.Close(context.Background())
	st.Close(context.Background())
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}

	e, st = startDurable(t, bucket, dir, "")
	defer func() {
		e.Close(context.Background())
		st.Close(context.Background())
	}()
	if s := vecStatsOf(t, e, "ix"); s.Count != 300 || s.Generation != 2 {
		t.Fatalf("after the data directory was lost: %+v, want 300 vectors, generation 2", s)
	}
	if _, err := e.RestoreBookmark(context.Background(), "vec", "ix", bookmark); err != nil {
		t.Fatal(err)
	}
	if s := vecStatsOf(t, e, "ix"); s.Count != 250 {
		t.Fatalf("restored to the bookmark: %d vectors, want 250", s.Count)
	}
	if got := vecCall(t, e, "ix", "search", `{"seed": 3, "k": 4}`); string(got) != string(want) {
		t.Fatalf("restored, the search answers %s; at the bookmark it answered %s", got, want)
	}
}
