"""What the scoring needs to know about a finished deal (HU-SCORE-16 `deal`).

The game builds a :class:`DealOutcome` from its state; :mod:`tarock.hungarian.scoring` turns it into
payments with pure functions, so scoring can be tested without playing a deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from tarock.core.tricks import Trick
from tarock.hungarian.options import HungarianOptions

DECLARER_TEAM: Final = "d"
OPPONENTS: Final = "o"
__all__ = ["BONUSES", "DECLARER_TEAM", "OPPONENTS", "DealOutcome", "Trick"]

BONUSES = ("trull", "four_kings", "double", "volat", "ultimo", "xxi_catch", "pagat_catch")


@dataclass(frozen=True)
class DealOutcome:
    """A deal whose tricks are all played (or, for the renonsz penalty, cut short).

    ``kontra`` maps every kontra-able item to its level 0..5 (HU-ANN-10): the key is
    ``(owner_team, name)`` with owner ``"d"`` or ``"o"``; ``("d", "game")`` is always present and a
    bonus is present exactly when that team announced it.
    """

    options: HungarianOptions
    level: int  # G = 1..4 (HU-NOT-7)
    multiplier: int  # M, the deal multiplier from doubled rounds (HU-SESSION-6)
    seats: int  # persons at the table: 4 or 5
    dealer: int
    active: tuple[int, ...]  # A, B, C, D
    declarer: int
    partner: int | None  # None: the declarer plays alone (HU-CALL-5)
    declarer_discards: int  # card mask of the declarer's own pile (HU-TALON-6)
    tricks: tuple[Trick, ...]
    kontra: Mapping[tuple[str, str], int]
    counts: Mapping[int, int] = field(default_factory=dict)  # seat -> 8 or 9, announced
    claims: Mapping[int, int] = field(default_factory=dict)  # seat -> 8 or 9, claimed at the end
    talon_received: Mapping[int, int] = field(default_factory=dict)  # seat -> mask (HU-5P-7)
    # the three other discard piles together; they count for a lone declarer whose called card
    # lies in one of them under `lone_declarer_gets_all_discards` (HU-SCORE-1)
    other_discards: int = 0
    called_card_discarded: bool = False  # the called card lies in a non-declarer's discards

    def team_of(self, seat: int) -> str:
        return DECLARER_TEAM if seat in (self.declarer, self.partner) else OPPONENTS
