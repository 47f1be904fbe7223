#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the end-to-end suite: a private X server, and inside it a private D-Bus
# session (the accessibility bus starts on demand there), with the system Python's
# dogtail. The D-Bus session must start inside Xvfb: the AT-SPI registry that
# synthesizes key presses is activated by it and needs its DISPLAY.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# Its own display range, apart from the unit tests' (see the Makefile). No reset:
# an X server resets when its last client leaves, and an app connecting during
# that reset fails with "cannot open display".
exec xvfb-run --server-num=120 --auto-servernum --server-args="-screen 0 1280x1024x24 -nolisten tcp -noreset" \
    dbus-run-session -- /usr/bin/python3 "$here/run.py" "$@"
