#!/usr/bin/env bash
# GreptimeDB's official Python ingester writes every type through every path into the embedded server
# (each server profile, auth off and on); greptime-jdbc reads the rows back and compares them exactly.
# Usage (from anywhere): peers/python/run.sh [extra Maven flags, e.g. -o or -Dpeer.profiles=V1_2]
# Skips (exit 0) when Python >= 3.10 or the greptimedb-ingester package cannot be had. See docs/peers.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
py=${PYTHON:-python3}
if ! command -v "$py" >/dev/null 2>&1 || ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
  echo "SKIP python peer: no python3 >= 3.10 (set PYTHON=...)"
  exit 0
fi
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ] && ! "$py" -m venv "$venv"; then
  echo "SKIP python peer: cannot create a virtual environment in $venv"
  exit 0
fi
if ! "$venv/bin/python" -c 'import greptimedb_ingester' 2>/dev/null &&
  ! "$venv/bin/pip" install -q -r "$here/requirements.txt"; then
  echo "SKIP python peer: greptimedb-ingester could not be installed (is PyPI reachable?)"
  exit 0
fi
cd "$root"
exec mvn -B -q -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true -Dspotless.check.skip=true verify \
  -Dbench.main=io.greptime.jdbc.examples.PeerCheck -Dpeer.name=python \
  "-Dpeer.command=$venv/bin/python $here/peer.py" "$@"
