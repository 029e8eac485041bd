#!/usr/bin/env bash
# The compose demo scaled out, with a projector lost mid-load:
#   1. `docker-compose up --scale projector=3 --scale worker=2 --scale views=2`, which runs the demo
#      loader's scenario through the views' load balancer (views-lb, 127.0.0.1:8082);
#   2. while the loader sends its commands, SIGKILLs one projector container and removes it, as a
#      machine lost for good, then adds a new projector and a third views replica;
#   3. the loader must exit 0 (every department shows its expected employee count) and `tablecast
#      verify` from the host must find no difference between the views and the log;
#   4. every views replica must have answered through the load balancer (its X-Upstream header
#      names the replica), the added one included, and a continuation token that one replica
#      issued must give the same next page on another.
# Uses its own project name and removes its containers and volumes at the end. Needs the images
# (the container stage builds them; compose builds the service images when missing).
set -euo pipefail
project=tablecast-scale
name=compose-scale
source "$(dirname "$0")/compose-lib.sh"
views=http://127.0.0.1:8082

# The replica that answered, from a response's headers (a file of `curl -D`).
upstream() { grep -i '^x-upstream:' "$1" | tail -1 | tr -d '\r' | awk '{print $NF}'; }
# The address each views replica has on the project's network.
views_addresses() {
  local c
  for c in $(compose ps -q views); do
    docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$c"
  done
}

start=$SECONDS
say "docker-compose up --scale projector=3 --scale worker=2 --scale views=2"
compose up -d --scale projector=3 --scale worker=2 --scale views=2 2>&1 | quiet
say "all up in $((SECONDS - start)) s"

# Mid-load: the loader has been sending its commands for 5 s, and is still at it.
for _ in $(seq 60); do
  [[ $(compose logs --no-color demo-loader) == *'Loading the demo'* ]] && break
  sleep 1
done
sleep 5
[[ $(docker inspect -f '{{.State.Running}}' "$(compose ps -q demo-loader)") == true ]] \
  || { compose logs --no-color demo-loader; say "the demo loader is not sending"; exit 1; }
mapfile -t projectors < <(compose ps -q projector)
victim=${projectors[0]}
say "the demo loader is sending; SIGKILL and remove projector ${victim:0:12}"
docker kill "$victim" > /dev/null
docker rm "$victim" > /dev/null
compose up -d --no-recreate --no-deps --scale projector=3 --scale views=3 projector views 2>&1 | quiet
say "a new projector and a third views replica started"

await_demo_loader
say "demo loaded in $((SECONDS - start)) s"
verify_from_host

# Every views replica answers through the load balancer, the one added after it started too: it
# asks Docker's DNS again every 5 s.
mapfile -t replicas < <(views_addresses)
(( ${#replicas[@]} == 3 )) || { say "expected 3 views replicas, found ${#replicas[@]}"; exit 1; }
headers=$(mktemp)
declare -A answered=()
for _ in $(seq 60); do
  curl -sSf -o /dev/null -D "$headers" "$views/departments/Sales"
  answered[$(upstream "$headers")]=1
  (( ${#answered[@]} >= ${#replicas[@]} )) && break
  sleep 0.2
done
for ip in "${replicas[@]}"; do
  [[ -n "${answered[$ip:8082]:-}" ]] || { say "views replica $ip never answered; answered: ${!answered[*]}"; exit 1; }
done
say "ok: all ${#replicas[@]} views replicas answered through views-lb (${!answered[*]})"

# A continuation token from one replica works on another: the replicas share
# TABLECAST_VIEWS_TOKEN_KEY, and the next page is the same whoever serves it.
page1=$(curl -sSf -D "$headers" "$views/departments/Sales/employees?pageSize=5")
issuer=$(upstream "$headers")
token=$(sed -n 's/.*"continuation":"\([^"]*\)".*/\1/p' <<< "$page1")
[[ -n "$token" ]] || { say "no continuation token in $page1"; exit 1; }
declare -A next=()
for _ in $(seq 60); do
  page=$(curl -sS -D "$headers" "$views/departments/Sales/employees?pageSize=5&continuation=$token")
  [[ $(head -1 "$headers") == *' 200'* ]] || { say "the token of $issuer failed on $(upstream "$headers"): $page"; exit 1; }
  next[$(upstream "$headers")]=$page
  [[ -n "${next[$issuer]:-}" && ${#next[@]} -ge 2 ]] && break
  sleep 0.2
done
(( ${#next[@]} >= 2 )) || { say "the next page came from one replica only: ${!next[*]}"; exit 1; }
for replica in "${!next[@]}"; do
  [[ "${next[$replica]}" == "${next[$issuer]}" ]] || { say "the next page differs on $replica: ${next[$replica]}"; exit 1; }
done
rm -f "$headers"
say "ok: the continuation token of $issuer gave the same next page on ${!next[*]}"
say "passed in $((SECONDS - start)) s"
