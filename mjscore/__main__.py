from mjscore.cli.main import main

main()
