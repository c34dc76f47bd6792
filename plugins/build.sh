#!/usr/bin/env bash
# Builds the example plugins for wasm32-unknown-unknown and records their source hashes.
#
#   plugins/build.sh          build every plugin, copy plugins/<name>/<name>.wasm and
#                             write plugins/<name>/SOURCE_SHA256
#   plugins/build.sh --check  only recompute the hashes; exit 1 listing the plugins whose
#                             SOURCE_SHA256 is missing or differs (the .wasm is stale)
#
# The source hash of plugin <name>: the files are every regular file under sdk-rust/ and
# plugins/<name>/ whose name ends in .rs or is Cargo.toml (nothing under a target/
# directory), plus plugins/Cargo.toml, plugins/Cargo.lock (if present) and
# plugins/.cargo/config.toml; paths relative to the repository root, sorted bytewise. The
# hash is the lowercase hex SHA-256 of the `sha256sum` lines ("<hex>  <path>\n") of those
# files in that order. SOURCE_SHA256 holds the hex and a newline.
#
# Uses Debian's toolchain (/usr/bin/cargo, /usr/bin/rustc): rustup's rustc lacks wasm
# targets here. Override with CARGO=... RUSTC=...
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CARGO="${CARGO:-/usr/bin/cargo}"
export RUSTC="${RUSTC:-/usr/bin/rustc}"
TARGET=wasm32-unknown-unknown
# Added to the rustflags of plugins/.cargo/config.toml: keeps the checkout's absolute
# path out of the .wasm files (panic locations).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$ROOT=/sobjects"

cd "$ROOT"

plugins() {
  local d
  for d in plugins/*/; do
    d="${d%/}"
    [[ -f "$d/Cargo.toml" && -f "$d/src/lib.rs" ]] && echo "${d#plugins/}"
  done
}

source_hash() {
  local name="$1"
  {
    find sdk-rust "plugins/$name" -type d -name target -prune -o \
      -type f \( -name '*.rs' -o -name Cargo.toml \) -print
    echo plugins/Cargo.toml
    [[ -f plugins/Cargo.lock ]] && echo plugins/Cargo.lock
    echo plugins/.cargo/config.toml
  } | LC_ALL=C sort -u | while IFS= read -r f; do sha256sum -- "$f"; done \
    | sha256sum | cut -d' ' -f1
}

if [[ "${1:-}" == "--check" ]]; then
  stale=()
  for name in $(plugins); do
    want="$(source_hash "$name")"
    have="$(cat "plugins/$name/SOURCE_SHA256" 2>/dev/null || true)"
    if [[ "$want" != "$have" || ! -f "plugins/$name/$name.wasm" ]]; then
      stale+=("$name")
    fi
  done
  if ((${#stale[@]})); then
    echo "stale plugins (run plugins/build.sh): ${stale[*]}" >&2
    exit 1
  fi
  echo "all plugins up to date"
  exit 0
elif [[ $# -gt 0 ]]; then
  echo "usage: $0 [--check]" >&2
  exit 2
fi

(cd plugins && "$CARGO" build --release --offline --target "$TARGET")

for name in $(plugins); do
  cp "plugins/target/$TARGET/release/$name.wasm" "plugins/$name/$name.wasm"
  source_hash "$name" > "plugins/$name/SOURCE_SHA256"
  printf '%-10s %8d bytes  %s\n' "$name" "$(stat -c %s "plugins/$name/$name.wasm")" "$(cat "plugins/$name/SOURCE_SHA256")"
done
