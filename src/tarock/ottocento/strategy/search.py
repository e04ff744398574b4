"""The Ottocento domain of the search player: card play only.

Worlds come from :class:`~tarock.ottocento.strategy.sampler.OttocentoSampler`; each is turned into
a :class:`~tarock.ottocento.strategy.solver.Position` with the public record of the observation
(the piles won so far, the Matto debt) and solved with
:class:`~tarock.ottocento.strategy.solver.Solver`. With at most ``exact_tricks`` tricks left
(counting the current one) the solve is exact; earlier the search covers the current trick and
``depth`` more tricks and estimates there (see the solver's docstring), because exact search of
a whole deal is far beyond a move's time in Python. Signals are never given: a signalled lead has
the value of the same card and loses the tie (the heuristic decides everything else: discard,
declarations, claims, set-aside, the Matto exchange).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.core.protocol import Action, Game
from tarock.ottocento.cards import POWER, VALUE
from tarock.ottocento.strategy.sampler import Facts, OttocentoSampler, World, read_facts
from tarock.ottocento.strategy.solver import PileScorer, Position, Solver

EXACT_TRICKS = 4
DEPTH = 0


class OttocentoDomain:
    def __init__(self, exact_tricks: int = EXACT_TRICKS, depth: int = DEPTH):
        self.exact_tricks = exact_tricks
        self.depth = depth
        self._scorers: dict[Any, PileScorer] = {}
        self._facts: tuple[dict[str, Any], Facts] | None = None

    def handles(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> bool:
        return observation.get("phase") == "play" and all(
            getattr(a, "kind", None) == "play" for a in legal)

    def sampler(self, game: Game, observation: dict[str, Any]) -> OttocentoSampler:
        opt = game.opt  # type: ignore[attr-defined]
        return OttocentoSampler(observation, opt.two_player_setaside_restricted,
                                opt.signal_truthful)

    def tie_key(self, game: Game, action: Action) -> tuple[int, int, int]:
        card, signal = action.arg  # type: ignore[attr-defined]
        return (signal is not None, VALUE[card], POWER[card])  # unsignalled, cheap, weak

    def scorer(self, game: Game) -> PileScorer:
        opt = game.opt  # type: ignore[attr-defined]
        s = self._scorers.get(opt)
        if s is None:
            s = self._scorers[opt] = PileScorer(opt)
        return s

    def evaluate(self, game: Game, observation: dict[str, Any], world: World,
                 legal: Sequence[Action]) -> dict[Action, float]:
        pos = self.position(game, observation, world)
        left = pos.total_tricks - pos.tricks_done
        solver = Solver(pos.opts, None if left <= self.exact_tricks else self.depth,
                        self.scorer(game))
        values = solver.action_values(pos)
        sign = 1 if observation["team"] == 0 else -1
        return {a: sign * values[a.arg[0]] / 2 for a in legal}  # type: ignore[attr-defined]

    def position(self, game: Game, observation: dict[str, Any], world: World) -> Position:
        """The open-handed position of ``world`` with the observation's public record."""
        cached = self._facts
        if cached is None or cached[0] is not observation:
            cached = self._facts = (observation, read_facts(observation))
        sampler_facts = cached[1]
        return Position(sampler_facts.n, list(world.hands), observation["seat"],
                        list(sampler_facts.trick), list(sampler_facts.piles),
                        list(sampler_facts.won), list(world.reserve), sampler_facts.debtor,
                        len(sampler_facts.tricks), game.opt)  # type: ignore[attr-defined]


def make_domain() -> OttocentoDomain:
    return OttocentoDomain()
