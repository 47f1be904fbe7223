# SPDX-License-Identifier: GPL-3.0-or-later

"""The Map tab (docs/BEHAVIOUR.md §1.5-1.6): region requests, pins, clusters, popovers,
Show on Map, errors, the list view and the keyboard.

Which requests the app made is read from the real server's log
(harness/requests.py). The Home page loads every report at start-up, so each
scenario waits for Home's cards before it opens the Map, and counts the Map's
requests from there.
"""
import functools
import math
import os
import time

import pyatspi

from harness import accessibility as a11y
from harness import seed
from harness.requests import (all_requests, centre, check_ranges, describe, describe_log, distance_km,
                              is_region, list_requests, range_km, range_value, region_requests,
                              wait_until_quiet)
from harness.runner import scenario
from harness.waiting import TimedOut, stays, wait_for
from scenarios.common import (MAP_LIST_NAME, MAP_NAME, click, find_cluster, find_pin, find_toggle,
                              focused_name, home_cards, is_pressed, map_clusters, map_list_cards, map_node,
                              map_pins, open_map, selected_tab)

WARSAW = (52.2297, 21.0122)
LOCATION = "52.2297,21.0122"
GDANSK = (54.3520, 18.6466)
KRAKOW = (50.0647, 19.9450)
LODZ = (51.7592, 19.4560)
LUBLIN = (51.2465, 22.5684)


def map_scenario(title):
    """A scenario whose failure message also lists every request the servers saw."""
    def register(function):
        @functools.wraps(function)
        def run(ctx):
            try:
                function(ctx)
            except AssertionError as error:
                seen = describe_log(os.path.join(ctx.workdir, "server.log"))
                raise type(error)(f"{error}\n      requests the server saw:\n        "
                                  + seen.replace("\n", "\n        ")) from error
        return scenario(title)(run)
    return register


# -- seeds -------------------------------------------------------------------

def near_warsaw(index, name, north_km=0.0, east_km=0.0, **fields):
    """A report `north_km` / `east_km` from Warsaw's centre."""
    lat = WARSAW[0] + north_km / 111.195
    lng = WARSAW[1] + east_km / (111.195 * math.cos(math.radians(WARSAW[0])))
    return seed.announcement(index, name=name, locationLatitude=lat, locationLongitude=lng, **fields)


def at(index, name, point, **fields):
    return seed.announcement(index, name=name, locationLatitude=point[0], locationLongitude=point[1], **fields)


def warsaw_reports():
    """Four reports 3-3.5 km from the centre in four directions: inside the 10 km
    start region, far enough apart not to be clustered at its zoom, and none
    at the centre (where the drag starts)."""
    return [
        near_warsaw(1, "Luna", north_km=3.0, species="CAT", status="MISSING"),
        near_warsaw(2, "Rex", north_km=-3.0, status="FOUND"),
        near_warsaw(3, "Kiwi", east_km=3.5, species="BIRD", status="MISSING"),
        near_warsaw(4, "Mruczek", east_km=-3.5, species="CAT", status="CLOSED"),
    ]


def dense_reports(count=30, radius_km=0.3):
    """`count` reports within `radius_km` of Warsaw's centre (a sunflower spiral)."""
    items = []
    for i in range(count):
        angle = math.radians(i * 137.508)
        r = radius_km * math.sqrt((i + 0.5) / count)
        items.append(near_warsaw(100 + i, f"Dense{i}", north_km=r * math.cos(angle), east_km=r * math.sin(angle)))
    return items


# -- steps ---------------------------------------------------------------------

def launch(ctx, items, location=True):
    """A server seeded with `items` and the app on Home; returns (app, server)."""
    server = ctx.start_server(seed=items)
    args = ["--api-url", server.base_url] + (["--location", LOCATION] if location else [])
    app = ctx.launch(args=args)
    wait_for(lambda: home_cards(app), message="Home's cards (its request comes before the Map's)")
    return app, server


def launch_on_map(ctx, items, location=True):
    """As `launch`, then the Map tab; returns (app, server, mark) where `mark`
    is the number of list requests made before the Map appeared."""
    app, server = launch(ctx, items, location)
    mark = len(list_requests(server))
    open_map(app)
    return app, server, mark


def wait_for_pins(app, items, timeout=10):
    prefixes = [seed.card_prefix(item) for item in items]

    def all_there():
        names = map_pins(app)
        return all(any(n.startswith(p) for n in names) for p in prefixes)
    try:
        wait_for(all_there, timeout=timeout, message=f"pins {prefixes}")
    except TimedOut as error:
        raise TimedOut(f"{error}; pins on screen: {map_pins(app)}, clusters: {map_clusters(app)}") from None


