#!/usr/bin/env bash
# Builds the binaries the tests run against, as pinned in tools/go.mod: versitygw (a real
# S3 server), toxiproxy-server (network faults), etcd (the coordination server package
# cluster runs on; tools/etcd/main.go is its main) and staticcheck (the linter ./test.sh
# runs). They go into a cache folder that survives between runs, one subfolder per pinned
# set (the versions and a hash of tools/go.mod, tools/go.sum and tools/etcd/main.go in its
# name), so a build happens only when the pins change.
# Prints that subfolder; it holds `versitygw`, `toxiproxy-server`, `etcd` and `staticcheck`.
#
#   tools/build.sh                       cache in ${SOBJECTS_TOOLS_BIN:-$HOME/.cache/sobjects/tools/bin}
#   SOBJECTS_TOOLS_BIN=/some/dir tools/build.sh
set -euo pipefail
cd "$(dirname "$0")"

root=${SOBJECTS_TOOLS_BIN:-${XDG_CACHE_HOME:-$HOME/.cache}/sobjects/tools/bin}
vgw=$(go list -m -f '{{.Version}}' github.com/versity/versitygw)
toxi=$(go list -m -f '{{.Version}}' github.com/Shopify/toxiproxy/v2)
etcd=$(go list -m -f '{{.Version}}' go.etcd.io/etcd/server/v3)
sc=$(go list -m -f '{{.Version}}' honnef.co/go/tools)
# tools/etcd/main.go is ours, not pinned by a version: its hash goes into the name too.
sum=$(cat go.mod go.sum etcd/main.go | sha256sum | cut -c1-12)
bin=$root/versitygw-$vgw.toxiproxy-$toxi.etcd-$etcd.staticcheck-$sc.$sum

if [[ ! -x $bin/versitygw || ! -x $bin/toxiproxy-server || ! -x $bin/etcd || ! -x $bin/staticcheck ]]; then
  mkdir -p "$root"
  tmp=$(mktemp -d "$root/.build.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  echo "building versitygw $vgw, toxiproxy-server $toxi, etcd $etcd and staticcheck $sc into $bin" >&2
  start=$SECONDS
  # Static, stripped, no cgo: the binaries do not depend on this machine's libc.
  CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.Version=$vgw" \
    -o "$tmp/versitygw" github.com/versity/versitygw/cmd/versitygw
  CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X github.com/Shopify/toxiproxy/v2.Version=$toxi" \
    -o "$tmp/toxiproxy-server" github.com/Shopify/toxiproxy/v2/cmd/server
  CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$tmp/etcd" ./etcd
  # staticcheck reads the code with the Go it was built by: this one, the project's.
  CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$tmp/staticcheck" honnef.co/go/tools/cmd/staticcheck
  # Another run may have finished the same build meanwhile: keep whichever landed first.
  chmod 755 "$tmp"
  mv -T "$tmp" "$bin" 2>/dev/null || true
  [[ -x $bin/versitygw && -x $bin/toxiproxy-server && -x $bin/etcd && -x $bin/staticcheck ]] || { echo "tools/build.sh: $bin is incomplete; remove it" >&2; exit 1; }
  echo "built in $((SECONDS - start))s" >&2
fi
echo "$bin"
