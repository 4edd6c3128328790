#!/usr/bin/env bash
# Build the Vapor peer. Prints the binary's path as the last line of stdout.
#   scripts/peers/vapor/build.sh            release build into <repo>/.build-vapor
#   env: SCRATCH=dir  CONFIG=debug|release
#
# The package lives in vapor-peer/, not here: SwiftPM names a root package after its
# folder, and a root package named "vapor" collides with the vapor/vapor dependency
# ("product 'Vapor' required by package 'vapor' ... not found in package 'vapor'").
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SCRATCH=${SCRATCH:-$(cd "$HERE/../../.." && pwd)/.build-vapor}
CONFIG=${CONFIG:-release}
cd "$HERE/vapor-peer"
# As Vapor's template Dockerfile builds an app for production: release, the Swift runtime linked
# statically (--static-swift-stdlib) and jemalloc linked (-Xlinker -ljemalloc): the template's build
# stage installs libjemalloc-dev (`apt-get install -y libjemalloc-dev`) and its run stage libjemalloc2.
# So does this, when it can (root with apt-get); elsewhere it builds without jemalloc and says so.
jemalloc_installed() { [[ -e /usr/lib/x86_64-linux-gnu/libjemalloc.so || -e /usr/lib/aarch64-linux-gnu/libjemalloc.so ]]; }
if ! jemalloc_installed && [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
  echo "build.sh: installing libjemalloc-dev, as Vapor's template Dockerfile does" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q libjemalloc-dev >&2 \
    || { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q libjemalloc-dev >&2; } || true
fi
FLAGS=(--static-swift-stdlib)
if jemalloc_installed; then
  FLAGS+=(-Xlinker -ljemalloc)
else
  echo "build.sh: libjemalloc-dev is not installed: building without jemalloc (Vapor's template links it)" >&2
fi
swift build -c "$CONFIG" --scratch-path "$SCRATCH" "${FLAGS[@]}" "$@" >&2
echo "$(swift build -c "$CONFIG" --scratch-path "$SCRATCH" "${FLAGS[@]}" --show-bin-path)/vapor-peer"
