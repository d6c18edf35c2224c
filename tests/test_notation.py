"""The hand notation (shared/spec/notation.md): valid forms, invalid forms, round trip."""

import pytest
from hypothesis import example, given, strategies as st

from mjscore.hand import notation

from mjscore.hand import tiles as T
from mjscore.errors import HandError
from mjscore.hand.notation import parse_hand, parse_tile


@pytest.mark.parametrize("text, canonical", [
    ("[555p] 123m 789s SSS NN", "[555p] 123m 789s SSS NN"),
    ("123m 456m", "123456m"),
    ("123456m", "123456m"),
    ("ESWN", "E S W N"),
    ("E S W N", "E S W N"),
    ("1234567z", "E S W N R G P"),          # Tenhou order: 5z white, 6z green, 7z red
    ("CCC FFF", "RRR GGG"),                  # MCR / MJAI letters for red and green
    ("{5555p} [EEEE] 11m", "{5555p} [EEEE] 11m"),
    ("[234s] 1f 24f 3y", "[234s] 124f 3y"),
    ("1f 123m", "123m 1f"),                  # bonus tiles anywhere
    ("\U0001F000\U0001F004\U0001F007\U0001F019\U0001F010", "1m 1p 1s E R"),  # glyphs: E, red, 1m, 1p, 1s
    ("\U0001F004\ufe0f\U0001F004\U0001F004", "RRR"),  # a pasted emoji with its variation selector
    ("1m \U0001F022\U0001F024\U0001F025", "1m 134f"),  # plum=1f, bamboo=4f, chrysanthemum=3f
    ("[123m]", "[123m]"),
    ("[ 555p ]", "[555p]"),                  # spaces inside a bracket are only spaces
    ("99m11p", "99m 11p"),
])
def test_valid_forms_print_canonically(text, canonical):
    assert parse_hand(text).notation() == canonical


@pytest.mark.parametrize("text, message, carets", [
    ("123m 555p 55p 5p", "6 copies of 5p (a set has 4)", "     ^^^^ ^^^ ^^"),
    ("5555p 5p", "5 copies of 5p (a set has 4)", "^^^^^ ^^"),
    ("123m eee", "'e' is not a tile: winds and dragons are upper case (E)", "     ^"),
    ("123 456m", "digits without a suit letter: 123 (write 123m, 123p or 123s)", "^^^"),
    ("123m 45", "digits without a suit letter: 45 (write 45m, 45p or 45s)", "     ^^"),
    ("12E", "digits without a suit letter: 12 before 'E' (write 12m, 12p or 12s)", "^^^"),
    ("[556p] 123m", "an exposed group must be a pung, chow or kong, not [556p]", "^^^^^^"),
    ("[55p] 123m", "an exposed group must be a pung, chow or kong, not [55p]", "^^^^^"),
    ("[ESW]", "an exposed group must be a pung, chow or kong, not [ESW]", "^^^^^"),
    ("[89m1p]", "an exposed group must be a pung, chow or kong, not [89m1p]", "^^^^^^^"),
    ("{555p}", "a declared concealed kong is four alike tiles, not {555p}", "^^^^^^"),
    ("{5556p}", "a declared concealed kong is four alike tiles, not {5556p}", "^^^^^^^"),
    ("[555p 123m", "'[' is not closed by ']'", "^^^^^ ^^^^"),
    ("123m]", "']' without an opening bracket", "    ^"),
    ("[12[3m]", "'[' is not closed by ']'", "^^^"),
    ("[]", "empty group []", "^^"),
    ("[1f1f1f]", "flowers and seasons are not part of sets: [111f]", "^^^^^^^^"),
    ("[ 5 5 5p ]", "digits without a suit letter: 5 (write 5m, 5p or 5s)", "  ^ ^ ^^"),
    # more digits than a suit has tiles in a hand (14): the letters alone, not the digits three times over
    ("123456789123456", "digits without a suit letter: 123456789123456 (write a suit letter, m, p or s, after them)",
     "^^^^^^^^^^^^^^^"),
    ("[123f]", "flowers and seasons are not part of sets: [123f]", "^^^^^^"),
    ("0z", "0z is not a tile (z numbers run 1-7)", "^"),  # (0m 0p 0s are red fives: tests/test_riichi.py)
    ("5f", "5f is not a tile (f numbers run 1-4)", "^"),
    ("8z", "8z is not a tile (z numbers run 1-7)", "^"),
    ("x", "unknown character 'x' in a hand", "^"),
    ("123m,456m", "unknown character ',' in a hand", "    ^"),
    ("s", "'s' without numbers: bamboo needs numbers, e.g. 2s (the south wind is S)", "^"),
    ("f", "'f' without numbers", "^"),
    ("", "no tiles in the hand", None),
    ("EEEE SSSS WWWW NNNN RRRR", "20 tiles, more than any hand can hold (18: four kongs and a pair)", None),
    ("1f 1f 123m", "2 copies of 1f (there is one of each flower and season)", "^^ ^^"),
    ("\U0001F02A", "unknown character", "^"),  # the joker tile is not in the game
])
def test_invalid_forms_name_the_group(text, message, carets):
    with pytest.raises(HandError) as exc:
        parse_hand(text)
    assert str(exc.value).startswith(message)
    if carets is not None:
        assert exc.value.detail_lines() == ["  " + text, "  " + carets]


