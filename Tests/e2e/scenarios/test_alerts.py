# SPDX-License-Identifier: GPL-3.0-or-later

"""Alerts: turned on in Preferences, new reports near the user become desktop
notifications (recorded by a fake org.freedesktop.Notifications), Open shows
the report, the app keeps checking with its window closed, a restart repeats
nothing, and turning alerts off removes the autostart entry.

The app checks every second here: PETSPOT_ALERT_INTERVAL_SECONDS=1 replaces
the interval in the settings (minutes).
"""
import datetime
import json
import os
import re
import urllib.request

from harness import accessibility as a11y
from harness import seed
from harness.notifications import APP_ENV, Notifications
from harness.runner import scenario
from harness.waiting import stays, wait_for

WARSAW = (52.2297, 21.0122)
# 1.2 km north of Warsaw's centre: 1.2 / 111.195 km per degree.
NEAR = (WARSAW[0] + 1.2 / 111.195, WARSAW[1])
FAR = (WARSAW[0] + 0.3, WARSAW[1])
SWITCH = "Notify me about new reports near me"
ENV = {**APP_ENV, "PETSPOT_ALERT_INTERVAL_SECONDS": "1"}


def post_report(server, name, where, status="MISSING"):
    body = {"petName": name, "species": "DOG", "sex": "UNKNOWN", "locationLatitude": where[0],
            "locationLongitude": where[1], "email": "owner@example.org",
            "lastSeenDate": datetime.date.today().isoformat(), "status": status}
    request = urllib.request.Request(f"{server.base_url}/api/v1/announcements", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)["id"]


def checks_done(app):
    """How many alert checks the app has logged."""
    return len(re.findall(r"Alert check \d+:", app.log_tail(100000)))


def wait_for_checks(app, count):
    start = checks_done(app)
    wait_for(lambda: checks_done(app) >= start + count, timeout=15, message=f"{count} more alert checks")


def autostart_path(app):
    return os.path.join(app.environment["XDG_CONFIG_HOME"], "autostart", "io.github.petspot.PetSpot.desktop")


def toggle_alerts(app):
    """Opens Preferences with Ctrl+, and flips the alerts switch."""
    app.press_keys("<Control>comma")
    window = wait_for(lambda: app.top_level("Preferences"), message="the Preferences window")
    # GTK 4.8 gives AT-SPI a switch as a check box.
    switch = wait_for(lambda: a11y.find_one(window, role_name="check box", name_is=SWITCH),
                      message="the alerts switch")
    a11y.do_action(switch)
    return window


def control_names(window):
    """The names of the Preferences window's switch, spin buttons and check boxes."""
    return sorted(a11y.name(n) for n in a11y.find_all(window, predicate=lambda n: a11y.role(n) in (
        "check box", "spin button", "combo box")))


