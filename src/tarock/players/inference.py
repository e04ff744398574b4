"""Inference for the search player: worlds weighted by how likely they make what the other seats
were seen to do.

A game's sampler deals the hidden cards consistently with the rules (voids shown, cards seen),
but uniformly otherwise: a defender facing a solo samples the declarer's hand as if he had bid
with any cards at all. A game's search domain can say more with ``likelihood(game,
observation)``: a function from a world to a number proportional to the probability of the
others' visible choices (their bids, plays) had that world been the true one, modelled by the
heuristic player's own policy made soft. :class:`WeightedSampler` draws ``candidates`` worlds
from the game's sampler, keeps one at random in proportion to its likelihood and gives it the
candidates' mean likelihood as its weight (sampling importance resampling with the resampled
world's weight kept, so that means weighted by it estimate the posterior means for any number
of candidates; with one candidate it is plain importance sampling). More candidates spend
sampling time to solve fewer unlikely worlds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

CANDIDATES = 8  # worlds drawn per world kept


def logistic(x: float) -> float:
    """1 / (1 + e^-x), without overflow for large ``|x|``."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class WeightedSampler:
    """Worlds of a game's sampler ``base`` with weights: resampled from ``candidates`` draws by
    their ``likelihood``, or each of weight 1 without one."""

    def __init__(self, base: Any, likelihood: Callable[[Any], float] | None = None,
                 candidates: int = CANDIDATES):
        self.base = base
        self.likelihood = likelihood
        self.candidates = candidates if likelihood is not None else 1

    def draw(self, rng: random.Random) -> tuple[Any, float] | None:
        """A world and its weight, or None when the sampler finds no world."""
        if self.likelihood is None:
            world = self.base.sample(rng)
            return None if world is None else (world, 1.0)
        worlds: list[Any] = []
        weights: list[float] = []
        for _ in range(self.candidates):
            world = self.base.sample(rng)
            if world is None:
                break
            worlds.append(world)
            weights.append(self.likelihood(world))
        if not worlds:
            return None
        total = sum(weights)
        if total <= 0:
            return worlds[0], 0.0
        return rng.choices(worlds, weights)[0], total / len(worlds)


class Product:
    """Independent likelihoods of what the others did (a game's auction and its card play, say)
    as one: their product; false when none of them says anything."""

    def __init__(self, *parts: Callable[[Any], float]):
        self.parts = parts

    def __bool__(self) -> bool:
        return any(bool(part) for part in self.parts)

    def __call__(self, world: Any) -> float:
        w = 1.0
        for part in self.parts:
            w *= part(world)
        return w
