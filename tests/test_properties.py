"""Properties of `settle` and `batch` over random legal deals and games of every variant, and of every
command over random broken files.

A legal deal is built from one set of tiles (four of each kind, each flower and season once where the
variant plays them): the winner holds four sets and a pair the variant accepts (bmja: at most one chow),
won on a tile among its concealed ones (a discard, the wall, the loose tile after a kong, a robbed kong,
with or without an --also word); each other player holds 1 to 13 tiles, or only bonus tiles. A deal may
instead be a draw or a false mah jong, and have a player paying for all or a faulty hand where the
variant has those rules. The number of players is one the variant allows (`mjscore variants NAME`:
settlement players, else 4).
What must hold whatever the deal:
- every settlement sums to zero, and a game's totals to the starting points;
- renaming the players (same seats) renames them in the output and changes nothing else;
- `batch --jobs 1` and `--jobs 2` print the same bytes;
- `batch` of a one-deal game says what `settle` of that deal says;
- no file, however broken, gives a traceback: exit 0, 1 (some deals not scored) or 2 with one line.
The whole file stays well under a minute on two cores: few examples for the slow properties. The bugs
the properties found are kept at the end as plain tests.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import ROOT, run
from mjscore.play.game import Header, Table
from mjscore.rules.tables import load_variant

KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNRGP")  # 34 kinds: tile names
BONUS = [f"{n}{k}" for k in "fy" for n in range(1, 5)]
SEATS_OF = {2: "EW", 3: "ESN"}  # the chairs a game fills with 2 or 3 players; 4 or more: E S W N
NAMES = ["Ann", "Bo", "Çelik", "Dóra", "Eiji", "Fí"]
ALSO = ["last-wall-tile", "last-discard", "heaven", "earth", "late-call", "original-call", "kong-on-kong"]
OTHER_NAMES = ["Zoë", "Yann", "Xiao", "Wim", "Vera", "Uma"]


def _json(*args) -> dict | list:
    code, out, err = run(*args)
    assert code == 0, err
    return json.loads(out)


# mcr and hk are left out: a random winning hand seldom has mcr's 8 fan or hk's 3 faan (the deal is then refused,
# not settled), and their discarder pays, whom these deals do not name; tests/test_mcr_reference.py and
# tests/test_mcr_games.py check mcr's hands and payments, tests/test_hk_reference.py and tests/test_hk_settle.py hk's
VARIANTS = [v["variant"] for v in _json("variants", "--format", "json") if v["variant"] not in ("mcr", "hk")]


@lru_cache(maxsize=None)
def variant_info(name: str) -> dict:
    """What a generator needs to know of a variant, read from `mjscore variants NAME --format json`."""
    data = _json("variants", name, "--format", "json")
    players = data["settlement"].get("players", [4])
    if not isinstance(players, list):  # a switch that follows an option: the default count only
        players = [4]
    max_chows = data["options"].get("max_chows", {}).get("default", 4)
    start = data["settlement"].get("start_points", 0)
    if isinstance(start, dict):  # a switch that follows an option (riichi's ruleset): its case at the default
        start = start.get("cases", {}).get(data["options"][start["option"]]["default"], start.get("default", 0))
    faults = data["settlement"].get("faults")
    return {"flowers": data["flowers"], "players": sorted(players), "max_chows": max_chows,
            "start": start if isinstance(start, int) else 0,
            "faults": sorted(faults) if isinstance(faults, dict) else [],
            "pays_for_all": data["settlement"].get("pays_for_all") is True}


def seats_for(n: int) -> str:
    return SEATS_OF.get(n, "ESWN")


# --- legal deals ---------------------------------------------------------------------------------------

def _take(pool: list[int], kind: int, n: int) -> str:
    """n alike tiles out of the pool, written as one group (555p, EEE)."""
    pool[kind] -= n
    name = KINDS[kind]
    return name[0] * n + name[1:]


@st.composite
def winning_hand(draw, pool: list[int], max_chows: int, rnd: random.Random,
                 yaku: bool = False) -> tuple[str, list[str]]:
    """Four sets and a pair from the pool: (notation, the concealed tiles a winning tile may be). `yaku`: the
    first set is a pung of dragons, so that a riichi hand has the one yaku it needs to win, whatever else."""
    parts, concealed, chows = [], [], 0
    if yaku:
        k = rnd.choice([k for k in range(31, 34) if pool[k] >= 3])
        parts.append(f"[{_take(pool, k, 3)}]")
    for _ in range(4 - yaku):
        kind = draw(st.sampled_from(["pung", "pung", "chow", "chow", "kong"] if chows < max_chows else ["pung", "kong"]))
        if kind == "chow":
            starts = [k for k in range(27) if k % 9 <= 6 and all(pool[k + i] for i in range(3))]
            if starts:
                k = rnd.choice(starts)
                tiles = [KINDS[k + i] for i in range(3)]
                for i in range(3):
                    pool[k + i] -= 1
                chows += 1
                text = "".join(t[0] for t in tiles) + tiles[0][1]
                if draw(st.booleans()):
                    parts.append(f"[{text}]")
                else:
                    parts.append(text)
                    concealed += tiles
                continue
            kind = "pung"
        size = 4 if kind == "kong" else 3
        k = rnd.choice([k for k in range(34) if pool[k] >= size])
        text = _take(pool, k, size)
        if kind == "kong":
            parts.append(f"[{text}]" if draw(st.booleans()) else f"{{{text}}}")
        elif draw(st.booleans()):
            parts.append(f"[{text}]")
        else:
            parts.append(text)
            concealed += [KINDS[k]] * 3
    k = rnd.choice([k for k in range(34) if pool[k] >= 2])
    parts.append(_take(pool, k, 2))
    concealed += [KINDS[k]] * 2
    return " ".join(parts), concealed


@st.composite
def deal_templates(draw, variant: str | None = None, players: int | None = None) -> dict:
    """A legal deal as a deal file says it (hands by seat), with `variant`, `n` players and the seats."""
    name = variant or draw(st.sampled_from(VARIANTS))
    info = variant_info(name)
    n = players or draw(st.sampled_from(info["players"]))
    seats = seats_for(n)
    rnd = draw(st.randoms(use_true_random=False))
    pool = [4] * 34
    bonus = list(BONUS) if info["flowers"] else []
    rnd.shuffle(bonus)
    hands: dict[str, str] = {}
    winner = draw(st.sampled_from(list(seats) + [None]))
    win = None
    if winner:
        hand, concealed = draw(winning_hand(pool, info["max_chows"], rnd, name == "riichi"))
        hands[winner] = hand
        tile = rnd.choice(concealed)
        held = 4 * 34 - sum(pool)  # the winner's tiles are all out of the pool so far
        sources = (["discard", "wall"] + ["loose"] * (held > 14)  # a kong: the loose tile may win
                   + ["kong"] * (pool[KINDS.index(tile)] == 3))  # robbing a kong: the hand holds one copy
        win = {"tile": tile, "from": draw(st.sampled_from(sources)),
               "also": draw(st.lists(st.sampled_from(ALSO), max_size=1))}
        if name == "riichi" and win["from"] in ("discard", "kong"):  # riichi: the discarder pays, so is named
            win["discarder"] = draw(st.sampled_from([s for s in seats if s != winner]))
    for seat in seats:
        if seat == winner:
            continue
        if bonus and draw(st.integers(0, 5)) == 0:  # only flowers and seasons
            hands[seat] = " ".join(bonus.pop() for _ in range(rnd.randint(1, min(3, len(bonus)))))
            continue
        tiles, count = [], draw(st.integers(1, 13))
        if count >= 3 and draw(st.integers(0, 3)) == 0:  # an exposed pung
            k = rnd.choice([k for k in range(34) if pool[k] >= 3])
            tiles.append(f"[{_take(pool, k, 3)}]")
            count -= 3
        rest = [k for k in range(34) for _ in range(pool[k])]
        for k in rnd.sample(rest, count):
            pool[k] -= 1
            tiles.append(KINDS[k])
        hands[seat] = " ".join(tiles)
    for seat in seats:  # the bonus tiles left go to anyone, or to nobody
        while bonus and hands[seat] and rnd.random() < 0.2:
            hands[seat] += " " + bonus.pop()
    deal = {"variant": name, "round": draw(st.sampled_from("ESWN")), "hands": {s: hands[s] for s in seats},
            "winner": winner}
    if win:
        deal["win"] = win
        if info["pays_for_all"] and draw(st.integers(0, 4)) == 0:
            deal["pays_for_all"] = draw(st.sampled_from([s for s in seats if s != winner]))
    elif draw(st.integers(0, 3)) == 0:
        deal["false_mahjong"] = draw(st.sampled_from(list(seats)))
    if info["faults"] and draw(st.booleans()):
        seat = draw(st.sampled_from([s for s in seats if s != winner]))
        deal["faults"] = {seat: draw(st.sampled_from(info["faults"]))}
    return {"deal": deal, "n": n, "seats": seats}


def deal_file(template: dict, names: list[str]) -> dict:
    """The template as a deal file, with players' names at its seats."""
    return {**template["deal"], "players": dict(zip(template["seats"], names))}


