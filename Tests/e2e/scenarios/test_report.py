# SPDX-License-Identifier: GPL-3.0-or-later

"""Reporting a pet: the form, its checks, sending, the password in the keyring,
a photo, a dead server, the draft, and My Reports."""
import base64
import datetime
import json
import os
import re
import subprocess
import urllib.request

import pyatspi

from harness import accessibility as a11y
from harness import seed
from harness.waiting import wait_for
from scenarios.common import home_cards

FORM = "Report a Pet"
MY_REPORTS = "My Reports"
DIGITS = re.compile(r"^\d{6}$")
# A 1×1 PNG: a real image the server accepts by its first bytes.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


# -- finding things in the app's other windows --------------------------------

def top_levels(app):
    node = app.node()
    return [node.getChildAtIndex(i) for i in range(node.childCount)] if node is not None else []


def top_level_names(app):
    return [(a11y.role(w), a11y.name(w)) for w in top_levels(app)]


def top_level(app, name, timeout=10):
    def found():
        return next((w for w in top_levels(app) if a11y.name(w) == name), None)
    try:
        return wait_for(found, timeout=timeout, message=f"the {name!r} window")
    except AssertionError as error:
        raise AssertionError(f"{error}; the app's windows: {top_level_names(app)}") from None


def in_window(window, role=None, name=None, prefix=None, roles=None):
    """The showing node in `window` with this role (or one of `roles`) and name."""
    def matches(node):
        return roles is None or a11y.role(node) in roles
    return a11y.find_one(window, role_name=role, name_is=name, name_prefix=prefix, predicate=matches)


def wait_in(app, window_name, role=None, name=None, prefix=None, roles=None, timeout=10):
    def search():
        window = app.top_level(window_name)
        return window is not None and in_window(window, role=role, name=name, prefix=prefix, roles=roles)
    return wait_for(search, timeout=timeout, message=f"{role or roles} {name or prefix!r} in {window_name!r}")


TEXT_ROLES = ("text", "entry", "password text")


def field(app, name):
    """A form field's text node, found by the row's title."""
    return wait_in(app, FORM, name=name, roles=TEXT_ROLES)


def text_of(node):
    text = node.queryText()
    return text.getText(0, text.characterCount)


def extents(node):
    return node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)


