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
    (("score", HAND, "--option", "limit=0"), "spanish 的选项 limit 须至少为 1，不是 0",
     ("hu", "a(z) spanish limit beállítása: legalább 1 legyen, nem 0"),
     "option limit of spanish must be at least 1, not 0"),
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


def deal_file(tmp_path, head: str, name: str = "deal.yaml"):
    """A deal whose hands are fine: what is refused is in `head` (variant:, options:)."""
    path = tmp_path / name
    path.write_text(head + 'hands: {E: "[RRR] [GGG] PPP 11m 567m", S: "", W: "", N: ""}\nwinner: E\n'
                    "win: {tile: 7m, from: discard, discarder: W}\n", encoding="utf-8")
    return str(path)


def test_a_file_that_cannot_be_read_in_the_language_chosen(tmp_path):
    """Not UTF-8 (settle), YAML that does not parse (batch, sheet): the place and mjscore's words translated,
    PyYAML's own words of where it breaks kept as they are."""
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b'variant: mcr\nhands: {E: "\xff"}\n')
    assert first_line("settle", str(bad), "--lang", "zh") == f"mjscore: error: {bad}：不是文本文件（UTF-8）"
    assert first_line("settle", str(bad), "--lang", "da") == f"mjscore: error: {bad}: ikke en tekstfil (UTF-8)"
    assert first_line("settle", str(bad)) == f"mjscore: error: {bad}: not a text file (UTF-8)"
    broken = tmp_path / "broken.yaml"
    broken.write_text("variant: mcr\nplayers: [Ann, Bo\n", encoding="utf-8")
    yaml_says = "did not find expected ',' or ']'"
    for command in ("batch", "sheet"):
        assert first_line(command, str(broken), "--lang", "zh") == (
            f"mjscore: error: {broken}：第 3 行：不是有效的 YAML：{yaml_says}")
        assert first_line(command, str(broken), "--lang", "es") == (
            f"mjscore: error: {broken}: línea 3: no es YAML válido: {yaml_says}")
        assert first_line(command, str(broken)) == f"mjscore: error: {broken}: line 3: not valid YAML: {yaml_says}"


def test_a_deals_variant_and_options_in_the_language_chosen(tmp_path):
    """variant: that is no variant (with "did you mean"), or no name; options: no mapping, an option the
    variant has not, a value it does not take."""
    for head, zh, hu, english in (
            ("variant: mcx\n", "variant: 没有规则 'mcx'；是不是 mcr？（规则：basque, bmja, danish, dmjl, hk, hungarian, "
             "mcr, riichi, spanish）", "variant: nincs 'mcx' változat; erre gondolt: mcr? (változatok: basque, bmja, "
             "danish, dmjl, hk, hungarian, mcr, riichi, spanish)", "variant: no variant 'mcx'; did you mean mcr? "
             "(variants: basque, bmja, danish, dmjl, hk, hungarian, mcr, riichi, spanish)"),
            ("variant: [mcr]\n", "variant：应是规则的名字，例如 spanish，不是 ['mcr']",
             "variant: egy név kell, például spanish, nem ['mcr']",
             "variant: expected a name such as spanish, not ['mcr']"),
            ("variant: mcr\noptions: [limit]\n", "options：应是映射，例如 {mode: clean}",
             "options: leképezés kell, pl. {mode: clean}", "options: expected a mapping, e.g. {mode: clean}"),
            ("variant: mcr\noptions: {limt: 100}\n", "options: mcr 没有选项 'limt'；是不是 limit？",
             "options: a(z) mcr változatnak nincs 'limt' beállítása; erre gondolt: limit?",
             "options: mcr has no option 'limt'; did you mean limit?"),
            ("variant: hk\noptions: {chicken_hand: maybe}\n", "options: hk 的选项 chicken_hand 取 true 或 false，不是 'maybe'",
             "options: a(z) hk chicken_hand beállítása true vagy false értéket vesz fel, nem 'maybe'",
             "options: option chicken_hand of hk takes true or false, not 'maybe'")):
        path = deal_file(tmp_path, head)
        assert first_line("settle", path, "--lang", "zh") == f"mjscore: error: {path}: {zh}"
        assert first_line("settle", path, "--lang", "hu") == f"mjscore: error: {path}: {hu}"
        assert first_line("settle", path) == f"mjscore: error: {path}: {english}"


def test_a_name_too_long_in_the_language_chosen(tmp_path):
    name = "A" * 150
    game = tmp_path / "game.yaml"
    game.write_text(f'variant: mcr\nplayers: [{name}, Bo, Cy, Di]\ndeals: []\n', encoding="utf-8")
    shown = "'" + "A" * 40 + "'... (150 characters)"
    assert first_line("batch", str(game), "--lang", "zh") == (
        f"mjscore: error: {game}: players: {shown} 作为名字太长了（最多 100 个字符）")
    assert first_line("batch", str(game), "--lang", "eu") == (
        f"mjscore: error: {game}: players: {shown} luzeegia da izen baterako (gehienez 100 karaktere)")
    assert first_line("batch", str(game)) == (
        f"mjscore: error: {game}: players: {shown} is too long for a name (at most 100 characters)")


def test_a_game_files_seats_and_sheet_and_standings_not_scored_lines(tmp_path):
    """A deal's seats: naming a seat that is none: batch's line, and the "not scored: PLACE: why" line sheet and
    standings say on standard error (and batch -o its "not scored: PLACE"), each in the language chosen."""
    game = tmp_path / "game.yaml"
    game.write_text('variant: mcr\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - seats: {E: Ann, S: Bo, W: Cy, X: Di}\n'
                    '    hands: {Ann: "[RRR] [GGG] PPP 11m 567m", Bo: "", Cy: "", Di: ""}\n    winner: Ann\n'
                    "    win: {tile: 7m, from: discard, discarder: Cy}\n", encoding="utf-8")
    place, example = f"{game} line 4 (deal 1)", "seats: {E: Ann, S: Bo, W: Cy, N: Di}"
    code, out, _ = run("batch", str(game), "--lang", "zh")
    assert code == 1 and f"未计分：{place}：seats：'X' 不是座位（座位是 E、S、W、N），例如 {example}" in out, out
    for command in ("sheet", "standings"):
        for lang, line in (
                ("zh", f"未计分：{place}: seats：'X' 不是座位（座位是 E、S、W、N），例如 {example}"),
                ("es", f"sin puntuar: {place}: seats: 'X' no es un asiento (los asientos son E, S, W, N), p. ej. "
                       f"{example}"),
                ("en", f"not scored: {place}: seats: 'X' is not a seat (seats are E, S, W, N), e.g. {example}")):
            code, _, err = run(command, str(game), "--lang", lang)
            assert code == 1 and err.splitlines()[0] == f"mjscore: {line}", err
    out_file = tmp_path / "out.txt"
    for lang, line in (("zh", f"未计分：{place}: seats：'X' 不是座位（座位是 E、S、W、N），例如 {example}"),
                       ("da", f"ikke talt: {place}: seats: 'X' er ikke en plads (pladserne er E, S, W, N), f.eks. "
                              f"{example}"),
                       ("en", f"not scored: {place}: seats: 'X' is not a seat (seats are E, S, W, N), e.g. {example}")):
        code, _, err = run("batch", str(game), "-o", str(out_file), "--lang", lang)
        assert code == 1 and err.splitlines()[0] == f"mjscore: {line}", err
