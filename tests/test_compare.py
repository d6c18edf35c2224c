"""`mjscore compare`: each variant's column is exactly what `score --variant V` says, side by side."""

from __future__ import annotations

import csv
import io
import json

import pytest

from helpers import run

VARIANTS = ["basque", "bmja", "danish", "dmjl", "hk", "hungarian", "mcr", "riichi", "spanish"]
HANDS = [  # (hand, situation): mah jong everywhere, in some variants only, nowhere, bonus tiles, special shapes
    ("[555p] 123m 789s SSS NN", ["--seat", "S", "--win", "7s", "--from", "wall"]),
    ("[555p] 123m 789s SSS NN 1f", ["--seat", "S", "--win", "7s"]),  # spanish plays without flowers
    ("123m 456m 789m 123p NN", ["--win", "N"]),  # four chows: bmja allows one (not mah jong there)
    ("11m 22m 33p 44p 55s 66s 77s", ["--win", "7s"]),  # seven pairs: a winning shape in some variants only
    ("19m 19p 19s ESWNRGP P", ["--win", "P", "--from", "wall"]),  # thirteen orphans
    ("{EEEE} [SSS] WWW NNN RR", ["--win", "R", "--from", "wall"]),  # all honours, a limit hand
    ("1112345678999m 5m", ["--win", "5m"]),  # nine gates
    ("123m 456p 78s EEE N", ["--seat", "W"]),  # one tile short: not mah jong anywhere
    ("[222s] [333s] [444s] 666s GG", ["--win", "G"]),  # all green
    ("[RRR] [GGG] PP 123m 456p", ["--win", "4p"]),  # little dragons
    ("2468p 1357s EE", []),  # a losing hand of odds and ends
]


@pytest.mark.parametrize("hand,args", HANDS)
def test_each_column_is_the_score_of_that_variant(hand, args):
    code, out, err = run("compare", hand, *args, "--format", "json")
    assert code == 0, err
    got = {d["variant"]: d for d in json.loads(out)}
    assert list(got) == VARIANTS
    for v in VARIANTS:
        c, o, e = run("score", hand, *args, "--variant", v, "--format", "json")
        if c == 0:
            assert got[v] == json.loads(o)
        else:  # the variant refuses the hand: its column says why, in score's own words
            assert got[v] == {"variant": v, "error": e.removeprefix("mjscore: error: ").splitlines()[0]}


def test_a_hand_that_is_mah_jong_in_some_variants_only():
    # 123m 456m 789m 123p NN: four chows and a pair. BMJA allows at most one chow in a standard hand,
    # so it is no mah jong there; DMJL and the others take it as a winning hand (mcr: Pure Straight 16 + Concealed
    # Hand 2 + Mixed Double Chow 1 + One Voided Suit 1 + Single Wait 1 = 21 fan, over the minimum of 8; riichi too:
    # 123m 456m 789m is ittsu, a yaku). hk (tables/hk.yaml, after the Hong Kong mahjong scoring rules): concealed
    # hand 1 + all chows 1 = 2 faan, flowers aside ("no flowers" is a flower item), below the minimum of 3.
    code, out, _ = run("compare", "123m 456m 789m 123p NN", "--win", "N", "--format", "json")
    mahjong = {d["variant"]: d["mahjong"] for d in json.loads(out)}
    assert mahjong == {"basque": True, "bmja": False, "danish": True, "dmjl": True, "hk": False, "hungarian": True,
                       "mcr": True, "riichi": True, "spanish": True}


def test_the_table_names_a_variant_that_refuses_the_hand():
    code, out, err = run("compare", "[555p] 123m 789s SSS NN 1f", "--seat", "S", "--win", "7s",
                         "--variant", "spanish,basque")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[-1] == "spanish: not scored: spanish is played without flowers and seasons: 1f"
    assert lines[2].split() == ["spanish", "basque"]


def test_options_go_to_the_variants_that_have_them():
    # mode is a basque option only; limit is every variant's
    code, out, _ = run("compare", "{EEEE} [SSS] WWW NNN RR", "--win", "R", "--option", "limit=1000",
                       "--option", "mode=clean", "--variant", "basque,dmjl", "--format", "json")
    data = {d["variant"]: d for d in json.loads(out)}
    assert data["basque"]["options"]["mode"] == "clean" and "mode" not in data["dmjl"]["options"]
    assert data["basque"]["limit"] == data["dmjl"]["limit"] == 1000
    code, _, err = run("compare", "123m", "--option", "colour=red")
    assert (code, err) == (2, "mjscore: error: --option 'colour=red': no variant compared has an option 'colour'\n")


