package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Expectations: the cases known to fail on a target, each with its cause. They live in
// expected/sobjects.json (every sobjects target) and expected/<target>.json (one
// target, in addition), each a JSON object {"case name": "cause"}; expected/workerd.json
// stays {}, as every case passes on the reference.

// SharedExpectations is the file of the failures common to every sobjects target.
const SharedExpectations = "sobjects"

// todoCause is the cause SOBJECTS_CONFORMANCE_WRITE=1 writes for a new failure.
const todoCause = "TODO: cause"

// Expectations maps a file's name (without .json: "sobjects", "sobjects-t1-fsync",
// "workerd") to its cases and their causes.
type Expectations map[string]map[string]string

// ReadExpectations reads every expected/*.json file under dir.
func ReadExpectations(dir string) (Expectations, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	e := Expectations{}
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("%s: %v (want a JSON object of case names to causes)", p, err)
		}
		e[strings.TrimSuffix(filepath.Base(p), ".json")] = m
	}
	return e, nil
}

// files are the expectation files that apply to target, in the order they are read.
func expectationFiles(target string) []string {
	if strings.HasPrefix(target, "sobjects") {
		return []string{SharedExpectations, target}
	}
	return []string{target}
}

// Expected returns the cause recorded for case c failing on target, and the file that
// records it; ok is false when no file does.
func (e Expectations) Expected(target, c string) (cause, file string, ok bool) {
	for _, f := range expectationFiles(target) {
		if cause, ok := e[f][c]; ok {
			return cause, f, true
		}
	}
	return "", "", false
}

// Verdict is what a case's outcome on a target means for the run, given the
// expectations: nil when it is as expected (a pass not listed, a failure listed, a
// skip, or a failure of the reference, reported on the reference), else why the run
// fails.
func (e Expectations) Verdict(target, c string, o Outcome) error {
	if o.Skipped || o.RefFailed {
		return nil
	}
	cause, file, listed := e.Expected(target, c)
	switch {
	case o.Passed && listed:
		return fmt.Errorf("now passes: remove it from conformance/expected/%s.json (it said: %s)", file, cause)
	case !o.Passed && !listed:
		return errors.New(o.Reason)
	}
	return nil
}

// Problems lists what is wrong with the files themselves: a listed name that is no
// case, a file of no known target, and any entry in the reference's file.
func (e Expectations) Problems(known []Case, targets []string, reference string) []string {
	names := map[string]bool{}
	for _, c := range known {
		names[c.Name] = true
	}
	var out []string
	for _, f := range slices.Sorted(maps.Keys(e)) {
		if f != SharedExpectations && !slices.Contains(targets, f) {
			out = append(out, fmt.Sprintf("conformance/expected/%s.json: no target is named %s", f, f))
		}
		if f == reference && len(e[f]) > 0 {
			out = append(out, fmt.Sprintf("conformance/expected/%s.json must stay {}: every case passes on the reference; fix the cases it lists instead", f))
		}
		for _, c := range slices.Sorted(maps.Keys(e[f])) {
			if !names[c] {
				out = append(out, fmt.Sprintf("conformance/expected/%s.json lists %q, which is no case: remove it", f, c))
			}
		}
	}
	slices.Sort(out)
	return out
}

// Rewrite returns the expectations a run with these results should check in (what
// SOBJECTS_CONFORMANCE_WRITE=1 writes): results[target][case] for the sobjects targets
// that ran (the reference is never listed). A case that failed on every sobjects
// target that ran it goes in the shared file, else in the files of the targets it
// failed on; a case that ran nowhere keeps its entries; causes already recorded for the
// case are kept, a new failure gets "TODO: cause". Names that are no case are dropped.
func (e Expectations) Rewrite(results map[string]map[string]Outcome, known []Case, allTargets []string) Expectations {
	out := Expectations{SharedExpectations: {}}
	var sobjects []string
	for _, t := range allTargets {
		out[t] = map[string]string{}
		if strings.HasPrefix(t, "sobjects") {
			sobjects = append(sobjects, t)
		}
	}
	for _, c := range known {
		var ran, failed, notRun []string
		for _, t := range sobjects {
			o, ok := results[t][c.Name]
			switch {
			case !ok || o.Skipped || o.RefFailed:
				notRun = append(notRun, t)
			case o.Passed:
				ran = append(ran, t)
			default:
				ran = append(ran, t)
				failed = append(failed, t)
			}
		}
		cause := func(t string) string {
			if cause, _, ok := e.Expected(t, c.Name); ok {
				return cause
			}
			for _, f := range slices.Sorted(maps.Keys(e)) {
				if cause, ok := e[f][c.Name]; ok {
					return cause
				}
			}
			return todoCause
		}
		switch {
		case len(ran) == 0:
			// Nothing new is known: keep the entries as they are.
			for f, m := range e {
				if cause, ok := m[c.Name]; ok && out[f] != nil {
					out[f][c.Name] = cause
				}
			}
		case len(failed) == len(ran):
			out[SharedExpectations][c.Name] = cause(failed[0])
			// A target that did not run it keeps only a listing of its own file.
			for _, t := range notRun {
				if cause, ok := e[t][c.Name]; ok {
					out[t][c.Name] = cause
				}
			}
		default:
			for _, t := range failed {
				out[t][c.Name] = cause(t)
			}
			for _, t := range notRun {
				if cause, _, ok := e.Expected(t, c.Name); ok {
					out[t][c.Name] = cause
				}
			}
		}
	}
	return out
}

// Write writes each file of e under dir as indented JSON, its keys sorted; an empty
// file is {}, and is not created for a target that had none (the shared file and the
// reference's always are).
func (e Expectations) Write(dir string) error {
	for f, m := range e {
		path := filepath.Join(dir, f+".json")
		if len(m) == 0 && f != SharedExpectations && !strings.HasPrefix(f, "workerd") {
			if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
				continue
			}
		}
		var b bytes.Buffer
		if len(m) == 0 {
			b.WriteString("{}\n")
		} else {
			enc := json.NewEncoder(&b)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(m); err != nil {
				return err
			}
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}
