from mjscore.cli import run

run()
