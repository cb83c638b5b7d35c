#!/usr/bin/env bash
# Prints deploy/nginx/agropet.conf filled in for this machine:
#   APP_ADDRESSES  the app instances, space-separated (default "127.0.0.1:3000")
#   LISTEN         what nginx listens on (default 80)
#   SERVER_NAME    the site's domain (default _ = any)
# Example: APP_ADDRESSES="127.0.0.1:3001 127.0.0.1:3002" SERVER_NAME=loja.example.com.br \
#   bash deploy/render-nginx.sh > /etc/nginx/sites-available/agropet
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
servers=""
for address in ${APP_ADDRESSES:-127.0.0.1:3000}; do
  servers+="    server ${address} max_fails=3 fail_timeout=10s;\n"
done
sed -e "s|{{UPSTREAM_SERVERS}}|${servers%\\n}|" \
  -e "s|{{LISTEN}}|${LISTEN:-80}|" \
  -e "s|{{SERVER_NAME}}|${SERVER_NAME:-_}|" \
  "$here/nginx/agropet.conf"
