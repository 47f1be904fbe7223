# SPDX-License-Identifier: GPL-3.0-or-later

"""Home: hero, Recent Reports, the five newest cards and their states."""
from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import click, free_port, home_cards


def launch_with(ctx, items, args=()):
    server = ctx.start_server(seed=items)
    return ctx.launch(args=["--api-url", server.base_url, *args]), server


@scenario("home shows the hero panel and the Recent Reports header")
def hero_and_header(ctx):
    app, _ = launch_with(ctx, [seed.announcement(1)])
    app.find(role="panel", name="Find Your Pet")
    app.find(role="push button", name="Lost Pet")
    app.find(role="push button", name="Found Pet")
    app.find(role="heading", name="Find Your Pet")
    app.find(role="heading", name="Recent Reports")
    app.find(role="push button", name="View All")


@scenario("home shows exactly the 5 newest of 10 reports, newest first")
def five_newest(ctx):
    items = [seed.announcement(i, name=f"Pet{i}") for i in (3, 9, 1, 7, 5, 10, 2, 8, 4, 6)]
    app, _ = launch_with(ctx, items)
    expected = [seed.card_prefix(item) for item in seed.newest_first(items)[:5]]

    def cards_match():
        names = home_cards(app)
        return len(names) == 5 and all(n.startswith(p) for n, p in zip(names, expected))
    wait_for(cards_match, message=f"cards {expected}")


@scenario("home shows 3 cards when 3 reports exist")
def three_cards(ctx):
    app, _ = launch_with(ctx, [seed.announcement(i) for i in range(3)])
    wait_for(lambda: len(home_cards(app)) == 3, message="3 cards")


@scenario("home with no reports shows No Recent Reports")
def empty_home(ctx):
    app, _ = launch_with(ctx, [])
    app.find(role="panel", name="No Recent Reports")
    assert not app.is_shown("panel", "Recent Reports"), "no card list next to the empty state"


@scenario("server down shows Unable to Load Reports, and Retry recovers once it is up")
def server_down_then_retry(ctx):
    port = free_port()
    app = ctx.launch(args=["--api-url", f"http://127.0.0.1:{port}"])
    app.find(role="panel", name="Unable to Load Reports")
    app.find(role="push button", name="Retry")
    ctx.start_server(seed=[seed.announcement(i) for i in range(6)], port=port)
    click(app, "push button", "Retry")
    wait_for(lambda: len(home_cards(app)) == 5, message="5 cards after Retry")


@scenario("a slow server shows Loading reports first")
def slow_server_shows_spinner(ctx):
    stub = ctx.start_stub(items=[seed.announcement(i) for i in range(2)])
    stub.hold()
    app = ctx.launch(args=["--api-url", stub.base_url])
    wait_for(lambda: stub.waiting >= 1, message="the app's request to arrive")
    # A spinning GtkSpinner's extents are unreliable (it is turned by CSS; see
    # test_map), so ask whether the box it sits in is on screen. Reports has a
    # spinner of its own, on a page never shown here.
    wait_for(lambda: any(a11y.is_on_screen(spinner.parent, app.window())
                         for spinner in app.find_all(name="Loading reports", on_screen=False)),
             message="Home's Loading reports spinner on screen")
    assert not app.is_shown("panel", "Recent Reports"), "no cards while loading"
    stub.answer()
    wait_for(lambda: len(home_cards(app)) == 2, message="2 cards once the server answers")


@scenario("cards give distances only when the location is known")
def distances_with_location(ctx):
    items = [seed.announcement(i) for i in range(3)]
    app, server = launch_with(ctx, items, args=["--location", "52.2297,21.0122"])
    wait_for(lambda: len(home_cards(app)) == 3 and all(n.endswith("km away") for n in home_cards(app)),
             message="cards ending in 'km away'")
    app.stop()
    plain = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: len(home_cards(plain)) == 3, message="3 cards")
    assert not any("km away" in name for name in home_cards(plain)), home_cards(plain)


@scenario("invalid reports never appear, broken or unsafe photos are placeholders")
def invalid_items_skipped(ctx):
    valid = [seed.announcement(0, name="Valid0", photoUrl="/images/broken.png"),
             seed.announcement(1, name="Valid1", photoUrl="javascript:alert(1)")]
    invalid = [
        seed.announcement(10, name="BadLatitude", locationLatitude=123.0),
        seed.announcement(11, name="BadStatus", status="ESCAPED"),
        seed.announcement(12, name="BadDate", lastSeenDate="last Tuesday"),
        seed.announcement(13, name="NoId", id=""),
        seed.announcement(14, name="BadCreated", createdAt="soon"),
    ]
    stub = ctx.start_stub(items=valid + invalid + ["not an object", 42])
    app = ctx.launch(args=["--api-url", stub.base_url])
    wait_for(lambda: len(home_cards(app)) == 2, message="only the 2 valid cards on Home")
    assert all(name.startswith("Valid") for name in home_cards(app)), home_cards(app)
    from scenarios.common import report_cards
    click(app, "push button", "View All")
    wait_for(lambda: len(report_cards(app)) == 2, message="only the 2 valid cards in Reports")
    click(app, "push button", prefix="Valid0,")
    app.find(role="heading", name="Valid0")
    app.find(role="label", name="Image not available")
    app.assert_running()
