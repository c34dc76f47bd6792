#!/usr/bin/env bash
# Several nodes on one machine (issue 19), driven by sobjects bench: one etcd member,
# versitygw as the bucket, every node in durable backup mode (a cluster needs it), and
#   - 1 KiB puts over 300 objects, 64 and 256 in flight: one node without a cluster,
#     then three nodes with the calls spread over all three (object i's calls to node
#     i mod 3: two thirds of them are forwarded to the owner) and all through one node;
#   - the forward's cost: one object, one call in flight, through each of the three nodes
#     (one of them owns it: the other two forward);
#   - a splittable object (ledger) presplit into 16 leaves, 1 KiB puts of one key each,
#     64 in flight: on one node, then on three nodes (each new leaf went to the node
#     placement names; the calls spread over all three, each leaf's part sent to its
#     owner), with the leaves each node serves;
#   - failover: kill -9 of one node, then the time until every one of 30 objects answers
#     again through the others (the lease is --cluster-lease, default here 4 s).
# Needs etcd and versitygw from tools/build.sh (./test.sh builds them).
#
#   docs/cluster-perf.sh [SECONDS] [LEASE]    defaults 10 and 4s; SOBJECTS_BIN=path uses a built sobjects
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
lease=${2:-4s}
tools=$(tools/build.sh)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
if [ -n "${SOBJECTS_BIN:-}" ]; then cp "$SOBJECTS_BIN" "$work/sobjects"; else go build -o "$work/sobjects" ./cmd/sobjects; fi
bin=$work/sobjects

up() { # up URL: wait until it answers
  for _ in $(seq 300); do curl -s -o /dev/null "$1/healthz" && return; sleep 0.1; done
  echo "$1 did not start:" >&2
  tail -5 "$work"/*.log >&2
  exit 1
}

# The bucket: versitygw's posix backend serves each folder of its root as a bucket.
mkdir -p "$work/s3/perf"
"$tools/versitygw" --access perfkey --secret perfsecretperfsecret --region us-east-1 --port 127.0.0.1:19000 --quiet posix "$work/s3" >"$work/versitygw.log" 2>&1 &
export S3_ENDPOINT=http://127.0.0.1:19000 AWS_ACCESS_KEY_ID=perfkey AWS_SECRET_ACCESS_KEY=perfsecretperfsecret AWS_REGION=us-east-1 AWS_EC2_METADATA_DISABLED=true
"$tools/etcd" --name m0 --data-dir "$work/etcd" --listen-client-urls http://127.0.0.1:19379 \
  --listen-peer-urls http://127.0.0.1:19380 --initial-cluster m0=http://127.0.0.1:19380 >"$work/etcd.log" 2>&1 &
export SOBJECTS_CLUSTER_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
for _ in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:19000 && break; sleep 0.1; done

echo "## machine: $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
echo "## sobjects $("$bin" version | head -1); every node durable to versitygw on loopback; etcd one member"

declare -a pids
node() { # node I [cluster]: start node nI on port 1881I (peer 1891I), with a fresh data dir
  local i=$1
  local args=(run --data-dir "$work/data$i" --listen 127.0.0.1:1881$i --backup-bucket s3://perf/run$run --backup-mode durable)
  if [ "${2:-}" = cluster ]; then
    args+=(--cluster-etcd http://127.0.0.1:19379 --node-name n$i --peer-listen 127.0.0.1:1891$i --cluster-lease "$lease")
  fi
  rm -rf "$work/data$i"
  "$bin" "${args[@]}" >"$work/node$i.log" 2>&1 &
  pids[$i]=$!
  up http://127.0.0.1:1881$i
}
stop_all() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait "${pids[@]}" 2>/dev/null || true; pids=(); }
bench() { # bench LABEL URLS CONCURRENCY [OBJECTS]
  local out
  out=$("$bin" bench --url "$2" --op put --value-size 1024 --objects "${4:-300}" --concurrency "$3" --duration "${secs}s" 2>&1) || true
  echo "$out" | sed "s/^/$1 c$3: /"
}

splitbench() { # splitbench LABEL URLS CONCURRENCY: 16 leaves of one ledger (split first), 1 KiB puts
  local out
  out=$("$bin" bench --url "$2" --splittable --presplit 4 --op put --value-size 1024 --objects 1 --concurrency "$3" --duration "${secs}s" 2>&1) || true
  echo "$out" | sed "s/^/$1 c$3: /"
}
leaves_by_node() { # leaves_by_node URL: how many of the bench ledger's leaves each node serves
  echo "leaves by node: $(curl -s "$1/v1/objects/ledger/bench0/_leaves" | grep -o '"node":"[^"]*"' | sort | uniq -c | tr -s ' \n' ' ')"
}

run=1
node 0
bench "one node, no cluster" http://127.0.0.1:18810 64
bench "one node, no cluster" http://127.0.0.1:18810 256
splitbench "16 leaves, one node, no cluster" http://127.0.0.1:18810 64
stop_all

run=2
for i in 0 1 2; do node $i cluster; done
all=http://127.0.0.1:18810,http://127.0.0.1:18811,http://127.0.0.1:18812
bench "three nodes, spread" $all 64
bench "three nodes, spread" $all 256
bench "three nodes, all through n0" http://127.0.0.1:18810 64
for i in 0 1 2; do
  bench "one object, through n$i" http://127.0.0.1:1881$i 1 1
done
splitbench "16 leaves, three nodes, spread" $all 64
leaves_by_node http://127.0.0.1:18810

# Failover: every object answers first, then n2 dies.
for j in $(seq 0 29); do curl -s -o /dev/null -X POST "http://127.0.0.1:18810/v1/objects/counter/f$j/increment"; done
kill -9 "${pids[2]}"
start=$(date +%s.%N)
left=$(seq 0 29)
while [ -n "$left" ]; do
  next=
  for j in $left; do
    code=$(curl -s -o /dev/null -w '%{http_code}' -m 5 -X POST "http://127.0.0.1:1881$((j % 2))/v1/objects/counter/f$j/increment" || true)
    [ "$code" = 200 ] || next="$next $j"
  done
  left=$next
  [ -n "$left" ] && sleep 0.05
done
echo "failover: every one of 30 objects answered again $(echo "$(date +%s.%N) - $start" | bc) s after kill -9 of n2 (lease $lease)"
stop_all
