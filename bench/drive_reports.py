#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Drives a running PetSpot for `make bench`, as a user would from the keyboard.

Prints, on standard output, `a11y <µs>` when the app appears on the
accessibility bus, and `action <name> <µs>` just before each input that should
change the Reports list. Times are CLOCK_MONOTONIC in microseconds, the clock
of the app's milestones (PETSPOT_MILESTONES=1), which it reads from the app's
standard error (--log) to know when each step is done: every step waits on a
condition, never on a fixed delay.

    drive_reports.py --pid PID --log APP_STDERR_FILE
"""
import argparse
import os
import subprocess
import sys
import time

# The e2e harness's way of asking the AT-SPI registry itself which
# applications it knows (pyatspi's own list is refreshed only by events, which
# this script, having no event loop, never reads).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "e2e"))
from harness.responsiveness import AccessibilityBus  # noqa: E402

TIMEOUT = 120.0


def now_us():
    return int(time.monotonic() * 1e6)


def wait_for(condition, what, timeout=TIMEOUT, interval=0.005):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    sys.exit(f"drive_reports: gave up waiting for {what}")


class AppLog:
    """The app's standard error, read as it grows."""

    def __init__(self, path):
        self.path = path

    def text(self):
        with open(self.path, encoding="utf-8", errors="replace") as log:
            return log.read()

    def has_milestone(self, name):
        return f"milestone {name} " in self.text()

    def probe_lines(self):
        return self.text().count("main loop, second ")


def visible_windows():
    """How many X windows are mapped: a popup adds its own. (Asked of the X
    server, not of the app's accessibility tree, which would load the app.)"""
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", ""],
                           capture_output=True, text=True).stdout
    return len(found.split())


def keys(*names):
    subprocess.run(["xdotool", "key", "--delay", "0", *names], check=True)


def act(name, *key_names):
    print(f"action {name} {now_us()}", flush=True)
    keys(*key_names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--log", required=True)
    options = parser.parse_args()
    log = AppLog(options.log)

    bus = wait_for(lambda: AccessibilityBus(), "the accessibility bus")
    wait_for(lambda: bus.application(options.pid) is not None, "the app on the accessibility bus", interval=0.002)
    print(f"a11y {now_us()}", flush=True)

    wait_for(lambda: log.has_milestone("cards-frame"), "Home's cards")
    # Without a window manager X sends keys to the window under the pointer;
    # the window sits at the screen's origin. The pointer rests in the page's
    # margin, where no tooltip opens (a tooltip is a window too).
    subprocess.run(["xdotool", "mousemove", "30", "400"], check=True)

    rows = 0

    def step(name, *key_names):
        nonlocal rows
        rows += 1
        act(name, *key_names)
        wait_for(lambda: log.has_milestone(f"reports-rows#{rows}"), f"the rows after {name}")

    step("open-reports", "ctrl+f")            # the search entry has the focus
    keys("Tab", "Tab")                        # All, Lost
    step("filter-lost", "space")
    keys("Tab", "Tab")                        # Found, Sort
    windows = visible_windows()
    keys("space")                             # opens the sort popup
    wait_for(lambda: visible_windows() > windows, "the sort popup")
    keys("Down")
    step("sort-oldest", "Return")
    keys("ctrl+f")
    step("search", "7")
    step("clear-search", "Escape")

    # Scrolling the list with the wheel, then until the probe has reported
    # the seconds it took.
    seen = log.probe_lines()
    print(f"action scroll {now_us()}", flush=True)
    subprocess.run(["xdotool", "mousemove", "400", "400", "click", "--repeat", "60", "--delay", "16", "5"],
                   check=True)
    wait_for(lambda: log.probe_lines() >= seen + 2, "the main-loop probe's report")
    print(f"done {now_us()}", flush=True)


if __name__ == "__main__":
    main()
