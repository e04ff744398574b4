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
