package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/sobjects/sobjects/abi"
)

// jsManifestPrefix and jsManifestSuffix surround the manifest's JSON on a bundle's
// second line, as package jsbundle writes it; plugins/js_test.go checks the two agree.
const (
	jsManifestPrefix = "globalThis.__sobjects_manifest = "
	jsManifestSuffix = ";"
)

// bundleManifest reads the Durable Object bindings a JavaScript bundle declares, name
// -> class, from its manifest line (package jsbundle writes it from the wrangler file's
// durable_objects.bindings), and the classes of the bundle itself, which ctx.exports
// and service bindings to the Worker itself call: the manifest's name (the class of its
// Worker, its default export) and its exports (which jsbundle writes from the entry
// module's), each as the manifest's classes map it when it does (a wrangler
// environment's, deployed as CLASS.ENV); names that are not valid class names are left
// out. The host reads it from the uploaded bytes, before any of the script runs, so
// what the script does at run time (rewriting globalThis.__sobjects_manifest, calling
// the host directly) cannot widen it. A bundle without a manifest line declares none.
// bindings is never nil.
//
// # Errors
//
// ErrInvalidPlugin for a manifest line that is not JSON of the form
// {"bindings": {NAME: {"class": CLASS}}}, or that names an invalid class.
func bundleManifest(bundle []byte) (bindings map[string]string, own []string, err error) {
	out := map[string]string{}
	_, rest, _ := bytes.Cut(bundle, []byte("\n"))
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	js, ok := bytes.CutPrefix(line, []byte(jsManifestPrefix))
	if !ok {
		return out, nil, nil
	}
	js, ok = bytes.CutSuffix(bytes.TrimRight(js, " \t\r"), []byte(jsManifestSuffix))
	if !ok {
		return nil, nil, fmt.Errorf("%w: the bundle's manifest line does not end with %q", ErrInvalidPlugin, jsManifestSuffix)
	}
	var m struct {
		Name     string            `json:"name"`
		Exports  []string          `json:"exports"`
		Classes  map[string]string `json:"classes"` // export -> deployed class, in a wrangler environment
		Bindings map[string]struct {
			Class string `json:"class"`
		} `json:"bindings"`
	}
	if err := json.Unmarshal(js, &m); err != nil {
		return nil, nil, fmt.Errorf("%w: the bundle's manifest: %v", ErrInvalidPlugin, err)
	}
	for name, b := range m.Bindings {
		if err := ValidateClassName(b.Class); err != nil {
			return nil, nil, fmt.Errorf("%w: the bundle's manifest: binding %s: %v", ErrInvalidPlugin, name, err)
		}
		out[name] = b.Class
	}
	for _, c := range append([]string{m.Name}, m.Exports...) {
		if d, ok := m.Classes[c]; ok && c != m.Name {
			c = d // an environment's: its exports are deployed under names of their own
		}
		if ValidateClassName(c) == nil {
			own = append(own, c)
		}
	}
	return out, own, nil
}

// mayCall refuses, with abi.CodeDenied, a call from an object of p to class when p
// declares bindings (a JavaScript plugin), none of them is to class, and class is not
// one of the bundle's own (bundleManifest's own: its Worker and its exports). Plugins of the
// sobjects ABI and Extism plugins declare none and may call any class (ABI.md section
// 4.5).
func (p *plugin) mayCall(class string) error {
	if p == nil || p.bindings == nil || slices.Contains(p.own, class) {
		return nil // a bundle may call its own classes (ctx.exports, services to itself)
	}
	for _, c := range p.bindings {
		if c == class {
			return nil
		}
	}
	return abi.Errorf(abi.CodeDenied, "class %s has no binding to class %s: a JavaScript class calls only the classes "+
		"its deploy declared (durable_objects.bindings in its wrangler file)", p.Class, class)
}