def has_pin(app, item):
    return any(n.startswith(seed.card_prefix(item)) for n in map_pins(app))


def new_region_request(server, since, accept=lambda query: True, timeout=5, what="a region request"):
    """Waits for a region request at index >= `since` that `accept`s; returns it."""
    def search():
        return next((q for q in region_requests(server, since) if accept(q)), None)
    try:
        return wait_for(search, timeout=timeout, message=what)
    except TimedOut as error:
        raise TimedOut(f"{error}; list requests since: {describe(list_requests(server)[since:])}") from None


def last_region(server):
    regions = region_requests(server)
    assert regions, f"no region request yet: {describe(list_requests(server))}"
    return regions[-1]


# -- scenarios -----------------------------------------------------------------

@map_scenario("map: opening the Map requests the region around the location and pins its reports")
def map_opens_on_location(ctx):
    local = warsaw_reports()
    far = at(9, "Bursztyn", GDANSK)
    app, server, mark = launch_on_map(ctx, local + [far])

    first = new_region_request(server, 0, what="the Map's first region request")
    assert distance_km(centre(first), WARSAW) < 0.05, f"the first request is not at the location: {first}"
    assert range_km(first) == 10, f"the first request should cover 10 km around the location: {first}"

    wait_for_pins(app, local)
    settled = wait_until_quiet(server)
    since_map = list_requests(server)[mark:settled]
    assert all(is_region(q) for q in since_map), \
        f"with a location the Map asks for regions only, never everything: {describe(since_map)}"
    check_ranges(server, mark)
    for query in region_requests(server, mark):
        assert distance_km(centre(query), GDANSK) >= range_km(query), \
            f"a request reached out to Gdansk: {query}"
    assert not has_pin(app, far), f"the far report is pinned: {map_pins(app)}"
    assert len(map_pins(app)) == len(local), f"one pin per report in the region: {map_pins(app)}"

    legend = app.find(role="panel", name="Legend")
    for entry in ("Lost", "Found", "Closed"):
        assert app.find_all(role="label", name=entry, within=legend), f"no {entry!r} in the legend"
    app.find(role="push button", name="Zoom In")
    app.find(role="push button", name="Zoom Out")
    # No network here: the missing tiles are said, discreetly, and the pins stay.
    app.find(role="label", name="Map tiles are unavailable", timeout=15)
    wait_for_pins(app, local)


@map_scenario("map: a drag makes exactly one new region request, and Zoom Out a wider one")
def map_drag_and_zoom_out(ctx):
    local = warsaw_reports()
    app, server, mark = launch_on_map(ctx, local)
    wait_for_pins(app, local)
    settled = wait_until_quiet(server)
    before = last_region(server)

    cx, cy = app.centre_of(wait_for(lambda: map_node(app), message="the map"))
    start = (cx + 40, cy + 40)  # between the pins, which lie on the axes
    app.drag(start, (start[0] - 200, start[1]), steps=10)
    released = time.monotonic()

    wait_for(lambda: len(list_requests(server)) > settled, timeout=5, interval=0.02,
             message="a region request after the drag")
    delay = time.monotonic() - released
    try:
        stays(lambda: len(list_requests(server)) == settled + 1, 1.5, message="one request after the drag")
    except AssertionError:
        raise AssertionError(f"more than one request after the drag: {describe(list_requests(server)[settled:])}") \
            from None
    after = list_requests(server)[settled]
    assert is_region(after), f"the request after the drag is not a region request: {after}"
    range_km(after)
    moved = distance_km(centre(before), centre(after))
    assert moved >= 0.5, f"the centre hardly moved ({moved:.2f} km): {before} -> {after}"
    assert centre(after)[1] > centre(before)[1], f"dragging left should show what lies east: {before} -> {after}"
    assert delay >= 0.15, f"the request came {delay:.2f}s after the release: not debounced"

    zoom_mark = len(list_requests(server))
    click(app, "push button", "Zoom Out")
    new_region_request(server, zoom_mark, accept=lambda q: (range_value(q) or 0) > range_km(after),
                       what=f"a request wider than range={after['range']} after Zoom Out")
    check_ranges(server, mark)


@map_scenario("map: a pin opens its popover, and Open Details shows the pet in Reports")
def map_pin_popover(ctx):
    local = warsaw_reports()
    luna = local[0]
    app, server, _ = launch_on_map(ctx, local)
    a11y.do_action(find_pin(app, seed.card_prefix(luna)))

    app.find(role="heading", name="Luna")
    details = app.find(role="push button", name="Open Details")
    from scenarios.test_accessibility import unnamed_controls
    problems = unnamed_controls(app)
    assert not problems, "unnamed controls with the popover open: " + ", ".join(sorted(set(problems)))

    a11y.do_action(details)
    wait_for(lambda: selected_tab(app) == "Reports", message="the Reports tab")
    app.find(role="heading", name="Luna")
    app.find(role="push button", name="Show on Map", on_screen=False)
    assert any(r["path"] == f"/api/v1/announcements/{luna['id']}" for r in all_requests(server)), \
        "the details were not loaded from the server"


