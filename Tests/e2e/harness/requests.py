# SPDX-License-Identifier: GPL-3.0-or-later

"""The requests a petspot-server answered, read back from its log.

The server writes one line per request to stderr (`server.log` in the
scenario's workdir), e.g.
`... [PetSpotServer] GET /api/v1/announcements?lat=52.2&lng=21.0&range=3 200 0.4 ms`.
A restarted server on the same workdir appends to the same file, so the list
covers every server the scenario ran, in order.
"""
import math
import re
import time
from urllib.parse import parse_qsl, urlsplit

from .waiting import wait_for

LIST_PATH = "/api/v1/announcements"
LINE = re.compile(r"\b(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (/\S*) (\d{3}) \d+\.\d ms$")
EARTH_RADIUS_KM = 6371.0


def all_requests(server):
    """Every logged request as a dict: method, path, query (dict), status."""
    return read_log(server.log_path)


def read_log(log_path):
    """The requests logged in `log_path` (see `all_requests`)."""
    try:
        with open(log_path, "r", errors="replace") as log:
            text = log.read()
    except OSError:
        return []
    found = []
    # Only whole lines: the server may be writing the last one right now.
    for line in text.split("\n")[:-1]:
        match = LINE.search(line.rstrip())
        if match is None:
            continue
        method, target, status = match.group(1), match.group(2), int(match.group(3))
        parts = urlsplit(target)
        found.append({"method": method, "path": parts.path,
                      "query": dict(parse_qsl(parts.query, keep_blank_values=True)), "status": status})
    return found


def list_requests(server):
    """The query dicts of the list requests (`GET /api/v1/announcements`), in order."""
    return [r["query"] for r in all_requests(server) if r["method"] == "GET" and r["path"] == LIST_PATH]


def is_region(query):
    """A region request: one that asks for the reports around a point."""
    return "lat" in query or "lng" in query or "range" in query


def region_requests(server, since=0):
    """The region requests among the list requests from index `since` on."""
    return [q for q in list_requests(server)[since:] if is_region(q)]


def range_km(query):
    """The request's range as an int; fails unless it is a whole number >= 1."""
    raw = query.get("range")
    assert raw is not None and re.fullmatch(r"[0-9]+", raw), f"range is not a whole number: {query}"
    value = int(raw)
    assert value >= 1, f"range below 1 km: {query}"
    return value


def range_value(query):
    """The request's range as an int, or None when it is missing or not a
    whole number: for conditions that must not raise."""
    raw = query.get("range")
    return int(raw) if raw is not None and re.fullmatch(r"[0-9]+", raw) else None


def check_ranges(server, since=0):
    """Every region request from index `since` on has a whole `range` >= 1."""
    for query in region_requests(server, since):
        range_km(query)


def centre(query):
    """(lat, lng) of a region request; fails unless both are numbers."""
    try:
        return float(query["lat"]), float(query["lng"])
    except (KeyError, ValueError):
        raise AssertionError(f"a region request without a numeric lat and lng: {query}") from None


def distance_km(a, b):
    """Haversine distance between two (lat, lng) points, as the server measures it."""
    lat1, lng1 = map(math.radians, a)
    lat2, lng2 = map(math.radians, b)
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def describe(queries):
    """A short readable list for assertion messages."""
    return "[" + ", ".join("&".join(f"{k}={v}" for k, v in q.items()) or "(all)" for q in queries) + "]"


def wait_until_quiet(server, quiet=1.0, timeout=10):
    """Waits until no new request has been logged for `quiet` seconds (the
    app's debounced requests have all been made); returns the list-request count."""
    state = {"count": len(list_requests(server)), "since": time.monotonic()}

    def settled():
        count, now = len(list_requests(server)), time.monotonic()
        if count != state["count"]:
            state.update(count=count, since=now)
            return False
        return now - state["since"] >= quiet
    wait_for(settled, timeout=timeout, interval=0.05, message=f"{quiet:.1f}s without a new request")
    return state["count"]


def describe_log(log_path):
    """Every API request in a server log, one line each, for failure reports."""
    lines = []
    for r in read_log(log_path):
        if r["path"].startswith("/images/"):
            continue
        query = "&".join(f"{k}={v}" for k, v in r["query"].items())
        lines.append(f"{r['method']} {r['path']}{'?' + query if query else ''} {r['status']}")
    return "\n".join(lines) or "(none)"
