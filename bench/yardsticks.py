"""The yardsticks' side of bench.py's in-process rows: the same hands as the riichi library (mahjong==2.1.0) and
GB-Mahjong (PyMahjongGB) take them, prepared untimed, and the realistic riichi hands of riichi_hands.py on both
sides."""

from __future__ import annotations

import json
import random

RIICHI_HONOUR = {"E": 1, "S": 2, "W": 3, "N": 4, "P": 5, "G": 6, "R": 7}  # P = white (haku)


def riichi_prepare(hands: list[dict]) -> list[tuple]:
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld
    from mahjong.tile import TilesConverter

    def to136(tiles):
        parts = {"man": "", "pin": "", "sou": "", "honors": ""}
        for t in tiles:
            if t in RIICHI_HONOUR:
                parts["honors"] += str(RIICHI_HONOUR[t])
            else:
                parts[{"m": "man", "p": "pin", "s": "sou"}[t[1]]] += t[0]
        return TilesConverter.string_to_136_array(**parts)

    prepared = []
    for h in hands:
        ids = to136([t for g in h["sets"] for t in g] + [h["pair"], h["pair"]])
        melds, free = [], list(ids)
        for g in h["sets"][:h["exposed"]]:
            chosen = []
            for k in (to136([t])[0] // 4 for t in g):
                tid = next(x for x in free if x // 4 == k)
                free.remove(tid)
                chosen.append(tid)
            melds.append(Meld(Meld.PON if len(set(g)) == 1 else Meld.CHI, tiles=chosen, opened=True))
        win_kind = to136([h["win"]])[0] // 4
        win_id = next(x for x in free if x // 4 == win_kind)
        prepared.append((ids, win_id, melds, HandConfig(is_tsumo=h["tsumo"])))
    return prepared


GB_HONOUR = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "R": "J1", "G": "J2", "P": "J3"}  # P = white


def gb_prepare(hand: dict) -> dict:
    """A random_deal winner as PyMahjongGB's arguments: its exposed sets claimed (a chow named by its middle tile),
    the standing tiles without the winning one, seat and round East as mjscore's defaults."""
    def gb(t: str) -> str:
        return GB_HONOUR.get(t) or {"m": "W", "p": "B", "s": "T"}[t[1]] + t[0]

    exposed = hand["sets"][:hand["exposed"]]
    pack = tuple(("PENG", gb(g[0]), 1) if len(set(g)) == 1 else ("CHI", gb(g[1]), 1) for g in exposed)
    standing = [t for g in hand["sets"][hand["exposed"]:] for t in g] + [hand["pair"], hand["pair"]]
    standing.remove(hand["win"])
    return dict(pack=pack, hand=tuple(gb(t) for t in standing), winTile=gb(hand["win"]), flowerCount=0,
                isSelfDrawn=hand["tsumo"], is4thTile=False, isAboutKong=False, isWallLast=False, seatWind=0,
                prevalentWind=0)


def gb_score(calculator):
    """PyMahjongGB's calculator on one hand's keywords; a hand under 8 fan is its TypeError, caught (it was scored)."""
    def score(**call):
        try:
            return calculator(**call)
        except TypeError:
            return None
    return score


def realistic_riichi(n: int, seed: str) -> tuple[list, list]:
    """n realistic riichi winning hands (riichi_hands.py, a seed), those the library accepts, no two alike: mjscore's
    calls and the library's, each as (positional, keyword) arguments. The library's divider cache is cleared after
    the untimed check, so that no hand is timed a second time on its side."""
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.hand_calculating.hand import HandCalculator
    from riichi_hands import PRESETS, WINDS34, HandConfig, Meld, OptionalRules, generate

    rng, seen, ours, theirs = random.Random(seed), set(), [], []
    while len(ours) < n:
        rec = generate(rng)
        key = None if rec is None else json.dumps([rec["hand"], rec["mj_kw"]], sort_keys=True)
        if key is None or key in seen:
            continue
        st, lib = rec["situation"], rec["lib_in"]
        config = HandConfig(is_tsumo=st["tsumo"], is_riichi=st["riichi"], is_ippatsu=st["ippatsu"],
                            is_rinshan=st["rinshan"], is_chankan=st["chankan"], is_haitei=st["haitei"],
                            is_houtei=st["houtei"], is_daburu_riichi=st["double"], is_tenhou=st["tenhou"],
                            is_chiihou=st["chiihou"], player_wind=WINDS34[st["seat"]],
                            round_wind=WINDS34[st["round"]], kyoutaku_number=st["sticks"], tsumi_number=st["honba"],
                            options=OptionalRules(**PRESETS[rec["preset"]][1]))
        melds = [Meld(meld_type=m["type"], tiles=m["tiles"], opened=m["opened"]) for m in lib["melds"]]
        kw = dict(melds=melds or None, dora_indicators=lib["dora"], ura_dora_indicators=lib["ura"], config=config)
        if HandCalculator.estimate_hand_value(lib["tiles"], lib["win"], **kw).error is not None:
            continue  # no yaku (about 7%): both sides refuse it
        seen.add(key)
        ours.append(((rec["hand"], "riichi"), rec["mj_kw"]))
        theirs.append(((lib["tiles"], lib["win"]), kw))
    HandDivider._divide_hand_impl.cache_clear()
    return ours, theirs
