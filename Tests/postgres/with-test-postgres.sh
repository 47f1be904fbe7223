#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later

# Runs a command beside a throw-away PostgreSQL 15 with PostGIS, from Debian's
# packages (postgresql-15, postgresql-15-postgis-3): its own data directory in
# a temporary folder, a free loopback port, its unix socket in that folder,
# fsync off (nothing in it outlives the run). A template database,
# petspot_template, has the postgis extension; the command gets its URL as
#
#   PETSPOT_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:PORT/petspot_template
#
# Tests never use that database itself: each one creates its own from it
# (CREATE DATABASE … TEMPLATE petspot_template, through the cluster's
# `postgres` database) and drops it afterwards, so tests running at once
# never share rows (Tests/PetSpotServerTests/PostgreSQL/TestPostgres.swift).
# The cluster is stopped and its folder removed however the command ends;
# the command's exit status is this script's.
#
# When PETSPOT_TEST_POSTGRES_URL is already set (a server of one's own, with
# such a template database), the command runs against that one instead.
#
# Usage: Tests/postgres/with-test-postgres.sh COMMAND [ARGUMENT...]

set -euo pipefail

if [ $# -eq 0 ]; then
	echo "usage: $0 COMMAND [ARGUMENT...]" >&2
	exit 2
fi

if [ -n "${PETSPOT_TEST_POSTGRES_URL:-}" ]; then
	exec "$@"
fi

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
TEMPLATE=petspot_template
# Seconds the server has to start, and to stop, before this script gives up.
START_SECONDS=${PETSPOT_TEST_POSTGRES_START_SECONDS:-60}
STOP_SECONDS=20
# Tests need little; the server-scale bench asks for what a server of its own
# would have (PETSPOT_TEST_POSTGRES_SHARED_BUFFERS=1GB, decision 0075).
SHARED_BUFFERS=${PETSPOT_TEST_POSTGRES_SHARED_BUFFERS:-64MB}

fail() {
	echo "with-test-postgres: $*" >&2
	exit 1
}

for tool in initdb pg_ctl pg_isready postgres; do
	[ -x "$PG_BIN/$tool" ] || fail "$PG_BIN/$tool not found: PostgreSQL 15 is needed" \
		"(apt-get install postgresql-15 postgresql-15-postgis-3, or make test-deps)"
done
command -v psql >/dev/null || fail "psql not found (apt-get install postgresql-client-15)"
[ -f "$("$PG_BIN/pg_config" --sharedir)/extension/postgis.control" ] ||
	fail "PostGIS for PostgreSQL 15 not found (apt-get install postgresql-15-postgis-3)"

# initdb refuses to run as root: the cluster then belongs to the postgres user.
if [ "$(id -u)" -eq 0 ]; then
	id postgres >/dev/null 2>&1 || fail "no postgres user to run the cluster as (it comes with postgresql-15)"
	as_owner() { runuser -u postgres -- "$@"; }
else
	as_owner() { "$@"; }
fi

DIR=$(mktemp -d "${TMPDIR:-/tmp}/petspot-postgres.XXXXXX")
DATA=$DIR/data
LOG=$DIR/server.log
STARTED=0

cleanup() {
	local status=$?
	trap - EXIT INT TERM HUP
	if [ "$STARTED" -eq 1 ]; then
		# Immediate: nothing in the cluster is worth a clean shutdown.
		as_owner "$PG_BIN/pg_ctl" -D "$DATA" -m immediate -t "$STOP_SECONDS" -w stop >/dev/null 2>&1 ||
			echo "with-test-postgres: the cluster in $DATA did not stop" >&2
	fi
	rm -rf "$DIR"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

if [ "$(id -u)" -eq 0 ]; then
	chown postgres: "$DIR"
	as_owner test -w "$DIR" || fail "the postgres user cannot write to $DIR: set TMPDIR to a folder it can reach"
fi

as_owner "$PG_BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
	--no-sync >"$DIR/initdb.log" 2>&1 || {
	cat "$DIR/initdb.log" >&2
	fail "initdb failed (above)"
}

# A free loopback port: the kernel picks one for a socket bound to port 0.
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# Many tests run at once, each with its own database and connection pool.
as_owner "$PG_BIN/pg_ctl" -D "$DATA" -l "$LOG" -s -o "-c listen_addresses=127.0.0.1 -c port=$PORT \
-c unix_socket_directories=$DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
-c max_connections=400 -c shared_buffers=$SHARED_BUFFERS" start || {
	cat "$LOG" >&2 2>/dev/null || true
	fail "pg_ctl could not start the cluster (log above)"
}
STARTED=1

deadline=$((SECONDS + START_SECONDS))
until "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres; do
	if [ "$SECONDS" -ge "$deadline" ]; then
		tail -n 30 "$LOG" >&2 2>/dev/null || true
		fail "PostgreSQL did not accept connections on 127.0.0.1:$PORT within ${START_SECONDS}s (log above)"
	fi
	sleep 0.2
done

sql() {
	psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres "$@" >/dev/null
}
sql -d postgres -c "CREATE DATABASE $TEMPLATE" || fail "could not create the $TEMPLATE database"
sql -d "$TEMPLATE" -c "CREATE EXTENSION postgis" || fail "could not create the postgis extension"
# Nobody connects to a template while databases are made from it.
sql -d postgres -c "ALTER DATABASE $TEMPLATE WITH IS_TEMPLATE true ALLOW_CONNECTIONS false" ||
	fail "could not mark $TEMPLATE as a template"

export PETSPOT_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PORT/$TEMPLATE"
echo "with-test-postgres: PostgreSQL 15 with PostGIS on 127.0.0.1:$PORT ($PETSPOT_TEST_POSTGRES_URL)" >&2

# In the background and waited for, so that a signal sent to this script alone
# (kill, a CI timeout) reaches the command too and the cluster is still removed:
# bash runs a trap only once the foreground command has ended.
CHILD=
forward() {
	trap - INT TERM HUP
	[ -n "$CHILD" ] && kill -s "$1" "$CHILD" 2>/dev/null
	[ -n "$CHILD" ] && wait "$CHILD"
	exit "$2"
}
trap 'forward INT 130' INT
trap 'forward TERM 143' TERM
trap 'forward HUP 129' HUP
set +e
"$@" <&0 &
CHILD=$!
wait "$CHILD"
status=$?
set -e
exit "$status"