def game_of(templates: list[dict], names: list[str]) -> dict:
    """A game file: the templates deal after deal, each placed on the seats the table gives that deal
    (the template's seats in order onto the table's: with 3 players the empty chair moves round)."""
    variant = templates[0]["deal"]["variant"]
    v = load_variant(variant)
    table = Table(Header(v, v.resolve_options(), list(names)))
    deals = []
    for t in templates:
        seats = table.seats()
        onto = dict(zip(t["seats"], [s for s in "ESWN" if s in seats]))
        d = t["deal"]
        name = {s: seats[onto[s]] for s in t["seats"]}  # template seat -> the player there in this deal
        deal = {"hands": {name[s]: h for s, h in d["hands"].items()},
                "winner": name[d["winner"]] if d["winner"] else None}
        for key in ("false_mahjong", "pays_for_all"):
            if key in d:
                deal[key] = name[d[key]]
        if "faults" in d:
            deal["faults"] = {name[s]: f for s, f in d["faults"].items()}
        if "win" in d:
            deal["win"] = d["win"]
            if "discarder" in d["win"]:  # a game file names players
                deal["win"] = {**d["win"], "discarder": name[d["win"]["discarder"]]}
        deals.append(deal)
        table.after(onto[d["winner"]] if d["winner"] else None, "false_mahjong" in d)
    return {"variant": variant, "players": list(names), "deals": deals}


