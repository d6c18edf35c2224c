"""A real deal at the page: how the winning tile came beyond wall or discard (the --also words the variant's
table knows), a draw, a false mah jong and one player paying for all where the variant has a rule for them.
The page sends what a deal file says (docs/cli.md) and /api/settle answers what `settle --format json` prints;
the Deal tab offers only what the chosen variant knows, and a game's deal keeps all of it."""

from __future__ import annotations

import json

import pytest

from helpers import run
from webserver import PHONE, exported, fill_hands, hand_tab, open_page, phone, request, running

from mjscore.web.app import create_app

# Every deal below: the winner's hand has four chows and a pair of Red dragons; the others hold a single tile.
WINNING = "123m 456m 789p 234s RR"


def variants(base: str) -> dict:
    status, got = request(base + "/api/variants")
    assert status == 200
    return {v["variant"]: v for v in got["variants"]}


def test_each_variant_offers_the_circumstances_and_rules_its_table_has(base):
    got = variants(base)
    # the Spanish table: the last tile of the live wall (page 2 §6: "Conseguir Mah Jongg a partir de la última
    # ficha de la muralla viva: 10 puntos"), and Babcock's hands from heaven and earth (Rules for Mah-Jongg (1923));
    # nothing for a false mah jong nor for one player paying for all (neither page names them)
    spanish = got["spanish"]
    assert list(spanish["also"]) == ["last-wall-tile", "heaven", "earth"]
    assert "last tile of the live wall" in spanish["also"]["last-wall-tile"]
    assert (spanish["false_mahjong"], spanish["pays_for_all"], spanish["players"]) == (False, False, [4])
    # the Hungarian rulebook (Hergár, 1925) names only the hand "from the sky" among these circumstances
    assert list(got["hungarian"]["also"]) == ["heaven"]
    # DMJL as Kajongg scores it: a false declaration is fined (Penalties), a discarder may pay for all
    # ("Dangerous Game", Winner Rules), and East's ninth win in a row is a limit hand (Winner Rules)
    dmjl = got["dmjl"]
    assert (dmjl["false_mahjong"], dmjl["pays_for_all"]) == (True, True)
    assert {"last-discard", "kong-on-kong", "original-call", "east-nine-in-a-row"} <= set(dmjl["also"])
    # the Danish "Mah Jong Regler" is played by three or four
    assert got["danish"]["players"] == [3, 4] and got["danish"]["false_mahjong"] is True


