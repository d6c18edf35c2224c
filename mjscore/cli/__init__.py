"""Command-line face: parse options, call the library, format.

`run` is the program (the `mjscore` script and `python -m mjscore`); `main.main` is its click group,
which tests and other programs call with their own arguments.
"""

import gc

_collection_paused = False
# The young generation the collector lets grow before it walks it (the interpreter's default is 700). A batch keeps
# bounded caches of what it has worked out (blocks of hands, judged sets, parsed groups), and their new entries
# outlive the young generation: with 700 the collector ran 279 times in a batch of 30,000 deals, walking and
# promoting them, some 3% of the batch's time (gc.callbacks: 326 ms, against 85 ms in 9 runs with 20,000). The young
# objects it lets accumulate are a few MB at most, and cyclic garbage is still collected, in larger steps.
YOUNG_OBJECTS = 20_000


def run() -> None:
    """Run the command of sys.argv, then exit.

    Start-up makes tens of thousands of objects (click, the commands, the rule tables) that live
    until the process ends, and the cyclic garbage collector, finding nothing among them, would
    still walk them all, several times while they are made and again at exit. So collection
    pauses until the command's module is loaded (resume_collection), and at exit what is left is
    frozen. Nothing is skipped: the command's own work is collected as usual (a batch of a million
    deals keeps its memory flat), and the exit still flushes, closes and runs every exit handler.
    """
    global _collection_paused
    if gc.isenabled():
        gc.disable()
        _collection_paused = True
    from mjscore.cli.main import main

    try:
        main()
    finally:
        gc.freeze()  # the interpreter's last collections at exit walk only what is not frozen


def resume_collection() -> None:
    """End run()'s pause: what start-up made is frozen (never walked again), the rest is collected, in steps of
    YOUNG_OBJECTS."""
    global _collection_paused
    if _collection_paused:
        _collection_paused = False
        gc.freeze()
        gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
        gc.enable()
