"""The refusals issue 43 left in English under --lang, said in the language chosen: a suit letter of another
notation, a suit letter without numbers, a hand too long to read, a flag's tile that is none (--win 7x), a set
--win-set names that the tile does not complete, a red five won on that the hand holds plain (or the other way),
riichi's red five where a variant has none, and "did you mean". Each: the exact line in zh (the catalogue of the
Mahjong Competition Rules' words) and in one other catalogue, and the English line byte for byte as before."""

from __future__ import annotations

import pytest

from helpers import run

HAND = "123m 456p 789s EEE NN"


def first_line(*args: str) -> str:
    """The first line a refused command writes on standard error (exit 2, as every refusal)."""
    code, _, err = run(*args)
    assert code == 2, err
    return err.splitlines()[0]


@pytest.mark.parametrize("args, zh, other, english", [
    (("score", "123c 456p 789s EEE NN"),
     "'c' 不是花色字母：123c 大概是 123m（英文书中 c 是万子）；花色是 m 万子、p 饼子、s 条子",
     ("es", "'c' no es una letra de palo: 123c es probablemente 123m (c son los caracteres en los libros ingleses); "
            "los palos son m caracteres, p círculos, s bambúes"),
     "'c' is not a suit letter: 123c is probably 123m (c is characters in English books); the suits are m "
     "characters, p dots, s bamboo"),
    (("score", "m 456p 789s EEE NN"), "'m' 前没有数字：万子要写数字，例如 123m",
     ("da", "'m' uden tal: tegn skal have tal, f.eks. 123m"),
     "'m' without numbers: characters need numbers, e.g. 123m"),
    (("score", "1" * 3000), "3,000 个字符的手牌：没有这么长的手牌（最多 400 个，即使每两张牌之间都有空格）",
     ("hu", "3,000 karakteres kéz: nincs ilyen hosszú kéz (legfeljebb 400, akkor is, ha minden két kő között szóköz "
            "van)"),
     "a hand of 3,000 characters: no hand is that long (at most 400, even with a space between every two tiles)"),
    (("score", HAND, "--win", "7x"), "--win: 数字后缺少花色字母：7 在 'x' 之前（请写 7m、7p 或 7s）",
     ("eu", "--win: zenbakiak palo-letrarik gabe: 7 'x' aurretik (idatzi 7m, 7p edo 7s)"),
     "--win: digits without a suit letter: 7 before 'x' (write 7m, 7p or 7s)"),
    (("score", HAND, "--win", "7S"), "--win: 数字后缺少花色字母：7 在 'S' 之前（请写 7m、7p 或 7s）；是不是 7s？",
     ("es", "--win: cifras sin letra de palo: 7 antes de 'S' (escriba 7m, 7p o 7s); ¿quiso decir 7s?"),
     "--win: digits without a suit letter: 7 before 'S' (write 7m, 7p or 7s); did you mean 7s?"),
    (("score", HAND, "--win", "3m", "--win-set", "345m"),
     "--win-set 345m：和牌张 3m 在这手牌中不组成这样的牌组（它没有任何含 345m 的和牌组合）；它组成 123m：请写 --win-set 123m",
     ("da", "--win-set 345m: vinderbrikken 3m fuldender ikke sådan et sæt i denne hånd (ingen vindende opstilling af "
            "den har sættet 345m); den fuldender 123m: skriv --win-set 123m"),
     "--win-set 345m: the winning tile 3m completes no such set in this hand (no winning arrangement of it has the "
     "set 345m); it completes 123m: type --win-set 123m"),
    (("score", HAND, "--win", "1m", "--win-set", "[123m]"),
     "--win-set：写牌组时不加括号，--win-set 123m（已亮出的牌组也这样写）",
     ("es", "--win-set: escriba la jugada sin corchetes, --win-set 123m (una jugada ya expuesta se nombra igual)"),
     "--win-set: write the set without brackets, --win-set 123m (a set already laid out is named the same way)"),
    (("score", HAND, "--variant", "riichi", "--win", "0p"),
     "--win 0p：这手牌没有赤五 0p，只有普通的 5p；请写 --win 5p，或在手牌中把赤五写成 0p",
     ("da", "--win 0p: hånden har ingen rød femmer 0p, kun almindelig 5p; angiv --win 5p, eller skriv den røde "
            "femmer i hånden som 0p"),
     "--win 0p: the hand holds no red five 0p, only plain 5p; give --win 5p, or write the red five in the hand as 0p"),
    (("score", "[123m] 406p 789s EEE NN", "--variant", "riichi", "--win", "5p"),
     "--win 5p：这手牌的暗牌中没有普通的 5p，只有赤五 0p；请写 --win 0p，或若不是赤五，在手牌中写成 5p",
     ("hu", "--win 5p: a kézben nincs sima 5p a rejtett kövek között, csak a piros ötös 0p; adja meg: --win 0p, "
            "vagy írja az ötöst a kézbe így: 5p, ha nem piros"),
     "--win 5p: the hand holds no plain 5p among the concealed tiles, only the red five 0p; give --win 0p, or write "
     "the five in the hand as 5p if it is not red"),
    (("score", "123m 406p 789s EEE NN"), "0p 是立直麻将的赤五：请用 --variant riichi，或写 5p",
     ("eu", "0p riichiren bost gorria da: erabili --variant riichi, edo idatzi 5p"),
     "0p is riichi's red five: use --variant riichi, or write 5p"),
    (("score", HAND, "--from", "self"), "--from 须是 discard, wall, loose, kong 之一，不是 'self'；是不是 wall？",
     ("es", "--from debe ser uno de discard, wall, loose, kong, no 'self'; ¿quiso decir wall?"),
     "--from must be one of discard, wall, loose, kong, not 'self'; did you mean wall?"),
])
def test_a_refusal_in_the_language_chosen(args, zh, other, english):
    """zh's line, another catalogue's, and without --lang the English line as before."""
    assert first_line(*args, "--lang", "zh") == f"mjscore: error: {zh}"
    assert first_line(*args, "--lang", other[0]) == f"mjscore: error: {other[1]}"
    assert first_line(*args) == f"mjscore: error: {english}"


def test_settle_says_a_deals_win_set_and_did_you_mean_in_chinese(tmp_path):
    """In a deal file the terms are its keys (win.set, win.from), the words zh's, the English as before."""
    deal = tmp_path / "deal.yaml"
    deal.write_text('variant: mcr\nhands: {E: "[RRR] [GGG] PPP 11m 567m", S: "", W: "", N: ""}\nwinner: E\n'
                    "win: {tile: 7m, from: discard, discarder: W, set: 789m}\n", encoding="utf-8")
    assert first_line("settle", str(deal), "--lang", "zh") == (
        f"mjscore: error: {deal}: win.set 789m：和牌张 7m 在这手牌中不组成这样的牌组（它没有任何含 789m 的和牌组合）；"
        "它组成 567m：请写 set: 567m")
    assert first_line("settle", str(deal)) == (
        f"mjscore: error: {deal}: win.set 789m: the winning tile 7m completes no such set in this hand (no winning "
        "arrangement of it has the set 789m); it completes 567m: type set: 567m")
