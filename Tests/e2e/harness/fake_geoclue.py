#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A stand-in for GeoClue (org.freedesktop.GeoClue2) on the test session bus,
which the app uses with PETSPOT_GEOCLUE_BUS=session: one client that reports
one location when started, or refuses to start. Every call and property set is
appended to the events file, one line each.

    fake_geoclue.py --events FILE (--grant LAT LNG | --refuse)
"""
from gi.repository import Gio, GLib

from fake_bus_service import ScriptedService, run

BUS_NAME = "org.freedesktop.GeoClue2"
MANAGER_PATH = "/org/freedesktop/GeoClue2/Manager"
CLIENT_PATH = "/org/freedesktop/GeoClue2/Client/1"
LOCATION_PATH = "/org/freedesktop/GeoClue2/Location/1"
INTERFACES = Gio.DBusNodeInfo.new_for_xml("""
<node>
  <interface name="org.freedesktop.GeoClue2.Manager">
    <method name="GetClient"><arg type="o" name="client" direction="out"/></method>
  </interface>
  <interface name="org.freedesktop.GeoClue2.Client">
    <method name="Start"/>
    <method name="Stop"/>
    <property name="DesktopId" type="s" access="readwrite"/>
    <property name="RequestedAccuracyLevel" type="u" access="readwrite"/>
    <property name="Location" type="o" access="read"/>
    <signal name="LocationUpdated">
      <arg type="o" name="old"/>
      <arg type="o" name="new"/>
    </signal>
  </interface>
  <interface name="org.freedesktop.GeoClue2.Location">
    <property name="Latitude" type="d" access="read"/>
    <property name="Longitude" type="d" access="read"/>
    <property name="Accuracy" type="d" access="read"/>
  </interface>
</node>
""")
MANAGER, CLIENT, LOCATION = INTERFACES.interfaces


class FakeGeoClue(ScriptedService):
    def __init__(self, options):
        super().__init__(options)
        self.client_properties = {"DesktopId": GLib.Variant("s", ""),
                                  "RequestedAccuracyLevel": GLib.Variant("u", 0),
                                  "Location": GLib.Variant("o", "/")}

    def on_bus(self, connection, name):
        super().on_bus(connection, name)
        connection.register_object(MANAGER_PATH, MANAGER, self.on_call, None, None)
        connection.register_object(CLIENT_PATH, CLIENT, self.on_call, self.get_client_property,
                                   self.set_client_property)
        connection.register_object(LOCATION_PATH, LOCATION, None, self.get_location_property, None)

    def get_client_property(self, _connection, _sender, _path, _interface, name):
        return self.client_properties.get(name)

    def set_client_property(self, _connection, _sender, _path, _interface, name, value):
        self.client_properties[name] = value
        self.log(f"{name}={value.unpack()}")
        return True

    def get_location_property(self, _connection, _sender, _path, _interface, name):
        latitude, longitude = self.options.grant or (0.0, 0.0)
        return GLib.Variant("d", {"Latitude": latitude, "Longitude": longitude, "Accuracy": 50.0}[name])

    def on_call(self, connection, _sender, _path, _interface, method, _parameters, invocation):
        self.log(method)
        if method == "GetClient":
            invocation.return_value(GLib.Variant("(o)", (CLIENT_PATH,)))
        elif method == "Start" and self.options.refuse:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.AccessDenied", "not allowed")
        elif method == "Start":
            invocation.return_value(None)
            GLib.idle_add(self.report)
        else:
            invocation.return_value(None)

    def report(self):
        self.client_properties["Location"] = GLib.Variant("o", LOCATION_PATH)
        self.connection.emit_signal(None, CLIENT_PATH, "org.freedesktop.GeoClue2.Client", "LocationUpdated",
                                    GLib.Variant("(oo)", ("/", LOCATION_PATH)))
        self.log("LocationUpdated")
        return GLib.SOURCE_REMOVE


if __name__ == "__main__":
    run(FakeGeoClue, BUS_NAME)
