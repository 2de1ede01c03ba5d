"""Message catalogs: every text the core produces is a key plus parameters.

Explanations, events and hints carry ``(key, params)``; ``render`` turns them into Japanese
or English from ``data/messages/<lang>.json``. A text parameter is itself translated when
the catalog has ``<game>.<param>.<value>`` (``ddz.type.bomb`` → "bomb" / "爆弾"; a
``top_type`` parameter uses the ``type`` entries, ``top_rank`` the ``rank`` ones, the items of
a ``readings`` list the ``type`` ones). A list of cards (``cards``, or any ``*_cards``) is joined
with spaces, any other list with ", " (ja "、").

Numbers and nouns (English singulars):

* ``{left:card|cards}`` in a template is the word before the ``|`` when ``left`` is 1, else
  the word after it: ``"{left} {left:card|cards} left"``. Any parameter may be used this way.
* With ``count == 1`` the catalog's ``<key>.one`` replaces the whole template where it exists,
  and with ``count == 0`` its ``<key>.zero`` ("no honours in it" rather than "0 honours: ").
"""
from __future__ import annotations

import json
import re
import string
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

LANGS = ("en", "ja")


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """The whole catalog for ``lang`` (en or ja)."""
    if lang not in LANGS:
        raise ValueError(f'unknown language "{lang}" (known: {", ".join(LANGS)})')
    text = resources.files("tutor").joinpath(f"data/messages/{lang}.json").read_text("utf-8")
    return json.loads(text)


_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def short_card(token: str) -> str:
    """A card as a learner reads it in a sentence: ``H-10`` → ``10♥`` (jokers and specials as named)."""
    suit, sep, rank = token.partition("-")
    if sep and suit in _SUIT_SYMBOLS:
        return f"{rank}{_SUIT_SYMBOLS[suit]}"
    return token


def _card_text(token: str, cat: dict[str, str]) -> str:
    if "=" in token:  # a declared wild card: "Phoenix(8)", "joker(7♥)"
        name, _, value = token.partition("=")
        return f"{cat.get(f'card.{name}', name)}({short_card(value)})"
    return cat.get(f"card.{token}", short_card(token))


def card_text(token: str, lang: str = "en") -> str:
    """One card as a sentence names it (``10♥``, "Phoenix", "joker")."""
    return _card_text(token, catalog(lang))


_LIST_SEPARATOR = {"en": ", ", "ja": "、"}
_TILE = re.compile(r"^(T[1-9]|WILD)$")  # Pon-jan's tiles (rules/README.md §1)
#: list parameters whose items are translated through another parameter's entries
_FAMILY = {"readings": "type"}


def _translate(name: str, value: str, prefix: str, cat: dict[str, str]) -> str:
    # "top_type" uses the "type" entries, "top_rank" the "rank" entries, and so on
    family = _FAMILY.get(name, name.rsplit("_", 1)[-1])
    return cat.get(f"{prefix}.{name}.{value}", cat.get(f"{prefix}.{family}.{value}", value))


def _format_param(name: str, value: Any, prefix: str, lang: str) -> str:
    cat = catalog(lang)
    if (name == "cards" or name.endswith("_cards")) and isinstance(value, (list, tuple)):
        # cards side by side ("10♥ 10♠"); tiles, named in words ("tile 1"), as a list ("tile 1, tile 8")
        sep = _LIST_SEPARATOR[lang] if value and all(_TILE.match(str(t)) for t in value) else " "
        return sep.join(_card_text(str(t), cat) for t in value)
    if isinstance(value, str):
        return _translate(name, value, prefix, cat)
    if isinstance(value, (list, tuple)):
        return _LIST_SEPARATOR[lang].join(_translate(name, v, prefix, cat) if isinstance(v, str) else str(v)
                                          for v in value)
    if isinstance(value, bool):
        return cat.get("common.yes" if value else "common.no", str(value))
    if value is None:
        return cat.get("common.none", "-")
    return str(value)


class _Formatter(string.Formatter):
    """``str.format`` plus ``{n:singular|plural}``: the word that agrees with the number ``n``."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, _, many = format_spec.partition("|")
            n = getattr(value, "n", None)  # a list agrees with its length ("3♦ is exposed")
            return one if (n == 1 if n is not None else value == "1") else many
        return super().format_field(value, format_spec)


class _Listed(str):
    """A list parameter as its text, remembering how many items it had (for ``{x:one|many}``)."""
    n: int


_FORMATTER = _Formatter()


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """The text of one message; an unknown key renders as the key itself (tests catch it).

    With ``count == 1`` the catalog's ``<key>.one`` is used where it exists (English singulars),
    with ``count == 0`` its ``<key>.zero`` (nothing to list).

    A text depends on its key, parameters and language only, and a view renders the same few
    hundred texts again and again (the log, seat labels, phase names), so texts are remembered
    (a Napoleon view with its log: 1.3 ms -> see bench/results).
    """
    try:
        # a parameter's type counts (True and 1 render differently); a list's items are kept
        memo_key = (key, lang, *((k, v.__class__, tuple(v) if v.__class__ is list else v)
                                 for k, v in params.items())) if params else (key, lang)
        hash(memo_key)
    except TypeError:  # a parameter that cannot be hashed (a nested list): render it afresh
        return _render(key, params, lang)
    text = _MEMO.get(memo_key)
    if text is None:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()  # a long session's texts: start again rather than grow without end
        text = _MEMO[memo_key] = _render(key, params, lang)
    return text


_MEMO: dict[Any, str] = {}
_MEMO_SIZE = 20_000


def _render(key: str, params: Mapping[str, Any] | None, lang: str) -> str:
    cat = catalog(lang)
    template = cat.get(key)
    if template is None:
        return key
    count = (params or {}).get("count")
    if isinstance(count, int) and not isinstance(count, bool) and count in (0, 1):
        # "1 honour", not "1 honours"; "no honours", not "0 honours: ": a catalog may give a variant
        template = cat.get(f"{key}.{'one' if count == 1 else 'zero'}", template)
    prefix = key.split(".", 1)[0]
    values: dict[str, Any] = {}
    for k, v in (params or {}).items():
        text = _format_param(k, v, prefix, lang)
        if isinstance(v, (list, tuple)):
            text = _Listed(text)
            text.n = len(v)
        values[k] = text
    try:
        return _FORMATTER.vformat(template, (), values)
    except (KeyError, IndexError, ValueError):
        return template
