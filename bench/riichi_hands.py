"""Realistic random riichi winning hands, drawn with a seed, for measuring mjscore's riichi speed beside the
riichi library mahjong==2.1.0 (bench.py): the bench's own random deals carry no riichi situation, and the
situation is where much of the scoring goes. The project's developers' own generator; a benchmark file, never
imported by mjscore.

It draws open and closed hands, kans of each kind, red fives, dora and ura indicators, riichi, ippatsu, double
riichi, tsumo, haitei, houtei, rinshan, chankan, tenhou, chiihou, seat and round winds, honba and sticks, under
the Tenhou, WRC and double-yakuman presets. Shares in 24,000 library-accepted hands drawn with one seed (they vary
a little with the seed): open hands 35%; a closed / open / added kan 17% / 3% / 3%; a red five in the hand 31%;
riichi (always with ura indicators) 36%; double riichi / ippatsu 2.6% / 7.8%; tsumo 46%; haitei / houtei /
rinshan / chankan 2.2% / 2.9% / 4.2% / 3.0%; tenhou / chiihou 0.1% / 0.5%; honba > 0 / sticks > 0 50% / 65%;
presets Tenhou / WRC / Tenhou with double yakuman 75% / 15% / 10%; yakuman 17%. About 7% of drawn hands have no
yaku; both sides refuse them (bench.py keeps the hands the library accepts).

generate(rng) draws one hand record: the hand in mjscore's notation, its situation, `mj_kw` (keywords for
`mjscore.score(hand, "riichi", **mj_kw)`) and `lib_in` (the library's inputs, 136-tile ids); score_both(rec)
scores it on both sides.
"""
import collections
import json

import mjscore
from mahjong.constants import EAST, SOUTH, WEST, NORTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

WINDS34 = [EAST, SOUTH, WEST, NORTH]
SEAT = "ESWN"
HONOUR = "ESWNPGR"          # kinds 27..33: E S W N haku(P) hatsu(G) chun(R)
TERMINALS = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
GREEN = [19, 20, 21, 23, 25, 32]   # 2 3 4 6 8 s, hatsu


