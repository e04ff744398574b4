"""End of the deal and of the rubber: piles, the Matto settlement, scoring (§10, §11).

Pure functions over masks (OT-ALG-9 to OT-ALG-11). Teams are numbered as the rubber's fixed
teams: in the four-player game team ``seat % 2`` (seats 0 and 2 are team 0), in the two-player
game each seat is its own team.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tarock.core.cards import iter_bits
from tarock.ottocento.cards import MATTO_BIT, ONE_POINT, VALUE
from tarock.ottocento.combinations import (
    SET_MEMBERS,
    card_points,
    holding_combinations,
    score_combinations,
)
from tarock.ottocento.options import OttocentoOptions

LAST_TRICK = 6  # OT-SCORE-4


def add_reserves(piles: list[int], won: Sequence[int], reserve: Sequence[int],
                 opts: OttocentoOptions) -> list[int]:
    """OT-SCORE-1 item 3, OT-DEAL-7, OT-V-2 item 6, OT-V-9: each team's reserve (the dealer's
    discard, the two-player set-aside cards) to its owner if it won a trick, else lost."""
    out = list(piles)
    for t in (0, 1):
        if won[t]:
            out[t] |= reserve[t]
        elif opts.lost_discard_to == "opponents":
            out[1 - t] |= reserve[t]
    return out


@dataclass(frozen=True)
class MattoSettlement:
    """What OT-SCORE-1 item 4 asks: ``kind`` none, lost, forfeit or choose; for choose the
    owing team and the cards it may give."""

    kind: str
    debtor: int | None = None
    candidates: int = 0


def matto_settlement(piles: Sequence[int], won: Sequence[int], reserve: Sequence[int],
                     debtor: int | None, opts: OttocentoOptions) -> MattoSettlement:
    """OT-MATTO-4 to -6, OT-V-10, OT-V-11."""
    if debtor is None:
        return MattoSettlement("none")
    if not won[debtor]:
        return MattoSettlement("lost", debtor)  # OT-MATTO-6
    pool = piles[debtor] & ~MATTO_BIT
    if not opts.matto_exchange_from_discard:
        pool &= ~reserve[debtor]
    ones = pool & ONE_POINT
    if ones:
        return MattoSettlement("choose", debtor, ones)
    if opts.matto_exchange_fallback == "forfeit_matto":
        return MattoSettlement("forfeit", debtor)
    low = min(VALUE[i] for i in iter_bits(pool))
    return MattoSettlement("choose", debtor,
                           sum(1 << i for i in iter_bits(pool) if VALUE[i] == low))


def settle_matto(piles: Sequence[int], settlement: MattoSettlement,
                 card: int | None = None) -> list[int]:
    """Move the MATTO (lost, forfeit) or the chosen card (choose) to the other pile."""
    out = list(piles)
    if settlement.kind == "none":
        return out
    d = settlement.debtor
    assert d is not None
    moved = card if settlement.kind == "choose" else MATTO_BIT
    assert moved is not None and out[d] & moved
    out[d] &= ~moved
    out[1 - d] |= moved
    return out


def score_pile(pile: int, opts: OttocentoOptions) -> dict[str, Any]:
    """Sets, sequences and card points of one pile (OT-SCORE-3, -5, -6)."""
    combos = holding_combinations(pile, opts)
    sets, seqs = score_combinations(combos)
    return {
        "sets": sets,
        "sequences": seqs,
        "card_points": card_points(pile),
        "set_combinations": [c.to_json() for c in combos if c.kind in SET_MEMBERS],
        "sequence_combinations": [c.to_json() for c in combos if c.kind not in SET_MEMBERS],
    }


def score_piles(piles: Sequence[int], last_team: int, declared: Sequence[int],
                opts: OttocentoOptions) -> tuple[list[int], list[dict[str, Any]]]:
    """OT-ALG-10, OT-SCORE-7, OT-SCORE-11: deal totals per team and the result items."""
    totals, items = [], []
    for t in (0, 1):
        s = score_pile(piles[t], opts)
        last = LAST_TRICK if t == last_team else 0
        totals.append(declared[t] + s["sets"] + s["sequences"] + s["card_points"] + last)
        items += [
            {"item": "sets", "team": t, "points": s["sets"],
             "combinations": s["set_combinations"]},
            {"item": "sequences", "team": t, "points": s["sequences"],
             "combinations": s["sequence_combinations"]},
            {"item": "card_points", "team": t, "points": s["card_points"],
             "cards": piles[t].bit_count()},
            {"item": "last_trick", "team": t, "points": last},
        ]
    return totals, items


def rubber_winner(totals: Sequence[int], target: int) -> int | None:
    """OT-RUB-3: the team at or above the target and strictly ahead, or None."""
    a, b = totals[0], totals[1]
    if max(a, b) < target or a == b:
        return None
    return 0 if a > b else 1


def after_deal(totals: Sequence[int], deals_played: int, opts: OttocentoOptions) -> str:
    """OT-ALG-11 after_deal: "won", "draw" or "continue" once a deal has been scored;
    ``deals_played`` counts the deals of the match including this one."""
    if opts.match_format == "quattro_scartate":
        if deals_played < 4:
            return "continue"
        if totals[0] != totals[1]:
            return "won"
        return "draw" if opts.tie_rule == "draw" else "continue"
    if rubber_winner(totals, opts.target_score) is not None:
        return "won"
    if totals[0] == totals[1] >= opts.target_score and opts.tie_rule == "draw":
        return "draw"
    return "continue"
