#!/usr/bin/env bash
# The compose demo end to end, as a user runs it: `docker-compose up`, the demo loader's exit
# code, then every curl of the README's compose walkthrough, each of which must answer 2xx with a
# JSON body. Uses its own project name and removes its containers and volumes at the end.
# Needs the images (docker/offline-images.sh where no registry is reachable; the service images
# are built from the jars of `mvn package` when missing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
project=tablecast-e2e
compose() { docker-compose -p "$project" "$@"; }
say() { printf '[compose-e2e] %s\n' "$*"; }
cleanup() { compose down -v --remove-orphans > /dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup

start=$SECONDS
say "docker-compose up"
compose up -d --build 2>&1 | grep -v -e DEPRECATED -e 'legacy builder' -e buildx || true
loader=$(compose ps -q demo-loader)
code=$(timeout 300 docker wait "$loader") || { compose logs --tail=50; say "the demo loader did not finish within 300 s"; exit 1; }
compose logs --no-color demo-loader | sed 's/^/    /'
[[ "$code" == 0 ]] || { compose logs --tail=50 projector views; say "the demo loader exited with $code"; exit 1; }
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

# The README's claim that the operator commands reach the demo from the host with their defaults:
# verify recomputes the views from the log and must find no difference, once the walkthrough's
# own hire has been applied.
verified=false
out=$(mktemp)
for _ in 1 2 3 4 5 6; do
  if java -jar app/target/tablecast-app.jar verify > "$out" 2>&1; then verified=true; break; fi
  sleep 5
done
tail -8 "$out" | sed 's/^/    /'
rm -f "$out"
[[ "$verified" == true ]] || { say "tablecast verify found differences against the demo"; exit 1; }
say "ok: tablecast verify, from the host"
say "passed in $((SECONDS - start)) s"
