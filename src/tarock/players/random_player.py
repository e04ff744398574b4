"""A uniformly random legal player: the baseline every other player must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tarock.core.protocol import Action, Game
from tarock.players.base import register_player


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


register_player("random", RandomPlayer)
