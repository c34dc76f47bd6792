// Package server is the HTTP API of sobjects (echo v4): class uploads, calls to
// objects and their fetch handlers, describe and delete, health and Prometheus
// metrics. errors.go maps every error to an HTTP status and an
// application/problem+json body, in one place.
//
// An upload (PUT /v1/classes/{class}) is a WebAssembly module, or JavaScript: an ES
// module, bundled with package jsbundle, or a bundle made by it. JavaScript that fails
// to build answers 400 build_failed; JavaScript that imports what the host does not
// provide answers 400 unsupported_api, naming the imports.
//
// A Node (node.go) owns the start and stop order of a serving process's parts: the
// backup store, the engine, the splitter and the server.
//
// Package server may import host, splitter, jsbundle and storage/backup (for the
// Node); nothing imports it but cmd.
package server
