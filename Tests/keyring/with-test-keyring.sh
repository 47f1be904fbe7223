#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# with-test-keyring.sh [--in-private-bus] CMD [ARGS...]
#
# Runs CMD with a real, empty and unlocked keyring of its own: a private D-Bus
# session bus (dbus-run-session) on which gnome-keyring-daemon serves the Secret
# Service from a temporary folder, its "login" keyring created with an empty
# password and unlocked. The user's own keyring and session bus are never
# reached. --in-private-bus: the caller already runs this inside a private
# session bus of its own (dbus-run-session), which is used as it is.
#
# CMD gets PETSPOT_TEST_KEYRING (the keyring's folder) and whatever the daemon
# prints for its clients; the daemon is stopped and the folder removed after it.
# Exits with CMD's status.
set -euo pipefail

if [ "${1:-}" = "--in-private-bus" ]; then
    shift
else
    exec dbus-run-session -- "$0" --in-private-bus "$@"
fi
[ $# -gt 0 ] || { echo "usage: $0 [--in-private-bus] CMD [ARGS...]" >&2; exit 64; }
[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || { echo "$0: no session bus" >&2; exit 1; }

folder=$(mktemp -d "${TMPDIR:-/tmp}/petspot-test-keyring.XXXXXX")
daemon=
stop_daemon() {
    if [ -n "$daemon" ] && kill -0 "$daemon" 2>/dev/null; then
        kill "$daemon" 2>/dev/null || true
        wait "$daemon" 2>/dev/null || true
    fi
    rm -rf "$folder"
}
trap stop_daemon EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

bus_call() {  # bus_call DEST PATH METHOD ARGS...: the literal reply, or nothing
    dbus-send --session --print-reply=literal --reply-timeout=2000 --dest="$1" "$2" "$3" "${@:4}" 2>/dev/null || true
}

# Waits for `condition` to succeed (every 20 ms, up to 20 s); fails early when
# the daemon has exited.
wait_until() {
    local what=$1 condition=$2 deadline=$((SECONDS + 20))
    until $condition; do
        if ! kill -0 "$daemon" 2>/dev/null; then
            echo "$0: gnome-keyring-daemon exited before $what:" >&2; cat "$folder/daemon.log" >&2; exit 1
        fi
        if [ $SECONDS -ge $deadline ]; then
            echo "$0: timed out waiting for $what" >&2; cat "$folder/daemon.log" >&2; exit 1
        fi
        sleep 0.02
    done
}
secrets_on_bus() {
    [[ $(bus_call org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets) == *true* ]]
}
login_unlocked() {
    local login
    login=$(bus_call org.freedesktop.secrets /org/freedesktop/secrets org.freedesktop.Secret.Service.ReadAlias \
        string:default | tr -d '[:space:]')
    [ -n "$login" ] && [ "$login" != / ] && [[ $(bus_call org.freedesktop.secrets "$login" \
        org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked) == *false* ]]
}

# Everything the daemon keeps is in the folder: keyrings under XDG_DATA_HOME,
# its control socket under XDG_RUNTIME_DIR (never the user's, where a running
# daemon would be found and unlocked instead). An empty line on stdin is the
# login keyring's password: --unlock creates the keyring with it, unlocked.
mkdir -p -m 700 "$folder/home" "$folder/runtime"
env -u GNOME_KEYRING_CONTROL HOME="$folder/home" XDG_DATA_HOME="$folder/home/.local/share" \
    XDG_CONFIG_HOME="$folder/home/.config" XDG_RUNTIME_DIR="$folder/runtime" \
    gnome-keyring-daemon --foreground --unlock --components=secrets \
    < <(printf '\n') > "$folder/daemon.env" 2> "$folder/daemon.log" &
daemon=$!

# Asked only once the name is owned: a call to an unowned name would make the
# bus start another daemon through D-Bus activation.
wait_until "org.freedesktop.secrets on the session bus" secrets_on_bus
wait_until "an unlocked default keyring" login_unlocked

# What the daemon prints for its clients (GNOME_KEYRING_CONTROL=…), if anything.
while IFS= read -r line; do
    [[ $line =~ ^[A-Z_]+= ]] && export "${line?}"
done < "$folder/daemon.env"
export PETSPOT_TEST_KEYRING="$folder"

status=0
"$@" || status=$?
exit $status
