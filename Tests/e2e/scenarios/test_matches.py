# SPDX-License-Identifier: GPL-3.0-or-later

"""Possible Matches on the details page: found pets that may be a lost one, and back."""
from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from harness.waiting import wait_for

WARSAW = (52.2297, 21.0122)
# A degree of latitude is 111.2 km: 0.009° north is 1.0 km.
ONE_KM_NORTH = 0.009


def matching_reports():
    return [
        seed.announcement(1, name="Burek", status="MISSING", breed="German Shepherd",
                          description="Black dog with white paws.", lastSeenDate="2026-11-10",
                          locationLatitude=WARSAW[0], locationLongitude=WARSAW[1]),
        seed.announcement(2, name="Azor", status="FOUND", breed="owczarek niemiecki",
                          description="Czarny pies, białe łapy.", lastSeenDate="2026-11-11",
                          locationLatitude=WARSAW[0] + ONE_KM_NORTH, locationLongitude=WARSAW[1]),
        seed.announcement(3, name="Faraway", status="FOUND", lastSeenDate="2026-11-11",
                          locationLatitude=WARSAW[0] + 0.3, locationLongitude=WARSAW[1]),
        seed.announcement(4, name="Mruczek", species="CAT", status="FOUND", lastSeenDate="2026-11-11",
                          locationLatitude=WARSAW[0], locationLongitude=WARSAW[1]),
        seed.announcement(5, name="Long Ago", status="FOUND", lastSeenDate="2026-10-01",
                          locationLatitude=WARSAW[0], locationLongitude=WARSAW[1]),
    ]


def match_cards(app):
    """Card names under Possible Matches, scrolled into view or not."""
    group = app.find_now(role="panel", name="Possible Matches") or app.find(
        role="panel", name="Possible Matches", on_screen=False)
    return [a11y.name(card) for card in app.find_all(role="push button", within=group, on_screen=False)]


@scenario("a found dog 1 km away a day later is a possible match of the lost one, and opens its details")
def found_dog_matches_lost_dog(ctx):
    server = ctx.start_server(seed=matching_reports())
    app = ctx.launch(args=["--api-url", server.base_url])
    # Home lists the lost dog; its card opens its details in the Reports tab.
    a11y.do_action(app.find(role="push button", prefix="Burek,", on_screen=False))
    app.find(role="heading", name="Burek")

    reasons = "possible match: 1.0 km away, found 1 day later, same breed, both mention black and white"
    cards = wait_for(lambda: match_cards(app) or None, message="a card under Possible Matches")
    assert len(cards) == 1, cards
    assert cards[0].startswith("Azor, Dog, Found"), cards
    assert cards[0].endswith(reasons), cards
    # The line under the card breaks only between reasons: inside one, its spaces do not break.
    line = "1.0 km away · found 1 day later · same breed · both mention black and white"
    assert a11y.find_one(app.window(), role_name="label",
                         predicate=lambda n: a11y.name(n).replace("\u00a0", " ") == line) is not None, line

    group = app.find(role="panel", name="Possible Matches", on_screen=False)
    card = a11y.find_one(group, role_name="push button", name_prefix="Azor,")
    a11y.do_action(card)
    app.find(role="heading", name="Azor")
    wait_for(lambda: app.find_now(role="heading", name="Burek") is None, message="Burek's details replaced")
    # And the other way round: from the found dog, the lost one, seen a day earlier.
    wait_for(lambda: any(name.startswith("Burek, Dog, Lost") and "lost 1 day earlier" in name
                         for name in match_cards(app)), message="Burek under Azor's Possible Matches")


@scenario("a report with nothing nearby says so under Possible Matches")
def no_matches_nearby(ctx):
    server = ctx.start_server(seed=[
        seed.announcement(1, name="Alone", status="MISSING"),
        seed.announcement(2, name="Cat", species="CAT", status="FOUND"),
    ])
    app = ctx.launch(args=["--api-url", server.base_url])
    a11y.do_action(app.find(role="push button", prefix="Alone,", on_screen=False))
    app.find(role="heading", name="Alone")
    group = app.find(role="panel", name="Possible Matches", on_screen=False)
    wait_for(lambda: a11y.find_one(group, name_is="No possible matches nearby") is not None,
             message="the empty text")
    assert not match_cards(app)
