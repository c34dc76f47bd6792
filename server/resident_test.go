package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
)

// A call that needs an object activated while the resident bound is reached and no
// resident object is idle answers 503 with Retry-After, and succeeds once one is.
func TestActivationRefusedWhenNothingEvictable(t *testing.T) {
	e, err := host.New(context.Background(), host.Options{
		DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed, Threads: 2, IdleEvict: -1, MaxResident: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	wasm, _ := plugins.Wasm("counter")
	if _, err := e.Deploy(context.Background(), "counter", wasm); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(New(e, Options{}).Handler())
	t.Cleanup(func() {
		ts.Close()
		e.Close(context.Background())
	})
	// Two objects on different worker threads: the one held busy blocks nothing else.
	thread := func(name string) int {
		info, err := e.Describe("counter", name)
		if err != nil {
			t.Fatal(err)
		}
		return info.Thread
	}
	busy, other := "busy", ""
	for i := 0; other == ""; i++ {
		if n := fmt.Sprint("o-", i); thread(n) != thread(busy) {
			other = n
		}
	}
	started, done, ran := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	var once sync.Once
	release := func() { once.Do(func() { close(done) }) }
	t.Cleanup(release) // before the engine closes, which waits for the held call
	go func() {
		_, err := e.Run(context.Background(), "counter", busy, func(*host.Tx) ([]byte, error) {
			close(started)
			<-done
			return nil, nil
		})
		ran <- err
	}()
	<-started

	resp, err := http.Post(ts.URL+"/v1/objects/counter/"+other+"/increment", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	var p Problem
	json.NewDecoder(resp.Body).Decode(&p)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || p.Code != "resident_limit" {
		t.Fatalf("call with the one resident object busy: %d %q, Retry-After %q; want 503 resident_limit with Retry-After",
			resp.StatusCode, p.Code, resp.Header.Get("Retry-After"))
	}
	release()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	resp, err = http.Post(ts.URL+"/v1/objects/counter/"+other+"/increment", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("call once the busy object is idle: %d, want 200", resp.StatusCode)
	}
}
