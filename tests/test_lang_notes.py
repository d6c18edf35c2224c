"""--lang says the scorer's own notes (a long hand, a partial hand, a kong not declared, an item excluded...) in
the four seed languages, as it says the other fixed words: each note is made of message keys (issue 31).

The hands and their numbers:
- `11123456789999m` + 1m: 15 tiles, one more than a winning hand's 14, so a long hand (the Basque rulebook,
  rule 63: "Fitxa gehiegi duen eskua esku luzea da"); its four 1m and four 9m are written as concealed tiles,
  not as declared kongs, so each is noted.
- `EEE 111p` under basque: 6 tiles, a partial hand (a whole one has 13 before the winning tile); the two
  "clean hand" rows of Table 3 (one suit and honours; terminals and honours) read every tile, so they are not
  scored; the Basque rulebook names them (tables/basque.yaml `names:`).
- MCR `123m 456m 789m 123p 11s` won on 1s: All Chows implies No Honors (MCR's non-repeat principle), so No
  Honors is noted as not counted.
"""

from __future__ import annotations

import pickle
import re

import pytest

from helpers import ROOT, run
from mjscore.messages import CATALOGUED, M, Words, read_catalogue

LONG = ["score", "11123456789999m 1m", "--variant", "basque"]

LONG_NOTES = {
    "en": ["note: long hand: 15 tiles (a kong counts 3), a winning hand has 14",
           "note: four equal concealed tiles 1111m are not a kong until it is declared: write {1111m} for a "
           "concealed kong or [1111m] for an exposed one"],
    "eu": ["oharra: esku luzea: 15 fitxa (laukote batek 3 balio ditu), esku irabazleak 14 ditu",
           "oharra: lau fitxa berdin ezkutuak 1111m ez dira laukote iragarri arte: idatzi {1111m} laukote ezkutu "
           "baterako edo [1111m] ageriko baterako"],
    "hu": ["megjegyzés: hosszú kéz: 15 kő (a Kong csak 3-nak számít), a nyerő kézben 14 van",
           "megjegyzés: négy azonos rejtett kő 1111m nem Kong, amíg ki nem teszik: írd {1111m} rejtett Konghoz vagy "
           "[1111m] kitett Konghoz"],
    "es": ["nota: mano larga: 15 fichas (un kong cuenta 3), una mano ganadora tiene 14",
           "nota: cuatro fichas iguales ocultas 1111m no son un kong hasta que se declara: escribe {1111m} para un "
           "kong oculto o [1111m] para uno expuesto"],
    "da": ["bemærk: lang hånd: 15 brikker (en Kong tæller 3), en vindende hånd har 14",
           "bemærk: fire ens skjulte brikker 1111m er ikke en Kong, før den er meldt: skriv {1111m} for en skjult "
           "Kong eller [1111m] for en åben Kong"],
}


@pytest.mark.parametrize("lang", sorted(LONG_NOTES))
def test_the_long_hand_notes_in_each_language(lang):
    code, out, err = run(*LONG, *(["--lang", lang] if lang != "en" else []))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[-3:-1] == LONG_NOTES[lang]
    assert lines[-1] == LONG_NOTES[lang][1].replace("1111m", "9999m")


def test_a_partial_hand_names_the_rules_as_the_rulebook_does():
    # the rule names in the note are the items' names in the rulebook's language; Basque names hold commas,
    # so its catalogue parts them with "; "
    assert run("score", "EEE 111p", "--variant", "basque")[1].splitlines()[-1] == (
        "note: a partial hand (6 tiles; a whole one has 13): clean hand: one suit and honours, clean hand: "
        "terminals and honours not scored, as only the whole hand can show it")
    assert run("score", "EEE 111p", "--variant", "basque", "--lang", "eu")[1].splitlines()[-1] == (
        "oharra: esku partziala (6 fitxa; osoak 13 ditu): Esku garbia, Serie bat eta ohoreak; Esku garbia, "
        "Muturrak eta ohoreak ez da zenbatzen, esku osoak bakarrik erakuts dezakeelako")


def test_an_excluded_item_in_danish_and_english():
    hand = ["score", "123m 456m 789m 123p 11s", "--variant", "mcr", "--win", "1s", "--explain"]
    assert "\n  No Honors not counted: implied by All Chows (non-repeat principle)\n" in run(*hand)[1]
    assert ("\n  No Honors tælles ikke: indeholdt i All Chows (princippet om ingen gentagelse)\n"
            in run(*hand, "--lang", "da")[1])


