"""Tenhou's own XML record (mjlog) read by `batch`, `sheet`, `standings`, `report` (play/mjlog.py).

The four mjx games are each kept in both of Tenhou's forms (tests/fixtures/riichi/TENHOU.md): the mjlog and the
tenhou.net/6 JSON of the same game. So every expected figure here is the twin JSON's: the mjlog read must give
exactly the JSON's rounds, and `batch` exactly the same deals, payments and totals; `--differences` then
compares with the mjlog's own AGARI ten=/sc=, RYUUKYOKU sc= and owari=.
"""

import gzip
import json
import re
from pathlib import Path

import pytest

from helpers import run
from mjscore.play import mjlog
from mjscore.play.tenhou import load

MJX = Path(__file__).parent / "fixtures" / "riichi" / "tenhou" / "mjx"
LOGS = sorted(MJX.glob("*.mjlog"))
YAKUMAN_GAME = MJX / "2019060813gm-00a9-0000-08bb0ec3.mjlog"


def test_the_fixtures_have_the_players_names_blanked():
    # TENHOU.md: the mjlog's <UN n0..n3> held the real Tenhou user names; the copies have them blank
    assert len(LOGS) == 4
    for log in LOGS:
        un = re.findall(r"<UN [^>]*>", log.read_text(encoding="utf-8"))
        assert len(un) == 1 and all(f'n{i}=""' in un[0] for i in range(4)), log.name


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_an_mjlog_is_its_json_twin(log):
    # every round (counters, scores, dora, ura, dealt tiles, takes and calls, discards, result) as the twin has it
    game, twin = load(str(log)), load(str(log.with_suffix(".json")))
    assert game["log"] == twin["log"]
    assert game["rule"] == twin["rule"] == {"disp": "鳳南喰赤", "aka": 1}  # GO type="169"


def _scored(path: Path, *extra: str) -> dict:
    code, out, err = run("batch", str(path), "--format", "json", *extra)
    assert code == 0, err
    return json.loads(out.replace(str(path), "GAME"))


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_batch_scores_an_mjlog_as_its_json_twin(log):
    ours = _scored(log)
    assert ours == _scored(log.with_suffix(".json"))
    assert len(ours["games"][0]["deals"]) == len(load(str(log))["log"])


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_an_mjlog_agrees_with_its_own_results(log):
    code, out, err = run("batch", str(log), "--differences")
    assert (code, out) == (0, ""), out
    assert err == "0 deal(s) of 1 game(s) differ from the record\n"


def test_the_final_scores_are_the_owari(tmp_path):
    # 2019060813: owari="261,6.0,620,72.0,-111,-61.0,230,-17.0": A ends on 26100; changed to 99900 it differs
    text = YAKUMAN_GAME.read_text(encoding="utf-8")
    assert 'owari="261,6.0,' in text
    bad = tmp_path / "owari.mjlog"
    bad.write_text(text.replace('owari="261,', 'owari="999,'), encoding="utf-8")
    code, out, _ = run("batch", str(bad), "--differences")
    assert code == 1
    assert "A: final score: Tenhou 99900, mjscore 26100 (the log's sc)" in out


def test_a_change_of_score_differing_from_agari_sc_is_listed(tmp_path):
    # S1-2 of 2019060813, the last AGARI: B's ron from C. Its sc= given 4000 more to B and 4000 less to C, the
    # record differs from mjscore's scoring by 4000 for each (which is otherwise the record's: no difference)
    text = YAKUMAN_GAME.read_text(encoding="utf-8")
    last = text.rindex("<AGARI")
    agari = text[last:text.index("/>", last)]
    sc = re.search(r'sc="([^"]*)"', agari).group(1).split(",")
    b_delta = int(sc[3])
    sc[3], sc[5] = str(b_delta + 40), str(int(sc[5]) - 40)
    changed = re.sub(r'sc="[^"]*"', f'sc="{",".join(sc)}"', agari)
    bad = tmp_path / "ten.mjlog"
    bad.write_text(text[:last] + changed + text[last + len(agari):], encoding="utf-8")
    code, out, _ = run("batch", str(bad), "--differences")
    assert code == 1
    found = {who: int(tenhou) - int(ours) for who, tenhou, ours in
             re.findall(r"(\w): points: Tenhou (-?\d+), mjscore (-?\d+)", out)}
    assert found == {"B": 4000, "C": -4000}, out


