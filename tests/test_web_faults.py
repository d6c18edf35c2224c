"""Basque short, long and wrong hands at the page: a non-winner's hand marked as a deal file marks it
(`faults: {W: short}`), offered only where the variant's settlement has faults (/api/variants), settled as
`settle --format json` settles it, kept in a game's deal by the player's name.

The numbers are the Basque rulebook's (Prats Verdú). Rule 66: "Esku motzaren eta okerraren puntuak zenbatuko
dira, baina loreen eta bikoizten duten taldeen bikoizketak besterik ezin dute zenbatu" (the points of a short
and of a wrong hand are counted, but of doubles they may count only those of flowers and of doubling sets).
Rule 67: "Esku luzearen puntuak ez dira zenbatuko" (the points of a long hand are not counted). Table 1 (rule
75) the points, table 2 the doubles, table 3 the winner's; rules 69-70 the payments, East double.
"""

from __future__ import annotations

import contextlib
import json

import pytest
import yaml

from helpers import run
from webserver import PHONE, exported, fill_hands, open_page, phones_at_a_table, request, running

from mjscore.web.app import create_app
from mjscore.web.store import Store

# South wins on West's discard of 1m: four chows and a pair of dragons. Mah jong 20 + dragon pair 2 (table 1,
# "Bikoteak, Herensugeak 2") = 22; 1m is not the only tile completing 23m (4m does too), the pair has a value,
# so no double of table 3: 22.
WINNING = "123m 456m 789p 234s RR"
# East, short (11 tiles): exposed pung of honours [EEE] 4 (table 1); own wind that is also the prevailing wind,
# 2 doubles (table 2, "Norberaren haize nagusia 2"): a doubling set, kept. One suit and honours would double
# once ("Esku garbia, serie bat eta ohoreak 1"), but not a short hand (rule 66). 4 x 2^2 = 16.
EAST = "[EEE] 234m 567m 88m"
# West, wrong (13 tiles): [GGG] exposed pung of honours 4 + 111p concealed pung of terminals 8 = 12 points;
# the dragons' pung doubles once (table 2, kept: a doubling set), one suit and honours once more (dropped,
# rule 66): 12 x 2 = 24. Not marked, it would be 12 x 2^2 = 48.
WEST = "[GGG] 111p 234p 678p 9p"
# North, long: 0 (rule 67). Not marked, 13 tiles: [NNN] 4 + 222s 333s 444s concealed pungs of simples 4 each =
# 16; own wind 1 double, one suit and honours 1: 16 x 2^2 = 64.
NORTH = "[NNN] 222s 333s 444s 5s"
HANDS = {"E": EAST, "S": WINNING, "W": WEST, "N": NORTH}
WIN = {"tile": "1m", "from": "discard", "discarder": "W"}

# The settlement. South's 22 is paid by all (rule 69), East double: East 44, West 22, North 22: South +88.
# The others pay their differences (rule 70), East double:
#   with East 16, West 24, North 0: East pays West (24 - 16) x 2 = 16; North pays West 24 - 0 = 24;
#   North pays East (16 - 0) x 2 = 32.
#   East -44 - 16 + 32 = -28; West -22 + 16 + 24 = +18; North -22 - 24 - 32 = -78.
MARKED = {"E": -44 - 16 + 32, "S": 88, "W": -22 + 16 + 24, "N": -22 - 24 - 32}
assert sum(MARKED.values()) == 0


def test_variants_say_which_faults_a_deal_may_mark(base):
    status, got = request(base + "/api/variants")
    assert status == 200
    faults = {v["variant"]: v["faults"] for v in got["variants"]}
    # rules 63-64: a long hand has too many tiles, a short one too few, a wrong one a wrong exposed set
    assert sorted(faults["basque"]) == ["long", "short", "wrong"]
    assert faults["basque"]["long"].startswith("too many tiles: scores 0")  # rule 67
    assert faults["basque"]["short"].startswith("too few tiles: its points count, with only the doubles of flowers")
    # no other rulebook here has a rule for them
    assert all(faults[v] == {} for v in faults if v != "basque")


@pytest.mark.parametrize("faults, values, net", [
    ({"E": "short", "W": "wrong", "N": "long"}, {"E": 16, "S": 22, "W": 24, "N": 0}, MARKED),
    # nothing marked: East's 11 tiles are a partial hand (docs/notation.md): its sets score, one suit is not
    # judged: 16 still; West 48, North 64. East pays West (48 - 16) x 2 = 64 and North (64 - 16) x 2 = 96, West
    # pays North 64 - 48 = 16: East -44 - 64 - 96 = -204, West -22 + 64 - 16 = +26, North -22 + 96 + 16 = +90
    (None, {"E": 16, "S": 22, "W": 48, "N": 64},
     {"E": -44 - 64 - 96, "S": 88, "W": -22 + 64 - 16, "N": -22 + 96 + 16}),
])
def test_a_marked_hand_settles_as_the_cli_settles_it(base, tmp_path, faults, values, net):
    deal = {"variant": "basque", "hands": HANDS, "winner": "S", "win": WIN, **({"faults": faults} if faults else {})}
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps(deal))  # JSON is YAML
    code, out, err = run("settle", str(path), "--format", "json")
    assert code == 0, err
    status, got = request(base + "/api/settle", deal)
    assert (status, got) == (200, json.loads(out))
    assert {s: h["value"] for s, h in got["hands"].items()} == values
    assert got["net"] == net


