# SPDX-License-Identifier: GPL-3.0-or-later

"""Finding widgets as a screen-reader user does: by role and accessible name.

GTK 4.8 exports no AT-SPI accessible id, so names are the contract
(docs/BEHAVIOUR.md section 2). Queries walk the live tree each time: GTK replaces
nodes as pages change, so cached nodes go stale.
"""
import pyatspi

MAX_NODES = 20000  # a bound on one walk, so a runaway tree cannot hang a test


def walk(node, max_nodes=MAX_NODES):
    """Depth-first over `node` and its descendants, skipping dead nodes."""
    stack = [node]
    seen = 0
    while stack and seen < max_nodes:
        current = stack.pop()
        seen += 1
        yield current
        try:
            count = current.childCount
        except Exception:  # noqa: BLE001 - node went away
            continue
        for index in range(count - 1, -1, -1):
            try:
                child = current.getChildAtIndex(index)
            except Exception:  # noqa: BLE001
                child = None
            if child is not None:
                stack.append(child)


def role(node):
    try:
        return node.getRoleName()
    except Exception:  # noqa: BLE001
        return ""


def name(node):
    try:
        return node.name or ""
    except Exception:  # noqa: BLE001
        return ""


def has_state(node, state):
    try:
        return node.getState().contains(state)
    except Exception:  # noqa: BLE001
        return False


def is_on_screen(node, window):
    """Mapped and inside the window: hidden stack pages keep stale extents and
    every node claims `visible`, so ask whether the window contains its centre."""
    try:
        component = node.queryComponent()
        x, y, width, height = component.getExtents(pyatspi.WINDOW_COORDS)
        if width <= 0 or height <= 0:
            return False
        window_box = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        cx, cy = x + width // 2, y + height // 2
        if not (0 <= cx < window_box.width and 0 <= cy < window_box.height):
            return False
        return component.contains(cx, cy, pyatspi.WINDOW_COORDS)
    except Exception:  # noqa: BLE001
        return False


def find_all(root, role_name=None, name_is=None, name_prefix=None, predicate=None):
    found = []
    for node in walk(root):
        if role_name is not None and role(node) != role_name:
            continue
        node_name = name(node)
        if name_is is not None and node_name != name_is:
            continue
        if name_prefix is not None and not node_name.startswith(name_prefix):
            continue
        if predicate is not None and not predicate(node):
            continue
        found.append(node)
    return found


def find_one(root, **criteria):
    matches = find_all(root, **criteria)
    return matches[0] if matches else None


def do_action(node, *preferred):
    """Runs the node's own action (more reliable than synthesized clicks)."""
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    for wanted in preferred or ("click", "activate", "press"):
        if wanted in names:
            action.doAction(names.index(wanted))
            return
    if names:
        action.doAction(0)
        return
    raise AssertionError(f"{role(node)} '{name(node)}' has no action")


def describe(node, depth=0, max_depth=60, out=None):
    """A readable dump of the tree, for failure reports."""
    out = [] if out is None else out
    if depth > max_depth:
        return out
    try:
        states = [pyatspi.stateToString(s) for s in node.getState().getStates()
                  if s in (pyatspi.STATE_SHOWING, pyatspi.STATE_SELECTED, pyatspi.STATE_PRESSED,
                           pyatspi.STATE_CHECKED, pyatspi.STATE_FOCUSED, pyatspi.STATE_SENSITIVE)]
    except Exception:  # noqa: BLE001
        states = []
    out.append(f"{'  ' * depth}{role(node)} '{name(node)}' {','.join(states)}")
    try:
        for index in range(node.childCount):
            child = node.getChildAtIndex(index)
            if child is not None:
                describe(child, depth + 1, max_depth, out)
    except Exception:  # noqa: BLE001
        pass
    return out