def scroll_into_view(app, node):
    """Turns the mouse wheel over the form until `node` is inside the window,
    below its header bar."""
    window = app.top_level(FORM)
    frame = extents(window)
    top, bottom = 60, frame.height - 10
    for _ in range(40):
        box = extents(node)
        if box.y >= top and box.y + box.height <= bottom:
            return
        button = "5" if box.y + box.height > bottom else "4"
        # In the margin: over the map the wheel would zoom it.
        subprocess.run(["/usr/bin/xdotool", "mousemove", "8", str(frame.height // 2),
                        "click", button], check=True, timeout=10, env=app.environment)
        wait_for(lambda: extents(node).y != box.y, timeout=2, message="the form to scroll")
    raise AssertionError(f"{a11y.name(node)!r} never scrolled into view")


def focus_by_click(app, node):
    """Puts the keyboard focus in `node` the way a user reaching for it would."""
    scroll_into_view(app, node)
    x, y = app.centre_of(node)
    # GTK 4.8 reports no focused state on an entry row: what is typed next shows where the focus is.
    subprocess.run(["/usr/bin/xdotool", "mousemove", str(x), str(y), "click", "1"], check=True, timeout=10,
                   env=app.environment)


def type_into(app, name, text):
    from dogtail import rawinput
    node = field(app, name)
    focus_by_click(app, node)
    rawinput.typeText(text)
    wait_for(lambda: text_of(node) == text, timeout=5, message=f"{name!r} to hold {text!r}")


def press(app, window_name, role, name):
    a11y.do_action(wait_in(app, window_name, role=role, name=name))


def is_enabled(node):
    return a11y.has_state(node, pyatspi.STATE_SENSITIVE)


def submit_button(app):
    return wait_in(app, FORM, role="push button", name="Submit")


# -- the server's side ---------------------------------------------------------

def server_reports(server):
    with urllib.request.urlopen(f"{server.base_url}/api/v1/announcements", timeout=5) as answer:
        return json.load(answer)["data"]


def open_form(app):
    app.press_keys("<Control>n")
    return top_level(app, FORM)


SPECIES = ["Dog", "Cat", "Bird", "Rabbit", "Other"]


def choose_species_after_name(app, name):
    """Species is an AdwComboRow, the row after Pet name: Tab reaches it,
    Enter opens its list, the arrows move from the first species, and Enter
    chooses, as a keyboard user does."""
    from dogtail import rawinput
    rawinput.keyCombo("Tab")
    rawinput.keyCombo("Return")
    for _ in range(SPECIES.index(name)):
        rawinput.keyCombo("Down")
    rawinput.keyCombo("Return")
    combo = wait_in(app, FORM, role="combo box", name="Species")
    wait_for(lambda: a11y.find_one(combo, role_name="label", name_is=name), timeout=5,
             message=f"Species to show {name}")


def fill_valid_report(app, name="Burek", email="owner@example.org"):
    """Every required field, by keyboard, and a place typed as coordinates."""
    type_into(app, "Pet name", name)
    choose_species_after_name(app, "Cat")
    type_into(app, "Latitude", "52.2297")
    type_into(app, "Longitude", "21.0122")
    type_into(app, "Email", email)


def choose_file(app, path):
    """In GTK's file chooser (no portal runs here): Ctrl+L, the path, Open."""
    from dogtail import rawinput
    chooser = top_level(app, "Choose a Photo")
    app.focus_window(chooser)
    rawinput.keyCombo("<Control>l")
    rawinput.typeText(path)
    # Enter once the whole path is in the location entry (completion may lag).
    wait_for(lambda: any(text_of(n) == path for n in a11y.find_all(
        app.node(), predicate=lambda n: a11y.role(n) == "text" and "Text" in n.get_interfaces())),
        timeout=5, message="the path typed into the chooser")
    rawinput.keyCombo("Return")
    wait_for(lambda: app.top_level("Choose a Photo") is None, timeout=10, message="the chooser to close")


def password_dialog(app):
    dialog = top_level(app, "Report Published", timeout=20)
    digits = wait_for(lambda: in_window(dialog, name="Management password"), timeout=5,
                      message="the management password")
    shown = text_of(digits) if "Text" in digits.get_interfaces() else a11y.name(digits)
    return dialog, shown


# -- scenarios -------------------------------------------------------------------
from harness.runner import scenario  # noqa: E402


@scenario("report a pet by keyboard: it is on Home, newest first, and the password is in the keyring")
def report_by_keyboard(ctx):
    server = ctx.start_server(seed=[seed.announcement(1, name="Luna")])
    keyring = ctx.start_keyring()
    app = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: home_cards(app), timeout=15, message="the seeded card on Home")
    open_form(app)
    assert not is_enabled(submit_button(app)), "Submit is disabled on an empty form"
    fill_valid_report(app)
    button = submit_button(app)
    wait_for(lambda: is_enabled(button), timeout=5, message="Submit enabled once the form is valid")
    a11y.do_action(button)

    _, password = password_dialog(app)
    assert DIGITS.match(password), f"six digits, not {password!r}"
    stored = [r for r in server_reports(server) if r["petName"] == "Burek"]
    assert len(stored) == 1 and stored[0]["species"] == "CAT" and stored[0]["status"] == "MISSING", stored
    wait_for(lambda: keyring.stored_passwords(server.base_url) == {stored[0]["id"]: password}, timeout=10,
             message="the keyring to hold the password for the new report")
    wait_for(lambda: home_cards(app)[:1] and home_cards(app)[0].startswith("Burek, Cat, Lost"), timeout=10,
             message=f"the new report first on Home (cards: {home_cards(app)})")