@pytest.mark.parametrize("deal, words", [
    ({"variant": "spanish", "faults": {"W": "short"}}, "spanish has no rule for a 'short' hand (rules for: none)"),
    ({"variant": "basque", "faults": {"W": "crooked"}}, "basque has no rule for a 'crooked' hand"),
    ({"variant": "basque", "faults": {"S": "short"}}, "the winner's hand cannot be short"),
])
def test_a_fault_the_variant_has_no_rule_for_is_refused(base, deal, words):
    deal = {"hands": HANDS, "winner": "S", "win": WIN, **deal}
    status, got = request(base + "/api/settle", deal)
    assert status == 400 and words in got["error"], got


def test_a_games_deal_keeps_its_faults_by_name(tmp_path):
    players = ["Ana", "Bruno", "Carmen", "Diego"]
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url:
        status, sheet = request(url + "/api/games", {"variant": "basque", "players": players})
        assert status == 201
        game = sheet["game"]["id"]
        by_name = dict(zip("ESWN", players))
        deal = {"hands": {by_name[s]: h for s, h in HANDS.items()}, "winner": "Bruno",
                "win": {**WIN, "discarder": "Carmen"}, "faults": {"Ana": "short", "Carmen": "wrong", "Diego": "long"}}
        status, sheet = request(f"{url}/api/games/{game}/deals", deal)
        assert status == 201, sheet
        assert sheet["totals"] == {by_name[s]: n for s, n in MARKED.items()}  # a basque game starts at 0
        status, text = request(f"{url}/api/games/{game}/export.yaml")
        assert yaml.safe_load(text)["deals"] == [deal]


def test_the_deal_tab_and_a_games_deal_mark_a_wrong_hand(tmp_path, browser):
    """West's wrong hand marked on the page, in a basque game: as above with East (11 tiles) and North (one
    tile, worth nothing) unmarked. East 16, West 24, North 0: the same payments as MARKED."""
    expect = pytest.importorskip("playwright.sync_api").expect
    with contextlib.ExitStack() as stack:
        url, (page,) = phones_at_a_table(stack, tmp_path, 1, browser)
        errors = open_page(page, url)
        page.click("nav [data-tab=deal]")
        expect(page.locator("#deal-faults-box")).to_be_hidden()  # spanish: no rule for faults
        page.select_option("#variant", "basque")
        expect(page.locator("#deal-faults-box")).to_be_visible()
        page.click("nav [data-tab=game]")
        for i, name in enumerate(["Ana", "Bruno", "Carmen", "Diego"]):
            page.fill(f"#new-game [name=p{i}]", name)
        page.click("#new-game button[type=submit]")
        page.click("#next-deal")
        fill_hands(page, {"E": EAST, "S": WINNING, "W": WEST, "N": "5s"})
        page.click("#deal-winner [data-value=S]")
        page.click("#deal-editor-S .winrow [data-tile='1m']")
        page.click("#deal-discarder [data-value=W]")
        page.click("#deal-faults-box summary")
        expect(page.locator("#deal-fault-S")).to_have_count(0)  # the winner's hand has no fault
        expect(page.locator("#deal-fault-W button")).to_have_text(["none", "short", "wrong", "long"])
        page.click("#deal-fault-W [data-value=wrong]")
        page.click("#settle")
        for seat, net in MARKED.items():
            expect(page.locator(f"#settlement [data-seat={seat}]")).to_have_text(f"{'+' if net > 0 else ''}{net}")
        expect(page.locator("#settlement")).to_contain_text("West has a wrong hand")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.click("#save-deal")
        totals = {"Ana": MARKED["E"], "Bruno": MARKED["S"], "Carmen": MARKED["W"], "Diego": MARKED["N"]}
        for name, total in totals.items():
            expect(page.locator(f"#game [data-total={name}]")).to_have_text(str(total))
        page.click("#game [aria-label='correct deal 1']")  # the fault comes back with the deal, on Carmen's seat
        expect(page.locator("#deal-fault-W [data-value=wrong]")).to_have_class("on")
        text = exported(page)
        assert yaml.safe_load(text)["deals"][0]["faults"] == {"Carmen": "wrong"}
        assert errors == []
