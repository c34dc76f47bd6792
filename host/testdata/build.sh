#!/usr/bin/env bash
# Rebuilds the .wasm fixtures of host's tests from their .wat sources (wabt's wat2wasm).
set -euo pipefail
cd "$(dirname "$0")"
for f in *.wat; do wat2wasm "$f" -o "${f%.wat}.wasm"; done
