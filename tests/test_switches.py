"""The settlement switches are typed values, checked when a table loads (mjscore/rules/switches.py): a misspelt
switch, a case its option never takes or a value the switch cannot have is one line naming the file and the key,
never a silent default; settlement and seating read the switches' fields for the options of one game."""

from __future__ import annotations

import pytest

from helpers import run
from mjscore.rules.switches import Amount, ByOption, Draw, FaultScoring, SeatExchange, SettlementRules
from mjscore.rules.tables import load_variant


def club(tmp_path, settlement: str) -> tuple[int, str]:
    """`score` under a club table extending spanish with this `settlement:` line; (exit code, stderr)."""
    (tmp_path / "club.yaml").write_text(f"variant: club\nextends: spanish\nsettlement: {settlement}\n")
    code, _, err = run("score", "123m", "--tables", str(tmp_path), "--variant", "club")
    return code, err.replace(str(tmp_path / "club.yaml"), "club.yaml")


@pytest.mark.parametrize("settlement,message", [
    ("{drawn: none}", "settlement.drawn: unknown switch (known: losers_settle, east_double, draw, "),
    ("{draw: {option: deal_after_draw, cases: {east-keep: differences}}}",
     "settlement.draw.cases.east-keep: option deal_after_draw never takes this value (its values: east-keeps, "
     "passes)"),
    ("{east_double: {option: only_possible_place, cases: {maybe: true}}}",
     "settlement.east_double.cases.maybe: option only_possible_place never takes this value (its values: true, "
     "false)"),
    ("{draw: {option: deal_after_draw}}",
     "settlement.draw: must be one of none, differences, tenpai, not 'east-keeps' (it follows option deal_after_draw, "
     "which may be east-keeps)"),
    ("{east_double: {option: limit}}",
     "settlement.east_double: option limit is a whole number, which east_double cannot be: give cases"),
    ("{faults: {short: restrict}}", "settlement.faults.short: must be one of restricted, zero, normal, not "
                                    "'restrict'"),
    ("{false_mahjong: {to_other: 5}}",
     "settlement.false_mahjong.to_other: unknown key (keys: to_east, to_others, east_to_each, east_double)"),
])
def test_a_wrong_switch_is_refused_when_the_table_loads(tmp_path, settlement, message):
    code, err = club(tmp_path, settlement)
    assert code == 2
    assert err.startswith(f"mjscore: error: club.yaml: {message}")


def test_switches_are_typed_and_follow_options():
    basque = load_variant("basque").settlement
    assert isinstance(basque.draw, ByOption) and basque.fault("long") is FaultScoring.ZERO
    assert basque.at({"mode": "clean"}).draw is Draw.DIFFERENCES
    assert basque.at({"mode": "clean"}).collection_cap == Amount(2000)
    assert basque.at({"mode": "mixed"}).draw is Draw.NONE and basque.at({"mode": "mixed"}).collection_cap is None
    dmjl = load_variant("dmjl").settlement
    assert dmjl.at({"seat_exchange": "none"}).seat_exchange is SeatExchange.NONE
    assert dmjl.at({"seat_exchange": "oemc-2005"}).seat_exchange is SeatExchange.OEMC_2005
    assert load_variant("spanish").settlement.at({}).players == (4,)  # the default, declared once
    assert SettlementRules().rounds_per_game == 4


def test_the_fine_is_worked_out_from_the_limit_and_options():
    assert Amount(fraction=0.5, divide=3).of(1000, {}) == 166
    assert Amount(option="fine").of(None, {"fine": 60}) == 60
    assert Amount(25).of(None, {}) == 25


def test_variants_shows_the_settlement_as_written():
    code, out, _ = run("variants", "danish", "--format", "json")
    assert code == 0 and '"draw": {"option": "draw"}' in out
