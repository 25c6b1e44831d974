#!/usr/bin/env bash
# A new migration from the schema. References are left unqualified so migrations run in any schema
# (DATABASE_SCHEMA, and a fresh schema per test run).
set -euo pipefail
cd "$(dirname "$0")/.."
npx drizzle-kit generate "$@"
sed -i 's/"public"\.//g' src/server/db/migrations/*.sql
