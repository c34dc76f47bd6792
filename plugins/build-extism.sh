#!/usr/bin/env bash
# Builds the Extism example plugins and records their source hashes (abi/ABI.md section 10).
#
#   plugins/build-extism.sh           build plugins/extism-as and plugins/extism-go, write
#                                     plugins/<name>/<name>.wasm and plugins/<name>/SOURCE_SHA256
#   plugins/build-extism.sh --check   only recompute the hashes; exit 1 listing the plugins whose
#                                     SOURCE_SHA256 is missing or differs (the .wasm is stale)
#   plugins/build-extism.sh --verify  build both into a temporary folder and exit 1 unless the
#                                     bytes equal the committed .wasm files (both builds are
#                                     reproducible: the same sources and tools give the same bytes)
#
# extism-as: AssemblyScript with @extism/as-pdk, both pinned in its package.json and
# package-lock.json, installed with `npm ci` (needs node and npm: Debian's `nodejs` and `npm`).
# extism-go: Go with github.com/extism/go-pdk (its own go.mod), built by this Go toolchain:
#   GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -trimpath -buildvcs=false
# Go's output depends on the Go release: the committed .wasm is built with the release that
# the main module's go.mod names (go 1.26.8), and --verify holds for that release.
#
# The source hash of plugin <name>: every regular file under plugins/<name>/ except
# node_modules/, *.wasm and SOURCE_SHA256, plus this script; paths relative to the
# repository root, sorted bytewise; the lowercase hex SHA-256 of their `sha256sum` lines, as
# plugins/build.sh computes it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
NAMES=(extism-as extism-go)

source_hash() {
  local name="$1"
  {
    find "plugins/$name" -type d -name node_modules -prune -o \
      -type f ! -name '*.wasm' ! -name SOURCE_SHA256 -print
    echo plugins/build-extism.sh
  } | LC_ALL=C sort -u | while IFS= read -r f; do sha256sum -- "$f"; done \
    | sha256sum | cut -d' ' -f1
}

# build NAME OUT: builds plugin NAME into the file OUT.
build() {
  local name="$1" out="$2"
  case "$name" in
    extism-as)
      (cd plugins/extism-as &&
        { [[ -x node_modules/.bin/asc ]] || npm ci --no-audit --no-fund --loglevel=error; } &&
        node_modules/.bin/asc assembly/index.ts --outFile "$out" \
          --use abort=assembly/index/abort --optimize --noAssert)
      ;;
    extism-go)
      (cd plugins/extism-go &&
        GOOS=wasip1 GOARCH=wasm GOFLAGS=-mod=readonly go build -buildmode=c-shared -trimpath -buildvcs=false -o "$out" .)
      ;;
  esac
}

case "${1:-}" in
  --check)
    stale=()
    for name in "${NAMES[@]}"; do
      want="$(source_hash "$name")"
      have="$(cat "plugins/$name/SOURCE_SHA256" 2>/dev/null || true)"
      if [[ "$want" != "$have" || ! -f "plugins/$name/$name.wasm" ]]; then
        stale+=("$name")
      fi
    done
    if ((${#stale[@]})); then
      echo "stale Extism plugins (run plugins/build-extism.sh): ${stale[*]}" >&2
      exit 1
    fi
    echo "Extism plugins up to date"
    ;;
  --verify)
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    bad=()
    for name in "${NAMES[@]}"; do
      build "$name" "$tmp/$name.wasm"
      cmp -s "$tmp/$name.wasm" "plugins/$name/$name.wasm" || bad+=("$name")
    done
    if ((${#bad[@]})); then
      echo "committed Extism plugins differ from a build of their sources (run plugins/build-extism.sh): ${bad[*]}" >&2
      exit 1
    fi
    echo "Extism plugins rebuild to the committed bytes"
    ;;
  "")
    for name in "${NAMES[@]}"; do
      build "$name" "$ROOT/plugins/$name/$name.wasm"
      source_hash "$name" > "plugins/$name/SOURCE_SHA256"
      printf '%-10s %8d bytes  %s\n' "$name" "$(stat -c %s "plugins/$name/$name.wasm")" "$(cat "plugins/$name/SOURCE_SHA256")"
    done
    ;;
  *)
    echo "usage: $0 [--check | --verify]" >&2
    exit 2
    ;;
esac
