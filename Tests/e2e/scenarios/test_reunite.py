# SPDX-License-Identifier: GPL-3.0-or-later

"""Closing a report when the pet is home, and correcting one, from My Reports:
Mark as Reunited, Edit sending only what changed, and a backend that cannot
change reports."""
import datetime
import json
import subprocess
import urllib.request

from harness import accessibility as a11y
from harness import seed
from harness.waiting import wait_for
from scenarios.common import home_cards, report_cards
from scenarios.test_report import (MY_REPORTS, TEXT_ROLES, extents, in_window, is_enabled, text_of, top_level,
                                   wait_in)
from scenarios.test_window import open_main_menu

EDIT = "Edit Report"


# -- the server's side ---------------------------------------------------------

def create_report(server, name="Burek", phone="555 0101"):
    """A report created as the app creates one: (its JSON, its password)."""
    body = {
        "status": "MISSING", "petName": name, "species": "DOG", "breed": "Mixed", "sex": "MALE", "age": 4,
        "description": "Brown, white paws.", "locationLatitude": 52.2297, "locationLongitude": 21.0122,
        "lastSeenDate": (datetime.date.today() - datetime.timedelta(days=2)).isoformat(),
        "email": "owner@example.org", "phone": phone, "reward": "200 PLN",
    }
    request = urllib.request.Request(f"{server.base_url}/api/v1/announcements", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=5) as answer:
        created = json.load(answer)
    password = created.pop("managementPassword")
    return created, password


def server_report(server, report_id):
    with urllib.request.urlopen(f"{server.base_url}/api/v1/announcements/{report_id}", timeout=5) as answer:
        return json.load(answer)


# -- the app's side ------------------------------------------------------------

def open_my_reports(app):
    open_main_menu(app)
    a11y.do_action(wait_for(lambda: a11y.find_one(app.node(), name_is="My Reports",
                                                  predicate=lambda n: a11y.role(n) == "menu item"),
                            timeout=5, message="the My Reports menu item"))
    return top_level(app, MY_REPORTS)


def press_in(app, window_name, name, timeout=10):
    a11y.do_action(wait_in(app, window_name, role="push button", name=name, timeout=timeout))


