# Shared by the compose tests (compose-e2e.sh, compose-scale.sh); sourced, never run. The caller
# sets `project` (its own compose project name) and `name` (its log prefix) first. The containers
# and volumes of the project are removed before the test and on exit.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
compose() { docker-compose -p "$project" "$@"; }
say() { printf '[%s] %s\n' "$name" "$*"; }
# Compose's output without the legacy builder's deprecation notices.
quiet() { grep -v -e DEPRECATED -e 'legacy builder' -e buildx || true; }
cleanup() { compose down -v --remove-orphans > /dev/null 2>&1 || true; }
trap cleanup EXIT
# With `set -e`, a failing command ends the test, in a function too (-E): say which.
set -E
trap 'say "failed at line $LINENO: $BASH_COMMAND"' ERR

# Both compose tests publish the demo's ports. A run that was killed before its cleanup (a lost
# CI job, Ctrl-C twice) leaves its containers holding them: remove what is left of either test's
# project, then fail clearly if anything else still holds a port.
free_demo_ports() {
  local other port holders
  for other in tablecast-e2e tablecast-scale; do
    docker-compose -p "$other" down -v --remove-orphans > /dev/null 2>&1 || true
  done
  for port in 8081 8082 9092 10000 10001 10002; do
    holders=$(docker ps --filter "publish=$port" --format '{{.Names}}')
    [[ -z "$holders" ]] || { say "port $port is held by container(s) $holders: stop them first"; exit 1; }
  done
}
free_demo_ports

# Waits for the one-shot demo loader to exit, prints its output, and fails unless it exited 0:
# it exits 0 only once the views show every department's expected employee count.
await_demo_loader() {
  local loader code
  loader=$(compose ps -q demo-loader)
  code=$(timeout 300 docker wait "$loader") || { compose logs --tail=50; say "the demo loader did not finish within 300 s"; exit 1; }
  compose logs --no-color demo-loader | sed 's/^/    /'
  [[ "$code" == 0 ]] || { compose logs --tail=50 projector worker views; say "the demo loader exited with $code"; exit 1; }
}

# `tablecast verify` from the host, with its defaults (Kafka on localhost:9092, Azurite on
# 127.0.0.1:10000-10002): it recomputes the views from the log and must find no difference. The
# last writes may still be on their way to the index tables, so it gets six tries, 5 s apart.
# verify_from_host [--view-set <name>]: HR's views by default.
verify_from_host() {
  local verified=false out
  out=$(mktemp)
  for _ in 1 2 3 4 5 6; do
    if java -jar app/target/tablecast-app.jar verify "$@" > "$out" 2>&1; then verified=true; break; fi
    sleep 5
  done
  tail -8 "$out" | sed 's/^/    /'
  rm -f "$out"
  [[ "$verified" == true ]] || { say "tablecast verify $* found differences against the demo"; exit 1; }
  say "ok: tablecast verify $*, from the host"
}
