"""mjscore: score and settle mahjong hands under classical rule variants, itemised.

The public API (docs/api.md) is importable from here: `mjscore.score(...)`, `mjscore.settle(...)`,
`mjscore.score_game(...)` ... Its names resolve lazily, so `import mjscore` stays light and the
command line starts fast.
"""

__version__ = "0.1.0"

# Every public name of the API (docs/api.md), once, with the module that holds it: `mjscore.NAME` and
# `mjscore.api.NAME` both resolve through this table, and both `__all__` are made from it.
PUBLIC_NAMES = {
    **dict.fromkeys(("MjscoreError",), "mjscore.errors"),
    **dict.fromkeys(("Score", "Variant", "arrangements", "compare", "runner_up", "describe_variant", "load_variant",
                     "table_data", "parse_hand", "near_misses", "nearest_wins", "score", "score_game", "score_sheet",
                     "season", "settle", "variants", "waits", "rules_of", "table_diff"), "mjscore.api"),
    **dict.fromkeys(("Rules",), "mjscore.rules.identity"),
    **dict.fromkeys(("quote_of", "quoted"), "mjscore.rules.referee"),
    **dict.fromkeys(("Quote",), "mjscore.rules.tablefile"),
    **dict.fromkeys(("TableDiff", "Change"), "mjscore.rules.tablediff"),
    **dict.fromkeys(("Compared", "GameResult", "Wait", "Waits"), "mjscore.api_results"),
    **dict.fromkeys(("Note", "NoteKind"), "mjscore.rules.results"),
    **dict.fromkeys(("Settlement",), "mjscore.play.deal"),
    **dict.fromkeys(("Season", "Sheet"), "mjscore.play.season"),
    **dict.fromkeys(("Entry", "Opened", "Stored", "open_game", "score_deal", "replay", "next_deal"),
                    "mjscore.play.ledger"),
}
__all__ = [*PUBLIC_NAMES, "__version__"]


def __getattr__(name: str):
    home = PUBLIC_NAMES.get(name)
    if home is not None:
        from importlib import import_module

        value = getattr(import_module(home), name)
        globals()[name] = value  # later look-ups skip this function
        return value
    raise AttributeError(f"module 'mjscore' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
