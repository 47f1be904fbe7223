# SPDX-License-Identifier: GPL-3.0-or-later

"""What the fake desktop services (fake_location_portal.py, fake_geoclue.py)
share: an events file the scenarios read, one line per thing the app asked,
and owning a name on the test session bus with a scripted answer."""
import argparse

from gi.repository import Gio, GLib


class ScriptedService:
    """A fake service: subclasses register their objects in `on_bus`."""

    def __init__(self, options):
        self.options = options
        self.connection = None

    def log(self, line):
        with open(self.options.events, "a") as events:
            events.write(line + "\n")

    def on_bus(self, connection, _name):
        self.connection = connection

    def on_name(self, _connection, _name):
        self.log("ready")


def run(service_class, bus_name, add_arguments=None):
    """Parses `--events FILE (--grant LAT LNG | --refuse)` (and what
    `add_arguments` adds), owns `bus_name` and serves until killed."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", required=True)
    answer = parser.add_mutually_exclusive_group(required=True)
    answer.add_argument("--grant", nargs=2, type=float, metavar=("LAT", "LNG"))
    answer.add_argument("--refuse", action="store_true")
    if add_arguments:
        add_arguments(parser)
    service = service_class(parser.parse_args())
    Gio.bus_own_name(Gio.BusType.SESSION, bus_name, Gio.BusNameOwnerFlags.NONE,
                     service.on_bus, service.on_name, None)
    GLib.MainLoop().run()