@st.composite
def games(draw, max_deals: int = 4) -> tuple[dict, list[str]]:
    """A legal game: players as the variant allows, 1 to `max_deals` deals."""
    variant = draw(st.sampled_from(VARIANTS))
    n = draw(st.sampled_from(variant_info(variant)["players"]))
    names = draw(st.permutations(NAMES))[:n]
    templates = [draw(deal_templates(variant, n)) for _ in range(draw(st.integers(1, max_deals)))]
    return game_of(templates, names), names


def write(tmp_path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False) if name.endswith(".json") else
                    yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    return str(path)


def renamed(data, mapping: dict[str, str]):
    """Every string equal to a name (and every key), renamed; and the name a false mah jong's note gives (the
    deal's player, where the deal names its players: issue 31)."""
    if isinstance(data, dict):
        return {mapping.get(k, k): renamed(v, mapping) for k, v in data.items()}
    if isinstance(data, list):
        return [renamed(v, mapping) for v in data]
    if isinstance(data, str) and data.startswith("false mah jong by ") and ": " in data:
        who, _, rest = data.removeprefix("false mah jong by ").partition(": ")
        return f"false mah jong by {mapping.get(who, who)}: {rest}"
    return mapping.get(data, data) if isinstance(data, str) else data


FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                      HealthCheck.too_slow])


# --- settle ----------------------------------------------------------------------------------------------

@FEW
@given(deal_templates(), st.permutations(NAMES))
def test_settle_sums_to_zero_and_names_change_nothing_else(tmp_path, template, names):
    path = write(tmp_path, "deal.yaml", deal_file(template, names))
    code, out, err = run("settle", path, "--format", "json")
    assert code == 0, (err, template)
    data = json.loads(out)
    assert sum(data["net"].values()) == 0
    assert sum(p["amount"] for p in data["payments"] if p["to"] == data["winner"]) == (
        data["net"][data["winner"]] if data["winner"] else 0)
    other = dict(zip(names, OTHER_NAMES))
    path = write(tmp_path, "deal.yaml", deal_file(template, [other[n] for n in names]))
    again = _json("settle", path, "--format", "json")
    assert again == renamed(data, other)


# --- batch -----------------------------------------------------------------------------------------------

@FEW
@given(games())
def test_batch_sums_to_zero_and_names_change_nothing_else(tmp_path, game_names):
    game, names = game_names
    path = write(tmp_path, "game.yaml", game)
    data = _json("batch", path, "--format", "json")["games"][0]
    assert data["summary"]["rejected"] == 0, [d.get("error") for d in data["deals"]]
    start = variant_info(game["variant"])["start"]
    for d in data["deals"]:
        assert sum(d["net"].values()) == 0
    assert sum(data["totals"].values()) == start * len(names)
    other = dict(zip(names, OTHER_NAMES))
    path = write(tmp_path, "game.yaml", renamed(game, other))
    assert _json("batch", path, "--format", "json")["games"][0] == renamed(data, other)