def test_caret_line_allows_for_wide_glyphs():
    text = "\U0001F004\U0001F004\U0001F004 x"
    with pytest.raises(HandError) as exc:
        parse_hand(text)
    # each glyph is two columns wide in a terminal; the caret sits under the x
    assert exc.value.detail_lines()[1] == "  " + " " * 7 + "^"


def test_tile_count_counts_a_kong_as_three():
    hand = parse_hand("{1111m} [2222p] 345s EE 1f")
    # 4 + 4 + 3 + 2 tiles, kongs counted 3: 3 + 3 + 3 + 2 = 11
    assert hand.tile_count == 11
    assert hand.bonus == (T.FLOWER0,)


@pytest.mark.parametrize("text, tile", [("5p", 13), ("E", 27), ("1z", 27), ("7z", T.RED), ("5z", T.WHITE),
                                        ("P", T.WHITE), ("C", T.RED), ("F", T.GREEN), ("\U0001F004", T.RED)])
def test_single_tiles(text, tile):
    assert parse_tile(text) == tile


@pytest.mark.parametrize("text", ["", "55p", "e", "10m"])
def test_single_tile_errors(text):
    with pytest.raises(HandError):
        parse_tile(text)


# --- round trip on random hands ---------------------------------------------------------------

@st.composite
def hands(draw):
    """Random legal hands: up to 4 declared sets, free tiles, bonus tiles; at most 4 of a kind."""
    left = [4] * T.N_KINDS
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        t = draw(st.integers(0, T.N_KINDS - 1))
        kind = draw(st.sampled_from(["pung", "kong", "ckong", "chow"]))
        if kind == "chow":
            if t >= 27 or t % 9 > 6 or not all(left[t + i] for i in range(3)):
                continue
            for i in range(3):
                left[t + i] -= 1
            parts.append("[" + T.format_tiles([t, t + 1, t + 2]) + "]")
            continue
        n = 3 if kind == "pung" else 4
        if left[t] < 4:
            continue
        left[t] -= n
        body = T.format_tiles([t] * n)
        parts.append(f"{{{body}}}" if kind == "ckong" else f"[{body}]")
    free = []
    room = 18 - sum(4 - n for n in left)  # a hand holds at most 18 tiles
    for t in draw(st.lists(st.integers(0, T.N_KINDS - 1), max_size=10)):
        if left[t] and len(free) < room:
            left[t] -= 1
            free.append(t)
    if not free and not parts:
        free = [0]
    bonus = draw(st.sets(st.integers(T.FLOWER0, T.SEASON0 + 3), max_size=3))
    order = draw(st.permutations(free))
    glyphs = draw(st.booleans())
    parts += [T.format_tiles([t], glyphs) for t in order] + [T.name(t) for t in sorted(bonus)]
    return " ".join(draw(st.permutations(parts)))


@given(hands())
def test_round_trip(text):
    hand = parse_hand(text)
    again = parse_hand(hand.notation())
    assert again.notation() == hand.notation()
    assert sorted(again.all_tiles) == sorted(hand.all_tiles) and again.bonus == hand.bonus
    assert parse_hand(hand.notation(glyphs=True)).notation() == hand.notation()


# --- the quick path (remembered groups) agrees with the careful parser -------------------------------

def _outcome(parse, text):
    try:
        return parse(text)
    except HandError as e:
        return ("error", str(e))


@given(hands(), st.lists(st.tuples(st.integers(0, 40), st.sampled_from(list("[]{} 1m5pEz\u2003")))), st.booleans())
def test_quick_path_agrees_with_careful_parse(text, edits, twice):
    """A hand parsed twice (the second time from remembered groups) parses as the careful parser
    says, good or bad: the same Hand, or the same one-line message with the same carets."""
    for pos, ch in edits:  # mangle some: stray brackets, spaces inside groups, extra tiles
        text = text[:pos] + ch + text[pos:]
    first = _outcome(parse_hand, text)
    if twice:
        _outcome(parse_hand, text.replace(" ", "  "))  # other groups remembered in between
    assert _outcome(parse_hand, text) == first == _outcome(notation._parse_careful, text)


def _groups(find, text):
    try:
        return find(text)
    except HandError as e:
        return ("error", str(e), e.detail_lines())


@given(hands(), st.lists(st.tuples(st.integers(0, 40), st.sampled_from(list("[]{}<> 1m5pEz\u2003\t\u00a0")))))
@example("1m 1f", [(0, "["), (0, "["), (5, "]")])  # "[[1m ]1f": a stray bracket beside a group's inner space, which a
# count of the characters the pattern covered took for covered (CI found it on the newest releases, 2026-12-08)
def test_the_scanner_finds_the_groups_the_pattern_matches(text, edits):
    """groups_of scans a process's first hands (a one-hand command compiles no regular expression) and matches the
    others with one: the same groups either way, or the same refusal with the same carets."""
    for pos, ch in edits:  # mangle some: stray brackets, spaces of every kind inside groups and between them
        text = text[:pos] + ch + text[pos:]
    assert _groups(notation.scanned_groups, text) == _groups(notation.matched_groups, text)
