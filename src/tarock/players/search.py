"""A determinization search player (kind ``search``), game-agnostic.

For each card-play decision it samples worlds (the hidden cards dealt consistently with its
observation) with the game's sampler, values every legal card in each world with the game's
perfect-information solver, and plays the card with the best average value for its own team.
Decisions a game's search domain does not handle (the auction, discards, calls, announcements,
claims) go to the heuristic player (kind ``heuristic``) when it is installed, else to the
cautious player, so the search player plays complete deals.

The games it can search are listed in ``_DOMAINS`` (the game's name to the module of the game's
strategy package that provides ``make_domain()``, imported by name so that this package imports
no game); a domain provides:

* ``handles(game, observation, legal) -> bool``: whether to search this decision;
* ``sampler(game, observation)``: an object with ``sample(rng) -> world | None``;
* ``evaluate(game, observation, world, legal) -> dict[action, float]``: each legal action's
  value for the acting seat's team in that world;
* ``tie_key(game, action)``: to break ties between equal averages (lowest first).

Each decision draws its random numbers from a generator seeded with the player's seed and a
digest of the observation, so the action depends only on what the seat knows (and on how many
worlds the time budget allowed: with ``budget`` generous, ``samples`` fixes the count).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import time
from collections.abc import Sequence
from typing import Any

from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import Action, Game
from tarock.players.base import Player, make_player, register_player

_DOMAINS = {
    "hungarian-tarokk": "tarock.hungarian.strategy.search",
    "bavarian-tarock": "tarock.bavarian.strategy.search",
    "ottocento": "tarock.ottocento.strategy.search",
}
_LOADED: dict[str, Any] = {}


def search_domain(game: Game) -> Any | None:
    """The search domain of ``game``, or None if the search player cannot search it."""
    module = _DOMAINS.get(game.name)
    if module is None:
        return None
    if game.name not in _LOADED:
        _LOADED[game.name] = importlib.import_module(module).make_domain()
    return _LOADED[game.name]


class SearchPlayer:
    """Sample worlds, solve each exactly (or to the domain's depth), pick the best average."""

    name = "search"

    def __init__(self, seed: int = 0, budget: float = 1.0, samples: int = 200,
                 min_samples: int = 1):
        self.seed = seed
        self.budget = budget
        self.samples = samples
        self.min_samples = min_samples
        self._fallback: Player | None = None
        self.last_stats: dict[str, Any] = {}

    def delegate(self) -> Player:
        """The player for decisions that are not searched: heuristic, else cautious."""
        if self._fallback is None:
            try:
                self._fallback = make_player("heuristic", self.seed)
            except InvalidOptionError:
                self._fallback = make_player("cautious", self.seed)
        return self._fallback

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        domain = search_domain(game)
        if domain is None or not domain.handles(game, observation, legal):
            return self.delegate().act(game, observation, legal)
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        rng = random.Random(f"{self.seed}:{_digest(observation)}")
        sampler = domain.sampler(game, observation)
        totals = dict.fromkeys(legal, 0.0)
        n = 0
        while n < self.samples:
            world = sampler.sample(rng)
            if world is None:
                break
            values = domain.evaluate(game, observation, world, legal)
            for a in legal:
                totals[a] += values[a]
            n += 1
            if n >= self.min_samples and time.perf_counter() - start >= self.budget:
                break
        self.last_stats = {"samples": n, "seconds": time.perf_counter() - start}
        if n == 0:
            return self.delegate().act(game, observation, legal)
        return min(legal, key=lambda a: (-totals[a], domain.tie_key(game, a)))


def _digest(observation: dict[str, Any]) -> str:
    text = json.dumps(observation, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


register_player("search", SearchPlayer)
