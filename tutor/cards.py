"""Cards and decks in the shared notation (rules/README.md §1), for every game.

A card is a small frozen value that round-trips through its token::

    >>> Card.parse("H-10")
    Card.parse('H-10')
    >>> str(Card.parse("PHOENIX=8"))
    'PHOENIX=8'

Games decide which tokens their deck contains (``DeckSpec``); this module only knows the
notation, so one parser serves Dou Dizhu's ``BJ``/``RJ``, Tichu's special cards, the
undifferentiated ``JOKER`` and the declared wild cards (``PHOENIX=8``, ``JOKER=H-7``).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .errors import TutorError, short_value

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPECIALS: tuple[str, ...] = ("BJ", "RJ", "JOKER", "MAHJONG", "DOG", "PHOENIX", "DRAGON")
TILES: tuple[str, ...] = tuple(f"T{i}" for i in range(1, 10)) + ("WILD",)

SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ja": {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"},
}
RANK_NAMES = {
    "en": {"J": "jack", "Q": "queen", "K": "king", "A": "ace"},
    "ja": {},
}
SPECIAL_NAMES = {
    "en": {"BJ": "small joker", "RJ": "big joker", "JOKER": "joker", "MAHJONG": "Mahjong",
           "DOG": "Dog", "PHOENIX": "Phoenix", "DRAGON": "Dragon", "WILD": "wild tile"},
    "ja": {"BJ": "小ジョーカー", "RJ": "大ジョーカー", "JOKER": "ジョーカー", "MAHJONG": "麻雀",
           "DOG": "犬", "PHOENIX": "鳳凰", "DRAGON": "龍", "WILD": "ワイルド牌"},
}

_SUFFIX = re.compile(r"#\d+$")


class CardError(TutorError):
    """A token that is not a card of the shared notation (the message names the token; a
    ``ValueError`` too, as every ``TutorError``)."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card, or a wild card with the value it is declared to stand for.

    ``suit`` and ``rank`` are set for suited cards; ``special`` for jokers, Tichu's special
    cards and tiles; ``declared`` (a rank, or a suited token) only for declared wild cards.
    """

    special: str = ""
    suit: str = ""
    rank: str = ""
    declared: str = ""
    token: str = field(default="", compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        # the token is computed once: legal-move lists turn thousands of cards into text
        if self.special:
            text = f"{self.special}={self.declared}" if self.declared else self.special
        else:
            text = f"{self.suit}-{self.rank}"
        object.__setattr__(self, "token", text)

    @classmethod
    def parse(cls, token: str) -> "Card":
        """Parses one token; a ``#n`` copy suffix is dropped (it never affects a rule)."""
        if not isinstance(token, str):
            raise CardError("error.card.not_token", got=short_value(token))
        tok = _SUFFIX.sub("", token.strip())
        if "-" in tok and "=" not in tok:
            suit, _, rank = tok.partition("-")
            if suit in SUITS and rank in RANKS:
                return cls(suit=suit, rank=rank)
            raise CardError("error.card.unknown", token=short_value(token))
        if tok in SPECIALS or tok in TILES:
            return cls(special=tok)
        if tok.startswith("PHOENIX="):
            value = tok[len("PHOENIX="):]
            if value in RANKS:
                return cls(special="PHOENIX", declared=value)
        if tok.startswith("JOKER="):
            value = tok[len("JOKER="):]
            suit, _, rank = value.partition("-")
            if suit in SUITS and rank in RANKS:
                return cls(special="JOKER", declared=value)
        raise CardError("error.card.unknown", token=short_value(token))

    @property
    def physical(self) -> "Card":
        """The card in the hand that a declared wild card is (``PHOENIX=8`` → ``PHOENIX``)."""
        return Card(special=self.special) if self.declared else self

    @property
    def is_joker(self) -> bool:
        return self.special in ("BJ", "RJ", "JOKER")

    def __str__(self) -> str:
        return self.token

    def __hash__(self) -> int:  # the token determines every compared field, and is cheap to hash
        return hash(self.token)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def name(self, lang: str = "en") -> str:
        """What a screen reader should say: "10 of hearts" / "ハートの10"."""
        if self.special:
            base = SPECIAL_NAMES[lang].get(self.special, self.special)
            if self.declared:
                return f"{base} = {self.declared}" if lang == "en" else f"{base}（{self.declared}）"
            return base
        rank = RANK_NAMES[lang].get(self.rank, self.rank)
        if lang == "ja":
            return f"{SUIT_NAMES['ja'][self.suit]}の{rank}"
        return f"{rank} of {SUIT_NAMES['en'][self.suit]}"


def parse_cards(tokens: Iterable[str]) -> tuple[Card, ...]:
    """Parses a list of tokens; the error names the first bad token and its position."""
    out = []
    for i, tok in enumerate(tokens):
        try:
            out.append(Card.parse(tok))
        except CardError as exc:
            raise CardError(exc.key, path=f"[{i}]{exc.path}", **exc.params) from None
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> list[str]:
    """The tokens of ``cards`` as a JSON-ready list."""
    return [c.token for c in cards]


@dataclass(frozen=True)
class DeckSpec:
    """Which cards a game's deck holds and how many copies of each."""

    copies: int = 1
    specials: tuple[str, ...] = ()
    special_copies: int = 1
    suited: bool = True

    def cards(self) -> tuple[Card, ...]:
        """Every physical card, in a fixed (unshuffled) order."""
        out: list[Card] = []
        for _ in range(self.copies if self.suited else 0):
            out.extend(Card(suit=s, rank=r) for s in SUITS for r in RANKS)
        for sp in self.specials:
            out.extend(Card(special=sp) for _ in range(self.special_copies))
        return tuple(out)

    def counts(self) -> Counter[Card]:
        return Counter(self.cards())

    def accepts(self, card: Card) -> bool:
        phys = card.physical
        if phys.special:
            return phys.special in self.specials
        return self.suited


def multiset_contains(pool: Sequence[Card], wanted: Sequence[Card]) -> bool:
    """True if every card of ``wanted`` (counting repeats) is in ``pool``."""
    need = Counter(wanted)
    have = Counter(pool)
    return all(have[c] >= n for c, n in need.items())


def shortfall(pool: Sequence[Card], wanted: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """Why ``pool`` does not contain ``wanted``: ``(absent, repeated)``, each card listed once, in
    the order named. ``absent``: cards of which ``pool`` holds no copy at all; ``repeated``: cards
    it holds, but named more often than it holds them (the same card chosen twice)."""
    have = Counter(pool)
    need = Counter(wanted)
    absent: list[Card] = []
    repeated: list[Card] = []
    for c in need:
        if not have[c]:
            absent.append(c)
        elif need[c] > have[c]:
            repeated.append(c)
    return absent, repeated


def multiset_remove(pool: Sequence[Card], removed: Sequence[Card]) -> tuple[Card, ...]:
    """``pool`` without ``removed`` (one copy per occurrence); the caller checked containment."""
    need = Counter(removed)
    out = []
    for c in pool:
        if need[c]:
            need[c] -= 1
        else:
            out.append(c)
    return tuple(out)
