"""Properties of `settle` and `batch` over random legal deals and games of every variant, and of every
command over random broken files; and the bugs they found, kept as plain tests."""

from __future__ import annotations

from helpers import run


# --- what the properties found, kept as plain tests -----------------------------------------------------------

def test_a_game_file_refused_at_once_prints_no_csv(tmp_path):
    # `batch --format csv` wrote its header row before reading the file: a refused file left it on
    # standard output beside the one-line message
    path = tmp_path / "game.yaml"
    path.write_text("variant: 5\nplayers: [Ann, Bo, Cy, Di]\ndeals: []\n")
    assert run("batch", str(path), "--format", "csv") == (
        2, "", f"mjscore: error: {path}: variant: expected a name such as spanish, not 5\n")


def test_csv_of_files_all_refused_is_its_header(tmp_path):
    # two files, neither readable as a game: each reported, the output still a CSV (its header row), exit 1
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("players: 7\n")
    code, out, err = run("batch", str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"), "--format", "csv")
    assert code == 1 and out == "file,deal,game,round,player,seat,winner,hand_value,net,total,error\n"
    assert err.count("mjscore: error: ") == 2


def test_csv_of_a_game_starts_with_one_header(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text('variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n  - {hands: {Ann: "1m", Bo: "2m", '
                    'Cy: "3m", Di: "4m"}, winner: null}\n')
    code, out, err = run("batch", str(path), "--format", "csv")
    assert code == 0, err
    assert out.splitlines()[0].startswith("file,deal,") and sum(line.startswith("file,") for line in out.splitlines()) == 1
    assert len(out.splitlines()) == 1 + 4  # a row per player
