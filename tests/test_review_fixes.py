"""Stumbles a newcomer's walk through the README found, each with its exact message."""

from __future__ import annotations

from helpers import EXAMPLES, run


def test_a_file_typed_where_a_hand_belongs():
    path = str(EXAMPLES / "hand-spanish.txt")
    for command in ("score", "waits", "compare"):
        code, out, err = run(command, path)
        assert (code, out) == (2, "")
        assert err == (f'mjscore: error: {path} is a file, not a hand: to score the hand it holds, type '
                       f'"$(cat {path})" in its place\n')


def test_a_game_file_given_to_settle():
    path = str(EXAMPLES / "game-spanish.yaml")
    assert run("settle", path) == (2, "", f"mjscore: error: {path}: this is a game file (it has deals:), and settle "
                                          f"reads one deal: to score the game, type mjscore batch {path}\n")


def test_earth_with_the_banker_suggests_another_seat():
    # hungarian: the banker (here South) stands for East; earth is another player's win on his first discard
    code, _, err = run("score", "[555p] 123m 789s SSS NN", "-v", "hungarian", "--option", "banker=S", "--seat", "S",
                       "--also", "earth")
    assert (code, err) == (2, "mjscore: error: --also earth is another player's win on the banker (S)'s first "
                              "discard; --seat S is the banker (S) (give the winner's seat, e.g. --seat W)\n")


def test_explain_says_why_one_of_two_equal_arrangements_is_kept():
    # basque {5555s} 234s 678s RRR 11s: won on 1s or on 3s, the same sets and the same 152; either pays alike
    code, out, _ = run("score", "{5555s} 234s 678s RRR 11s", "-v", "basque", "--explain")
    assert code == 0
    lines = out.splitlines()  # the comparison's last line, before the near misses (issue 31) that follow it
    why = lines.index(next(line for line in lines if line.startswith("why this arrangement:")))
    assert lines[why + 1] == "  equal in every respect: the first arrangement found is shown; the payments are the same"


def test_mjscore_variant_is_a_default_never_an_override(monkeypatch):
    # the deal file names spanish: MJSCORE_VARIANT=basque must not refuse it (it did, as if typed --variant)
    monkeypatch.setenv("MJSCORE_VARIANT", "basque")
    code, out, err = run("settle", str(EXAMPLES / "deal-spanish.yaml"), "--format", "json")
    assert code == 0, err
    import json
    assert json.loads(out)["variant"] == "spanish"
    code, out, _ = run("score", "[555p] 123m 789s SSS NN", "--format", "json")  # names no variant: the default
    assert json.loads(out)["variant"] == "basque"


def test_a_mapping_echoed_in_a_message_is_cut_short():
    # found by the fuzz harness: four short hands as a winner's "name" made a 200-character line
    from mjscore.errors import shown

    value = {f"player {i}": "[GGG] 234m 567p 789s 55s" for i in range(4)}
    text = shown(value)
    assert len(text) < 100 and text.endswith(f"... ({len(repr(value)):,} characters)")


def test_a_game_file_naming_no_known_variant_is_that_files_error_only(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant: spansh\nplayers: [A, B, C, D]\ndeals: []\n")
    good = str(EXAMPLES / "game-spanish.yaml")
    code, out, err = run("batch", str(bad), good, "--format", "json")
    import json
    data = json.loads(out)
    message = (f"{bad}: variant: no variant 'spansh'; did you mean spanish? "
               "(variants: basque, bmja, danish, dmjl, hk, hungarian, mcr, riichi, spanish)")
    assert code == 1 and data["errors"] == [message]
    assert data["summary"] == {"read": 16, "scored": 16, "rejected": 0}  # the good file's 16 deals are scored
    assert err.splitlines()[0] == f"mjscore: error: {message}"


def test_compare_names_each_variant_once():
    import json
    code, out, _ = run("compare", "[555p] 123m 789s SSS NN", "-v", "spanish,spanish,basque", "--format", "json")
    assert code == 0 and [d["variant"] for d in json.loads(out)] == ["spanish", "basque"]