def test_json_notes_stay_english():
    import json

    out = json.loads(run(*LONG, "--lang", "hu", "--format", "json")[1])
    assert out["notes"][0] == LONG_NOTES["en"][0].removeprefix("note: ")


def test_a_note_keeps_its_words_through_pickling():
    # batch --jobs sends scores between processes: a note must still be said in the catalogue's words
    import mjscore

    note = mjscore.score("11123456789999m 1m", "basque", win="1m").notes[0]
    again = pickle.loads(pickle.dumps(note))
    assert (again, again.kind) == (note, note.kind)
    assert Words("es").again(again) == LONG_NOTES["es"][0].removeprefix("nota: ")


NOTE_KEYS = [k for k in M if k.name.startswith("NOTE_")] + [M.NO_WIN_NOTE, M.V_NON_WINNING]


@pytest.mark.parametrize("lang", CATALOGUED)
def test_every_note_key_is_in_every_catalogue(lang):
    texts = read_catalogue(lang)["messages"]
    assert len(NOTE_KEYS) >= 13
    for key in NOTE_KEYS:
        assert key.name.lower() in texts, key
        assert texts[key.name.lower()] != key.english or key is M.NOTE_RULES_SEP, key  # (a separator may be alike)


def test_no_note_is_made_of_english_text():
    # every Note the scorer makes, and every note of a deal, is built from a message key (said(M...)), never
    # from an English literal
    found = []
    for path in sorted((ROOT / "mjscore").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {m}" for m in re.findall(r"Note\(NoteKind\.\w+,\s*f?[\"'][^\"']*", text)]
        if path.parent.name == "play":  # a deal's notes (settle.py, riichi.py): each a said(M...) too
            found += [f"{path.name}: {m}" for m in re.findall(r"notes\.append\(\(?f?[\"'][^\"']*", text)]
    assert found == []


# --- variants riichi: its value step in the language ------------------------------------------------------

def final_value_paragraph(out: str, head: str) -> str:
    """The `final value:` paragraph of `variants NAME`, unwrapped to one line."""
    text = out.split("\n" + head + " ", 1)[1].split("\n\n", 1)[0]
    return " ".join(text.split())


RIICHI_STEP = {
    # tables/riichi.yaml han_fu: points_round_up 10, points_exact [seven_pairs], 2 extra doubles (base points
    # fu x 2^(han + 2)), the limit mangan, kiriage mangan from 1920 with kiriage=true, its tiers, yakuman added up
    # to 24 x the limit; at most 4 x the limit (one yakuman) with yakuman_cap=one (EMA RCR 2016: the maximum
    # score is a single yakuman), the table's name for it ("yakuman, one at most") as it stands
    "en": ("final value:", "base points: points rounded up to 10 (not for seven_pairs) x 2^(doubles + 2), at most the "
           "limit (mangan); from 1920 kiriage mangan (with kiriage=true); 6 doubles haneman 3000, 8 doubles baiman "
           "4000, 11 doubles sanbaiman 6000, 13 doubles counted yakuman 8000 (with kazoe=yakuman); limit hands add "
           "up to 24 x the limit; at most 4 x the limit, yakuman, one at most (with yakuman_cap=one)"),
    "eu": ("azken balioa:", "oinarrizko puntuak: puntuak gorantz biribilduta 10-ren multiplora (seven_pairs salbu) x "
           "2^(bikoitzak + 2), gehienez muga (mangan); 1920-tik aurrera kiriage mangan (kiriage=true denean); 6 "
           "bikoitz haneman 3000, 8 bikoitz baiman 4000, 11 bikoitz sanbaiman 6000, 13 bikoitz counted yakuman "
           "8000 (kazoe=yakuman denean); muga-eskuak batu egiten dira, mugaren 24 aldiz arte; gehienez mugaren 4 aldiz, yakuman, one at "
           "most (yakuman_cap=one denean)"),
    "hu": ("végső érték:", "alappont: pont felfelé kerekítve 10 többszörösére (kivéve: seven_pairs) x 2^(duplázás + "
           "2), legfeljebb a limit (mangan); 1920 alapponttól kiriage mangan (kiriage=true esetén); 6 duplázás "
           "haneman 3000, 8 duplázás baiman 4000, 11 duplázás sanbaiman 6000, 13 duplázás counted yakuman 8000 "
           "(kazoe=yakuman esetén); a limit-játékok összeadódnak, legfeljebb a limit 24-szereséig; "
           "legfeljebb a limit 4-szerese, yakuman, one at most (yakuman_cap=one esetén)"),
    "es": ("valor final:", "puntos de base: puntos redondeados hacia arriba a un múltiplo de 10 (salvo seven_pairs) x "
           "2^(dobles + 2), como mucho el límite (mangan); desde 1920, kiriage mangan (con kiriage=true); 6 dobles "
           "haneman 3000, 8 dobles baiman 4000, 11 dobles sanbaiman 6000, 13 dobles counted yakuman 8000 (con "
           "kazoe=yakuman); las manos límite se suman hasta 24 x el límite; como máximo 4 x el "
           "límite, yakuman, one at most (con yakuman_cap=one)"),
    "da": ("endelige værdi:", "grundlæggende værdi: point rundet op til et multiplum af 10 (ikke for seven_pairs) x "
           "2^(doblinger + 2), højst grænsen (mangan); fra 1920 kiriage mangan (med kiriage=true); 6 doblinger "
           "haneman 3000, 8 doblinger baiman 4000, 11 doblinger sanbaiman 6000, 13 doblinger counted yakuman 8000 "
           "(med kazoe=yakuman); afgrænsede hænder lægges sammen op til 24 x grænsen; højst 4 x grænsen, "
           "yakuman, one at most (med yakuman_cap=one)"),
}


@pytest.mark.parametrize("lang", sorted(RIICHI_STEP))
def test_riichis_value_step_in_each_language(lang):
    code, out, err = run("variants", "riichi", *(["--lang", lang] if lang != "en" else []))
    assert code == 0, err
    head, text = RIICHI_STEP[lang]
    assert final_value_paragraph(out, head) == text


# --- riichi's payments and a deal's notes (play/riichi.py) ---------------------------------------------------

RIICHI_DRAW = {
    # Tenhou's rules (tables/riichi.yaml): an exhaustive draw, Bo (South) alone waiting, Bo's riichi declared:
    # tenpai payments 3000 shared by the three not waiting, 3000 / 3 = 1000 each; Bo's stick, put down on the table
    # when declared (issue 41: the table's pot), stays there for the next winner
    "en": ("  Ann pays Bo 1000 (draw: East not waiting pays South waiting (3000 shared))",
           "  note: draw: the riichi stick of South stays on the table: the next winner takes it"),
    "eu": ("  Ann jokalariak Bo jokalariari 1000 ordaintzen dio (berdinketa: zain ez dagoen Ekia jokalariak zain "
           "dagoen Hegoa jokalariari ordaintzen dio (3000 banatuta))",
           "  oharra: berdinketa: Hegoa jokalariaren riichi makila mahai gainean geratzen da: hurrengo irabazleak "
           "hartuko du"),
    "hu": ("  Ann fizet, Bo kap: 1000 (döntetlen: a nem váró Kelet fizet a váró Dél játékosnak (3000 elosztva))",
           "  megjegyzés: döntetlen: Dél riichi-pálcája az asztalon marad: a következő győztes viszi el"),
    "es": ("  Ann paga a Bo 1000 (empate: Este, que no espera, paga a Sur, que espera (3000 repartidos))",
           "  nota: empate: el palillo de riichi de Sur queda en la mesa: el siguiente ganador lo toma"),
    "da": ("  Ann betaler Bo 1000 (uafgjort spil: Øst, der ikke venter, betaler Syd, der venter (3000 delt))",
           "  bemærk: uafgjort spil: riichi-pinden fra Syd bliver på bordet: den næste vinder tager den"),
}


@pytest.mark.parametrize("lang", sorted(RIICHI_DRAW))
def test_a_riichi_draws_payment_and_note_in_each_language(lang, tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("variant: riichi\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    "  - hands: {Ann: '', Bo: '', Cy: '', Di: ''}\n    tenpai: [Bo]\n    riichi: [Bo]\n", encoding="utf-8")
    code, out, err = run("batch", str(path), *(["--lang", lang] if lang != "en" else []))
    assert code == 0, err
    lines = out.splitlines()
    paid, note = RIICHI_DRAW[lang]
    assert paid in lines and note in lines
