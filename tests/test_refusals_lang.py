"""The refusals issue 43 asked to be said in --lang: the notation's own errors (through score, settle and batch),
a winning tile's situation, a deal file's structure and the closing count. Each says one exact Chinese line
(zh, the catalogue of the Mahjong Competition Rules' words), and the same input without --lang the English line
as before, byte for byte."""

from __future__ import annotations

from helpers import run


def test_score_says_a_hand_that_breaks_the_notation_in_chinese():
    """A pair in brackets is no exposed group: the line and its carets, zh, and the English unchanged."""
    code, _, err = run("score", "[RR] [GGG] PPP 11m 567m", "--variant", "mcr", "--lang", "zh")
    assert (code, err) == (2, "mjscore: error: 明示的牌组须是刻子、顺子或杠，不是 [RR]\n"
                                "  [RR] [GGG] PPP 11m 567m\n  ^^^^\n"), err
    code, _, err = run("score", "[RR] [GGG] PPP 11m 567m", "--variant", "mcr")
    assert (code, err.splitlines()[0]) == (2, "mjscore: error: an exposed group must be a pung, chow or kong, "
                                              "not [RR]"), err


def test_score_says_each_kind_of_notation_error_in_chinese():
    """Digits without a suit, five of a tile, an unclosed bracket: each its zh line; English as before."""
    for hand, zh, en in (
            ("123m 456x", "数字后缺少花色字母：456 在 'x' 之前（请写 456m、456p 或 456s）",
             "digits without a suit letter: 456 before 'x' (write 456m, 456p or 456s)"),
            ("11111m 234p", "5 张 1m（每种牌只有 4 张）", "5 copies of 1m (a set has 4)"),
            ("[123m 456p", "'[' 没有用 ']' 闭合", "'[' is not closed by ']'"),
            ("9z", "9z 不是一张牌（z 的数字是 1-7）", "9z is not a tile (z numbers run 1-7)")):
        code, _, err = run("score", hand, "--lang", "zh")
        assert code == 2 and err.splitlines()[0] == f"mjscore: error: {zh}", err
        code, _, err = run("score", hand)
        assert code == 2 and err.splitlines()[0] == f"mjscore: error: {en}", err


def test_settle_says_a_deals_hand_that_breaks_the_notation_in_chinese(tmp_path):
    """settle --lang zh: the hand's owner and the notation's error, both in the catalogue's Chinese."""
    deal = tmp_path / "deal.yaml"
    deal.write_text('variant: mcr\nhands: {E: "[RRR] [GGG] PPP 11m 567x", S: "", W: "", N: ""}\nwinner: E\n'
                    "win: {tile: 7m, from: discard, discarder: W}\n", encoding="utf-8")
    code, _, err = run("settle", str(deal), "--lang", "zh")
    assert code == 2 and err.splitlines()[0] == (f"mjscore: error: {deal}: 东家（E）的手牌: 数字后缺少花色字母：567 在 'x' "
                                                 "之前（请写 567m、567p 或 567s）"), err
    code, _, err = run("settle", str(deal))
    assert code == 2 and err.splitlines()[0] == (f"mjscore: error: {deal}: hand of East (E): digits without a suit "
                                                 "letter: 567 before 'x' (write 567m, 567p or 567s)"), err


def test_score_says_a_winning_tile_not_held_in_chinese():
    """--win names a tile the hand does not hold: the line in zh with --win spelt as typed; English unchanged."""
    code, _, err = run("score", "123m 456p 789s EEE NN", "--win", "5m", "--lang", "zh")
    assert (code, err) == (2, "mjscore: error: --win 5m 不在手牌中；请给出手中有的牌（--win 1m），或把 5m 加入手牌\n"), err
    code, _, err = run("score", "123m 456p 789s EEE NN", "--win", "5m")
    assert (code, err) == (2, "mjscore: error: --win 5m is not in the hand; give a tile it holds (--win 1m) or add 5m "
                              "to the hand\n"), err


