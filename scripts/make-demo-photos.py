#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Draw the demo pet portraits used by PetSpot's bundled demo data.

Only the Python standard library is used (zlib + struct write the PNGs), so the
pictures can be regenerated anywhere:

    python3 scripts/make-demo-photos.py [OUTPUT_DIR]

OUTPUT_DIR defaults to Sources/PetSpotServer/Demo/images. The drawings are simple,
friendly, stylised portraits: one drawing routine per species, and a palette and a
few features (ears, spots, stripes, collar) per pet for variety. The output is
deterministic, so regenerating produces byte-identical files.
"""

import math
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 320, 240


# --------------------------------------------------------------------------- canvas

class Canvas:
    """An RGB canvas with anti-aliased shape filling (coverage from a signed distance)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.pixels = [[0.0, 0.0, 0.0] for _ in range(width * height)]

    def blend(self, x, y, color, alpha):
        if alpha <= 0.0 or not (0 <= x < self.width and 0 <= y < self.height):
            return
        pixel = self.pixels[y * self.width + x]
        if alpha >= 1.0:
            pixel[0], pixel[1], pixel[2] = color
            return
        keep = 1.0 - alpha
        pixel[0] = pixel[0] * keep + color[0] * alpha
        pixel[1] = pixel[1] * keep + color[1] * alpha
        pixel[2] = pixel[2] * keep + color[2] * alpha

    def vertical_gradient(self, top, bottom):
        for y in range(self.height):
            t = y / (self.height - 1)
            color = mix(top, bottom, t)
            for x in range(self.width):
                self.pixels[y * self.width + x] = list(color)

    def fill(self, bounds, signed_distance, color, opacity=1.0):
        """Fill where signed_distance(px, py) < 0; the 1-px rim is blended."""
        x0, y0, x1, y1 = bounds
        for y in range(max(0, int(y0) - 1), min(self.height, int(y1) + 2)):
            py = y + 0.5
            for x in range(max(0, int(x0) - 1), min(self.width, int(x1) + 2)):
                distance = signed_distance(x + 0.5, py)
                if distance < 0.5:
                    coverage = 1.0 if distance <= -0.5 else 0.5 - distance
                    self.blend(x, y, color, coverage * opacity)

    def ellipse(self, cx, cy, rx, ry, color, angle=0.0, opacity=1.0):
        cos_a, sin_a = math.cos(angle), math.sin(angle)

        def distance(px, py):
            dx, dy = px - cx, py - cy
            u = dx * cos_a + dy * sin_a
            v = -dx * sin_a + dy * cos_a
            k = math.sqrt((u / rx) ** 2 + (v / ry) ** 2)
            if k == 0.0:
                return -min(rx, ry)
            gradient = math.sqrt((u / (rx * rx)) ** 2 + (v / (ry * ry)) ** 2) / k
            return (k - 1.0) / gradient if gradient > 0 else -min(rx, ry)

        reach = max(rx, ry)
        self.fill((cx - reach, cy - reach, cx + reach, cy + reach), distance, color, opacity)

    def circle(self, cx, cy, r, color, opacity=1.0):
        self.ellipse(cx, cy, r, r, color, opacity=opacity)

    def polygon(self, points, color, opacity=1.0):
        edges = list(zip(points, points[1:] + points[:1]))

        def distance(px, py):
            inside = False
            nearest = float("inf")
            for (ax, ay), (bx, by) in edges:
                if (ay > py) != (by > py):
                    crossing = ax + (py - ay) * (bx - ax) / (by - ay)
                    if px < crossing:
                        inside = not inside
                nearest = min(nearest, segment_distance(px, py, ax, ay, bx, by))
            return -nearest if inside else nearest

        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self.fill((min(xs), min(ys), max(xs), max(ys)), distance, color, opacity)

    def line(self, x1, y1, x2, y2, width, color, opacity=1.0):
        half = width / 2.0

        def distance(px, py):
            return segment_distance(px, py, x1, y1, x2, y2) - half

        self.fill((min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half, max(y1, y2) + half),
                  distance, color, opacity)

    def png_bytes(self):
        raw = bytearray()
        previous = bytes(self.width * 3)
        for y in range(self.height):
            row = bytearray()
            for x in range(self.width):
                r, g, b = self.pixels[y * self.width + x]
                row += bytes((clamp_byte(r), clamp_byte(g), clamp_byte(b)))
            # "Up" filter: flat areas and vertical gradients compress to almost nothing.
            raw.append(2)
            raw += bytes((row[i] - previous[i]) & 0xFF for i in range(len(row)))
            previous = bytes(row)
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header)
                + png_chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + png_chunk(b"IEND", b""))


