"""Why the deal passed or stayed after a deal, in words (mjscore.play.seating Table.moved_on, which the page of
`serve` shows after each deal): who won, who is East now, and the rule of the table that moved the deal, with
the house option it follows. Each case is a table's `settlement:` switch, cited where the table cites it."""

from __future__ import annotations

from mjscore import api
from mjscore.play.game import RawDeal, Table, seat_next


def walk(variant: str, players: list[str], outcomes: list[str], options: dict | None = None) -> list[str]:
    """The words after each deal: an outcome is a winner's name, "draw" or "false" (East's false mah jong)."""
    header = api.open_game({"variant": variant, "players": players, "options": options or {}}).header
    table, out = Table(header), []
    for outcome in outcomes:
        deal = {"false_mahjong": players[0]} if outcome == "false" else {} if outcome == "draw" else {"winner": outcome}
        _, winner = seat_next(table, RawDeal(0, "", deal))
        table.after(winner, outcome == "false")
        out.append(table.moved_on)
    return out


def test_four_players_east_keeps_the_deal_by_winning_and_on_a_draw():
    # basque rules 73 and 80: East keeps the deal after a win of East's, a draw or a false mah jong
    assert walk("basque", ["Ana", "Bo", "Cy", "Di"], ["Ana", "draw", "false", "Cy"]) == [
        "Ana (East) won: Ana stays East", "a draw: Ana stays East", "a false mah jong: Ana stays East",
        "Cy (West) won: the deal passes to Bo"]


def test_a_round_ends_when_every_player_has_been_east():
    # basque rule 81: a prevailing wind lasts until each of the four has been East: the fourth pass begins round S
    assert walk("basque", ["Ana", "Bo", "Cy", "Di"], ["Bo", "Cy", "Di", "Ana"])[-1] == (
        "Ana (South) won: the deal passes to Ana; round S begins")


def test_three_players_pass_after_every_deal_by_the_house_option():
    # basque, three players: "Bigarren jokaldian ez da hegorik egongo" (no South in the second deal): option
    # three_players, every-deal by default; as-the-deal-passes keeps rule 80
    assert walk("basque", ["Ana", "Bo", "Cy"], ["Ana", "Cy"]) == [
        "Ana (East) won, yet the deal passes to Bo, as after every deal with three players "
        "(house option three_players=every-deal)",
        "Cy (West) won: the deal passes to Cy, as after every deal with three players "
        "(house option three_players=every-deal)"]
    assert walk("basque", ["Ana", "Bo", "Cy"], ["Ana"], {"three_players": "as-the-deal-passes"}) == [
        "Ana (East) won: Ana stays East"]


def test_five_players_east_leaves_the_table_after_every_deal():
    # basque, five or six: four sit in each deal; East goes out, the one out longest comes in as North
    assert walk("basque", ["Ana", "Bo", "Cy", "Di", "Eva"], ["Ana"]) == [
        "Ana (East) won: Ana sits the next deal out, Eva comes in and the deal passes to Bo, as after every deal "
        "with five players"]


def test_mcr_passes_the_deal_after_every_deal_without_an_option():
    # mcr table: `rotate_every_deal: [4]`, a switch that follows no house option
    assert walk("mcr", ["Ana", "Bo", "Cy", "Di"], ["Ana"]) == [
        "Ana (East) won, yet the deal passes to Bo, as after every deal with four players"]


def test_dmjl_east_passes_after_nine_wins_in_a_row():
    # dmjl table: `east_wins_in_a_row: 9` (Kajongg's "East won nine times in a row")
    assert walk("dmjl", ["Ana", "Bo", "Cy", "Di"], ["Ana"] * 9)[-1] == (
        "Ana (East) won 9 times in a row: the deal passes to Bo")


def test_hungarian_a_party_ends_after_its_sixteen_deals():
    # hungarian table: `deals_per_game: 16` ("Egy parti ... 16 pontozott játékból áll")
    words = walk("hungarian", ["Ana", "Bo", "Cy", "Di"], ["Bo"] * 16)
    assert words[-1] == "Bo (East) won: the game's 16 deals are played, the game is over"
    assert words[-2] == "Bo (East) won: Bo stays East"
