# SPDX-License-Identifier: GPL-3.0-or-later

"""The decoding reference `make bench` holds PetSpot to: Python's json module
parsing a list body and applying the checks PetSpot's decoder applies to each
item (docs/BEHAVIOUR.md §4): an object, a non-blank id, a species, a known status,
coordinates in range (flat or nested), a valid last-seen day and creation
time, blank optional strings dropped, the photo path resolved.

Usage: decode_reference.py BODY.json RUNS — prints the median seconds."""
import json
import statistics
import sys
import time
from datetime import date, datetime
from urllib.parse import urljoin

STATUSES = {"MISSING": "lost", "LOST": "lost", "FOUND": "found", "CLOSED": "closed"}
OPTIONAL = ("petName", "breed", "description", "microchipNumber", "address", "email", "phone", "reward")
BASE = "http://127.0.0.1:3000/"


def timestamp(text):
    try:
        return datetime.fromisoformat(text) if isinstance(text, str) and len(text) <= 64 else None
    except ValueError:
        return None


def validate(item):
    if not isinstance(item, dict):
        return None
    ident = item.get("id")
    if not isinstance(ident, str) or not ident.strip():
        return None
    species = item.get("species")
    status = item.get("status")
    if not isinstance(species, str) or not isinstance(status, str):
        return None
    status = STATUSES.get(status.strip().upper())
    location = item.get("location") if isinstance(item.get("location"), dict) else {}
    latitude = item.get("locationLatitude", location.get("latitude"))
    longitude = item.get("locationLongitude", location.get("longitude"))
    if status is None or not isinstance(latitude, (int, float)) or not isinstance(longitude, (int, float)):
        return None
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        return None
    try:
        last_seen = date.fromisoformat(item.get("lastSeenDate", "")[:10])
    except (TypeError, ValueError):
        return None
    created = timestamp(item.get("createdAt"))
    if created is None:
        return None
    result = {"id": ident, "species": species, "status": status, "latitude": latitude, "longitude": longitude,
              "lastSeen": last_seen, "createdAt": created, "updatedAt": timestamp(item.get("updatedAt"))}
    for key in OPTIONAL:
        value = item.get(key)
        if isinstance(value, str) and value.strip():
            result[key] = value.strip()
    photo = item.get("photoUrl")
    if isinstance(photo, str) and photo.strip():
        result["photoURL"] = urljoin(BASE, photo.strip())
    return result


def decode(body):
    parsed = json.loads(body)
    items = parsed.get("data", parsed.get("announcements")) if isinstance(parsed, dict) else None
    return [announcement for announcement in map(validate, items or []) if announcement is not None]


def main():
    with open(sys.argv[1], "rb") as source:
        body = source.read()
    samples = []
    for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 3):
        start = time.perf_counter()
        count = len(decode(body))
        samples.append(time.perf_counter() - start)
    print(f"{statistics.median(samples):.6f} {count}")


if __name__ == "__main__":
    main()
