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
    **dict.fromkeys(("Score",), "mjscore.rules.results"),
    **dict.fromkeys(("Variant",), "mjscore.rules.tables"),
    **dict.fromkeys(("Arrangements", "arrangements", "compare", "runner_up", "describe_variant", "load_variant",
                     "table_data", "parse_hand", "near_misses", "nearest_wins", "score", "settle", "variants", "waits",
                     "rules_of", "table_diff"), "mjscore.api"),
    **dict.fromkeys(("games", "differences", "play_game", "score_game", "score_sheet", "season"), "mjscore.api_games"),
    **dict.fromkeys(("Rules",), "mjscore.rules.identity"),
    **dict.fromkeys(("quote_of", "quoted"), "mjscore.rules.referee"),
    **dict.fromkeys(("Quote",), "mjscore.rules.tablefile"),
    **dict.fromkeys(("TableDiff", "Change"), "mjscore.rules.tablediff"),
    **dict.fromkeys(("Compared", "GameResult", "Wait", "Waits"), "mjscore.api_results"),
    **dict.fromkeys(("Note", "NoteKind"), "mjscore.rules.results"),
    **dict.fromkeys(("Settlement",), "mjscore.play.deal"),
    **dict.fromkeys(("GameRef",), "mjscore.play.sources"),
    **dict.fromkeys(("Difference",), "mjscore.play.difference"),
    "Season": "mjscore.play.season", "Sheet": "mjscore.play.score_sheet",
    **dict.fromkeys(("Entry", "Opened", "Stored", "open_game", "score_deal", "replay", "next_deal"),
                    "mjscore.play.ledger"),
}
# What the faces (cli/, web/) need besides the calls above, and may import from nowhere else (docs/api.md,
# "Names for faces"): the situation's vocabulary, a game's records and writers' parts, settlement switches.
_FACES = {
    **dict.fromkeys(("SITUATIONS", "SOURCES", "contradiction", "dealer_of"), "mjscore.hand.situation"),
    **dict.fromkeys(("HONOUR_LETTERS", "SUITS", "WINDS", "format_tiles"), "mjscore.hand.tiles"),
    **dict.fromkeys(("scan_tiles",), "mjscore.hand.notation"),
    **dict.fromkeys(("DaskPool",), "mjscore.play.cluster"),
    **dict.fromkeys(("POT", "empty_seats"), "mjscore.play.deal"),
    **dict.fromkeys(("load_data", "standard_input"), "mjscore.play.dealfile"),
    **dict.fromkeys(("Header", "Result", "Table", "sitting_out"), "mjscore.play.game"),
    **dict.fromkeys(("moved_on",), "mjscore.play.ledger"),
    **dict.fromkeys(("Parties", "StrictStop", "Summary", "deal_item", "game_head", "standings"), "mjscore.play.record"),
    **dict.fromkeys(("Tally", "alias_map", "counter_words", "results_of"), "mjscore.play.season"),
    **dict.fromkeys(("SheetRow", "sheet_row"), "mjscore.play.score_sheet"),
    **dict.fromkeys(("first_seats",), "mjscore.play.seating"),
    **dict.fromkeys(("Pool", "pool_for"), "mjscore.play.workers"),
    **dict.fromkeys(("short", "table_hash"), "mjscore.rules.identity"),
    **dict.fromkeys(("LANGUAGES", "kind_of", "language"), "mjscore.rules.results"),
    **dict.fromkeys(("scheme_named", "scheme_of"), "mjscore.play.schemes"),
    **dict.fromkeys(("Amount", "ByOption", "Fine", "FaultScoring"), "mjscore.rules.switches"),
    **dict.fromkeys(("DEFAULT_VARIANT", "packaged_dir", "variant_names", "when_clauses"), "mjscore.rules.tablefile"),
    **dict.fromkeys(("condition_words",), "mjscore.rules.unmet"),
}
PUBLIC_NAMES.update(_FACES)
__all__ = [*PUBLIC_NAMES, "__version__"]


def __getattr__(name: str) -> object:
    home = PUBLIC_NAMES.get(name)
    if home is not None:
        from importlib import import_module

        value = getattr(import_module(home), name)
        globals()[name] = value  # later look-ups skip this function
        return value
    raise AttributeError(f"module 'mjscore' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
