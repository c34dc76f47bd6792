package js

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// sqlBinding is the value that binding v of sql.exec (the JSON that runtime.js's
// sqlParam makes) binds, as workerd binds a JavaScript value: a number always as a REAL
// (7 binds as 7.0), Infinity and -Infinity ({"$t":"Number"}) as REAL infinities, a
// string as TEXT (runtime.js turns booleans into their strings), null as NULL. Blobs
// are not here: they come as bytes (blobBinding).
//
// # Errors
//
// For any other value: runtime.js refuses them with a TypeError first, so this is a
// script that called the host operation itself.
func sqlBinding(v any) (any, error) {
	switch x := v.(type) {
	case nil, string:
		return x, nil
	case json.Number:
		return strconv.ParseFloat(string(x), 64)
	case map[string]any:
		if t, _ := x["$t"].(string); t == "Number" {
			s, _ := x["v"].(string)
			return strconv.ParseFloat(s, 64)
		}
	}
	return nil, fmt.Errorf("cannot bind a %T: bindings are strings, numbers, null and bytes", v)
}