def test_items_are_compared_by_what_they_are_and_a_refusal_says_why():
    # spanish (p. 2 §6, the README's example): [555p] exposed pung of simples 2, SSS concealed pung of honours 8,
    # mah jong 20, self-drawn 2 = 32; SSS own wind 1 double: 64.
    # dmjl (Kajongg's DMJL: Meld, Mah Jongg and Winner Rules): Exposed Pung 2, Concealed Pung of Honors 8,
    # Standard Mah Jongg 20, Won with Last Tile Taken from Wall 2, Last Tile is Only Possible Tile 2 (89s waits on
    # 7s alone) = 34; Pung/Kong of Own Wind 1 double: 68.
    # bmja (Kajongg's BMJA): at most one chow in a standard hand; two here: no mah jong, a long hand worth 0.
    # The items named otherwise in dmjl (Exposed Pung, Standard Mah Jongg ...) are the same items as spanish's:
    # only the only-possible-tile item differs; bmja's refusal is said with its reason. A row is named as spanish
    # (the first) names it, dmjl's other name after it.
    assert run("compare", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--from", "wall",
               "-v", "spanish,dmjl,bmja") == (0, """\
[555p] 123m 789s SSS NN  (seat S, round E, won on 7s from wall, completing 789s)

            spanish    dmjl    bmja
----------  ---------  ------  ------
mah jong    yes        yes     no
points      32         34      0
doubles     1          1       0
limit hand
value       64         68      0

bmja: not mah jong: no BMJA winning pattern fits: BMJA allows at most one chow in a standard hand (option \
max_chows) (so not a winning hand)

items that differ (— absent; an item is named as the first variant names it):
item                             spanish    dmjl    bmja
-------------------------------  ---------  ------  ------
Last Tile is Only Possible Tile  —          2       —
not a winning hand               —          —       0

the same in every variant where it is mah jong: exposed pung of simples [555p] (dmjl: Exposed Pung) 2, chow 123m 0, \
chow 789s 0, concealed pung of honours SSS (dmjl: Concealed Pung of Honors) 8, pung of own wind SSS (dmjl: \
Pung/Kong of Own Wind) 1 dbl, mah jong (dmjl: Standard Mah Jongg) 20, self-drawn (dmjl: Won with Last Tile Taken \
from Wall) 2
""", "")


ISSUE_HAND = "111m 123m 456p 789s NN"  # issue 31's hand


@pytest.mark.parametrize("args", [["--win", "7S"], ["--win", "5m"], ["--win-set", "999m"]])
def test_a_mistake_every_variant_refuses_alike_is_one_message_as_score_says_it(args):
    # issue 31: a tile typed wrong (7S for 7s), a winning tile not in the hand (no 5m in it), a winning set no
    # arrangement has (no 999m): the same mistake in every variant, so not a difference between them. compare says
    # it once, in score's own words (hint and carets included), and exits 2, as score does.
    code, out, err = run("compare", ISSUE_HAND, *args)
    assert (code, out) == (2, "")
    assert (code, out, err) == run("score", ISSUE_HAND, *args)
    assert err.count("\n") == (3 if args == ["--win", "7S"] else 1)  # the message, and for a hand's text its carets
    assert err.splitlines()[0] == "mjscore: error: " + {
        "7S": "--win: digits without a suit letter: 7 before 'S' (write 7m, 7p or 7s); did you mean 7s?",
        "5m": "--win 5m is not in the hand; give a tile it holds (--win 1m) or add 5m to the hand",
        "999m": "--win-set 999m: no winning tile completes such a set in this hand (no winning arrangement of it "
                "has the set 999m); a winning tile completes 111m, 123m, 456p, 789s, NN: name one of those"}[args[1]]


def test_a_variant_that_refuses_while_others_score_still_gets_its_row():
    # the rule above takes only a message all variants give: spanish refuses flowers, basque plays them
    code, out, _ = run("compare", "[555p] 123m 789s SSS NN 1f", "--seat", "S", "--win", "7s", "-v", "spanish,basque")
    assert code == 0 and out.splitlines()[-1].startswith("spanish: not scored: spanish is played without flowers")


def test_an_option_typed_wrong_gets_the_hint_score_gives():
    # issue 31: `--option lmit=3` (score and settle: "did you mean limit?"); limit is every variant's option
    code, out, err = run("compare", ISSUE_HAND, "--win", "1m", "--option", "lmit=3")
    assert (code, out, err) == (2, "", "mjscore: error: --option 'lmit=3': no variant compared has an option 'lmit'; "
                                       "did you mean limit?\n")
    # and no hint where nothing is near (colour is like no option of any variant)
    assert run("compare", "123m", "--option", "colour=red")[2].endswith("has an option 'colour'\n")


