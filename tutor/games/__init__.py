"""The games: each module registers itself on import (the OpenSpiel pattern).

A game loads on first use (``tutor.game.find_game``), so a page about one game compiles only
that game's code when the engine starts; ``load_all`` imports every one (listing, tests).
The imports are written out, not computed, so the browser's slim wheel finds them.
"""
from __future__ import annotations

GAME_MODULES = ("doudizhu", "tichu", "napoleon")


def load(name: str) -> bool:
    """Imports (and so registers) the game module ``name``; False if there is none."""
    if name == "doudizhu":
        from . import doudizhu  # noqa: F401
    elif name == "tichu":
        from . import tichu  # noqa: F401
    elif name == "napoleon":
        from . import napoleon  # noqa: F401
    else:
        return False
    return True


def load_all() -> None:
    for name in GAME_MODULES:
        load(name)
