#!/usr/bin/env bash
# Measures splittable objects over HTTP on loopback with sobjects bench (fsync
# durability): 1 KiB puts of uniform keys against one object and the same class
# presplit into 16 leaves, and a control plane (10 keys, Zipf, 95% reads) against one
# object, the object splitting by load, and 16 leaves. Prints one line per run.
#
#   docs/split-bench.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
work=$(mktemp -d /work/tmp/splitbench.XXXX 2>/dev/null || mktemp -d)
go build -o "$work/sobjects" ./cmd/sobjects
port=18791
url=http://127.0.0.1:$port

# start POLICY: serves with [split.ledger] POLICY (a TOML line)
start() {
  rm -rf "$work/data"
  printf '[split.ledger]\n%s\n' "$1" >"$work/sobjects.toml"
  (cd "$work" && exec ./sobjects run --data-dir data --listen 127.0.0.1:$port >"$work/server.log" 2>&1) &
  server=$!
  for _ in $(seq 50); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done
}
stop() { kill -INT "$server"; wait "$server" || true; }
run() { # LABEL ARGS...
  local label=$1; shift
  "$work/sobjects" bench --url "$url" --splittable --duration ${secs}s --json "$@" |
    jq -r --arg l "$label" '"\($l): \(.throughput|floor) calls/s, p50 \(.p50_us/1000|floor) ms, p99 \(.p99_us/1000|floor) ms, \(.errors) refused or failed, \(.leaves) leaves"'
}

start 'disabled = true'
for c in 1024 2048; do run "uniform put, one object, $c in flight" --op put --concurrency $c --key-count 100000 --prefix one$c; done
for c in 1024 2048; do run "uniform put, 16 leaves, $c in flight" --op put --concurrency $c --key-count 100000 --presplit 4 --prefix p16c$c; done
for c in 256 1024 2048; do run "control plane, one object, $c in flight" --op put --read-share 0.95 --keys zipf --key-count 10 --concurrency $c --prefix cp1c$c; done
for c in 256 1024 2048; do run "control plane, 16 leaves, $c in flight" --op put --read-share 0.95 --keys zipf --key-count 10 --concurrency $c --presplit 4 --prefix cp16c$c; done
stop
start 'window = "2s"'
for c in 256 1024 2048; do run "control plane, splitting by load, $c in flight" --op put --read-share 0.95 --keys zipf --key-count 10 --concurrency $c --prefix cpl$c; done
echo "leaves of the object of the 1,024-in-flight run:"
curl -s "$url/v1/objects/ledger/cpl10240/_leaves" | jq -c '.leaves[] | {leaf, rows, declined}'
stop
grep -c 'msg=split ' "$work/server.log" | sed 's/^/splits in the load run: /'
