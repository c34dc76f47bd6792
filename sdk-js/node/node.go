// Package node holds the sources of the Node.js modules that package jsbundle bundles
// into a project under the nodejs_compat compatibility flag
// (https://developers.cloudflare.com/workers/runtime-apis/nodejs/): one ES module per
// module, NAME.js for node:NAME, with "/" of a subpath as "-" (stream-promises.js for
// node:stream/promises). A module named with a leading "_" is internal. They reach the
// host only through the globals runtime.js defines (crypto, TextEncoder, atob, ...)
// and globalThis.__sobjects_node (_host.js).
//
// Package node imports nothing.
package node

import "embed"

// Sources are the modules' sources, by file name.
//
//go:embed *.js
var Sources embed.FS
