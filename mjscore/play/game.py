"""Recorded games: seats and prevailing wind derived deal by deal, each deal settled, running totals.

A game is a header (variant, options, players) and a stream of deals keyed by player
name. Seating is sequential and cheap (it needs only who won), so it is worked out
first; settling the deals is the expensive part and may run on several processes.
Nothing is dropped: a deal that cannot be scored is kept as a rejection with its
place (file and line) and the reason.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, NamedTuple, cast

from mjscore.play.dealfile import parse_deal, printable_name, quick_game_deal
from mjscore.errors import DealError, MjscoreError, SituationError, Spelling, shown
from mjscore.loading import Unreadable
from mjscore.messages import M, said
from mjscore.memo import make_room
from mjscore.names import nfc
from mjscore.play.seating import Resumed, Table, sitting_out
from mjscore.play.sources import Assumed, RawDeal
from mjscore.play.deal import Settlement, empty_seats, unpaid
from mjscore.play.settle import settle
from mjscore.rules.families import PLAYER_KEYS, SEATING_KEYS, Naming, SeatingPart
from mjscore.rules.tables import Variant

__all__ = ["Header", "RawDeal", "Result", "Seated", "Table", "check_header", "seat_deals", "seat_next",
           "settle_one", "sitting_out"]  # RawDeal lives in mjscore.play.sources, Table and sitting_out in play.seating


class Header(NamedTuple):
    """A game file's header once checked: the variant and options every deal is settled under and the
    players in their starting seats. Seating, settling and the writers all read the game from it."""

    variant: Variant
    options: dict[str, Any]
    players: list[str]
    lang: str = "en"  # the language of the winners' item names
    rules: Any = None  # the rules it is scored under (rules/identity.py Rules), for the game's records
    resumed: Resumed | None = None  # a record that starts mid-game: the table where it starts (play/tenhou.py)


class Seated(NamedTuple):
    """A deal with its seats worked out, ready to settle."""

    raw: RawDeal
    round: str
    seats: dict[str, str]  # seat -> player name
    game: int  # 1, then 2 ... when a file goes on after a game's four rounds
    also: tuple[str, ...] = ()  # circumstances derived from the game (East's ninth win in a row)
    counted: int | None = None  # fixed number of deals: place among the counted ones (0: not counted)
    changed: str | None = None  # why the seats are not where passing the deal put them (Table.changed)
    problem: str | None = None  # what is wrong with the deal's `seats:` (the deal is then not scored)


class Result(NamedTuple):
    """A settled deal as plain data (it may come back from another process), or why it was rejected."""

    number: int
    place: str
    round: str
    seats: dict[str, str]
    game: int
    data: dict[str, Any] | None  # Settlement.to_dict() with names for seats
    error: str | None
    counted: int | None = None  # as Seated.counted
    changed: str | None = None  # as Seated.changed
    lang: str = "en"  # the language its words are shown in (the game's --lang: Header.lang)
    pot_total: int | None = None  # riichi: the sticks on the table after it, in points (the running pot)


# --- checking ---------------------------------------------------------------------------------------

def check_header(header: dict[str, Any], variant: Variant, options: dict[str, Any], path: str) -> Header:
    players = header.get("players")
    allowed = sorted(variant.settlement.at(options).players)
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise DealError(f"{path}: players: a list of names, seated East, South, West, North at the start")
    players = [printable_name(p, f"{path}: players") for p in players]  # in NFC: deals' names are looked up so
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise DealError(f"{path}: players: {shown(twice)} is named twice (each name once)")
    if len(players) not in allowed:
        raise DealError(f"{path}: players: {variant.name} is played by {' or '.join(map(str, allowed))} players, "
                        f"not {len(players)}")
    resumed = header.get("resumed")
    known = {"variant", "options", "players", "rules"} | ({"resumed"} if isinstance(resumed, Resumed) else set()) \
        | ({"assumed"} if isinstance(header.get("assumed"), Assumed) else set())
    unknown = set(header) - known  # (`resumed`, `assumed` only as a reader makes them: a game file never has them)
    if unknown:
        raise DealError(f"{path}: unknown key {shown(min(map(str, unknown)))} "
                        f"(keys: variant, options, rules, players, deals)")
    return Header(variant, options, players, resumed=resumed if isinstance(resumed, Resumed) else None)


# --- seating ---------------------------------------------------------------------------------------------

def seat_next(table: Table, raw: RawDeal) -> tuple[Seated, str | None]:
    """The deal seated where `table` puts it (its own `seats:` first), and its winner's seat; the table is
    then moved on by `table.after`. batch and the page's ledger both seat a deal here."""
    data = table.counted(raw.data)  # riichi: honba and sticks carried from the deals before
    if data is not raw.data:
        raw = raw._replace(data=data)
    d = raw.data if isinstance(raw.data, dict) else {}
    problem = None
    try:
        table.take_seats(d.get("seats"))
    except DealError as e:
        problem = e.said()  # the deal is reported with its place (said in --lang); seating goes on as the rules put it
    winner = table.seat_of(d.get("winner"))
    in_a_row = table.rules.east_wins_in_a_row
    also = ("east-nine-in-a-row",) if in_a_row and winner == "E" and table.east_wins + 1 >= in_a_row else ()
    return Seated(raw, table.round, table.seats(), table.game, also, table.counts(winner), table.changed,
                  problem), winner


