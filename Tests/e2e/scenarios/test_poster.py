# SPDX-License-Identifier: GPL-3.0-or-later

"""`petspot --poster ID --output FILE`: the printed poster as a PDF, without a
window, read back as a person and a phone would: its text (pdftotext) and its
QR code (pdftoppm, then zbarimg)."""
import os
import subprocess
import urllib.request

import pyatspi

from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import click, home_cards

def poster(ctx, server, report_id, name="poster.pdf", env=None):
    output = os.path.join(ctx.workdir, name)
    run = subprocess.run([ctx.options.app, "--api-url", server.base_url, "--poster", report_id, "--output", output],
                         capture_output=True, text=True, timeout=30, env={**os.environ, **(env or {})})
    return run, output


def text_of(pdf):
    return subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True, timeout=20,
                          check=True).stdout


def qr_code_of(pdf):
    prefix = pdf[:-len(".pdf")]
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-singlefile", pdf, prefix], check=True, timeout=30)
    decoded = subprocess.run(["zbarimg", "--raw", "-q", prefix + ".png"], capture_output=True, text=True, timeout=30)
    return decoded.stdout.strip()


def serves_page(url):
    request = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status == 200 and answer.headers.get_content_type() == "text/html"
    except OSError:
        return False


@scenario("--poster writes a PDF with the heading, name, phone and a QR code for the report")
def poster_pdf(ctx):
    item = seed.announcement(1, name="Burek", phone="+48 555 010 101", reward="500 PLN",
                             description="Brown mongrel with a red collar.")
    server = ctx.start_server(seed=[item])
    run, pdf = poster(ctx, server, item["id"])
    assert run.returncode == 0, run.stderr
    text = text_of(pdf)
    for expected in ("LOST", "Burek", "+48 555 010 101", "Reward: 500 PLN", "Brown mongrel with a red collar."):
        assert expected in text, f"{expected!r} not on the poster:\n{text}"
    # Our own server serves the report's page: the QR code must be its URL, not the phone.
    assert qr_code_of(pdf) == f"{server.base_url}/reports/{item['id']}"


@scenario("--poster of a found pet without name, photo or phone still has a heading and an e-mail QR code")
def poster_without_name_or_phone(ctx):
    item = seed.announcement(2, name=None, status="FOUND", species="CAT", email="finder@example.org")
    item["petName"] = None
    server = ctx.start_server(seed=[item])
    run, pdf = poster(ctx, server, item["id"])
    assert run.returncode == 0, run.stderr
    text = text_of(pdf)
    assert "FOUND" in text and "Cat" in text and "finder@example.org" in text, text
    assert qr_code_of(pdf) == f"{server.base_url}/reports/{item['id']}"


@scenario("--poster fails clearly for an unknown report, a dead server and an unwritable file")
def poster_failures(ctx):
    item = seed.announcement(4, name="Burek", phone="+48 555 010 101")
    server = ctx.start_server(seed=[item])
    run, pdf = poster(ctx, server, "no-such-report")
    assert run.returncode == 1 and "no-such-report" in run.stderr, (run.returncode, run.stderr)
    assert not os.path.exists(pdf)

    unwritable = os.path.join(ctx.workdir, "missing-folder", "poster.pdf")
    run = subprocess.run([ctx.options.app, "--api-url", server.base_url, "--poster", item["id"],
                          "--output", unwritable], capture_output=True, text=True, timeout=30)
    assert run.returncode == 3 and "missing-folder" in run.stderr, (run.returncode, run.stderr)

    server.stop()
    run, _ = poster(ctx, server, item["id"], name="dead.pdf")
    assert run.returncode == 2 and "backend" in run.stderr, (run.returncode, run.stderr)

    usage = subprocess.run([ctx.options.app, "--poster", item["id"]], capture_output=True, text=True, timeout=20)
    assert usage.returncode != 0 and "--output" in usage.stderr, usage.stderr


def open_print_dialog(app):
    """GTK's print dialog, when the app has one open (its accessible states do
    not include showing, so `App.top_level` does not find it)."""
    node = app.node()
    children = [node.getChildAtIndex(index) for index in range(node.childCount)] if node is not None else []
    return next((child for child in children
                 if child is not None and a11y.role(child) == "dialog" and a11y.name(child) == "Print"), None)