def png_chunk(kind, data):
    checksum = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", checksum)


def segment_distance(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    length_squared = dx * dx + dy * dy
    t = 0.0 if length_squared == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length_squared))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def clamp_byte(value):
    return max(0, min(255, int(round(value))))


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def hex_color(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def darker(color, amount=0.25):
    return mix(color, (0, 0, 0), amount)


def lighter(color, amount=0.35):
    return mix(color, (255, 255, 255), amount)


INK = hex_color("#2b2b33")
WHITE = hex_color("#ffffff")
PINK = hex_color("#f4a7b3")


# --------------------------------------------------------------------------- scenery

def backdrop(canvas, pet):
    """Soft two-tone background, a few light 'bokeh' dots and a floor shadow."""
    top = hex_color(pet["sky"])
    canvas.vertical_gradient(lighter(top, 0.15), darker(top, 0.08))
    for index, (x, y, r) in enumerate([(40, 40, 26), (285, 55, 18), (260, 200, 30), (30, 190, 16), (160, 20, 12)]):
        canvas.circle(x, y, r, WHITE, opacity=0.10 + 0.04 * (index % 2))
    canvas.ellipse(160, 222, 120, 16, darker(top, 0.35), opacity=0.35)


def eye(canvas, x, y, size, iris=None, slit=False):
    if iris:
        canvas.ellipse(x, y, size * 1.15, size * 1.3, iris)
        if slit:
            canvas.ellipse(x, y, size * 0.28, size * 1.1, INK)
        else:
            canvas.circle(x, y, size * 0.6, INK)
    else:
        canvas.circle(x, y, size, INK)
    canvas.circle(x - size * 0.35, y - size * 0.4, size * 0.32, WHITE)


def whiskers(canvas, x, y, side, color):
    for dy, tilt in ((-4, -9), (2, 0), (8, 9)):
        canvas.line(x, y + dy, x + side * 46, y + dy + tilt, 1.6, color, opacity=0.8)


def collar(canvas, cx, y, width, color):
    canvas.ellipse(cx, y, width, 9, color)
    canvas.circle(cx, y + 14, 9, hex_color("#f2c14e"))
    canvas.circle(cx, y + 14, 3, darker(hex_color("#f2c14e"), 0.3))


# --------------------------------------------------------------------------- species

def draw_dog(canvas, pet):
    fur = hex_color(pet["fur"])
    ear = hex_color(pet.get("ear", "")) if pet.get("ear") else darker(fur, 0.3)
    canvas.ellipse(160, 212, 70, 40, fur)                      # chest
    if pet.get("collar"):
        collar(canvas, 160, 178, 52, hex_color(pet["collar"]))
    if pet.get("pointy"):
        canvas.polygon([(104, 92), (112, 26), (146, 70)], ear)
        canvas.polygon([(216, 92), (208, 26), (174, 70)], ear)
    canvas.ellipse(160, 110, 64, 60, fur)                      # head
    if not pet.get("pointy"):
        canvas.ellipse(98, 112, 22, 46, ear, angle=0.35)       # floppy ears
        canvas.ellipse(222, 112, 22, 46, ear, angle=-0.35)
    if pet.get("patch"):
        canvas.ellipse(132, 96, 24, 20, hex_color(pet["patch"]), angle=0.4)
    canvas.ellipse(160, 136, 34, 26, lighter(fur, 0.45))       # muzzle
    eye(canvas, 137, 100, 7)
    eye(canvas, 183, 100, 7)
    canvas.ellipse(160, 124, 12, 8, INK)                       # nose
    canvas.circle(156, 121, 2.5, WHITE, opacity=0.7)
    canvas.line(160, 131, 160, 140, 2.2, INK)
    canvas.line(160, 140, 149, 146, 2.2, INK)
    canvas.line(160, 140, 171, 146, 2.2, INK)
    if pet.get("tongue"):
        canvas.ellipse(160, 151, 8, 10, hex_color("#e8707e"))


def draw_cat(canvas, pet):
    fur = hex_color(pet["fur"])
    canvas.ellipse(160, 214, 62, 38, fur)                      # body
    if pet.get("collar"):
        collar(canvas, 160, 182, 44, hex_color(pet["collar"]))
    canvas.polygon([(102, 104), (110, 34), (150, 76)], fur)   # ears
    canvas.polygon([(218, 104), (210, 34), (170, 76)], fur)
    canvas.polygon([(112, 92), (116, 50), (140, 76)], PINK)
    canvas.polygon([(208, 92), (204, 50), (180, 76)], PINK)
    canvas.ellipse(160, 118, 66, 56, fur)                      # head
    if pet.get("stripes"):
        stripe = hex_color(pet["stripes"])
        for offset in (-16, 0, 16):
            canvas.polygon([(160 + offset - 5, 64), (160 + offset + 5, 64), (160 + offset, 88)], stripe)
        for side in (-1, 1):
            for dy in (0, 14):
                canvas.line(160 + side * 64, 112 + dy, 160 + side * 44, 116 + dy, 5, stripe)
    if pet.get("bib"):
        canvas.ellipse(160, 146, 30, 22, WHITE)
    iris = hex_color(pet.get("eyes", "#9ccc65"))
    eye(canvas, 136, 110, 9, iris=iris, slit=True)
    eye(canvas, 184, 110, 9, iris=iris, slit=True)
    canvas.polygon([(152, 132), (168, 132), (160, 141)], PINK)  # nose
    canvas.line(160, 141, 152, 149, 2, INK)
    canvas.line(160, 141, 168, 149, 2, INK)
    whiskers(canvas, 138, 140, -1, lighter(INK, 0.3))
    whiskers(canvas, 182, 140, 1, lighter(INK, 0.3))


def draw_bird(canvas, pet):
    body = hex_color(pet["fur"])
    face = hex_color(pet.get("face", "#fff3a6"))
    wing = hex_color(pet.get("wing", "")) if pet.get("wing") else darker(body, 0.3)
    canvas.line(60, 206, 262, 196, 12, hex_color("#8d6e63"))    # perch
    canvas.polygon([(150, 190), (170, 190), (182, 236), (140, 236)],
                   hex_color(pet.get("tail", "")) if pet.get("tail") else darker(body, 0.2))
    canvas.ellipse(160, 150, 52, 58, body)                       # body
    canvas.ellipse(184, 156, 24, 44, wing, angle=-0.25)
    for dy in (-18, -2, 14):
        canvas.line(176, 150 + dy, 196, 156 + dy, 3, darker(wing, 0.3), opacity=0.6)
    canvas.circle(158, 88, 40, face)                             # head
    if pet.get("cheek"):
        canvas.circle(158, 110, 7, hex_color(pet["cheek"]))
    eye(canvas, 150, 80, 6)
    canvas.polygon([(140, 88), (124, 98), (140, 108)], hex_color(pet.get("beak", "#ffb74d")))
    canvas.line(150, 194, 146, 208, 3, hex_color("#f48fb1"))     # feet
    canvas.line(170, 194, 174, 206, 3, hex_color("#f48fb1"))


def draw_rabbit(canvas, pet):
    fur = hex_color(pet["fur"])
    canvas.ellipse(160, 214, 66, 40, fur)                        # body
    if pet.get("lop"):
        canvas.ellipse(102, 126, 18, 50, darker(fur, 0.12), angle=0.25)
        canvas.ellipse(218, 126, 18, 50, darker(fur, 0.12), angle=-0.25)
    else:
        canvas.ellipse(134, 52, 16, 50, fur, angle=-0.12)
        canvas.ellipse(186, 52, 16, 50, fur, angle=0.12)
        canvas.ellipse(134, 56, 8, 38, PINK, angle=-0.12)
        canvas.ellipse(186, 56, 8, 38, PINK, angle=0.12)
    canvas.ellipse(160, 128, 58, 52, fur)                        # head
    if pet.get("patch"):
        canvas.ellipse(160, 96, 22, 16, hex_color(pet["patch"]))
    canvas.ellipse(145, 146, 18, 14, lighter(fur, 0.5))          # cheeks
    canvas.ellipse(175, 146, 18, 14, lighter(fur, 0.5))
    eye(canvas, 136, 118, 7)
    eye(canvas, 184, 118, 7)
    canvas.ellipse(160, 138, 7, 5, PINK)                         # nose
    canvas.polygon([(152, 151), (168, 151), (167, 165), (153, 165)], hex_color("#bdbdbd"))  # teeth
    canvas.polygon([(153, 152), (167, 152), (166, 164), (154, 164)], WHITE)
    canvas.line(160, 152, 160, 164, 1.2, hex_color("#bdbdbd"))
    whiskers(canvas, 142, 144, -1, lighter(INK, 0.4))
    whiskers(canvas, 178, 144, 1, lighter(INK, 0.4))


def draw_turtle(canvas, pet):
    skin = hex_color(pet.get("skin", "#9ccc65"))
    shell = hex_color(pet["fur"])
    for x, y in ((96, 196), (224, 196), (118, 212), (202, 212)):
        canvas.ellipse(x, y, 18, 12, skin)                       # legs
    canvas.ellipse(246, 154, 34, 28, skin)                       # head
    eye(canvas, 256, 146, 5)
    canvas.line(258, 166, 272, 162, 2, INK)
    canvas.ellipse(150, 170, 92, 52, darker(shell, 0.2))         # shell rim
    canvas.ellipse(150, 162, 84, 48, shell)
    for cx, cy in ((150, 152), (112, 164), (188, 164), (130, 186), (170, 186)):
        hexagon = [(cx + 16 * math.cos(a), cy + 12 * math.sin(a))
                   for a in (math.pi / 3 * i for i in range(6))]
        canvas.polygon(hexagon, lighter(shell, 0.25))


def draw_hamster(canvas, pet):
    fur = hex_color(pet["fur"])
    canvas.ellipse(160, 160, 96, 70, fur)                        # round body
    canvas.ellipse(160, 186, 62, 40, lighter(fur, 0.55))         # belly
    canvas.circle(104, 100, 18, fur)                             # ears
    canvas.circle(216, 100, 18, fur)
    canvas.circle(104, 100, 10, PINK)
    canvas.circle(216, 100, 10, PINK)
    eye(canvas, 134, 132, 7)
    eye(canvas, 186, 132, 7)
    canvas.ellipse(118, 152, 14, 9, hex_color("#f8bbd0"), opacity=0.8)  # blush
    canvas.ellipse(202, 152, 14, 9, hex_color("#f8bbd0"), opacity=0.8)
    canvas.ellipse(160, 148, 6, 4, PINK)
    canvas.line(160, 152, 154, 158, 1.8, INK)
    canvas.line(160, 152, 166, 158, 1.8, INK)
    canvas.ellipse(134, 222, 14, 8, PINK)                        # paws
    canvas.ellipse(186, 222, 14, 8, PINK)


DRAWERS = {
    "dog": draw_dog,
    "cat": draw_cat,
    "bird": draw_bird,
    "rabbit": draw_rabbit,
    "turtle": draw_turtle,
    "hamster": draw_hamster,
}

# One entry per photo: file name, drawing, background and per-pet features.
PETS = [
    {"file": "dog-burek.png", "kind": "dog", "sky": "#b3e5fc", "fur": "#c98b4f", "tongue": True, "collar": "#e53935"},
    {"file": "dog-luna.png", "kind": "dog", "sky": "#c8e6c9", "fur": "#f1d29b", "ear": "#d9a35f", "collar": "#1e88e5"},
    {"file": "dog-reksio.png", "kind": "dog", "sky": "#ffe0b2", "fur": "#fafafa", "patch": "#5d4037", "ear": "#5d4037", "tongue": True},
    {"file": "dog-max.png", "kind": "dog", "sky": "#d1c4e9", "fur": "#3e3e46", "ear": "#26262c", "collar": "#43a047"},
    {"file": "dog-saba.png", "kind": "dog", "sky": "#b2dfdb", "fur": "#8d6e63", "pointy": True, "tongue": True},
    {"file": "dog-husky.png", "kind": "dog", "sky": "#bbdefb", "fur": "#9e9e9e", "pointy": True, "collar": "#f57c00"},
    {"file": "dog-pepper.png", "kind": "dog", "sky": "#f8bbd0", "fur": "#e0c097", "ear": "#a1887f"},
    {"file": "dog-found-beagle.png", "kind": "dog", "sky": "#fff9c4", "fur": "#fafafa", "ear": "#a0522d", "patch": "#a0522d", "collar": "#8e24aa"},
    {"file": "cat-filemon.png", "kind": "cat", "sky": "#ffe0b2", "fur": "#f0a04b", "stripes": "#c46a1a"},
    {"file": "cat-mruczek.png", "kind": "cat", "sky": "#c5cae9", "fur": "#3a3a40", "eyes": "#ffd54f", "collar": "#e53935"},
    {"file": "cat-kicia.png", "kind": "cat", "sky": "#dcedc8", "fur": "#9e9e9e", "stripes": "#616161", "bib": True},
    {"file": "cat-salem.png", "kind": "cat", "sky": "#e1bee7", "fur": "#202024", "eyes": "#aed581"},
    {"file": "cat-snowball.png", "kind": "cat", "sky": "#b3e5fc", "fur": "#f5f5f5", "eyes": "#64b5f6", "collar": "#ec407a"},
    {"file": "cat-found-tabby.png", "kind": "cat", "sky": "#fff3e0", "fur": "#b08968", "stripes": "#6d4c41", "bib": True},
    {"file": "bird-kiwi.png", "kind": "bird", "sky": "#e3f2fd", "fur": "#7cb342", "face": "#fff176", "cheek": "#5c6bc0"},
    {"file": "bird-niebieska.png", "kind": "bird", "sky": "#fff8e1", "fur": "#4fc3f7", "face": "#ffffff", "cheek": "#3949ab"},
    {"file": "bird-zako.png", "kind": "bird", "sky": "#e8f5e9", "fur": "#9e9e9e", "face": "#cfd8dc", "tail": "#e53935", "beak": "#37474f"},
    {"file": "bird-found-canary.png", "kind": "bird", "sky": "#e1f5fe", "fur": "#fdd835", "face": "#fff59d", "wing": "#f9a825"},
    {"file": "rabbit-kluska.png", "kind": "rabbit", "sky": "#f1f8e9", "fur": "#fafafa"},
    {"file": "rabbit-czekolada.png", "kind": "rabbit", "sky": "#ffecb3", "fur": "#8d6e63", "lop": True},
    {"file": "rabbit-szarak.png", "kind": "rabbit", "sky": "#e0f7fa", "fur": "#a7a7ad", "patch": "#fafafa"},
    {"file": "rabbit-found-lop.png", "kind": "rabbit", "sky": "#fce4ec", "fur": "#e6c9a8", "lop": True, "patch": "#fafafa"},
    {"file": "turtle-franklin.png", "kind": "turtle", "sky": "#e0f2f1", "fur": "#6d8b3a"},
    {"file": "hamster-ziutek.png", "kind": "hamster", "sky": "#fff3e0", "fur": "#e6a45c"},
    {"file": "hamster-found.png", "kind": "hamster", "sky": "#ede7f6", "fur": "#d7ccc8"},
]


def render(pet):
    canvas = Canvas(WIDTH, HEIGHT)
    backdrop(canvas, pet)
    DRAWERS[pet["kind"]](canvas, pet)
    return canvas.png_bytes()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_output = os.path.join(here, "..", "Sources", "PetSpotServer", "Demo", "images")
    output = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else default_output)
    os.makedirs(output, exist_ok=True)
    total = 0
    for pet in PETS:
        data = render(pet)
        with open(os.path.join(output, pet["file"]), "wb") as handle:
            handle.write(data)
        total += len(data)
        print(f"{pet['file']}: {len(data)} bytes")
    print(f"{len(PETS)} photos, {total} bytes in {output}")


if __name__ == "__main__":
    main()
