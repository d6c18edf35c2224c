"""The issue's "done when": at a table of four, with one laptop and four phones, a whole game is scored and
settled from the phones and exported to a file that `mjscore batch` accepts with the same totals.

One server (the laptop), four browser contexts at 360 px (four phones: their own storage and cookies). The
players' names are entered on one phone, the deals on all four: a win on a discard, a self-drawn win, a
draw, a win on the last tile of the wall; one deal corrected from another phone, one misclick undone. The
sheet is checked on a phone after a reload, the game exported from another and scored by `mjscore batch`.

The variant is spanish: the Spanish rulebook (page 1 §5: 2,000 points each at the start, East keeps the deal
while winning or after a draw, the disc passes to the right otherwise, a game is a round until each has been
East; page 2 §6: the points), with Babcock, Rules for Mah-Jongg (1923) for who pays whom (ch. I: the winner
is paid by the three losers, who pay each other their differences; ch. VI: East pays and is paid double).
"""

from __future__ import annotations

import contextlib

import pytest

from webserver import (PHONE, batch_game, expect_totals, exported, fill_hands, next_deal, open_page, phones_at_a_table,
                       start_game, undo)

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

PLAYERS = ["Ana", "Bruno", "Carmen", "Diego"]
# Four chows and a pair of Red dragons: a pair of dragons 2 (page 2 §6, "Pareja de Dragones") + mah jong 20
# = 22 on a discard; chows are worth nothing (page 1 §4); three suits, so no doubles. Won on 1m, which is not
# the only tile that completes 23m 456m (4m does too). The other hands of a deal hold one or a few tiles, of
# two suits where they score (a hand of one suit doubles three times, page 2 §6, losers' hands too).
WINNING = "123m 456m 789p 234s RR"
GAME = "Friday at Ana's"


def win(page, winner: str, tile: str, source: str, discarder: str | None = None, also: tuple = ()) -> None:
    page.click(f"#deal-winner [data-value={winner}]")
    page.click(f"#deal-editor-{winner} .winrow [data-tile='{tile}']")
    page.click(f"#deal-from [data-value={source}]")
    if source in ("wall", "loose"):  # no discarder: the row is not offered, and says none
        expect(page.locator("#deal-discarder-row")).to_be_hidden()
    else:
        page.click(f"#deal-discarder [data-value='{discarder or '-'}']")
    if also:
        page.click("#deal-also-box summary")
        for word in also:
            page.check(f"#deal-also input[value={word}]")


def seats_shown(page, line: str) -> None:
    expect(page.locator("#game .next")).to_have_text(line)


