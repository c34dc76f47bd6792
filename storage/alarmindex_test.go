package storage

import (
	"context"
	"path/filepath"
	"testing"
)

// The index keeps the name behind each id it is told of, any bytes included; the first
// name recorded for an id stays, and the names survive a reopen and a copy.
func TestAlarmIndexNames(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "alarms.db")
	x, err := OpenAlarmIndex(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{"id1": "", "id2": "a\x00b", "id3": "a/../b ✓"}
	for id, name := range names {
		if err := x.PutName("C", id, name); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.PutName("C", "id1", "other"); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(dir, "copy.db")
	if err := x.CopyTo(copyPath); err != nil {
		t.Fatal(err)
	}
	x.Close()
	for _, p := range []string{path, copyPath} {
		x, err := OpenAlarmIndex(context.Background(), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for id, want := range names {
			if got, ok, err := x.Name("C", id); err != nil || !ok || got != want {
				t.Errorf("%s: name of %s: %q %v %v, want %q", filepath.Base(p), id, got, ok, err, want)
			}
		}
		if _, ok, err := x.Name("D", "id1"); ok || err != nil {
			t.Errorf("%s: id1 of another class: %v %v, want none", filepath.Base(p), ok, err)
		}
		x.Close()
	}
}
