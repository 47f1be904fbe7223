#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A stand-in for the desktop's notification server on the test session bus:
it owns org.freedesktop.Notifications, records every Notify as one JSON line
in the events file, and, asked through its own test interface, emits
ActionInvoked as if the user clicked a button (or the notification itself).

    fake_notifications.py --events FILE

GLib reaches it through its freedesktop GNotification backend, which the
scenarios choose with GNOTIFICATION_BACKEND=freedesktop: without that, GLib
2.74 prefers org.gtk.Notifications (GNOME Shell's), which nothing owns here.
"""
import argparse
import json

from gi.repository import Gio, GLib

BUS_NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
INTERFACES = Gio.DBusNodeInfo.new_for_xml("""
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  </interface>
  <interface name="io.github.petspot.FakeNotifications">
    <method name="Invoke">
      <arg type="u" name="id" direction="in"/><arg type="s" name="action" direction="in"/>
    </method>
  </interface>
</node>
""")
NOTIFICATIONS, CONTROL = INTERFACES.interfaces


class FakeNotifications:
    def __init__(self, events):
        self.events = events
        self.connection = None
        self.last_id = 0

    def log(self, record):
        with open(self.events, "a") as out:
            out.write(json.dumps(record) + "\n")

    def on_bus(self, connection, _name):
        self.connection = connection
        connection.register_object(PATH, NOTIFICATIONS, self.on_call, None, None)
        connection.register_object(PATH, CONTROL, self.on_call, None, None)

    def on_name(self, _connection, _name):
        self.log({"event": "ready"})

    def on_call(self, connection, sender, _path, _interface, method, parameters, invocation):
        if method == "Notify":
            app, replaces, _icon, summary, body, actions, hints, _timeout = parameters.unpack()
            notification_id = replaces or self.last_id + 1
            self.last_id = max(self.last_id, notification_id)
            self.log({"event": "notify", "id": notification_id, "app": app, "summary": summary, "body": body,
                      "actions": actions, "desktop_entry": hints.get("desktop-entry"),
                      "image_path": hints.get("image-path"), "sender": sender})
            invocation.return_value(GLib.Variant("(u)", (notification_id,)))
        elif method == "CloseNotification":
            (notification_id,) = parameters.unpack()
            self.log({"event": "close", "id": notification_id})
            invocation.return_value(None)
        elif method == "GetCapabilities":
            invocation.return_value(GLib.Variant("(as)", (["actions", "body", "icon-static"],)))
        elif method == "GetServerInformation":
            invocation.return_value(GLib.Variant("(ssss)", ("fake", "petspot-tests", "1", "1.2")))
        elif method == "Invoke":
            notification_id, action = parameters.unpack()
            self.log({"event": "invoke", "id": notification_id, "action": action})
            connection.emit_signal(None, PATH, "org.freedesktop.Notifications", "ActionInvoked",
                                   GLib.Variant("(us)", (notification_id, action)))
            invocation.return_value(None)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", required=True)
    service = FakeNotifications(parser.parse_args().events)
    Gio.bus_own_name(Gio.BusType.SESSION, BUS_NAME, Gio.BusNameOwnerFlags.NONE, service.on_bus, service.on_name, None)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
