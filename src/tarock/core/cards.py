"""Cards as small integers and hands as int bitmasks.

A game describes its pack once as a :class:`Deck`; card ``i`` of the deck is bit ``1 << i`` in a
hand mask. Everything a game-agnostic client needs to show or reason about a card (its code, suit,
points, whether it is a trump) lives here, so players and the CLI never import a game's internals.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tarock.core.errors import InvalidRecordError

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    code: str
    suit: str  # "T" for trumps (tarokks), otherwise the suit letter of the game
    rank: int  # higher beats lower within the same suit
    points: int  # card points as the game counts them
    display: str  # how the card is shown to people

    @property
    def is_trump(self) -> bool:
        return self.suit == "T"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its fields: the compiled build (``tarock.core.native``) makes a card only
        through ``__init__``."""
        return (Card, (self.index, self.code, self.suit, self.rank, self.points, self.display))


class Deck:
    """An ordered pack of distinct cards with lookups by code and bitmask helpers."""

    def __init__(self, cards: Iterable[Card], suit_names: Mapping[str, str] | None = None):
        self.cards: tuple[Card, ...] = tuple(cards)
        # How people call each suit letter ("T" for the trumps), for displays.
        self.suit_names: dict[str, str] = dict(suit_names or {})
        for i, card in enumerate(self.cards):
            if card.index != i:
                raise ValueError(f"card {card.code} has index {card.index}, expected {i}")
        self.by_code: dict[str, Card] = {c.code: c for c in self.cards}
        self.full_mask: int = (1 << len(self.cards)) - 1
        self.points: tuple[int, ...] = tuple(c.points for c in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its cards (games travel to worker processes; see ``Card.__reduce__``)."""
        return (Deck, (self.cards, self.suit_names))

    def index(self, code: str, rule: str | None = None) -> int:
        """The index of a card code; unknown codes raise :class:`InvalidRecordError`."""
        card = self.by_code.get(code)
        if card is None:
            raise InvalidRecordError(f"unknown card code {code!r}", rule=rule)
        return card.index

    def code(self, index: int) -> str:
        return self.cards[index].code

    def mask(self, codes: Iterable[str], rule: str | None = None) -> int:
        m = 0
        for code in codes:
            m |= 1 << self.index(code, rule)
        return m

    def codes(self, mask: int) -> list[str]:
        return [self.cards[i].code for i in iter_bits(mask)]

    def mask_points(self, mask: int) -> int:
        pts = self.points
        return sum(pts[i] for i in iter_bits(mask))


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class BitItems(Generic[T]):
    """``[items[i] for i in iter_bits(mask)]`` by table lookup, eight bits at a time.

    Engines turn a mask of legal cards into a list of actions at every decision; walking the
    bits one by one in Python was a measurable part of that (see docs/performance.md)."""

    __slots__ = ("_tables",)

    def __init__(self, items: Sequence[T]):
        n = len(items)
        self._tables = tuple(
            tuple(tuple(items[base + i] for i in range(8) if byte >> i & 1 and base + i < n)
                  for byte in range(256))
            for base in range(0, n, 8))

    def items(self, mask: int) -> list[T]:
        out: list[T] = []
        for table in self._tables:
            if not mask:
                break
            out += table[mask & 255]
            mask >>= 8
        return out


def bits(mask: int) -> list[int]:
    return list(iter_bits(mask))


def popcount(mask: int) -> int:
    return mask.bit_count()
