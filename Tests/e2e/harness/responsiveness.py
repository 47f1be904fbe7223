# SPDX-License-Identifier: GPL-3.0-or-later

"""Is the app still answering? A background probe that asks the app a cheap
accessibility question every `interval` seconds and remembers the slowest
answer.

GTK answers AT-SPI calls on its main loop, so a slow answer is a window that
could not draw or take input either. The probe talks to the accessibility bus
over its own D-Bus connection (Gio, not pyatspi), so it can run in a thread
beside the scenario's own pyatspi queries and never waits on them.

    with Responsiveness(app.process.pid) as probe:
        ...  # the scenario; leaving the block fails if an answer took >= 1 s
"""
import threading
import time

from gi.repository import Gio, GLib

from .waiting import wait_for

LIMIT_SECONDS = 1.0
# A frozen app: the call gives up after this, and counts as that slow.
CALL_TIMEOUT_MS = 30_000
ACCESSIBLE = "org.a11y.atspi.Accessible"


class AccessibilityBus:
    """The AT-SPI bus of this session, reached through the session bus."""

    def __init__(self):
        session = Gio.bus_get_sync(Gio.BusType.SESSION)
        address = session.call_sync(
            "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
            None, GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, -1).unpack()[0]
        self.connection = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)

    def application(self, pid):
        """(bus name, object path) of the application with this process id, or
        None: asked of the registry itself, as pyatspi's cached list of
        applications is only refreshed by events."""
        children = self.connection.call_sync(
            "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root", ACCESSIBLE,
            "GetChildren", None, GLib.VariantType("(a(so))"), Gio.DBusCallFlags.NONE, -1).unpack()[0]
        for bus_name, path in children:
            try:
                owner = self.connection.call_sync(
                    "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                    "GetConnectionUnixProcessID", GLib.Variant("(s)", (bus_name,)), GLib.VariantType("(u)"),
                    Gio.DBusCallFlags.NONE, -1).unpack()[0]
            except GLib.Error:  # an application leaving the bus meanwhile
                continue
            if owner == pid:
                return bus_name, path
        return None

    def child_count(self, application, timeout_ms=CALL_TIMEOUT_MS):
        """The application's number of top-level accessibles: a question its
        main loop answers, and a cheap one."""
        bus_name, path = application
        reply = self.connection.call_sync(
            bus_name, path, "org.freedesktop.DBus.Properties", "Get",
            GLib.Variant("(ss)", (ACCESSIBLE, "ChildCount")), GLib.VariantType("(v)"),
            Gio.DBusCallFlags.NONE, timeout_ms)
        return reply.unpack()[0]


class Responsiveness:
    """Probes the app with process id `pid` from a thread until stopped."""

    def __init__(self, pid, interval=0.15, limit=LIMIT_SECONDS, find_timeout=20):
        self.pid = pid
        self.interval = interval
        self.limit = limit
        self.bus = AccessibilityBus()
        self.application = wait_for(lambda: self.bus.application(pid), timeout=find_timeout,
                                    message=f"process {pid} on the accessibility bus")
        self.answers = 0
        self.failures = 0
        self.longest = 0.0
        self.last_error = None
        self._asking_since = None  # when the call in flight started
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name=f"responsiveness-{pid}")

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join(timeout=self.limit + self.interval)
        asking_since = self._asking_since
        if asking_since is not None:  # still unanswered: at least this slow
            self.longest = max(self.longest, time.monotonic() - asking_since)

    def _run(self):
        while not self._stop.is_set():
            started = time.monotonic()
            self._asking_since = started
            try:
                self.bus.child_count(self.application)
            except GLib.Error as error:
                self.failures += 1
                self.last_error = error
            else:
                self.answers += 1
            finally:
                self._asking_since = None
            self.longest = max(self.longest, time.monotonic() - started)
            self._stop.wait(self.interval)

    def summary(self):
        return (f"{self.answers} answers, slowest {self.longest * 1000:.0f} ms"
                + (f", {self.failures} failed (last: {self.last_error})" if self.failures else ""))

    def check(self):
        assert self.answers > 0, f"the app never answered the responsiveness probe ({self.summary()})"
        assert self.longest < self.limit, \
            f"the app did not answer an accessibility query for {self.longest:.2f}s ({self.summary()})"

    def __enter__(self):
        return self.start()

    def __exit__(self, error_type, error, traceback):
        self.stop()
        if error_type is None:
            self.check()
        elif self.longest >= self.limit:  # the likelier cause of the scenario's failure
            raise AssertionError(f"the app stopped answering ({self.summary()})") from error
        return False
