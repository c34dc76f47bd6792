package conformance

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// The README's table of what runs where, which SOBJECTS_CONFORMANCE_WRITE=1
// regenerates between these markers.
const (
	tableBegin = "<!-- conformance:begin -->"
	tableEnd   = "<!-- conformance:end -->"
)

// Table is the markdown table of a run: a row per area (sorted by name), a
// column per target, each cell "passed/total" of the area's cases on that target (a
// case the target cannot run, such as disk loss without backups, is not counted in its
// total; "-" for a target that did not run), and a row of totals.
func Table(results map[string]map[string]Outcome, known []Case, targets []string) string {
	var areas []string
	byArea := map[string][]Case{}
	for _, c := range known {
		a := c.area()
		if _, ok := byArea[a]; !ok {
			areas = append(areas, a)
		}
		byArea[a] = append(byArea[a], c)
	}
	slices.Sort(areas)
	var b strings.Builder
	b.WriteString("| area |")
	for _, t := range targets {
		fmt.Fprintf(&b, " %s |", t)
	}
	b.WriteString("\n|---|")
	for range targets {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	cell := func(t string, cs []Case) string {
		r, ok := results[t]
		if !ok {
			return "-"
		}
		passed, total := 0, 0
		for _, c := range cs {
			o, ran := r[c.Name]
			if ran && o.Skipped {
				continue
			}
			total++
			if ran && o.Passed {
				passed++
			}
		}
		return fmt.Sprintf("%d/%d", passed, total)
	}
	for _, a := range areas {
		fmt.Fprintf(&b, "| %s |", a)
		for _, t := range targets {
			fmt.Fprintf(&b, " %s |", cell(t, byArea[a]))
		}
		b.WriteString("\n")
	}
	b.WriteString("| **total** |")
	for _, t := range targets {
		fmt.Fprintf(&b, " **%s** |", cell(t, known))
	}
	b.WriteString("\n")
	return b.String()
}

// replaceTable returns readme with the text between its markers replaced by table.
func replaceTable(readme, table string) (string, error) {
	i := strings.Index(readme, tableBegin)
	j := strings.Index(readme, tableEnd)
	if i < 0 || j < i {
		return "", errors.New("README.md has no " + tableBegin + " ... " + tableEnd + " section")
	}
	return readme[:i+len(tableBegin)] + "\n" + table + readme[j:], nil
}