@pytest.mark.whole_games  # a whole game replayed on the page: run by .ci/run after the README's command
def test_four_phones_score_a_whole_game_that_batch_scores_alike(tmp_path, browser):
    with contextlib.ExitStack() as stack:
        url, (ana, bruno, carmen, diego) = phones_at_a_table(stack, tmp_path, 4, browser)
        errors = start_game([ana, bruno, carmen, diego], url, GAME, variant="spanish", players=PLAYERS)
        seats_shown(diego, "Next deal: round E; E Ana, S Bruno, W Carmen, N Diego")

        # Deal 1, on Ana's phone, entered wrongly: Ana (East) wins on Diego's discard, 22. East is paid double:
        # 22 x 2 x 3 = 132. Bruno's exposed pung of simples [555p] scores 2 (page 2 §6; with 1m, not of one
        # suit), Carmen and Diego 0:
        # each pays Bruno the difference, 2. Ana 2000 + 132 = 2132, Bruno 2000 - 44 + 4 = 1960,
        # Carmen = Diego = 2000 - 44 - 2 = 1954.
        next_deal(ana)
        fill_hands(ana, {"E": WINNING, "S": "[555p] 1m", "W": "9s", "N": "9m"})
        win(ana, "E", "1m", "discard", "N")
        ana.click("#save-deal")
        expect_totals(ana, {"Ana": 2132, "Bruno": 1960, "Carmen": 1954, "Diego": 1954})
        # East won: Ana keeps the deal (page 1 §5, "mientras el vigente Viento del Este no pierda")
        seats_shown(ana, "Next deal: round E; E Ana, S Bruno, W Carmen, N Diego")

        # Deal 2, on Bruno's phone, his hand tapped in: Bruno (South) wins on Diego's discard of 7s.
        # [555p] 2 + concealed pung of honours SSS 8 + mah jong 20 = 30; pung of own wind, 1 double: 60.
        # Ana's [RRR] 1p 2m: exposed pung of honours 4, pung of dragons 1 double: 8; Carmen, Diego 0.
        # Bruno is paid 60 x 2 by East Ana, 60 by Carmen, 60 by Diego: +240. Carmen and Diego pay Ana their
        # difference, 8, doubled for East: 16 each. Ana -120 + 32 = -88, Carmen = Diego = -60 - 16 = -76.
        next_deal(bruno)
        expect(bruno.locator("#seatcard-S input")).to_have_value("Bruno")
        fill_hands(bruno, {"E": "[RRR] 1p 2m", "W": "1p", "N": "2p"})
        bruno.click("#seatcard-S")
        bruno.click("#deal-editor-S [data-mode=exposed]")  # by sets (issue 44, docs/cli.md): [555p] one tap
        bruno.click("#deal-editor-S .picker [data-tile='5p']")
        bruno.click("#deal-editor-S [data-mode=free]")
        for tile in ("1m", "2m", "7s", "8s", "S", "N"):  # 123m, 789s, SSS, NN (the pair after four sets)
            bruno.click(f"#deal-editor-S .picker [data-tile='{tile}']")
        expect(bruno.locator("#deal-editor-S .notation input")).to_have_value("[555p] 123m 789s SSS NN")
        win(bruno, "S", "7s", "discard", "N")
        bruno.click("#save-deal")
        # Ana 2132 - 88 = 2044, Bruno 1960 + 240 = 2200, Carmen = Diego = 1954 - 76 = 1878
        expect_totals(bruno, {"Ana": 2044, "Bruno": 2200, "Carmen": 1878, "Diego": 1878})
        # East lost: the disc passes to the right, to Bruno (page 1 §5)
        seats_shown(bruno, "Next deal: round E; E Bruno, S Carmen, W Diego, N Ana")

        # Carmen's phone corrects deal 1: Ana drew her winning tile from the wall. Self-drawn 2 more
        # ("Terminar el juego con una ficha no descartada: 2 puntos", page 2 §6): 24, x 2 x 3 = 144.
        # After deal 1: Ana 2144, Bruno 2000 - 48 + 4 = 1956, Carmen = Diego = 2000 - 48 - 2 = 1950;
        # after deal 2: Ana 2056, Bruno 2196, Carmen = Diego = 1874.
        carmen.click("nav [data-tab=game]")
        carmen.click("#game [aria-label='correct deal 1']")
        expect(carmen.locator("#deal-editor-E .notation input")).to_have_value(WINNING)
        carmen.click("#deal-from [data-value=wall]")
        expect(carmen.locator("#deal-discarder-row")).to_be_hidden()  # a win from the wall: no discarder
        carmen.click("#save-deal")
        expect_totals(carmen, {"Ana": 2056, "Bruno": 2196, "Carmen": 1874, "Diego": 1874})

        # Deal 3, on Carmen's phone: a draw, which "no puntúa" (page 1 §5): nothing moves, and the same
        # East deals again ("El mismo jugador continúa como Viento del Este")
        next_deal(carmen)
        fill_hands(carmen, {"E": "1m", "S": "2m", "W": "3m", "N": "4m"})
        carmen.click("#deal-winner [data-value='-']")
        carmen.click("#save-deal")
        seats_shown(carmen, "Next deal: round E; E Bruno, S Carmen, W Diego, N Ana")
        expect_totals(carmen, {"Ana": 2056, "Bruno": 2196, "Carmen": 1874, "Diego": 1874})

        # Deal 4, on Diego's phone, first with a misclick: Carmen's win saved as on a discard, 22: Bruno (East)
        # pays 44, Diego and Ana 22 each: Carmen 1874 + 88 = 1962. Undone at once.
        diego.click("nav [data-tab=game]")
        next_deal(diego)
        fill_hands(diego, {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"})
        win(diego, "S", "1m", "discard")
        diego.click("#save-deal")
        expect_totals(diego, {"Carmen": 1962})
        undo(diego)
        expect_totals(diego, {"Ana": 2056, "Bruno": 2196, "Carmen": 1874, "Diego": 1874})
        expect(diego.locator("#game tr[data-deal]")).to_have_count(3)
        # ... and entered again as it was: Carmen drew the last tile of the live wall. 20 + 2 + self-drawn 2 +
        # "Conseguir Mah Jongg a partir de la última ficha de la muralla viva: 10 puntos" (page 2 §6) = 34.
        # Bruno (East) pays 68, Diego and Ana 34 each: Ana 2022, Bruno 2128, Carmen 2010, Diego 1840.
        next_deal(diego)
        fill_hands(diego, {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"})
        win(diego, "S", "1m", "wall", also=("last-wall-tile",))
        diego.click("#save-deal")
        expect_totals(diego, {"Ana": 2022, "Bruno": 2128, "Carmen": 2010, "Diego": 1840})
        seats_shown(diego, "Next deal: round E; E Carmen, S Diego, W Ana, N Bruno")

        # Deal 5, on Ana's phone, whose sheet was last drawn after deal 1: the next deal's seats are the
        # laptop's now. Diego (South) wins on Ana's discard, 22: Carmen (East) pays 44, Ana and Bruno 22:
        # Ana 2000, Bruno 2106, Carmen 1966, Diego 1928.
        next_deal(ana)
        expect(ana.locator("#seatcard-E input")).to_have_value("Carmen")
        fill_hands(ana, {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"})
        win(ana, "S", "1m", "discard", "W")
        ana.click("#save-deal")
        expect_totals(ana, {"Ana": 2000, "Bruno": 2106, "Carmen": 1966, "Diego": 1928})
        seats_shown(ana, "Next deal: round E; E Diego, S Ana, W Bruno, N Carmen")

        # Deal 6, on Bruno's phone: Ana (South) wins on Bruno's discard, 22: Diego (East) pays 44, Bruno and
        # Carmen 22: Ana 2088, Bruno 2084, Carmen 1944, Diego 1884. Diego, the last to be East, lost: each
        # has been East, so the game is over (page 1 §5: "hasta que cada uno ha sido Viento del Este").
        next_deal(bruno)
        fill_hands(bruno, {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"})
        win(bruno, "S", "1m", "discard", "W")
        bruno.click("#save-deal")
        final = {"Ana": 2088, "Bruno": 2084, "Carmen": 1944, "Diego": 1884}
        assert sum(final.values()) == 4 * 2000
        expect_totals(bruno, final)
        seats_shown(bruno, "The game is over (a further deal starts a new game).")

        # Carmen's phone, reloaded: the game and its sheet as the laptop keeps them
        carmen.reload()
        carmen.wait_for_selector("body[data-ready='1']")
        expect_totals(carmen, final)
        rows = carmen.locator("#game tr[data-deal]")
        expect(rows).to_have_count(6)
        expect(rows.nth(0)).to_contain_text("self-drawn")
        expect(rows.nth(1)).to_contain_text("discard by Diego")
        expect(rows.nth(2)).to_contain_text("draw")
        assert carmen.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # Diego's phone exports the game; `mjscore batch` scores the file with the same totals
        path = tmp_path / "friday.yaml"
        path.write_text(exported(diego), encoding="utf-8")
        game = batch_game(path)
        assert game["totals"] == final
        assert game["summary"] == {"read": 6, "scored": 6, "rejected": 0}
        shown = {name: int(carmen.inner_text(f"#game [data-total={name}]")) for name in PLAYERS}
        assert shown == game["totals"]
        for p in (ana, bruno, carmen, diego):
            assert p.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []


def test_a_table_of_three_plays_a_danish_game(tmp_path, browser):
    """Mah Jong Regler, "Hvor mange deltagere?": "dog er det muligt at spille med kun 3" (three can play).
    The Danish text's tables are missing; the danish table fills them from the classical tables (Millington /
    BMJA), marked assumed there: mah jong 20, a pair of dragons 2, the winning tile from the wall 2, the final
    value rounded up to the next 10. Payments are the text's ("Hvordan afsluttes spillet?" ¶3, ¶4)."""
    with contextlib.ExitStack() as stack:
        url, (page,) = phones_at_a_table(stack, tmp_path, 1, browser)
        errors = open_page(page, url)
        page.select_option("#variant", "danish")
        page.click("nav [data-tab=game]")
        page.fill("#new-game [name=gname]", "Friday at Ana's")
        for i, name in enumerate(PLAYERS[:3]):  # North's name left empty: three players
            page.fill(f"#new-game [name=p{i}]", name)
        page.click("#new-game button[type=submit]")
        expect(page.locator("#game .gamename")).to_have_text("Friday at Ana's")
        expect(page.locator("#game table.sheet thead th.num")).to_have_count(3)
        # one chair stays empty (West's at the start, the danish table's reading): three seats are filled
        assert page.inner_text("#game .next").startswith("Next deal: round E; E Ana, ")
        assert page.inner_text("#game .next").count(",") == 2

        def enter_deal(winner: str, source: str, discarder: str | None) -> None:
            """The hands by name (the winner's four chows and a pair, the others one tile); seats as the page
            derives them: the empty chair's hand is not asked for."""
            next_deal(page)
            seat = {page.input_value(f"#seatcard-{s} input"): s for s in "ESWN"
                    if page.locator(f"#seatcard-{s}").is_visible()}
            assert sorted(seat) == sorted(PLAYERS[:3])
            (empty,) = set("ESWN") - set(seat.values())  # nobody wins, discards or pays from the empty chair
            for choice in ("deal-winner", "deal-discarder", "deal-seat"):
                expect(page.locator(f"#{choice} [data-value={empty}]")).to_be_hidden()
            fill_hands(page, {seat[n]: (WINNING if n == winner else f"{i + 1}p") for i, n in enumerate(seat)})
            win(page, seat[winner], "1m", source, seat[discarder] if discarder else None)
            page.click("#save-deal")

        # Deal 1: Bruno wins on Carmen's discard: 20 + 2 = 22, rounded up to 30. East (Ana) pays double
        # ("Øst betaler og modtager altid dobbelt", ¶3): 60; Carmen 30. Ana -60, Bruno +90, Carmen -30.
        enter_deal("Bruno", "discard", "Carmen")
        expect_totals(page, {"Ana": -60, "Bruno": 90, "Carmen": -30})
        # East lost, so East passes on to the next player, Bruno ("Hvis det er Øst, som er blevet Mah Jong,
        # forbliver spillernes benævnelse uændret": only East's mah jong keeps the seats)
        assert page.inner_text("#game .next").startswith("Next deal: round E; E Bruno, ")
        # Deal 2: Ana draws her winning tile: 20 + 2 + 2 = 24, rounded up to 30. Bruno (East) pays 60, Carmen
        # 30. Ana -60 + 90 = 30, Bruno 90 - 60 = 30, Carmen -30 - 30 = -60.
        enter_deal("Ana", "wall", None)
        final = {"Ana": 30, "Bruno": 30, "Carmen": -60}
        expect_totals(page, final)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        text = exported(page)
        path = tmp_path / "three.yaml"
        path.write_text(text, encoding="utf-8")
        game = batch_game(path)
        assert game["players"] == PLAYERS[:3] and game["totals"] == final
        assert errors == []


def test_two_phones_save_the_next_deal_at_once_one_is_refused_then_saves_after_checking(tmp_path, browser):
    """Ana's and Bruno's phones both open "Enter the next deal" on the same sheet (E Ana, S Bruno, W Carmen,
    N Diego). Ana's saves first; Bruno's save is refused (the seats it showed are no longer the next deal's),
    the sheet reloaded and the form kept, each hand with its player, at the seats of the deal now next."""
    with contextlib.ExitStack() as stack:
        url, (ana, bruno) = phones_at_a_table(stack, tmp_path, 2, browser)
        ana.clock.install()  # Ana's phone's clock, stopped below: it does not ask for the game again by itself
        errors = start_game([ana, bruno], url, GAME, variant="spanish", players=PLAYERS)
        next_deal(ana)
        next_deal(bruno)
        # Ana's phone: Bruno (South) wins on Diego's discard, 22 (20 mah jong + a pair of dragons 2, page 2 §6);
        # Ana (East) pays double, 44, Carmen and Diego 22 (Babcock ch. I, VI); the others hold one tile each,
        # worth nothing, so pay each other nothing. Ana 1956, Bruno 2088, Carmen 1978, Diego 1978.
        fill_hands(ana, {"E": "1p", "S": WINNING, "W": "2p", "N": "3p"})
        win(ana, "S", "1m", "discard", "N")
        # Bruno's phone, at the same time: Ana (East) wins on Diego's discard
        fill_hands(bruno, {"E": WINNING, "S": "1p", "W": "2p", "N": "3p"})
        win(bruno, "E", "1m", "discard", "N")
        ana.click("#save-deal")
        expect_totals(ana, {"Ana": 1956, "Bruno": 2088, "Carmen": 1978, "Diego": 1978})
        bruno.click("#save-deal")
        expect(bruno.locator("#settlement .error")).to_contain_text(
            "another phone saved a change to this game meanwhile: the sheet is reloaded; check the deal and save again")
        # East lost deal 1, so the disc passed to Bruno (page 1 §5): the form shows the next deal's seats now,
        # Ana's winning hand at her new seat, North, and Diego, who discarded, at West
        for seat, name in {"E": "Bruno", "S": "Carmen", "W": "Diego", "N": "Ana"}.items():
            expect(bruno.locator(f"#seatcard-{seat} input")).to_have_value(name)
        expect(bruno.locator("#deal-editor-N .notation input")).to_have_value(WINNING)
        expect(bruno.locator("#deal-editor-E .notation input")).to_have_value("1p")
        expect(bruno.locator("#deal-winner [data-value=N]")).to_have_class("on")
        expect(bruno.locator("#deal-discarder [data-value=W]")).to_have_class("on")
        expect(bruno.locator("#deal-editor-N .hand .win")).to_have_count(1)  # the winning tile kept
        assert bruno.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # Ana's phone's clock stops (else it shows deal 2 within 1.5 s). Stopping it 2 s ahead fires, once, the one
        # timer that asks for the game again (due within 1.5 s); its answer is awaited, so it cannot race the save
        with ana.expect_response(lambda r: r.request.method == "GET" and "/api/games/" in r.url):
            ana.clock.pause_at(ana.evaluate("Date.now()") / 1000 + 2)  # Playwright for Python: a number is seconds
        # checked: saved as deal 2. Ana (North) wins on Diego's discard, 22: Bruno (East) pays 44, Carmen and
        # Diego 22: Ana 1956 + 88 = 2044, Bruno 2088 - 44 = 2044, Carmen = Diego = 1978 - 22 = 1956
        bruno.click("#save-deal")
        final = {"Ana": 2044, "Bruno": 2044, "Carmen": 1956, "Diego": 1956}
        assert sum(final.values()) == 4 * 2000
        expect_totals(bruno, final)
        expect(bruno.locator("#game tr[data-deal]")).to_have_count(2)
        # Ana's phone, its sheet drawn after deal 1, undoes: refused too, and its sheet reloaded to deal 2's
        undo(ana)
        expect(ana.locator("#game .error")).to_contain_text("another phone changed this game meanwhile: nothing was undone")
        expect_totals(ana, final)
        undo(ana)  # now against the sheet it shows: deal 2 undone
        expect_totals(ana, {"Ana": 1956, "Bruno": 2088, "Carmen": 1978, "Diego": 1978})
        assert errors == []


def test_a_table_of_five_plays_a_basque_game_four_sitting_each_deal(tmp_path, browser):
    """Basque rulebook (Prats Verdú), "Jokalarien kopurua bi, hiru, bost edo sei denean" (two, three, five or six
    players), for five: "Jokaldi bakoitzaren amaieran ekia izan dena aterako da eta sartuko den jokalaria iparra
    izango da hurrengo jokaldian" (at the end of each deal the one who was East goes out, and the one coming in is
    North in the next deal). The fifth name entered sits the first deal out (the game file's order, as batch).
    A basque game starts at 0; the winner's hand, four chows and a pair of dragons, is mah jong 20 + dragon
    pair 2 = 22 (tables 1 and 3, rule 75), paid by each other player, East double (rule 69); the others hold a
    single tile each, worth nothing, and pay each other nothing (rule 70)."""
    players = ["Ana", "Bruno", "Carmen", "Diego", "Eva"]
    with contextlib.ExitStack() as stack:
        url, (page,) = phones_at_a_table(stack, tmp_path, 1, browser)
        errors = open_page(page, url)
        page.click("nav [data-tab=game]")
        expect(page.locator("#new-game [name=p4]")).to_be_hidden()  # spanish: four players (page 1)
        page.select_option("#variant", "basque")
        expect(page.locator("#new-game [name=p5]")).to_be_visible()
        for i, name in enumerate(players):  # the sixth left empty: five players
            page.fill(f"#new-game [name=p{i}]", name)
        page.click("#new-game button[type=submit]")
        expect(page.locator("#game table.sheet thead th.num")).to_have_count(5)
        seats_shown(page, "Next deal: round E; E Ana, S Bruno, W Carmen, N Diego; sitting out: Eva")

        def enter_deal(hands: dict[str, str], winner: str, discarder: str) -> None:
            next_deal(page)
            fill_hands(page, hands)
            win(page, winner, "1m", "discard", discarder)
            page.click("#save-deal")

        # Deal 1: Bruno (South) wins on Carmen's discard: Ana (East) pays 44, Carmen and Diego 22: Bruno +88
        enter_deal({"E": "1p", "S": WINNING, "W": "2p", "N": "3p"}, "S", "W")
        expect_totals(page, {"Ana": -44, "Bruno": 88, "Carmen": -22, "Diego": -22, "Eva": 0})
        # Ana, East, goes out; Eva comes in as North
        seats_shown(page, "Next deal: round E; E Bruno, S Carmen, W Diego, N Eva; sitting out: Ana")
        # Deal 2: Eva (North) wins on Diego's (West) discard: Bruno (East) pays 44, Carmen and Diego 22: Eva +88.
        # Ana -44, Bruno 88 - 44 = 44, Carmen -22 - 22 = -44, Diego -44, Eva 88
        enter_deal({"E": "1p", "S": "2p", "W": "3p", "N": WINNING}, "N", "W")
        final = {"Ana": -44, "Bruno": 44, "Carmen": -44, "Diego": -44, "Eva": 88}
        assert sum(final.values()) == 0
        expect_totals(page, final)
        rows = page.locator("#game tr[data-deal]")
        expect(rows.nth(0).locator("[data-player=Eva]")).to_contain_text("out")
        expect(rows.nth(1).locator("[data-player=Ana]")).to_contain_text("out")
        seats_shown(page, "Next deal: round E; E Carmen, S Diego, W Eva, N Ana; sitting out: Bruno")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        text = exported(page)
        path = tmp_path / "five.yaml"
        path.write_text(text, encoding="utf-8")
        game = batch_game(path)
        assert game["players"] == players and game["totals"] == final
        assert errors == []
