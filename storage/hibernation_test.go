package storage

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// A hibernation of several rows reads back whole with its version and name; a rolled
// back transaction leaves the one before; a delete leaves none; plugin SQL cannot
// write the table.
func TestHibernationPutGetDelete(t *testing.T) {
	db := openTest(t)
	if _, ok, err := db.HibernationGet(); ok || err != nil {
		t.Fatalf("a new database: ok %v, %v; want none", ok, err)
	}
	state := bytes.Repeat([]byte("0123456789abcdef"), (MaxMemoryRowBytes*5/2)/16) // three rows
	put := func(h Hibernation, commit bool) {
		t.Helper()
		if err := db.Begin(); err != nil {
			t.Fatal(err)
		}
		if err := db.HibernationPut(h); err != nil {
			t.Fatal(err)
		}
		if commit {
			err := db.Commit()
			if err != nil {
				t.Fatal(err)
			}
			return
		}
		db.Rollback()
	}
	put(Hibernation{Version: "v1", Name: "a\x00b", State: state}, true)
	put(Hibernation{Version: "v2", Name: "other", State: []byte("x")}, false)
	h, ok, err := db.HibernationGet()
	if err != nil || !ok || h.Version != "v1" || h.Name != "a\x00b" || !bytes.Equal(h.State, state) {
		t.Fatalf("got %q %q %d bytes, ok %v, %v; want v1's state of %d bytes", h.Version, h.Name, len(h.State), ok, err, len(state))
	}
	var enc abi.Encoder
	if err := db.Exec("DELETE FROM _cf_hibernation", nil, &enc); err == nil || !strings.Contains(err.Error(), "_cf_") {
		t.Fatalf("plugin SQL deleting the hibernation: %v, want it refused for the _cf_ prefix", err)
	}
	if err := db.Begin(); err != nil {
		t.Fatal(err)
	}
	if err := db.HibernationDelete(); err != nil {
		t.Fatal(err)
	}
	if err := db.Commit(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := db.HibernationGet(); ok || err != nil {
		t.Fatalf("after the delete: ok %v, %v; want none", ok, err)
	}
}
