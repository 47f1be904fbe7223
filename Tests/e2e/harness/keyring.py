# SPDX-License-Identifier: GPL-3.0-or-later

"""A real, unlocked gnome-keyring on the test session bus for a scenario, and
what it holds: the report passwords PetSpot stores through libsecret.

    keyring = ctx.start_keyring()          # before ctx.launch()
    app = ctx.launch(args=["--api-url", server.base_url])
    ...
    wait_for(lambda: keyring.stored_passwords(server.base_url) == {"7": "123456"})

Each keyring lives in the scenario's own folder and is stopped with it, so no
scenario sees another's secrets, and none ever sees the user's keyring: the
daemon's HOME, XDG_DATA_HOME and XDG_RUNTIME_DIR are all in that folder.

Apps launched in a scenario without a keyring look for the Secret Service under
NO_SECRET_SERVICE, a name nobody owns (libsecret reads SECRET_SERVICE_BUS_NAME),
so they meet a desktop without a keyring. Otherwise the bus would start
gnome-keyring by D-Bus activation, with the runner's HOME and a prompt to
create a keyring.

`python3 -m harness.keyring` (from Tests/e2e, inside dbus-run-session) checks
this module against a real daemon; `make e2e` runs it first.
"""
import os
import signal
import subprocess

import gi

gi.require_version("Secret", "1")
from gi.repository import Gio, GLib, Secret  # noqa: E402

from .processes import stop_process  # noqa: E402
from .waiting import wait_for  # noqa: E402

SECRETS = "org.freedesktop.secrets"
# The app's schema (Sources/SecretKit): one item per report.
SCHEMA = Secret.Schema.new("io.github.petspot.PetSpot.Report", Secret.SchemaFlags.NONE, {
    "backend": Secret.SchemaAttributeType.STRING,
    "report-id": Secret.SchemaAttributeType.STRING,
})
# For an app's environment: no Secret Service under this name, nor activatable.
NO_SECRET_SERVICE = "io.github.petspot.Tests.NoSecretService"
NO_SECRET_SERVICE_ENV = {"SECRET_SERVICE_BUS_NAME": NO_SECRET_SERVICE}


def backend_attribute(url):
    """The `backend` attribute the app writes: the base URL without trailing slashes."""
    return url.rstrip("/")


def _bus():
    return Gio.bus_get_sync(Gio.BusType.SESSION, None)


def _call(destination, path, interface, method, parameters, reply_type):
    return _bus().call_sync(destination, path, interface, method, parameters, GLib.VariantType(reply_type),
                            Gio.DBusCallFlags.NO_AUTO_START, 5000, None).unpack()


def secrets_owned():
    """Whether some process owns org.freedesktop.secrets on the session bus
    (asked of the bus itself, which never starts a service for it)."""
    return _call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                 GLib.Variant("(s)", (SECRETS,)), "(b)")[0]


def stop_activated_keyring():
    """Stops a keyring the bus started on demand, so the next scenario's own
    keyring can take the name. GTK's CUPS print backend asks the Secret Service
    for printer credentials by its well-known name, which activates one."""
    if not secrets_owned():
        return
    pid = _call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                "GetConnectionUnixProcessID", GLib.Variant("(s)", (SECRETS,)), "(u)")[0]
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    wait_for(lambda: not secrets_owned(), timeout=10, message=f"the activated {SECRETS} to be released")


def default_collection_unlocked():
    """Whether the keyring's default collection exists and is unlocked."""
    path = _call(SECRETS, "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "ReadAlias",
                 GLib.Variant("(s)", ("default",)), "(o)")[0]
    if path == "/":
        return False
    locked = _call(SECRETS, path, "org.freedesktop.DBus.Properties", "Get",
                   GLib.Variant("(ss)", ("org.freedesktop.Secret.Collection", "Locked")), "(v)")[0]
    return not locked


