"""The page, the build and the bridge know no game (issue 12): a new game is one package plus data.

Every name the registry gives, and every view key, phase and decision key that is not common
to all built games, is looked for (as a whole word, case-sensitive: the identifiers and strings
code uses, not the capitalised names prose may use in a comment) in ``site/``, ``sitebuild/``,
``build.py`` and ``tutor/api.py``. A hit is a place that would need editing for the next game.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.bots import heuristic_choice
from tutor.registry import ENTRIES, all_games

pytestmark = pytest.mark.cpython_only
ROOT = Path(__file__).resolve().parents[2]
FILES = [*sorted((ROOT / "site" / "static").glob("*.js")), *sorted((ROOT / "site" / "templates").glob("*.html")),
         *sorted((ROOT / "sitebuild").glob("*.py")), ROOT / "build.py", ROOT / "tutor" / "api.py"]


def game_words() -> dict[str, str]:
    """Each game-specific word with what it is (a name, a phase, a view key, a decision key)."""
    words: dict[str, str] = {}
    for entry in ENTRIES:
        words[entry.name] = "a game's name"
        words.update({alias: "a game's alias" for alias in entry.aliases})
    per_game: list[dict[str, set[str]]] = []
    for game in all_games():
        keys: dict[str, set[str]] = {"phase": set(game.phases), "view key": set(), "decision key": set()}
        state = game.new_game(game.default_flags(), 7)
        for _ in range(60):  # a deal, its first decisions and some play: the views' keys
            keys["view key"] |= set(game.table_view(state, 0))
            seat = game.to_act(state)
            if game.round_over(state) or seat is None:
                break
            for action in game.legal_actions(state, seat)[:50] + (game.decision_options(state, seat) or []):
                if hasattr(action, "key"):
                    keys["decision key"].add(action.key)
            state = game.close_window(game.apply(state, heuristic_choice(game, state, seat).action, seat))
        keys["decision key"] |= set(game.side_decision_keys)
        per_game.append(keys)
    # a word every game has in one role (the view key "hand") may be one game's word in another
    # role (Jian Hong Dian's phase "hand"): the page reads it in the common role
    common = {kind: set.intersection(*(g[kind] for g in per_game)) for kind in ("phase", "view key", "decision key")}
    # the kinds of control a decision needs (tutor/decisions.py) are the page's own words
    everyone = set.union(*common.values()) | {"play", "choose", "cards", "positions"}
    for kind in ("phase", "view key", "decision key"):
        for g in per_game:
            words.update({w: f"a {kind} of one game" for w in g[kind] - everyone})
    return words


def test_the_words_are_found() -> None:
    words = game_words()
    assert {"doudizhu", "tichu", "napoleon"} <= set(words)
    assert {"landlord", "wish", "adjutant", "grand_tichu", "call_adjutant", "exchange"} <= set(words)


def code_of(path: Path) -> str:
    """The code of a file without its comments and docstrings (prose may name a game; code may not)."""
    text = path.read_text("utf-8")
    if path.suffix == ".py":
        import ast
        import io
        import tokenize
        docstrings = {(n.body[0].value.lineno, n.body[0].value.col_offset) for n in ast.walk(ast.parse(text))
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
                      and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)
                      and isinstance(n.body[0].value.value, str)}
        out = []
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start in docstrings):
                continue
            out.append(tok.string)
        return " ".join(out)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)  # JS block comments
    text = re.sub(r"(?<![:\\])//[^\n]*", " ", text)  # JS line comments (not in "https://")
    return re.sub(r"<!--.*?-->", " ", text, flags=re.S)


def test_no_page_build_or_bridge_file_names_a_game() -> None:
    """A game word as a string ("landlord", 'wish'), an object key (landlord:), or a property read
    (view.landlord, not a method call such as engine.call(...))."""
    words = game_words()
    alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    strings_and_reads = r"""(["'`])(""" + alternatives + r""")\1|\.(""" + alternatives + r""")\b(?!\s*\()"""
    pattern = re.compile(strings_and_reads + r"""|[{,]\s*(""" + alternatives + r""")\s*:""")
    no_keys = re.compile(strings_and_reads)  # Python: "x: int" is a parameter, not a key
    hits = []
    for path in FILES:
        for m in (no_keys if path.suffix == ".py" else pattern).finditer(code_of(path)):
            word = next(g for g in m.groups()[1:] if g)
            hits.append(f"{path.relative_to(ROOT)}: {word} ({words[word]}): …{m.string[max(0, m.start() - 40):m.end() + 20]!r}")
    assert not hits, f"{len(hits)} places name a game:\n" + "\n".join(hits[:60])
