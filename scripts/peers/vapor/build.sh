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
# statically (--static-swift-stdlib). The template also links jemalloc (-Xlinker -ljemalloc) when
# libjemalloc-dev is installed; so does this, when it is.
FLAGS=(--static-swift-stdlib)
if [[ -e /usr/lib/x86_64-linux-gnu/libjemalloc.so || -e /usr/lib/aarch64-linux-gnu/libjemalloc.so ]]; then
  FLAGS+=(-Xlinker -ljemalloc)
fi
swift build -c "$CONFIG" --scratch-path "$SCRATCH" "${FLAGS[@]}" "$@" >&2
echo "$(swift build -c "$CONFIG" --scratch-path "$SCRATCH" "${FLAGS[@]}" --show-bin-path)/vapor-peer"
