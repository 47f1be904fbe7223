#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the soak test (soak.py) as run-e2e.sh runs the e2e suite: a private X
# server with a private D-Bus session inside it, and the system Python's
# dogtail. Its own display range, apart from the unit tests' and the e2e suite's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exec xvfb-run --server-num=140 --auto-servernum --server-args="-screen 0 1280x1024x24 -nolisten tcp -noreset" \
    dbus-run-session -- /usr/bin/python3 "$here/soak.py" "$@"
