#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`make soak`: the real app against a real petspot-server with the demo data,
used for MINUTES on end, watching whether it leaks or slows down.

A refresh (F5) every 200 ms, and at a user's pace: switching tabs (Home,
Reports, Map) and, on Reports, opening a report's details and going back
(Escape or Alt+Left). Every few seconds it samples the app's RSS and open file
descriptors; the app itself reports each second's longest main-loop iteration
(PETSPOT_PROBE_MAIN_LOOP=1), and an accessibility probe measures how long the
app takes to answer. After a warm-up (the first minute, a fifth of shorter
runs) the RSS may grow by at most 5 MiB, the descriptors stay flat and no
iteration takes over 50 ms; it prints the figures and exits 1 when one is
over its limit.

Run it through run-soak.sh (a private Xvfb and session bus).
"""
import argparse
import collections
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from dogtail.config import config

config.checkForA11y = False
config.logDebugToFile = False
config.logDebugToStdOut = False

E2E = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e")
sys.path.insert(0, E2E)
import pyatspi  # noqa: E402

from harness import accessibility as a11y  # noqa: E402
from harness.app import App  # noqa: E402
from harness.runner import wait_for_display  # noqa: E402
from harness.server import Server  # noqa: E402
from harness.waiting import TimedOut, wait_for  # noqa: E402
from scenarios.common import home_cards  # noqa: E402

RSS_GROWTH_LIMIT_MIB = 5.0
MAIN_LOOP_LIMIT_MS = 50.0
# "Flat": after warm-up the count never rises more than this above where it
# stood at warm-up's end (a connection to the server being replaced, say).
# It may fall: idle connections close after a while.
FD_RISE_LIMIT = 4
REFRESH_INTERVAL = 0.2
STEP_INTERVAL = 1.0  # a user's pace for tab switches and details
SAMPLE_INTERVAL = 2.0
RSS_WINDOW = 5  # samples: the RSS figures are medians over this many
TABS = ("Home", "Reports", "Map")
BACK_KEYS = ("Escape", "alt+Left")
LOCATION = "52.2297,21.0122"  # Warsaw, where the demo reports are
MAIN_LOOP_LINE = re.compile(
    r"main loop, second (\d+): longest iteration ([\d.]+) ms of (\d+), (\d+) over 16 ms")


def keys(*names):
    """Key presses to the window under the pointer (no window manager here)."""
    subprocess.run(["xdotool", "key", "--delay", "0", *names], check=True, timeout=10)


class Samples:
    """RSS and descriptor counts of one process over time."""

    def __init__(self, pid):
        self.pid = pid
        self.rows = []  # (seconds since start, RSS KiB, open fds, Counter of their kinds)
        self.started = time.monotonic()
        self.load_at_start = load_average()

    def take(self):
        with open(f"/proc/{self.pid}/status") as status:
            rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
        kinds = collections.Counter()
        for fd in os.listdir(f"/proc/{self.pid}/fd"):
            try:
                kinds[fd_kind(os.readlink(f"/proc/{self.pid}/fd/{fd}"))] += 1
            except OSError:  # closed meanwhile
                continue
        self.rows.append((time.monotonic() - self.started, rss, sum(kinds.values()), kinds))


def load_average():
    """The last minute's load average: other work on the machine shows in the
    main-loop figures."""
    with open("/proc/loadavg") as load:
        return load.read().split()[0]


def fd_kind(target):
    """"socket", "pipe", "anon_inode:[eventfd]", or the file's path."""
    return target.split(":[", 1)[0] if target.startswith(("socket:", "pipe:")) else target


