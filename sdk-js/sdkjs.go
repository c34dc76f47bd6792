// Package sdkjs holds the JavaScript side of sobjects (runtime.js): what the
// `cloudflare:workers` module of a bundle resolves to, the web APIs a Durable Object
// expects (Request, Response, Headers, URL, TextEncoder, crypto, console), and the
// dispatcher through which the host calls methods, fetch and alarm. The host evaluates
// it in every JavaScript engine instance before the bundle.
package sdkjs

import _ "embed"

// Runtime is the source of runtime.js.
//
//go:embed runtime.js
var Runtime string
