"""Message catalogs: every text the core produces is a key plus parameters.

Explanations, events and hints carry ``(key, params)``; ``render`` turns them into Japanese
or English from ``data/messages/<lang>.json``. A text parameter is itself translated when
the catalog has ``<game>.<param>.<value>`` (``ddz.type.bomb`` → "bomb" / "爆弾"; a
``top_type`` parameter uses the ``type`` entries, ``top_rank`` the ``rank`` ones).
"""
from __future__ import annotations

import json
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


def _format_param(name: str, value: Any, prefix: str, lang: str) -> str:
    cat = catalog(lang)
    if name == "cards" and isinstance(value, (list, tuple)):
        return " ".join(_card_text(str(t), cat) for t in value)
    if isinstance(value, str):
        # "top_type" uses the "type" entries, "top_rank" the "rank" entries, and so on
        family = name.rsplit("_", 1)[-1]
        return cat.get(f"{prefix}.{name}.{value}", cat.get(f"{prefix}.{family}.{value}", value))
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    if isinstance(value, bool):
        return cat.get("common.yes" if value else "common.no", str(value))
    if value is None:
        return cat.get("common.none", "-")
    return str(value)


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """The text of one message; an unknown key renders as the key itself (tests catch it).

    With ``count == 1`` the catalog's ``<key>.one`` is used where it exists (English singulars).
    """
    cat = catalog(lang)
    template = cat.get(key)
    if template is None:
        return key
    if params and params.get("count") == 1:  # "1 honour", not "1 honours": a catalog may give a singular
        template = cat.get(f"{key}.one", template)
    prefix = key.split(".", 1)[0]
    values = {k: _format_param(k, v, prefix, lang) for k, v in (params or {}).items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError):
        return template