def test_settle_and_batch_say_a_deals_winning_tile_refusals_in_chinese(tmp_path):
    """In a deal file the terms are its keys (win.tile, win.from), the words the catalogue's Chinese."""
    deal = tmp_path / "deal.yaml"
    deal.write_text('variant: mcr\nhands: {E: "[RRR] [GGG] PPP 11m 567m", S: "", W: "", N: ""}\nwinner: E\n'
                    "win: {tile: 9m, from: discard, discarder: W}\n", encoding="utf-8")
    code, _, err = run("settle", str(deal), "--lang", "zh")
    assert (code, err) == (2, f"mjscore: error: {deal}: win.tile 9m 不在手牌中；请给出手中有的牌（win.tile 1m），"
                              "或把 9m 加入手牌\n"), err
    code, _, err = run("settle", str(deal))
    assert (code, err) == (2, f"mjscore: error: {deal}: win.tile 9m is not in the hand; give a tile it holds "
                              "(win.tile 1m) or add 9m to the hand\n"), err
    game = tmp_path / "game.yaml"
    game.write_text('variant: mcr\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - hands: {Ann: "[RRR] [GGG] PPP 11m 567m", '
                    'Bo: "", Cy: "", Di: ""}\n    winner: Ann\n    win: {tile: 7m, from: self, also: [sky]}\n',
                    encoding="utf-8")
    code, out, _ = run("batch", str(game), "--lang", "zh")
    assert code == 1 and "win.from 须是 discard, wall, loose, kong 之一，不是 'self'；是不是 wall？" in out, out
    code, out, _ = run("batch", str(game))
    assert code == 1 and "win.from must be one of discard, wall, loose, kong, not 'self'; did you mean wall?" in out
    game.write_text(game.read_text(encoding="utf-8").replace("from: self", "from: wall"), encoding="utf-8")
    code, out, _ = run("batch", str(game), "--lang", "zh")
    assert code == 1 and "win.also 'sky' 不是已知的和牌情形（已知：" in out, out
    code, out, _ = run("batch", str(game))
    assert code == 1 and "win.also 'sky' is not a known circumstance (known: " in out, out


def test_the_closing_count_is_said_in_chinese(tmp_path):
    """batch's and standings' last stderr line: one deal of one not scored, in zh; without --lang as before."""
    game = tmp_path / "game.yaml"
    game.write_text('variant: mcr\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - hands: {Ann: "[RRR] [GGG] PPP 11m 567m", '
                    'Bo: "", Cy: "", Di: ""}\n    winner: Ann\n    win: {tile: 7m, from: self}\n', encoding="utf-8")
    for command in ("batch", "standings"):
        code, _, err = run(command, str(game), "--lang", "zh")
        assert code == 1 and err.splitlines()[-1] == "mjscore: 1 局中有 1 局未计分", err
        code, _, err = run(command, str(game))
        assert code == 1 and err.splitlines()[-1] == "mjscore: 1 of 1 deals not scored", err
    code, _, err = run("batch", str(game), str(tmp_path / "none.yaml"), "--lang", "zh")
    assert code == 1 and err.splitlines()[-1] == "mjscore: 1 局中有 1 局未计分；1 个文件无法读取", err


def test_a_deal_files_structure_is_refused_in_chinese(tmp_path):
    """settle --lang zh: a misspelt win key, no hands, a name given twice, each its zh line; English as before."""
    deal = tmp_path / "deal.yaml"
    for text, zh, en in (
            ('variant: mcr\nhands: {E: "[RRR] [GGG] PPP 11m 567m", S: "", W: "", N: ""}\nwinner: E\n'
             "win: {tile: 7m, form: wall}\n", "win：未知的键 'form'（键：tile, from, set, discarder, also）",
             "win: unknown key 'form' (keys: tile, from, set, discarder, also)"),
            ("variant: mcr\nwinner: E\n", "hands：缺少（请给出每个座位的手牌，例如 hands: {E: '...', S: '...'}）",
             "hands: missing (give each seat's hand, e.g. hands: {E: '...', S: '...'})"),
            ("variant: mcr\nplayers: {E: Ann, S: Ann, W: Cy, N: Di}\n", "players：'Ann' 出现了两次（每个名字一次）",
             "players: 'Ann' is named twice (each name once)")):
        deal.write_text(text, encoding="utf-8")
        code, _, err = run("settle", str(deal), "--lang", "zh")
        assert code == 2 and zh in err.splitlines()[0] and err.startswith(f"mjscore: error: {deal}: "), err
        code, _, err = run("settle", str(deal))
        assert (code, err) == (2, f"mjscore: error: {deal}: {en}\n"), err
