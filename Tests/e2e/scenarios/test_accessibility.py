# SPDX-License-Identifier: GPL-3.0-or-later

"""Every actionable or focusable widget has a real name (docs/BEHAVIOUR.md section 2)."""
import re

import pyatspi

from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import click, home_cards, map_clusters, map_pins, open_map, report_cards

TYPE_NAME = re.compile(r"^(Gtk|Adw|Shumate)[A-Za-z]+$")


def unnamed_controls(app):
    """On-screen nodes a user can act on or focus whose name says nothing."""
    window = app.window()
    problems = []
    for node in a11y.walk(window):
        if not a11y.is_on_screen(node, window):
            continue
        try:
            actionable = node.queryAction().nActions > 0
        except NotImplementedError:
            actionable = False
        except Exception:  # noqa: BLE001
            actionable = False
        focusable = a11y.has_state(node, pyatspi.STATE_FOCUSABLE)
        if not (actionable or focusable):
            continue
        role = a11y.role(node)
        if role in ("frame", "list item", "scroll bar", "filler", "panel", "page tab list", "list", "label"):
            continue  # containers and rows; their contents are checked instead
        name = a11y.name(node).strip()
        if not name or TYPE_NAME.match(name):
            problems.append(f"{role} '{name}'")
    return problems


@scenario("accessibility audit: Home, Reports, details and Map name every control")
def audit(ctx):
    items = [seed.announcement(i, name=f"Pet{i}", reward="100 PLN", phone="555-0101") for i in range(6)]
    server = ctx.start_server(seed=items)
    app = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: len(home_cards(app)) == 5, message="Home's cards")
    problems = unnamed_controls(app)
    a11y.do_action(app.find(role="page tab", name="Reports"))
    wait_for(lambda: len(report_cards(app)) > 0, message="Reports' cards")
    problems += unnamed_controls(app)
    click(app, "push button", prefix="Pet5,")
    app.find(role="heading", name="Pet5")
    problems += unnamed_controls(app)
    open_map(app)
    wait_for(lambda: map_pins(app) or map_clusters(app), message="the Map's pins")
    problems += unnamed_controls(app)
    assert not problems, "unnamed controls: " + ", ".join(sorted(set(problems)))
