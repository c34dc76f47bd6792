// Package server is the HTTP API of sobjects (echo v4): class uploads, calls to
// objects and their fetch handlers, describe and delete, health and Prometheus
// metrics. errors.go maps every error to an HTTP status and an
// application/problem+json body, in one place.
//
// Package server may import host (and later splitter); nothing imports it but cmd.
package server
