package js

import (
	"strconv"
	"testing"
)

// lookup finds the last segment at or before a column, carrying the source fields
// across lines; places before the first segment, past the last line, or on a segment
// without a source map to nothing; malformed mappings give no map.
func TestSourceMapLookup(t *testing.T) {
	sm := parseSourceMap([]string{"a.ts", "b.ts"}, "AAAA;AACA,KAAK,MCAM;;AAEA,E")
	if sm == nil {
		t.Fatal("no map")
	}
	for _, tc := range []struct {
		line, col int
		want      string
	}{
		{1, 1, "a.ts:1:1"}, {1, 99, "a.ts:1:1"}, {2, 5, "a.ts:2:1"}, {2, 6, "a.ts:2:6"},
		{2, 12, "b.ts:2:12"}, {3, 1, ""}, {4, 1, "b.ts:4:12"}, {4, 3, ""}, {5, 1, ""}, {0, 1, ""},
	} {
		f, l, c, ok := sm.lookup(tc.line, tc.col)
		got := ""
		if ok {
			got = f + ":" + strconv.Itoa(l) + ":" + strconv.Itoa(c)
		}
		if got != tc.want {
			t.Errorf("%d:%d -> %q, want %q", tc.line, tc.col, got, tc.want)
		}
	}
	for _, bad := range []string{"A!", "AA", "gggggggggA", "AAAAAAA"} {
		if parseSourceMap(nil, bad) != nil {
			t.Errorf("mappings %q parsed", bad)
		}
	}
}
