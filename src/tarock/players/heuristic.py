"""The ``heuristic`` player: a club-strength rule-based strategy for each game that has one.

It picks the strategy by the game's name: each game's ``strategy.heuristic`` module, imported by
name on first use so that this generic package imports no game; a game without one is played
with the cautious player's behaviour.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from tarock.core.protocol import Action, Game
from tarock.players.base import Player, register_player
from tarock.players.cautious import CautiousPlayer

STRATEGIES: dict[str, tuple[str, str]] = {
    "hungarian-tarokk": ("tarock.hungarian.strategy.heuristic", "HungarianHeuristic"),
    "bavarian-tarock": ("tarock.bavarian.strategy.heuristic", "BavarianHeuristic"),
    "ottocento": ("tarock.ottocento.strategy.heuristic", "OttocentoHeuristic"),
}


def strategy_for(game_name: str, seed: int) -> Player:
    """The heuristic strategy of the named game, seeded; the cautious player if it has none."""
    where = STRATEGIES.get(game_name)
    if where is None:
        return CautiousPlayer(seed)
    module, cls = where
    return getattr(importlib.import_module(module), cls)(seed)


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._by_game: dict[str, Player] = {}

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        strategy = self._by_game.get(game.name)
        if strategy is None:
            strategy = self._by_game[game.name] = strategy_for(game.name, self.seed)
        return strategy.act(game, observation, legal)


register_player("heuristic", HeuristicPlayer)