@FEW
@given(deal_templates(), st.permutations(NAMES))
def test_batch_of_one_deal_is_settle_of_it(tmp_path, template, names):
    game = game_of([template], names[:template["n"]])
    got = _json("batch", write(tmp_path, "game.yaml", game), "--format", "json")["games"][0]["deals"][0]
    seats = got["seats"]  # seat -> name in the game's first deal (round East)
    played = game["deals"][0]
    seat_of = {n: s for s, n in seats.items()}
    deal = {"variant": game["variant"], "round": "E", "players": seats,
            "hands": {s: played["hands"][n] for s, n in seats.items()}, "winner": seat_of.get(played["winner"])}
    for key in ("false_mahjong", "pays_for_all"):
        if key in played:
            deal[key] = seat_of[played[key]]
    if "faults" in played:
        deal["faults"] = {seat_of[n]: f for n, f in played["faults"].items()}
    if "win" in played:
        deal["win"] = played["win"]
        if "discarder" in played["win"]:  # a name in a game, a seat in a deal file
            deal["win"] = {**played["win"], "discarder": seat_of[played["win"]["discarder"]]}
    settled = _json("settle", write(tmp_path, "deal.yaml", deal), "--format", "json")
    assert {n: h["value"] for n, h in got["hands"].items()} == {seats[s]: h["value"] for s, h in settled["hands"].items()}
    assert got["net"] == {seats[s]: v for s, v in settled["net"].items()}
    assert got["payments"] == [{**p, "from": seats[p["from"]], "to": seats[p["to"]]} for p in settled["payments"]]
    assert got["notes"] == settled["notes"]
    assert got["winner"] == played["winner"]


@st.composite
def long_games(draw) -> dict:
    """130 deals of one variant (three legal deals over and over): more than two chunks of 64 for the workers."""
    variant = draw(st.sampled_from(VARIANTS))
    n = draw(st.sampled_from(variant_info(variant)["players"]))
    templates = [draw(deal_templates(variant, n)) for _ in range(3)]
    return game_of([templates[i % 3] for i in range(130)], NAMES[:n])


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(long_games(), st.sampled_from(["table", "csv", "json"]))
def test_jobs_one_and_two_print_the_same_bytes(tmp_path, game, fmt):
    path = write(tmp_path, "game.yaml", game)
    one = run("batch", path, "--format", fmt, "--jobs", "1")
    # exit 1 only where a riichi game ended when a player went below zero (Tenhou's rules): the deals after it
    # are reported, each with why, and not scored
    assert one[0] == 0 or (one[0] == 1 and "went below zero" in one[1]), one[2]
    assert run("batch", path, "--format", fmt, "--jobs", "2") == one


# --- broken input: one line and exit 2, never a traceback -----------------------------------------------

def check(*args) -> None:
    code, out, err = run(*args)
    assert "Traceback" not in out + err and "mjscore: error: internal error" not in err, (args, err)
    assert code in (0, 1, 2), (args, code, err)
    if code == 2:
        lines = err.splitlines()
        assert out == "" and err.startswith("mjscore: error: "), (args, err)
        # one line; a hand that breaks the notation is shown under it with carets at the fault (errors.py):
        # exactly two more lines, the hand indented and a line of carets
        assert len(lines) == 1 or (len(lines) == 3 and lines[1].startswith("  ")
                                   and set(lines[2].strip()) == {"^"}), (args, err)
    if code == 1:  # a game whose deals could not all be scored: said in one line after the output
        assert err.startswith("mjscore: ") and len(err.splitlines()) == 1, (args, err)


WORDS = ["variant", "options", "players", "hands", "winner", "win", "tile", "from", "discarder", "also", "round",
         "false_mahjong", "pays_for_all", "faults", "deals", "limit", "mode", "E", "S", "W", "N", "Ann", "Bo",
         "spanish", "basque", "dmjl", "wall", "kong", "short", "1f", "[555p] 123m 789s SSS NN"]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=10 ** 18, max_value=10 ** 400),
                    st.integers(max_value=-10 ** 18), st.floats(allow_nan=True), st.sampled_from(WORDS),
                    st.text(max_size=12))
JUNK = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), inner,
                                                  max_size=4)), max_leaves=12)


