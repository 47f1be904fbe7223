#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks a built petspot-server against docs/openapi.yaml with schemathesis:
# the server on a free loopback port over a temporary database with the demo
# reports, then a fixed number of generated requests per operation from a
# fixed seed. Fails on any 5xx, and on any status, content type, header or body
# the document does not give for that request. The server is stopped however
# the run ends.
#
#   run-schemathesis.sh --server PATH --schemathesis PATH [--engine sqlite|postgres]
#                       [--examples N] [--seed S]
#
# --engine postgres makes a database of its own from the template cluster that
# Tests/postgres/with-test-postgres.sh names in PETSPOT_TEST_POSTGRES_URL, and
# drops it at the end; sqlite (the default) uses a file in a temporary folder.
#
# PETSPOT_OPENAPI_REPORT=FILE keeps every request and answer as a HAR file.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

server=""
schemathesis=""
# Per operation (16 of them). With the seed fixed, the same requests each run;
# 300 find every fault found so far.
examples=300
seed=23
engine=sqlite
while [ $# -gt 0 ]; do
    case "$1" in
    --server) server=$2; shift 2 ;;
    --schemathesis) schemathesis=$2; shift 2 ;;
    --examples) examples=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --engine) engine=$2; shift 2 ;;
    *) echo "run-schemathesis.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -x "$server" ] || { echo "run-schemathesis.sh: no server at '$server' (--server)" >&2; exit 2; }
[ -x "$schemathesis" ] || { echo "run-schemathesis.sh: no schemathesis at '$schemathesis' (--schemathesis)" >&2; exit 2; }
case "$engine" in
sqlite) ;;
postgres)
    [ -n "${PETSPOT_TEST_POSTGRES_URL:-}" ] || {
        echo "run-schemathesis.sh: --engine postgres needs PETSPOT_TEST_POSTGRES_URL" \
            "(run inside Tests/postgres/with-test-postgres.sh)" >&2
        exit 2
    }
    ;;
*) echo "run-schemathesis.sh: unknown engine '$engine' (sqlite or postgres)" >&2; exit 2 ;;
esac
# Absolute: schemathesis runs from the temporary folder.
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
server=$(absolute "$server")
schemathesis=$(absolute "$schemathesis")
report=${PETSPOT_OPENAPI_REPORT:+$(absolute "$PETSPOT_OPENAPI_REPORT")}

work=$(mktemp -d "${TMPDIR:-/tmp}/petspot-openapi.XXXXXX")
server_pid=""
# The template's URL with another database name.
template=${PETSPOT_TEST_POSTGRES_URL:-}
admin_url=${template%/*}/postgres
database_name="petspot_openapi_$$"
database_made=0
stop_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        # Graceful stop takes at most 5 s; then it is killed.
        for _ in $(seq 70); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    server_pid=""
}
finish() {
    status=$?
    stop_server
    if [ $database_made -eq 1 ]; then
        psql -X -q -d "$admin_url" -c "DROP DATABASE IF EXISTS $database_name WITH (FORCE)" >/dev/null ||
            echo "run-schemathesis.sh: could not drop the database $database_name" >&2
    fi
    if [ $status -ne 0 ] && [ -s "$work/server.log" ]; then
        echo "== The server's log, last lines (whole log kept: $work/server.log)"
        tail -n 40 "$work/server.log"
    else
        rm -rf "$work"
    fi
    exit $status
}
trap finish EXIT
trap 'exit 130' INT TERM

# Fewer hashing iterations than a real server's: passwords are not what is
# tested here, and the run stays within its time.
if [ "$engine" = postgres ]; then
    psql -X -q -v ON_ERROR_STOP=1 -d "$admin_url" \
        -c "CREATE DATABASE $database_name TEMPLATE ${template##*/}" >/dev/null
    database_made=1
    database=(--database "${template%/*}/$database_name")
else
    database=(--db "$work/petspot.sqlite")
fi
PETSPOT_DEMO_DIR="$root/Sources/PetSpotServer/Demo" "$server" \
    --host 127.0.0.1 --port 0 "${database[@]}" --demo --password-iterations 1000 \
    --log-level warning >"$work/listening" 2>"$work/server.log" &
server_pid=$!
url=""
for _ in $(seq 200); do
    url=$(sed -n 's/^petspot-server listening on \(http:[^ ]*\)$/\1/p' "$work/listening")
    [ -n "$url" ] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "run-schemathesis.sh: the server did not start" >&2; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { echo "run-schemathesis.sh: the server did not say where it listens within 20 s" >&2; exit 1; }
echo "== schemathesis against $url on $engine: $examples cases per operation, seed $seed"

# One worker, a fixed seed and no example database: the same requests in the
# same order every run. No shrinking: a failure is reported as found, which
# keeps the run's time bounded. hooks.py sends each request from its own
# loopback address and manages two reports of its own (what for: there).
# From the temporary folder: schemathesis keeps its crash records in the
# working directory's .schemathesis.
started=$(date +%s)
set +e
cd "$work"
PETSPOT_OPENAPI_URL="$url" SCHEMATHESIS_HOOKS="$here/hooks.py" timeout 300 "$schemathesis" run "$root/docs/openapi.yaml" \
    --url "$url" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,unsupported_method,allow_header_conformance,missing_required_header \
    --phases examples,coverage,fuzzing,stateful \
    --max-examples "$examples" --seed "$seed" --generation-database none --no-shrink \
    --workers 1 --request-timeout 15 \
    --suppress-health-check all --warnings off --no-color \
    ${report:+--report har --report-har-path "$report"}
status=$?
set -e
[ $status -ne 124 ] || echo "run-schemathesis.sh: schemathesis did not finish within 300 s" >&2
echo "== schemathesis took $(($(date +%s) - started)) s"
if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "run-schemathesis.sh: the server stopped during the run" >&2
    exit 1
fi
exit $status
