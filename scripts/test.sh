#!/usr/bin/env bash
# npm test: every check there is, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$*"; }
started=$(date +%s)

step "browser for end-to-end tests"
bash scripts/ensure-browser.sh
step "types"
npx tsc --noEmit -p tsconfig.json
step "lint and format"
npx biome ci .
step "layer rules"
node --import tsx scripts/check-layers.ts
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
