"""mjscore: score and settle mahjong hands under classical rule variants, itemised.

The public API (docs/api.md) is importable from here: `mjscore.score(...)`, `mjscore.settle(...)`,
`mjscore.score_game(...)` ... Its names resolve lazily, so `import mjscore` stays light and the
command line starts fast.
"""

__version__ = "0.1.0"

_API = ("Compared", "GameResult", "MjscoreError", "Score", "Season", "Settlement", "Sheet", "Variant", "Wait",
        "Waits", "arrangements", "compare", "runner_up", "describe_variant", "load_variant", "parse_hand", "score",
        "score_game", "score_sheet", "season", "settle", "variants", "waits",
        "Entry", "Opened", "Stored", "open_game", "score_deal", "replay", "next_deal")
__all__ = [*_API, "__version__"]


_HOME = {"Settlement": "mjscore.play.settle", "MjscoreError": "mjscore.errors", "Season": "mjscore.play.season",
         "Sheet": "mjscore.play.season", "Compared": "mjscore.api_results", "GameResult": "mjscore.api_results",
         "Wait": "mjscore.api_results", "Waits": "mjscore.api_results",
         **dict.fromkeys(("Entry", "Opened", "Stored", "open_game", "score_deal", "replay", "next_deal"),
                         "mjscore.play.ledger")}  # the rest: mjscore.api


def __getattr__(name: str):
    if name in _API:
        from importlib import import_module

        value = getattr(import_module(_HOME.get(name, "mjscore.api")), name)
        globals()[name] = value  # later look-ups skip this function
        return value
    raise AttributeError(f"module 'mjscore' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
