#!/usr/bin/env bash
# JavaScript objects over HTTP on loopback, with wrk (64 connections), in one run on one
# machine:
#   - sobjects serving its examples: the JavaScript counter (JsCounter) and the Rust one
#     (counter) through the method API, POST /v1/objects/CLASS/one/increment;
#   - sobjects serving workerd's benchmark project unchanged (../shared/peers/workerd/
#     worker.js, with a wrangler.toml naming its binding): GET /inc?name=one through
#     its Worker, which calls the Durable Object's fetch;
#   - workerd (Cloudflare's runtime, ../shared/peers/workerd/run.sh) serving the same
#     worker.js.
# Needs wrk and, for workerd, npm. Prints a report.
#
#   docs/js-bench.sh [SECONDS] [DURABILITY]    defaults: 5, fsync
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-5}
durability=${2:-fsync}
work=$(mktemp -d /work/tmp/jsbench.XXXX 2>/dev/null || mktemp -d)
go build -o "$work/sobjects" ./cmd/sobjects
peer=../shared/peers/workerd
mkdir -p "$work/peer"
cp "$peer/worker.js" "$work/peer/"
cat >"$work/peer/wrangler.toml" <<'TOML'
name = "bench"
main = "worker.js"

[[durable_objects.bindings]]
name = "BENCH"
class_name = "Bench"
TOML
printf 'wrk.method = "POST"\nwrk.body = %s\n' "'{\"by\":1}'" >"$work/inc.lua"

serve() { # serve PORT ARGS...: start sobjects, wait until it answers
  local port=$1
  shift
  rm -rf "$work/data"
  "$work/sobjects" run "$@" --data-dir "$work/data" --listen 127.0.0.1:$port --durability "$durability" >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 0.1; done
  echo "sobjects did not start: $(tail -3 "$work/server.log")" >&2
  exit 1
}
rate() { awk '/Requests\/sec/ {r=$2} /Non-2xx/ {e=" ("$4" non-2xx)"} END {print r e}'; }

echo "## sobjects (durability $durability), its examples through the method API"
serve 18791
for class in JsCounter counter; do
  echo "wrk $class increment: $(wrk -t1 -c64 -d${secs}s -s "$work/inc.lua" "http://127.0.0.1:18791/v1/objects/$class/one/increment" | rate) req/s"
done
kill -INT "$server"
wait "$server" || true

echo "## sobjects (durability $durability), workerd's worker.js unchanged, through its Worker"
serve 18792 "$work/peer"
echo "wrk /inc: $(wrk -t1 -c64 -d${secs}s 'http://127.0.0.1:18792/inc?name=one' | rate) req/s"
kill -INT "$server"
wait "$server" || true

if command -v npm >/dev/null; then
  echo "## workerd, the same worker.js"
  pid=$(bash "$peer/run.sh" 18799 "$work/workerd" | tail -1)
  echo "wrk /inc: $(wrk -t1 -c64 -d${secs}s 'http://127.0.0.1:18799/inc?name=one' | rate) req/s"
  pkill -P "$pid" || true
  kill "$pid" 2>/dev/null || true
fi
rm -rf "$work"