@scenario("an invalid email and a future date are refused inline and Submit stays disabled")
def invalid_fields(ctx):
    from dogtail import rawinput
    server = ctx.start_server(seed=[])
    ctx.start_keyring()
    app = ctx.launch(args=["--api-url", server.base_url])
    open_form(app)
    fill_valid_report(app, email="owner")
    email = field(app, "Email")
    wait_in(app, FORM, role="label", name="Enter an email address like name@example.org")
    assert not is_enabled(submit_button(app))

    # Mend the email; then pick tomorrow in the calendar.
    focus_by_click(app, email)
    rawinput.typeText("@example.org")
    wait_for(lambda: is_enabled(submit_button(app)), timeout=5, message="Submit enabled with a valid email")
    # A GtkMenuButton: the button inside it is the one that acts.
    day_button = wait_for(lambda: next(
        (n for n in a11y.find_all(app.top_level(FORM), name_prefix="Choose the day")
         if "Action" in n.get_interfaces() and n.queryAction().nActions > 0), None),
        timeout=5, message="the Choose the day button")
    scroll_into_view(app, day_button)
    a11y.do_action(day_button)
    # Down walks the calendar a week at a time, into the next month at its
    # edge: ten weeks on is in the future wherever GTK put the focus first.
    wait_in(app, FORM, name="Date last seen", roles=("filler", "calendar", "table"))
    x, y = app.centre_of(day_button)
    # Without a window manager, keys go to the window under the pointer: the popover below the button.
    subprocess.run(["/usr/bin/xdotool", "mousemove", str(x), str(y + 120)], check=True, timeout=10,
                   env=app.environment)
    for key in ["Down"] * 10 + ["space"]:
        rawinput.keyCombo(key)
    wait_in(app, FORM, role="label", name="Enter a date that is not in the future")
    assert not is_enabled(submit_button(app)), "Submit disabled with a future date"
    assert server_reports(server) == [], "nothing was sent"


@scenario("the server down at submit: an error, every field kept, and Retry sends it")
def server_down_then_retry(ctx):
    from scenarios.common import free_port
    port = free_port()
    server = ctx.start_server(seed=[], port=port)
    ctx.start_keyring()
    app = ctx.launch(args=["--api-url", server.base_url])
    open_form(app)
    fill_valid_report(app, name="Kiwi")
    server.stop()
    a11y.do_action(submit_button(app))
    retry = wait_in(app, FORM, role="push button", name="Retry", timeout=30)
    for name, value in (("Pet name", "Kiwi"), ("Email", "owner@example.org"), ("Latitude", "52.2297")):
        assert text_of(field(app, name)) == value, f"{name} kept"
    again = ctx.start_server(port=port, db_name="server.sqlite")
    a11y.do_action(retry)
    _, password = password_dialog(app)
    assert DIGITS.match(password)
    assert [r["petName"] for r in server_reports(again)] == ["Kiwi"], "exactly one report"


@scenario("quitting while a report is on its way waits for the answer, keeps the password, then quits")
def quit_while_sending(ctx):
    stub = ctx.start_stub(items=[])
    keyring = ctx.start_keyring()
    app = ctx.launch(args=["--api-url", stub.base_url])
    open_form(app)
    fill_valid_report(app, name="Reksio")
    stub.hold()
    a11y.do_action(submit_button(app))
    wait_for(lambda: stub.waiting >= 1, timeout=10, message="the report to reach the server")
    app.press_keys("<Control>q", window=app.top_level(FORM))
    wait_in(app, FORM, name="Sending your report… PetSpot quits once it is sent", timeout=10)
    assert app.exit_code(timeout=0) is None, "the app waits for the answer"

    stub.answer()
    assert app.exit_code(timeout=20) == 0, "the app quits once the report is sent"
    created = [item["id"] for item in stub.items if item.get("petName") == "Reksio"]
    assert len(created) == 1, stub.items
    assert keyring.stored_passwords(stub.base_url) == {created[0]: stub.PASSWORD}, "the password is in the keyring"


@scenario("quitting mid-form and starting again restores the draft")
def draft_restored(ctx):
    server = ctx.start_server(seed=[])
    ctx.start_keyring()
    app = ctx.launch(args=["--api-url", server.base_url])
    open_form(app)
    type_into(app, "Pet name", "Mruczek")
    type_into(app, "Phone", "555-PETS")
    app.press_keys("<Control>q", window=app.top_level(FORM))
    assert app.exit_code(timeout=10) == 0
    again = ctx.launch(args=["--api-url", server.base_url])
    open_form(again)
    wait_for(lambda: text_of(field(again, "Pet name")) == "Mruczek", timeout=10, message="the name restored")
    assert text_of(field(again, "Phone")) == "555-PETS"


