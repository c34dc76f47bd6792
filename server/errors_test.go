package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/splitter"
)

// TestProblemDetailIsBounded: a plugin failing with a 50 KB message (SQLite's, naming a
// 50 KB column) gets a problem whose detail is at most MaxDetailBytes of valid UTF-8.
func TestProblemDetailIsBounded(t *testing.T) {
	v := start(t, Options{})
	long := strings.Repeat("é", 25000)
	p := v.problem("POST", "/v1/objects/testkit/t/sql", []byte(`{"sql":"SELECT `+long+`"}`), 500, "sql")
	if len(p.Detail) > MaxDetailBytes || !utf8.ValidString(p.Detail) || !strings.Contains(p.Detail, "no such column: éé") {
		t.Fatalf("detail of %d bytes, want at most %d of UTF-8 naming the column: %.200q", len(p.Detail), MaxDetailBytes, p.Detail)
	}
}

// A split that refuses to replace data it did not write is a conflict the operator
// resolves, not a server failure.
func TestSplitOntoForeignDataIsAConflict(t *testing.T) {
	err := fmt.Errorf("split ledger/acct: %w", splitter.ErrForeignData)
	if status, code := problemFor(err); status != http.StatusConflict || code != "foreign_data" {
		t.Fatalf("problemFor(%v) = %d %s, want 409 foreign_data", err, status, code)
	}
}

// A call whose commit batch another call's failure rolled back is told to retry.
func TestRolledBackIsRetriable(t *testing.T) {
	err := &host.CallError{Class: "c", Name: "n", Method: "m", Err: host.ErrRolledBack}
	if status, code := problemFor(err); status != http.StatusServiceUnavailable || code != "rolled_back" {
		t.Fatalf("problemFor(%v) = %d %s, want 503 rolled_back", err, status, code)
	}
}
