#!/usr/bin/env bash
# The compose demo end to end, as a user runs it: `docker-compose up`, the demo loader's exit
# code, then every curl of the README's compose walkthrough, each of which must answer 2xx with a
# JSON body. Uses its own project name and removes its containers and volumes at the end.
# Needs the images (docker/offline-images.sh where no registry is reachable; the service images
# are built from the jars of `mvn package` when missing).
set -euo pipefail
project=tablecast-e2e
name=compose-e2e
source "$(dirname "$0")/compose-lib.sh"

start=$SECONDS
say "docker-compose up"
compose up -d --build 2>&1 | quiet
await_demo_loader
say "demo loaded in $((SECONDS - start)) s"

# The README's walkthrough: the curl lines of the sh block after <!-- compose-walkthrough -->.
# A line ending in a backslash continues on the next.
mapfile -t calls < <(awk '/<!-- compose-walkthrough -->/ {on=1} on && /^```$/ && seen {exit} on && /^```sh/ {seen=1; next}
  seen && (/^curl / || held != "") {line = held $0; if (sub(/\\$/, "", line)) {held = line; next} held = ""; print line}' README.md)
(( ${#calls[@]} >= 5 )) || { say "found ${#calls[@]} curl lines in the README's compose walkthrough"; exit 1; }
for call in "${calls[@]}"; do
  body=$(eval "${call/curl -s/curl -sSf}") || { say "FAILED: $call"; exit 1; }
  [[ "$body" == \{* ]] || { say "not JSON: $call -> $body"; exit 1; }
  say "ok: $call"
done

# The views' load balancer logs each request, with its path and without its query.
lb_requests=$(compose logs --no-color views-lb | grep -E '\] "GET /[^"]*" [0-9]{3} ' || true)
[[ -n "$lb_requests" ]] || { say "views-lb logged no request"; exit 1; }
if grep -q '?' <<< "$lb_requests"; then say "views-lb logged a query: $(grep -m1 '?' <<< "$lb_requests")"; exit 1; fi
say "ok: views-lb logged $(wc -l <<< "$lb_requests") requests, without their queries"

# No service container is given the account key: only the one-shot credential issuers are.
for service in commands projector worker views; do
  for container in $(compose ps -q "$service"); do
    if docker inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$container" | grep -q AccountKey; then
      say "the $service container holds the account key"; exit 1
    fi
  done
done
say "ok: no service container holds the account key"

# Nor runs as root: each service's process is the image's unprivileged user.
for service in commands projector worker views; do
  for container in $(compose ps -q "$service"); do
    uid=$(docker exec "$container" id -u)
    if [[ "$uid" == 0 ]]; then say "the $service container runs as root"; exit 1; fi
  done
done
say "ok: no service container runs as root"

# The README's claim that the operator commands reach the demo from the host with their defaults:
# verify recomputes the views from the log and must find no difference, once the walkthrough's
# own hire has been applied; and so for the orders example's view set, which the demo loader fed.
verify_from_host
verify_from_host --view-set orders
say "passed in $((SECONDS - start)) s"
