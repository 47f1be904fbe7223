# SPDX-License-Identifier: GPL-3.0-or-later

"""A report submitted while the server is down: Send When Online keeps it,
marked "Will be sent when online", and it reaches the server exactly once
when the server is back."""
from harness import accessibility as a11y
from harness import seed
from harness.waiting import wait_for
from scenarios.common import free_port, home_cards
from scenarios.test_report import (FORM, MY_REPORTS, fill_valid_report, open_form, server_reports, submit_button,
                                   wait_in)
from scenarios.test_reunite import open_my_reports

from harness.runner import scenario  # noqa: E402


def reports_named(server, name):
    return [r for r in server_reports(server) if r["petName"] == name]


@scenario("a report written offline is sent exactly once when the server returns")
def sent_when_online(ctx):
    port = free_port()
    server = ctx.start_server(seed=[seed.announcement(1, name="Luna")], port=port)
    keyring = ctx.start_keyring()
    app = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: home_cards(app), timeout=15, message="the seeded card on Home")
    open_form(app)
    fill_valid_report(app, name="Pip")
    server.stop()
    a11y.do_action(submit_button(app))

    # Retry stays; Send When Online is offered beside it.
    wait_in(app, FORM, role="push button", name="Retry", timeout=30)
    a11y.do_action(wait_in(app, FORM, role="push button", name="Send When Online"))
    wait_in(app, FORM, role="label", name="Will be sent when online")
    wait_in(app, FORM, role="push button", name="Discard Pip")

    again = ctx.start_server(port=port)
    wait_for(lambda: reports_named(again, "Pip"), timeout=30, message="Pip on the server")
    # Sent: the form no longer lists it, and the app shows it.
    wait_for(lambda: a11y.find_one(app.top_level(FORM), name_is="Discard Pip") is None, timeout=10,
             message="the waiting report gone from the form")
    wait_for(lambda: any(card.startswith("Pip, Cat, Lost") for card in home_cards(app)), timeout=10,
             message=f"Pip on Home (cards: {home_cards(app)})")
    stored = reports_named(again, "Pip")
    assert len(stored) == 1, f"exactly one report, not {stored}"
    wait_for(lambda: list(keyring.stored_passwords(again.base_url)) == [stored[0]["id"]], timeout=10,
             message="the keyring to hold the password of the report sent")


@scenario("a report waiting when PetSpot quits is sent by the next run, and My Reports lists it meanwhile")
def sent_by_the_next_run(ctx):
    port = free_port()
    server = ctx.start_server(seed=[], port=port)
    ctx.start_keyring()
    app = ctx.launch(args=["--api-url", server.base_url])
    open_form(app)
    fill_valid_report(app, name="Fig")
    server.stop()
    a11y.do_action(submit_button(app))
    a11y.do_action(wait_in(app, FORM, role="push button", name="Send When Online", timeout=30))
    wait_in(app, FORM, role="push button", name="Discard Fig")
    app.press_keys("<Control>q", window=app.top_level(FORM))
    assert app.exit_code(timeout=10) == 0

    # Still offline: My Reports shows it waiting.
    offline = ctx.launch(args=["--api-url", server.base_url])
    open_my_reports(offline)
    wait_in(offline, MY_REPORTS, role="label", name="Will be sent when online", timeout=10)
    wait_in(offline, MY_REPORTS, role="push button", name="Discard Fig")
    offline.press_keys("<Control>q", window=offline.top_level(MY_REPORTS))
    assert offline.exit_code(timeout=10) == 0

    again = ctx.start_server(port=port)
    ctx.launch(args=["--api-url", again.base_url])
    wait_for(lambda: reports_named(again, "Fig"), timeout=30, message="Fig on the server")
    assert len(reports_named(again, "Fig")) == 1
