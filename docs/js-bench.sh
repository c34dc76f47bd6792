#!/usr/bin/env bash
# JavaScript objects over HTTP on loopback, driven by wrk, in one run on one machine:
#   - the benchmark app conformance/fixtures/bench/worker.js (a Worker and its Durable
#     Object class Bench) served unchanged by sobjects and by workerd (Cloudflare's
#     runtime, from npm): increment, put of a new 1 KiB value, get of a 1 KiB value,
#     each through the Worker's fetch and stub.fetch() (/inc, /put, /get) and through
#     RPC (/rpc/...), with 64 requests in flight (requests/s) and with one (p50 latency);
#   - sobjects' own examples through the method API, same workloads, 64 in flight:
#     JsCounter (JavaScript) and the Rust plugins counter and kv.
# Needs wrk and, for workerd, npm. Prints a report, then a markdown table.
#
#   docs/js-bench.sh [SECONDS] [DURABILITY]    defaults: 5, fsync
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-5}
durability=${2:-fsync}
app=$PWD/conformance/fixtures/bench
work=$(mktemp -d /work/tmp/jsbench.XXXX 2>/dev/null || mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/sobjects" ./cmd/sobjects

# Puts write a new value each time (16 random hex digits, then x's): the same bytes again
# change no page, and SQLite then writes and fsyncs nothing at commit.
cat >"$work/put.lua" <<'LUA'
wrk.method = "POST"
local pad = string.rep("x", 1008)
request = function()
  return wrk.format(nil, nil, nil, string.format("%08x%08x%s", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff), pad))
end
LUA
cat >"$work/putjson.lua" <<'LUA'
wrk.method = "POST"
local pad = string.rep("x", 1008)
request = function()
  return wrk.format(nil, nil, nil, string.format('{"key":"a","value":"%08x%08x%s"}', math.random(0, 0x7fffffff), math.random(0, 0x7fffffff), pad))
end
LUA
post() { printf 'wrk.method = "POST"\nwrk.body = %s\n' "'$1'" >"$work/$2.lua"; echo "$work/$2.lua"; }
inc=$(post '{"by":1}' inc)
get=$(post '{"key":"a"}' get)
value=$(printf '%01024d' 7)

rate() { awk '/Requests\/sec/ {r=int($2)} /Non-2xx/ {e=" ("$4" non-2xx)"} END {print r e}'; }
p50() { awk '$1 == "50%" {print $2}'; }
# load URL [SCRIPT]: requests/s with 64 in flight; latency URL [SCRIPT]: p50 with one.
load() { wrk -t1 -c64 -d"${secs}s" ${2:+-s "$2"} "$1" | rate; }
latency() { wrk -t1 -c1 -d"${secs}s" --latency ${2:+-s "$2"} "$1" | p50; }

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
stop() { kill -INT "$server"; wait "$server" || true; }

declare -A r
app_run() { # app_run TARGET BASEURL: the app's nine figures into r[TARGET,...]
  local t=$1 u=$2
  for via in "" rpc/; do
    curl -s -X POST --data-binary "$value" "$u/${via}put?key=a" >/dev/null
    r[$t,${via}inc]=$(load "$u/${via}inc")
    r[$t,${via}put]=$(load "$u/${via}put?key=a" "$work/put.lua")
    r[$t,${via}get]=$(load "$u/${via}get?key=a")
  done
  r[$t,p50inc]=$(latency "$u/inc")
  r[$t,p50put]=$(latency "$u/put?key=a" "$work/put.lua")
  r[$t,p50get]=$(latency "$u/get?key=a")
  for k in inc put get rpc/inc rpc/put rpc/get; do echo "$t $k: ${r[$t,$k]} req/s"; done
  for k in inc put get; do echo "$t $k, one in flight: p50 ${r[$t,p50$k]}"; done
}

echo "## sobjects (durability $durability), conformance/fixtures/bench/worker.js"
serve 18792 "$app"
app_run sobjects http://127.0.0.1:18792
stop

echo "## sobjects (durability $durability), its examples through the method API"
serve 18791
u=http://127.0.0.1:18791/v1/objects
curl -s -X POST "$u/kv/one/put" -d "{\"key\":\"a\",\"value\":\"$value\"}" >/dev/null
r[rust,inc]=$(load "$u/counter/one/increment" "$inc")
r[rust,put]=$(load "$u/kv/one/put" "$work/putjson.lua")
r[rust,get]=$(load "$u/kv/one/get" "$get")
r[jscounter,inc]=$(load "$u/JsCounter/one/increment" "$inc")
echo "Rust counter increment: ${r[rust,inc]} req/s; kv put: ${r[rust,put]} req/s; kv get: ${r[rust,get]} req/s"
echo "JsCounter increment: ${r[jscounter,inc]} req/s"
stop

if command -v npm >/dev/null; then
  echo "## workerd, the same worker.js"
  wd=$work/workerd
  mkdir -p "$wd/data"
  (cd "$wd" && npm install --silent --no-audit --no-fund workerd@1.20261117.1 >/dev/null 2>&1)
  cp "$app/worker.js" "$wd/"
  sed -e "s#@DATA@#$wd/data#" -e "s#@PORT@#18799#" "$app/config.capnp.in" >"$wd/config.capnp"
  (cd "$wd" && exec ./node_modules/.bin/workerd serve config.capnp >"$wd/workerd.log" 2>&1) &
  for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:18799/inc?name=warm" && break; sleep 0.1; done
  app_run workerd http://127.0.0.1:18799
  kill %% 2>/dev/null || true
fi

ratio() { awk -v a="${1%% *}" -v b="${2%% *}" 'BEGIN {if (b > 0) printf "%.1fx", a / b; else print "-"}'; }
echo
echo "| workload | sobjects, stub.fetch() | workerd, stub.fetch() | ratio | sobjects, RPC | workerd, RPC | ratio | p50 one in flight, sobjects / workerd | sobjects, Rust plugin (method API) |"
echo "|---|---|---|---|---|---|---|---|---|"
for k in inc put get; do
  echo "| $k | ${r[sobjects,$k]}/s | ${r[workerd,$k]:-}/s | $(ratio "${r[sobjects,$k]}" "${r[workerd,$k]:-0}") | ${r[sobjects,rpc/$k]}/s | ${r[workerd,rpc/$k]:-}/s | $(ratio "${r[sobjects,rpc/$k]}" "${r[workerd,rpc/$k]:-0}") | ${r[sobjects,p50$k]} / ${r[workerd,p50$k]:-} | ${r[rust,$k]}/s |"
done
