# SPDX-License-Identifier: GPL-3.0-or-later

"""Cards are reachable and activatable with the keyboard alone."""
import pyatspi

from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import home_cards, report_cards


def focused_name(app):
    window = app.window()
    node = a11y.find_one(window, predicate=lambda n: a11y.has_state(n, pyatspi.STATE_FOCUSED))
    return a11y.name(node) if node is not None else None


def tab_until(app, predicate, presses=40):
    for _ in range(presses):
        if predicate(focused_name(app) or ""):
            return True
        app.press_keys("Tab")
        wait_for(lambda: focused_name(app) is not None, timeout=3, message="something focused")
    return predicate(focused_name(app) or "")


@scenario("keyboard: Tab reaches a Home card and Enter opens it")
def keyboard_home(ctx):
    items = [seed.announcement(i, name=f"Pet{i}") for i in range(3)]
    server = ctx.start_server(seed=items)
    app = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: len(home_cards(app)) == 3, message="3 cards")
    assert tab_until(app, lambda name: ", last seen " in name), "Tab never reached a card"
    card = focused_name(app)
    app.press_keys("Return")
    app.find(role="heading", name=card.split(",")[0])
    wait_for(lambda: not report_cards(app), message="the list to slide away")
    app.press_keys("<Alt>Left")
    wait_for(lambda: len(report_cards(app)) == 3, message="Alt+Left back to the list")


@scenario("keyboard: Tab reaches a Reports card and Space opens it")
def keyboard_reports(ctx):
    items = [seed.announcement(i, name=f"Pet{i}") for i in range(3)]
    server = ctx.start_server(seed=items)
    app = ctx.launch(args=["--api-url", server.base_url])
    a11y.do_action(app.find(role="page tab", name="Reports"))
    wait_for(lambda: len(report_cards(app)) == 3, message="3 cards")
    assert tab_until(app, lambda name: ", last seen " in name), "Tab never reached a card"
    card = focused_name(app)
    app.press_keys("space")
    app.find(role="heading", name=card.split(",")[0])
