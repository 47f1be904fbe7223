# SPDX-License-Identifier: GPL-3.0-or-later

"""I Saw This Pet: a sighting sent from the form shows on the report's
details page and is on the server; a backend without sightings shows none."""
import json
import urllib.request

from harness import accessibility as a11y
from harness import seed
from harness.waiting import wait_for
from scenarios.common import click, home_cards
from scenarios.test_report import TEXT_ROLES, is_enabled, wait_in
from scenarios.test_reunite import replace_text

FORM = "I Saw This Pet"
NOTE = "What did you see? (optional)"


def server_sightings(server, report_id):
    url = f"{server.base_url}/api/v1/announcements/{report_id}/sightings"
    with urllib.request.urlopen(url, timeout=5) as answer:
        return json.load(answer)["data"]


def open_details(app, name):
    wait_for(lambda: any(card.startswith(f"{name}, ") for card in home_cards(app)), timeout=15,
             message=f"{name} on Home")
    click(app, "push button", prefix=f"{name}, ")
    wait_for(lambda: a11y.find_one(app.node(), name_is="Pet details"), timeout=15, message="the details page")


def sighting_rows(app):
    return [a11y.name(node) for node in a11y.find_all(app.node(), name_prefix="Sighting ")
            if a11y.role(node) != "panel"]


# -- scenarios -------------------------------------------------------------------
from harness.runner import scenario  # noqa: E402


@scenario("a sighting sent from I Saw This Pet shows on the details page at once and is on the server")
def sighting_from_the_form(ctx):
    server = ctx.start_server(seed=[seed.announcement(1, name="Luna", species="CAT")])
    app = ctx.launch(args=["--api-url", server.base_url, "--location", "52.2400,21.0200"])
    open_details(app, "Luna")
    wait_for(lambda: a11y.find_one(app.node(), name_is="No sightings yet"), timeout=10,
             message="No sightings yet")

    # Below the fold of the details page: found in the tree, not on screen.
    a11y.do_action(wait_for(lambda: a11y.find_one(app.node(), role_name="push button", name_is="I Saw This Pet"),
                            timeout=10, message="I Saw This Pet"))
    wait_in(app, FORM, role="push button", name="Send")
    send = wait_in(app, FORM, role="push button", name="Send")
    assert not is_enabled(send), "no place yet"
    a11y.do_action(wait_in(app, FORM, role="push button", name="Use My Location"))
    replace_text(app, FORM, NOTE, "Limping, near the bakery")
    wait_for(lambda: is_enabled(send), timeout=5, message="Send enabled once the place is given")
    a11y.do_action(send)

    wait_for(lambda: app.top_level(FORM) is None, timeout=15, message="the form to close once sent")
    rows = wait_for(lambda: sighting_rows(app), timeout=10, message="the sighting on the details page")
    assert len(rows) == 1 and "Limping, near the bakery" in rows[0], rows
    assert "from where it was last seen" in rows[0], rows
    assert a11y.find_one(app.node(), name_is="No sightings yet") is None

    stored = server_sightings(server, "pet-0001")
    assert len(stored) == 1, stored
    assert stored[0]["note"] == "Limping, near the bakery", stored
    assert abs(stored[0]["locationLatitude"] - 52.24) < 1e-6 and abs(stored[0]["locationLongitude"] - 21.02) < 1e-6


@scenario("a backend without sightings shows no Sightings group and no I Saw This Pet")
def backend_without_sightings(ctx):
    stub = ctx.start_stub(items=[seed.announcement(1, name="Burek")])
    app = ctx.launch(args=["--api-url", stub.base_url])
    open_details(app, "Burek")
    wait_for(lambda: a11y.find_one(app.node(), name_is="Show on Map"), timeout=10, message="the details")
    # Its 404 (no such route) has been answered: the page has settled without the group.
    wait_for(lambda: stub.answered.get("/api/v1/announcements/pet-0001/sightings"), timeout=10,
             message="the app to ask for sightings")
    assert a11y.find_one(app.node(), name_is="I Saw This Pet") is None
    assert a11y.find_one(app.node(), name_is="No sightings yet") is None
    app.assert_running()
