# SPDX-License-Identifier: GPL-3.0-or-later

"""Scenario registry and runner: each scenario gets a fresh app (and server)."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

SCENARIOS = []


def scenario(title):
    def register(function):
        SCENARIOS.append((title, function, function.__module__))
        return function
    return register


class Context:
    """What a scenario gets: paths to the binaries and helpers that clean up."""

    def __init__(self, options, workdir):
        self.options = options
        self.workdir = workdir
        self._cleanups = []
        self.apps = []
        self.keyring = None

    def launch(self, args=(), env=None, wait=True):
        from .app import App
        if self.keyring is None:
            # No keyring started: the app meets a desktop without one, rather
            # than one the bus would activate (see keyring.py).
            from .keyring import NO_SECRET_SERVICE_ENV
            env = {**NO_SECRET_SERVICE_ENV, **(env or {})}
        app = App(self.options.app, self.workdir, args=args, env=env, schemas=self.options.schemas,
                  log_name=f"app{len(self.apps)}").start()
        self.apps.append(app)
        self.defer(app.stop)
        if wait:
            app.wait_for_window()
        return app

    def start_server(self, seed=None, **kwargs):
        from .server import Server
        server = Server(self.options.server, self.workdir, seed=seed, **kwargs).start()
        self.defer(server.stop)
        return server

    def start_stub(self, items=None, raw_list_body=None, photos=None):
        from .stub_backend import StubBackend
        stub = StubBackend(items=items, raw_list_body=raw_list_body, photos=photos).start()
        self.defer(stub.stop)
        return stub

    def start_location_portal(self, grant=None, refuse=False, hold_fix=False):
        """A fake XDG location portal on the session bus (none runs otherwise)."""
        from .location_services import LocationPortal
        portal = LocationPortal(self.workdir, grant=grant, refuse=refuse, hold_fix=hold_fix).start()
        self.defer(portal.stop)
        return portal

    def start_geoclue(self, grant=None, refuse=False):
        """A fake GeoClue on the session bus, where the harness makes the app look."""
        from .location_services import GeoClue
        geoclue = GeoClue(self.workdir, grant=grant, refuse=refuse).start()
        self.defer(geoclue.stop)
        return geoclue

    def start_keyring(self):
        """A real gnome-keyring, unlocked and empty, for this scenario's apps
        (start it before launching them); `stored_passwords(url)` reads it."""
        if self.keyring is None:
            from .keyring import Keyring
            self.keyring = Keyring(self.workdir).start()
            self.defer(self.keyring.stop)
        return self.keyring

    def defer(self, cleanup):
        self._cleanups.append(cleanup)

    def close(self):
        for cleanup in reversed(self._cleanups):
            try:
                cleanup()
            except Exception:  # noqa: BLE001 - cleanup must not hide the result
                traceback.print_exc()
        # Last, once the scenario's own keyring (if any) has stopped.
        try:
            from .keyring import stop_activated_keyring
            stop_activated_keyring()
        except Exception:  # noqa: BLE001 - cleanup must not hide the result
            traceback.print_exc()


def screenshot(path):
    try:
        subprocess.run(["import", "-window", "root", path], check=False, timeout=20,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        pass


def wait_for_display(timeout=20):
    """The X server must accept connections before the first app starts."""
    import socket
    from .waiting import wait_for
    display = os.environ.get("DISPLAY", "")
    number = display.lstrip(":").split(".")[0]
    path = f"/tmp/.X11-unix/X{number}"

    def accepts():
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.connect(path)
            return True
    wait_for(accepts, timeout=timeout, interval=0.1, message=f"the X server at {display}")


def compiled_schemas(folder):
    """The folder of PetSpot's compiled settings schema: the one given, or the
    schema compiled now into a temporary folder, so the suite never depends on
    an installed copy."""
    if folder is not None:
        folder = os.path.abspath(folder)
        if not os.path.exists(os.path.join(folder, "gschemas.compiled")):
            raise SystemExit(f"no compiled schema in {folder} (make schemas)")
        return folder
    source = os.path.join(os.path.dirname(__file__), "..", "..", "..", "resources", "gsettings")
    folder = tempfile.mkdtemp(prefix="petspot-e2e-schemas-")
    subprocess.run(["glib-compile-schemas", "--strict", f"--targetdir={folder}", source], check=True)
    return folder


def slug(text):
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")[:80]


def main(argv=None):
    parser = argparse.ArgumentParser(description="PetSpot end-to-end tests")
    parser.add_argument("--app", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--artifacts", default=os.path.join(os.path.dirname(__file__), "..", "artifacts"))
    parser.add_argument("--schemas", default=None,
                        help="folder with the compiled GSettings schema (default: compiled from resources/gsettings)")
    parser.add_argument("-k", dest="filter", default=None, help="run scenarios whose title contains this")
    options = parser.parse_args(argv)
    options.app = os.path.abspath(options.app)
    options.server = os.path.abspath(options.server)
    artifacts = os.path.abspath(options.artifacts)
    shutil.rmtree(artifacts, ignore_errors=True)
    os.makedirs(artifacts, exist_ok=True)

    options.schemas = compiled_schemas(options.schemas)
    wait_for_display()
    from . import scenarios_loader
    scenarios_loader.load_all()

    selected = [s for s in SCENARIOS if not options.filter or options.filter.lower() in s[0].lower()]
    passed = failed = 0
    suite_start = time.monotonic()
    for title, function, module in selected:
        workdir = tempfile.mkdtemp(prefix="petspot-e2e-")
        context = Context(options, workdir)
        start = time.monotonic()
        try:
            function(context)
        except Exception as error:  # noqa: BLE001 - every failure is reported, the run goes on
            failed += 1
            name = slug(title)
            screenshot(os.path.join(artifacts, f"{name}.png"))
            with open(os.path.join(artifacts, f"{name}.txt"), "w") as report:
                report.write(traceback.format_exc())
                for index, app in enumerate(context.apps):
                    try:
                        report.write(f"\n--- app {index} accessibility tree ---\n{app.dump()}\n")
                    except Exception:  # noqa: BLE001
                        pass
                    report.write(f"\n--- app {index} log ---\n{app.log_tail(200)}\n")
            print(f"FAIL  {title} ({time.monotonic() - start:.1f}s)\n      {error}", flush=True)
            print(f"      details: {os.path.join(artifacts, name)}.txt / .png", flush=True)
        else:
            passed += 1
            print(f"ok    {title} ({time.monotonic() - start:.1f}s)", flush=True)
        finally:
            context.close()
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"e2e: {len(selected)} scenarios in {time.monotonic() - suite_start:.1f}s", flush=True)
    print(f"{passed} passed, {failed} failed", flush=True)
    return 0 if failed == 0 and passed > 0 else 1
