#!/usr/bin/env bash
# Measures what bucket backups cost over HTTP on loopback: 1 KiB puts to one object with
# 64 calls in flight (sobjects bench), with no bucket, in interval mode and in durable
# mode, against a local versitygw (built by tools/build.sh). Prints calls/s, latency,
# uploads, writes per upload and bytes uploaded per write.
#
#   docs/backup-bench.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
work=$(mktemp -d /work/tmp/backup-bench.XXXX 2>/dev/null || mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
bin=$(tools/build.sh)
go build -o "$work/sobjects" ./cmd/sobjects
port=18791 gwport=18792
url=http://127.0.0.1:$port

export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=benchsecret AWS_REGION=us-east-1 AWS_EC2_METADATA_DISABLED=true
export S3_ENDPOINT=http://127.0.0.1:$gwport
mkdir -p "$work/gw/bench"
"$bin/versitygw" --access bench --secret benchsecret --port 127.0.0.1:$gwport posix "$work/gw" >"$work/gw.log" 2>&1 &
for _ in $(seq 100); do curl -s -o /dev/null "$S3_ENDPOINT" && break; sleep 0.1; done

metric() { curl -s "$url/metrics" | awk -v m="$1" '$1 == m {print $2}'; }

for mode in ${MODES:-none interval durable}; do
  rm -rf "$work/data"
  args=()
  [[ $mode != none ]] && args=(--backup-bucket "s3://bench/$mode-$RANDOM" --backup-mode "$mode")
  (cd "$work" && exec ./sobjects run --data-dir data --listen 127.0.0.1:$port "${args[@]}" >"$work/server.log" 2>&1) &
  server=$!
  for _ in $(seq 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done
  u0=$(metric sobjects_backup_uploads_total); b0=$(metric sobjects_backup_upload_bytes_total); w0=$(metric sobjects_backup_writes_total)
  echo "## backup $mode"
  "$work/sobjects" bench --url "$url" --op put --concurrency 64 --value-size 1024 --duration ${secs}s | grep -E 'calls/s|latency|errors|commit batch'
  if [[ $mode != none ]]; then
    [[ $mode == interval ]] && sleep 11 # one interval (10 s): the last changes go up
    u1=$(metric sobjects_backup_uploads_total); b1=$(metric sobjects_backup_upload_bytes_total); w1=$(metric sobjects_backup_writes_total)
    awk -v u="$u1" -v u0="${u0:-0}" -v b="$b1" -v b0="${b0:-0}" -v w="$w1" -v w0="${w0:-0}" 'BEGIN {
      du = u - u0; db = b - b0; dw = w - w0
      printf "uploads: %d, writes per upload: %.1f, bytes uploaded per write: %.0f\n", du, (du ? dw/du : 0), (dw ? db/dw : 0) }'
  fi
  kill -INT $server; wait $server || true
done
