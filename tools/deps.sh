#!/bin/sh
# deps.sh PKG... - install Debian packages that are missing (as root, or through sudo).
set -e
missing=""
for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
[ -n "$missing" ] || exit 0
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
echo "installing:$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
