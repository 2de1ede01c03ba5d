"""The one list of games: names, aliases, spec files, and the package of each game built so far.

Everything that needs the list of games reads it here: the bridge and the CLI (``find_game``),
the golden runner (which names a case file may use), the build (a course, a practice table
and a rules page per built game), the benches and the tests. Adding a game is one entry here
plus its package under ``tutor/games/`` (docs/adding-a-game.md).

Why a table and not imports: a game package is imported on first use by its name
(``importlib``), so a page about one game compiles only that game, and the protocol module
(``tutor.game``) never imports a game, which keeps ``tutor``'s import graph free of cycles
(tests/unit/test_import_graph.py). The browser's slim wheel adds every built package to its
import closure from this table (tools/site_wheel.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

from .errors import UnknownGame, short_value

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class GameEntry:
    """One game of the mission."""

    name: str  #: the name in scenarios, golden cases, URLs and the bridge
    spec: str  #: its spec ``rules/<spec>.md`` and golden cases ``rules/golden/<spec>.json``
    package: str | None  #: ``tutor.games.<package>`` (which exposes ``GAME``); None: not built yet
    aliases: tuple[str, ...] = ()
    #: whether the site has the game (a course, a practice table, a rules page): a game's engine
    #: comes first (golden cases, the CLI, the bridge), its pages once its course is written
    site: bool = True

    @property
    def built(self) -> bool:
        return self.package is not None

    @property
    def module(self) -> str:
        return f"tutor.games.{self.package}"


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry("doudizhu", "doudizhu", "doudizhu", ("ddz", "dou_dizhu", "doudizhu4")),
    GameEntry("tichu", "tichu", "tichu"),
    GameEntry("napoleon", "napoleon", "napoleon"),
    GameEntry("shengji", "shengji", "shengji"),
    GameEntry("daifugo", "daifugo", "daifugo"),
    GameEntry("jianhongdian", "minor", "jianhongdian"),
    GameEntry("ponjan", "minor", "ponjan"),
    GameEntry("dice", "minor", "dice"),
)

#: every game name the shared case format knows (rules/README.md §4), built or not
KNOWN_NAMES: tuple[str, ...] = tuple(e.name for e in ENTRIES)
#: the games built so far, in course order
BUILT_NAMES: tuple[str, ...] = tuple(e.name for e in ENTRIES if e.built)
#: the built games the site shows (a course, a practice table and a rules page each)
SITE_NAMES: tuple[str, ...] = tuple(e.name for e in ENTRIES if e.built and e.site)

_BY_NAME = {e.name: e for e in ENTRIES}
_ALIASES = {alias: e.name for e in ENTRIES for alias in e.aliases}
_LOADED: dict[str, "Game"] = {}


def entry(name: str) -> GameEntry:
    """The entry of a game name or alias; ``KeyError`` names the known games."""
    key = _ALIASES.get(name, name) if isinstance(name, str) else name
    if key not in _BY_NAME:
        raise UnknownGame("error.game.unknown", game=name if isinstance(name, str) else short_value(name),
                          known=list(KNOWN_NAMES))
    return _BY_NAME[key]


def find_game(name: str) -> "Game":
    """The game called ``name`` (or an alias), its package imported on first use.

    ``KeyError`` for a name no spec knows or a game not built yet; its message lists the games
    that are supported."""
    try:
        found = entry(name)
    except KeyError:
        found = None
    if found is None or not found.built:
        raise UnknownGame("error.game.not_built", game=name if isinstance(name, str) else short_value(name),
                          supported=sorted(BUILT_NAMES))
    if found.name not in _LOADED:
        game = import_module(found.module).GAME
        from .flags import check_presets
        check_presets(game.Flags)  # a bad preset fails when its game loads, naming itself
        if game.name != found.name:
            raise RuntimeError(f"{found.module}.GAME is named {game.name!r}, the registry says {found.name!r}")
        _LOADED[found.name] = game
    return _LOADED[found.name]


def all_games() -> list["Game"]:
    """Every built game, in the registry's order (imports them all: listings and tests)."""
    return [find_game(name) for name in BUILT_NAMES]


def golden_file(name: str) -> str:
    """The golden-case file of a game, relative to the rules folder (``golden/<spec>.json``)."""
    return f"golden/{entry(name).spec}.json"


def spec_file(name: str) -> str:
    """The spec of a game, relative to the rules folder (``<spec>.md``)."""
    return f"{entry(name).spec}.md"