@scenario("a photo is attached and appears on the card; My Reports adds one after a restart, then forgets it")
def photo_and_my_reports(ctx):
    from dogtail import rawinput
    photo = os.path.join(ctx.workdir, "kitten.png")
    with open(photo, "wb") as out:
        out.write(PNG)
    server = ctx.start_server(seed=[])
    keyring = ctx.start_keyring()
    app = ctx.launch(args=["--api-url", server.base_url])
    open_form(app)
    fill_valid_report(app, name="Puszek")
    press(app, FORM, "push button", "Choose Photo…")
    choose_file(app, photo)
    wait_in(app, FORM, role="label", name="kitten.png")
    wait_in(app, FORM, name="Photo preview", roles=("image", "icon", "animation", "panel", "filler"))
    a11y.do_action(submit_button(app))
    dialog, password = password_dialog(app)
    report = next(r for r in server_reports(server) if r["petName"] == "Puszek")
    assert report["photoUrl"], f"the report has a photo: {report}"

    # After a restart My Reports lists it, and Add Photo sends a new one with the stored password.
    app.press_keys("<Control>q", window=dialog)
    assert app.exit_code(timeout=10) == 0, "Ctrl+Q quits from the password dialog too"
    again = ctx.launch(args=["--api-url", server.base_url])
    from scenarios.test_window import open_main_menu
    open_main_menu(again)
    a11y.do_action(wait_for(lambda: a11y.find_one(again.node(), name_is="My Reports",
                                                  predicate=lambda n: a11y.role(n) == "menu item"),
                            timeout=5, message="the My Reports menu item"))
    wait_in(again, MY_REPORTS, role="push button", prefix="Puszek, Cat, Lost")
    press_add = wait_in(again, MY_REPORTS, role="push button", prefix="Add Photo")
    a11y.do_action(press_add)
    choose_file(again, photo)
    wait_in(again, MY_REPORTS, name="Photo added", roles=("label",), timeout=20)
    updated = next(r for r in server_reports(server) if r["id"] == report["id"])
    assert updated["photoUrl"] != report["photoUrl"], "a new photo replaced the first"
    assert keyring.stored_passwords(server.base_url) == {report["id"]: password}

    # Remove from This Computer forgets the password after a confirmation; the server keeps the report.
    press(again, MY_REPORTS, "push button", "Remove Puszek from This Computer")
    confirmation = top_level(again, "Remove Puszek from This Computer?")
    assert "stays on the server" in a11y.name(in_window(confirmation, role="label", prefix="The report stays"))
    a11y.do_action(wait_for(lambda: in_window(confirmation, role="push button", name="Remove"), timeout=5,
                            message="the confirmation's Remove button, named as it reads"))
    wait_for(lambda: keyring.stored_passwords(server.base_url) == {}, timeout=10,
             message="the password gone from the keyring")
    def empty_shown():
        window = again.top_level(MY_REPORTS)
        empty = window is not None and in_window(window, name="No Reports Yet")
        return empty and a11y.is_on_screen(empty, window)
    wait_for(empty_shown, timeout=10, message="My Reports empty once the report is removed")
    assert [r["id"] for r in server_reports(server)] == [report["id"]], "the report stays on the server"


@scenario("Report a Pet opens from the header button and from an empty Reports list")
def report_a_pet_entry_points(ctx):
    from scenarios.common import selected_tab
    server = ctx.start_server(seed=[])
    app = ctx.launch(args=["--api-url", server.base_url])
    buttons = app.find_all(role="push button", name="Report a Pet")
    assert len(buttons) == 1, f"one header button on Home, found {len(buttons)}"
    a11y.do_action(buttons[0])
    form = top_level(app, FORM)
    app.press_keys("Escape", window=form)
    wait_for(lambda: app.top_level(FORM) is None, timeout=5, message="Escape to close the form")

    a11y.do_action(app.find(role="page tab", name="Reports"))
    wait_for(lambda: selected_tab(app) == "Reports", timeout=5, message="Reports selected")
    app.find(role="label", name="No Reports")
    wait_for(lambda: len(app.find_all(role="push button", name="Report a Pet")) == 2, timeout=5,
             message="the empty list's own Report a Pet button")
    header = buttons[0]
    empty_state = next(b for b in app.find_all(role="push button", name="Report a Pet") if b != header)
    a11y.do_action(empty_state)
    top_level(app, FORM)
