# SPDX-License-Identifier: GPL-3.0-or-later

"""GNOME Shell's search: the app's org.gnome.Shell.SearchProvider2 object,
called over the session bus as the Shell calls it (GNOME Shell itself does not
run here), answers from the reports already fetched and opens what is chosen."""
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

from harness import seed  # noqa: E402
from harness.runner import scenario  # noqa: E402
from harness.waiting import wait_for  # noqa: E402
from scenarios.common import report_cards, selected_tab  # noqa: E402
from scenarios.test_report import text_of  # noqa: E402

BUS_NAME = "io.github.petspot.PetSpot"
OBJECT_PATH = "/io/github/petspot/PetSpot/SearchProvider"
INTERFACE = "org.gnome.Shell.SearchProvider2"


def provider_call(method, signature, *arguments, reply="(as)"):
    """One call as the Shell makes it; never starts a service (the app runs)."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    answer = bus.call_sync(BUS_NAME, OBJECT_PATH, INTERFACE, method, GLib.Variant(signature, arguments),
                           GLib.VariantType(reply), Gio.DBusCallFlags.NO_AUTO_START, 5000, None)
    return answer.unpack()


def initial(*terms):
    return provider_call("GetInitialResultSet", "(as)", list(terms))[0]


def reports():
    return [
        seed.announcement(1, name="Luna", species="CAT", status="MISSING", breed="Maine Coon"),
        seed.announcement(2, name="Rex", species="DOG", status="FOUND", breed="Owczarek niemiecki"),
        seed.announcement(3, name="Burek", species="DOG", status="MISSING"),
        seed.announcement(4, name="Łatka", species="DOG", status="CLOSED"),
    ]


@scenario("GNOME Shell's search finds reports in English and Polish, shows their metas and opens what is chosen")
def shell_search(ctx):
    server = ctx.start_server(seed=reports())
    app = ctx.launch(args=["--api-url", server.base_url])
    # The provider answers from the fetched list: wait for the list, not a time.
    wait_for(lambda: initial("luna") == ["pet-0001"], timeout=15, message="Luna found by the provider")

    started = time.monotonic()
    assert initial("LUNA") == ["pet-0001"], "case is folded"
    assert initial("latka") == ["pet-0004"], "diacritics are folded"
    assert initial("pies", "zaginiony") == ["pet-0003"], "Polish species and status words match"
    assert initial("lost", "dog") == ["pet-0003"], "every term must match"
    assert set(initial("dog")) == {"pet-0002", "pet-0003", "pet-0004"}
    assert initial("german", "shepherd") == ["pet-0002"], "a known breed matches in the other language"
    assert initial("luna", "kot") == ["pet-0001"]
    assert initial("luna", "dog") == []
    assert initial("x" * 500) == [], "an over-long search finds nothing"
    assert initial() == []
    assert provider_call("GetSubsearchResultSet", "(asas)", ["pet-0001", "pet-0003"], ["zaginiona", "kot"])[0] \
        == ["pet-0001"]
    elapsed = time.monotonic() - started
    assert elapsed < 5, f"ten searches took {elapsed:.2f} s"

    metas = provider_call("GetResultMetas", "(as)", ["pet-0001", "nobody", "pet-0002"], reply="(aa{sv})")[0]
    assert [meta["id"] for meta in metas] == ["pet-0001", "pet-0002"], metas
    assert metas[0]["name"] == "Lost · Luna · Cat", metas[0]
    assert metas[0]["description"].startswith("Maine Coon · Last seen 1 Nov 2026 at "), metas[0]
    assert metas[1]["name"] == "Found · Rex · Dog", metas[1]

    provider_call("ActivateResult", "(sasu)", "pet-0003", ["burek"], 0, reply="()")
    app.find(role="heading", name="Burek", timeout=10)
    wait_for(lambda: selected_tab(app) == "Reports", message="the Reports tab")

    provider_call("LaunchSearch", "(asu)", ["maine", "coon"], 0, reply="()")
    wait_for(lambda: app.find_now(role="heading", name="Burek") is None, message="the details left for the list")
    wait_for(lambda: [name.split(",")[0] for name in report_cards(app)] == ["Luna"], message="only Luna listed")
    entry = app.find(name="Search by name or breed")
    assert text_of(entry) == "maine coon", text_of(entry)
    app.assert_running()


def name_owned():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    answer = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                           GLib.Variant("(s)", (BUS_NAME,)), GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE,
                           5000, None)
    return answer.unpack()[0]


@scenario("started as a D-Bus service PetSpot answers the Shell without a window, and opens one for a chosen result")
def shell_search_as_service(ctx):
    server = ctx.start_server(seed=reports())
    app = ctx.launch(args=["--api-url", server.base_url, "--gapplication-service"], wait=False)
    wait_for(lambda: app.assert_running() or name_owned(), timeout=15, message="the service on the bus")
    wait_for(lambda: initial("rex") == ["pet-0002"], timeout=15, message="Rex found by the provider")
    assert app.window() is None, "a service start shows no window"
    provider_call("ActivateResult", "(sasu)", "pet-0002", ["rex"], 0, reply="()")
    app.wait_for_window()
    app.find(role="heading", name="Rex", timeout=10)


@scenario("with the server down, a D-Bus start answers the Shell from the reports kept for reading offline")
def shell_search_offline(ctx):
    from scenarios.test_offline import cached_list_files
    server = ctx.start_server(seed=reports())
    first = ctx.launch(args=["--api-url", server.base_url])
    wait_for(lambda: cached_list_files(first), timeout=15, message="the list kept in the cache")
    first.press_keys("<Control>q")
    assert first.exit_code(timeout=10) == 0
    server.stop()

    app = ctx.launch(args=["--api-url", server.base_url, "--gapplication-service"], wait=False)
    wait_for(lambda: app.assert_running() or name_owned(), timeout=15, message="the service on the bus")
    wait_for(lambda: initial("pies", "zaginiony") == ["pet-0003"], timeout=10, message="Burek found from the cache")
    metas = provider_call("GetResultMetas", "(as)", ["pet-0003"], reply="(aa{sv})")[0]
    assert metas[0]["name"] == "Lost · Burek · Dog", metas


@scenario("a Shell search result shows the pet's photo once the app has it on disk, as a serialized bytes icon")
def shell_search_photo(ctx):
    from scenarios.test_hostile_backend import DEMO_PHOTO
    photo = open(DEMO_PHOTO, "rb").read()
    stub = ctx.start_stub(items=[seed.announcement(1, name="Luna", photoUrl="/images/luna.png"),
                                 seed.announcement(2, name="Rex")], photos={"/images/luna.png": photo})
    ctx.launch(args=["--api-url", stub.base_url])

    def icons():
        metas = provider_call("GetResultMetas", "(as)", ["pet-0001", "pet-0002"], reply="(aa{sv})")[0]
        return [meta.get("icon") for meta in metas] if len(metas) == 2 else None
    found = wait_for(lambda: (icons() or [None])[0] is not None and icons(), timeout=15,
                     message="Luna's photo kept and offered as an icon")
    assert found[1] is None, "no photo, no icon"
    kind, png = found[0]
    assert kind == "bytes" and bytes(png[:8]) == b"\x89PNG\r\n\x1a\n", kind
    icon = Gio.Icon.deserialize(GLib.Variant("(sv)", (kind, GLib.Variant("ay", bytes(png)))))
    assert isinstance(icon, Gio.BytesIcon), icon