@map_scenario("map: Show on Map centres the Map on the pet with its popover open")
def map_show_on_map(ctx):
    local = warsaw_reports()
    bobik = at(9, "Bobik", KRAKOW)  # far outside the start region around the location
    app, server = launch(ctx, local + [bobik])
    a11y.do_action(app.find(role="page tab", name="Reports"))
    listing = app.find(role="list", name="Reports")
    card = wait_for(lambda: a11y.find_one(listing, role_name="push button", name_prefix=seed.card_prefix(bobik)),
                    message="Bobik's card in Reports")
    a11y.do_action(card)
    app.find(role="heading", name="Bobik")

    mark = len(list_requests(server))
    a11y.do_action(app.find(role="push button", name="Show on Map", on_screen=False))
    wait_for(lambda: selected_tab(app) == "Map", message="the Map tab")
    pet = (bobik["locationLatitude"], bobik["locationLongitude"])
    new_region_request(server, mark, accept=lambda q: distance_km(centre(q), pet) <= 0.5, timeout=8,
                       what="a region request centred within 500 m of Bobik")
    app.find(role="push button", name="Open Details")
    app.find(role="heading", name="Bobik")
    find_pin(app, seed.card_prefix(bobik))

    wait_until_quiet(server)
    last = last_region(server)
    assert distance_km(centre(last), pet) <= 0.5, f"the Map moved away from Bobik afterwards: {last}"
    check_ranges(server, mark)
    app.find(role="push button", name="Open Details")


@map_scenario("map: a failed refresh keeps the pins and shows Map error; Retry recovers")
def map_error_and_retry(ctx):
    local = warsaw_reports()
    app, server, _ = launch_on_map(ctx, local)
    wait_for_pins(app, local)
    wait_until_quiet(server)

    server.stop()
    app.press_keys("F5")
    banner = app.find(name="Map error")
    retry = wait_for(lambda: a11y.find_one(banner, role_name="push button", name_is="Retry"),
                     message="Retry inside Map error")
    assert any(a11y.role(n) == "label" and a11y.name(n).strip() for n in a11y.walk(banner)), \
        "Map error has no message"
    assert len(map_pins(app)) == len(local), f"the old pins must stay: {map_pins(app)}"
    wait_for_pins(app, local)

    newcomer = near_warsaw(5, "Azor", north_km=1.5, east_km=1.5, status="FOUND")
    restarted = ctx.start_server(seed=local + [newcomer], port=server.port)
    mark = len(list_requests(restarted))
    a11y.do_action(retry)
    new_region_request(restarted, mark, what="a region request after Retry")
    wait_for_pins(app, local + [newcomer])
    wait_for(lambda: app.find_now(name="Map error") is None, message="the error to go")


@map_scenario("map: dense reports are clustered, and a cluster zooms in when activated")
def map_clusters_zoom_in(ctx):
    dense = dense_reports()
    spread = [at(1, "Reksio", LODZ), at(2, "Azor", LUBLIN, status="FOUND")]
    everything = dense + spread
    app, server, mark = launch_on_map(ctx, everything, location=False)

    find_cluster(app, minimum=2)

    def every_report_once():
        return sum(map_clusters(app)) + len(map_pins(app)) == len(everything)
    try:
        wait_for(every_report_once, message=f"{len(everything)} reports in clusters and pins")
    except TimedOut as error:
        raise TimedOut(f"{error}; clusters {map_clusters(app)}, pins {map_pins(app)}") from None
    settled = wait_until_quiet(server)
    whole = [q for q in list_requests(server) if not is_region(q)]
    assert len(whole) == 1, f"without a location every report is fetched once (Home's list shared): {describe(whole)}"
    check_ranges(server, mark)
    regions = region_requests(server, mark)
    before_range = range_value(regions[-1]) if regions else None
    pins_before, clusters_before = len(map_pins(app)), len(map_clusters(app))
    size, cluster = find_cluster(app, minimum=2)

    a11y.do_action(cluster)

    def zoomed_in():
        narrower = any(before_range is not None and (range_value(q) or 10 ** 9) < before_range
                       for q in region_requests(server, settled))
        return narrower or len(map_pins(app)) > pins_before or len(map_clusters(app)) < clusters_before
    try:
        wait_for(zoomed_in, timeout=8, message=f"the map to zoom in on the cluster of {size}")
    except TimedOut as error:
        raise TimedOut(f"{error}; requests since: {describe(list_requests(server)[settled:])}, "
                       f"clusters {map_clusters(app)}, pins {len(map_pins(app))}") from None
    check_ranges(server, mark)