DEALS = [
    # Spanish, page 2 §6: mah jong 20 + pair of dragons 2 + self-drawn ("una ficha no descartada") 2 + the last
    # tile of the live wall 10 = 34, no doubles. East pays double (Babcock (1923) ch. VI): 68 + 34 + 34 = 136.
    ({"variant": "spanish", "hands": {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "winner": "S",
      "win": {"tile": "1m", "from": "wall", "discarder": None, "also": ["last-wall-tile"]}},
     {"E": -68, "S": 136, "W": -34, "N": -34}),
    # Spanish, a draw: "no puntúa" (page 1 §5): nothing is paid
    ({"variant": "spanish", "hands": {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "winner": None},
     {"E": 0, "S": 0, "W": 0, "N": 0}),
    # DMJL (Kajongg), Penalties "False Declaration of Mah Jongg by One Player": points=-300, payees=3: North pays
    # 300 / 3 = 100 to each of the three others, East not doubled
    ({"variant": "dmjl", "hands": {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "winner": None,
      "false_mahjong": "N"},
     {"E": 100, "S": 100, "W": 100, "N": -300}),
    # DMJL (Kajongg): Standard Mah Jongg 20 + Pair of Dragons 2 = 22 (Meld Rules, Mah Jongg Rules; 1m is not the
    # only tile that completes 23m 456m, so no Winner Rules points). "Dangerous Game" (Winner Rules): West pays
    # for all, what the three would have paid, East double: 22 x 2 + 22 + 22 = 88
    ({"variant": "dmjl", "hands": {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "winner": "S",
      "win": {"tile": "1m", "from": "discard", "discarder": "W", "also": []}, "pays_for_all": "W"},
     {"E": 0, "S": 88, "W": -88, "N": 0}),
    # Danish, three players ("dog er det muligt at spille med kun 3", Mah Jong Regler, "Hvor mange deltagere?"),
    # West's chair empty: mah jong 20 + pair of dragons 2 = 22, rounded up to 30 (the classical numbers the
    # danish table fills in, marked assumed); East pays double ("Hvordan afsluttes spillet?" ¶3): 60, North 30
    ({"variant": "danish", "hands": {"E": "1p", "S": WINNING, "N": "3p"}, "winner": "S",
      "win": {"tile": "1m", "from": "discard", "discarder": "N"}},
     {"E": -60, "S": 90, "N": -30}),
]


@pytest.mark.parametrize("deal, net", DEALS)
def test_settle_with_circumstances_draws_and_penalties_is_the_cli_json(base, tmp_path, deal, net):
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps(deal))  # JSON is YAML
    code, out, err = run("settle", str(path), "--format", "json")
    assert code == 0, err
    status, got = request(base + "/api/settle", deal)
    assert status == 200
    assert got == json.loads(out)
    assert got["net"] == net


@pytest.mark.parametrize("deal, words", [
    ({"variant": "spanish", "hands": {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "winner": None,
      "pays_for_all": "W"}, "pays_for_all needs a winner"),
    ({"variant": "spanish", "hands": {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "winner": "S",
      "win": {"tile": "1m", "from": "discard", "discarder": "W"}, "pays_for_all": "W"},
     "spanish has no rule for one player paying for all"),
    ({"variant": "dmjl", "hands": {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "winner": "S",
      "false_mahjong": "N", "win": {"tile": "1m"}}, "a winner or a false mah jong, not both"),
    ({"variant": "spanish", "hands": {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "winner": "S",
      "win": {"tile": "1m", "also": ["sunshine"]}}, "'sunshine' is not a known circumstance"),
])
def test_a_deal_the_cli_refuses_is_400_with_its_message(base, tmp_path, deal, words):
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps(deal))
    code, _, err = run("settle", str(path))
    assert code == 2
    status, got = request(base + "/api/settle", deal)
    assert status == 400 and words in got["error"]
    assert got["error"] == err.splitlines()[0].removeprefix("mjscore: error: ").replace(str(path), "deal")


# --- the Deal tab ----------------------------------------------------------------------------------


def open_deal_tab(page, base: str, variant: str) -> list[str]:
    errors = open_page(page, base)
    page.select_option("#variant", variant)
    page.click("nav [data-tab=deal]")
    for seat, hand in zip("ESWN", ["1p", WINNING, "2p", "3p"]):
        page.click(f"#deal-seat [data-value={seat}]")
        page.fill(f"#deal-editor-{seat} .notation input", hand)
    return errors


def expect_nets(page, want: dict[str, str]) -> None:
    """Each seat's net as the settlement shows it, waiting for the answer (a settle is a request)."""
    expect = pytest.importorskip("playwright.sync_api").expect
    for seat, net in want.items():
        expect(page.locator(f"#settlement [data-seat={seat}]")).to_have_text(net)


def test_the_deal_tab_offers_what_the_variant_knows_and_settles_it(base, browser):
    expect = pytest.importorskip("playwright.sync_api").expect
    with phone(browser) as page:
        errors = open_deal_tab(page, base, "spanish")
        # Spanish: three circumstances, no false mah jong, nobody pays for all (as /api/variants says above)
        words = page.locator("#deal-also input[type=checkbox]")
        assert [words.nth(i).get_attribute("value") for i in range(words.count())] == [
            "last-wall-tile", "heaven", "earth"]
        expect(page.locator("#deal-false-row")).to_be_hidden()
        expect(page.locator("#deal-pays-row")).to_be_hidden()
        # South wins with the last tile of the live wall, self-drawn: 34, East pays 68 (the first deal of DEALS)
        page.click("#deal-winner [data-value=S]")
        page.click("#deal-editor-S .winrow [data-tile='1m']")
        page.click("#deal-from [data-value=wall]")
        page.click("#deal-also-box summary")
        page.check("#deal-also input[value=last-wall-tile]")
        page.click("#settle")
        expect_nets(page, {"E": "-68", "S": "+136", "W": "-34", "N": "-34"})
        # a draw: "no puntúa" (page 1 §5)
        page.click("#deal-winner [data-value='-']")
        page.click("#settle")
        expect(page.locator("#settlement .head")).to_have_text("spanish, round E: a draw")
        expect_nets(page, {"E": "0", "S": "0", "W": "0", "N": "0"})

        # DMJL: a false mah jong by North, 100 to each other player (Kajongg, Penalties)
        page.select_option("#variant", "dmjl")
        expect(page.locator("#deal-false-row")).to_be_visible()
        assert page.locator("#deal-also input[value=kong-on-kong]").count() == 1
        page.click("#deal-false [data-value=N]")
        page.click("#settle")
        expect(page.locator("#settlement .head")).to_have_text("dmjl, round E: false mah jong by North")
        expect_nets(page, {"E": "+100", "S": "+100", "W": "+100", "N": "-300"})
        # South wins on West's discard and West pays for all: 22 x 4 = 88 (Kajongg, "Dangerous Game");
        # choosing a winner clears the false mah jong, a winner and a false mah jong exclude each other
        page.click("#deal-winner [data-value=S]")
        expect(page.locator("#deal-false [data-value='-']")).to_have_class("on")
        expect(page.locator("#seatcard-S .win-text")).to_have_text("won on 1m")  # still marked from before
        page.click("#deal-from [data-value=discard]")
        page.uncheck("#deal-also input[value=last-wall-tile]")
        page.click("#deal-discarder [data-value=W]")
        page.click("#deal-pays [data-value=W]")
        page.click("#settle")
        expect_nets(page, {"E": "0", "S": "+88", "W": "-88", "N": "0"})
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []


def test_the_deal_tab_settles_a_deal_of_three_where_the_variant_allows_it(base, browser):
    expect = pytest.importorskip("playwright.sync_api").expect
    with phone(browser) as page:
        errors = open_deal_tab(page, base, "spanish")
        expect(page.locator("#deal-chair-row")).to_be_hidden()  # the Spanish rulebook: "Jugadores: cuatro"
        page.select_option("#variant", "danish")
        page.click("#deal-winner [data-value=W]")
        page.click("#deal-chair [data-value=W]")
        expect(page.locator("#seatcard-W")).to_be_hidden()
        expect(page.locator("#deal-winner [data-value='-']")).to_have_class("on")  # nobody wins from an empty chair
        expect(page.locator("#deal-winner [data-value=W]")).to_be_hidden()
        page.click("#deal-winner [data-value=S]")
        page.click("#deal-editor-S .winrow [data-tile='1m']")
        page.click("#deal-discarder [data-value=N]")
        page.click("#settle")
        # as the last deal of DEALS: 22 rounded up to 30; East pays 60, North 30
        expect_nets(page, {"E": "-60", "S": "+90", "N": "-30"})
        expect(page.locator("#settlement [data-seat=W]")).to_have_count(0)
        page.click("#deal-chair [data-value='-']")
        expect(page.locator("#seatcard-W")).to_be_visible()
        assert errors == []


def test_the_hand_tab_offers_only_the_variants_circumstances(base, browser):
    with phone(browser) as page:
        open_page(page, base)
        page.select_option("#variant", "hungarian")
        assert page.locator("#also input[type=checkbox]").evaluate_all("bs => bs.map(b => b.value)") == ["heaven"]
        hand_tab(page, "spanish", WINNING, "1m")
        page.click("details.also summary")
        page.click("#from [data-value=wall]")
        page.check("#also input[value=last-wall-tile]")
        # Spanish, page 2 §6: 20 + pair of dragons 2 + self-drawn 2 + last tile of the live wall 10 = 34
        pytest.importorskip("playwright.sync_api").expect(page.locator("#value")).to_have_text("34")
        # East's hand from heaven: the limit, 300 (Babcock, Rules for Mah-Jongg (1923), ch. VII; the limit hands
        # the Spanish table takes from Babcock); South cannot have it, refused in the words of `score`
        page.uncheck("#also input[value=last-wall-tile]")
        page.check("#also input[value=heaven]")
        pytest.importorskip("playwright.sync_api").expect(page.locator("#value")).to_have_text("300")
        page.click("#seat [data-value=S]")
        pytest.importorskip("playwright.sync_api").expect(page.locator("#result .error p").first).to_have_text(
            "--also heaven is East's win on the dealt tiles; --seat S cannot have it (leave out --also heaven)")


def test_a_games_deal_keeps_false_mahjong_pays_for_all_and_circumstances_by_name(browser, tmp_path):
    import yaml

    from mjscore.web.store import Store

    expect = pytest.importorskip("playwright.sync_api").expect
    with running(create_app(Store(tmp_path / "games.sqlite3"))) as url, phone(browser) as page:
        errors = open_page(page, url)
        page.select_option("#variant", "dmjl")
        page.click("nav [data-tab=game]")
        for i, name in enumerate(["Ana", "Bruno", "Carmen", "Diego"]):
            page.fill(f"#new-game [name=p{i}]", name)
        page.click("#new-game button[type=submit]")
        # deal 1: Diego (North) declares a false mah jong: 100 to each other player (Kajongg DMJL, Penalties)
        page.click("#next-deal")
        fill_hands(page, dict(zip("ESWN", ["1p", WINNING, "2p", "3p"])))
        # in a game, East's ninth win in a row is the game's to count (batch derives it), not offered
        assert page.locator("#deal-also input[value=east-nine-in-a-row]").count() == 0
        page.click("#deal-false [data-value=N]")
        page.click("#save-deal")
        expect(page.locator("#game [data-total=Diego]")).to_have_text("-300")
        # deal 2: East passes to Bruno after a false mah jong (east_keeps_deal_on_false_mahjong: false, assumed
        # in the table): E Bruno, S Carmen, W Diego, N Ana. Carmen (South) wins on Diego's discard, the last
        # discard of the deal (--also last-discard), and Diego pays for all. Kajongg: Standard Mah Jongg 20 +
        # Pair of Dragons 2 = 22; Last Tile is Last Tile of Wall Discarded, 1 double: 44; Diego pays what the
        # three would have paid, East double: 44 x 2 + 44 + 44 = 176 ("Dangerous Game", Winner Rules)
        page.click("#next-deal")
        fill_hands(page, dict(zip("ESWN", ["1p", WINNING, "2p", "3p"])))
        page.click("#deal-winner [data-value=S]")
        page.click("#deal-editor-S .winrow [data-tile='1m']")
        page.click("#deal-discarder [data-value=W]")
        page.click("#deal-also-box summary")
        page.check("#deal-also input[value=last-discard]")
        page.click("#deal-pays [data-value=W]")
        page.click("#save-deal")
        # totals: Ana 100, Bruno 100, Carmen 100 + 176 = 276, Diego -300 - 176 = -476
        expect(page.locator("#game [data-total=Carmen]")).to_have_text("276")
        expect(page.locator("#game [data-total=Diego]")).to_have_text("-476")
        text = exported(page)
        deals = yaml.safe_load(text)["deals"]
        assert deals[0]["false_mahjong"] == "Diego" and deals[0]["winner"] is None
        assert deals[1]["pays_for_all"] == "Diego" and deals[1]["winner"] == "Carmen"
        assert deals[1]["win"] == {"tile": "1m", "from": "discard", "discarder": "Diego", "also": ["last-discard"]}
        # correcting deal 2 shows what was saved
        page.click("#game [aria-label='correct deal 2']")
        expect(page.locator("#deal-pays [data-value=W]")).to_have_class("on")
        expect(page.locator("#deal-also input[value=last-discard]")).to_be_checked()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []
