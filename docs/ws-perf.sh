#!/usr/bin/env bash
# WebSockets on loopback, in one run on one machine (issue 18), driven by sobjects bench-ws:
#   - broadcast: the room app conformance/fixtures/wsroom (the examples' chat room as one
#     file that runs unchanged on both) served by sobjects and by Cloudflare's workerd,
#     N = 100 and 1,000 sockets in one room, one of them sending (8 messages in flight):
#     deliveries per second, p50/p99 from the send to each delivery;
#   - wake: 10,000 hibernatable sockets over 100 rooms on sobjects (the examples' JsChat,
#     and the Rust chat plugin when it is a WebSocket room), the rooms evicted
#     (--idle-evict 2): the server's RSS beyond the idle server, and the wake-up latency
#     p50 (the first message to a hibernated room until the sender's copy comes back).
# Every (target, N) gets a fresh server. Needs workerd in ~/.cache/sobjects/workerd
# (./test.sh installs it) or npm, and ulimit -n above 10,000 (hard limit; raised here).
# Prints a report, then markdown tables.
#
#   docs/ws-perf.sh [SECONDS]    default 10; SOBJECTS_BIN=path uses a built sobjects
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
app=$PWD/conformance/fixtures/wsroom
work=$(mktemp -d /work/tmp/wsperf.XXXX 2>/dev/null || mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
ulimit -n "$(ulimit -Hn)"
if [ -n "${SOBJECTS_BIN:-}" ]; then cp "$SOBJECTS_BIN" "$work/sobjects"; else go build -o "$work/sobjects" ./cmd/sobjects; fi
port=18794
url=http://127.0.0.1:$port

workerd=${SOBJECTS_WORKERD:-$HOME/.cache/sobjects/workerd/node_modules/.bin/workerd}
if [ ! -x "$workerd" ] && command -v npm >/dev/null; then
  (mkdir -p "$work/npm" && cd "$work/npm" && npm install --silent --no-audit --no-fund workerd@1.20261117.1 >/dev/null 2>&1)
  workerd=$work/npm/node_modules/.bin/workerd
fi

server=
up() { # up: wait until the server answers on $port
  for _ in $(seq 100); do curl -s -o /dev/null "$url/" && return; sleep 0.1; done
  echo "the server did not start: $(tail -3 "$work"/*.log)" >&2
  exit 1
}
serve_sobjects() { # serve_sobjects ARGS...
  rm -rf "$work/data"
  "$work/sobjects" run "$@" --data-dir "$work/data" --listen 127.0.0.1:$port >"$work/sobjects.log" 2>&1 &
  server=$!
  up
}
serve_workerd() {
  local wd=$work/workerd
  rm -rf "$wd" && mkdir -p "$wd/data"
  cp "$app/worker.js" "$wd/"
  sed -e "s#@DATA@#$wd/data#" -e "s#@PORT@#$port#" "$app/config.capnp.in" >"$wd/config.capnp"
  (cd "$wd" && exec "$workerd" serve config.capnp >"$work/workerd.log" 2>&1) &
  server=$!
  up
}
stop() { kill -"${1:-INT}" "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; } # workerd: stop TERM

echo "## machine: $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); ulimit -n $(ulimit -n)"
echo "## sobjects $("$work/sobjects" version 2>/dev/null | head -1), durability fsync (the default); workerd $("$workerd" --version 2>/dev/null || echo absent)"

declare -A r
field() { awk -v k="$1" '{for (i = 1; i < NF; i++) if ($i == k) {print $(i+1); exit}}'; }
broadcast() { # broadcast NAME N: one run into r[NAME,N,...]
  local out
  out=$("$work/sobjects" bench-ws --room-url "$url/chat/{room}" --clients "$2" --duration "${secs}s" 2>&1) || true
  echo "$out" | sed "s/^/$1 N=$2: /"
  r[$1,$2,rate]=$(echo "$out" | awk '/deliveries\/s/ {print $(NF-1)}')
  r[$1,$2,p50]=$(echo "$out" | field p50)
  r[$1,$2,p99]=$(echo "$out" | field p99)
  r[$1,$2,lost]=$(echo "$out" | awk '$1 == "lost:" {print $2}')
}
for n in 100 1000; do
  serve_sobjects "$app"
  broadcast sobjects $n
  stop
  if [ -x "$workerd" ]; then
    serve_workerd
    broadcast workerd $n
    stop TERM
  fi
done

wake() { # wake NAME CLASS: 10,000 sockets over 100 rooms of CLASS, on a fresh server
  local out
  serve_sobjects --idle-evict 2
  sleep 3 # the Worker's and the examples' first instances go idle first
  out=$("$work/sobjects" bench-ws --mode wake --room-url "$url/v1/objects/$2/{room}/fetch" --clients 10000 --rooms 100 --server-pid "$server" 2>&1) || true
  echo "$out" | sed "s/^/$1: /"
  r[$1,wake]=$(echo "$out" | awk '/^wake-up/ {print $(NF-2)}')
  r[$1,warm]=$(echo "$out" | awk '/^awake/ {print $(NF-2)}')
  r[$1,rss]=$(echo "$out" | sed -n 's/^server RSS: //p')
  r[$1,heap]=$(echo "$out" | sed -n 's/^server with the sockets: Go heap in use //p')
  stop
}
wake javascript JsChat
# The Rust chat plugin, when it is a WebSocket room (fetch answers 101).
serve_sobjects
rust=no
"$work/sobjects" bench-ws --room-url "$url/v1/objects/chat/{room}/fetch" --clients 2 --duration 1s --warmup 0 >/dev/null 2>&1 && rust=yes
stop
[ $rust = yes ] && wake rust chat

echo
echo "Broadcast: one room, N sockets, one sending with 8 messages in flight; deliveries/s (p50, p99 from send to delivery)"
echo
echo "| N | sobjects | workerd |"
echo "|---|---|---|"
for n in 100 1000; do
  row="| $n"
  for t in sobjects workerd; do
    if [ -n "${r[$t,$n,rate]:-}" ]; then
      l=${r[$t,$n,lost]:-0}; [ "$l" = 0 ] && l="" || l=", $l lost"
      row="$row | ${r[$t,$n,rate]}/s (${r[$t,$n,p50]}, ${r[$t,$n,p99]}$l)"
    else row="$row | -"; fi
  done
  echo "$row |"
done
echo
echo "Hibernation on sobjects: 10,000 sockets over 100 rooms, rooms evicted"
echo
echo "| room | wake-up p50 | awake p50 | server RSS | Go heap, goroutines |"
echo "|---|---|---|---|---|"
for t in javascript rust; do
  [ -n "${r[$t,wake]:-}" ] && echo "| $t | ${r[$t,wake]} | ${r[$t,warm]} | ${r[$t,rss]:-} | ${r[$t,heap]:-} |"
done
true
