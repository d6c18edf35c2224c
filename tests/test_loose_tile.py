"""A win on a loose tile needs a kong, or a flower or season where the variant plays them (issue 30): a loose tile
is the replacement drawn after declaring one (the Spanish rulebook's item "won on a loose tile", page 2 §6, as
`mjscore score` cites it; spanish plays no flowers, so only a kong brings one). A hand with neither is refused,
by `score` and by `settle`, in one line that says what to give instead, each in its reader's spelling."""

from __future__ import annotations

import yaml

from helpers import run

HAND = "[555p] 123m 789s SSS NN"
WORDS = ("a loose tile is drawn after declaring a kong, or a flower or season where the variant has them; this hand "
         "has none")


def test_score_refuses_a_loose_tile_without_a_kong():
    code, out, err = run("score", HAND, "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "loose")
    assert code == 2 and out == ""
    assert err.strip() == (f"mjscore: error: --from loose: {WORDS} (give --from wall, or enter the kong as {{5555p}} "
                           "or [5555p])")


def test_a_kong_or_a_bonus_tile_makes_it_possible():
    # page 2 §6: [5555p] exposed kong of simples 8 + SSS concealed pung of honours 8 + mah jong 20 + won on a
    # loose tile 10 = 46; pung of own wind (seat S) x2 = 92
    code, out, err = run("score", "[5555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s",
                         "--from", "loose")
    assert code == 0, err
    assert "value: 92" in out
    # hungarian plays flowers: a flower's replacement is a loose tile too
    code, out, err = run("score", HAND + " 1y", "--variant", "hungarian", "--seat", "S", "--win", "7s",
                         "--from", "loose")
    assert code == 0, err


def test_settle_refuses_it_in_a_deal_files_words(tmp_path):
    deal = {"variant": "spanish", "round": "E", "hands": {"E": "1p", "S": HAND, "W": "2p", "N": "3p"}, "winner": "S",
            "win": {"tile": "7s", "from": "loose"}}
    path = tmp_path / "deal.yaml"
    path.write_text(yaml.safe_dump(deal))
    code, out, err = run("settle", str(path))
    assert code == 2
    assert f"win.from loose: {WORDS} (give from: wall, or enter the kong as {{5555p}} or [5555p])" in err
