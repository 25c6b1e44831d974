#!/usr/bin/env bash
# npm start: build the web app when its sources changed, then serve app + API on :8080 (PORT) as one process.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f dist/index.html ] || [ -n "$(find src/client src/contract public vite.config.ts vite.plugins.ts lingui.config.ts package-lock.json -newer dist/index.html -print -quit 2>/dev/null)" ]; then
  echo "Building the web app..."
  npx vite build --logLevel warn
fi
exec node --import tsx src/server/main.ts
