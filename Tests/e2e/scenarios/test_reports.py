# SPDX-License-Identifier: GPL-3.0-or-later

"""Reports and details: filters, cross-tab navigation, Back, errors."""
import sqlite3

import pyatspi

from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import click, home_cards, report_cards, selected_tab


def mixed_reports():
    return [
        seed.announcement(1, name="Luna", species="CAT", status="MISSING", reward="500 PLN",
                          microchipNumber="616093900012345", phone="555-PETS", breed="Maine Coon"),
        seed.announcement(2, name="Rex", status="FOUND"),
        seed.announcement(3, name="Kiwi", species="BIRD", status="MISSING"),
        seed.announcement(4, name="Tofu", species="RABBIT", status="FOUND"),
        seed.announcement(5, name="Old", status="CLOSED"),
    ]


def launch(ctx, items=None):
    server = ctx.start_server(seed=mixed_reports() if items is None else items)
    return ctx.launch(args=["--api-url", server.base_url]), server


def filter_pressed(app, title):
    group = app.find(role="panel", name="Status filter")
    button = a11y.find_one(group, role_name="toggle button", name_is=title) \
        or a11y.find_one(group, role_name="push button", name_is=title)
    return button is not None and a11y.has_state(button, pyatspi.STATE_PRESSED) \
        or button is not None and a11y.has_state(button, pyatspi.STATE_CHECKED)


def open_from_home(app, name):
    wait_for(lambda: any(n.startswith(name + ",") for n in home_cards(app)), message=f"{name}'s card on Home")
    # The card may be below the fold: its own action works without scrolling.
    a11y.do_action(app.find(role="push button", prefix=name + ",", on_screen=False))
    app.find(role="heading", name=name)


@scenario("Lost Pet, Found Pet and View All open Reports with that filter")
def hero_filters(ctx):
    app, _ = launch(ctx)
    for button, status, count in (("Lost Pet", "Lost", 2), ("Found Pet", "Found", 2), ("View All", "All", 5)):
        a11y.do_action(app.find(role="page tab", name="Home"))
        click(app, "push button", button)
        wait_for(lambda: selected_tab(app) == "Reports", message="the Reports tab")
        wait_for(lambda: filter_pressed(app, status), message=f"the {status} filter")

        def shows_only_matching():
            names = report_cards(app)
            wanted = f", {status}," if status != "All" else ", "
            return len(names) == count and all(wanted in n for n in names)
        wait_for(shows_only_matching, message=f"{count} {status} cards")


@scenario("a Home card opens its details in the Reports tab")
def card_opens_details(ctx):
    app, _ = launch(ctx)
    open_from_home(app, "Luna")
    assert selected_tab(app) == "Reports"
    app.find(role="label", name="Reward: 500 PLN")
    app.find(role="label", name="616093900012345", on_screen=False)
    app.find(role="push button", name="Show on Map", on_screen=False)


@scenario("Back returns to the list with its filter, and Home shows its recent reports")
def back_and_home(ctx):
    app, _ = launch(ctx)
    click(app, "push button", "Lost Pet")
    wait_for(lambda: len(report_cards(app)) == 2, message="2 lost cards")
    click(app, "push button", prefix="Kiwi,")
    app.find(role="heading", name="Kiwi")
    wait_for(lambda: not report_cards(app), message="the list to slide away")
    click(app, "push button", "Back")
    wait_for(lambda: len(report_cards(app)) == 2 and filter_pressed(app, "Lost")
             and app.find_now(role="heading", name="Kiwi") is None, message="the lost list again")

    click(app, "push button", prefix="Luna,")
    app.find(role="heading", name="Luna")
    wait_for(lambda: not report_cards(app), message="the list to slide away")
    app.press_keys("Escape")
    wait_for(lambda: len(report_cards(app)) == 2 and app.find_now(role="heading", name="Luna") is None,
             message="Escape goes back too")

    click(app, "push button", prefix="Luna,")
    app.find(role="heading", name="Luna")
    a11y.do_action(app.find(role="page tab", name="Home"))
    app.find(role="panel", name="Find Your Pet")
    wait_for(lambda: len(home_cards(app)) == 5, message="Home's cards")


@scenario("a report deleted after the list loaded shows its error, not a crash")
def deleted_report(ctx):
    app, server = launch(ctx)
    wait_for(lambda: any(n.startswith("Rex,") for n in home_cards(app)), message="Rex on Home")
    with sqlite3.connect(server.db_path) as db:
        db.execute("DELETE FROM announcements WHERE id = ?", ("pet-0002",))
    click(app, "push button", prefix="Rex,")
    app.find(role="panel", name="Unable to Load Pet Details")
    app.find(role="label", name="This report no longer exists.")
    app.assert_running()
    wait_for(lambda: app.find_now(role="list", name="Reports") is None, message="the list to slide away")
    click(app, "push button", "Back")
    app.find(role="list", name="Reports")


@scenario("Show on Map selects the Map tab")
def show_on_map(ctx):
    app, _ = launch(ctx)
    open_from_home(app, "Luna")
    a11y.do_action(app.find(role="push button", name="Show on Map", on_screen=False))
    wait_for(lambda: selected_tab(app) == "Map", message="the Map tab")


@scenario("Ctrl+F searches reports by name or breed")
def search(ctx):
    app, _ = launch(ctx)
    app.find(role="panel", name="Find Your Pet")
    app.press_keys("<Control>f")
    wait_for(lambda: selected_tab(app) == "Reports", message="the Reports tab")
    entry = app.find(name="Search by name or breed")
    wait_for(lambda: a11y.has_state(entry, pyatspi.STATE_FOCUSED), message="the search entry focused")
    from dogtail import rawinput
    rawinput.typeText("maine")
    wait_for(lambda: [n.split(",")[0] for n in report_cards(app)] == ["Luna"], message="only Luna")


@scenario("Ctrl+F works with Caps Lock on, and Escape in the search clears it instead of going back")
def search_with_caps_lock(ctx):
    app, _ = launch(ctx)
    app.find(role="panel", name="Find Your Pet")
    from dogtail import rawinput
    app.press_keys("Caps_Lock")
    try:
        app.press_keys("<Control>f")
        wait_for(lambda: selected_tab(app) == "Reports", message="the Reports tab despite Caps Lock")
        entry = app.find(name="Search by name or breed")
        wait_for(lambda: a11y.has_state(entry, pyatspi.STATE_FOCUSED), message="the search entry focused")
    finally:
        app.press_keys("Caps_Lock")  # the X server outlives this scenario
    everyone = len(mixed_reports())
    wait_for(lambda: len(report_cards(app)) == everyone, message="every report listed")
    rawinput.typeText("maine")
    wait_for(lambda: [n.split(",")[0] for n in report_cards(app)] == ["Luna"], message="only Luna")
    app.press_keys("Escape")
    wait_for(lambda: len(report_cards(app)) == everyone, message="Escape cleared the search")
    assert selected_tab(app) == "Reports"


@scenario("F5 reloads the visible page")
def refresh_key(ctx):
    app, server = launch(ctx, items=[seed.announcement(1, name="First")])
    wait_for(lambda: len(home_cards(app)) == 1, message="1 card")
    with sqlite3.connect(server.db_path) as db:
        db.execute("UPDATE announcements SET pet_name = ? WHERE id = ?", ("Renamed", "pet-0001"))
    app.press_keys("F5")
    wait_for(lambda: home_cards(app) and home_cards(app)[0].startswith("Renamed,"), message="the renamed card")
