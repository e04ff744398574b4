"""Declarations during a deal: the legal choices and the claim checks (§5, OT-ALG-11).

A player's declaration is a sequence of ``declare`` actions, one combination each, ended by
``declare_done`` (the dealer's early claim ends with ``claim`` or ``decline`` instead): the
possible declarations of a strong hand run into the thousands, but each single combination is
small to list. The combinations are checked and valued by :mod:`tarock.ottocento.combinations`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tarock.ottocento import actions as A
from tarock.ottocento.combinations import (
    KINDS,
    Combination,
    best_declaration_points,
    declarable,
    declaration_points,
)
from tarock.ottocento.options import OttocentoOptions
from tarock.ottocento.scoring import rubber_winner


def declare_actions(hand: int, shown: Sequence[Combination],
                    opts: OttocentoOptions) -> list[A.Action]:
    """Every combination that may be added to the declaration ``shown`` so far: kinds not yet
    declared (OT-DECL-4 item 4), cards not yet shown under ``declaration_card_reuse = false``
    (OT-V-14); the largest option of each kind first."""
    done = {c.kind for c in shown}
    used = 0
    if not opts.declaration_card_reuse:
        for c in shown:
            used |= c.cards
    out = []
    for kind in KINDS:
        if kind in done:
            continue
        out += [A.declare(kind, m) for m in declarable(hand, kind, opts) if not m & used]
    return out


def with_points(totals: Sequence[int], team: int, points: int) -> list[int]:
    out = list(totals)
    out[team] += points
    return out


def early_claim_possible(first_cards: int, team: int, totals: Sequence[int],
                         opts: OttocentoOptions) -> bool:
    """OT-DECL-9, OT-ALG-11: whether the dealer's best declaration from his first fifteen (two
    players: his 20 cards before the last 2) gives his team a winning total."""
    if opts.claims_mode == "none":
        return False
    # cheap bound first: the reuse-allowed maximum is never below the disjoint one
    full = best_declaration_points(first_cards, _reuse(opts))
    if rubber_winner(with_points(totals, team, full), opts.target_score) != team:
        return False
    best = full if opts.declaration_card_reuse else best_declaration_points(first_cards, opts)
    return rubber_winner(with_points(totals, team, best), opts.target_score) == team


def claim_wins(shown: Sequence[Combination], team: int, totals: Sequence[int],
               opts: OttocentoOptions) -> bool:
    """Whether the claim shown so far gives a winning total (OT-RUB-3)."""
    points = declaration_points(shown)
    return rubber_winner(with_points(totals, team, points), opts.target_score) == team


def declaration_ends_rubber(is_eldest: bool, team: int, running_totals: Sequence[int],
                            opts: OttocentoOptions) -> bool:
    """OT-DECL-10, OT-DECL-11, OT-V-8 (OT-ALG-11): asked after each trick-1 declaration, its
    points already credited."""
    mode = opts.claims_mode
    if mode == "none" or (mode == "dealer_and_eldest" and not is_eldest):
        return False
    return rubber_winner(running_totals, opts.target_score) == team


def _reuse(opts: OttocentoOptions) -> OttocentoOptions:
    if opts.declaration_card_reuse:
        return opts
    return replace(opts, declaration_card_reuse=True)
