#!/bin/sh
# Creates Temporal's two databases on molt's PostgreSQL and brings their schemas up to the
# admin-tools image's version (run by the `temporal-schema` service of docker-compose.yml, in
# temporalio/admin-tools). Safe to run on every start: what exists is kept, any other error stops it.
set -eu
: "${POSTGRES_USER:?}" "${POSTGRES_PWD:?}" "${POSTGRES_SEEDS:?}"
export SQL_PASSWORD="$POSTGRES_PWD"

tolerate_exists() {
  if ! out=$("$@" 2>&1); then
    case "$out" in
      *"already exists"*) ;;
      *) echo "temporal-schema: $* failed: $out" >&2; exit 1 ;;
    esac
  fi
}

for db in temporal temporal_visibility; do
  dir=temporal
  [ "$db" = temporal_visibility ] && dir=visibility
  set -- temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -u "$POSTGRES_USER" -p 5432 --db "$db"
  tolerate_exists "$@" create
  tolerate_exists "$@" setup-schema -v 0.0
  "$@" update-schema -d "/etc/temporal/schema/postgresql/v12/$dir/versioned"
done
echo 'temporal-schema: databases temporal and temporal_visibility are up to date'
