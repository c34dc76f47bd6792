package conformance

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Checks a case combines with all: each says why an observation is wrong, or nil.

// all is a check that passes when every one of checks does.
func all(checks ...func(Observation) error) func(Observation) error {
	return func(o Observation) error {
		for _, c := range checks {
			if err := c(o); err != nil {
				return err
			}
		}
		return nil
	}
}

// status checks the status of response i.
func status(i, want int) func(Observation) error {
	return func(o Observation) error {
		if i >= len(o) {
			return fmt.Errorf("response %d missing (%d responses)", i, len(o))
		}
		if o[i].Status != want {
			return fmt.Errorf("response %d: status %d, want %d (body %v)", i, o[i].Status, want, short(o[i].Body))
		}
		return nil
	}
}

// body checks that the body of response i is the JSON value jsonText (compared as
// values: key order and number spelling do not matter), or the text jsonText when that
// is not JSON.
func body(i int, jsonText string) func(Observation) error {
	want := decodeJSON(jsonText)
	return func(o Observation) error {
		if i >= len(o) {
			return fmt.Errorf("response %d missing (%d responses)", i, len(o))
		}
		if !reflect.DeepEqual(o[i].Body, want) {
			return fmt.Errorf("response %d: body %v, want %v", i, short(o[i].Body), jsonText)
		}
		return nil
	}
}

// field checks that the value at path (dot-separated keys and array indexes) in the
// JSON body of response i is the JSON value jsonText.
func field(i int, path, jsonText string) func(Observation) error {
	want := decodeJSON(jsonText)
	return func(o Observation) error {
		if i >= len(o) {
			return fmt.Errorf("response %d missing (%d responses)", i, len(o))
		}
		got, ok := lookup(o[i].Body, path)
		if !ok {
			return fmt.Errorf("response %d: no %s in body %v", i, path, short(o[i].Body))
		}
		if !reflect.DeepEqual(got, want) {
			return fmt.Errorf("response %d: %s is %v, want %s", i, path, short(got), jsonText)
		}
		return nil
	}
}

// header checks header name (lowercase, which the step must Keep) of response i.
func header(i int, name, want string) func(Observation) error {
	return func(o Observation) error {
		if i >= len(o) {
			return fmt.Errorf("response %d missing (%d responses)", i, len(o))
		}
		if got, ok := o[i].Headers[name]; !ok || got != want {
			return fmt.Errorf("response %d: header %s is %q (present %v), want %q", i, name, got, ok, want)
		}
		return nil
	}
}

// decodeJSON decodes s as JSON (numbers as float64, as a response body decodes), or
// returns s itself when it is not JSON.
func decodeJSON(s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return s
	}
	return v
}

// lookup finds path (dot-separated: object keys, array indexes) in v.
func lookup(v any, path string) (any, bool) {
	if path == "" {
		return v, true
	}
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[k]; !ok {
				return nil, false
			}
		case []any:
			n, err := strconv.Atoi(k)
			if err != nil || n < 0 || n >= len(x) {
				return nil, false
			}
			v = x[n]
		default:
			return nil, false
		}
	}
	return v, true
}

// short is v as JSON, cut to 300 bytes, for messages.
func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}
