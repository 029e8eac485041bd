#!/usr/bin/env bash
# Builds local stand-ins for the four public images that docker-compose.yml uses, for machines
# that cannot reach an image registry. Each is tagged with the public name, so compose and the
# Testcontainers tests use it unchanged:
#
#   eclipse-temurin:17-jre                          Debian bookworm + openjdk-17-jre-headless
#   apache/kafka:4.1.1                              the Kafka jars of the Maven build (devmode/target/lib) on that JRE
#   mcr.microsoft.com/azure-storage/azurite:3.35.0  Debian nodejs + the azurite package of `npm ci`
#   nginx:1.22                                      Debian bookworm's nginx (the views' load balancer)
#
# The Debian base comes from debootstrap (root needed) and `docker import`. An image that exists
# already is kept, stand-in or real; --rebuild builds the stand-ins again. Override the names
# with JRE_IMAGE, KAFKA_IMAGE, AZURITE_IMAGE and NGINX_IMAGE, as for compose.
#
# Needs: docker, debootstrap, the Maven build (`mvn package`, for devmode/target/lib) and `npm ci`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

BASE_IMAGE=${BASE_IMAGE:-tablecast/debian-base:bookworm}
JRE_IMAGE=${JRE_IMAGE:-eclipse-temurin:17-jre}
KAFKA_IMAGE=${KAFKA_IMAGE:-apache/kafka:4.1.1}
AZURITE_IMAGE=${AZURITE_IMAGE:-mcr.microsoft.com/azure-storage/azurite:3.35.0}
NGINX_IMAGE=${NGINX_IMAGE:-nginx:1.22}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
rebuild=false
[[ "${1:-}" == "--rebuild" ]] && rebuild=true

have() { [[ "$rebuild" == false ]] && docker image inspect "$1" > /dev/null 2>&1; }
say() { printf '[offline-images] %s\n' "$*"; }
timed() { local start=$SECONDS; "$@"; say "  done in $((SECONDS - start)) s"; }
# docker build, quiet, without the legacy builder's deprecation notice.
build() { docker build -q "$@" 2> >(grep -v -e DEPRECATED -e 'legacy builder' -e buildx -e '^ *$' >&2) > /dev/null; }

base_image() {
  local rootfs
  rootfs=$(mktemp -d)
  if ! debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" > "$rootfs.log" 2>&1; then
    tail -20 "$rootfs.log"; rm -rf "$rootfs" "$rootfs.log"; exit 1
  fi
  tar -C "$rootfs" -c . | docker import - "$BASE_IMAGE" > /dev/null
  rm -rf "$rootfs" "$rootfs.log"
}

if have "$BASE_IMAGE"; then say "$BASE_IMAGE: present"; else
  say "$BASE_IMAGE: debootstrap bookworm, then docker import"; timed base_image; fi

if have "$JRE_IMAGE"; then say "$JRE_IMAGE: present"; else
  say "$JRE_IMAGE: stand-in from Debian's openjdk-17-jre-headless"
  timed build --build-arg BASE_IMAGE="$BASE_IMAGE" -t "$JRE_IMAGE" docker/standins/temurin; fi

if have "$KAFKA_IMAGE"; then say "$KAFKA_IMAGE: present"; else
  [[ -d devmode/target/lib ]] || { say "devmode/target/lib is missing: run 'mvn package -DskipTests' first"; exit 1; }
  say "$KAFKA_IMAGE: stand-in from the Kafka jars in devmode/target/lib"
  timed build --build-arg JRE_IMAGE="$JRE_IMAGE" -f docker/standins/kafka/Dockerfile -t "$KAFKA_IMAGE" - \
    < <(tar -c devmode/target/lib docker/standins/kafka); fi

if have "$AZURITE_IMAGE"; then say "$AZURITE_IMAGE: present"; else
  [[ -f node_modules/azurite/package.json ]] || { say "node_modules/azurite is missing: run 'npm ci' first"; exit 1; }
  say "$AZURITE_IMAGE: stand-in from Debian's nodejs and node_modules/azurite"
  timed build --build-arg BASE_IMAGE="$BASE_IMAGE" -f docker/standins/azurite/Dockerfile -t "$AZURITE_IMAGE" - \
    < <(tar -c node_modules docker/standins/azurite); fi

if have "$NGINX_IMAGE"; then say "$NGINX_IMAGE: present"; else
  say "$NGINX_IMAGE: stand-in from Debian's nginx"
  timed build --build-arg BASE_IMAGE="$BASE_IMAGE" -t "$NGINX_IMAGE" docker/standins/nginx; fi
