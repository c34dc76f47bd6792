#!/usr/bin/env bash
# The test command (README): installs what the tests need on a fresh Debian machine
# (Debian packages; npm packages for the AssemblyScript example and sdk-js's types),
# checks that the Go code is gofmt'ed and every go.mod tidy, checks the plugins against
# their sources, builds them, type-checks sdk-js/index.d.ts, then runs go vet, staticcheck
# and every Go test under the race detector, the crash test (20 kills of the server)
# included, and prints each package's test time. The tests against a real S3 server and
# network faults (internal/testbucket) run versitygw and toxiproxy-server, and package
# cluster's tests run etcd (internal/testetcd), pinned in tools/go.mod (as is staticcheck) and built by tools/build.sh into a cache kept between
# runs (SOBJECTS_TOOLS_BIN, default ~/.cache/sobjects/tools/bin; the first build
# takes a few minutes and needs the Go module proxy). The conformance suite's reference,
# Cloudflare's workerd, comes from npm, pinned, into ~/.cache/sobjects/workerd.
#
#   ./test.sh                       everything
#   SOBJECTS_CRASH_KILLS=500 ./test.sh   the long form of the crash test
set -euo pipefail
cd "$(dirname "$0")"

need=()
[[ -x /usr/bin/cargo && -x /usr/bin/rustc ]] || need+=(rustc cargo)
[[ -d /usr/lib/rustlib/wasm32-unknown-unknown ]] || need+=(libstd-rust-dev-wasm32)
command -v wat2wasm >/dev/null || need+=(wabt)
command -v gcc >/dev/null || need+=(gcc)
command -v node >/dev/null || need+=(nodejs) # the AssemblyScript example and sdk-js's types
command -v npm >/dev/null || need+=(npm)
command -v chromium >/dev/null || need+=(chromium) # the chat page in a browser (cmd/sobjects TestChatInBrowser)
if ((${#need[@]})); then
  echo "installing: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "== go: gofmt -l finds nothing, go mod tidy -diff changes nothing"
unformatted=$(gofmt -l .)
[[ -z $unformatted ]] || { echo "not gofmt'ed (run gofmt -w on them):"; echo "$unformatted"; exit 1; }
for m in . tools plugins/extism-go; do
  (cd "$m" && go mod tidy -diff) || { echo "$m/go.mod is not tidy: run go mod tidy in $m"; exit 1; }
done
echo "== plugins: committed .wasm match their sources"
plugins/build.sh --check
echo "== plugins: build from source (Debian's rustc), sdk-rust unit tests"
(cd plugins && RUSTC=/usr/bin/rustc /usr/bin/cargo build --release --offline --target wasm32-unknown-unknown --quiet)
(cd sdk-rust && RUSTC=/usr/bin/rustc /usr/bin/cargo test --offline --quiet)
echo "== host test fixtures build from their .wat sources"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in host/testdata/*.wat; do
  wat2wasm --no-check "$f" -o "$tmp/$(basename "${f%.wat}").wasm"
  cmp -s "$tmp/$(basename "${f%.wat}").wasm" "${f%.wat}.wasm" || { echo "stale fixture ${f%.wat}.wasm: run host/testdata/build.sh"; exit 1; }
done
# ---- Extism plugins (plugins/extism-as, plugins/extism-go; abi/ABI.md section 10) ----
# The AssemblyScript build needs node and npm (installed above when missing) and the
# npm registry; the Go one this Go toolchain and the module proxy. Both rebuild to the
# committed bytes (plugins/build-extism.sh --verify).
echo "== Extism plugins: committed .wasm match their sources and rebuild to the same bytes"
plugins/build-extism.sh --check
plugins/build-extism.sh --verify
(cd plugins/extism-go && GOOS=wasip1 GOARCH=wasm go vet .)
# ---- end of Extism plugins ----
echo "== sdk-js: the TypeScript types check against a Durable Object written as Cloudflare documents it"
(cd sdk-js && npm ci --no-audit --no-fund --silent && npx tsc -p test)
echo "== tools: versitygw and toxiproxy-server for the bucket tests, etcd for the cluster tests"
tools=$(tools/build.sh)
export SOBJECTS_VERSITYGW=$tools/versitygw SOBJECTS_TOXIPROXY=$tools/toxiproxy-server SOBJECTS_ETCD=$tools/etcd
echo "$SOBJECTS_VERSITYGW $SOBJECTS_TOXIPROXY $SOBJECTS_ETCD"
echo "== tools: workerd, the conformance suite's reference (npm, pinned)"
workerd_dir=$HOME/.cache/sobjects/workerd # where conformance.FindWorkerd looks too
workerd_pkg=workerd@1.20261117.1 # conformance.WorkerdVersion
if [[ "$(cd "$workerd_dir" 2>/dev/null && npm ls --depth=0 workerd 2>/dev/null)" != *"$workerd_pkg"* ]]; then
  mkdir -p "$workerd_dir"
  (cd "$workerd_dir" && npm install --no-audit --no-fund --silent "$workerd_pkg")
fi
export SOBJECTS_WORKERD=$workerd_dir/node_modules/.bin/workerd
"$SOBJECTS_WORKERD" --version
echo "== go vet"
go vet ./...
echo "== staticcheck"
"$tools/staticcheck" ./...
echo "== go test -race (never from the cache: the crash test runs a freshly built server)"
# The test processes share one wazero compilation cache (internal/testdir), so that the
# JavaScript engine and the plugins compile once in the run, not once per package.
export SOBJECTS_TEST_COMPILATION_CACHE=$tmp/compilation-cache
# Shown as it runs, and kept to list the packages by test time at the end.
set +e
go test -race -count=1 -timeout 20m ./... 2>&1 | tee "$tmp/go-test.out"
rc=${PIPESTATUS[0]}
set -e
echo "== the failure tests catch a cluster node that skips its lease deadline (build tag sobjects_broken_deadline)"
if go test -count=1 -tags sobjects_broken_deadline -run '^TestClusterPausedOwnerAnswersNothingStale$' ./cmd/sobjects >"$tmp/broken.out" 2>&1; then
  echo "the broken build passed TestClusterPausedOwnerAnswersNothingStale: the test does not catch it"
  rc=1
elif ! grep -q "the count it held" "$tmp/broken.out"; then
  echo "the broken build failed, but not by answering a stale read:"
  tail -20 "$tmp/broken.out"
  rc=1
else
  echo "caught: $(grep -c 'the count it held' "$tmp/broken.out") stale reads"
fi
echo "== go test: seconds per package, slowest first"
awk '($1 == "ok" || $1 == "FAIL") && $3 ~ /^[0-9.]+s$/ { printf "%9.1f  %-4s %s\n", $3, $1, $2 }' "$tmp/go-test.out" | sort -rn
echo "== ./test.sh took ${SECONDS}s"
exit "$rc"
