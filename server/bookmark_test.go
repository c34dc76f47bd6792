package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage/backup"
)

// startBackedUp is start with the engine backed up to a real S3 server in mode.
func startBackedUp(t *testing.T, mode backup.Mode) *env {
	t.Helper()
	srv := testbucket.Start(t)
	st, err := backup.NewStore(context.Background(), backup.Options{
		Bucket: backup.NewS3(srv.Client(), srv.Bucket, "server"), Mode: mode, Interval: time.Hour,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache, Backup: st, Registerer: reg,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	wasm, _ := plugins.Wasm("counter")
	if _, err := e.Deploy(context.Background(), "counter", wasm); err != nil {
		t.Fatal(err)
	}
	s := New(e, Options{Gatherer: reg})
	s.SetLoopback(true)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		ts.Close()
		e.Close(context.Background())
		st.Close(context.Background())
	})
	return &env{t: t, url: ts.URL, srv: s}
}

// TestBookmarkBeforeKeptHistoryNamesEarliestTime asks over HTTP for the state of an
// object at a time before its history: the 404 names the earliest restorable time, in
// the detail and as a field, and asking for that time finds a state.
func TestBookmarkBeforeKeptHistoryNamesEarliestTime(t *testing.T) {
	v := startBackedUp(t, backup.ModeDurable)
	begun := time.Now()
	for range 2 {
		if status, body, _ := v.do("POST", "/v1/objects/counter/alice/increment", []byte(`{"by":1}`)); status != 200 {
			t.Fatalf("increment: %d %s", status, body)
		}
	}
	at := func(t time.Time) string {
		return "/v1/objects/counter/alice/_bookmark?time=" + url.QueryEscape(t.UTC().Format(time.RFC3339Nano))
	}
	p := v.problem("GET", at(begun.Add(-time.Hour)), nil, 404, "not_found")
	earliest, err := time.Parse(time.RFC3339Nano, p.EarliestRestorableTime)
	if err != nil {
		t.Fatalf("earliest_restorable_time %q: %v; problem %+v", p.EarliestRestorableTime, err, p)
	}
	if !strings.Contains(p.Detail, p.EarliestRestorableTime) {
		t.Errorf("detail %q does not name the earliest restorable time %s", p.Detail, p.EarliestRestorableTime)
	}
	if earliest.Before(begun.Truncate(time.Millisecond)) || earliest.After(time.Now()) {
		t.Errorf("earliest restorable time %s is not between the first call (%s) and now", earliest, begun)
	}
	status, body, _ := v.do("GET", at(earliest), nil)
	var got struct{ Bookmark string }
	if err := json.Unmarshal(body, &got); status != 200 || err != nil || got.Bookmark == "" {
		t.Fatalf("GET _bookmark at the earliest restorable time: %d %s", status, body)
	}
	if p := v.problem("GET", at(earliest.Add(-time.Millisecond)), nil, 404, "not_found"); p.EarliestRestorableTime != earliest.Format(time.RFC3339Nano) {
		t.Errorf("a millisecond before: earliest_restorable_time %q, want %q", p.EarliestRestorableTime, earliest.Format(time.RFC3339Nano))
	}
}
