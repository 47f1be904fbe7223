# SPDX-License-Identifier: GPL-3.0-or-later

"""Launching the real petspot binary and reaching it through AT-SPI."""
import json
import os
import subprocess
import time

import pyatspi

from . import accessibility as a11y
from .processes import stop_process
from .waiting import ProcessDied, wait_for

WINDOW_TITLE = "PetSpot"


class App:
    """One running petspot process with its own HOME and XDG directories."""

    def __init__(self, binary, workdir, args=(), env=None, log_name="app", schemas=None):
        self.workdir = workdir
        self.home = os.path.join(workdir, "home")
        os.makedirs(self.home, exist_ok=True)
        self.log_path = os.path.join(workdir, f"{log_name}.log")
        environment = dict(os.environ)
        environment.update({
            "HOME": self.home,
            "XDG_DATA_HOME": os.path.join(self.home, ".local/share"),
            "XDG_CONFIG_HOME": os.path.join(self.home, ".config"),
            "XDG_CACHE_HOME": os.path.join(self.home, ".cache"),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "GDK_BACKEND": "x11",
            "GSK_RENDERER": "cairo",
            "PETSPOT_LOG_LEVEL": "debug",
            # Settings go to a key file under this HOME ($XDG_CONFIG_HOME/glib-2.0/
            # settings/keyfile), never to the session's dconf.
            "GSETTINGS_BACKEND": "keyfile",
            # GeoClue is looked for on this test session bus, where none runs:
            # the machine's own location never reaches a scenario.
            "PETSPOT_GEOCLUE_BUS": "session",
        })
        if schemas is not None:
            environment["GSETTINGS_SCHEMA_DIR"] = schemas
        else:
            environment.pop("GSETTINGS_SCHEMA_DIR", None)
        environment.pop("GTK_A11Y", None)
        environment.pop("NO_AT_BRIDGE", None)
        environment.pop("PETSPOT_API_URL", None)
        environment.update(env or {})
        self.environment = environment
        self.command = [binary, *args]
        self.process = None
        self._node = None

    # -- life cycle -------------------------------------------------------

    def start(self):
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            self.command, env=self.environment, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, cwd=self.workdir, start_new_session=True)
        log.close()
        return self

    def wait_for_window(self, timeout=20):
        """Waits until the app's main window is in the AT-SPI tree and showing."""
        def ready():
            self.assert_running()
            node = self.node()
            return node is not None and self.window() is not None
        wait_for(ready, timeout=timeout, message="the PetSpot window to appear through AT-SPI")
        return self.window()

    def assert_running(self):
        code = self.process.poll()
        if code is not None:
            raise ProcessDied(f"petspot exited early with status {code}; log: {self.log_tail()}")

    def stop(self):
        stop_process(self.process)

    def exit_code(self, timeout):
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def log_tail(self, lines=40):
        try:
            with open(self.log_path, "r", errors="replace") as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return ""

    # -- AT-SPI -------------------------------------------------------------

    def node(self):
        """The app's AT-SPI application node, matched by process id."""
        if self._node is not None:
            try:
                if self._node.get_process_id() == self.process.pid:
                    return self._node
            except Exception:  # noqa: BLE001
                self._node = None
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            try:
                if child is not None and child.get_process_id() == self.process.pid:
                    self._node = child
                    return child
            except Exception:  # noqa: BLE001
                continue
        return None

    def window(self):
        node = self.node()
        if node is None:
            return None
        for index in range(node.childCount):
            child = node.getChildAtIndex(index)
            if child is not None and a11y.role(child) == "frame" and a11y.name(child) == WINDOW_TITLE \
                    and a11y.has_state(child, pyatspi.STATE_SHOWING):
                return child
        return None

    def top_level(self, name):
        """The app's showing top-level window named `name` (a dialog or a
        second window), or None."""
        node = self.node()
        if node is None:
            return None
        for index in range(node.childCount):
            child = node.getChildAtIndex(index)
            if child is not None and a11y.name(child) == name and a11y.has_state(child, pyatspi.STATE_SHOWING):
                return child
        return None

    def find(self, role=None, name=None, prefix=None, on_screen=True, timeout=10):
        """Waits for one node with this role and name (on screen by default)."""
        def search():
            window = self.window()
            if window is None:
                return None
            predicate = (lambda n: a11y.is_on_screen(n, window)) if on_screen else None
            return a11y.find_one(window, role_name=role, name_is=name, name_prefix=prefix,
                                 predicate=predicate)
        what = f"{role or 'node'} named {name or prefix!r}" + (" on screen" if on_screen else "")
        return wait_for(search, timeout=timeout, message=what)

    def find_all(self, role=None, name=None, prefix=None, within=None, on_screen=True):
        window = self.window()
        root = within if within is not None else window
        predicate = (lambda n: a11y.is_on_screen(n, window)) if on_screen else None
        return a11y.find_all(root, role_name=role, name_is=name, name_prefix=prefix, predicate=predicate)

    def find_now(self, role=None, name=None, prefix=None):
        """The on-screen node with this role and name, or None: no waiting, for
        use inside the conditions of `wait_for`."""
        window = self.window()
        if window is None:
            return None
        return a11y.find_one(window, role_name=role, name_is=name, name_prefix=prefix,
                             predicate=lambda n: a11y.is_on_screen(n, window))

    def is_shown(self, role, name):
        window = self.window()
        return window is not None and a11y.find_one(
            window, role_name=role, name_is=name,
            predicate=lambda n: a11y.is_on_screen(n, window)) is not None

    def dump(self):
        window = self.window() or self.node()
        return "\n".join(a11y.describe(window)) if window is not None else "(no window)"

    def stays_responsive(self):
        """A context in which the app must answer a cheap accessibility query
        within a second, asked every ~150 ms (see responsiveness.py)."""
        from .responsiveness import Responsiveness
        return Responsiveness(self.process.pid)

    # -- input --------------------------------------------------------------

    def press_keys(self, combo, window=None):
        """Sends a key combination such as "<Control>q" to the main window, or
        to `window` (another of the app's top-level windows)."""
        from dogtail import rawinput
        self.focus_window(window)
        rawinput.keyCombo(combo)

    def focus_window(self, window=None):
        # Without a window manager X sends keys to the window under the pointer,
        # and nothing moves our windows from the screen's origin. (GTK 4 on
        # X11 reports no screen coordinates, so they cannot be asked for.)
        from dogtail import rawinput
        window = window or self.window()
        if window is None:
            return
        box = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        rawinput.absoluteMotion(box.width // 2, box.height // 2, mouseDelay=0)

    @staticmethod
    def centre_of(node):
        """The centre of a node in window coordinates, which are screen
        coordinates here: without a window manager the window sits at the
        screen's origin."""
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return box.x + box.width // 2, box.y + box.height // 2

    def drag(self, start, end, steps=10, step_delay=0.02, settle_steps=4):
        """A real mouse drag with button 1, from `start` to `end` (screen
        coordinates), through xdotool in one run: press, `steps` moves
        `step_delay` apart, then `settle_steps` one-pixel moves at twice that
        delay so that the release carries little speed (no long fling), then
        release. The whole gesture stays well below a 300 ms pause anywhere, so
        a debounce cannot fire in the middle of it."""
        (x0, y0), (x1, y1) = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
        dx, dy = x1 - x0, y1 - y0
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        command = ["/usr/bin/xdotool", "mousemove", str(x0), str(y0), "sleep", "0.05", "mousedown", "1"]
        for step in range(1, steps + 1):
            command += ["sleep", f"{step_delay:.3f}",
                         "mousemove", str(x0 + dx * step // steps), str(y0 + dy * step // steps)]
        for step in range(1, settle_steps + 1):
            command += ["sleep", f"{2 * step_delay:.3f}", "mousemove",
                        str(round(x1 + dx / length * step)), str(round(y1 + dy / length * step))]
        command += ["mouseup", "1"]
        subprocess.run(command, check=True, timeout=20, env=self.environment,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    # -- measurements -------------------------------------------------------

    def cpu_seconds(self):
        """CPU time used by all threads so far, in seconds (nanosecond precision)."""
        total = 0
        task_dir = f"/proc/{self.process.pid}/task"
        for task in os.listdir(task_dir):
            try:
                with open(f"{task_dir}/{task}/schedstat") as stat:
                    total += int(stat.read().split()[0])
            except (OSError, ValueError, IndexError):
                continue
        return total / 1e9

    def settings(self):
        """The app's GSettings values as the key file holds them: {key: text}."""
        path = os.path.join(self.environment["XDG_CONFIG_HOME"], "glib-2.0", "settings", "keyfile")
        values = {}
        try:
            with open(path) as keyfile:
                for line in keyfile:
                    key, sep, value = line.strip().partition("=")
                    if sep and not key.startswith("["):
                        values[key] = value
        except OSError:
            pass
        return values

    def config_file(self, *parts):
        return os.path.join(self.environment["XDG_CONFIG_HOME"], "petspot", *parts)

    def write_config(self, name, payload):
        path = self.config_file(name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as out:
            json.dump(payload, out)
