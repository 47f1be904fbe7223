#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A stand-in for xdg-desktop-portal's Location interface on the test session
bus, with a scripted answer: it owns org.freedesktop.portal.Desktop, grants or
refuses Start, and sends one fix. Every call it gets is appended to the events
file, one line each, so scenarios can wait on what the app asked.

    fake_location_portal.py --events FILE (--grant LAT LNG | --refuse)
                            [--release-file FILE]

With --release-file the fix is held back until that file exists: scenarios
check that cards come first and distances follow.
"""
import os

from gi.repository import Gio, GLib

from fake_bus_service import ScriptedService, run

BUS_NAME = "org.freedesktop.portal.Desktop"
PORTAL_PATH = "/org/freedesktop/portal/desktop"
INTERFACES = Gio.DBusNodeInfo.new_for_xml("""
<node>
  <interface name="org.freedesktop.portal.Location">
    <method name="CreateSession">
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <method name="Start">
      <arg type="o" name="session_handle" direction="in"/>
      <arg type="s" name="parent_window" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <signal name="LocationUpdated">
      <arg type="o" name="session_handle"/>
      <arg type="a{sv}" name="location"/>
    </signal>
    <property name="version" type="u" access="read"/>
  </interface>
  <interface name="org.freedesktop.portal.Session">
    <method name="Close"/>
  </interface>
</node>
""")
LOCATION, SESSION = INTERFACES.interfaces


class FakePortal(ScriptedService):
    def __init__(self, options):
        super().__init__(options)
        self.sessions = set()

    def on_bus(self, connection, name):
        super().on_bus(connection, name)
        connection.register_object(PORTAL_PATH, LOCATION, self.on_call, self.on_property, None)

    def on_property(self, _connection, _sender, _path, _interface, name):
        return GLib.Variant("u", 1) if name == "version" else None

    def on_call(self, connection, sender, path, interface, method, parameters, invocation):
        if method == "CreateSession":
            options = parameters.unpack()[0]
            token = options.get("session_handle_token", "t")
            session = f"{PORTAL_PATH}/session/{self.unique(sender)}/{token}"
            self.sessions.add(session)
            connection.register_object(session, SESSION, self.on_call, None, None)
            self.log(f"CreateSession accuracy={options.get('accuracy')}")
            invocation.return_value(GLib.Variant("(o)", (session,)))
        elif method == "Start":
            session, _parent, options = parameters.unpack()
            request = f"{PORTAL_PATH}/request/{self.unique(sender)}/{options.get('handle_token', 't')}"
            self.log("Start")
            invocation.return_value(GLib.Variant("(o)", (request,)))
            GLib.idle_add(self.answer, sender, request, session)
        elif method == "Close":
            self.log("Close")
            self.sessions.discard(path)
            invocation.return_value(None)
        else:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)

    @staticmethod
    def unique(sender):
        return sender.lstrip(":").replace(".", "_")

    def answer(self, sender, request, session):
        code = 2 if self.options.refuse else 0
        self.connection.emit_signal(sender, request, "org.freedesktop.portal.Request", "Response",
                                    GLib.Variant("(ua{sv})", (code, {})))
        self.log(f"Response {code}")
        if not self.options.refuse:
            GLib.timeout_add(100, self.send_fix_when_released, session)
        return GLib.SOURCE_REMOVE

    def send_fix_when_released(self, session):
        release = self.options.release_file
        if release and not os.path.exists(release):
            return GLib.SOURCE_CONTINUE
        if session not in self.sessions:
            return GLib.SOURCE_REMOVE
        latitude, longitude = self.options.grant
        location = {"Latitude": GLib.Variant("d", latitude), "Longitude": GLib.Variant("d", longitude),
                    "Accuracy": GLib.Variant("d", 50.0)}
        self.connection.emit_signal(None, PORTAL_PATH, "org.freedesktop.portal.Location", "LocationUpdated",
                                    GLib.Variant("(oa{sv})", (session, location)))
        self.log("LocationUpdated")
        return GLib.SOURCE_REMOVE


if __name__ == "__main__":
    run(FakePortal, BUS_NAME, lambda parser: parser.add_argument("--release-file"))
