#!/usr/bin/env bash
# Installs Debian's redis-server for the tests where it is missing (the tests start their own on a free port).
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
echo "installing redis-server"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends redis-server >/dev/null
redis-server --version