def _keys(registry: dict[str, Any], part: Any) -> tuple[str, ...]:
    """The registered keys of one part, in the order registered (kept once: a batch reads them for every deal)."""
    return tuple(k for k, p in registry.items() if p is part)


_WAITING, _KEEPS_DEAL = _keys(SEATING_KEYS, SeatingPart.WAITING), _keys(SEATING_KEYS, SeatingPart.KEEPS_DEAL)
_DECLARED, _SECOND_WINNER = _keys(SEATING_KEYS, SeatingPart.DECLARED), _keys(SEATING_KEYS, SeatingPart.SECOND_WINNER)
_NO_RESULT = _keys(SEATING_KEYS, SeatingPart.NO_RESULT)
_A_PLAYER, _PLAYERS = _keys(PLAYER_KEYS, Naming.PLAYER), _keys(PLAYER_KEYS, Naming.PLAYERS)
_BY_PLAYER, _WINNER_OF = _keys(PLAYER_KEYS, Naming.BY_PLAYER), _keys(PLAYER_KEYS, Naming.WINNER)


def move_on(table: Table, winner: str | None, data: Any, words: bool = True) -> None:
    """The table moved on after a deal (Table.after), with what the deal's keys say of it where a payment scheme
    registers them (rules/families.py SEATING_KEYS): East waiting at a draw, a draw that keeps the deal (as a
    waiting East's does), who put sticks down in it, East as a further winner on the same tile. `winner`: its
    seat (seat_next's). batch and the page's ledger (play/ledger.py) both move the table on here, and only here."""
    d = data if isinstance(data, dict) else {}
    winner = _dealer_among_winners(table, winner, d)
    waiting = False
    for key in _WAITING:
        waiting = waiting or table.east_in(d.get(key))
    for key in _KEEPS_DEAL:
        waiting = waiting or key in d
    declared: list[Any] = []
    for key in _DECLARED:
        found = d.get(key)
        declared += found if isinstance(found, list) else [found] if isinstance(found, str) else []
    timed_out = any(d.get(key) is True for key in _NO_RESULT)
    table.after(winner, bool(d.get("false_mahjong")), waiting, declared, words=words, timed_out=timed_out)


def _dealer_among_winners(table: Table, winner: str | None, data: dict[str, Any]) -> str | None:
    """The winner's seat as seating takes it: East where East is a further winner on the same tile (a key
    registered as SeatingPart.SECOND_WINNER: Tenhou's rules keep the deal with the dealer among the winners)."""
    for key in _SECOND_WINNER:
        second = data.get(key)
        if winner is not None and isinstance(second, dict) and table.seat_of(second.get("winner")) == "E":
            winner = "E"
    return winner


def seat_deals(header: Header, deals: Iterator[RawDeal]) -> Iterator[Seated]:
    """Seats and prevailing wind for each deal, from the variant's rules and who won the deals before."""
    table = Table.resumed(header, header.resumed.snapshot) if header.resumed else Table(header)
    for raw in deals:
        seated, winner = seat_next(table, raw)
        yield seated
        move_on(table, winner, raw.data, words=False)  # (its words are not shown)


