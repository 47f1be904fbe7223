# SPDX-License-Identifier: GPL-3.0-or-later

"""Running fake_notifications.py on the test session bus for a scenario."""
import json
import os
import subprocess
import sys

from .processes import stop_process
from .waiting import wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
# GLib 2.74 sends GNotifications to org.gtk.Notifications (GNOME Shell) unless
# told otherwise; its freedesktop backend talks to the fake instead.
APP_ENV = {"GNOTIFICATION_BACKEND": "freedesktop"}


class Notifications:
    """The fake notification server; `shown()` lists each Notify it got."""

    def __init__(self, workdir):
        self.events_path = os.path.join(workdir, "notifications-events.jsonl")
        self.log_path = os.path.join(workdir, "fake_notifications.log")
        self.process = None

    def start(self):
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, os.path.join(HERE, "fake_notifications.py"), "--events", self.events_path],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        wait_for(lambda: any(e["event"] == "ready" for e in self.events()) or self._died(), timeout=15,
                 message="the fake notification server to own its name")
        return self

    def _died(self):
        if self.process.poll() is not None:
            raise RuntimeError(f"fake_notifications.py exited: {open(self.log_path).read()}")
        return False

    def events(self):
        try:
            with open(self.events_path) as events:
                return [json.loads(line) for line in events if line.strip()]
        except (OSError, ValueError):
            return []

    def shown(self):
        return [e for e in self.events() if e["event"] == "notify"]

    def invoke(self, notification_id, action):
        """Emits ActionInvoked as the desktop does when the user clicks."""
        subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
             "--object-path", "/org/freedesktop/Notifications",
             "--method", "io.github.petspot.FakeNotifications.Invoke", str(notification_id), action],
            check=True, timeout=10, stdout=subprocess.DEVNULL)

    def stop(self):
        stop_process(self.process)