def nested(depth: int):
    value = "1m"
    for i in range(depth):
        value = [value] if i % 2 else {"hands": value}
    return value


@st.composite
def broken_deal(draw) -> dict:
    """A legal deal with one value replaced by junk (a wrong type, a huge number, deep nesting...)."""
    template = draw(deal_templates())
    deal = deal_file(template, NAMES)
    key = draw(st.sampled_from(sorted(deal) + ["options", "faults", "pays_for_all", "false_mahjong"]))
    junk = draw(st.one_of(JUNK, st.integers(20, 60).map(nested)))
    where = draw(st.sampled_from(["key", "inside"]))
    if where == "inside" and isinstance(deal.get(key), dict) and deal[key]:
        inner = draw(st.sampled_from(sorted(deal[key])))
        deal[key] = {**deal[key], inner: junk}
    else:
        deal[key] = junk
    if key == "options" and draw(st.booleans()):  # a real option's name with a junk value
        deal["options"] = {draw(st.sampled_from(["limit", "mode", "flowers", "max_chows", "banker", "min_value",
                                                 "draw", "roof_off", "deal_after_draw"])): junk}
    return deal


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(broken_deal())
def test_a_broken_deal_file_is_one_line(tmp_path, deal):
    check("settle", write(tmp_path, "deal.yaml", deal), "--format", "json")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games(max_deals=2), st.data())
def test_a_broken_game_file_is_one_line(tmp_path, game_names, data):
    game, _ = game_names
    junk = data.draw(st.one_of(JUNK, st.integers(20, 60).map(nested)))
    where = data.draw(st.sampled_from(["header", "deal", "deal key", "options"]))
    if where == "header":
        game[data.draw(st.sampled_from(["variant", "players", "deals", "extra"]))] = junk
    elif where == "deal":
        game["deals"].append(junk)
    elif where == "deal key":
        deal = game["deals"][0]
        deal[data.draw(st.sampled_from(sorted(deal) + ["faults", "round", "players"]))] = junk
    else:
        game["options"] = {data.draw(st.sampled_from(["limit", "mode", "banker", "start", "draw"])): junk}
    fmt = data.draw(st.sampled_from(["yaml", "jsonl"]))
    if fmt == "yaml":
        path = write(tmp_path, "game.yaml", game)
    else:
        header = {k: v for k, v in game.items() if k != "deals"}
        deals = game.get("deals") if isinstance(game.get("deals"), list) else [game.get("deals")]
        path = tmp_path / "game.jsonl"
        path.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in [header] + deals) + "\n")
    check("batch", str(path), "--format", data.draw(st.sampled_from(["table", "json", "csv"])))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=200), st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))),
       st.sampled_from(["settle", "batch", "batch-jsonl", "score-tables"]))
def test_random_bytes_are_one_line(tmp_path, content, command):
    if command == "score-tables":  # a club's table file
        (tmp_path / "club").mkdir(exist_ok=True)
        (tmp_path / "club" / "spanish.yaml").write_bytes(content)
        check("score", "[555p] 123m 789s SSS NN", "--tables", str(tmp_path / "club"))
        return
    path = tmp_path / ("game.jsonl" if command == "batch-jsonl" else "file.yaml")
    path.write_bytes(content)
    check(command.split("-")[0], str(path))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=40), st.sampled_from(["score", "waits"]), st.sampled_from(VARIANTS))
def test_random_hands_are_one_line(text, command, variant):
    code, out, err = run(command, text, "--variant", variant, "--format", "json")
    # the message's own words, not the echoed hand (a random hand may spell "internal error" itself)
    assert "Traceback" not in err and not err.startswith("mjscore: error: internal error"), (text, err)
    assert code in (0, 2)
    if code == 2:  # a hand's message may add the hand and a caret line under the place
        assert err.startswith("mjscore: error: ") and len(err.splitlines()) <= 3


# --- what the properties found, kept as plain tests -----------------------------------------------------------

def test_a_game_file_refused_at_once_prints_no_csv(tmp_path):
    # `batch --format csv` wrote its header row before reading the file: a refused file left it on
    # standard output beside the one-line message
    path = tmp_path / "game.yaml"
    path.write_text("variant: 5\nplayers: [Ann, Bo, Cy, Di]\ndeals: []\n")
    assert run("batch", str(path), "--format", "csv") == (
        2, "", f"mjscore: error: {path}: variant: expected a name such as spanish, not 5\n")


