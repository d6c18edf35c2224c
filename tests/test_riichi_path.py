"""Riichi's whole-hand path (rules/riichi_path.py) gives the generic engine's Scores, every one of them: each
candidate's items, their rules and order, han, fu, cost, notes and their kinds, on realistic riichi hands
(bench/riichi_hands.py, a seed) and on the bench's random winning hands under random situations and house
options; the expected answer is the generic engine's own (the path turned off), which the riichi library
comparisons (tests/test_riichi_ref.py and the others) check against the library. A table the path does not know
(an edited copy) is scored by the generic engine, as edited.
"""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

import pytest

import mjscore
from mjscore.errors import MjscoreError
from mjscore.rules import riichi_path
from mjscore.rules.han_fu import HanFuValuation
from mjscore.rules.results import kind_of
from mjscore.rules.tables import load_variant

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from deals import random_deal  # noqa: E402 (the bench's random winning hands)

REAL = riichi_path.score_hand


def _all(hand: str, kw: dict, tables: str | None = None) -> list | str:
    """Every arrangement's Score, best first, with each note's kind; or the error's words."""
    try:
        got = mjscore.arrangements(hand, "riichi", tables=tables, **kw)
    except MjscoreError as e:
        return f"{type(e).__name__}: {e}"
    return [(s, [kind_of(n) for n in s.notes]) for s in got]


def _both(monkeypatch, hand: str, kw: dict, tables: str | None = None) -> tuple[list | str, list | str, bool]:
    """(the path's answer, the generic engine's, whether the path answered)."""
    answered = []

    def spy(*args):
        got = REAL(*args)
        answered.append(got is not None)
        return got

    monkeypatch.setattr(riichi_path, "score_hand", spy)
    path = _all(hand, kw, tables)
    with monkeypatch.context() as m:
        m.setattr(HanFuValuation, "score_hand", lambda *args: None)
        generic = _all(hand, kw, tables)
    return path, generic, any(answered)


def _realistic(n: int, seed: str) -> list[tuple[str, dict]]:
    from riichi_hands import generate  # (imports the riichi library: a test dependency)

    rng, out = random.Random(seed), []
    while len(out) < n:
        rec = generate(rng)
        if rec is not None:
            out.append((rec["hand"], rec["mj_kw"]))
    return out


def test_realistic_hands_score_as_the_generic_engine(monkeypatch):
    answered = 0
    hands = _realistic(2000, "riichi path 2026-12-08")
    for hand, kw in hands:
        path, generic, used = _both(monkeypatch, hand, kw)
        assert path == generic, (hand, kw)
        answered += used
    # the path answers most realistic hands itself (thirteen orphans, heaven and flowers go to the generic engine)
    assert answered >= 0.95 * len(hands), answered


OPTIONS = {"open_tanyao": ["true", "false"], "kan_dora": ["true", "false"], "ura_dora": ["true", "false"],
           "ippatsu": ["true", "false"], "renhou": ["none", "mangan", "yakuman"], "double_yakuman": ["true", "false"],
           "double_suuankou_tanki": ["true", "false"], "fu_for_open_pinfu": ["true", "false"],
           "fu_for_pinfu_tsumo": ["true", "false"], "kiriage": ["true", "false"], "yakuman_cap": ["six", "one"],
           "ruleset": ["tenhou", "ema", "wrc"]}
ALSO = ["riichi", "double-riichi", "ippatsu", "last-wall-tile", "last-discard", "first-draw", "earth"]


def test_random_hands_and_situations_score_as_the_generic_engine(monkeypatch):
    rng = random.Random("riichi path, random situations")
    compared = 0
    for _ in range(1500):
        deal, _ = random_deal(rng, rng.choice([0, 2, 4]))
        hand, tile, source = deal["hands"]["Ann"], deal["win"]["tile"], deal["win"]["from"]
        source = rng.choice([source, source, "wall", "discard", "loose", "kong"])
        options = {k: rng.choice(v) for k, v in OPTIONS.items() if rng.random() < 0.3}
        kw = dict(seat=rng.choice("ESWN"), round=rng.choice("ES"), win=tile, source=source,
                  also=tuple(rng.sample(ALSO, rng.choice([0, 0, 1, 2]))), options=options,
                  dora=rng.choice([None, "1m", "9p E", "5s 4m P"]), ura=rng.choice([None, "3p"]),
                  honba=rng.choice([0, 2]), sticks=rng.choice([0, 1]))
        path, generic, _ = _both(monkeypatch, hand, kw)
        assert path == generic, (hand, kw)
        compared += isinstance(path, list)
    assert compared > 500  # most of them are hands the table scores, not refusals