@map_scenario("map: Show as List lists the region's reports as cards, and back to the map")
def map_show_as_list(ctx):
    local = warsaw_reports()
    far = at(9, "Bursztyn", GDANSK)
    app, server, _ = launch_on_map(ctx, local + [far])
    wait_for_pins(app, local)
    pins = sorted(map_pins(app))

    toggle = find_toggle(app, "Show as List")
    assert not is_pressed(toggle), "Show as List starts off"
    a11y.do_action(toggle)
    app.find(role="list", name=MAP_LIST_NAME)

    def cards_match_pins():
        cards = map_list_cards(app)
        return len(cards) == len(local) and \
            all(any(c.startswith(seed.card_prefix(item)) for c in cards) for item in local)
    try:
        wait_for(cards_match_pins, message=f"a card per pin {pins}")
    except TimedOut as error:
        raise TimedOut(f"{error}; cards: {map_list_cards(app)}") from None
    assert not any(c.startswith(seed.card_prefix(far)) for c in map_list_cards(app)), map_list_cards(app)
    wait_for(lambda: is_pressed(toggle), message="Show as List pressed")
    wait_for(lambda: map_node(app) is None, message="the list to take the map's place")

    a11y.do_action(toggle)
    wait_for(lambda: not is_pressed(toggle), message="Show as List released")
    wait_for_pins(app, local)
    wait_for(lambda: app.find_now(role="list", name=MAP_LIST_NAME) is None, message="the list to go")


@map_scenario("map: a slow server shows Loading map reports until the pins arrive")
def map_loading_spinner(ctx):
    local = warsaw_reports()
    stub = ctx.start_stub(items=local)
    app = ctx.launch(args=["--api-url", stub.base_url, "--location", LOCATION])
    wait_for(lambda: home_cards(app), message="Home's cards")
    stub.hold()
    open_map(app)
    wait_for(lambda: stub.waiting >= 1, message="the Map's request to arrive")
    # A spinning GtkSpinner is rotated by CSS, so its extents say nothing about
    # being on screen; it is hidden with set_visible, which removes it from the
    # tree, so being in the tree (on the shown Map page) is being shown.
    app.find(name="Loading map reports", on_screen=False)
    stub.answer()
    wait_for_pins(app, local)  # the stub answers every report, whatever the region
    wait_for(lambda: not app.find_all(name="Loading map reports", on_screen=False),
             message="the spinner to go")


@map_scenario("map: keyboard focus on the map, arrows pan and +/- zoom")
def map_keyboard(ctx):
    from dogtail import rawinput
    local = warsaw_reports()
    app, server, mark = launch_on_map(ctx, local)
    wait_for_pins(app, local)

    # Walking the whole tree for the focused node takes seconds here, so watch
    # only the map: after each Tab, a short bounded wait for its focus (Tab
    # wraps around the window, so an overshoot comes back).
    node = wait_for(lambda: map_node(app), message="the map")
    for _ in range(40):
        if a11y.has_state(node, pyatspi.STATE_FOCUSED):
            break
        app.press_keys("Tab")
        try:
            wait_for(lambda: a11y.has_state(node, pyatspi.STATE_FOCUSED), timeout=0.4, interval=0.02,
                     message="the map focused")
        except TimedOut:
            pass
    assert a11y.has_state(node, pyatspi.STATE_FOCUSED), \
        f"Tab never reached the map (focus: {focused_name(app)!r})"

    settled = wait_until_quiet(server)
    before = last_region(server)
    app.press_keys("Right")
    panned = new_region_request(server, settled, what="a region request after Right")
    assert centre(panned)[1] > centre(before)[1], f"Right should pan east: {before} -> {panned}"

    settled = wait_until_quiet(server)
    app.focus_window()
    rawinput.pressKey("plus")  # a key sym: the X server adds Shift where "+" needs it
    closer = new_region_request(server, settled, accept=lambda q: (range_value(q) or 10 ** 9) < range_km(panned),
                                what=f"a narrower request than range={panned['range']} after +")

    settled = wait_until_quiet(server)
    app.press_keys("minus")
    new_region_request(server, settled, accept=lambda q: (range_value(q) or 0) > range_km(closer),
                       what=f"a wider request than range={closer['range']} after -")
    check_ranges(server, mark)
