"""Tile faces drawn as SVG, so that the page needs no font with mahjong glyphs (many phones lack them).

Simple, legible faces: pips for dots, sticks for bamboo, a large numeral for characters, a letter for
winds, the classical frame for the white dragon, the stroke shape of the red dragon's character drawn
as lines. Every face carries its notation (`5p`, `E`, `2f`) in the corner, so the tiles tapped read back
as the string typed. The files in static/tiles are written by `python -m mjscore.web.faces` and a test
checks they are what this module draws.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mjscore import HONOUR_LETTERS as HONOURS, SUITS, WINDS
NAMES: tuple[str, ...] = tuple(f"{n}{s}" for s in SUITS for n in range(1, 10)) + tuple(HONOURS) + tuple(
    f"{n}{k}" for k in "fy" for n in range(1, 5)) + tuple(f"0{s}" for s in SUITS)  # 0m 0p 0s: riichi's red fives
CAPTIONS = {"E": "east", "S": "south", "W": "west", "N": "north", "R": "red", "G": "green", "P": "white"}
BONUS = {"f": ("flower", ("plum", "orchid", "chrys.", "bamboo")),
         "y": ("season", ("spring", "summer", "autumn", "winter"))}

W, H = 60, 80
INK, RED, GREEN, BLUE = "#1b1b1b", "#c0262d", "#1d7a3a", "#1f4e9c"

# pip centres for dots, by number (the traditional layouts, simplified)
DOTS = {
    1: [(30, 44)], 2: [(30, 28), (30, 60)], 3: [(17, 24), (30, 44), (43, 64)],
    4: [(19, 28), (41, 28), (19, 60), (41, 60)], 5: [(18, 26), (42, 26), (30, 44), (18, 62), (42, 62)],
    6: [(19, 24), (41, 24), (19, 44), (41, 44), (19, 64), (41, 64)],
    7: [(16, 19), (30, 26), (44, 33), (19, 50), (41, 50), (19, 66), (41, 66)],
    8: [(19, 20), (41, 20), (19, 36), (41, 36), (19, 52), (41, 52), (19, 68), (41, 68)],
    9: [(16, 24), (30, 24), (44, 24), (16, 44), (30, 44), (44, 44), (16, 64), (30, 64), (44, 64)],
}
DOT_R = {1: 17, 2: 10, 3: 8, 4: 9, 5: 8, 6: 8, 7: 6.5, 8: 6.5, 9: 6.5}
DOT_COLOURS = {1: RED, 2: GREEN, 3: BLUE, 4: BLUE, 5: RED, 6: GREEN, 7: BLUE, 8: BLUE, 9: RED}

# bamboo sticks: (centre x, centre y, red?) and the stick length by number
STICKS = {
    2: [(30, 30, 0), (30, 60, 0)], 3: [(30, 30, 0), (19, 60, 0), (41, 60, 0)],
    4: [(19, 30, 0), (41, 30, 0), (19, 60, 0), (41, 60, 0)],
    5: [(17, 30, 0), (43, 30, 0), (30, 45, 1), (17, 60, 0), (43, 60, 0)],
    6: [(16, 30, 0), (30, 30, 0), (44, 30, 0), (16, 60, 0), (30, 60, 0), (44, 60, 0)],
    7: [(30, 20, 1), (16, 44, 0), (30, 44, 0), (44, 44, 0), (16, 66, 0), (30, 66, 0), (44, 66, 0)],
    8: [(12, 30, 0), (24, 30, 0), (36, 30, 0), (48, 30, 0), (12, 60, 0), (24, 60, 0), (36, 60, 0), (48, 60, 0)],
    9: [(16, 21, 0), (30, 21, 1), (44, 21, 0), (16, 44, 0), (30, 44, 1), (44, 44, 0), (16, 67, 0), (30, 67, 1),
        (44, 67, 0)],
}
STICK_LEN = {2: 22, 3: 22, 4: 22, 5: 18, 6: 22, 7: 17, 8: 22, 9: 17}


def _text(x: float, y: float, s: str, size: float, fill: str = INK, weight: str = "bold") -> str:
    return (f'<text x="{x}" y="{y}" font-family="Arial,Helvetica,sans-serif" font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}" text-anchor="middle">{s}</text>')


def _corner(name: str) -> str:
    return (f'<text x="2" y="10" font-family="Arial,Helvetica,sans-serif" font-size="11" fill="#444">'
            f'{name}</text>')


def _dots(n: int) -> str:
    r, c = DOT_R[n], DOT_COLOURS[n]
    out = []
    for x, y in DOTS[n]:
        out.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{c}" stroke-width="{2.5 if n > 1 else 3.5}"/>')
        out.append(f'<circle cx="{x}" cy="{y}" r="{r * 0.4:.1f}" fill="{c}"/>')
    return "".join(out)


def _stick(x: float, y: float, length: float, colour: str) -> str:
    top = y - length / 2
    return (f'<rect x="{x - 3.5}" y="{top}" width="7" height="{length}" rx="3.5" fill="{colour}"/>'
            f'<line x1="{x - 3.5}" y1="{y}" x2="{x + 3.5}" y2="{y}" stroke="#fdfbf3" stroke-width="1.5"/>')


def _bamboo(n: int) -> str:
    if n == 1:  # the one of bamboo: one tall stick between two leaves, red-tipped
        return (_stick(30, 46, 46, GREEN) + f'<circle cx="30" cy="20" r="6" fill="{RED}"/>'
                + f'<path d="M30 56 Q16 52 14 38" stroke="{GREEN}" stroke-width="3" fill="none"/>'
                + f'<path d="M30 56 Q44 52 46 38" stroke="{GREEN}" stroke-width="3" fill="none"/>')
    return "".join(_stick(x, y, STICK_LEN[n], RED if red else GREEN) for x, y, red in STICKS[n])


def _characters(n: int) -> str:
    return _text(30, 48, str(n), 36, BLUE) + _text(30, 70, "WAN", 13, RED)


def _honour(h: str) -> str:
    if h in WINDS:
        return _text(30, 52, h, 38, BLUE) + _text(30, 72, CAPTIONS[h], 11, INK, "normal")
    if h == "R":  # the red dragon: the character's strokes, a box and a line through it
        return (f'<rect x="15" y="27" width="30" height="20" fill="none" stroke="{RED}" stroke-width="5"/>'
                f'<line x1="30" y1="14" x2="30" y2="62" stroke="{RED}" stroke-width="5"/>'
                + _text(30, 74, "red", 11, RED, "normal"))
    if h == "G":
        return _text(30, 52, "G", 38, GREEN) + _text(30, 72, "green", 11, GREEN, "normal")
    return (f'<rect x="12" y="14" width="36" height="48" rx="3" fill="none" stroke="{BLUE}" stroke-width="4"/>'
            f'<rect x="18" y="20" width="24" height="36" rx="2" fill="none" stroke="{BLUE}" stroke-width="2"/>'
            + _text(30, 74, "white", 11, BLUE, "normal"))


def _bonus(n: int, kind: str) -> str:
    word, names = BONUS[kind]
    if kind == "f":
        petals = "".join(f'<circle cx="{30 + dx}" cy="{34 + dy}" r="7" fill="#d9477a"/>'
                         for dx, dy in ((0, -9), (9, 0), (0, 9), (-9, 0)))
        art = petals + '<circle cx="30" cy="34" r="5" fill="#f2c230"/>'
    else:
        rays = "".join(f'<line x1="30" y1="34" x2="{30 + dx}" y2="{34 + dy}" stroke="#e08a00" stroke-width="3"/>'
                       for dx, dy in ((0, -17), (12, -12), (17, 0), (12, 12), (0, 17), (-12, 12), (-17, 0), (-12, -12)))
        art = rays + '<circle cx="30" cy="34" r="9" fill="#f2b705"/>'
    return art + _text(30, 64, f"{word} {n}", 10, INK) + _text(30, 75, names[n - 1], 9, "#555", "normal")


def _red_five(suit: str) -> str:
    """A red five (riichi's aka dora, `0m` `0p` `0s`): the five of its suit drawn all in red."""
    if suit == "m":
        return _text(30, 48, "5", 36, RED) + _text(30, 70, "WAN", 13, RED)
    if suit == "p":
        return "".join(f'<circle cx="{x}" cy="{y}" r="8" fill="none" stroke="{RED}" stroke-width="2.5"/>'
                       f'<circle cx="{x}" cy="{y}" r="3.2" fill="{RED}"/>' for x, y in DOTS[5])
    return "".join(_stick(x, y, STICK_LEN[5], RED) for x, y, _ in STICKS[5])


def svg(name: str) -> str:
    """The face of one tile, by its name in the notation (`5p`, `E`, `3y`, `0p` a red five)."""
    if name not in NAMES:
        raise ValueError(f"no tile {name!r}")
    if name in HONOURS:
        art = _honour(name)
    elif name[0] == "0":
        art = _red_five(name[1])
    elif name[1] in "fy":
        art = _bonus(int(name[0]), name[1])
    else:
        art = {"m": _characters, "p": _dots, "s": _bamboo}[name[1]](int(name[0]))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
            f'aria-label="{name}"><rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="6" fill="#fdfbf3" '
            f'stroke="#8a8a8a" stroke-width="1.5"/>{art}{_corner(name)}</svg>\n')


def write_all(folder: Path) -> None:
    """Write every face as NAME.svg into folder (the packaged static/tiles)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        (folder / f"{name}.svg").write_text(svg(name), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "static" / "tiles")
