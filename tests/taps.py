"""Counting the taps a player makes on `mjscore serve`'s page (issue 30): a hand, a deal and a game entered
the way a player enters them at the table, by tapping only (a name typed into a field counts the one tap that
focuses it; the letters typed do not count), every tap counted.

The helper taps what the page offers: a seat or a way of winning only when it is not already chosen; a hand by
the page's grammar (tests/evening.py: by sets since issue 44, a tile a tap before), the winning tile by the
page's own gesture for it (the "won on" row). Issue 44 counts scrolls too, and a tap is a touch where the
control is on the screen (Playwright's click would first scroll the page to a pinned control's place in the
page's flow, which no finger does). It was first run on the page as it was before issue 30: 18 taps for the example hand, 65 for its deal,
276 for four deals of a game (tests/test_web_taps.py keeps them).
"""

from __future__ import annotations

import re
from typing import Any

TILE = re.compile(r"(\d+)([mpsfy])|([ESWNRGP])")


def tiles_of(text: str) -> list[str]:
    """'123m' 'SSS' -> ['1m', '2m', '3m'], ['S', 'S', 'S'] (the notation of docs/notation.md)."""
    out: list[str] = []
    for m in TILE.finditer(text):
        if m.group(3):
            out.append(m.group(3))
        else:
            out.extend(d + m.group(2) for d in m.group(1))
    return out


def groups_of(hand: str) -> list[tuple[str, list[str]]]:
    """A hand's groups as the editor's modes enter them: ("exposed" | "kong" | "free", tiles)."""
    out: list[tuple[str, list[str]]] = []
    for g in hand.split():
        if g[0] == "[":
            out.append(("exposed", tiles_of(g[1:-1])))
        elif g[0] == "{":
            out.append(("kong", tiles_of(g[1:-1])[:1]))
        else:
            out.append(("free", tiles_of(g)))
    return out


# a control wholly inside the viewport and not under a part of the page pinned over it (issue 44: a tap on one
# that is not counts a scroll as well)
IN_VIEW = """e => { const r = e.getBoundingClientRect();
  if (!(r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth)) return false;
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;  // each edge's middle (a corner may be rounded)
  return [[x, r.top + 2], [x, r.bottom - 2], [r.left + 2, y], [r.right - 2, y]]
    .every(([a, b]) => e.contains(document.elementFromPoint(a, b))); }"""
# scrolled to the bottom of the screen, just above a bar pinned there (the top of the screen may be pinned too)
# scrolled as a player scrolls: a pad's tile with as much of its pad as fits, just below what is pinned on top
SCROLL = """e => { const seen = x => { const r = x.getBoundingClientRect(), m = (r.left + r.right) / 2;
    return r.top >= 0 && r.bottom <= innerHeight && x.contains(document.elementFromPoint(m, r.top + 2)) &&
      x.contains(document.elementFromPoint(m, r.bottom - 2)); };
  for (const x of [e.closest('.picker'), e].filter(Boolean)) {
    x.scrollIntoView({block: 'start'});
    for (let i = 0; i < 60 && !seen(e); i++) window.scrollBy(0, -10);
    if (seen(e)) return; }
  e.scrollIntoView({block: 'end'}); if (!seen(e)) window.scrollBy(0, 64); }"""
# a short touch on a control as a phone gives it: pointer down and up, then the click, where the control is now
TOUCH = """e => { for (const type of ['pointerdown', 'pointerup'])
    e.dispatchEvent(new PointerEvent(type, {bubbles: true, isPrimary: true, pointerType: 'touch'}));
  e.click(); }"""
LONG_PRESS_MS = 600  # a long press: one touch held this long (the editor's is 450 ms)


class Taps:
    """A page and the count of the taps made on it, and of the scrolls (issue 44): a tap on a control that was
    not wholly in the viewport before it is also a scroll (the control is scrolled into view, then tapped).
    How a hand and its winning tile are tapped (hand, win_tile) is tests/evening.py's Evening, by the page's
    grammar (by sets since issue 44)."""

    def __init__(self, page: Any):
        self.page = page
        self.count = 0
        self.scrolls = 0
        self.scrolled: list[str] = []  # the controls tapped after a scroll
        self.tapped: list[str] = []  # every control tapped, in order ("!" after one that needed a scroll)

    def tap(self, selector: str, long: bool = False) -> None:
        """One touch on `selector`'s first match; `long`: held LONG_PRESS_MS (still one tap)."""
        control = self.page.locator(selector).first
        for attempt in range(5):  # a row drawn again (the laptop's answer came) between finding it and tapping
            try:
                if not control.evaluate(IN_VIEW):
                    control.evaluate(SCROLL)
                    self.scrolls += 1
                    self.scrolled.append(selector)
                    selector += "!"
                break
            except Exception:
                if attempt == 4:
                    raise
                self.page.wait_for_timeout(100)
        # the touch where the control now is (IN_VIEW: on top of the screen there), never Playwright's click, which
        # first scrolls the page to a pinned control's place in the page's flow (a finger moves nothing)
        if long:
            box = control.bounding_box()
            self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            self.page.mouse.down()
            self.page.wait_for_timeout(LONG_PRESS_MS)
            self.page.mouse.up()
        else:
            control.evaluate(TOUCH)
        self.count += 1
        self.tapped.append(selector)

    def choose(self, group: str, value: str) -> None:
        """A segmented choice (`#seat`, `#deal-from` ...): tapped only when not already chosen."""
        button = f"{group} [data-value='{value}']"
        if "on" not in (self.page.get_attribute(button, "class") or "").split():
            self.tap(button)

    def deal(self, hands: dict[str, str], winner: str | None, win: dict | None) -> None:
        """On the Deal tab (or a game's deal form): each seat's hand, then the winner, tile, source, discarder."""
        for seat, hand in hands.items():
            self.choose("#deal-seat", seat)
            self.hand(f"#deal-editor-{seat}", hand)
        if winner:
            self.choose("#deal-winner", winner)
            self.win_tile(f"#deal-editor-{winner}", win["tile"])
            self.choose("#deal-from", win.get("from", "discard"))
            discarder = win.get("discarder")
            if discarder and self.page.locator(f"#deal-discarder [data-value='{discarder}']").is_visible():
                self.choose("#deal-discarder", discarder)
        else:
            self.choose("#deal-winner", "-")