def name(k, red=False):
    if k >= 27:
        return HONOUR[k - 27]
    return ("0" if red else str(k % 9 + 1)) + "mps"[k // 9]


class Pool:
    """copies of each kind still free (hand + indicators + a robbed kan's three) and the red five of each suit."""

    def __init__(self, reds):
        self.left = [4] * 34
        self.red_free = [reds, reds, reds]

    def take(self, k, n=1):
        if self.left[k] < n:
            raise ValueError
        self.left[k] -= n


class Hand:
    def __init__(self):
        self.groups = []      # dicts: kind ('chow','pung','kan','pair'), tiles [kinds], called (None/'chi'/'pon'/'minkan'/'shouminkan'/'ankan'), reds: count of red fives in it
        self.extra = []       # concealed tiles outside groups (kokushi, chiitoitsu handled as groups)


def pick_pool(rng):
    style = rng.choices(["any", "simples", "half", "full", "outside", "honours", "green", "dragons", "winds"],
                        [40, 18, 12, 8, 7, 4, 2, 4, 5])[0]
    suit = rng.randrange(3)
    if style == "any":
        return style, list(range(34))
    if style == "simples":
        return style, [k for k in range(27) if k % 9 not in (0, 8)]
    if style == "half":
        return style, list(range(9 * suit, 9 * suit + 9)) + list(range(27, 34))
    if style == "full":
        return style, list(range(9 * suit, 9 * suit + 9))
    if style == "outside":
        return style, list(range(27))  # groups forced to hold a terminal/honour below
    if style == "honours":
        return style, TERMINALS
    if style == "green":
        return style, GREEN
    if style == "dragons":
        return style, list(range(34))
    return style, list(range(34))


def standard(rng, pool, reds_ok):
    style, kinds = pick_pool(rng)
    h = Hand()
    forced = []
    if style == "dragons":
        forced = rng.sample([31, 32, 33], rng.choice([2, 3]))
    if style == "winds":
        forced = rng.sample([27, 28, 29, 30], rng.choice([2, 3, 3, 4]))
    template = rng.random()
    seqs = []
    if template < 0.06:  # sanshoku
        n = rng.randrange(7)
        seqs = [n, 9 + n, 18 + n]
    elif template < 0.10:  # ittsu
        s = rng.randrange(3) * 9
        seqs = [s, s + 3, s + 6]
    elif template < 0.15:  # iipeikou
        n = rng.randrange(27)
        if n % 9 <= 6:
            seqs = [n, n]
    attempts = 0
    while len(h.groups) < 4:
        attempts += 1
        if attempts > 200:
            raise ValueError
        if forced:
            k = forced.pop()
            pool.take(k, 3)
            h.groups.append({"kind": "pung", "tiles": [k] * 3})
            continue
        if seqs:
            n = seqs.pop()
            try:
                for x in (n, n + 1, n + 2):
                    pool.take(x)
            except ValueError:
                continue
            h.groups.append({"kind": "chow", "tiles": [n, n + 1, n + 2]})
            continue
        k = rng.choice(kinds)
        if style == "outside" and rng.random() < 0.5:
            k = rng.choice(TERMINALS)
        chow_ok = k < 27 and k % 9 <= 6 and all(x in kinds for x in (k, k + 1, k + 2))
        if style == "outside" and chow_ok and not (k % 9 == 0 or k % 9 == 6):
            chow_ok = False
        if style in ("honours", "dragons", "winds") and rng.random() < 0.7:
            chow_ok = False
        if chow_ok and rng.random() < 0.6:
            if all(pool.left[x] for x in (k, k + 1, k + 2)):
                for x in (k, k + 1, k + 2):
                    pool.take(x)
                h.groups.append({"kind": "chow", "tiles": [k, k + 1, k + 2]})
        elif pool.left[k] >= 3 and (style != "outside" or k in TERMINALS):
            pool.take(k, 3)
            h.groups.append({"kind": "pung", "tiles": [k] * 3})
    for _ in range(100):
        k = rng.choice(kinds if style != "outside" else TERMINALS)
        if style in ("dragons", "winds") and rng.random() < 0.5:
            k = rng.choice([27, 28, 29, 30, 31, 32, 33])
        if pool.left[k] >= 2:
            pool.take(k, 2)
            h.groups.append({"kind": "pair", "tiles": [k, k]})
            break
    else:
        raise ValueError
    return style, h


def seven_pairs(rng, pool):
    style, kinds = pick_pool(rng)
    if len(set(kinds)) < 7:
        kinds = list(range(34))
    h = Hand()
    for k in rng.sample(sorted(set(kinds)), 7):
        pool.take(k, 2)
        h.groups.append({"kind": "pair", "tiles": [k, k]})
    return "seven_pairs", h


def kokushi(rng, pool):
    h = Hand()
    dup = rng.choice(TERMINALS)
    for k in TERMINALS:
        n = 2 if k == dup else 1
        pool.take(k, n)
        h.groups.append({"kind": "pair" if n == 2 else "single", "tiles": [k] * n})
    return "kokushi", h


def nine_gates(rng, pool):
    s = rng.randrange(3) * 9
    extra = s + rng.randrange(9)
    tiles = [s] * 3 + [s + i for i in range(1, 8)] + [s + 8] * 3 + [extra]
    for k in tiles:
        pool.take(k)
    h = Hand()
    h.groups.append({"kind": "free", "tiles": sorted(tiles)})
    return "nine_gates", h


def four_kans(rng, pool):
    h = Hand()
    ks = rng.sample(range(34), 5)
    for k in ks[:4]:
        pool.take(k, 4)
        h.groups.append({"kind": "kan", "tiles": [k] * 4, "called": rng.choice(["minkan", "shouminkan", "ankan"])})
    pool.take(ks[4], 2)
    h.groups.append({"kind": "pair", "tiles": [ks[4]] * 2})
    return "four_kans", h


def make(rng, preset):
    reds = 0 if preset == "wrc" else 1
    pool = Pool(reds)
    shape = rng.choices(["standard", "seven_pairs", "kokushi", "nine_gates", "four_kans"], [880, 80, 15, 10, 5])[0]
    if shape == "standard":
        style, h = standard(rng, pool, reds)
    elif shape == "seven_pairs":
        style, h = seven_pairs(rng, pool)
    elif shape == "kokushi":
        style, h = kokushi(rng, pool)
    elif shape == "nine_gates":
        style, h = nine_gates(rng, pool)
    else:
        style, h = four_kans(rng, pool)
    # calls
    if shape == "standard":
        open_hand = rng.random() < 0.42
        for g in h.groups:
            g.setdefault("called", None)
            if g["kind"] == "pair":
                continue
            if g["kind"] == "pung" and pool.left[g["tiles"][0]] >= 1 and rng.random() < 0.12:
                # a kan: closed (ankan) or, on an open hand, claimed or added
                pool.take(g["tiles"][0])
                g["kind"], g["tiles"] = "kan", g["tiles"] + [g["tiles"][0]]
                g["called"] = rng.choice(["minkan", "shouminkan"]) if open_hand and rng.random() < 0.6 else "ankan"
            elif open_hand and rng.random() < 0.5:
                g["called"] = "chi" if g["kind"] == "chow" else "pon"
        if open_hand and not any(g.get("called") in ("chi", "pon", "minkan", "shouminkan") for g in h.groups):
            cands = [g for g in h.groups if g["kind"] in ("chow", "pung")]
            if cands:
                g = rng.choice(cands)
                g["called"] = "chi" if g["kind"] == "chow" else "pon"
    for g in h.groups:
        g.setdefault("called", None)
    # red fives: one copy of a 5 may be the red one
    for g in h.groups:
        g["red"] = 0
        fives = [k for k in g["tiles"] if k < 27 and k % 9 == 4]
        if fives:
            s = fives[0] // 9
            if pool.red_free[s] and rng.random() < 0.55:
                pool.red_free[s] = 0
                g["red"] = 1
    concealed = [g for g in h.groups if g["called"] is None]
    if not concealed:
        raise ValueError("no concealed group for the winning tile")
    wg = rng.choice(concealed)
    wk = rng.choice(wg["tiles"])
    wred = bool(wg["red"]) and wk % 9 == 4 and wk < 27 and rng.random() < 0.5
    return shape, style, h, wg, wk, wred, pool


def situation(rng, h, wk, wred, pool, preset, shape):
    has_meld = any(g["called"] for g in h.groups)
    is_open = any(g["called"] in ("chi", "pon", "minkan", "shouminkan") for g in h.groups)
    kans = sum(g["kind"] == "kan" for g in h.groups)
    seat = rng.randrange(4)
    rnd = rng.choices([0, 1, 2, 3], [55, 38, 5, 2])[0]
    tsumo = rng.random() < 0.45
    st = dict(seat=seat, round=rnd, tsumo=tsumo, riichi=False, double=False, ippatsu=False, haitei=False,
              houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False)
    if not has_meld and tsumo and rng.random() < 0.02:
        if seat == 0:
            st["tenhou"] = True
        else:
            st["chiihou"] = True
    elif not is_open and rng.random() < 0.55:
        st["riichi"] = True
        st["double"] = rng.random() < 0.07
        st["ippatsu"] = rng.random() < 0.22
    if tsumo and not st["tenhou"] and not st["chiihou"]:
        if kans and rng.random() < 0.4:
            st["rinshan"] = True
        elif rng.random() < 0.05:
            st["haitei"] = True
    if not tsumo:
        # chankan: the robbed kan's other three copies lie elsewhere
        if pool.left[wk] >= 3 and sum(g["tiles"].count(wk) for g in h.groups) == 1 and not wred and rng.random() < 0.25:
            pool.take(wk, 3)
            st["chankan"] = True
        elif rng.random() < 0.05:
            st["houtei"] = True
    st["honba"] = rng.choices(range(6), [50, 20, 12, 8, 6, 4])[0]
    st["sticks"] = rng.choices(range(4), [55, 25, 12, 8])[0] + (1 if st["riichi"] else 0)
    # indicators from the copies left; rarely a red five
    def indicator():
        for _ in range(50):
            k = rng.randrange(34)
            if pool.left[k]:
                red = k < 27 and k % 9 == 4 and pool.red_free[k // 9] and rng.random() < 0.2
                if red:
                    pool.red_free[k // 9] = 0
                pool.take(k)
                return k, bool(red)
        raise ValueError
    st["dora"] = [indicator() for _ in range(1 + kans)]
    st["ura"] = [indicator() for _ in range(1 + kans)] if st["riichi"] else []
    return st


def ids136(h, wk, wred, st, preset):
    """Allocate the 136 copies: a red five is copy 0 of its 5; other copies from 1 up (from 0 for non-fives)."""
    used = collections.defaultdict(set)

    reds_on = preset != "wrc"

    def alloc(k, red):
        """(id, is_red): copy 0 of a five is the red one under red-five rules, whether asked for or forced
        (the fourth five of a suit is always the red one)."""
        five = k < 27 and k % 9 == 4
        if red and 0 not in used[k]:
            used[k].add(0)
            return k * 4, five and reds_on
        start = 1 if five else 0
        for c in list(range(start, 4)) + [0]:
            if c not in used[k]:
                used[k].add(c)
                return k * 4 + c, five and reds_on and c == 0
        raise ValueError("no copy left")
    tiles, melds, win_id = [], [], None
    for g in h.groups:
        gids = []
        red_left = g["red"]
        for k in g["tiles"]:
            r = bool(red_left) and k < 27 and k % 9 == 4
            if r:
                red_left = 0
            gids.append((k, r))
        g["ids"] = []
        for k, r in gids:
            i, r2 = alloc(k, r)
            g["ids"].append((k, r2, i))
    for g in h.groups:
        tiles += [i for _, _, i in g["ids"]]
        if g["called"]:
            typ = {"chi": Meld.CHI, "pon": Meld.PON, "minkan": Meld.KAN, "shouminkan": Meld.SHOUMINKAN,
                   "ankan": Meld.KAN}[g["called"]]
            melds.append(Meld(meld_type=typ, tiles=sorted(i for _, _, i in g["ids"]), opened=g["called"] != "ankan"))
    # the winning tile: a copy of wk (red if wred) among the concealed groups
    cands = [(k, r, i) for g in h.groups if not g["called"] for k, r, i in g["ids"] if k == wk]
    cands.sort(key=lambda x: x[1] != wred)
    win_id, win_red = (cands[0][2], cands[0][1]) if cands else (None, False)
    dora = [alloc(k, r) for k, r in st["dora"]]
    ura = [alloc(k, r) for k, r in st["ura"]]
    st["dora"] = [(k, r) for (k, _), (_, r) in zip(st["dora"], dora)]
    st["ura"] = [(k, r) for (k, _), (_, r) in zip(st["ura"], ura)]
    return tiles, (win_id, win_red), melds, [i for i, _ in dora], [i for i, _ in ura]


def notation(h):
    def group(ts):
        by = collections.defaultdict(list)
        hon = []
        for k, r in ts:
            if k >= 27:
                hon.append(HONOUR[k - 27])
            else:
                by["mps"[k // 9]].append("0" if r else str(k % 9 + 1))
        key = lambda d: (5, 0) if d == "0" else (int(d), 1)
        out = ["".join(sorted(by[s], key=key)) + s for s in "mps" if by[s]]
        if hon:
            out.append("".join(sorted(hon, key=HONOUR.index)))
        return out
    parts, conc = [], []
    for g in h.groups:
        ts = [(k, r) for k, r, _ in g["ids"]]
        if g["called"] == "ankan":
            parts.append("{" + group(ts)[0] + "}")
        elif g["called"]:
            parts.append("[" + group(ts)[0] + "]")
        else:
            conc += ts
    return " ".join(parts + group(conc))


PRESETS = {
    "tenhou": ({"ruleset": "tenhou"}, dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False)),
    "wrc": ({"ruleset": "wrc"}, dict(has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False,
                                     kazoe_limit=1, kiriage=True)),
    "tenhou-dy": ({"ruleset": "tenhou", "double_yakuman": "true"},
                  dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True)),
}

LIB2MJ = {"Menzen Tsumo": "Menzen tsumo", "Riichi": "Riichi", "Ippatsu": "Ippatsu", "Chankan": "Chankan",
          "Rinshan Kaihou": "Rinshan kaihou", "Haitei Raoyue": "Haitei", "Houtei Raoyui": "Houtei",
          "Double Riichi": "Double riichi", "Pinfu": "Pinfu", "Tanyao": "Tanyao", "Iipeiko": "Iipeikou",
          "Yakuhai (haku)": "Haku", "Yakuhai (hatsu)": "Hatsu", "Yakuhai (chun)": "Chun",
          "Sanshoku Doujin": "Sanshoku doujun", "Sanshoku Doujun": "Sanshoku doujun", "Ittsu": "Ittsu",
          "Chantai": "Chantai", "Honroutou": "Honroutou", "Toitoi": "Toitoi", "San Ankou": "San ankou",
          "San Kantsu": "San kantsu", "Sanshoku Doukou": "Sanshoku doukou", "Chiitoitsu": "Chiitoitsu",
          "Shou Sangen": "Shousangen", "Honitsu": "Honitsu", "Junchan": "Junchan", "Ryanpeikou": "Ryanpeikou",
          "Chinitsu": "Chinitsu", "Dora": "Dora", "Aka Dora": "Red five", "Ura Dora": "Ura dora",
          "Kokushi Musou": "Kokushi musou", "Chuuren Poutou": "Chuuren poutou", "Suu Ankou": "Suu ankou",
          "Daisangen": "Daisangen", "Shousuushii": "Shousuushii", "Ryuuiisou": "Ryuuiisou",
          "Suu Kantsu": "Suu kantsu", "Tsuu Iisou": "Tsuuiisou", "Chinroutou": "Chinroutou",
          "Dai Suushii": "Dai suushii", "Kokushi Musou Juusanmen Matchi": "Kokushi musou, thirteen-sided wait",
          "Suu Ankou Tanki": "Suu ankou tanki", "Daburu Chuuren Poutou": "Junsei chuuren poutou",
          "Tenhou": "Tenhou", "Chiihou": "Chiihou", "Renhou": "Renhou"}


def lib_yaku(r):
    out = collections.Counter()
    for y in r.yaku:
        nm = y.name
        if nm.startswith("Yakuhai (seat wind"):
            key = "Seat wind"
        elif nm.startswith("Yakuhai (round wind"):
            key = "Round wind"
        else:
            key = LIB2MJ.get(nm, "?" + nm)
        han = y.han_open if (r.is_open_hand and y.han_open) else y.han_closed
        out[key] += 0 if y.is_yakuman else han
    return out


def mj_yaku(s):
    out = collections.Counter()
    for it in s.items:
        if it.doubles or it.limit:
            key = it.rule.replace(" (open)", "").replace(" (double)", "").replace(" (yakuman)", "")
            out[key] += 0 if it.limit else it.doubles
    return out


def score_both(rec):
    opts_mj, opts_lib = PRESETS[rec["preset"]]
    st = rec["situation"]
    cfg = HandConfig(is_tsumo=st["tsumo"], is_riichi=st["riichi"], is_ippatsu=st["ippatsu"],
                     is_rinshan=st["rinshan"], is_chankan=st["chankan"], is_haitei=st["haitei"],
                     is_houtei=st["houtei"], is_daburu_riichi=st["double"], is_tenhou=st["tenhou"],
                     is_chiihou=st["chiihou"], player_wind=WINDS34[st["seat"]], round_wind=WINDS34[st["round"]],
                     kyoutaku_number=st["sticks"], tsumi_number=st["honba"], options=OptionalRules(**opts_lib))
    L = rec["lib_in"]
    melds = [Meld(meld_type=m["type"], tiles=m["tiles"], opened=m["opened"]) for m in L["melds"]]
    lr = HandCalculator.estimate_hand_value(L["tiles"], L["win"], melds=melds, dora_indicators=L["dora"],
                                            ura_dora_indicators=L["ura"], config=cfg)
    return lr, mjscore.score(rec["hand"], "riichi", **rec["mj_kw"])


def mj_kwargs(st, wk, wred, opts):
    also = []
    if st["double"]:
        also.append("double-riichi")
    elif st["riichi"]:
        also.append("riichi")
    if st["ippatsu"]:
        also.append("ippatsu")
    if st["haitei"]:
        also.append("last-wall-tile")
    if st["houtei"]:
        also.append("last-discard")
    if st["tenhou"] or st["chiihou"]:
        also.append("first-draw")
    source = ("loose" if st["rinshan"] else "wall") if st["tsumo"] else ("kong" if st["chankan"] else "discard")
    return dict(seat=SEAT[st["seat"]], round=SEAT[st["round"]], win=name(wk, wred), source=source,
                also=tuple(also), dora=" ".join(name(k, r) for k, r in st["dora"]),
                ura=" ".join(name(k, r) for k, r in st["ura"]) or None, honba=st["honba"], sticks=st["sticks"],
                options=opts)


def cmdline(rec):
    kw = rec["mj_kw"]
    a = ["mjscore", "score", json.dumps(rec["hand"]), "--variant", "riichi", "--seat", kw["seat"], "--round",
         kw["round"], "--win", kw["win"], "--from", kw["source"]]
    for x in kw["also"]:
        a += ["--also", x]
    a += ["--dora", json.dumps(kw["dora"])]
    if kw["ura"]:
        a += ["--ura", json.dumps(kw["ura"])]
    a += ["--honba", str(kw["honba"]), "--sticks", str(kw["sticks"])]
    for k, v in kw["options"].items():
        a += ["--option", f"{k}={v}"]
    return " ".join(a)


def generate(rng):
    """One record (not yet scored), or None where the draw failed."""
    preset = rng.choices(["tenhou", "wrc", "tenhou-dy"], [75, 15, 10])[0]
    try:
        shape, style, h, wg, wk, wred, pool = make(rng, preset)
        st = situation(rng, h, wk, wred, pool, preset, shape)
        tiles, (win_id, wred), melds, dora, ura = ids136(h, wk, wred, st, preset)
    except ValueError:
        return None
    if win_id is None:
        return None
    st_json = dict(st)
    rec = {"preset": preset, "shape": shape, "style": style, "hand": notation(h), "situation": st_json,
           "lib_in": {"tiles": tiles, "win": win_id, "dora": dora, "ura": ura,
                      "melds": [{"type": m.type, "tiles": list(m.tiles), "opened": m.opened} for m in melds]},
           "mj_kw": mj_kwargs(st, wk, wred, PRESETS[preset][0]),
           "kans": {c: sum(g["called"] == c for g in h.groups) for c in ("minkan", "shouminkan", "ankan")},
           "open": any(g["called"] in ("chi", "pon", "minkan", "shouminkan") for g in h.groups)}
    return rec
