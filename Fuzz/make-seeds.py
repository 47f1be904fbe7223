#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpus under Fuzz/corpus/<target>/: the wire contract
(docs/BEHAVIOUR.md §4, the demo data) and the hostile backend's cases, each kept
to a size the fuzzer can mutate many times a second (the 200 MB body and the
10 MB string become 100 KB; a million `{}` items become 1 000: the unit tests
decode the full sizes). Nesting stays 100 000 deep. Run it again after
changing it; the files it writes are what git keeps."""

import json
import shutil
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DEMO = ROOT.parent / "Sources/PetSpotServer/Demo"


def write(target, name, content):
    folder = ROOT / "corpus" / target
    folder.mkdir(parents=True, exist_ok=True)
    data = content.encode() if isinstance(content, str) else content
    (folder / name).write_bytes(data)


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def as_variant(item):
    """The `{"announcements": [...]}` shape: nested location, Lost/Found."""
    variant = {k: v for k, v in item.items() if not k.startswith("location")}
    variant["location"] = {"latitude": item["locationLatitude"], "longitude": item["locationLongitude"],
                           "address": "Wybrzeże Kościuszkowskie 20, Warszawa"}
    variant["status"] = {"MISSING": "Lost", "FOUND": "Found"}.get(item["status"], item["status"])
    return variant


def announcements():
    demo = json.loads((DEMO / "demo-seed.json").read_text())["data"]
    return demo[:3]


def hostile_items(item):
    """One item per hostile case, each a variation of a valid `item`."""
    def but(**changes):
        changed = dict(item)
        changed.update(changes)
        return changed
    cases = {
        "wrong-types": but(id=7, species=["DOG"], age="8", locationLatitude="52.2", lastSeenDate=20261119,
                           phone=48555010101, reward=500, status=True, createdAt=None),
        "nan-huge-negative": but(locationLatitude=-1e308, locationLongitude=1e308, age=-3),
        "out-of-range": but(locationLatitude=90.0000001, locationLongitude=-180.0000001),
        "photo-file": but(photoUrl="file:///etc/passwd"),
        "photo-javascript": but(photoUrl="javascript:alert(1)"),
        "photo-data": but(photoUrl="data:image/png;base64,iVBORw0KGgo="),
        "photo-scheme-relative": but(photoUrl="//cdn.example/x.webp"),
        "photo-traversal": but(photoUrl="../../../../etc/passwd"),
        "photo-odd": but(photoUrl=" HTTPS://Example.COM:99999/a b\\c?d#e "),
        "markup": but(petName="<b>Rex</b>", description="<span foreground='red'>&amp; <script>x</script>",
                      breed="&lt;&#x3c;%s%n", reward="\u202e\u0000\ufeff"),
        "blank-fields": but(id="   ", petName=" ", breed="\t\n"),
        "dates": but(lastSeenDate="2024-02-29T23:59:60.999999+14:00", createdAt="2026-11-19 21:05:00",
                     updatedAt="1970-01-01T00:00:00-23:59"),
        "bad-dates": but(lastSeenDate="2023-02-29", createdAt="2026-13-01T00:00:00Z", updatedAt="yesterday"),
        "nulls": {key: None for key in item},
    }
    return cases


def decode_seeds():
    items = announcements()
    variants = [as_variant(item) for item in items]
    lists = {
        "contract": compact({"data": items}),
        "contract-pretty": json.dumps({"data": items}, indent=2, ensure_ascii=False),
        "variant": compact({"announcements": variants}),
        "variant-null-data": compact({"data": None, "announcements": variants[:1]}),
        "empty": '{"data":[]}',
        "not-array": '{"data":{"id":"1"}}',
        "no-envelope": '[{"id":"1"}]',
        "truncated": compact({"data": items})[:700],
        "trailing-comma": '{"data":[{"id":"1"},]}',
        "bom": "\ufeff" + compact({"data": items[:1]}),
        "invalid-utf8": b'{"data":[{"id":"\xff\xfe\xc0\x80","species":"DOG"}]}',
        "nul-bytes": '{"data":[{"id":"a\u0000b"}]}\u0000',
        "nan-literals": '{"data":[{"id":"1","locationLatitude":NaN,"locationLongitude":Infinity,"age":-Infinity}]}',
        "huge-numbers": '{"data":[{"id":"1","locationLatitude":1e999,"locationLongitude":-1e999,'
                        '"age":123456789012345678901234567890,"reward":-0.0}]}',
        "duplicate-ids": compact({"data": [items[0], items[0], dict(items[1], id=items[0]["id"])]}),
        "duplicate-keys": '{"data":[{"id":"1","id":"2","species":"DOG","species":7}],"data":[]}',
        "empty-objects": "{\"data\":[" + ",".join(["{}"] * 1_000) + "]}",
        "deep-arrays": '{"data":[' + "[" * 100_000 + "]" * 100_000 + "]}",
        "deep-objects": '{"data":[{"location":' + '{"a":' * 20_000 + "1" + "}" * 20_000 + "}]}",
        "long-string": compact({"data": [dict(items[0], description="x" * 100_000)]}),
        "long-id": compact({"data": [dict(items[0], id="9" * 10_000)]}),
    }
    for name, item in hostile_items(items[0]).items():
        lists["item-" + name] = compact({"data": [item]})
        lists["variant-" + name] = compact({"announcements": [as_variant(dict(items[0], **{
            k: v for k, v in item.items() if not k.startswith("location")}))]})
        write("DecodeDetail", name, compact(item))
    for name, body in lists.items():
        write("DecodeList", name, body)
    for index, item in enumerate(items):
        write("DecodeDetail", f"contract-{index}", json.dumps(item, indent=1, ensure_ascii=False))
        write("DecodeDetail", f"variant-{index}", compact(variants[index]))
    for name in ("truncated", "bom", "invalid-utf8", "nan-literals", "huge-numbers", "duplicate-keys",
                 "deep-objects", "long-string"):
        write("DecodeDetail", "list-" + name, lists[name])
    write("DecodeDetail", "not-object", "[1,2,3]")
    write("DecodeDetail", "deep", "{\"id\":" + "[" * 100_000 + "]" * 100_000 + "}")


def date_seeds():
    texts = [
        "2026-11-19", "2024-02-29", "2023-02-29", "0001-01-01", "9999-12-31", "2026-13-01", "2026-00-10",
        "2026-11-19T21:05:00Z", "2025-11-15T12:30:00.000Z", "2026-11-20 08:30:00", "2026-11-19t21:05z",
        "2026-11-19T21:05:00.123456789+05:30", "2026-11-19T21:05:00-0800", "2026-11-19T23:59:60Z",
        "0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59.999-23:59", "2026-11-19T24:00:00Z",
        "2026-11-19T21:05:00,5Z", "2026-11-19T21:05:00.Z", "2026-11-19T21:05:00+5", "2026-11-19T",
        "+2026-11-19", "２０２６-11-19", "2026-11-19T21:05:00Z" + "0" * 60, "", "null", "-001-01-01",
    ]
    for index, text in enumerate(texts):
        write("WireDates", f"date-{index:02}", text)


def png(width, height, body=b"", end=True):
    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(body))
    return data + (chunk(b"IEND", b"") if end else b"")


def jpeg(width, height, fill=b"", end=True):
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return b"\xff\xd8" + app0 + fill + sof + b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00" + b"\x00" * 8 + (
        b"\xff\xd9" if end else b"")


def gif(width, height, end=True):
    return b"GIF89a" + struct.pack("<HHBBB", width, height, 0, 0, 0) + b"," + b"\x00" * 9 + b"\x02\x02D\x01\x00" + (
        b";" if end else b"")


def riff(kind, payload):
    body = b"WEBP" + kind + struct.pack("<I", len(payload)) + payload
    return b"RIFF" + struct.pack("<I", len(body)) + body


def image_seeds():
    demo_png = sorted((DEMO / "images").glob("*.png"))[0].read_bytes()
    seeds = {
        "demo.png": demo_png,
        "demo-truncated.png": demo_png[: len(demo_png) // 2],
        "png-1x1": png(1, 1, b"\x00\xff\x00\x00"),
        "png-max-sides": png(0xFFFFFFFF, 0xFFFFFFFF),
        "png-zero": png(0, 5),
        "png-40mp": png(8000, 5001),
        "png-no-end": png(2, 2, end=False),
        "png-header-only": png(1, 1)[:24],
        "jpeg-64x48": jpeg(64, 48),
        "jpeg-max": jpeg(0xFFFF, 0xFFFF),
        "jpeg-fill-bytes": jpeg(10, 10, fill=b"\xff\xff\xff"),
        "jpeg-zero-length-segment": b"\xff\xd8\xff\xe1\x00\x00" + b"\x00" * 16,
        "jpeg-truncated": jpeg(64, 48, end=False)[:30],
        "gif-10x10": gif(10, 10),
        "gif-max": gif(0xFFFF, 0xFFFF),
        "gif-no-trailer": gif(3, 3, end=False),
        "webp-vp8x": riff(b"VP8X", b"\x00" * 4 + b"\xff\xff\xff" + b"\xff\xff\xff"),
        "webp-vp8": riff(b"VP8 ", b"\x00" * 3 + b"\x9d\x01\x2a" + struct.pack("<HH", 0x3FFF, 0x3FFF) + b"\x00" * 4),
        "webp-vp8l": riff(b"VP8L", b"\x2f" + struct.pack("<I", 0xFFFFFFFF) + b"\x00" * 4),
        "webp-lying-size": b"RIFF\xff\xff\xff\xffWEBPVP8X" + b"\x00" * 18,
        "riff-not-webp": b"RIFF\x10\x00\x00\x00AVI LIST" + b"\x00" * 20,
        "empty": b"",
    }
    for name, data in seeds.items():
        write("ImageHeader", name, data)


def query_seeds():
    queries = [
        "lat=52.2297&lng=21.0122&range=5", "lat=52.2297&lng=21.0122", "", "range=10", "lat=52",
        "lng=21", "lat=90&lng=-180&range=1", "lat=-90.0000001&lng=0", "lat=NaN&lng=0", "lat=nan&lng=inf",
        "lat=1e999&lng=-1e999", "lat=1e-400&lng=0", "lat=0x1p3&lng=0", "lat=+&lng=-", "lat=.&lng=e",
        "lat=1&lat=2&lng=3", "range=2.5", "range=0", "range=-1", "range=99999999999999999999999",
        "range=%2B5", "lat=%35%32&lng=%32%31", "lat=..%2F..%2Fetc%2Fpasswd&lng=0",
        "lat=1';DROP TABLE announcements;--&lng=2", "lat=1%20OR%201=1&lng=2", "lat=%00&lng=0",
        "%&%zz&=&&==&lat", "lat=%D9%A3&lng=1", "../../etc/passwd=1", "lat=5%", "lat=1&lng=2&range=5&range=6",
        "lat=52.2297&lng=21.0122&range=5#fragment", "lat=52.2297+&lng=21.0122",
    ]
    for index, query in enumerate(queries):
        write("AreaQuery", f"query-{index:02}", query)


if __name__ == "__main__":
    shutil.rmtree(ROOT / "corpus", ignore_errors=True)
    decode_seeds()
    date_seeds()
    image_seeds()
    query_seeds()