class Keyring:
    """One gnome-keyring-daemon serving the Secret Service on the session bus,
    with an empty "login" keyring, unlocked (its password is empty)."""

    def __init__(self, workdir):
        self.folder = os.path.join(workdir, "keyring")
        self.log_path = os.path.join(self.folder, "daemon.log")
        self.process = None

    def start(self):
        if secrets_owned():
            raise RuntimeError(f"{SECRETS} is already owned on the test bus: another keyring still runs")
        home = os.path.join(self.folder, "home")
        runtime = os.path.join(self.folder, "runtime")
        os.makedirs(home, mode=0o700, exist_ok=True)
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        environment = dict(os.environ)
        environment.pop("GNOME_KEYRING_CONTROL", None)
        # Never the user's XDG_RUNTIME_DIR: a daemon already running there would
        # be found through its control socket and unlocked instead.
        environment.update({
            "HOME": home,
            "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"),
            "XDG_RUNTIME_DIR": runtime,
        })
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                ["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
                env=environment, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)
        # --unlock reads the login keyring's password, here an empty line, and
        # creates the keyring with it, unlocked.
        self.process.stdin.write(b"\n")
        self.process.stdin.close()
        wait_for(lambda: self._alive() and secrets_owned(), timeout=20,
                 message=f"gnome-keyring-daemon to own {SECRETS}")
        wait_for(lambda: self._alive() and default_collection_unlocked(), timeout=20,
                 message="the test keyring's default collection to be unlocked")
        return self

    def _alive(self):
        if self.process.poll() is not None:
            raise RuntimeError(f"gnome-keyring-daemon exited with status {self.process.returncode}: {self.log()}")
        return True

    def log(self):
        try:
            with open(self.log_path, errors="replace") as log:
                return log.read()
        except OSError:
            return ""

    def stop(self):
        """Stops the daemon and waits until its name is free for the next one."""
        if self.process is None:
            return
        stop_process(self.process)
        self.process = None
        wait_for(lambda: not secrets_owned(), timeout=10, message=f"{SECRETS} to be released")

    # -- what it holds ----------------------------------------------------

    @staticmethod
    def _service():
        # A service of its own each time: a keyring of an earlier scenario
        # (another daemon) leaves nothing behind in this process.
        return Secret.Service.open_sync(Secret.Service, SECRETS, Secret.ServiceFlags.OPEN_SESSION, None)

    def stored_passwords(self, backend_url):
        """{report id: password} for every report password stored for this backend."""
        flags = Secret.SearchFlags.ALL | Secret.SearchFlags.UNLOCK | Secret.SearchFlags.LOAD_SECRETS
        items = self._service().search_sync(SCHEMA, {"backend": backend_attribute(backend_url)}, flags, None)
        return {item.get_attributes()["report-id"]: item.get_secret().get_text() for item in items}

    def labels(self, backend_url):
        """{report id: label} of the items for this backend, as keyring managers list them."""
        items = self._service().search_sync(SCHEMA, {"backend": backend_attribute(backend_url)},
                                            Secret.SearchFlags.ALL, None)
        return {item.get_attributes()["report-id"]: item.get_label() for item in items}

    def store(self, backend_url, report_id, password, label=None):
        """Stores a report password as the app does: a scenario's earlier report."""
        value = Secret.Value.new(password, -1, "text/plain")
        attributes = {"backend": backend_attribute(backend_url), "report-id": str(report_id)}
        if not self._service().store_sync(SCHEMA, attributes, Secret.COLLECTION_DEFAULT,
                                          label or f"PetSpot report {report_id}", value, None):
            raise RuntimeError("the test keyring did not store the password")


def _self_check():
    """Two keyrings one after the other: each starts empty and unlocked, holds
    what is stored for its backend only, and frees the name when stopped."""
    import shutil
    import tempfile
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        raise SystemExit("run inside dbus-run-session")
    folder = tempfile.mkdtemp(prefix="petspot-keyring-check-")
    try:
        first = Keyring(os.path.join(folder, "one")).start()
        try:
            backend = "http://127.0.0.1:3000/"
            assert first.stored_passwords(backend) == {}
            first.store(backend, "7", "123456")
            first.store("http://127.0.0.1:3000", "8", "654321", label="Luna")
            first.store("http://127.0.0.1:3001", "9", "000000")
            assert first.stored_passwords("http://127.0.0.1:3000") == {"7": "123456", "8": "654321"}
            assert first.labels(backend)["8"] == "Luna"
            # What libsecret's own tool finds: the app's schema and attributes.
            found = subprocess.run(["secret-tool", "search", "--all", "backend", "http://127.0.0.1:3001"],
                                   capture_output=True, text=True, check=True).stdout
            assert "schema = io.github.petspot.PetSpot.Report" in found and "secret = 000000" in found, found
            # An app's view without a keyring: no service under that name.
            refused = subprocess.run(["secret-tool", "lookup", "report-id", "7"], capture_output=True, text=True,
                                     env={**os.environ, **NO_SECRET_SERVICE_ENV})
            assert refused.returncode != 0 and NO_SECRET_SERVICE in refused.stderr, refused
        finally:
            first.stop()
        assert not secrets_owned()
        second = Keyring(os.path.join(folder, "two")).start()
        try:
            assert second.stored_passwords("http://127.0.0.1:3000") == {}, "the second keyring sees the first's secrets"
        finally:
            second.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("keyring harness: ok")


if __name__ == "__main__":
    _self_check()
