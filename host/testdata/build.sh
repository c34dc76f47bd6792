#!/usr/bin/env bash
# Rebuilds the .wasm fixtures of host's tests from their .wat sources (wabt's wat2wasm, without validation: some fixtures are invalid on purpose).
set -euo pipefail
cd "$(dirname "$0")"
for f in *.wat; do wat2wasm --no-check "$f" -o "${f%.wat}.wasm"; done
