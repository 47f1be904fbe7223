# SPDX-License-Identifier: GPL-3.0-or-later

"""Announcements in the wire format, for seeding servers per scenario."""
import datetime

BASE_TIME = datetime.datetime(2026, 11, 1, 12, 0, tzinfo=datetime.timezone.utc)
SPECIES_NAMES = {"DOG": "Dog", "CAT": "Cat", "BIRD": "Bird", "RABBIT": "Rabbit", "OTHER": "Other"}
STATUS_NAMES = {"MISSING": "Lost", "FOUND": "Found", "CLOSED": "Closed"}


def announcement(index, name=None, species="DOG", status="MISSING", **overrides):
    """A complete, valid announcement; `index` orders createdAt (higher = newer)."""
    created = BASE_TIME + datetime.timedelta(hours=index)
    item = {
        "id": f"pet-{index:04d}",
        "petName": name if name is not None else f"Pet {index}",
        "species": species,
        "breed": None,
        "sex": "UNKNOWN",
        "age": None,
        "description": f"Announcement number {index}.",
        "microchipNumber": None,
        "locationLatitude": 52.2297 + index * 0.001,
        "locationLongitude": 21.0122,
        "lastSeenDate": created.strftime("%Y-%m-%d"),
        "email": "owner@example.org",
        "phone": None,
        "photoUrl": None,
        "status": status,
        "reward": None,
        "createdAt": created.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
        "updatedAt": created.strftime("%Y-%m-%d %H:%M:%S"),
    }
    item.update(overrides)
    return item


def card_prefix(item):
    """The start of a card's accessible name: "<name>, <Species>, <Status>"."""
    return f"{item['petName']}, {SPECIES_NAMES[item['species']]}, {STATUS_NAMES[item['status']]}"


def newest_first(items):
    return sorted(items, key=lambda item: item["createdAt"], reverse=True)
