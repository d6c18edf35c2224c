"""Entering an evening's deals on `mjscore serve`'s game form by taps only, counting taps and scrolls (issue 44;
tests/taps.py says what counts). The driver taps what the page offers, as a player who knows the page would:

- on a page that enters a hand by sets (its editors say `data-entry="sets"`, issue 44): the mode of a set only
  when it is not already on, then the set by the page's own grammar (docs/cli.md): one tap a pung, a long press
  a kong, two taps on neighbouring tiles a chow, one tap the pair that completes four sets (else that tap and
  "Pair"); on a winner's hand that enters chows first (its editor says `data-chows="first"`): one tap on a
  chow's lowest tile, and a pung of a suit's 1 to 7 that tap twice (the chow, then its pung); a one-tap button
  beside the pad where the page has one for the set; the mode tapped again between two sets the page would
  otherwise join (a pung, then its own tile or a neighbour); tiles that make no set (a loser's loose tiles) in
  the mode "One tile";
- on the page before issue 44 (one tile a tap): the mode before each tile when it is not on (an exposed set
  closed after three tiles, so its kong's fourth tile needs the mode again), then the tile;
- as the table says it: the winner first (which opens the winner's hand), how the tile came and the discarder
  (each only when not already chosen: the page since issue 44 takes all three in one tap on the sheet, which
  tests/test_web_evening_taps.py makes), then the winner's hand and the winning tile (only when the page has not
  marked it already: the page before issue 44 marks none); each other player's sets: a set on a one-tap button
  of theirs that the page shows (a deal form shows every other player's row once the winning tile is tapped)
  tapped there, and the player's seat tapped (when not already chosen) before the first set that needs the pad.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from taps import Taps, groups_of, tiles_of

SEATS = "ESWN"


def sets_of(hand: str) -> list[tuple[str, str, list[str]]]:
    """A hand's groups as (mode, text, tiles): "exposed" for [..], "kong" for {..}, "bonus" for a flower or
    season, "free" for a concealed set (the fixture writes one set a group)."""
    out = []
    for (mode, tiles), text in zip(groups_of(hand), hand.split()):
        if mode == "free" and all(t[-1] in "fy" and len(t) == 2 for t in tiles):
            out.extend(("bonus", t, [t]) for t in tiles)
        elif mode == "kong":
            out.append(("kong", text, tiles_of(text[1:-1])))
        else:
            out.append((mode, text, tiles))
    return out


def is_set(tiles: list[str]) -> bool:
    """A pair, pung or kong of one tile, or a chow (three neighbours of a suit, in order)."""
    if len(set(tiles)) == 1:
        return 2 <= len(tiles) <= 4
    return (len(tiles) == 3 and all(len(t) == 2 and t[1] == tiles[0][1] in "mps" for t in tiles)
            and [int(t[0]) for t in tiles] == list(range(int(tiles[0][0]), int(tiles[0][0]) + 3)))


def joins(previous: list[str] | None, first: str) -> bool:
    """The page by sets would take `first` into the set entered just before (a pung by one tap): a kong of the
    same tile, or a chow of a neighbour."""
    if not previous or len(previous) != 3 or len(set(previous)) != 1:
        return False
    last = previous[0]
    if first == last:
        return True
    return len(first) == 2 == len(last) and first[1] == last[1] in "mps" and abs(int(first[0]) - int(last[0])) == 1


class Evening(Taps):
    """Taps (and scrolls) of a game's deals entered on the page's deal form."""

    def by_sets(self, editor: str) -> bool:
        return self.page.get_attribute(editor, "data-entry") == "sets"

    def mode(self, editor: str, mode: str, again: bool = False) -> None:
        button = f"{editor} .modes [data-mode={mode}]"
        if again or "on" not in (self.page.get_attribute(button, "class") or "").split():
            self.tap(button)

    def hand(self, editor: str, hand: str, seat: str | None = None) -> None:
        """`seat`: the player's seat, chosen before the first set that needs the pad (None: chosen already)."""
        if self.by_sets(editor):
            self.hand_by_sets(editor, hand, seat)
        else:
            if seat:
                self.choose("#deal-seat", seat)
            self.hand_by_tiles(editor, hand)

    def hand_by_tiles(self, editor: str, hand: str) -> None:
        """The page before issue 44: one tile a tap, the mode before each when it is not on."""
        for mode, tiles in groups_of(hand):
            for t in tiles:
                if not (len(t) == 2 and t[1] in "fy"):
                    self.mode(editor, mode)
                self.tap(f"{editor} .picker [data-tile='{t}']")

    def hand_by_sets(self, editor: str, hand: str, seat: str | None = None) -> None:
        previous: list[str] | None = None
        previous_mode = None
        for mode, text, tiles in sets_of(hand):
            quick = self.page.locator(f"{editor} .quick [data-set='{text}']")
            if quick.count() and quick.first.is_visible():
                self.tap(f"{editor} .quick [data-set='{text}']")
                previous = None
                continue
            if seat:  # the pad is the seat's: chosen first
                self.choose("#deal-seat", seat)
            chows = self.page.get_attribute(editor, "data-chows") == "first"
            if mode == "bonus":
                self.tap(f"{editor} .picker [data-tile='{tiles[0]}']")
                continue
            if mode == "free" and not is_set(tiles):  # tiles that make no set: "One tile", a tile a tap
                self.mode(editor, "tiles")
                for t in tiles:
                    self.tap(f"{editor} .picker [data-tile='{t}']")
                previous, previous_mode = None, "tiles"
                continue
            mode = "free" if mode == "kong" else mode
            self.mode(editor, mode, again=mode == previous_mode and joins(previous, tiles[0]))
            tile = f"{editor} .picker [data-tile='{{}}']"
            if len(tiles) == 4:
                self.tap(tile.format(tiles[0]), long=True)
            elif len(set(tiles)) == 1:
                self.tap(tile.format(tiles[0]))
                if chows and self.page.get_attribute(editor, "data-current") != text.strip("[]"):
                    self.tap(tile.format(tiles[0]))  # the chow it began, then its pung
                if self.page.get_attribute(editor, "data-current") != text.strip("[]"):
                    self.tap(f"{editor} .modes [data-act=pair]")
            elif chows:
                self.tap(tile.format(tiles[0]))
            else:
                self.tap(tile.format(tiles[0]))
                self.tap(tile.format(tiles[1]))
            expect(self.page.locator(editor)).to_have_attribute("data-current", text.strip("[]{}"))
            previous, previous_mode = tiles, mode

    def win_tile(self, editor: str, tile: str) -> None:
        """The winning tile: on a page that takes its best one (issue 44), tapped only when that is another."""
        row = f"{editor} .winrow"
        if self.by_sets(editor):
            expect(self.page.locator(f"{row} .best, {row} .win").first).to_be_visible()
            if self.page.locator(f"{row} [data-tile='{tile}'].best, {row} [data-tile='{tile}'].win").count():
                return
        if self.page.get_attribute(f"{row} [data-tile='{tile}']", "aria-pressed") != "true":
            self.tap(f"{row} [data-tile='{tile}']")

    def game_deal(self, deal: dict[str, Any], slip: dict | None = None) -> None:
        """Enter a deal of the game file (by name) on the form "Enter the next deal" opened; `slip`: win keys
        entered wrongly (by name), as the table first did."""
        page = self.page
        seat_of = {page.input_value(f"#seatcard-{s} input"): s for s in SEATS}
        winner = deal.get("winner")
        win = {**(deal.get("win") or {}), **(slip or {})}
        if winner:
            w = seat_of[winner]
            self.choose("#deal-winner", w)
            self.choose("#deal-from", win["from"])
            if win.get("discarder"):
                self.choose("#deal-discarder", seat_of[win["discarder"]])
            self.choose("#deal-seat", w)
            self.hand(f"#deal-editor-{w}", deal["hands"][winner])
            self.win_tile(f"#deal-editor-{w}", win["tile"])
        for name, hand in sorted(deal["hands"].items(), key=lambda kv: SEATS.index(seat_of[kv[0]])):
            if name == winner or not hand:
                continue
            self.hand(f"#deal-editor-{seat_of[name]}", hand, seat_of[name])