def test_a_gzip_mjlog_as_downloaded(tmp_path):
    packed = tmp_path / "2019060813gm-00a9-0000-08bb0ec3.mjlog"
    packed.write_bytes(gzip.compress(YAKUMAN_GAME.read_bytes()))
    assert _scored(packed) == _scored(YAKUMAN_GAME)
    assert run("batch", str(packed), "--differences")[0] == 0


def test_sheet_standings_and_report_read_an_mjlog(tmp_path):
    # the two forms copied under names of one length (the tables' widths follow the names)
    (tmp_path / "x").mkdir(), (tmp_path / "j").mkdir()
    xml, twin = tmp_path / "x" / "game", tmp_path / "j" / "game"
    xml.write_bytes(YAKUMAN_GAME.read_bytes())
    twin.write_bytes(YAKUMAN_GAME.with_suffix(".json").read_bytes())
    for command in ("sheet", "standings", "report"):
        code, out, err = run(command, str(xml))
        assert code == 0 and out, err
        assert out == run(command, str(twin))[1].replace(str(twin), str(xml)), command


# --- calls: Tenhou's meld code (bit layout of MahjongRepository/mahjong's meld.py and tenhou's own viewer) -----

@pytest.mark.parametrize("m, kind, text", [
    # a kan: bits 8-15 the called tile's id, bits 0-1 the discarder (3 left, 2 across, 1 right, 0 none)
    ((105 << 8) | 3, "daiminkan", "m39393939"),  # 9s (ids 104-107) from the left: letter first
    ((105 << 8) | 2, "daiminkan", "39m393939"),  # across: second
    ((105 << 8) | 1, "daiminkan", "393939m39"),  # right: last
    ((16 << 8) | 1, "daiminkan", "151515m51"),  # the red 5m (id 16) called from the right
    ((17 << 8) | 0, "ankan", "151515a51"),  # a closed kan of 5m: the red one marked, as the JSON writes it
    # a chi: bits 10-15 base*3 + which was called (base 0-20: 1-7 of m, p, s), bits 3-8 each tile's copy
    # 3-4-5m (base 2), the 3m called (0), every copy 0: ids 8, 12, 16, and 16 is the red 5m
    (((2 * 3 + 0) << 10) | 0x4 | 3, "chi", "c131451"),
    # the same, the 4m called (1), the 5m of copy 1 (bits 7-8: id 17, a plain 5m)
    (((2 * 3 + 1) << 10) | (1 << 7) | 0x4 | 3, "chi", "c141315"),
])
def test_meld_codes(m, kind, text):
    assert mjlog.meld(m, red=True) == (kind, text)


def test_a_pon_and_the_kan_added_to_it():
    # pon: bits 9-15 kind*3 + which was called, bits 5-6 the copy left out, bit 3 set (bit 4: added kan)
    # 7z (red dragon, kind 33): copies 1-3, the second of them called, from across (2)
    m = ((33 * 3 + 1) << 9) | (0 << 5) | 0x8 | 2
    assert mjlog.meld(m, red=True) == ("pon", "47p4747")
    assert mjlog.meld(m | 0x10, red=True) == ("kakan", "47k474747")  # the copy left out (id 132) added


# --- broken records: one line naming where, exit 2 ---------------------------------------------------

def _broken(tmp_path, text: str) -> tuple[int, str, str]:
    bad = tmp_path / "bad.mjlog"
    bad.write_text(text, encoding="utf-8")
    return run("batch", str(bad))


