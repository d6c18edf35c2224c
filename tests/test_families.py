"""Rule families as plug-ins (issue 40, docs/architecture.md "Rule families"): a hand or a deal of one family
runs no other family's module, and a new family is one module and one line of registration, with no change to
the scorer, settlement or the faces.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import mjscore
from mjscore.rules import families

PACKAGE = Path(mjscore.__file__).parent
FAMILY_MODULES = {PACKAGE / "rules" / "riichi.py", PACKAGE / "rules" / "han_fu.py", PACKAGE / "rules" / "mcr.py",
                  PACKAGE / "rules" / "mcr_sets.py", PACKAGE / "play" / "riichi.py",
                  PACKAGE / "rules" / "riichi_settlement.py", PACKAGE / "play" / "mcr_payments.py",
                  PACKAGE / "rules" / "red_fives.py", PACKAGE / "hand" / "redfives.py"}  # (riichi's red fives)
SPANISH_DEAL = Path(__file__).parent.parent / "examples" / "deal-spanish.yaml"


def entered(work) -> set[Path]:
    """The package's files whose code runs while `work()` does (every Python call, traced), the modules that
    declare conditions imported first: a module imported but never entered does not count."""
    import mjscore.play.settle  # noqa: F401
    import mjscore.rules.conditions  # noqa: F401

    files: set[str] = set()

    def profile(frame, event, arg):
        if event == "call":
            files.add(frame.f_code.co_filename)

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return {Path(f) for f in files if f.startswith(str(PACKAGE))}


def test_a_spanish_hand_and_deal_enter_no_riichi_or_mcr_module():
    # scoring.py used to check red fives in rules/riichi.py on every hand, then in rules/red_fives.py (entered for
    # every hand, to find no 0 in it), and settlement branched on Payments.RIICHI; now the spanish table's own
    # families (the classical ones) alone run, red fives checked only for a hand written with a 0
    def work():
        mjscore.score("[555p] 123m 789s SSS NN", "spanish", seat="S", win="7s", source="wall")
        mjscore.settle(SPANISH_DEAL)

    assert entered(work) & FAMILY_MODULES == set()


def test_a_riichi_hand_and_deal_do_enter_riichi_s_modules():
    # the trace of the test above sees a family's module where it runs: riichi's valuation and payments
    def work():
        mjscore.settle({"variant": "riichi", "hands": {"E": "", "S": "345m 456p 345s 55s 678s", "W": "", "N": ""},
                        "winner": "S", "win": {"tile": "8s", "from": "discard", "discarder": "W"}})

    assert {PACKAGE / "rules" / "han_fu.py", PACKAGE / "play" / "riichi.py"} <= entered(work)


FLAT = '''
"""A toy payment scheme: every other player pays the winner the same 10, whatever the hand."""


from mjscore.messages import M


class Flat:
    counters = False
    deal_keys = ()
    refused = ""
    words = M.W_PAYMENTS_STANDARD

    def pay(self, deal, values, notes, rules, scores=None):
        from mjscore.play.deal import Payment

        notes.append("flat: 10 from each")
        return [Payment(s, deal.winner, 10, "flat 10") for s in deal.hands if s != deal.winner] if deal.winner else []

    def false_win_fine(self, deal, rules):
        return None

    def draw_keeps_deal(self, rules, east_waiting):
        return True

    def place_results(self, totals, rules):
        return None

    def winner_also(self, deal, seat, also):
        return also

    def deal_fields(self, data, options, where, seat):
        return None

    def deal_form(self, variant):
        return None


FAMILY = Flat()
'''

TENFOLD = '''
"""A toy valuation: a winning hand is worth its points x `times`, never doubled."""

from mjscore.messages import M
from mjscore.rules.results import Score


class Tenfold:
    heads = (M.H_POINTS, M.H_DOUBLES)  # its hands' two numbers are said as points and doubles

    def check(self, entry, fail, options, shapes):
        if not isinstance(entry, dict) or not isinstance(entry.get("times"), int):
            fail("value.tenfold", "expects {times: N}")
        return entry["times"]

    def score(self, ctx, times, shown, texts, win, items, notes, win_set):
        points = sum(i.points for i in items)
        return Score(variant=shown.variant, options=shown.options, hand=shown.hand, seat=shown.seat,
                     round=shown.round, mahjong=shown.mahjong, arrangement=texts, items=tuple(items), points=points,
                     doubles=0, limit_hand=None, limit_fraction=0, limit=None, value=points * times,
                     uncapped=points * times, win=win, source=shown.source, also=shown.also, bonus=shown.bonus,
                     notes=tuple(notes), win_set=win_set)

    def words(self, times, w):
        return f"points x {times}"


FAMILY = Tenfold()
'''


@pytest.fixture
def toy_families(tmp_path, monkeypatch):
    """The two toy families as modules of their own, registered by name as the packaged ones are."""
    (tmp_path / "toy_flat.py").write_text(FLAT, encoding="utf-8")
    (tmp_path / "toy_tenfold.py").write_text(TENFOLD, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(families.PAYMENT_SCHEMES, "flat", "toy_flat")
    monkeypatch.setitem(families.VALUATIONS, "tenfold", "toy_tenfold")
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "toy.yaml").write_text("variant: toy\nextends: spanish\ntitle: Spanish, paid flat\nsource: a test\n"
                                     "value: {tenfold: {times: 3}}\nsettlement: {payments: flat}\n", encoding="utf-8")
    return tables


def test_a_new_family_is_one_module_and_its_registration(toy_families):
    # the spanish winner's hand of examples/deal-spanish.yaml scores 20 points (examples: [555p] exposed pung
    # of simples 2, SSS concealed pung of honours 8 ... as `mjscore settle` itemises it); the toy valuation
    # makes it 20 x 3 = 60 and the toy scheme has each of the three others pay 10, whatever the value
    spanish = mjscore.settle(SPANISH_DEAL)
    points = spanish.scores["S"].points
    import yaml

    deal = {**yaml.safe_load(SPANISH_DEAL.read_text(encoding="utf-8")), "variant": "toy"}
    toy = mjscore.settle(deal, tables=toy_families)
    assert toy.scores["S"].value == points * 3
    assert [(p.payer, p.payee, p.amount) for p in toy.payments] == [("E", "S", 10), ("W", "S", 10), ("N", "S", 10)]
    assert "flat: 10 from each" in toy.notes and toy.net["S"] == 30
    assert mjscore.load_variant("toy", toy_families).valuation.words(None) == "points x 3"
    from mjscore.cli.report import settlement_text  # the face asks the valuation the words its numbers go under

    assert settlement_text(toy).splitlines()[2].split()[3:5] == ["points", "doubles"]


def test_a_name_no_family_registered_stops_the_table(tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "toy.yaml").write_text("variant: toy\nextends: spanish\ntitle: t\nsource: s\n"
                                     "settlement: {payments: flat}\n", encoding="utf-8")
    with pytest.raises(mjscore.MjscoreError,
                       match="settlement.payments: must be one of standard, riichi, mcr, hk, not 'flat'"):
        mjscore.load_variant("toy", tables)


def test_a_scheme_s_own_switches_are_a_typed_block_of_their_own():
    # tables/riichi.yaml: honba 100 (per counter), riichi_stick 1000, uma by ruleset (tenhou [20, 10, -10, -20]);
    # the shared SettlementRules holds none of them, and a table paid the classical way has no such block
    from mjscore.rules.riichi_settlement import RiichiSettlement
    from mjscore.rules.switches import SettlementRules

    riichi = mjscore.load_variant("riichi").settlement
    played = riichi.at({"ruleset": "tenhou"})
    assert isinstance(played.scheme_switches, RiichiSettlement)
    assert (played.scheme_switches.honba, played.scheme_switches.riichi_stick) == (100, 1000)
    assert played.scheme_switches.uma == (20, 10, -10, -20) and played.switch("uma") == (20, 10, -10, -20)
    assert riichi.at({"ruleset": "ema"}).scheme_switches.uma == (15, 5, -5, -15)
    assert mjscore.load_variant("spanish").settlement.scheme_switches is None
    assert mjscore.load_variant("spanish").settlement.switch("uma") == ()  # (the block's default)
    assert not {"honba", "riichi_stick", "uma", "tenpai_payment", "double_ron"} & set(SettlementRules._fields)


def test_a_scheme_s_deal_keys_are_a_typed_block_of_its_own():
    # the shared Deal held riichi's twelve fields and mcr's three flat beside every deal's; now each scheme's keys
    # are its own frozen block, Deal.scheme, made by the scheme that reads them, and a deal of neither has none
    from mjscore.play.deal import Deal
    from mjscore.play.dealfile import parse_deal
    from mjscore.play.mcr_payments import RefereeDeal
    from mjscore.play.riichi import RiichiDeal
    from mjscore.rules.families import PLAYER_KEYS, SCHEME_DEAL_KEYS
    from mjscore.rules.tables import load_variant

    keys = {k for each in SCHEME_DEAL_KEYS.values() for k in each}
    assert not keys & set(Deal._fields) and "scheme" in Deal._fields
    assert set(PLAYER_KEYS) <= keys  # (a game file's names made seats: only registered deal keys)
    hands = {"E": "", "S": "345m 456p 345s 55s 678s", "W": "", "N": ""}

    def read(variant, **more):
        v = load_variant(variant)
        return parse_deal({"hands": hands, "winner": "S", "win": {"tile": "8s", "from": "wall"}, **more}, v,
                          v.resolve_options({}))

    assert read("riichi", riichi=["S"], honba=2).scheme == RiichiDeal(riichi=("S",), honba=2)
    assert read("mcr", penalties={"E": -10}).scheme == RefereeDeal(penalties=(("E", -10),))
    assert read("spanish").scheme is None and read("riichi").scheme is None


def test_the_page_names_no_scheme_s_own_switch():
    # web/counters.py read riichi's `riichi_stick` switch by name to count the sticks on the table before a page's
    # first deal; the page now asks the table's scheme what they are worth (PaymentScheme.pot_kept), so no module
    # of the page names a switch of a scheme's own block (a deal key of the same name, as honba, is data it may read)
    deal_keys = {k for name in families.switch_blocks() for k in mjscore.scheme_named(name).deal_keys}
    own = {f'"{s}"' for block, _ in families.switch_blocks().values() for s in block._fields} - {
        f'"{k}"' for k in deal_keys}
    named = {(path.name, s) for path in (PACKAGE / "web").rglob("*.py") for s in own if s in path.read_text()}
    assert own and not named
