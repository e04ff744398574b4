"""Differential tests of the fast paths that replaced simpler code: the old algorithm, kept here
as the reference, against the new one on random inputs (same values, same order)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from tarock.bavarian.cards import TALON_SIZE
from tarock.bavarian.talon import lay_away_options
from tarock.core.cards import bits


def lay_away_reference(hand: int) -> list[int]:
    """BT-TALON-3 as first written: a generator sum per set of three cards."""
    return [sum(1 << c for c in combo) for combo in combinations(bits(hand), TALON_SIZE)]


@pytest.mark.parametrize("seed", range(5))
def test_lay_away_options_are_the_reference_sets_in_the_reference_order(seed):
    rng = random.Random(seed)
    for _ in range(50):
        cards = rng.sample(range(36), rng.randrange(3, 15))
        hand = sum(1 << c for c in cards)
        assert lay_away_options(hand) == lay_away_reference(hand)


def kontras_reference(ann) -> list:
    """HU-ANN-11 as first written: (owner, level) pairs looked up in a set per team."""
    from tarock.hungarian.announcements import KONTRAS
    from tarock.hungarian.outcome import DECLARER_TEAM, OPPONENTS

    by_declarer_team = frozenset([(DECLARER_TEAM, lv) for lv in (1, 3)]
                                 + [(OPPONENTS, lv) for lv in (0, 2, 4)])
    by_opponents = frozenset([(OPPONENTS, lv) for lv in (1, 3)]
                             + [(DECLARER_TEAM, lv) for lv in (0, 2, 4)])
    t = ann.team(ann.turn_player)
    raisable = by_declarer_team if t == DECLARER_TEAM else by_opponents
    return [KONTRAS[item] for item, level in ann.klevel.items() if (item[0], level) in raisable]


@pytest.mark.parametrize("players", [4, 5])
def test_the_kontras_offered_are_the_reference_ones(players):
    from tarock.games import make_game
    from tarock.hungarian.actions import KONTRA

    game = make_game("hungarian-tarokk", {"players": players})
    rng = random.Random(players)
    checked = 0
    for seed in range(150):
        state = game.new_deal_state(seed, dealer=seed % players)
        while not state.is_terminal():
            ann = state.ann
            if state.phase == "announce" and ann is not None and not (
                    ann.turn_player == ann.ctx.declarer and ann.first_turn
                    and "call" not in ann.turn_flags):
                offered = [a for a in ann.candidates() if a.kind == KONTRA]
                assert offered == kontras_reference(ann)
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 1000
