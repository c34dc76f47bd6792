package jsbundle

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
)

// SourceMapPrefix starts a bundle's last line when the bundle has a source map: the
// map (https://sourcemaps.info/spec.html, version 3, without sourcesContent) follows as
// base64 of its JSON, as esbuild writes an inline map. Its lines count from the
// bundle's first line (Marker), so tools that read inline maps read it as it is; its
// sources are relative to the project's folder ("src/object.ts", for Bundle NAME.js).
// The engine cuts the line off before it evaluates the bundle, and maps the positions
// of err.stack with it.
const SourceMapPrefix = "//# sourceMappingURL=data:application/json;base64,"

// sourceMapLine is the last line of a bundle whose script, after skip lines, esbuild
// mapped with mapJSON (an external map): the map with skip empty lines prepended to its
// mappings and its sourcesContent dropped.
func sourceMapLine(mapJSON []byte, skip int) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(mapJSON, &m); err != nil {
		return nil, fmt.Errorf("esbuild source map: %w", err)
	}
	var mappings string
	if err := json.Unmarshal(m["mappings"], &mappings); err != nil {
		return nil, fmt.Errorf("esbuild source map: mappings: %w", err)
	}
	m["mappings"], _ = json.Marshal(strings.Repeat(";", skip) + mappings)
	delete(m, "sourcesContent")
	js, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(SourceMapPrefix)+base64.StdEncoding.EncodedLen(len(js))+1)
	out = append(out, SourceMapPrefix...)
	out = base64.StdEncoding.AppendEncode(out, js)
	return append(out, '\n'), nil
}

// cutSourceMap splits a bundle's script from its source map line, if any.
func cutSourceMap(script []byte) (rest, mapLine []byte) {
	i := bytes.LastIndex(script, []byte("\n"+SourceMapPrefix))
	if i < 0 {
		if bytes.HasPrefix(script, []byte(SourceMapPrefix)) {
			return nil, script
		}
		return script, nil
	}
	return script[:i+1], script[i+1:]
}