@scenario("alerts: a new report nearby is one notification whose Open shows it, also with the window closed, never twice")
def alerts_notify_new_reports_nearby(ctx):
    notifications = Notifications(ctx.workdir).start()
    ctx.defer(notifications.stop)
    server = ctx.start_server(seed=[seed.announcement(1, name="Old News", locationLatitude=NEAR[0],
                                                      locationLongitude=NEAR[1])])
    args = ["--api-url", server.base_url, "--location", f"{WARSAW[0]},{WARSAW[1]}"]
    app = ctx.launch(args=args, env=ENV)

    preferences = toggle_alerts(app)
    # Every control is named by its row, once.
    assert control_names(preferences) == sorted([
        SWITCH, "Radius", "Check every", "Centre", "Lost pets", "Found pets", "Dog", "Cat", "Bird", "Rabbit", "Other"]), \
        control_names(preferences)
    wait_for(lambda: os.path.exists(autostart_path(app)), message="the autostart entry")
    with open(autostart_path(app)) as entry:
        text = entry.read()
    assert "--background" in text and server.base_url in text, text
    # The baseline: the report already there is never announced.
    wait_for_checks(app, 2)
    assert notifications.shown() == [], notifications.shown()

    rex = post_report(server, "Rex", NEAR)
    post_report(server, "Faraway", FAR)
    shown = wait_for(lambda: notifications.shown(), message="a notification for Rex")
    wait_for_checks(app, 2)
    shown = notifications.shown()
    assert len(shown) == 1, shown
    assert shown[0]["summary"] == "Lost dog nearby: Rex, 1.2 km away", shown[0]
    # GLib names the button's action in its detailed form, `app.show-report::<id>`.
    actions = dict(zip(shown[0]["actions"][::2], shown[0]["actions"][1::2]))
    assert actions.get(f"app.show-report::{rex}") == "Open", actions
    assert "default" in actions, actions

    # Open shows Rex's details.
    notifications.invoke(shown[0]["id"], f"app.show-report::{rex}")
    app.find(role="heading", name="Rex")

    # The window closed, the process stays and still notifies.
    close = app.find(role="push button", name="Close")
    a11y.do_action(close)
    wait_for(lambda: app.window() is None, message="the main window to close")
    bella = post_report(server, "Bella", NEAR)
    wait_for(lambda: len(notifications.shown()) == 2, message="a notification for Bella with the window closed")
    app.assert_running()
    assert notifications.shown()[1]["summary"] == "Lost dog nearby: Bella, 1.2 km away"
    # The default action (clicking the notification) brings the window back with her details.
    notifications.invoke(notifications.shown()[1]["id"], "default")
    app.find(role="heading", name="Bella", timeout=15)
    assert bella

    # A restart announces nothing old.
    app.stop()
    again = ctx.launch(args=args, env=ENV)
    wait_for_checks(again, 2)
    assert len(notifications.shown()) == 2, notifications.shown()

    # Off: no more checks keep the app, and the autostart entry goes.
    toggle_alerts(again)
    wait_for(lambda: not os.path.exists(autostart_path(again)), message="the autostart entry to be removed")
    post_report(server, "Quiet", NEAR)
    stays(lambda: len(notifications.shown()) == 2, seconds=2, message="no notification once alerts are off")


@scenario("alerts: a sighting of my report and a possible match for it are notified however far away")
def alerts_notify_about_my_reports(ctx):
    notifications = Notifications(ctx.workdir).start()
    ctx.defer(notifications.stop)
    keyring = ctx.start_keyring()
    # My lost dog, 40 km away: outside the radius.
    mine = seed.announcement(1, name="Burek", locationLatitude=WARSAW[0] + 0.36, locationLongitude=WARSAW[1],
                             lastSeenDate=datetime.date.today().isoformat())
    server = ctx.start_server(seed=[mine])
    keyring.store(server.base_url, mine["id"], "123456")
    app = ctx.launch(args=["--api-url", server.base_url, "--location", f"{WARSAW[0]},{WARSAW[1]}"], env=ENV)
    toggle_alerts(app)
    wait_for_checks(app, 2)

    sighting = {"seenAt": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "locationLatitude": WARSAW[0] + 0.36 + 0.0072, "locationLongitude": WARSAW[1], "note": "By the bakery"}
    request = urllib.request.Request(f"{server.base_url}/api/v1/announcements/{mine['id']}/sightings",
                                     data=json.dumps(sighting).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    urllib.request.urlopen(request, timeout=10).close()
    found = post_report(server, "Azor", (WARSAW[0] + 0.36 + 0.009, WARSAW[1]), status="FOUND")
    wait_for(lambda: len(notifications.shown()) == 2, message="a notification for the sighting and one for the match")
    summaries = sorted(n["summary"] for n in notifications.shown())
    assert summaries == ["Burek was seen 0.8 km from where last seen",
                         "Possible match for Burek: Found · Dog, 1.0 km away"], summaries
    match = next(n for n in notifications.shown() if n["summary"].startswith("Possible match"))
    assert dict(zip(match["actions"][::2], match["actions"][1::2])).get(f"app.show-report::{found}") == "Open"
    wait_for_checks(app, 2)
    assert len(notifications.shown()) == 2, notifications.shown()