@pytest.mark.parametrize("change, says", [
    (lambda t: t[:5000], "not a whole mjlog: broken XML (unclosed token: line 1, column"),
    (lambda t: re.sub(r"<INIT[^>]*>", "", t, count=1), "element 5 <T"),
    (lambda t: t.replace('<N who="', '<N who="7', 1), "its who= is not a player (0-3)"),
    (lambda t: t.replace('ten="', 'ten="x', 1), "element 5 <INIT seed=\"0,0,0,1,4,97\" ten=\"x250,250,250,250\" "
                                                 "oya=\"0\" hai0="),
    (lambda t: t.replace('ten="', 'ten="x', 1), "...>: its ten= is not numbers"),
    (lambda t: t[:t.rindex("<AGARI")] + "</mjloggm>", "round 7 has no result (no <AGARI> or <RYUUKYOKU>)"),
    (lambda t: '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "b">]>' + t,
     "an mjlog with a <!DOCTYPE>, <!ENTITY> or comment"),
    (lambda t: t.replace('type="169"', 'type="185"'), 'a three-player game (<GO type="185">)'),
    (lambda t: t.replace('yaku="', 'yaku="99,1,', 1), "names no yaku or limit of Tenhou's"),
    (lambda t: t.replace('oya="0" hai0', 'oya="2" hai0', 1), "its oya= is not the dealer of its round (seed= 0: player 0)"),
    (lambda t: t.replace('owari="261,', 'owari="', 1), "its owari= is not four scores and results"),
    (lambda t: re.sub(r"<T(\d)", r"<X\1", t, count=1), "<X64>: is no element of a Tenhou record"),
])
def test_a_broken_mjlog_is_one_line(tmp_path, change, says):
    code, out, err = _broken(tmp_path, change(YAKUMAN_GAME.read_text(encoding="utf-8")))
    assert code == 2 and out == ""
    assert says in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_a_cut_gzip_is_one_line(tmp_path):
    bad = tmp_path / "bad.mjlog.gz"
    bad.write_bytes(gzip.compress(YAKUMAN_GAME.read_bytes())[:3000])
    code, _, err = run("batch", str(bad))
    assert code == 2 and "cannot read the record" in err and err.count("\n") == 1, err


PAO = MJX.with_name("dnovikoff") / "2010012206gm-00a9-0000-5414f3c4.mjlog"  # (TENHOU.md: a real game, MIT)


def test_a_real_mjlog_with_liability_on_a_self_drawn_win():
    """Tenhou's record of a phoenix game (2010012206gm-00a9-0000-5414f3c4, four rounds) whose last round is a
    daisangen self-drawn by player 2 with player 0 liable: `<AGARI ba="1,0" ... ten="40,32000,5" yakuman="39"
    who="2" fromWho="2" paoWho="0" sc="302,-323,236,0,149,323,313,0" owari="-21,-52,236,-16,472,57,313,11"/>`.
    Tenhou's rules (包): on a self-drawn win the liable player pays the whole yakuman as a discard pays it, 32000
    for a non-dealer, and every honba, 300: player 0 (A) -32300, player 2 (C) +32300, the record's sc x 100. The
    final totals and game results are the record's owari (x 100 and as written); --differences finds nothing."""
    un = re.findall(r"<UN [^>]*>", PAO.read_text(encoding="utf-8"))
    assert len(un) == 1 and all(f'n{i}=""' in un[0] for i in range(4))
    game = _scored(PAO)["games"][0]
    last = game["deals"][-1]
    assert len(game["deals"]) == 4 and last["net"] == {"A": -32300, "B": 0, "C": 32300, "D": 0}
    assert game["totals"] == {"A": -2100, "B": 23600, "C": 47200, "D": 31300}
    assert {s["player"]: s["result"] for s in game["standings"]} == {"A": -52, "B": -16, "C": 57, "D": 11}
    code, out, err = run("batch", str(PAO), "--differences")
    assert (code, out, err) == (0, "", "0 deal(s) of 1 game(s) differ from the record\n")
