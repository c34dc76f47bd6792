package conformance

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var (
	passed  = Outcome{Passed: true}
	failed  = Outcome{Reason: "check: response 0: body 0, want 1"}
	skipped = Outcome{Skipped: true, Reason: "disk loss unsupported"}
	refBug  = Outcome{RefFailed: true, Reason: "fails on the reference"}
)

// TestExpectationsVerdict: the run fails on a failure not listed and on a listed case
// that passes, and on nothing else.
func TestExpectationsVerdict(t *testing.T) {
	e := Expectations{
		"sobjects":          {"kv/shared": "no structured clone of Map"},
		"sobjects-t4-fsync": {"gates/own": "a race with 4 threads"},
		"workerd":           {},
	}
	for _, tc := range []struct {
		target, c string
		o         Outcome
		want      string // a part of the error, "" for none
	}{
		{"sobjects-t1-fsync", "kv/other", passed, ""},
		{"sobjects-t1-fsync", "kv/other", failed, "check: response 0"},
		{"sobjects-t1-fsync", "kv/shared", failed, ""},
		{"sobjects-t1-fsync", "kv/shared", passed, "now passes: remove it from conformance/expected/sobjects.json"},
		{"sobjects-t4-fsync", "gates/own", failed, ""},
		{"sobjects-t4-fsync", "gates/own", passed, "now passes: remove it from conformance/expected/sobjects-t4-fsync.json"},
		{"sobjects-t1-fsync", "gates/own", failed, "check:"},                   // listed for another target only
		{"workerd", "kv/shared", failed, "check:"},                             // sobjects.json is not the reference's
		{"sobjects-t1-fsync", "kv/other", skipped, ""},                         // cannot run it
		{"sobjects-t1-fsync", "kv/shared", skipped, ""},                        // nor judge its listing
		{"sobjects-t1-fsync", "kv/other", refBug, ""},                          // reported on the reference
		{"sobjects-durable", "kv/shared", passed, "expected/sobjects.json"},    // the shared file applies to every mode
		{"sobjects-durable", "gates/own", passed, ""},                          // not the per-target file of another
		{"sobjects-t4-fsync", "kv/shared", failed, ""},                         // shared, and not in its own file
		{"sobjects-t4-fsync", "kv/other", failed, "check: response 0: body 0"}, // the reason is the failure's
	} {
		err := e.Verdict(tc.target, tc.c, tc.o)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s on %s, %+v: want no error, got %v", tc.c, tc.target, tc.o, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s on %s, %+v: got %v, want an error saying %q", tc.c, tc.target, tc.o, err, tc.want)
		}
	}
}

// TestExpectationsProblems: names that are no case, files of no target, and anything
// in the reference's file.
func TestExpectationsProblems(t *testing.T) {
	known := []Case{{Name: "kv/a"}, {Name: "kv/b"}}
	targets := []string{"workerd", "sobjects-t1-fsync"}
	if p := (Expectations{"sobjects": {"kv/a": "x"}, "sobjects-t1-fsync": {"kv/b": "y"}, "workerd": {}}).Problems(known, targets, "workerd"); len(p) != 0 {
		t.Errorf("good files: %v", p)
	}
	p := Expectations{
		"sobjects":      {"kv/a": "x", "kv/gone": "y"},
		"workerd":       {"kv/b": "z"},
		"sobjects-t9-x": {},
	}.Problems(known, targets, "workerd")
	want := []string{
		`conformance/expected/sobjects-t9-x.json: no target is named sobjects-t9-x`,
		`conformance/expected/sobjects.json lists "kv/gone", which is no case: remove it`,
		`conformance/expected/workerd.json must stay {}: every case passes on the reference; fix the cases it lists instead`,
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(p, "\n"), strings.Join(want, "\n"))
	}
}

