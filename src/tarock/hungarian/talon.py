"""Talon split, discards, disclosure and annulment (HU-TALON, HU-ANNUL)."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from tarock.core.cards import bits
from tarock.hungarian.cards import FIVE_POINT, HONOURS, KINGS, T1, T20, T21, TAROKKS, bit
from tarock.hungarian.options import HungarianOptions

# Talon cards per position (declarer, 2nd, 3rd, 4th player) by bid level (HU-TALON-2).
SHARES: Final = {1: (3, 1, 1, 1), 2: (2, 2, 1, 1), 3: (1, 2, 2, 1), 4: (0, 2, 2, 2)}


def split_talon(talon: tuple[int, ...], level: int, active: tuple[int, ...],
                declarer: int) -> dict[int, tuple[int, ...]]:
    """Each active seat's talon cards in talon order, starting with the declarer (HU-TALON-1/2)."""
    i = active.index(declarer)
    out: dict[int, tuple[int, ...]] = {}
    pos = 0
    for offset, n in enumerate(SHARES[level]):
        out[active[(i + offset) % 4]] = talon[pos:pos + n]
        pos += n
    return out


def forbidden_discards(opt: HungarianOptions, seat: int, cue_card: int | None,
                       cue_player: int | None, yielder: int | None) -> int:
    """Cards ``seat`` may not discard (HU-TALON-5); ``cue_card`` only while cue duties hold.
    Under ``promised_card_discard_allowed`` the cue bidder and the yielder keep no card back."""
    out = FIVE_POINT
    keep_promised = not opt.promised_card_discard_allowed
    if cue_card is not None and seat == cue_player and keep_promised:
        out |= bit(cue_card)
    if (seat == yielder and keep_promised) or opt.xx_discard_forbidden:
        out |= bit(T20)
    return out


def discard_options(hand: int, count: int, forbidden: int) -> list[int]:
    """Every legal discard of ``count`` cards, as masks (HU-TALON-4/5)."""
    allowed = [1 << c for c in bits(hand & ~forbidden)]
    return list(map(sum, combinations(allowed, count)))


def annul_reasons(hand: int, discarded: int, opt: HungarianOptions) -> list[str]:
    """The HU-ANNUL-1 keys that let this final hand annul, after HU-ANNUL-3."""
    tarokks = hand & TAROKKS
    found = []
    if hand & KINGS == KINGS:
        found.append("four_kings")
    if tarokks == bit(T21):
        found.append("xxi_alone")
    if tarokks == bit(T1):
        found.append("pagat_alone")
    if not tarokks:
        found.append("no_tarokk")
    if tarokks == bit(T1) | bit(T21):
        found.append("xxi_pagat_alone")
    found = [k for k in found if k in opt.annul_hands]
    if discarded & TAROKKS and not opt.annul_after_tarokk_discard:
        found = [k for k in found if k == "four_kings"]
    return found


def has_honour(cards: tuple[int, ...]) -> bool:
    return any(bit(c) & HONOURS for c in cards)
