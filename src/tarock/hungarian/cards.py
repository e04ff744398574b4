"""The 42-card Hungarian tarokk pack (HU-DECK, HU-NOT-1..3) as indices and bitmasks.

Index ``n - 1`` is tarokk ``Tn`` (T1 pagát ... T22 skíz); indices 22..41 are the suit cards, five
per suit in the order H, D, C, S and, within a suit, K, Q, N, J and the lowest card (A or 10).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from tarock.core import tricks
from tarock.core.cards import Card, Deck

SUITS = ("H", "D", "C", "S")
SUIT_NAMES = {"T": "Tarokks", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"}
_SUIT_RANKS = (("K", 5, 5), ("Q", 4, 4), ("N", 3, 3), ("J", 2, 2))  # letter, rank, card points
_ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
          "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "skíz"]
_SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def _build() -> Deck:
    cards = []
    for n in range(1, 23):
        points = 5 if n in (1, 21, 22) else 1  # HU-DECK-4
        display = "pagát" if n == 1 else _ROMAN[n - 1]
        cards.append(Card(n - 1, f"T{n}", "T", n, points, display))
    for suit in SUITS:
        low = "A" if suit in ("H", "D") else "10"  # HU-NOT-2: red ace, black ten
        for letter, rank, points in (*_SUIT_RANKS, (low, 1, 1)):
            cards.append(Card(len(cards), suit + letter, suit, rank, points,
                              _SUIT_SYMBOL[suit] + letter))
    return Deck(cards, SUIT_NAMES)


DECK: Final = _build()
# HU-DECK-6 (option red_fours): the red fours stand in for the red aces. Only the display
# changes; the codes stay HA and DA.
RED_FOURS_DECK = Deck((replace(c, display=c.display[0] + "4") if c.code in ("HA", "DA") else c
                       for c in DECK.cards), SUIT_NAMES)
NUM_CARDS: Final = 42
TOTAL_POINTS: Final = 94

T1: Final = 0
T2: Final = 1
T17: Final = 16
T18: Final = 17
T19: Final = 18
T20: Final = 19
T21: Final = 20
T22: Final = 21


def tarokk(n: int) -> int:
    """The index of tarokk ``Tn``."""
    return n - 1


def bit(index: int) -> int:
    return 1 << index


TAROKKS: Final = (1 << 22) - 1
SUIT_MASKS: Final = tuple(((1 << 5) - 1) << (22 + 5 * s) for s in range(4))
HONOURS: Final = bit(T1) | bit(T21) | bit(T22)
GREAT_HONOURS: Final = bit(T21) | bit(T22)
KINGS: Final = sum(bit(22 + 5 * s) for s in range(4))
FIVE_POINT: Final = HONOURS | KINGS
T2_TO_T19: Final = sum(bit(tarokk(n)) for n in range(2, 20))
T2_TO_T20: Final = T2_TO_T19 | bit(T20)

POINTS: Final = DECK.points
# For each card: its suit number (TAROKK_SUIT for the permanent trumps) and its strength.
TAROKK_SUIT: Final = 4
SUIT_OF: Final = tuple(TAROKK_SUIT if c.is_trump else SUITS.index(c.suit) for c in DECK.cards)
POWER: Final = tuple(100 + c.rank if c.is_trump else c.rank for c in DECK.cards)  # tarokks beat all


def is_tarokk(index: int) -> bool:
    return index < 22


def code(index: int) -> str:
    return DECK.cards[index].code


def trick_winner_index(cards: list[int]) -> int:
    """Position in ``cards`` (play order) of the card that wins the trick (HU-PLAY-4)."""
    return tricks.trick_winner_index(cards, SUIT_OF, POWER, TAROKK_SUIT)
