# SPDX-License-Identifier: GPL-3.0-or-later

"""A report's page to share: `GET /reports/{id}` on the real server, and the
details page's Copy Link and Email… that lead to it."""
import subprocess
import sys
import urllib.request

from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from scenarios.test_reports import open_from_home

HOSTILE_NAME = '<b>Rex & "Co"</b>'


def hostile_report():
    return seed.announcement(1, name=HOSTILE_NAME, phone="+48 555 010 101",
                             description='"><img src=x onerror=alert(1)> {{title}}')


# Read in a separate GTK process on the same X display, as another app would paste.
READ_CLIPBOARD = r"""
import gi
gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk
Gtk.init()
loop, text = GLib.MainLoop(), []
def done(clipboard, result):
    try:
        text.append(clipboard.read_text_finish(result) or "")
    except GLib.Error:
        pass
    loop.quit()
Gtk.Window().get_display().get_clipboard().read_text_async(None, done)
GLib.timeout_add_seconds(5, loop.quit)
loop.run()
print(text[0] if text else "", end="")
"""


def clipboard_text():
    run = subprocess.run([sys.executable, "-c", READ_CLIPBOARD], capture_output=True, text=True, timeout=20)
    return run.stdout


def fetch(url, method="GET"):
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, answer.headers, answer.read().decode("utf-8")


@scenario("the page answers 200 with the pet's name escaped")
def page_escapes_the_name(ctx):
    item = hostile_report()
    server = ctx.start_server(seed=[item])
    status, headers, html = fetch(f"{server.base_url}/reports/{item['id']}")
    assert status == 200, status
    assert headers.get_content_type() == "text/html", headers.get("Content-Type")
    assert headers.get("Content-Security-Policy") == \
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'", headers
    assert "&lt;b&gt;Rex &amp; &quot;Co&quot;&lt;/b&gt;" in html, html
    assert HOSTILE_NAME not in html
    assert "<script" not in html.lower()
    assert "<img src=x" not in html
    assert "{{title}}" in html, "a value is never read as a template"


@scenario("a quote with a combining mark in the name does not end the attribute it is in")
def page_escapes_combining_marks(ctx):
    # One grapheme cluster for Swift, but a browser reads the quote and ends the attribute.
    name = '0;url=https://evil.example/"\u0301 http-equiv=refresh x='
    item = seed.announcement(2, name=name)
    server = ctx.start_server(seed=[item])
    _, _, html = fetch(f"{server.base_url}/reports/{item['id']}")
    assert '"\u0301' not in html, "a raw quote before the combining mark"
    title = next(line for line in html.splitlines() if line.startswith('<meta property="og:title"'))
    escaped = '0;url=https://evil.example/&quot;\u0301 http-equiv=refresh x='
    assert title == f'<meta property="og:title" content="{escaped}">', title
    assert title.count('"') == 4, title


@scenario("Copy Link on the details page copies the report's page and says so")
def copy_link(ctx):
    item = hostile_report()
    server = ctx.start_server(seed=[item])
    app = ctx.launch(args=["--api-url", server.base_url])
    open_from_home(app, HOSTILE_NAME)
    app.find(role="push button", name="Email…", on_screen=False)
    # Shown once the backend has answered that it serves the page.
    button = app.find(role="push button", name="Copy Link", on_screen=False, timeout=15)
    a11y.do_action(button)
    app.find(role="label", name="Link copied", on_screen=False)
    page = f"{server.base_url}/reports/{item['id']}"
    copied = clipboard_text()
    assert copied == page, f"clipboard: {copied!r}, expected {page!r}"
    status, _, _ = fetch(copied, method="HEAD")
    assert status == 200
