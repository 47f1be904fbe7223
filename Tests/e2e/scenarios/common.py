"""Shared queries for the browsing scenarios."""
import socket

import pyatspi

from harness import accessibility as a11y


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