# --- settling ----------------------------------------------------------------------------------------

def _name_to_seat(name: Any, by_name: dict[str, str], what: str) -> str | None:
    """The seat of a player named in a deal; anything but a seated player's name is a DealError."""
    if name is None:
        return None
    seat = by_name.get(name) if name.__class__ is str else None
    if seat is not None:  # a seated player's name as the header keeps it (in NFC already)
        return seat
    if isinstance(name, str):
        name = nfc(name)  # as the header's names are kept: é typed either way is one player
    if not isinstance(name, str) or name not in by_name:
        seated = {seat: n for n, seat in by_name.items()}
        hint = (said(M.DEAL_NAMES_NOT_SEATS, name=seated[name], seat=name)
                if isinstance(name, str) and name in seated else "")
        raise DealError(said(M.DEAL_NOT_A_PLAYER, what=what, name=shown(name), players=", ".join(by_name)) + hint)
    return by_name[name]


def _by_seat(mapping: Any, by_name: dict[str, str], what: str) -> dict[str | None, Any] | None:
    """A mapping keyed by player names, keyed by seats instead."""
    if mapping is None:
        return None
    if not isinstance(mapping, dict):
        raise DealError(f"{what}: expected a mapping of player names")
    out = {}
    for name, value in mapping.items():
        seat = _name_to_seat(name, by_name, what)
        if seat in out:  # é as one character and as e and an accent: one player, named twice
            raise DealError(f"{what}: {shown(nfc(name))} is given twice (spelt two ways)")
        out[seat] = value
    return out


def to_deal_data(data: Any, seats: dict[str, str]) -> dict[str, Any]:
    """A game file's deal (keyed by player names) as a deal-file mapping (keyed by seats)."""
    if isinstance(data, Unreadable):
        raise DealError(data.why)
    if not isinstance(data, dict):
        raise DealError("a deal is a mapping with hands:, winner:, win: ...")
    by_name = {n: s for s, n in seats.items()}
    out = data.copy()
    out.pop("seats", None)  # the game's seating took them (Table.take_seats)
    hands = _by_seat(data.get("hands"), by_name, "hands")
    if hands is not None:
        if len(hands) < len(seats):
            missing = [n for s, n in seats.items() if s not in hands]
            raise DealError(said(M.DEAL_NO_HAND_FOR, players=", ".join(missing)))
        out["hands"] = hands
    get = data.get
    out["winner"] = _name_to_seat(get("winner"), by_name, "winner")
    out["false_mahjong"] = _name_to_seat(get("false_mahjong"), by_name, "false_mahjong")
    out["pays_for_all"] = _name_to_seat(get("pays_for_all"), by_name, "pays_for_all")
    for key in _A_PLAYER:  # (the schemes' keys that name a player: rules/families.py PLAYER_KEYS)
        if get(key) is not None:
            out[key] = _name_to_seat(get(key), by_name, key)
    if isinstance(data.get("win"), dict) and data["win"].get("discarder") is not None:
        out["win"] = {**data["win"], "discarder": _name_to_seat(data["win"]["discarder"], by_name, "win.discarder")}
    if data.get("faults") is not None:
        out["faults"] = _by_seat(data["faults"], by_name, "faults")
    for key in _PLAYERS:  # (and those that name players: lists of them, mappings by them, a further winner)
        if isinstance(get(key), list):
            out[key] = [_name_to_seat(n, by_name, key) for n in data[key]]
    for key in _BY_PLAYER:
        if isinstance(get(key), dict):
            out[key] = {_name_to_seat(n, by_name, key): v for n, v in data[key].items()}
    for key in _WINNER_OF:
        if isinstance(get(key), dict):
            out[key] = {**data[key], "winner": _name_to_seat(data[key].get("winner"), by_name, f"{key}.winner")}
    return out


