#!/usr/bin/env bash
# Measures sobjects over HTTP on loopback with its own driver (sobjects bench) and with
# wrk, and Cloudflare's workerd (../shared/peers/workerd) with wrk, in one run on one
# machine; then the benchmark app (conformance/fixtures/bench), unchanged, on sobjects
# and on workerd, both driven by sobjects bench --target, with a table of the ratios.
# Needs wrk (apt-get install wrk) and, for workerd, npm or ~/.cache/sobjects/workerd
# (./test.sh installs it there). Prints a report.
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

# ../shared/peers (beside the repository), or $SOBJECTS_PEERS, holds workerd's own
# benchmark worker; without it, or without npm, that section is skipped.
peers=${SOBJECTS_PEERS:-../shared/peers}
if command -v npm >/dev/null && [ -f "$peers/workerd/run.sh" ]; then
  echo "## workerd (Cloudflare's runtime, SQLite-backed Durable Objects on local disk)"
  pid=$(bash "$peers/workerd/run.sh" 18799 "$work/workerd" | tail -1)
  echo "wrk increment: $(wrk -t1 -c64 -d${secs}s 'http://127.0.0.1:18799/inc?name=one' | awk '/Requests\/sec/ {print $2}') req/s"
  echo "wrk put: $(wrk -t1 -c64 -d${secs}s -s "$work/wput.lua" 'http://127.0.0.1:18799/put?name=one&key=k1' | awk '/Requests\/sec/ {print $2}') req/s"
  echo "wrk get: $(wrk -t1 -c64 -d${secs}s 'http://127.0.0.1:18799/get?name=one&key=k1' | awk '/Requests\/sec/ {print $2}') req/s"
  pkill -P "$pid" || true
  kill "$pid" 2>/dev/null || true
else
  echo "## workerd with its own benchmark worker: skipped (no npm, or no $peers/workerd/run.sh)"
fi

# The benchmark app, one Worker and its Durable Object class Bench, served unchanged by
# sobjects (from its wrangler.toml) and by workerd (from config.capnp.in beside it), one
# server at a time, driven the same way: sobjects bench --target, 64 in flight, object
# "one", inc, put of a fresh 1 KiB body and get of one key, through stub.fetch and RPC.
app=$PWD/conformance/fixtures/bench
declare -A app_rate app_p50 app_err
app_bench() { # app_bench NAME URL: the six runs into app_rate[NAME,op/via], ...
  local name=$1 u=$2 out
  for via in fetch rpc; do
    for op in inc put get; do
      out=$("$work/sobjects" bench --target "$u" --via $via --op $op --concurrency 64 --duration ${secs}s 2>&1) || true
      echo "$out" | grep -E 'calls/s|latency|errors' | sed "s/^/$name $op via $via: /"
      app_rate[$name,$op/$via]=$(echo "$out" | awk '/calls\/s/ {for (i = 2; i <= NF; i++) if ($i == "calls/s") print $(i-1)}')
      app_p50[$name,$op/$via]=$(echo "$out" | awk '$1 == "latency:" {print $3}')
      app_err[$name,$op/$via]=$(echo "$out" | awk '$1 == "errors:" {print $2}')
    done
  done
}
app_port=18793
app_url=http://127.0.0.1:$app_port
for durability in fsync relaxed; do
  echo "## the benchmark app on sobjects, durability $durability (sobjects run conformance/fixtures/bench)"
  rm -rf "$work/appdata"
  (cd "$work" && exec ./sobjects run "$app" --data-dir appdata --listen 127.0.0.1:$app_port --durability $durability >"$work/app.log" 2>&1) &
  server=$!
  for _ in $(seq 100); do curl -sf "$app_url/healthz" >/dev/null && break; sleep 0.1; done
  app_bench sobjects-$durability "$app_url"
  kill -INT "$server"
  wait "$server" || true
done
workerd=${SOBJECTS_WORKERD:-$HOME/.cache/sobjects/workerd/node_modules/.bin/workerd}
if [ ! -x "$workerd" ] && command -v npm >/dev/null; then
  (mkdir -p "$work/npm" && cd "$work/npm" && npm install --silent --no-audit --no-fund workerd@1.20261117.1 >/dev/null 2>&1)
  workerd=$work/npm/node_modules/.bin/workerd
fi
if [ -x "$workerd" ]; then
  echo "## the benchmark app on workerd ($("$workerd" --version 2>/dev/null || echo workerd), config.capnp.in)"
  wd=$work/appworkerd
  mkdir -p "$wd/data"
  cp "$app/worker.js" "$wd/"
  sed -e "s#@DATA@#$wd/data#" -e "s#@PORT@#$app_port#" "$app/config.capnp.in" >"$wd/config.capnp"
  (cd "$wd" && exec "$workerd" serve config.capnp >"$wd/workerd.log" 2>&1) &
  server=$!
  for _ in $(seq 100); do curl -s -o /dev/null "$app_url/inc?name=warm" && break; sleep 0.1; done
  app_bench workerd "$app_url"
  kill "$server"
  wait "$server" || true
else
  echo "## the benchmark app on workerd: skipped (no workerd in ~/.cache/sobjects/workerd, no npm)"
fi
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a != "" && b > 0) printf "%.2fx", a / b; else print "-"}'; }
echo
echo "The benchmark app, calls/s with 64 in flight (p50 latency; errors when any); ratio = sobjects / workerd"
echo
echo "| workload | route | sobjects fsync | sobjects relaxed | workerd | ratio, fsync | ratio, relaxed |"
echo "|---|---|---|---|---|---|---|"
for via in fetch rpc; do
  route="stub.fetch()"; [ $via = rpc ] && route=RPC
  for op in inc put get; do
    row="| $op | $route"
    for t in sobjects-fsync sobjects-relaxed workerd; do
      k=$t,$op/$via
      e=${app_err[$k]:-}; [ -n "$e" ] && [ "$e" != 0 ] && e=", $e errors" || e=""
      if [ -n "${app_rate[$k]:-}" ]; then row="$row | ${app_rate[$k]}/s (${app_p50[$k]}$e)"; else row="$row | -"; fi
    done
    row="$row | $(ratio "${app_rate[sobjects-fsync,$op/$via]:-}" "${app_rate[workerd,$op/$via]:-0}")"
    row="$row | $(ratio "${app_rate[sobjects-relaxed,$op/$via]:-}" "${app_rate[workerd,$op/$via]:-0}") |"
    echo "$row"
  done
done
echo

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
