# SPDX-License-Identifier: GPL-3.0-or-later

"""Shared queries for the browsing scenarios."""
import re
import socket
import weakref

import pyatspi

from harness import accessibility as a11y
from harness.waiting import wait_for


def selected_tab(app):
    for node in app.find_all(role="page tab"):
        if a11y.has_state(node, pyatspi.STATE_SELECTED):
            return a11y.name(node)
    return None


def home_cards(app):
    """Card buttons inside the "Recent Reports" group, in order, scrolled into
    view or not (unused card widgets are hidden, which removes them from the
    tree)."""
    group = app.find_now(role="panel", name="Recent Reports")
    if group is None:
        return []
    return [a11y.name(card) for card in app.find_all(role="push button", within=group, on_screen=False)]


def report_cards(app):
    """Card buttons shown in the Reports list, in screen order."""
    listing = app.find_now(role="list", name="Reports")
    if listing is None:
        return []
    return [a11y.name(card) for card in app.find_all(role="push button", within=listing)]


def click(app, role, name=None, prefix=None, timeout=10):
    a11y.do_action(app.find(role=role, name=name, prefix=prefix, timeout=timeout))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# -- the Map page ----------------------------------------------------------

MAP_NAME = "Map of reports"
MAP_LIST_NAME = "Reports on the map"
CLUSTER_NAME = re.compile(r"^(\d+) reports$")


def is_card_name(name):
    """A card sentence: "<name>, <Species>, <Status>, last seen <date>[, …]"."""
    return ", last seen " in name


_map_nodes = weakref.WeakKeyDictionary()  # app -> its map's node: one page, one map


def map_node(app):
    """The map widget, on screen (a filler or a panel: libshumate's role).
    Remembered per app, as walking the whole tree takes a second or more."""
    window = app.window()
    if window is None:
        return None
    known = _map_nodes.get(app)
    if known is not None and a11y.name(known) == MAP_NAME and a11y.is_on_screen(known, window):
        return known
    node = a11y.find_one(window, name_is=MAP_NAME, predicate=lambda n: a11y.is_on_screen(n, window)
                         and a11y.role(n) in ("filler", "panel"))
    if node is not None:
        _map_nodes[app] = node
    return node


def open_map(app):
    """Selects the Map tab and returns the map once it is on screen."""
    a11y.do_action(app.find(role="page tab", name="Map"))
    wait_for(lambda: selected_tab(app) == "Map", message="the Map tab selected")
    return wait_for(lambda: map_node(app), message=f"the map named {MAP_NAME!r} on screen")


def map_pins(app):
    """Names of the pins (card-sentence push buttons) on screen on the map."""
    node = map_node(app)
    if node is None:
        return []
    return [a11y.name(n) for n in app.find_all(role="push button", within=node) if is_card_name(a11y.name(n))]


def map_clusters(app):
    """Sizes of the clusters ("N reports" push buttons) on screen on the map."""
    node = map_node(app)
    if node is None:
        return []
    sizes = []
    for n in app.find_all(role="push button", within=node):
        match = CLUSTER_NAME.match(a11y.name(n))
        if match:
            sizes.append(int(match.group(1)))
    return sizes


def find_pin(app, prefix, timeout=10):
    """Waits for the on-screen pin whose name starts with `prefix`."""
    def search():
        node = map_node(app)
        if node is None:
            return None
        return next((n for n in app.find_all(role="push button", prefix=prefix, within=node)), None)
    return wait_for(search, timeout=timeout, message=f"a pin named {prefix!r}… on the map")


def find_cluster(app, minimum=2, timeout=10):
    """Waits for the biggest on-screen cluster of at least `minimum` reports."""
    def search():
        node = map_node(app)
        if node is None:
            return None
        clusters = [(int(CLUSTER_NAME.match(a11y.name(n)).group(1)), n)
                    for n in app.find_all(role="push button", within=node) if CLUSTER_NAME.match(a11y.name(n))]
        clusters = [c for c in clusters if c[0] >= minimum]
        return max(clusters, key=lambda c: c[0]) if clusters else None
    return wait_for(search, timeout=timeout, message=f"a cluster of at least {minimum} reports on the map")


def map_list_cards(app):
    """Card names in the "Reports on the map" list, in screen order."""
    listing = app.find_now(role="list", name=MAP_LIST_NAME)
    if listing is None:
        return []
    return [a11y.name(card) for card in app.find_all(role="push button", within=listing)
            if is_card_name(a11y.name(card))]


def find_toggle(app, name, timeout=10):
    """A toggle button on screen: GTK 4.8 shows it as a toggle button or a
    push button (with `pressed` when active)."""
    def search():
        window = app.window()
        return a11y.find_one(window, name_is=name, predicate=lambda n: a11y.role(n) in (
            "toggle button", "push button") and a11y.is_on_screen(n, window))
    return wait_for(search, timeout=timeout, message=f"a toggle button named {name!r}")


def is_pressed(node):
    return a11y.has_state(node, pyatspi.STATE_PRESSED) or a11y.has_state(node, pyatspi.STATE_CHECKED)


def focused_name(app):
    window = app.window()
    node = a11y.find_one(window, predicate=lambda n: a11y.has_state(n, pyatspi.STATE_FOCUSED))
    return a11y.name(node) if node is not None else None
