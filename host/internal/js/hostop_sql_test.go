package js

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// sqlBinding binds as workerd: every number a float, the infinities from their tag;
// anything else that reaches the host (a script calling it itself) is a clear error.
func TestSQLBinding(t *testing.T) {
	for _, c := range []struct {
		name string
		in   any
		want any
	}{
		{"IntegralNumber", json.Number("7"), 7.0},
		{"Fraction", json.Number("-2.25"), -2.25},
		{"Infinity", map[string]any{"$t": "Number", "v": "Infinity"}, math.Inf(1)},
		{"MinusInfinity", map[string]any{"$t": "Number", "v": "-Infinity"}, math.Inf(-1)},
		{"String", "true", "true"},
		{"Null", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got, err := sqlBinding(c.in); err != nil || got != c.want {
				t.Fatalf("sqlBinding(%v) = %v, %v; want %v", c.in, got, err, c.want)
			}
		})
	}
	for _, c := range []struct {
		name string
		in   any
	}{
		{"ErrBigInt", map[string]any{"$t": "BigInt", "v": "5"}},
		{"ErrBoolean", true},
		{"ErrObject", map[string]any{"a": json.Number("1")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := sqlBinding(c.in); err == nil || !strings.Contains(err.Error(), "cannot bind") {
				t.Fatalf("sqlBinding(%v): %v, want an error saying it cannot bind", c.in, err)
			}
		})
	}
}
