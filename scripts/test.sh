#!/usr/bin/env bash
# npm test: every check there is, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$*"; }
started=$(date +%s)

step "browser for end-to-end tests"
bash scripts/ensure-browser.sh
step "test services (PostgreSQL and Redis)"
# scripts/test-services.ts uses the servers that answer, else starts throwaway ones (TEST_SERVICES=embedded
# forces that); it prints their URLs, then keeps them up until it is stopped here or this shell is gone.
coproc SERVICES { exec node --import tsx scripts/test-services.ts; }
services_pid=$SERVICES_PID
stop_services() {
  kill -TERM "$services_pid" 2>/dev/null || true
  wait "$services_pid" 2>/dev/null || true
}
trap stop_services EXIT
while IFS= read -r line <&"${SERVICES[0]}"; do
  [ "$line" = ready ] && break
  [[ "$line" =~ ^export\ TEST_[A-Z_]+= ]] && eval "$line"
done
[ -n "${TEST_SERVICES_LINE:-}" ] || { echo "test services did not start" >&2; exit 1; }
echo "$TEST_SERVICES_LINE"
step "types"
npx tsc --noEmit -p tsconfig.json
step "lint and format"
npx biome ci .
step "layer rules"
npm run --silent layers
step "translations (every message has its Chinese text)"
npx lingui extract --clean >/dev/null
npx lingui compile --strict
step "unit tests and API tests (PGlite and PostgreSQL)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json
step "production build"
npx vite build --logLevel warn
step "end-to-end tests in Chromium"
npx playwright test
printf '\nall checks passed in %ss\n' "$(( $(date +%s) - started ))"
node --import tsx scripts/test-summary.ts