def replace_text(app, window_name, field_name, text):
    """Clicks into the field (scrolling the form to it), selects what it holds
    and types `text` over it, as a user correcting a value does."""
    from dogtail import rawinput
    node = wait_in(app, window_name, name=field_name, roles=TEXT_ROLES)
    window = app.top_level(window_name)
    frame = extents(window)
    for _ in range(40):
        box = extents(node)
        if 60 <= box.y and box.y + box.height <= frame.height - 10:
            break
        button = "5" if box.y + box.height > frame.height - 10 else "4"
        subprocess.run(["/usr/bin/xdotool", "mousemove", "8", str(frame.height // 2), "click", button],
                       check=True, timeout=10, env=app.environment)
        wait_for(lambda: extents(node).y != box.y, timeout=2, message="the form to scroll")
    x, y = app.centre_of(node)
    subprocess.run(["/usr/bin/xdotool", "mousemove", str(x), str(y), "click", "1"], check=True, timeout=10,
                   env=app.environment)
    rawinput.keyCombo("<Control>a")
    rawinput.typeText(text)
    wait_for(lambda: text_of(node) == text, timeout=5, message=f"{field_name!r} to hold {text!r}")
    return node


def my_reports_with(ctx, backend_url, report_id, password):
    """The app over `backend_url`, with this report's password kept, showing My Reports."""
    keyring = ctx.start_keyring()
    keyring.store(backend_url, report_id, password)
    app = ctx.launch(args=["--api-url", backend_url])
    wait_for(lambda: any(card.startswith("Burek, Dog") for card in home_cards(app)), timeout=15,
             message="Burek on Home")
    open_my_reports(app)
    wait_in(app, MY_REPORTS, role="push button", prefix="Burek, Dog, Lost", timeout=15)
    return app


# -- scenarios -------------------------------------------------------------------
from harness.runner import scenario  # noqa: E402


@scenario("Mark as Reunited asks first, then the report is Closed on Home, in Reports and on the server")
def mark_as_reunited(ctx):
    server = ctx.start_server(seed=[seed.announcement(1, name="Luna")])
    report, password = create_report(server)
    app = my_reports_with(ctx, server.base_url, report["id"], password)

    press_in(app, MY_REPORTS, "Mark Burek as Reunited")
    dialog = top_level(app, "Mark Burek as Reunited?")
    assert in_window(dialog, role="label", prefix="The report will show as closed to everyone"), \
        "the dialog says everyone sees it closed"
    assert server_report(server, report["id"])["status"] == "MISSING", "nothing is sent before the answer"
    a11y.do_action(wait_for(lambda: in_window(dialog, role="push button", name="Mark as Reunited"), timeout=5,
                            message="the dialog's Mark as Reunited button"))

    wait_in(app, MY_REPORTS, role="label", name="Closed", timeout=15)
    wait_for(lambda: server_report(server, report["id"])["status"] == "CLOSED", timeout=10,
             message="the server to say CLOSED")
    window = app.top_level(MY_REPORTS)
    assert not in_window(window, role="push button", name="Edit Burek"), "a closed report takes no edits"
    assert not in_window(window, role="push button", name="Mark Burek as Reunited")
    wait_for(lambda: any(card.startswith("Burek, Dog, Closed") for card in home_cards(app)), timeout=10,
             message=f"Closed on Home (cards: {home_cards(app)})")
    a11y.do_action(app.find(role="page tab", name="Reports"))
    wait_for(lambda: any(card.startswith("Burek, Dog, Closed") for card in report_cards(app)), timeout=10,
             message=f"Closed in Reports (cards: {report_cards(app)})")


@scenario("Edit changes the phone and only that: the server has the new phone and every other field as it was")
def edit_phone_only(ctx):
    server = ctx.start_server(seed=[])
    report, password = create_report(server)
    app = my_reports_with(ctx, server.base_url, report["id"], password)

    press_in(app, MY_REPORTS, "Edit Burek")
    top_level(app, EDIT)
    name = wait_in(app, EDIT, name="Pet name", roles=TEXT_ROLES)
    assert text_of(name) == "Burek", "the form shows the report"
    assert not in_window(app.top_level(EDIT), name="Management password", roles=TEXT_ROLES), \
        "the kept password is used: none is asked for"
    save = wait_in(app, EDIT, role="push button", name="Save Changes")
    assert not is_enabled(save), "nothing changed yet"
    replace_text(app, EDIT, "Phone", "555 0199")
    wait_for(lambda: is_enabled(save), timeout=5, message="Save Changes enabled once something changed")
    a11y.do_action(save)

    wait_for(lambda: app.top_level(EDIT) is None, timeout=15, message="the form to close once saved")
    changed = server_report(server, report["id"])
    assert changed["phone"] == "555 0199", changed
    unchanged = {key: value for key, value in report.items() if key not in ("phone", "updatedAt")}
    assert {key: changed[key] for key in unchanged} == unchanged, f"only the phone changed: {changed}"
    assert changed["updatedAt"] != report["updatedAt"]


@scenario("a backend that cannot change reports says so, and the edit stays in the open form")
def backend_without_patch(ctx):
    stub = ctx.start_stub(items=[seed.announcement(1, name="Burek", phone="555 0101")])
    app = my_reports_with(ctx, stub.base_url, "pet-0001", stub.PASSWORD)

    press_in(app, MY_REPORTS, "Mark Burek as Reunited")
    dialog = top_level(app, "Mark Burek as Reunited?")
    a11y.do_action(wait_for(lambda: in_window(dialog, role="push button", name="Mark as Reunited"), timeout=5,
                            message="the dialog's Mark as Reunited button"))
    wait_in(app, MY_REPORTS, role="label", name="This PetSpot server cannot change reports.", timeout=15)

    press_in(app, MY_REPORTS, "Edit Burek")
    top_level(app, EDIT)
    phone = replace_text(app, EDIT, "Phone", "555 0199")
    press_in(app, EDIT, "Save Changes")
    wait_in(app, EDIT, role="label", name="This PetSpot server cannot change reports.", timeout=15)
    assert app.top_level(EDIT) is not None, "the form stays open"
    assert text_of(phone) == "555 0199", "the edit is kept"
    assert wait_in(app, EDIT, role="push button", name="Close"), "a way out"
    assert stub.item("pet-0001")["phone"] == "555 0101"
    app.assert_running()
