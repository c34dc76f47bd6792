//go:build pprof

package main

import (
	"net/http"
	_ "net/http/pprof"
	"os"
)

// Built with -tags pprof, sobjects serves Go's profiler on SOBJECTS_PPROF_ADDR
// (default 127.0.0.1:6060), for performance work.
func init() {
	addr := os.Getenv("SOBJECTS_PPROF_ADDR")
	if addr == "" {
		addr = "127.0.0.1:6060"
	}
	go http.ListenAndServe(addr, nil)
}
