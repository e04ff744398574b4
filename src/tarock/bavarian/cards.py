"""The German-suited packs of Bavarian tarock (§1.1, BT-DECK, BT-ALG-1) as indices and bitmasks.

The full pack (36 cards, BT-DECK-1) and the short pack (24 cards, BT-DECK-2) list the cards in the
canonical order of §1.1: suits E, G, H, S and, within a suit, A 10 K O U 9 8 7 6. Card ``i`` of a
pack is bit ``1 << i`` of a hand. A :class:`Pack` holds the per-card tables the engine needs: the
suit number, the strength in the normal order (BT-DECK-4) and in the Bettel order (BT-DECK-5).
No card is a permanent trump (BT-DECK-6), so every card's ``suit`` is its suit letter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tarock.core import tricks
from tarock.core.cards import Card, Deck
from tarock.core.errors import InvalidRecordError

SUITS = ("E", "G", "H", "S")
SUIT_NAMES = {"E": "Eichel", "G": "Gras", "H": "Herz", "S": "Schellen"}
HEARTS = 2
NON_HEART = (0, 1, 3)  # E, G, S
RANKS = ("A", "10", "K", "O", "U", "9", "8", "7", "6")  # BT-DECK-4, high to low
BETTEL_RANKS = ("A", "K", "O", "U", "10", "9", "8", "7", "6")  # BT-DECK-5
POINTS = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0, "6": 0}
CODE_PATTERN = re.compile(r"^[EGHS](A|10|K|O|U|9|8|7|6)$")  # §1.1
TOTAL_POINTS = 120  # BT-DECK-3
TALON_SIZE = 3  # BT-TALON-1


def parse_code(code: str) -> tuple[str, str]:
    """``"H10"`` → ``("H", "10")``; anything off the §1.1 pattern raises InvalidRecordError."""
    if not isinstance(code, str) or not CODE_PATTERN.match(code):
        raise InvalidRecordError(f"invalid card code {code!r}", rule="BT-DECK-1",
                                 expected="a suit E, G, H or S and a rank A 10 K O U 9 8 7 6")
    return code[0], code[1:]


def strength(rank: str, bettel: bool = False) -> int:
    """Larger is stronger (BT-ALG-1)."""
    order = BETTEL_RANKS if bettel else RANKS
    return len(order) - order.index(rank)


@dataclass(frozen=True)
class Pack:
    """One pack and its per-card tables (indexed by card)."""

    deck: Deck
    ranks: tuple[str, ...]
    suit_of: tuple[int, ...]
    normal: tuple[int, ...]  # strength, BT-DECK-4
    bettel: tuple[int, ...]  # strength, BT-DECK-5
    suit_masks: tuple[int, ...]
    tricks: int  # N: cards per hand

    @property
    def size(self) -> int:
        return len(self.deck)

    def points(self, mask: int) -> int:
        return self.deck.mask_points(mask)

    def trick_winner_index(self, cards: list[int], trump: int | None, bettel: bool) -> int:
        """BT-PLAY-9 (BT-ALG-2): the position in ``cards`` of the winning card."""
        return tricks.trick_winner_index(cards, self.suit_of,
                                         self.bettel if bettel else self.normal, trump)


def _build(short: bool) -> Pack:
    ranks = RANKS[:6] if short else RANKS
    cards = []
    for suit in SUITS:
        for rank in ranks:
            code = suit + rank
            cards.append(Card(len(cards), code, suit, strength(rank), POINTS[rank], code))
    deck = Deck(cards, SUIT_NAMES)
    per = len(ranks)
    return Pack(
        deck=deck,
        ranks=ranks,
        suit_of=tuple(i // per for i in range(len(cards))),
        normal=tuple(c.rank for c in cards),
        bettel=tuple(strength(c.code[1:], bettel=True) for c in cards),
        suit_masks=tuple(((1 << per) - 1) << (per * s) for s in range(4)),
        tricks=7 if short else 11,
    )


FULL = _build(short=False)  # BT-DECK-1
SHORT = _build(short=True)  # BT-DECK-2


def make_pack(short: bool = False) -> list[str]:
    """BT-ALG-1: the card codes in canonical order."""
    return [c.code for c in (SHORT if short else FULL).deck.cards]
