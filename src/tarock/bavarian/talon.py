"""The deal (BT-DEAL, BT-ALG-4), the talon (BT-TALON, BT-ALG-9) and the trump choice (BT-ALG-10).

Everything here is a pure function of the options, the pack and the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from tarock.bavarian.cards import HEARTS, NON_HEART, TALON_SIZE
from tarock.bavarian.options import BavarianOptions
from tarock.core.cards import bits

# BT-DEAL-4: ("T", n) is a talon packet, ("P", n) a packet of n to FH, MH and RH in turn.
PATTERNS = {"simple": (("T", 3), ("P", 4), ("P", 3), ("P", 4)),
            "haferl": (("P", 4), ("P", 3), ("T", 3), ("P", 4)),
            "scharfer": (("T", 3), ("P", 4), ("P", 3))}
TALON_GAMES = frozenset({"frage", "herzfrage", "pickup"})
ALL_SUITS = (0, 1, 2, 3)


def active_seats(seats: int, dealer: int) -> tuple[int, int, int]:
    """FH, MH, RH: the three seats after the dealer (BT-MATCH-4: with 4 seats he sits out)."""
    return ((dealer + 1) % seats, (dealer + 2) % seats, (dealer + 3) % seats)


def deal_pack(pack: Sequence[int], variant: str, active: Sequence[int],
              seats: int) -> tuple[list[int], tuple[int, ...]]:
    """BT-ALG-4: hands as masks per seat and the talon (top card first) from ``pack``."""
    hands = [0] * seats
    talon: list[int] = []
    i = 0
    for kind, n in PATTERNS[variant]:
        if kind == "T":
            talon += pack[i:i + n]
            i += n
            continue
        for seat in active:
            for card in pack[i:i + n]:
                hands[seat] |= 1 << card
            i += n
    if i != len(pack):
        raise AssertionError("the deal pattern does not use the whole pack")
    return hands, tuple(talon)


def lay_away_options(hand: int) -> list[int]:
    """BT-TALON-3: any 3 cards of the hand (OQ-14: no restriction)."""
    # the sets as sums of single-card masks in C (map/sum) rather than a generator per set:
    # the same masks in the same order, several times faster for the few hundred sets
    return list(map(sum, combinations([1 << c for c in bits(hand)], TALON_SIZE)))


def trump_choices(opt: BavarianOptions, contract: str) -> tuple[int, ...]:
    """BT-ALG-10: the suits the declarer may name; () for Bettel (no trumps)."""
    if contract == "bettel":
        return ()
    if contract in ("herzfrage", "herzsolo"):
        return (HEARTS,)
    if contract == "frage":
        return NON_HEART if opt.variant == "simple" and opt.simple_bettel else (HEARTS,)
    if contract == "solo":
        return NON_HEART
    if contract == "pickup":
        if opt.haferl_herz_neischaugn or (opt.haferl_berliner
                                          and opt.haferl_berliner_dealer_hearts):
            return (HEARTS,)  # BT-V2H-1, BT-V2B-3
        return ALL_SUITS
    return ALL_SUITS  # V2 hand game (BT-V2-CON-3)


def trump_first(opt: BavarianOptions, contract: str) -> bool:
    """BT-FLOW-1 step 4: hand games name trumps at once, talon games after laying away, except
    a V1B Frage under ``simple_frage_trump_timing=before_exchange``."""
    if contract not in TALON_GAMES:
        return True
    return (contract == "frage" and opt.variant == "simple" and opt.simple_bettel
            and opt.simple_frage_trump_timing == "before_exchange")
