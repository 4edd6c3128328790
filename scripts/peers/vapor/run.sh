#!/usr/bin/env bash
# Start the Vapor peer of the order-clerk app in the background on 127.0.0.1.
#
#   ./run.sh [N_ORDERS] [PORT]        defaults: 1000 8002
#   env:  KEEP_DB=1   reuse var/orders-N.sqlite if it exists instead of re-seeding
#         BIN=path    the vapor-peer binary (default: build.sh's release build, built if absent)
#
# Builds a fresh SQLite database with N seeded orders, starts `vapor-peer serve` (production,
# log level warning) with cwd = this folder, waits for /healthz and prints the server's PID as
# the last line of stdout. Stop it with: kill PID
set -euo pipefail
N=${1:-1000}
PORT=${2:-8002}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$HERE"
log() { echo "run.sh: $*" >&2; }

# 1. Binary (a first build takes 15-30 minutes on 2 cores).
if [[ -z ${BIN:-} ]]; then
  BIN=$(cd "$HERE/../../.." && pwd)/.build-vapor/x86_64-unknown-linux-gnu/release/vapor-peer
  [[ -x $BIN ]] || BIN=$("$HERE/build.sh" | tail -n 1)
fi

# 2. Database with N orders (ids 1..N on a fresh file).
mkdir -p var
export DATABASE_PATH=${DATABASE_PATH:-$HERE/var/orders-$N.sqlite}
if [[ ${KEEP_DB:-0} == 1 && -f $DATABASE_PATH ]]; then
  log "reusing $DATABASE_PATH"
else
  rm -f "$DATABASE_PATH" "$DATABASE_PATH-wal" "$DATABASE_PATH-shm"
  "$BIN" seed "$N" --log warning >&2
fi

# 3. The server in the background.
LOG=var/vapor-$PORT.log
setsid "$BIN" serve --hostname 127.0.0.1 --port "$PORT" --log warning </dev/null >>"$LOG" 2>&1 &
PID=$!
for _ in $(seq 1 150); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" 2>/dev/null && break
  kill -0 "$PID" 2>/dev/null || { log "vapor-peer exited; see $LOG"; exit 1; }
  sleep 0.1
done
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" || { log "no answer on /healthz"; exit 1; }
log "up: http://127.0.0.1:$PORT/orders/  db=$DATABASE_PATH log=$LOG"
echo "$PID"