def settle_one(header: Header, seated: Seated, memo: dict[Any, Any] | None = None) -> Result:
    """Settle one seated deal; any problem becomes the Result's error (never an exception). `memo`: a dict
    the caller keeps for a run of deals (named's items)."""
    raw = seated.raw
    base = (raw.number, raw.place, seated.round, seated.seats, seated.game)
    if seated.problem:
        return Result(*base, None, seated.problem, seated.counted, seated.changed, header.lang)
    try:
        deal = None if seated.also else quick_game_deal(raw.data, header.variant, header.options, seated.round,
                                                          seated.seats)
        if deal is None:  # any but the everyday deal: checked key by key
            data = to_deal_data(raw.data, seated.seats)
            if "players" in data or "round" in data:
                raise DealError("players and round come from the game, not from a deal (a deal may state who sits "
                                "where: seats: {E: NAME, S: NAME, W: NAME, N: NAME})")
            if seated.also:
                given = data.get("win")
                win = given if isinstance(given, dict) else {}
                data["win"] = {**win, "also": list(win.get("also") or []) + list(seated.also)}
            deal = parse_deal(data, header.variant, header.options, round_=seated.round, players=seated.seats)
        result = settle(deal)
        named_data = named(result, header.lang, memo)
        if len(seated.seats) < 4:  # two or three players: the empty seats
            named_data["empty"] = empty_seats(seated.seats)
        if len(header.players) > len(seated.seats):  # five or six: who sits it out
            named_data["out"] = sitting_out(header.players, seated.seats)
        return Result(*base, named_data, None, seated.counted, seated.changed, header.lang)
    except SituationError as e:
        return Result(*base, None, e.spelt(Spelling.KEY), seated.counted, seated.changed, header.lang)
    except MjscoreError as e:  # (its message as made: a Said is said again in a face's --lang)
        return Result(*base, None, e.said(), seated.counted, seated.changed, header.lang)


def named(result: Settlement, lang: str = "en", memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """A settlement as data with players' names in place of seats (a game is about people). `memo`: a dict
    kept for a run of deals, where each item's JSON is made once (item_dicts)."""
    d, paid = result.deal, result.paid_on()
    name, scores = d.players, result.scores
    hands = {}
    for seat, s in scores.items():
        hand = {"seat": seat, "hand": s.hand, "mahjong": s.mahjong, "points": s.points, "doubles": s.doubles,
                "limit_hand": s.limit_hand, "value": s.value}
        hands[name[seat]] = hand if paid else unpaid(hand, paid)
    won, w = d.winner and not d.false_mahjong, d.win  # how it was won, and the winning hand's items: for statistics
    if won:
        winner = cast(str, d.winner)  # (won: a winner)
        winners = [winner, *(d.scheme.other_wins(w) if d.scheme else ())]  # (a double ron: the second's too)
        for seat in winners:
            hands[name[seat]]["items"] = item_dicts(scores[seat].items, lang, memo)
        best = scores[winner]
        hands[name[winner]]["win_set"] = best.win_set  # the set its winning tile completed
        for seat in winners:
            stated = scores[seat].family_value  # what its family states (riichi: han, fu, tier, its words)
            if stated is not None:
                hands[name[seat]].update(stated.deal_fields(scores[seat].limit_hand))
    by_name = name.__getitem__
    return {
        "winner": name.get(d.winner) if d.winner else None,
        "false_mahjong": name.get(d.false_mahjong) if d.false_mahjong else None,
        "win": {"tile": best.win, "set": best.win_set, "from": w.source, "discarder": name.get(cast(str, w.discarder)),
                "also": list(w.also)} if won else None,
        "hands": hands,
        "payments": [p.to_dict(by_name) for p in result.payments],
        "net": {name[seat]: v for seat, v in result.net.items()},
        **({"pot": result.pot} if result.pot is not None else {}),
        "notes": result.notes, **(d.scheme.to_dict(by_name) if d.scheme else {}),
    }


def item_dicts(items: Iterable[Any], lang: str, memo: dict[Any, Any] | None) -> list[dict[str, Any]]:
    """Each item's JSON (Item.to_dict), a copy of the one made when the same item object came before: scoring
    keeps its items (kept.py), so a batch meets a few hundred objects a million times. Kept by the object
    itself, so an equal item of other numbers' types is never taken for it."""
    if memo is None:
        return [i.to_dict(lang) for i in items]
    out: list[dict[str, Any]] = []
    for i in items:
        got = memo.get((id(i), lang))
        if got is None or got[0] is not i:
            make_room(memo, 4096)
            got = memo[(id(i), lang)] = (i, i.to_dict(lang))  # (holding the item: its id is not taken again)
        out.append(dict(got[1]))
    return out
