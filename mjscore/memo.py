"""Bounded memo tables: a batch of a million deals must not grow them without end."""

from __future__ import annotations

from itertools import islice
from typing import Any


def make_room(memo: dict[Any, Any], most: int) -> None:
    """Before adding to a full memo, forget its oldest quarter (insertion order): the entries a long
    batch made first, while the commonest ones are soon made again."""
    if len(memo) >= most:
        for key in list(islice(memo, most // 4 or 1)):
            memo.pop(key, None)  # (another thread, the web server's, may have made room first)
