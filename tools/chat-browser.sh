#!/usr/bin/env bash
# Chats in a real browser: headless Chromium opens the examples' chat page
# (GET /chat/ROOM/) twice, as ann and as bob, ann says something and bob's page must
# show it, and back (the test TestChatInBrowser in cmd/sobjects, over Chromium's
# DevTools protocol). With a URL, against that running server (`sobjects run` serving
# the bundled examples); without, the test starts its own. Needs chromium
# (apt-get install chromium; SOBJECTS_CHROMIUM=path for another); takes a few seconds.
#
#   tools/chat-browser.sh [URL]      e.g. tools/chat-browser.sh http://127.0.0.1:8787
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null && ! command -v google-chrome >/dev/null && [ -z "${SOBJECTS_CHROMIUM:-}" ]; then
  echo "no chromium: apt-get install chromium (or set SOBJECTS_CHROMIUM)" >&2
  exit 1
fi
SOBJECTS_CHAT_URL=${1:-} go test ./cmd/sobjects -run '^TestChatInBrowser$' -count=1 -v
