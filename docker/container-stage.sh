#!/usr/bin/env bash
# CI's container stage, run by .ci/run after the main tests (and runnable alone, as root):
#   1. installs docker.io, docker-compose and debootstrap from Debian where missing, and starts
#      dockerd (published ports default to 127.0.0.1) where none answers; installs chromium and
#      chromium-driver for the status page's browser test (module e2e, no Docker);
#   2. builds the image stand-ins (docker/offline-images.sh), reusing the images already present,
#      and the service images (docker-compose build);
#   3. runs the Testcontainers tests (module e2e), then the compose walkthrough (compose-e2e.sh)
#      and the scaled-out demo with a projector lost mid-load (compose-scale.sh).
# Prints each step's time. A dockerd that it started is stopped at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
say() { printf '[container-stage] %s\n' "$*"; }
step() { local name=$1 start=$SECONDS; shift; say "$name"; "$@"; say "$name: $((SECONDS - start)) s"; }
sudo=""; [[ $(id -u) == 0 ]] || sudo="sudo"
stage_start=$SECONDS

install_tools() {
  if command -v dockerd > /dev/null && command -v docker-compose > /dev/null && command -v debootstrap > /dev/null \
      && [[ -x /usr/lib/chromium/chromium && -x /usr/bin/chromedriver ]]; then
    say "docker.io, docker-compose, debootstrap, chromium and chromium-driver are installed"; return
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq docker.io docker-compose debootstrap chromium chromium-driver > /dev/null
}

started_dockerd=""
start_docker() {
  if docker info > /dev/null 2>&1; then say "a Docker engine answers"; return; fi
  $sudo sh -c 'nohup dockerd --ip 127.0.0.1 > /var/log/tablecast-dockerd.log 2>&1 & echo $! > /run/tablecast-dockerd.pid'
  started_dockerd=$($sudo cat /run/tablecast-dockerd.pid)
  for _ in $(seq 60); do docker info > /dev/null 2>&1 && return; sleep 1; done
  $sudo tail -20 /var/log/tablecast-dockerd.log; say "dockerd did not answer within 60 s"; exit 1
}
stop_docker() {
  [[ -n "$started_dockerd" ]] || return 0
  say "stopping the dockerd it started (pid $started_dockerd)"
  $sudo kill "$started_dockerd" 2> /dev/null || true
}
trap stop_docker EXIT

compose_build() { docker-compose build -q 2>&1 | grep -v -e DEPRECATED -e 'legacy builder' -e buildx -e '^ *$' || true; }

step "tools" install_tools
step "dockerd" start_docker
step "image stand-ins" bash docker/offline-images.sh
step "service images" compose_build
step "install the modules for the e2e module" bash .ci/install-modules
step "Testcontainers tests and the status page's browser test" mvn --batch-mode verify -pl e2e -Pcontainers
step "compose walkthrough" bash docker/compose-e2e.sh
step "compose scale-out" bash docker/compose-scale.sh
say "passed in $((SECONDS - stage_start)) s"
