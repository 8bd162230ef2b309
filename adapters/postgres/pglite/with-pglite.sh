#!/usr/bin/env bash
# with-pglite.sh CMD ARGS...: starts PGlite (server.mjs, on a free port),
# runs CMD with PGLITE_DSN set to its DSN, stops the server and exits with
# CMD's status. The packages must be installed (`make pglite-install`).
#
#   adapters/postgres/pglite/with-pglite.sh sh -c 'bin/conformance run --adapter postgres --dsn "$PGLITE_DSN"'
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp)"
node "$here/server.mjs" --port 0 >"$out" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 1 240); do
  if grep -q '^dsn ' "$out"; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "with-pglite: the PGlite server exited:" >&2
    cat "$out" >&2
    exit 2
  fi
  sleep 0.5
done
dsn="$(awk '/^dsn /{print $2; exit}' "$out")"
if [ -z "$dsn" ]; then
  echo "with-pglite: no DSN from the PGlite server after 120 s:" >&2
  cat "$out" >&2
  exit 2
fi
PGLITE_DSN="$dsn" "$@"