// TestExpectationsRewrite: what SOBJECTS_CONFORMANCE_WRITE=1 writes.
func TestExpectationsRewrite(t *testing.T) {
	known := []Case{{Name: "kv/all"}, {Name: "kv/some"}, {Name: "kv/fixed"}, {Name: "kv/new"}, {Name: "kv/notrun"}, {Name: "kv/skipped"}}
	targets := []string{"workerd", "sobjects-a", "sobjects-b", "sobjects-c"}
	old := Expectations{
		"sobjects":   {"kv/all": "cause of all", "kv/some": "cause of some", "kv/fixed": "was broken", "kv/gone": "no case", "kv/notrun": "kept"},
		"sobjects-c": {"kv/skipped": "c's own"},
		"workerd":    {},
	}
	results := map[string]map[string]Outcome{
		"workerd":    {"kv/all": passed, "kv/some": passed, "kv/fixed": passed, "kv/new": passed, "kv/skipped": passed},
		"sobjects-a": {"kv/all": failed, "kv/some": failed, "kv/fixed": passed, "kv/new": failed, "kv/skipped": skipped},
		"sobjects-b": {"kv/all": failed, "kv/some": passed, "kv/fixed": passed, "kv/new": failed, "kv/skipped": skipped},
		// sobjects-c did not run.
	}
	got := old.Rewrite(results, known, targets)
	want := Expectations{
		"workerd":    {},
		"sobjects":   {"kv/all": "cause of all", "kv/new": todoCause, "kv/notrun": "kept"},
		"sobjects-a": {"kv/some": "cause of some"},
		"sobjects-b": {},
		// sobjects-c did not run kv/some and kv/fixed: it keeps their shared listings as
		// its own, as nothing says they pass there now.
		"sobjects-c": {"kv/some": "cause of some", "kv/fixed": "was broken", "kv/skipped": "c's own"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "sobjects-b.json"), []byte(`{"kv/x": "y"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := got.Write(dir); err != nil {
		t.Fatal(err)
	}
	back, err := ReadExpectations(dir)
	if err != nil {
		t.Fatal(err)
	}
	// sobjects-b.json existed and is now {}; no file is made for an empty per-target
	// list that had none.
	if !reflect.DeepEqual(back, want) {
		t.Errorf("read back %v, want %v", back, want)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "workerd.json"))
	if string(raw) != "{}\n" {
		t.Errorf("workerd.json is %q, want {}", raw)
	}
	raw, _ = os.ReadFile(filepath.Join(dir, "sobjects.json"))
	if !strings.HasPrefix(string(raw), "{\n  \"kv/all\": \"cause of all\",\n  \"kv/new\"") {
		t.Errorf("sobjects.json is not indented with sorted keys:\n%s", raw)
	}
}

// TestTable: the README table, and its place between the markers.
func TestTable(t *testing.T) {
	known := []Case{{Name: "kv/a"}, {Name: "kv/b"}, {Name: "sql/a"}, {Name: "alarms/lost-disk"}}
	results := map[string]map[string]Outcome{
		"workerd":    {"kv/a": passed, "kv/b": passed, "sql/a": passed, "alarms/lost-disk": skipped},
		"sobjects-a": {"kv/a": passed, "kv/b": failed, "sql/a": refBug, "alarms/lost-disk": skipped},
	}
	got := Table(results, known, []string{"workerd", "sobjects-a", "sobjects-b"})
	want := "| area | workerd | sobjects-a | sobjects-b |\n" +
		"|---|---|---|---|\n" +
		"| alarms | 0/0 | 0/0 | - |\n" +
		"| kv | 2/2 | 1/2 | - |\n" +
		"| sql | 1/1 | 0/1 | - |\n" +
		"| **total** | **3/3** | **1/3** | **-** |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	readme := "# x\n\nbefore\n" + tableBegin + "\nold table\n" + tableEnd + "\nafter\n"
	s, err := replaceTable(readme, want)
	if err != nil {
		t.Fatal(err)
	}
	if s != "# x\n\nbefore\n"+tableBegin+"\n"+want+tableEnd+"\nafter\n" {
		t.Errorf("replaced:\n%s", s)
	}
	if _, err := replaceTable("# no markers\n", want); err == nil {
		t.Error("a README without the markers: no error")
	}
}
