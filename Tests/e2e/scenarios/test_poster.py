# SPDX-License-Identifier: GPL-3.0-or-later

"""`petspot --poster ID --output FILE`: the printed poster as a PDF, without a
window, read back as a person and a phone would: its text (pdftotext) and its
QR code (pdftoppm, then zbarimg)."""
import os
import subprocess
import time
import urllib.request

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


@scenario("Ctrl+P on a report's details opens the print dialog, and Print to File writes the poster")
def print_dialog(ctx):
    item = seed.announcement(5, name="Burek", phone="+48 555 010 101")
    server = ctx.start_server(seed=[item])
    app = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: len(home_cards(app)) == 1, message="Burek's card")
    app.press_keys("<Control>p")
    time.sleep(1)  # a dialog would be there by now
    assert open_print_dialog(app) is None, "Ctrl+P printed from Home"

    click(app, "push button", prefix="Burek,")
    app.find(role="heading", name="Burek")
    app.find(role="push button", name="Print Poster…", on_screen=False)
    app.press_keys("<Control>p")
    dialog = wait_for(lambda: open_print_dialog(app), timeout=15, message="the print dialog")
    app.press_keys("Escape", window=dialog)
    wait_for(lambda: open_print_dialog(app) is None, message="the dialog cancelled")

    app.press_keys("<Control>p")
    dialog = wait_for(lambda: open_print_dialog(app), timeout=15, message="the print dialog again")
    # The dialog's printer list is not in the accessibility tree: the keyboard
    # selects its one printer, Print to File (output.pdf in the working folder).
    for key in ("Down", "space", "<Alt>p"):
        time.sleep(0.5)
        app.press_keys(key, window=dialog)
    pdf = os.path.join(ctx.workdir, "output.pdf")
    wait_for(lambda: open_print_dialog(app) is None and os.path.exists(pdf) and os.path.getsize(pdf) > 0,
             timeout=15, message="the poster printed to a file")
    text = text_of(pdf)
    assert "LOST" in text and "Burek" in text and "+48 555 010 101" in text, text
    page = f"{server.base_url}/reports/{item['id']}"
    assert qr_code_of(pdf) == (page if serves_page(page) else "tel:+48555010101")
