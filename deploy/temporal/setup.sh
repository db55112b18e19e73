#!/bin/sh
# Registers the namespace molt uses and molt's search attributes (run by the `temporal-setup`
# service of docker-compose.yml, in temporalio/admin-tools, once Temporal answers). molt's
# workflows upsert MoltBreakerOpen and MoltTenant: without them every session fails, so this
# script exits non-zero, naming what is missing, and molt's services do not start.
set -eu
: "${TEMPORAL_ADDRESS:?}"
ns="${TEMPORAL_NAMESPACE:-default}"
retries="${SETUP_RETRIES:-30}"
pause="${SETUP_PAUSE_SECONDS:-2}"

# A freshly started server may need a few seconds before it serves operator calls.
tries=0
until temporal operator cluster health --address "$TEMPORAL_ADDRESS" >/dev/null 2>&1; do
  tries=$((tries + 1))
  [ "$tries" -lt "$((retries * 2))" ] || { echo "temporal-setup: Temporal at $TEMPORAL_ADDRESS is not healthy" >&2; exit 1; }
  sleep "$pause"
done

if ! temporal operator namespace describe --address "$TEMPORAL_ADDRESS" --namespace "$ns" >/dev/null 2>&1; then
  temporal operator namespace create --address "$TEMPORAL_ADDRESS" --namespace "$ns" --retention 72h
fi

register() {
  # A new namespace takes a moment to reach every service: retry, then fail with Temporal's words.
  tries=0
  while ! out=$(temporal operator search-attribute create --address "$TEMPORAL_ADDRESS" --namespace "$ns" \
    --name "$1" --type "$2" 2>&1); do
    case "$out" in *"already exists"*|*"already registered"*) return 0 ;; esac
    tries=$((tries + 1))
    [ "$tries" -lt "$retries" ] || { echo "temporal-setup: registering $1 ($2) failed: $out" >&2; exit 1; }
    sleep "$pause"
  done
}
register MoltBreakerOpen Bool
register MoltTenant Keyword

listed=$(temporal operator search-attribute list --address "$TEMPORAL_ADDRESS" --namespace "$ns")
for name in MoltBreakerOpen MoltTenant; do
  echo "$listed" | grep -q "$name" || { echo "temporal-setup: $name is not registered in $ns" >&2; exit 1; }
done
echo "temporal-setup: namespace $ns with MoltBreakerOpen and MoltTenant is ready"