def test_csv_of_files_all_refused_is_its_header(tmp_path):
    # two files, neither readable as a game: each reported, the output still a CSV (its header row), exit 1
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("players: 7\n")
    code, out, err = run("batch", str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"), "--format", "csv")
    assert code == 1 and out == "file,deal,game,round,player,seat,winner,hand_value,net,total,error,counted,worth,seats_changed\n"
    assert err.count("mjscore: error: ") == 2


def test_csv_of_a_game_starts_with_one_header(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text('variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - {hands: {Ann: "1m", Bo: "2m", '
                    'Cy: "3m", Di: "4m"}, winner: null}\n')
    code, out, err = run("batch", str(path), "--format", "csv")
    assert code == 0, err
    assert out.splitlines()[0].startswith("file,deal,") and sum(line.startswith("file,") for line in out.splitlines()) == 1
    assert len(out.splitlines()) == 1 + 4  # a row per player


# A limit times a fraction of it is a float: a limit of 10^400 (a house option, a deal file's options or a
# club's table file) or a fraction of 1e308 gave "internal error (OverflowError ...)". Amounts are now at
# most 10^9 and fractions at most 100, each refused in one line; the largest allowed still scores exactly.

HUGE = str(10 ** 400)


def test_a_huge_limit_is_refused_in_one_line(tmp_path):
    code, out, err = run("score", "[EEE] SSS WWW NNN RR", "--variant", "dmjl", "--win", "R", "--option", f"limit={HUGE}")
    assert code == 2 and out == "" and err.startswith("mjscore: error: option limit of dmjl must be at most 1,000,000,000")
    deal = tmp_path / "deal.yaml"
    deal.write_text(f"variant: basque\noptions: {{limit: {HUGE}}}\nfalse_mahjong: S\n"
                    'hands: {E: "1m", S: "2m", W: "3m", N: "4m"}\n')
    code, out, err = run("settle", str(deal))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "must be at most 1,000,000,000" in err


def test_the_largest_limit_still_scores_exactly(tmp_path):
    # dmjl, Only Honors: a full limit, 1 x 1000000000 (Kajongg's Classical Chinese DMJL: a limit hand)
    code, out, err = run("score", "[EEE] SSS WWW NNN RR", "--variant", "dmjl", "--win", "R",
                         "--option", "limit=1000000000", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["value"] == 1_000_000_000
    # basque, South's false mah jong (Basque rulebook (Prats Verdú), rule 71): East gets the limit, the others half
    # of it each: South -1000000000 - 500000000 - 500000000 = -2000000000
    deal = tmp_path / "deal.yaml"
    deal.write_text('variant: basque\noptions: {limit: 1000000000}\nfalse_mahjong: S\n'
                    'hands: {E: "1m", S: "2m", W: "3m", N: "4m"}\n')
    code, out, err = run("settle", str(deal), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["net"] == {"E": 1_000_000_000, "S": -2_000_000_000, "W": 500_000_000, "N": 500_000_000}


@pytest.mark.parametrize("change, message", [
    (("limit: 300 ", f"limit: {HUGE} "), "limit: the limit must be at most 1,000,000,000, not a number of"),
    (("limit: 1           # assumed (Babcock): East wins", "limit: 1.0e+308 # East wins"),
     "limit must be at most 100 (times the limit), not 1e+308"),
    (("    default: false\n", "    default: false\n  fine:\n    type: int\n    default: " + HUGE + "\n"),
     "default must be at most 1,000,000,000, not a number of"),
])
def test_a_club_table_with_a_huge_number_is_refused(tmp_path, change, message):
    text = (ROOT / "tables" / "spanish.yaml").read_text(encoding="utf-8")
    assert change[0] in text
    (tmp_path / "spanish.yaml").write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    code, out, err = run("score", "[EEE] SSS WWW NNN RR", "--tables", str(tmp_path), "--also", "heaven")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and message in err, err


@pytest.mark.parametrize("content", ["", "- 1\n", "hello.yaml\n", "examples/deal-spanish.yaml\n", "7\n"])
def test_a_deal_file_that_is_no_mapping_is_one_line(tmp_path, content):
    # an empty file or a list gave "internal error (TypeError ...)", and a file holding a path settled that other
    # file instead: a deal file holds a mapping
    path = tmp_path / "deal.yaml"
    path.write_text(content)
    assert run("settle", str(path)) == (2, "", f"mjscore: error: {path}: a deal is a mapping with hands:, winner:, win: ...\n")
