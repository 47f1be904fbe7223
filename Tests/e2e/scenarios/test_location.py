# SPDX-License-Identifier: GPL-3.0-or-later

"""The user's location from the desktop (a fake XDG location portal on the test
session bus): cards come first, distances when a fix arrives; a refusal changes
nothing and says nothing."""
from harness import seed
from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import click, home_cards, report_cards

KRAKOW = (50.0647, 19.9450)


def launch_near_warszawa(ctx):
    server = ctx.start_server(seed=[seed.announcement(i) for i in range(4)])
    app = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: len(home_cards(app)) == 4, message="4 cards")
    return app


def kilometres(card_name):
    """The distance in a card's name ("…, 252.3 km away"), in any decimal style."""
    return float(card_name.rsplit(", ", 1)[-1].split(" km away")[0].replace(",", ""))


def log_says(app, text):
    return text in app.log_tail(400)


def wait_for_distances_from_krakow(app):
    """Home's four cards gain "km away": the seeded reports are in Warszawa,
    about 252 km from Kraków."""
    wait_for(lambda: all(name.endswith("km away") for name in home_cards(app)) and len(home_cards(app)) == 4,
             message="Home's cards to gain 'km away'")
    assert all(240 < kilometres(name) < 265 for name in home_cards(app)), home_cards(app)


def assert_settles_without_distances(app):
    """The app gives up on the location quietly: no distances, no error."""
    wait_for(lambda: log_says(app, "going on without one"), message="the app to settle without a location")
    assert not any("km away" in name for name in home_cards(app)), home_cards(app)
    assert not app.is_shown("panel", "Unable to Load Reports")


@scenario("a location from the desktop portal adds distances to the cards shown")
def portal_location_arrives(ctx):
    portal = ctx.start_location_portal(grant=KRAKOW, hold_fix=True)
    app = launch_near_warszawa(ctx)
    # The cards did not wait for the location: it has not been sent yet.
    wait_for(lambda: "Start" in portal.events(), message="the app to start a location session")
    assert "CreateSession accuracy=4" in portal.events(), portal.events()  # street level
    assert not any("km away" in name for name in home_cards(app)), home_cards(app)

    portal.release_fix()
    wait_for_distances_from_krakow(app)

    click(app, "page tab", "Reports")
    wait_for(lambda: len(report_cards(app)) == 4 and all(n.endswith("km away") for n in report_cards(app)),
             message="Reports' cards with 'km away'")

    # Closing the window ends the session at the portal.
    app.press_keys("<Control>q")
    wait_for(lambda: "Close" in portal.events(), message="the portal session to be closed")


@scenario("a refused location request leaves the cards without distances, silently")
def portal_location_refused(ctx):
    portal = ctx.start_location_portal(refuse=True)
    app = launch_near_warszawa(ctx)
    wait_for(lambda: "Response 2" in portal.events(), message="the portal to refuse")
    assert_settles_without_distances(app)
    assert len(home_cards(app)) == 4
    click(app, "page tab", "Reports")
    wait_for(lambda: len(report_cards(app)) == 4, message="4 report cards")
    assert not any("km away" in name for name in report_cards(app)), report_cards(app)
    for complaint in ("Unable to Load Reports", "No Reports"):
        assert not app.is_shown("panel", complaint), complaint
    app.assert_running()


@scenario("without a portal, GeoClue's location adds distances to the cards")
def geoclue_location_arrives(ctx):
    geoclue = ctx.start_geoclue(grant=KRAKOW)
    app = launch_near_warszawa(ctx)
    wait_for_distances_from_krakow(app)
    events = geoclue.events()
    assert "DesktopId=io.github.petspot.PetSpot" in events and "RequestedAccuracyLevel=6" in events, events
    app.press_keys("<Control>q")
    wait_for(lambda: "Stop" in geoclue.events(), message="the GeoClue client to be stopped")


@scenario("GeoClue refusing leaves the cards without distances, silently")
def geoclue_location_refused(ctx):
    geoclue = ctx.start_geoclue(refuse=True)
    app = launch_near_warszawa(ctx)
    wait_for(lambda: "Start" in geoclue.events(), message="the app to start its GeoClue client")
    assert_settles_without_distances(app)
    app.assert_running()
