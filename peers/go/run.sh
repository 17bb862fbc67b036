#!/usr/bin/env bash
# GreptimeDB's official Go ingester (greptimedb-ingester-go v0.6.2) writes every type it offers through
# every path it has into the embedded server (each server profile, auth off and on); greptime-jdbc reads
# the rows back and compares them exactly.
# Usage (from anywhere): peers/go/run.sh [extra Maven flags, e.g. -o or -Dpeer.profiles=V1_2]
# Skips (exit 0) when Go or the module cannot be had. See docs/peers.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if ! command -v go >/dev/null 2>&1; then
  echo "SKIP go peer: no go toolchain on PATH"
  exit 0
fi
mkdir -p "$here/.bin"
if ! (cd "$here" && go build -o "$here/.bin/peer" .); then
  echo "SKIP go peer: the Go ingester could not be built (is the Go module proxy reachable?)"
  exit 0
fi
cd "$root"
exec mvn -B -q -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true -Dspotless.check.skip=true verify \
  -Dbench.main=io.greptime.jdbc.examples.PeerCheck -Dpeer.name=go "-Dpeer.command=$here/.bin/peer" "$@"
