"""The ``omniscient`` player: it sees every card. For measurement only.

Its card play solves the real deal (not sampled worlds) with the game's search domain wherever
the search player would solve (in Ottocento from 7 tricks left); where the search player plays
the cards out instead because no solver reaches them (Ottocento's first tricks), it plays each
card out in the real deal by heuristic players and takes the best. It decides everything else
like the heuristic player, so in the duplicate arena the difference
between it and the heuristic is the ceiling of what knowing the hidden cards is worth in card
play, the gap a search player over sampled worlds tries to close. It needs the whole state, so
it declares ``omniscient = True`` and :func:`tarock.core.session.players_act` hands it the
state; ``tarock play`` refuses it (a person would face a player who sees their hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import Action, Game
from tarock.players.base import Player, make_player, register_player
from tarock.players.compiled import NodeLimitExceeded
from tarock.players.rollouts import outcome, rollout_values, seats_players
from tarock.players.search import rollout_options, search_domain


class OmniscientPlayer:
    name = "omniscient"
    omniscient = True

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._fallback: Player | None = None

    def delegate(self) -> Player:
        if self._fallback is None:
            self._fallback = make_player("heuristic", self.seed)
        return self._fallback

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        raise InvalidOptionError("the omniscient player needs the whole state, not an "
                                 "observation", expected="a table that calls act_open")

    def act_open(self, game: Game, state: Any, legal: Sequence[Action]) -> Action:
        """The action for the player to move in ``state``, seeing every card."""
        observation = state.observation(state.current_player())
        domain = search_domain(game)
        if domain is None or len(legal) == 1:
            return self.delegate().act(game, observation, legal)
        if not domain.handles(game, observation, legal):
            if observation.get("phase") == "play" and domain.rolls_out(game, observation, legal):
                return self._played_out(game, state, observation, legal, domain)
            return self.delegate().act(game, observation, legal)
        try:
            values = domain.evaluate(game, observation, domain.true_world(state), legal)
        except NodeLimitExceeded:  # a solve too long even for measurement: rare
            return self.delegate().act(game, observation, legal)
        return min(legal, key=lambda a: (-values[a], domain.tie_key(game, a)))

    def _played_out(self, game: Game, state: Any, observation: dict[str, Any],
                    legal: Sequence[Action], domain: Any) -> Action:
        """The card whose play-out in the real deal scores best for the seat (valued as the
        search player values it: :func:`~tarock.players.rollouts.outcome`), the heuristic's among
        equals: the cards the search player would play out, and the heuristic's."""
        default = self.delegate().act(game, observation, legal)
        options = rollout_options(domain, game, observation, legal, default)
        values = rollout_values(state, options, observation["seat"], seats_players(game),
                                value=outcome(domain, game, observation))
        assert values is not None  # no deadline
        return max(options, key=lambda a: (values[a], a == default))


register_player("omniscient", OmniscientPlayer)
