# SPDX-License-Identifier: GPL-3.0-or-later

"""Where data comes from: the built-in demo server, flags and environment."""
import os
import subprocess

from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import home_cards


@scenario("without --api-url the built-in demo server shows demo data")
def embedded_demo(ctx):
    app = ctx.launch()
    wait_for(lambda: len(home_cards(app)) == 5, timeout=30, message="5 demo cards")
    app.find(role="label", name="Demo data")
    database = os.path.join(app.environment["XDG_DATA_HOME"], "petspot", "petspot.sqlite")
    assert os.path.exists(database), f"no demo database at {database}"


@scenario("PETSPOT_API_URL selects the backend and --api-url wins over it")
def environment_and_flag(ctx):
    from harness import seed
    server = ctx.start_server(seed=[seed.announcement(1, name="FromServer")])
    app = ctx.launch(env={"PETSPOT_API_URL": server.base_url})
    wait_for(lambda: [n.split(",")[0] for n in home_cards(app)] == ["FromServer"], message="the server's card")
    assert not app.is_shown("label", "Demo data")
    app.stop()
    other = ctx.launch(args=["--api-url", server.base_url], env={"PETSPOT_API_URL": "http://127.0.0.1:9"})
    wait_for(lambda: [n.split(",")[0] for n in home_cards(other)] == ["FromServer"], message="the flag's backend")


@scenario("--help works and bad options are refused with a message")
def command_line(ctx):
    help_text = subprocess.run([ctx.options.app, "--help"], capture_output=True, text=True, timeout=20)
    assert help_text.returncode == 0 and "--api-url" in help_text.stdout and "--location" in help_text.stdout
    assert "USAGE: petspot " in help_text.stdout, help_text.stdout  # the executable's own name
    bad = subprocess.run([ctx.options.app, "--location", "north"], capture_output=True, text=True, timeout=20)
    assert bad.returncode != 0 and "latitude" in bad.stderr, bad.stderr
    bad_url = subprocess.run([ctx.options.app, "--api-url", "file:///etc/passwd"], capture_output=True,
                             text=True, timeout=20)
    assert bad_url.returncode != 0 and "http" in bad_url.stderr, bad_url.stderr
