# SPDX-License-Identifier: GPL-3.0-or-later

"""Reading offline: the last list fetched is kept in $XDG_CACHE_HOME/petspot,
shown on Home, Reports and the Map with "Offline — showing reports from …" and
Retry when the server is down, and replaced by fresh data, the banner gone,
once the server answers."""
import os

from harness import accessibility as a11y
from harness import seed
from harness.waiting import wait_for
from scenarios.common import free_port, home_cards, report_cards
from scenarios.test_reunite import create_report

from harness.runner import scenario  # noqa: E402

BANNER = "Offline — showing reports from "


def cached_list_files(app):
    folder = os.path.join(app.environment["XDG_CACHE_HOME"], "petspot", "offline")
    return [os.path.join(root, name) for root, _, names in os.walk(folder) for name in names if name == "list"]


def banner_label(app):
    """The offline banner's text on screen, or None."""
    label = app.find_now(role="label", prefix=BANNER)
    return a11y.name(label) if label is not None else None


def banner_retry(app):
    """The Retry of the offline banner on screen (other Retry buttons may exist, hidden)."""
    for group in app.find_all(role="panel", name="Offline"):
        buttons = app.find_all(role="push button", name="Retry", within=group)
        if buttons:
            return buttons[0]
    return None


@scenario("offline: cached cards and a banner without the server, fresh data once it is back and Retry is pressed")
def offline_reading(ctx):
    port = free_port()
    server = ctx.start_server(seed=[seed.announcement(1, name="Luna"), seed.announcement(2, name="Rex")], port=port)
    first = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: len(home_cards(first)) == 2, timeout=15, message="the two seeded cards on Home")
    cards = home_cards(first)
    assert banner_label(first) is None, "no offline banner while the server answers"
    wait_for(lambda: cached_list_files(first), timeout=10, message="the list kept in the cache")
    first.press_keys("<Control>q")
    assert first.exit_code(timeout=10) == 0
    server.stop()

    # The same XDG_CACHE_HOME (the scenario's HOME), no server: the cached cards, said to be so.
    app = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: home_cards(app) == cards, timeout=15, message=f"the cached cards on Home ({home_cards(app)})")
    text = wait_for(lambda: banner_label(app), timeout=10, message="the offline banner on Home")
    assert text[len(BANNER):].strip(), f"the banner says when: {text!r}"
    assert banner_retry(app) is not None, "the banner offers Retry"

    a11y.do_action(app.find(role="page tab", name="Reports"))
    wait_for(lambda: len(report_cards(app)) == 2, timeout=10, message="the cached cards in Reports")
    wait_for(lambda: banner_label(app) == text, timeout=10, message="the offline banner in Reports")
    a11y.do_action(app.find(role="page tab", name="Map"))
    wait_for(lambda: banner_label(app) == text, timeout=10, message="the offline banner on the Map")
    a11y.do_action(app.find(role="page tab", name="Home"))
    wait_for(lambda: banner_label(app) == text, timeout=10, message="back on Home")

    # The server returns, with a report added meanwhile: Retry brings it, and the banner goes.
    again = ctx.start_server(port=port)
    create_report(again, name="Pip")
    a11y.do_action(wait_for(lambda: banner_retry(app), timeout=5, message="the banner's Retry"))
    wait_for(lambda: any(card.startswith("Pip, ") for card in home_cards(app)), timeout=15,
             message=f"the new report on Home ({home_cards(app)})")
    wait_for(lambda: banner_label(app) is None, timeout=10, message="the offline banner gone")
    a11y.do_action(app.find(role="page tab", name="Reports"))
    wait_for(lambda: len(report_cards(app)) == 3, timeout=10, message="the fresh list in Reports")
    assert banner_label(app) is None, "no banner in Reports either"