def print_poster_button(app):
    """The details page's Print Poster… button, shown or not (None before the page is built)."""
    window = app.window()
    return a11y.find_one(window, role_name="push button", name_is="Print Poster…") if window else None


def print_poster_enabled(app):
    button = print_poster_button(app)
    return button is not None and a11y.has_state(button, pyatspi.STATE_SENSITIVE)


def main_menu_shown(app):
    """The main menu's items are in the tree only while it is open."""
    return a11y.find_one(app.node(), role_name="menu item", name_is="Keyboard Shortcuts") is not None


@scenario("Ctrl+P on a report's details opens the print dialog, and Print to File writes the poster")
def print_dialog(ctx):
    item = seed.announcement(5, name="Burek", phone="+48 555 010 101")
    server = ctx.start_server(seed=[item])
    app = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: len(home_cards(app)) == 1, message="Burek's card")

    # The details page (in the Reports tab) stays built once a report has
    # been opened: back on Home, Ctrl+P must still not reach its Print Poster… button.
    click(app, "push button", prefix="Burek,")
    app.find(role="heading", name="Burek")
    wait_for(lambda: print_poster_enabled(app), message="Print Poster… on the details")
    click(app, "push button", "Back")
    wait_for(lambda: not app.is_shown("heading", "Burek"), message="the details left")
    a11y.do_action(app.find(role="page tab", name="Home"))
    wait_for(lambda: len(home_cards(app)) == 1, message="Home again")
    app.press_keys("<Control>p")
    # Keys are handled in order: once F10 has opened the main menu, Ctrl+P
    # has been handled too. A poster started then keeps its button off until
    # its dialog closes.
    app.press_keys("F10")
    wait_for(lambda: main_menu_shown(app), message="the main menu after F10")
    assert print_poster_enabled(app), "Ctrl+P started a poster from Home"
    assert open_print_dialog(app) is None, "Ctrl+P printed from Home"
    app.press_keys("Escape")
    wait_for(lambda: not main_menu_shown(app), message="the main menu closed")

    click(app, "push button", prefix="Burek,")
    app.find(role="heading", name="Burek")
    wait_for(lambda: print_poster_enabled(app), message="Print Poster… on the details again")
    app.press_keys("<Control>p")
    dialog = wait_for(lambda: open_print_dialog(app), timeout=15, message="the print dialog")
    # One dialog at a time: the button stays off until this one closes.
    assert not print_poster_enabled(app), "Print Poster… is on while its dialog is open"
    app.press_keys("Escape", window=dialog)
    wait_for(lambda: open_print_dialog(app) is None, message="the dialog cancelled")
    wait_for(lambda: print_poster_enabled(app), message="Print Poster… on again once the dialog closed")

    app.press_keys("<Control>p")
    dialog = wait_for(lambda: open_print_dialog(app), timeout=15, message="the print dialog again")
    # Print to File (output.pdf in the working folder), picked by its name in
    # the printer list, whatever other printers the machine has.
    printer = wait_for(lambda: a11y.find_one(dialog, role_name="label", name_is="Print to File"),
                       timeout=15, message="Print to File in the printer list")
    row = printer.parent.parent
    printers = row.parent
    assert a11y.role(row) == "table row" and a11y.role(printers) == "list", (a11y.role(row), a11y.role(printers))
    assert printers.querySelection().selectChild(row.getIndexInParent()), "Print to File could not be selected"
    print_button = a11y.find_one(dialog, role_name="push button", name_prefix="_Print")
    wait_for(lambda: a11y.has_state(print_button, pyatspi.STATE_SENSITIVE), message="Print enabled for Print to File")
    a11y.do_action(print_button, "click")
    pdf = os.path.join(ctx.workdir, "output.pdf")
    wait_for(lambda: open_print_dialog(app) is None and os.path.exists(pdf) and os.path.getsize(pdf) > 0,
             timeout=15, message="the poster printed to a file")
    text = text_of(pdf)
    assert "LOST" in text and "Burek" in text and "+48 555 010 101" in text, text
    page = f"{server.base_url}/reports/{item['id']}"
    assert qr_code_of(pdf) == (page if serves_page(page) else "tel:+48555010101")
