//go:build tools

// Package tools pins the versions of the binaries the tests run against: a real S3 server
// (versitygw), a network fault proxy (toxiproxy) and etcd (its server, through the main in
// tools/etcd, which imports it), and of the linter ./test.sh runs (staticcheck). It lives
// in its own module so that none shows up in the project's go.mod. tools/build.sh builds
// them; ./test.sh runs it.
package tools

import (
	_ "github.com/Shopify/toxiproxy/v2/cmd/server"
	_ "github.com/versity/versitygw/cmd/versitygw"
	_ "honnef.co/go/tools/cmd/staticcheck"
)
