"""Play of the cards (HU-PLAY): following, the pagát restriction under ultimo, trick winners."""

from __future__ import annotations

from typing import Final

from tarock.core.tricks import follow_mask
from tarock.hungarian.cards import SUIT_MASKS, SUIT_OF, T1, TAROKK_SUIT, TAROKKS

_T1_BIT: Final = 1 << T1


def legal_cards(hand: int, led: int | None, keep_pagat: bool) -> int:
    """The mask of playable cards (HU-PLAY-2, HU-PLAY-6).

    ``led`` is the first card of the current trick (None on lead); ``keep_pagat`` says the
    player's team announced ultimo, so T1 may only be played as his only legal card (HU-PLAY-5);
    the caller passes False under ``ultimo_keeps_pagat`` = false, where an early T1 only makes
    the announced ultimo fail (HU-SCORE-9).
    """
    if led is None:
        legal = hand
    else:
        suit = SUIT_OF[led]
        legal = follow_mask(hand, TAROKKS if suit == TAROKK_SUIT else SUIT_MASKS[suit], TAROKKS)
    if keep_pagat and legal & _T1_BIT and legal != _T1_BIT:
        legal &= ~_T1_BIT
    return legal


def bound_legal_cards(legal: int, bound: dict[int, int], trick: int) -> int:
    """HI-PLAY-2, HI-PLAY-3 (the tail of HI-PLAY-7): from the cards HU-PLAY-2 allows, a card
    bound to this trick must be played; otherwise no card bound to a later trick while a free
    card is legal; if only bound cards are legal, the one with the earliest target trick."""
    due = sum(1 << c for c, k in bound.items() if k == trick and legal >> c & 1)
    if due:
        return due
    bound_mask = sum(1 << c for c in bound)
    if legal & ~bound_mask:
        return legal & ~bound_mask
    first = min(k for c, k in bound.items() if legal >> c & 1)
    return sum(1 << c for c, k in bound.items() if k == first and legal >> c & 1)
