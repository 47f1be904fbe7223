"""Running the fake location portal (fake_location_portal.py) for a scenario."""
import os
import subprocess
import sys

from .processes import stop_process
from .waiting import wait_for


class LocationPortal:
    """The fake portal on this test session's bus, answering as scripted."""

    def __init__(self, workdir, grant=None, refuse=False, hold_fix=False):
        self.events_path = os.path.join(workdir, "portal-events.txt")
        self.release_path = os.path.join(workdir, "portal-release")
        self.log_path = os.path.join(workdir, "portal.log")
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_location_portal.py")
        self.command = [sys.executable, script, "--events", self.events_path]
        self.command += ["--refuse"] if refuse else ["--grant", str(grant[0]), str(grant[1])]
        if hold_fix:
            self.command += ["--release-file", self.release_path]
        self.process = None

    def start(self):
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self.command, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL)
        wait_for(lambda: "ready" in self.events() or self._died(), timeout=15,
                 message="the fake location portal to own its name")
        return self

    def _died(self):
        if self.process.poll() is not None:
            raise RuntimeError(f"the fake location portal exited: {open(self.log_path).read()}")
        return False

    def events(self):
        try:
            with open(self.events_path) as events:
                return [line.strip() for line in events]
        except OSError:
            return []

    def release_fix(self):
        """Lets a held-back fix go out."""
        open(self.release_path, "w").close()

    def stop(self):
        stop_process(self.process)