def test_lang_names_the_items_and_says_the_refusals_as_score_does():
    # issue 31: compare --lang named the items in English where score --lang uses the rulebooks' names.
    # spanish and basque (their tables, p. 2 §6 and table 1): 111m a concealed pung of terminals 8, mah jong 20: 28.
    # Basque's rulebook has no Spanish names: each row is named in the words of the rulebook that has them.
    assert run("compare", ISSUE_HAND, "--win", "1m", "--lang", "es", "--variant", "spanish,basque") == (0, """\
111m 123m 456p 789s NN  (asiento E, ronda E, ganó con 1m (descarte), que completa 123m)

             spanish    basque
-----------  ---------  --------
Mah Jongg    sí         sí
puntos       28         28
dobles       0          0
mano límite
valor        28         28

igual en todas las variantes que puntuaron: Combinaciones ocultas, Tres del mismo palo (fichas de primera 1-9) 111m 8, \
Chow 123m 0, Chow 456p 0, Chow 789s 0, Mah Jongg (gana la mano) 20
""", "")
    # --lang native: two rulebook languages, so the fixed words are English, each variant's names its own: the
    # first's (basque's) names the row, spanish's other names after it
    assert run("compare", ISSUE_HAND, "--win", "1m", "--lang", "native", "--variant", "basque,spanish")[1].splitlines(
        )[-1] == ("the same in every variant scored: Hirukoteak, Muturrak, Ezkutuak 111m (spanish: Combinaciones "
                  "ocultas, Tres del mismo palo (fichas de primera 1-9)) 8, Eskailerak 123m (spanish: Chow) 0, "
                  "Eskailerak 456p (spanish: Chow) 0, Eskailerak 789s (spanish: Chow) 0, Mah jong (spanish: Mah Jongg "
                  "(gana la mano)) 20")
    # mcr (the 2006 rules, fan 39, 62, 64, 73): Mixed Straight 8 + Concealed Hand 2 + Tile Hog 2 (four 1m, no kong)
    # + Pung of Terminals 1 = 13 fan, in the rulebook's Chinese names as score --lang zh gives them. riichi: ron on a
    # hand without a yaku (no tanyao with 1m, 7-8-9, no ittsu in one suit, no yakuhai pair counts) is no win.
    # zh has a catalogue (issue 43): the fixed words in Chinese too; riichi's requirement is table data, as written.
    out = run("compare", ISSUE_HAND, "--win", "1m", "--lang", "zh", "--variant", "mcr,riichi")[1]
    assert out.splitlines()[-3:] == [  # a variant's reasons on one line (issue 45: "not mah jong" twice before)
        "riichi：未和牌：no yaku: a riichi hand needs one to win (dora do not count); 按未和牌计分", "",
        "在每个判为和牌的规则中相同：花龙 8, 门前清 2, 四归一 2, 幺九刻 1"]
    # a refusal in a catalogue's words, as score --lang es says the same note ("nota: se cuenta como mano no
    # ganadora"); the requirement's own words are table data and stay as the table writes them
    out = run("compare", ISSUE_HAND, "--win", "1m", "--lang", "es", "--variant", "spanish,riichi")[1]
    assert [line for line in out.splitlines() if line.startswith("riichi: no es Mah Jongg: ")] == [
        "riichi: no es Mah Jongg: no yaku: a riichi hand needs one to win (dora do not count); se cuenta como mano "
        "no ganadora"]
    assert "nota: se cuenta como mano no ganadora" in run("score", ISSUE_HAND, "--win", "1m", "--lang", "es",
                                                           "--variant", "riichi")[1].splitlines()


