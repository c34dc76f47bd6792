package js

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strconv"
)

// sourceMapPrefix is jsbundle.SourceMapPrefix: a bundle's last line when it has a
// source map (the host cannot import jsbundle's esbuild).
const sourceMapPrefix = "//# sourceMappingURL=data:application/json;base64,"

// sourceMap is a bundle's source map (version 3), kept compact: the mappings text as it
// is, and for each generated line where its segments start and the source position
// the segments before it leave (the fields of a segment are deltas that run on across
// lines, except the generated column). A lookup decodes one line. It costs 16 bytes a
// line of the bundle and the mappings text, once per class; nothing per object. It is
// never changed after parseSourceMap, so goroutines may share it.
type sourceMap struct {
	sources  []string
	mappings string
	lines    []mapLine
}

// mapLine is the state at the start of one generated line.
type mapLine struct {
	off                  int32 // index in mappings of the line's first segment
	src, srcLine, srcCol int32 // of the last segment before the line
}

// cutSourceMap splits bundle into the script the engine evaluates and its source map,
// nil when it has none or the map cannot be read (then err.stack names the bundle's
// own lines, as before maps).
func cutSourceMap(bundle []byte) ([]byte, *sourceMap) {
	i := bytes.LastIndex(bundle, []byte("\n"+sourceMapPrefix))
	if i < 0 {
		return bundle, nil
	}
	line := bytes.TrimRight(bundle[i+1+len(sourceMapPrefix):], "\r\n")
	js, err := base64.StdEncoding.AppendDecode(nil, line)
	if err != nil {
		return bundle, nil
	}
	var m struct {
		Version  int      `json:"version"`
		Sources  []string `json:"sources"`
		Mappings string   `json:"mappings"`
	}
	if json.Unmarshal(js, &m) != nil || m.Version != 3 {
		return bundle, nil
	}
	sm := parseSourceMap(m.Sources, m.Mappings)
	if sm == nil {
		return bundle, nil
	}
	return bundle[:i+1], sm
}

// parseSourceMap indexes mappings by generated line; nil when they are malformed.
func parseSourceMap(sources []string, mappings string) *sourceMap {
	sm := &sourceMap{sources: sources, mappings: mappings}
	var st mapLine
	st.off = 0
	sm.lines = append(sm.lines, st)
	var f [5]int32
	for i := 0; i < len(mappings); {
		switch mappings[i] {
		case ';':
			i++
			st.off = int32(i)
			sm.lines = append(sm.lines, st)
			continue
		case ',':
			i++
			continue
		}
		n, next, ok := segment(mappings, i, &f)
		if !ok {
			return nil
		}
		if n >= 4 {
			st.src += f[1]
			st.srcLine += f[2]
			st.srcCol += f[3]
		}
		i = next
	}
	return sm
}

// segment decodes the VLQ fields of the segment at mappings[i:] into f: how many, and
// where the segment ends.
func segment(mappings string, i int, f *[5]int32) (n, end int, ok bool) {
	for i < len(mappings) && mappings[i] != ',' && mappings[i] != ';' {
		if n == len(f) {
			return 0, 0, false
		}
		var v, shift int32
		for {
			if i >= len(mappings) || shift > 30 {
				return 0, 0, false
			}
			d := base64Digit(mappings[i])
			if d < 0 {
				return 0, 0, false
			}
			i++
			v |= (d & 31) << shift
			shift += 5
			if d&32 == 0 {
				break
			}
		}
		if v&1 != 0 {
			v = -(v >> 1)
		} else {
			v >>= 1
		}
		f[n] = v
		n++
	}
	return n, i, n == 1 || n == 4 || n == 5
}

func base64Digit(c byte) int32 {
	switch {
	case c >= 'A' && c <= 'Z':
		return int32(c - 'A')
	case c >= 'a' && c <= 'z':
		return int32(c-'a') + 26
	case c >= '0' && c <= '9':
		return int32(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}

// lookup gives the source position of the generated position line:column (both
// 1-based, as the engine's stack frames give them): the source's name and its 1-based
// line and column. ok is false when the map has nothing at or before that column of the
// line, or names no source there.
func (sm *sourceMap) lookup(line, column int) (file string, srcLine, srcCol int, ok bool) {
	if line < 1 || line > len(sm.lines) || column < 1 {
		return "", 0, 0, false
	}
	st := sm.lines[line-1]
	src, sl, sc := st.src, st.srcLine, st.srcCol
	var col int32
	found := false
	var f [5]int32
	for i := int(st.off); i < len(sm.mappings) && sm.mappings[i] != ';'; {
		if sm.mappings[i] == ',' {
			i++
			continue
		}
		n, next, ok := segment(sm.mappings, i, &f)
		if !ok {
			return "", 0, 0, false
		}
		col += f[0]
		if col > int32(column-1) {
			break
		}
		if n >= 4 {
			src, sl, sc = src+f[1], sl+f[2], sc+f[3]
			found = true
		} else {
			found = false // a segment with no source: the column maps to nothing
		}
		i = next
	}
	if !found || src < 0 || int(src) >= len(sm.sources) {
		return "", 0, 0, false
	}
	return sm.sources[src], int(sl) + 1, int(sc) + 1, true
}

// atoi reads a positive decimal number of at most 9 digits.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// mapFrames is OP.SOURCE_POSITIONS (js.srcmap is set): frames is a file, line and column a line each, for
// each frame of a stack runtime.js's Error.prepareStackTrace writes; for each, the
// answer has a line: "file:line:column" in the project's sources when the file is this
// bundle's and its map has the place, else empty.
func (js *Instance) mapFrames(frames []byte) []byte {
	out := js.argB[:0]
	bundleFile := js.className + ".js"
	for first := true; len(frames) > 0; first = false {
		var file, l, c []byte
		file, frames, _ = bytes.Cut(frames, []byte("\n"))
		l, frames, _ = bytes.Cut(frames, []byte("\n"))
		c, frames, _ = bytes.Cut(frames, []byte("\n"))
		if !first {
			out = append(out, '\n')
		}
		line, ok1 := atoi(l)
		col, ok2 := atoi(c)
		if !ok1 || !ok2 || string(file) != bundleFile {
			continue
		}
		if f, sl, sc, ok := js.srcmap.lookup(line, col); ok {
			out = append(out, f...)
			out = append(out, ':')
			out = strconv.AppendInt(out, int64(sl), 10)
			out = append(out, ':')
			out = strconv.AppendInt(out, int64(sc), 10)
		}
	}
	return out
}
