// Command sobjects runs stateful objects (in the sense of Cloudflare Durable Objects)
// written as WebAssembly plugins, each with its own SQLite database. See README.md.
package main

import "os"

func main() {
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}