class MainLoopLog:
    """The app's per-second main-loop lines, read from its log as it grows."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.pending = ""
        self.seconds = []  # (second, longest ms, iterations, over 16 ms)
        self.arrivals = {}  # second -> when its line was read: just after it ended

    def read(self):
        try:
            with open(self.path, "r", errors="replace") as log:
                log.seek(self.offset)
                text = log.read()
                self.offset = log.tell()
        except OSError:
            return
        lines = (self.pending + text).split("\n")
        self.pending = lines.pop()
        for line in lines:
            match = MAIN_LOOP_LINE.search(line)
            if match:
                self.seconds.append((int(match.group(1)), float(match.group(2)),
                                     int(match.group(3)), int(match.group(4))))
                self.arrivals[int(match.group(1))] = time.monotonic()


class Driver:
    """What a user does, through the keyboard and the accessibility tree."""

    def __init__(self, app):
        self.app = app
        self.refreshes = 0
        self.tab_switches = 0
        self.details_opened = 0
        self.failed_steps = []
        self.actions = []  # (monotonic time, what) for all but the refreshes
        self.first_round_done = None  # when every tab and a details page had been shown once
        self._tabs = {}
        self._reports_list = None
        self._stop = threading.Event()

    # -- refreshing, in its own thread ------------------------------------------

    def refresh_every(self, interval):
        next_at = time.monotonic()
        while not self._stop.is_set():
            keys("F5")
            self.refreshes += 1
            next_at += interval
            self._stop.wait(max(0.0, next_at - time.monotonic()))

    def stop(self):
        self._stop.set()

    # -- the user's steps ---------------------------------------------------------

    def tab(self, name):
        """The view switcher's page tab: found once, as walking the tree for it
        every time would load the app more than the user does."""
        node = self._tabs.get(name)
        if node is None or a11y.name(node) != name:
            node = self.app.find(role="page tab", name=name)
            self._tabs[name] = node
        return node

    def select_tab(self, name):
        node = self.tab(name)
        self.note(f"tab {name}")
        a11y.do_action(node)
        wait_for(lambda: a11y.has_state(node, pyatspi.STATE_SELECTED), message=f"the {name} tab selected")
        self.tab_switches += 1

    def reports_list(self):
        window = self.app.window()
        if self._reports_list is None or not a11y.is_on_screen(self._reports_list, window):
            self._reports_list = self.app.find(role="list", name="Reports")
        return self._reports_list

    def open_details_and_back(self, index):
        listing = self.reports_list()
        cards = wait_for(lambda: self.app.find_all(role="push button", within=listing),
                         message="cards in the Reports list")
        card = cards[index % len(cards)]
        pet_name = a11y.name(card).split(",")[0]
        self.note(f"details of {pet_name}")
        a11y.do_action(card)
        self.app.find(role="heading", name=pet_name, timeout=15)
        self.details_opened += 1
        self.note(f"back ({BACK_KEYS[index % len(BACK_KEYS)]})")
        keys(BACK_KEYS[index % len(BACK_KEYS)])
        wait_for(lambda: a11y.is_on_screen(listing, self.app.window()), message="the Reports list again")

    def note(self, action):
        """Remembers when an action began, to tell what a slow second was doing."""
        self.actions.append((time.monotonic(), action))

    def actions_between(self, start, end):
        return [action for at, action in self.actions if start <= at <= end]

    def run(self, until):
        step = 0
        while time.monotonic() < until:
            started = time.monotonic()
            name = TABS[step % len(TABS)]
            try:
                self.select_tab(name)
                if name == "Reports":
                    self.open_details_and_back(step // len(TABS))
            except (TimedOut, AssertionError, subprocess.SubprocessError) as error:
                self.failed_steps.append(f"{name}: {error}")
                self._reports_list = None
                self._tabs.clear()
            self.app.assert_running()
            if self.first_round_done is None and step >= len(TABS) - 1 and self.details_opened:
                self.first_round_done = time.monotonic()
            step += 1
            self._stop.wait(max(0.0, started + STEP_INTERVAL - time.monotonic()))


def actions_during(second, loop, driver):
    """The actions under way in the app's `second`: its line arrives just
    after the second ends."""
    arrived = loop.arrivals.get(second, 0)
    return driver.actions_between(arrived - 1.2, arrived) or ["refreshes only"]


def describe_fds(kinds):
    return ", ".join(f"{count} {kind}" for kind, count in kinds.most_common())


def median(values):
    return statistics.median(values) if values else float("nan")


def trend_per_minute(points):
    """Least-squares slope of (seconds, value) points, per minute."""
    if len(points) < 2:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    return 60 * sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / spread if spread else 0.0


def report(options, samples, loop, driver, probe, warm_up, build):
    """Prints the figures; returns the limits exceeded."""
    failures = []
    # Warm-up lasts at least until every page has been shown once (the map
    # opens its tile cache then, say).
    if driver.first_round_done is not None:
        warm_up = max(warm_up, driver.first_round_done - samples.started)
    after = [row for row in samples.rows if row[0] >= warm_up]
    mib = lambda kib: kib / 1024  # noqa: E731
    print(f"soak: {options.minutes:g} min of {build} petspot against petspot-server --demo, "
          f"warm-up {warm_up:.0f} s; load average {samples.load_at_start} at the start, {load_average()} at the end")
    print(f"  actions: {driver.refreshes} refreshes, {driver.tab_switches} tab switches, "
          f"{driver.details_opened} details opened, {len(driver.failed_steps)} steps failed")
    if len(after) < 2 * RSS_WINDOW:
        failures.append(f"only {len(after)} samples after warm-up")
    else:
        start_rss = median([row[1] for row in after[:RSS_WINDOW]])
        end_rss = median([row[1] for row in after[-RSS_WINDOW:]])
        growth = mib(end_rss - start_rss)
        peak = max(row[1] for row in samples.rows)
        trend = trend_per_minute([(row[0], mib(row[1])) for row in after])
        print(f"  RSS: {mib(start_rss):.1f} MiB after warm-up, {mib(end_rss):.1f} MiB at the end: "
              f"{growth:+.1f} MiB (limit +{RSS_GROWTH_LIMIT_MIB:g}); peak {mib(peak):.1f} MiB, "
              f"trend {trend:+.2f} MiB/min")
        if growth > RSS_GROWTH_LIMIT_MIB:
            failures.append(f"RSS grew by {growth:.1f} MiB after warm-up")
        fds = [row[2] for row in after]
        print(f"  open fds: {fds[0]} at warm-up's end, then {min(fds)} to {max(fds)}, {fds[-1]} at the end "
              f"(limit: {FD_RISE_LIMIT} above warm-up's end); {samples.rows[0][2]} at the first sample")
        fewest, most = min(after, key=lambda row: row[2]), max(after, key=lambda row: row[2])
        if most[2] > fewest[2]:
            print(f"    the most ({most[2]}, at {most[0]:.0f} s) minus the fewest ({fewest[2]}, at {fewest[0]:.0f} s): "
                  + describe_fds(most[3] - fewest[3]))
        if max(fds) - fds[0] > FD_RISE_LIMIT:
            failures.append(f"open fds rose from {fds[0]} to {max(fds)} after warm-up")
    seconds = loop.seconds
    later = [s for s in seconds if s[0] > warm_up]
    if not later:
        failures.append("no main-loop figures after warm-up (PETSPOT_PROBE_MAIN_LOOP)")
    else:
        longest_all = max(s[1] for s in seconds)
        longest_after = max(later, key=lambda s: s[1])
        over16 = sum(s[3] for s in later)
        iterations = sum(s[2] for s in later)
        over50 = [s for s in later if s[1] > MAIN_LOOP_LIMIT_MS]
        print(f"  main loop: longest iteration {longest_all:.1f} ms overall, {longest_after[1]:.1f} ms after warm-up "
              f"(second {longest_after[0]}; limit {MAIN_LOOP_LIMIT_MS:g}); after warm-up {over16} of "
              f"{iterations} iterations over 16 ms, {len(over50)} of {len(later)} seconds with one over 50 ms")
        for second, longest, _, _ in sorted(over50, key=lambda s: -s[1])[:8]:
            print(f"    second {second}: {longest:.1f} ms, during: {', '.join(actions_during(second, loop, driver))}")
        by_kind = collections.defaultdict(list)
        for second, longest, _, _ in later:
            for kind in {action.split(" of ")[0] for action in actions_during(second, loop, driver)}:
                by_kind[kind].append(longest)
        print("    longest iteration of the seconds with each action (median / max): " + ", ".join(
            f"{kind} {median(values):.1f} / {max(values):.1f} ms ({len(values)} s)"
            for kind, values in sorted(by_kind.items())))
        if over50:
            failures.append(f"{len(over50)} seconds with a main-loop iteration over {MAIN_LOOP_LIMIT_MS:g} ms "
                            f"(longest {longest_after[1]:.1f} ms)")
    print(f"  accessibility probe: {probe.summary()}")
    if probe.longest >= probe.limit:
        failures.append(f"the app took {probe.longest:.2f} s to answer an accessibility query")
    for failed in driver.failed_steps[:5]:
        print(f"  failed step: {failed}")
    if len(driver.failed_steps) * 20 > driver.tab_switches + len(driver.failed_steps):
        failures.append(f"{len(driver.failed_steps)} steps failed: the run did not do what it says")
    return failures


def save_samples(samples, loop, driver, directory):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "actions.csv"), "w") as out:
        out.write("seconds,action\n")
        out.writelines(f"{at - samples.started:.2f},{action}\n" for at, action in driver.actions)
    with open(os.path.join(directory, "samples.csv"), "w") as out:
        out.write("seconds,rss_kib,fds,fd_kinds\n")
        out.writelines(f"{t:.1f},{rss},{fds},\"{describe_fds(kinds)}\"\n" for t, rss, fds, kinds in samples.rows)
    with open(os.path.join(directory, "main-loop.csv"), "w") as out:
        out.write("second,longest_ms,iterations,over_16_ms,read_at_seconds\n")
        out.writelines(f"{s},{ms},{n},{over},{loop.arrivals[s] - samples.started:.2f}\n"
                       for s, ms, n, over in loop.seconds)


def main():
    parser = argparse.ArgumentParser(description="PetSpot soak test")
    parser.add_argument("--app", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--build", default="debug", help="which build --app is, for the report")
    parser.add_argument("--results", default=None, help="directory for samples.csv, main-loop.csv and the logs")
    options = parser.parse_args()
    total = options.minutes * 60
    warm_up = min(60.0, total / 5)
    wait_for_display()

    workdir = tempfile.mkdtemp(prefix="petspot-soak-")
    server = app = None
    try:
        server = Server(os.path.abspath(options.server), workdir, args=["--demo"]).start()
        app = App(os.path.abspath(options.app), workdir, args=["--api-url", server.base_url, "--location", LOCATION],
                  env={"PETSPOT_PROBE_MAIN_LOOP": "1", "PETSPOT_LOG_LEVEL": "warning"}).start()
        failures = soak(options, app, total, warm_up)
    finally:
        if app is not None:
            app.stop()
        if server is not None:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    if failures:
        print("soak: FAILED: " + "; ".join(failures))
        return 1
    print("soak: passed")
    return 0


def soak(options, app, total, warm_up):
    """Drives `app` for `total` seconds from its start; returns the limits exceeded."""
    samples = Samples(app.process.pid)
    loop = MainLoopLog(app.log_path)
    stop = threading.Event()

    def watch():
        """Reads the app's log often, so each main-loop line's arrival tells
        when its second ended; samples every SAMPLE_INTERVAL."""
        next_sample = time.monotonic()
        while not stop.wait(0.1):
            loop.read()
            if time.monotonic() >= next_sample:
                next_sample += SAMPLE_INTERVAL
                try:
                    samples.take()
                except OSError:  # the app has exited: the driver reports it
                    return

    app.wait_for_window(timeout=60)
    wait_for(lambda: len(home_cards(app)) > 0, timeout=60, message="the demo reports on Home")
    # Keys go to the window under the pointer: a spot in the page's margin,
    # where no tooltip opens.
    subprocess.run(["xdotool", "mousemove", "30", "400"], check=True, timeout=10)

    driver = Driver(app)
    threads = [threading.Thread(target=driver.refresh_every, args=(REFRESH_INTERVAL,), daemon=True),
               threading.Thread(target=watch, daemon=True)]
    probe = app.stays_responsive().start()  # judged in the report, with the other figures
    for thread in threads:
        thread.start()
    try:
        # The clock started with the app: warm-up covers its start too.
        driver.run(samples.started + total)
    finally:
        driver.stop()
        stop.set()
        probe.stop()
        for thread in threads:
            thread.join(timeout=10)
    samples.take()
    loop.read()
    app.assert_running()
    failures = report(options, samples, loop, driver, probe, warm_up, options.build)
    if options.results:
        save_samples(samples, loop, driver, options.results)
        shutil.copy(app.log_path, os.path.join(options.results, "app.log"))
        print(f"  samples and logs: {options.results}")
    return failures


if __name__ == "__main__":
    sys.exit(main())
