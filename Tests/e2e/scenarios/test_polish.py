# SPDX-License-Identifier: GPL-3.0-or-later

"""PetSpot in Polish (LANG=pl_PL.UTF-8): the catalogue from po/pl.po reaches
every page, and dates and distances follow the locale. The English scenarios
run under C.UTF-8 and stay as they are."""
import re

from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from harness.waiting import wait_for
from scenarios.common import click, free_port

POLISH = {"LANG": "pl_PL.UTF-8", "LC_ALL": "pl_PL.UTF-8"}
# "Burek, Pies, Zaginiony, ostatnia obserwacja 12 lis 2025, 2,3 km stąd"
POLISH_CARD = re.compile(
    r"^Burek, Pies, Zaginiony, ostatnia obserwacja \d{1,2} [a-ząćęłńóśźż]{3,}\.? \d{4}, \d+,\d km stąd$")


def launch_in_polish(ctx, items=None, args=()):
    server = ctx.start_server(seed=items if items is not None else [seed.announcement(1, name="Burek")])
    return ctx.launch(args=["--api-url", server.base_url, *args], env=POLISH)


@scenario("in Polish, Home shows the Polish hero, header and tabs")
def polish_home(ctx):
    app = launch_in_polish(ctx)
    app.find(role="heading", name="Odnajdź swojego pupila")
    app.find(role="push button", name="Zaginione zwierzę")
    app.find(role="push button", name="Znalezione zwierzę")
    app.find(role="heading", name="Najnowsze zgłoszenia")
    app.find(role="push button", name="Pokaż wszystkie")
    for tab in ("Start", "Zgłoszenia", "Mapa"):
        app.find(role="page tab", name=tab)


@scenario("in Polish, a card's accessible sentence is Polish, with a Polish date and distance")
def polish_card_sentence(ctx):
    # 0,023° of latitude north of the user: about 2,6 km.
    app = launch_in_polish(ctx, args=["--location", "52.2067,21.0122"])
    group = app.find(role="panel", name="Najnowsze zgłoszenia")

    def sentence():
        cards = app.find_all(role="push button", within=group, on_screen=False)
        return next((a11y.name(n) for n in cards if a11y.name(n).startswith("Burek")), None)
    wait_for(lambda: sentence() is not None, message="Burek's card")
    assert POLISH_CARD.match(sentence()), f"not a Polish card sentence: {sentence()!r}"


@scenario("in Polish, the Reports status filter speaks Polish and filters")
def polish_status_filter(ctx):
    items = [seed.announcement(1, name="Burek"), seed.announcement(2, name="Mruczek", species="CAT", status="FOUND")]
    app = launch_in_polish(ctx, items)
    click(app, "page tab", "Zgłoszenia")
    group = app.find(role="panel", name="Filtr stanu")

    def filter_button(name):
        return a11y.find_one(group, role_name="toggle button", name_is=name) \
            or a11y.find_one(group, role_name="push button", name_is=name)
    for name in ("Wszystkie", "Zaginione", "Znalezione"):
        wait_for(lambda: filter_button(name) is not None, message=f"the {name} filter button")
    app.find(name="Sortowanie")
    a11y.do_action(filter_button("Znalezione"))
    listing = app.find(role="list", name="Zgłoszenia")

    def cards():
        return [a11y.name(card) for card in app.find_all(role="push button", within=listing)]
    wait_for(lambda: cards() and all(c.startswith("Mruczek, Kot, Znaleziony") for c in cards()),
             message="only Mruczek, found, in Polish")


@scenario("in Polish, an error page is Polish and offers Spróbuj ponownie")
def polish_error_page(ctx):
    app = ctx.launch(args=["--api-url", f"http://127.0.0.1:{free_port()}"], env=POLISH)
    app.find(role="panel", name="Nie udało się wczytać zgłoszeń")
    app.find(role="label", name="Nie można połączyć się z serwerem PetSpot.")
    app.find(role="push button", name="Spróbuj ponownie")


@scenario("in Polish, a lost female dog's poster says ZAGINIONA, and a male dog's ZAGINIONY")
def polish_poster(ctx):
    from scenarios.test_poster import poster, text_of
    luna = seed.announcement(1, name="Luna", sex="FEMALE", phone="+48 555 010 102")
    burek = seed.announcement(2, name="Burek", sex="MALE", phone="+48 555 010 101")
    server = ctx.start_server(seed=[luna, burek])
    for item, heading in ((luna, "ZAGINIONA"), (burek, "ZAGINIONY")):
        run, pdf = poster(ctx, server, item["id"], name=f"{item['id']}.pdf", env=POLISH)
        assert run.returncode == 0, run.stderr
        text = text_of(pdf)
        for expected in (heading, item["petName"], "Ostatnia obserwacja:", item["phone"]):
            assert expected in text, f"{expected!r} not on {item['petName']}'s poster:\n{text}"
