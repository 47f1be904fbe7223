# SPDX-License-Identifier: GPL-3.0-or-later

"""A backend that misbehaves: huge texts, a body that never ends, photos cut
short, duplicate ids. The app shows what it can, bounded, and its window keeps
answering throughout (an accessibility query answers within a second)."""
import os
import shutil
import subprocess

from harness import accessibility as a11y
from harness import seed
from harness.runner import scenario
from harness.waiting import stays, wait_for
from scenarios.common import click, home_cards, report_cards

TEN_MB = 10 * 1024 * 1024
# Decoding keeps at most this many characters, an ellipsis included.
SHORT_TEXT_LIMIT = 200
DESCRIPTION_LIMIT = 2000
# The app's deadline for a list request (HTTPAnnouncementRepository), and a
# margin for the error state to show.
LIST_DEADLINE_SECONDS = 20
DEMO_PHOTO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                          "Sources", "PetSpotServer", "Demo", "images", "dog-burek.png")


def bounded(character, limit):
    """What a text of `character` repeated far beyond `limit` shows as."""
    return character * (limit - 1) + "\u2026"


def launch_on_held_stub(ctx, stub):
    """The app on `stub`, whose first answer waits until the responsiveness
    probe runs: the probe must watch the load itself."""
    stub.hold()
    app = ctx.launch(args=["--api-url", stub.base_url])
    probe = app.stays_responsive()
    wait_for(lambda: stub.waiting >= 1, message="the app's list request to arrive")
    return app, probe


def open_details(app, prefix, heading):
    a11y.do_action(app.find(role="push button", prefix=prefix, on_screen=False, timeout=30))
    return app.find(role="heading", name=heading, timeout=30)


@scenario("hostile backend: a 10 MB name shows cut to 200 characters on its card and details, and the app stays responsive")
def huge_name(ctx):
    stub = ctx.start_stub(items=[seed.announcement(1, name="A" * TEN_MB), seed.announcement(2, name="Plain")])
    app, probe = launch_on_held_stub(ctx, stub)
    name = bounded("A", SHORT_TEXT_LIMIT)
    with probe:
        stub.answer()
        wait_for(lambda: len(home_cards(app)) == 2, timeout=30, message="2 cards on Home")
        card = next(n for n in home_cards(app) if n.startswith("A"))
        assert card.startswith(name + ", Dog, Lost,"), f"the card's name starts {card[:260]!r} ({len(card)} chars)"
        open_details(app, name + ",", name)
    app.assert_running()


@scenario("hostile backend: a 10 MB description shows cut to 2000 characters, and the app stays responsive")
def huge_description(ctx):
    stub = ctx.start_stub(items=[seed.announcement(1, name="Wordy", description="D" * TEN_MB)])
    app, probe = launch_on_held_stub(ctx, stub)
    with probe:
        stub.answer()
        wait_for(lambda: len(home_cards(app)) == 1, timeout=30, message="the card on Home")
        open_details(app, "Wordy,", "Wordy")
        label = app.find(role="label", prefix="DDDDDDDDDD", on_screen=False, timeout=30)
        # Zero-width spaces give a long unbroken run places to wrap; nobody sees or hears them.
        text = a11y.name(label).replace("\u200b", "")
        assert text == bounded("D", DESCRIPTION_LIMIT), \
            f"the description has {len(text)} characters and ends {text[-20:]!r}"
    app.assert_running()


@scenario("hostile backend: a list body that never ends: responsive while waiting, then the error state, and Retry recovers")
def trickling_body(ctx):
    stub = ctx.start_stub(items=[seed.announcement(1, name="Patient")])
    stub.trickle_list(interval=0.1)
    app, probe = launch_on_held_stub(ctx, stub)
    with probe:
        stub.answer()
        wait_for(lambda: stub.trickling >= 1, message="the list body to start trickling")
        app.find(role="panel", name="Unable to Load Reports", timeout=LIST_DEADLINE_SECONDS + 10)
        wait_for(lambda: stub.trickling == 0, timeout=5, message="the app to close the trickling connection")
        stub.answer_list_whole()
        click(app, "push button", "Retry")
        wait_for(lambda: [n.split(",")[0] for n in home_cards(app)] == ["Patient"], message="the card after Retry")


def details_photo_shown(app):
    """The details page shows a photo, not its "Image not available" placeholder."""
    return app.find_now(role="label", name="Image not available") is None


@scenario("hostile backend: photos cut halfway show the placeholder, as a missing photo does")
def truncated_photos(ctx):
    whole = open(DEMO_PHOTO, "rb").read()
    jpeg = os.path.join(ctx.workdir, "photo.jpg")
    subprocess.run([shutil.which("convert") or "convert", DEMO_PHOTO, jpeg], check=True, timeout=60)
    whole_jpeg = open(jpeg, "rb").read()
    photos = {"/images/whole.png": whole, "/images/half.png": whole[:len(whole) // 2],
              "/images/half.jpg": whole_jpeg[:len(whole_jpeg) // 2]}
    stub = ctx.start_stub(items=[
        seed.announcement(1, name="Whole", photoUrl="/images/whole.png"),
        seed.announcement(2, name="HalfPng", photoUrl="/images/half.png"),
        seed.announcement(3, name="HalfJpeg", photoUrl="/images/half.jpg"),
    ], photos=photos)
    app, probe = launch_on_held_stub(ctx, stub)
    with probe:
        stub.answer()
        wait_for(lambda: len(home_cards(app)) == 3, message="3 cards on Home")
        wait_for(lambda: all(stub.answered[path] >= 1 for path in photos), message="the cards' photos fetched")
        # The control: a whole photo replaces the placeholder.
        open_details(app, "Whole,", "Whole")
        wait_for(lambda: details_photo_shown(app), message="Whole's photo instead of the placeholder")
        for name, path in (("HalfPng", "/images/half.png"), ("HalfJpeg", "/images/half.jpg")):
            served = stub.answered[path]
            app.press_keys("Escape")
            open_details(app, f"{name},", name)
            # Once the details have fetched the photo, decoding it takes
            # milliseconds: the placeholder must still be there well after.
            wait_for(lambda: stub.answered[path] > served, message=f"the details to fetch {path}")
            stays(lambda: app.find_now(role="label", name="Image not available") is not None, 2.0,
                  message=f"{name}'s placeholder")
    app.assert_running()


@scenario("hostile backend: duplicate ids show one card each: the latest updatedAt, or the later of a tie")
def duplicate_ids(ctx):
    def item(index, name, report_id, updated):
        return seed.announcement(index, name=name, id=report_id, updatedAt=updated)
    items = [
        item(1, "Newer", "dup-updated", "2026-11-05 10:00:00"),  # wins though listed first
        item(2, "Older", "dup-updated", "2026-11-04 10:00:00"),
        item(3, "TieFirst", "dup-tie", "2026-11-05 10:00:00"),
        item(4, "TieSecond", "dup-tie", "2026-11-05 10:00:00"),  # a tie: the later one wins
        item(5, "Single", "single", "2026-11-05 10:00:00"),
    ]
    stub = ctx.start_stub(items=items)
    app, probe = launch_on_held_stub(ctx, stub)
    expected = ["Newer", "Single", "TieSecond"]
    with probe:
        stub.answer()
        wait_for(lambda: sorted(n.split(",")[0] for n in home_cards(app)) == expected,
                 message=f"one card per id on Home: {expected}")
        click(app, "push button", "View All")
        wait_for(lambda: sorted(n.split(",")[0] for n in report_cards(app)) == expected,
                 message=f"one card per id in Reports: {expected}")
