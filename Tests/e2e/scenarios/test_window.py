"""The window skeleton: page tabs, keyboard shortcuts, remembered size, idle CPU."""
import json
import os
import time

import pyatspi

from harness import accessibility as a11y
from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import selected_tab

TABS = ("Home", "Reports", "Map")


def tab(app, title):
    """The on-screen copy of a page tab (the switcher keeps hidden copies)."""
    return app.find(role="page tab", name=title)




@scenario("the window appears with the three page tabs")
def window_has_tabs(ctx):
    app = ctx.launch()
    window = app.window()
    assert a11y.name(window) == "PetSpot"
    for title in TABS:
        tab(app, title)
    assert selected_tab(app) == "Home", f"Home is selected at start, not {selected_tab(app)}"


@scenario("activating each page tab selects it")
def tabs_select(ctx):
    app = ctx.launch()
    for title in ("Reports", "Map", "Home"):
        a11y.do_action(tab(app, title))
        wait_for(lambda: selected_tab(app) == title, timeout=5, message=f"{title} selected")


@scenario("Ctrl+Q quits")
def control_q_quits(ctx):
    app = ctx.launch()
    app.press_keys("<Control>q")
    code = app.exit_code(timeout=10)
    assert code == 0, f"expected a clean exit after Ctrl+Q, got {code}"


@scenario("the window size is restored and saved")
def window_size_remembered(ctx):
    from harness.app import App
    probe = App(ctx.options.app, ctx.workdir)
    probe.write_config("window-state.json", {"width": 700, "height": 540, "isMaximized": False})
    app = ctx.launch()
    window = app.window()

    def size():
        box = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return (box.width, box.height)
    # The frame's extents leave out the client-side decoration's shadow margin.
    wait_for(lambda: abs(size()[0] - 700) <= 24 and abs(size()[1] - 540) <= 24, timeout=5,
             message=f"a window of about 700x540 (is {size()})")

    os.remove(app.config_file("window-state.json"))
    app.press_keys("<Control>q")
    assert app.exit_code(timeout=10) == 0
    with open(app.config_file("window-state.json")) as saved:
        state = json.load(saved)
    assert (state["width"], state["height"]) == (700, 540), state


@scenario("an idle window uses no CPU")
def idle_uses_no_cpu(ctx):
    app = ctx.launch()
    tab(app, "Home")

    # Let start-up work (first frames, the accessibility bus handshake) finish:
    # wait until a quarter-second passes with almost no CPU used.
    def settled():
        before = app.cpu_seconds()
        time.sleep(0.25)
        return app.cpu_seconds() - before < 0.002
    wait_for(settled, timeout=15, interval=0, message="start-up work to finish")

    before = app.cpu_seconds()
    time.sleep(2.0)  # the measurement window itself, not a wait for something
    used_ms = (app.cpu_seconds() - before) * 1000
    assert used_ms < 20, f"the idle app used {used_ms:.1f} ms of CPU in 2 s"


@scenario("the main menu opens About PetSpot")
def about_window(ctx):
    app = ctx.launch(args=["--api-url", "http://127.0.0.1:9"])
    # GtkMenuButton shows as a named container around the button that acts.
    menu = [n for n in app.find_all(role="push button", name="Main Menu") if n.queryAction().nActions > 0]
    assert menu, "no actionable Main Menu button"
    a11y.do_action(menu[0])
    a11y.do_action(app.find(name="About PetSpot", on_screen=False))

    def windows():
        node = app.node()
        return [node.getChildAtIndex(i) for i in range(node.childCount)]
    # AdwAboutWindow opens as a second top-level window of the app.
    wait_for(lambda: len(windows()) > 1, timeout=10, message="the About window")
