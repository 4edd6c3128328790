# Sourced by the shell scripts beside it (`. "$(dirname "$0")/lib.sh"`): the helpers they share.
# Each runs the one Python implementation in cleanstore_testkit.py, which scripts/bench,
# scripts/check-deploy and the browser tests import. Debian packages: scripts/apt-install.

CLEANSTORE_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Prints a port of 127.0.0.1 that nothing listens on now.
free_port() {
    python3 "$CLEANSTORE_SCRIPTS/cleanstore_testkit.py" free-port
}

# wait_for_healthz URL [PID [TIMEOUT]]: returns once URL answers 200; fails, saying why, when
# process PID exits first or after TIMEOUT seconds (default 30).
wait_for_healthz() {
    local arguments=("$1")
    [ -z "${2:-}" ] || arguments+=(--pid "$2")
    [ -z "${3:-}" ] || arguments+=(--timeout "$3")
    python3 "$CLEANSTORE_SCRIPTS/cleanstore_testkit.py" wait-healthz "${arguments[@]}"
}

