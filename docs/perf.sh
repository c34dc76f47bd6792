#!/usr/bin/env bash
# Measures sobjects over HTTP on loopback with its own driver (sobjects bench) and with
# wrk, and Cloudflare's workerd (../shared/peers/workerd) with wrk, in one run on one
# machine. Needs wrk (apt-get install wrk) and, for workerd, npm. Prints a report.
#
#   docs/perf.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-5}
work=$(mktemp -d /work/tmp/perf.XXXX 2>/dev/null || mktemp -d)
go build -o "$work/sobjects" ./cmd/sobjects
port=18790
url=http://127.0.0.1:$port

printf 'wrk.method = "POST"\nwrk.body = %s\n' "'{\"by\":1}'" > "$work/inc.lua"
# Puts write a new value each time (16 random hex digits, then x's): putting the same
# bytes again changes no page, and SQLite then writes and fsyncs nothing at commit.
cat >"$work/put.lua" <<'LUA'
wrk.method = "POST"
local pad = string.rep("x", 1008)
request = function()
  return wrk.format(nil, nil, nil, string.format('{"key":"k1","value":"%08x%08x%s"}', math.random(0, 0x7fffffff), math.random(0, 0x7fffffff), pad))
end
LUA
printf 'wrk.method = "POST"\nwrk.body = %s\n' "'{\"key\":\"k1\"}'" > "$work/get.lua"
cat >"$work/wput.lua" <<'LUA'
wrk.method = "POST"
local pad = string.rep("x", 1008)
request = function()
  return wrk.format(nil, nil, nil, string.format("%08x%08x%s", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff), pad))
end
LUA

batch() { curl -s "$url/metrics" | awk '/^sobjects_commit_batch_size_(sum|count)/ {v[$1]=$2} END {printf "%.0f %.0f", v["sobjects_commit_batch_size_sum"], v["sobjects_commit_batch_size_count"]}'; }

for durability in relaxed fsync; do
  rm -rf "$work/data"
  (cd "$work" && exec ./sobjects run --data-dir data --listen 127.0.0.1:$port --durability $durability >"$work/server.log" 2>&1) &
  server=$!
  for _ in $(seq 50); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done
  echo "## sobjects, durability $durability"
  for op in increment put get; do
    read -r s0 c0 <<<"$(batch)"
    "$work/sobjects" bench --url "$url" --op $op --concurrency 64 --duration ${secs}s | grep -E 'calls/s|latency|commit batch|errors|driver' | sed "s/^/bench $op: /"
    read -r s1 c1 <<<"$(batch)"
  done
  for op in increment put get; do
    obj=kv; [ $op = increment ] && obj=counter
    lua=$op; [ $op = increment ] && lua=inc
    read -r s0 c0 <<<"$(batch)"
    r=$(wrk -t1 -c64 -d${secs}s -s "$work/$lua.lua" "$url/v1/objects/$obj/one/$op" | awk '/Requests\/sec/ {print $2} /Non-2xx/ {print "non-2xx", $4}')
    read -r s1 c1 <<<"$(batch)"
    echo "wrk $op: $r req/s, average commit batch $(awk "BEGIN {printf \"%.1f\", ($s1-$s0)/(($c1-$c0)>0?($c1-$c0):1)}")"
  done
  kill -INT "$server"
  wait "$server" || true
done

if command -v npm >/dev/null; then
  echo "## workerd (Cloudflare's runtime, SQLite-backed Durable Objects on local disk)"
  pid=$(bash ../shared/peers/workerd/run.sh 18799 "$work/workerd" | tail -1)
  echo "wrk increment: $(wrk -t1 -c64 -d${secs}s 'http://127.0.0.1:18799/inc?name=one' | awk '/Requests\/sec/ {print $2}') req/s"
  echo "wrk put: $(wrk -t1 -c64 -d${secs}s -s "$work/wput.lua" 'http://127.0.0.1:18799/put?name=one&key=k1' | awk '/Requests\/sec/ {print $2}') req/s"
  echo "wrk get: $(wrk -t1 -c64 -d${secs}s 'http://127.0.0.1:18799/get?name=one&key=k1' | awk '/Requests\/sec/ {print $2}') req/s"
  pkill -P "$pid" || true
  kill "$pid" 2>/dev/null || true
fi

echo "## a trivial Go net/http handler (the ceiling of HTTP on this machine)"
mkdir -p "$work/trivial"
cat >"$work/trivial/main.go" <<'GO'
package main

import "net/http"

func main() {
	http.ListenAndServe("127.0.0.1:18798", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) }))
}
GO
(cd "$work/trivial" && go mod init trivial >/dev/null 2>&1 && go build -o trivial . && exec ./trivial) &
trivial=$!
for _ in $(seq 50); do curl -sf http://127.0.0.1:18798/ >/dev/null && break; sleep 0.1; done
echo "wrk: $(wrk -t1 -c64 -d${secs}s -s "$work/inc.lua" http://127.0.0.1:18798/ | awk '/Requests\/sec/ {print $2}') req/s"
kill "$trivial"
rm -rf "$work"