@pytest.mark.parametrize("hand,kw", [
    ("234m 234m 567p 567p 88s", dict(win="8s", also=("riichi",), ura="7p", dora="1p")),  # ryanpeikou, pinfu
    ("22m 44m 66p 88p 11s 99s EE", dict(win="E", source="wall")),  # seven pairs tsumo
    ("111m 999p 111s EEE SS", dict(win="S", seat="E", source="wall", also=("first-draw",))),  # tenhou
    ("1112345678999m 5m", dict(win="5m", source="wall")),  # pure nine gates
    ("[234m] 345p 567s 888s 0p5p", dict(win="0p", dora="4p")),  # open, a red five won on
    ("{1111m} [2222p] 333s 444s 55s", dict(win="5s", source="loose")),  # rinshan, kongs of each kind
    ("223344m 223344p 55s", dict(win="2m", also=("riichi",))),  # ryanpeikou beside seven pairs: the order of ties
    ("234m 234m 567p 567p 88s", dict(win="4m", win_set="234m", source="wall")),  # --win-set
    ("111222333m 789p EE", dict(win="3m", seat="S", round="S")),  # san ankou or three chows
    ("11122345678999p", dict(win="2p", source="wall")),  # nine gates in pin, the winning kind held twice
    ("11123456678999s", dict(win="7s")),  # nine gates in sou, won on a kind held once
    ("[123s] 456s 789s 22m 345p", dict(win="5p")),  # open ittsu
    ("222m 222p 222s 345m 99p", dict(win="9p", source="wall")),  # sanshoku doukou
    ("[234m] 345p 678s 999s 11p", dict(win="1p", dora="7s")),  # dora only, no yaku: no mah jong
])
def test_special_hands_score_as_the_generic_engine(monkeypatch, hand, kw):
    path, generic, used = _both(monkeypatch, hand, kw)
    assert path == generic
    assert used


def test_thirteen_orphans_is_left_to_the_generic_engine(monkeypatch):
    path, generic, used = _both(monkeypatch, "19m19p19s ESWNPGR 1m", dict(win="9s"))
    assert path == generic
    assert not used
    assert path[0][0].limit_hand == "Kokushi musou"


def test_an_edited_copy_is_scored_by_the_generic_engine_as_edited(monkeypatch, tmp_path):
    """A club's copy whose Tanyao is closed only (no kuitan): its condition is none the path knows, so the copy
    is scored by the generic engine, which follows the edit: the open all-simples hand has no yaku there."""
    shutil.copy(Path(mjscore.__file__).resolve().parent.parent / "tables" / "riichi.yaml", tmp_path / "riichi.yaml")
    text = (tmp_path / "riichi.yaml").read_text(encoding="utf-8")
    edited = text.replace("when: {all_tiles: simple, any: [{called: false}, {option: {open_tanyao: true}}]}",
                          "when: {all_tiles: simple, called: false}")
    assert edited != text
    (tmp_path / "riichi.yaml").write_text(edited, encoding="utf-8")
    hand, kw = "[234m] 345p 567s 888s 66p", dict(win="6p")
    assert riichi_path.plan_for(load_variant("riichi", str(tmp_path))) is None
    assert riichi_path.plan_for(load_variant("riichi")) is not None
    path, generic, used = _both(monkeypatch, hand, kw, str(tmp_path))
    assert path == generic and not used
    assert path[0][0].mahjong is False  # no yaku in the copy: Tanyao is closed only
    original = mjscore.score(hand, "riichi", **kw)
    assert original.mahjong and "Tanyao" in [i.rule for i in original.items]