def test_items_of_one_name_that_are_other_items_are_told_apart():
    # issue 31: `[RRR] 123m 456m 789m EE` (one suit with honours) gave two rows "one suit with honours", both 1 dbl:
    # danish's table has one row of that rule for each setting of its purity_doublings option ("classical
    # (Millington / BMJA)": 1 double either way). Which option a rule is read under is not what its item is: it is
    # spanish's (p. 2 §6, 1 double), basque's "clean hand: one suit and honours" (table 2, line 7, 1 double) and
    # dmjl's False Color Game (Kajongg's DMJL Winner Rules, 1 double): one row. hungarian's is another rule (IV,
    # doubling, line 3: no pung of honours, here [RRR]): absent there.
    code, out, _ = run("compare", "[RRR] 123m 456m 789m EE", "--win", "E", "--variant",
                       "spanish,basque,hungarian,danish,dmjl,bmja,mcr", "--format", "csv")
    rows = [r for r in csv.reader(io.StringIO(out)) if "suit" in r[1]]
    assert rows == [["differs", "one suit with honours (basque: clean hand: one suit and honours; dmjl: False Color "
                     "Game)", "1 dbl", "1 dbl", "—", "1 dbl", "1 dbl", "—", "—"]]
    # two rules of one name that are other items are named apart by their conditions, as the tables write them.
    # spanish (p. 2 §6): 111m concealed pung of terminals 8 + EE pair of own wind 2 + mah jong 20 = 30; one suit
    # with honours 1 double: 30 x 2 = 60. hungarian (IV): figures' points line 3, 8 + line 8, 2 + premium 20 = 30;
    # one suit with honours (doubling, line 3: no pung or kong of honours, met: EE is a pair) 1 + the banker won
    # (line 2) 1 = 2 doubles: 30 x 4 = 120.
    assert run("compare", "123m 456m 789m 111m EE", "--win", "E", "-v", "spanish,hungarian") == (0, f"""\
123m 456m 789m 111m EE  (seat E, round E, won on E from discard, completing EE)

            spanish    hungarian
----------  ---------  -----------
mah jong    yes        yes
points      30         30
doubles     1          2
limit hand
value       60         120

items that differ (— absent; an item is named as the first variant names it):
item{' ' * 137}  spanish    hungarian
{'-' * 141}  ---------  -----------
one suit with honours (when: suits: 1, honours: True){' ' * 88}  1 dbl      —
one suit with honours (when: suits: 1, honours: True, any: [option: one_suit_closing: any; groups: set: [pung; \
kong], tiles: honour, max: 0])  —          1 dbl
the banker won{' ' * 127}  —          1 dbl

the same in every variant scored: concealed pung of terminals 111m (hungarian: concealed pung of terminals or \
honours) 8, chow 123m 0, chow 456m 0, chow 789m 0, pair of own wind EE 2, mah jong 20
""", "")


def test_where_every_variant_refuses_the_table_says_why_and_the_nearest_winning_hands():
    # issue 31: `123m 456m 789m EEE NW`, 14 tiles typed by mistake: no variant takes it, and the table said neither
    # why nor what score says ("not a winning hand ..."). Each is a long hand worth 0 (spanish: 0 as the classical
    # rulebooks, its pages give none; dmjl and bmja: Kajongg's Hand Rules, "Long Hand", 0). W for N or N for W makes
    # a pair and a pung: 123m 456m 789m EEE NN, mah jong in spanish and dmjl (chows allowed); bmja allows one chow
    # (option max_chows 1, Kajongg's "number of allowed chows"), and no single tile changed removes two chows.
    assert run("compare", "123m 456m 789m EEE NW", "--variant", "spanish,dmjl,bmja") == (0, """\
123m 456m 789m EEE NW  (seat E, round E)

            spanish    dmjl    bmja
----------  ---------  ------  ------
mah jong    no         no      no
points      0          0       0
doubles     0          0       0
limit hand
value       0          0       0

spanish: not mah jong: not a winning hand: 14 tiles in no winning shape of spanish (standard)
dmjl: not mah jong: not a winning hand: 14 tiles in no winning shape of dmjl (standard, thirteen orphans)
bmja: not mah jong: not a winning hand: 14 tiles in no winning shape of bmja (standard, thirteen orphans, gates of \
heaven, wriggling snake, triple knitting, knitting, seven pairs)
spanish, dmjl: not a winning hand: one tile changed makes it one: W for N; N for W
bmja: not a winning hand: no single tile changed makes it one

the same in every variant scored: not a winning hand 0
""", "")
    # where every variant compared gives the same nearest hands, they are said once, in score's own line
    code, out, _ = run("compare", "123m 456m 789m EEE NW", "--variant", "spanish,dmjl")
    said = run("score", "123m 456m 789m EEE NW", "--variant", "spanish")[1].splitlines()[-1]
    assert said == "not a winning hand: one tile changed makes it one: W for N; N for W"
    assert out.splitlines()[-3:] == [said, "", "the same in every variant scored: not a winning hand 0"]
    # the CSV says the refusals too, a variant's reasons in its column
    rows = list(csv.reader(io.StringIO(run("compare", "123m 456m 789m EEE NW", "--variant", "spanish,dmjl",
                                           "--format", "csv")[1])))
    assert ["not mah jong", "", "not a winning hand: 14 tiles in no winning shape of spanish (standard)",
            "not a winning hand: 14 tiles in no winning shape of dmjl (standard, thirteen orphans)"] in rows
