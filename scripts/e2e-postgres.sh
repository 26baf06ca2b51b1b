#!/usr/bin/env bash
# The end-to-end proof of `perfsage capture` (issue 7), run by .ci/run as root:
# installs PostgreSQL, sysbench and sysstat, starts a PostgreSQL 15 cluster, creates the
# sbtest role and database if missing, prepares a small sysbench oltp_read_write data
# set, runs tests/e2e.rs (capture while sysbench runs at 1, 2, 4 and 8 threads, then
# diagnose), and stops the cluster again unless it was already running before.
#
# Another cluster or port (so as not to disturb a PostgreSQL already in use):
#   E2E_PG_CLUSTER=e2e E2E_PG_PORT=5433 bash scripts/e2e-postgres.sh
# (the cluster is created when it does not exist; drop it afterwards with
#  pg_dropcluster 15 e2e --stop).
set -euo pipefail
cd "$(dirname "$0")/.."

version=${E2E_PG_VERSION:-15}
cluster=${E2E_PG_CLUSTER:-main}
apt_get() { apt-get -o DPkg::Lock::Timeout=600 -q "$@"; }

cluster_status() {
    command -v pg_lsclusters >/dev/null &&
        pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $4 }'
}
# A cluster that was already running (someone's own) is left running at the end.
was_online=$(cluster_status || true)

export DEBIAN_FRONTEND=noninteractive
packages="postgresql sysbench sysstat"
# shellcheck disable=SC2086
apt_get install -y $packages || { apt_get update && apt_get install -y $packages; }

if ! pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { found = 1 } END { exit !found }'; then
    pg_createcluster "$version" "$cluster" ${E2E_PG_PORT:+--port "$E2E_PG_PORT"}
fi
port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $3 }')
if [ "$was_online" != online ]; then
    trap 'pg_ctlcluster "$version" "$cluster" stop' EXIT
fi
if [ "$(cluster_status)" != online ]; then
    pg_ctlcluster "$version" "$cluster" start
fi

psql_admin() { su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -qAt $*"; }
if [ "$(psql_admin "-c \"SELECT 1 FROM pg_roles WHERE rolname = 'sbtest'\"")" != 1 ]; then
    psql_admin "-c \"CREATE ROLE sbtest LOGIN PASSWORD 'sbtest'\""
fi
if [ "$(psql_admin "-c \"SELECT 1 FROM pg_database WHERE datname = 'sbtest'\"")" != 1 ]; then
    psql_admin "-c \"CREATE DATABASE sbtest OWNER sbtest\""
fi

sb="sysbench --db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=$port --pgsql-user=sbtest \
    --pgsql-password=sbtest --pgsql-db=sbtest --tables=4 --table-size=10000"
$sb oltp_read_write cleanup >/dev/null
$sb oltp_read_write prepare >/dev/null

PERFSAGE_E2E_DB=ready PERFSAGE_E2E_PG_PORT="$port" \
    cargo test --release --locked --test tests e2e -- --include-ignored --nocapture
