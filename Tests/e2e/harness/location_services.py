# SPDX-License-Identifier: GPL-3.0-or-later

"""Running a fake desktop location service (fake_location_portal.py or
fake_geoclue.py) on the test session bus for a scenario."""
import os
import subprocess
import sys

from .processes import stop_process
from .waiting import wait_for

HERE = os.path.dirname(os.path.abspath(__file__))


class FakeLocationService:
    """One fake service process, answering as scripted; `events()` lists what
    the app asked of it."""

    def __init__(self, workdir, script, grant=None, refuse=False, extra_args=()):
        name = os.path.splitext(script)[0]
        self.events_path = os.path.join(workdir, f"{name}-events.txt")
        self.log_path = os.path.join(workdir, f"{name}.log")
        self.command = [sys.executable, os.path.join(HERE, script), "--events", self.events_path]
        self.command += ["--refuse"] if refuse else ["--grant", str(grant[0]), str(grant[1])]
        self.command += list(extra_args)
        self.process = None

    def start(self):
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self.command, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL)
        wait_for(lambda: "ready" in self.events() or self._died(), timeout=15,
                 message=f"{self.command[1]} to own its name")
        return self

    def _died(self):
        if self.process.poll() is not None:
            raise RuntimeError(f"{self.command[1]} exited: {open(self.log_path).read()}")
        return False

    def events(self):
        try:
            with open(self.events_path) as events:
                return [line.strip() for line in events]
        except OSError:
            return []

    def stop(self):
        stop_process(self.process)


class LocationPortal(FakeLocationService):
    """The XDG location portal; with `hold_fix` its fix waits for `release_fix()`."""

    def __init__(self, workdir, grant=None, refuse=False, hold_fix=False):
        self.release_path = os.path.join(workdir, "portal-release")
        super().__init__(workdir, "fake_location_portal.py", grant=grant, refuse=refuse,
                         extra_args=["--release-file", self.release_path] if hold_fix else [])

    def release_fix(self):
        """Lets a held-back fix go out."""
        open(self.release_path, "w").close()


class GeoClue(FakeLocationService):
    """GeoClue, found on the session bus because the harness sets PETSPOT_GEOCLUE_BUS=session."""

    def __init__(self, workdir, grant=None, refuse=False):
        super().__init__(workdir, "fake_geoclue.py", grant=grant, refuse=refuse)
