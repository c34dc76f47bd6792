package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCasesRejectTheirWrongObservation runs each case's check on the wrong observation
// the case names: a check that accepts it checks nothing.
func TestCasesRejectTheirWrongObservation(t *testing.T) {
	for _, c := range cases {
		if c.Check == nil || c.Wrong == nil {
			t.Errorf("%s: needs a Check and a Wrong observation", c.Name)
			continue
		}
		if c.Check(c.Wrong) == nil {
			t.Errorf("%s: its check accepts its wrong observation %v", c.Name, c.Wrong)
		}
	}
}

// TestCasesAreWellFormed: unique names of the form area/what, a fixture that exists,
// a cited rule, and at least one step.
func TestCasesAreWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			t.Errorf("%s: two cases of that name", c.Name)
		}
		seen[c.Name] = true
		if a, what, ok := strings.Cut(c.Name, "/"); !ok || a == "" || what == "" {
			t.Errorf("%q: a name is area/what", c.Name)
		}
		if _, err := os.Stat(filepath.Join("fixtures", c.Fixture, "wrangler.toml")); err != nil {
			t.Errorf("%s: fixture %q: %v", c.Name, c.Fixture, err)
		}
		if !strings.Contains(c.Doc, "developers.cloudflare.com") && !strings.HasPrefix(c.Doc, "workerd:") {
			t.Errorf("%s: Doc cites neither a developers.cloudflare.com page nor workerd", c.Name)
		}
		if len(c.Steps) == 0 {
			t.Errorf("%s: no steps", c.Name)
		}
		for i := range c.Between {
			if i < 0 || i >= len(c.Steps)-1 {
				t.Errorf("%s: an action after step %d, of %d", c.Name, i, len(c.Steps))
			}
		}
	}
}
