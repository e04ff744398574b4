"""The ``heuristic`` player: a club-strength rule-based strategy for each game that has one.

It picks the strategy by the game's name (one strategy module per game); a game without one is
played with the cautious player's behaviour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tarock.core.protocol import Action, Game
from tarock.players.base import Player, register_player
from tarock.players.cautious import CautiousPlayer
from tarock.players.heuristic_bavarian import BavarianHeuristic
from tarock.players.heuristic_hungarian import HungarianHeuristic
from tarock.players.heuristic_ottocento import OttocentoHeuristic

STRATEGIES: dict[str, Callable[[int], Player]] = {
    "hungarian-tarokk": HungarianHeuristic,
    "bavarian-tarock": BavarianHeuristic,
    "ottocento": OttocentoHeuristic,
}


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._by_game: dict[str, Player] = {}

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        strategy = self._by_game.get(game.name)
        if strategy is None:
            factory = STRATEGIES.get(game.name, CautiousPlayer)
            strategy = self._by_game[game.name] = factory(self.seed)
        return strategy.act(game, observation, legal)


register_player("heuristic", HeuristicPlayer)
