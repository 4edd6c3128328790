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
swift build -c "$CONFIG" --scratch-path "$SCRATCH" "$@" >&2
echo "$(swift build -c "$CONFIG" --scratch-path "$SCRATCH" --show-bin-path)/vapor-peer"
