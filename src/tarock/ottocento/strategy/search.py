"""The Ottocento domain of the search player: the dealer's discard, the set-aside, card play.

The dealer's discard and each card of the two-player set-aside are searched by play-outs: each
world is a whole deal that agrees with what the player knows
(:mod:`~tarock.ottocento.strategy.discard_sampler`), and the heuristic's best few discards or
cards to set aside are each played out in it (:mod:`tarock.players.rollouts`).

In card play, worlds come from :class:`~tarock.ottocento.strategy.sampler.OttocentoSampler`,
weighted by how likely each makes the declarations seen
(:mod:`~tarock.ottocento.strategy.inference`); each is turned into a
:class:`~tarock.ottocento.strategy.solver.Position` with the public record of the observation
(the piles won so far, the Matto debt) and solved. With the pure-Python
:class:`~tarock.ottocento.strategy.solver.Solver` and at most ``exact_tricks`` tricks left
(counting the current one) the solve is exact; earlier the search covers the current trick and
``depth`` more tricks and estimates there (see the solver's docstring), because exact search of
a whole deal is far beyond a move's time in Python. Signals are never given: a signalled lead has
the value of the same card and loses the tie. The heuristic decides everything else:
declarations, claims, the Matto exchange.

With ``solver="compiled"`` (the default) positions with at most ``compiled_tricks`` tricks left
are solved exactly by :class:`~tarock.ottocento.strategy.fast.FastSolver` instead (the same
values, tested against the reference), within a node limit: a solve that needs more raises
:class:`~tarock.players.compiled.NodeLimitExceeded` and the search player keeps the heuristic's
card. Earlier cards are played out instead, like the dealer's discard: each world is replayed
as the whole deal (:mod:`~tarock.ottocento.strategy.replay`) and every card without a signal
is played out in it by heuristic players. ``solver="reference"`` uses the pure-Python solver
only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.core.protocol import Action, Game, State
from tarock.ottocento.cards import POWER, VALUE
from tarock.ottocento.strategy.discard_sampler import DiscardSampler, TwoPlayerSampler
from tarock.ottocento.strategy.fast import FastSolver
from tarock.ottocento.strategy.heuristic import ranked_discards, ranked_set_asides
from tarock.ottocento.strategy.inference import DeclarationLikelihood
from tarock.ottocento.strategy.replay import replayed_state
from tarock.ottocento.strategy.sampler import (
    HAND_SIZE,
    Facts,
    OttocentoSampler,
    World,
    read_facts,
)
from tarock.ottocento.strategy.solver import PileScorer, Position, Solver
from tarock.players.search import SolvingDomain

EXACT_TRICKS = 4
DEPTH = 0
COMPILED_TRICKS = 7  # 7 tricks left: a move's values in about 0.1 s (median), 6 left in 10 ms
MAX_NODES = 20_000_000  # seconds: the search player's budget usually stops it first
DISCARD_CANDIDATES = 4  # discards played out: each costs a play-out per world
SET_ASIDE_CANDIDATES = 4  # cards to set aside played out (two players)


class OttocentoDomain(SolvingDomain):
    candidates = 32  # worlds drawn per world kept by inference: drawing one takes 0.05 ms

    def __init__(self, exact_tricks: int = EXACT_TRICKS, depth: int = DEPTH,
                 solver: str = "compiled", compiled_tricks: int = COMPILED_TRICKS,
                 max_nodes: int = MAX_NODES):
        super().__init__(exact_tricks, depth, solver, compiled_tricks, max_nodes)
        self._scorers: dict[Any, PileScorer] = {}
        self._facts: tuple[dict[str, Any], Facts] | None = None

    def handles(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> bool:
        if observation.get("phase") != "play" or not all(
                getattr(a, "kind", None) == "play" for a in legal):
            return False
        if self.solver != "compiled":
            return True
        facts = self.facts(observation)
        return len(facts.tricks) + self.compiled_tricks >= HAND_SIZE[facts.n]

    def sampler(self, game: Game, observation: dict[str, Any]
                ) -> OttocentoSampler | DiscardSampler | TwoPlayerSampler:
        if observation.get("phase") in ("discard", "set_aside"):
            if game.num_seats == 2:
                return TwoPlayerSampler(game, observation)
            return DiscardSampler(game, observation)
        opt = game.opt  # type: ignore[attr-defined]
        return OttocentoSampler(observation, opt.two_player_setaside_restricted,
                                opt.signal_truthful)

    def likelihood(self, game: Game, observation: dict[str, Any]) -> DeclarationLikelihood:
        """How likely a card-play world makes the declarations seen (see
        :mod:`~tarock.ottocento.strategy.inference`); false before card play."""
        return DeclarationLikelihood(game.opt,  # type: ignore[attr-defined]
                                     self.facts(observation), observation.get("phase") == "play")

    def rolls_out(self, game: Game, observation: dict[str, Any],
                  legal: Sequence[Action]) -> bool:
        """The dealer's discard and the two-player set-aside: searched by playing them out in
        sampled deals. So are the cards before the solver can value them (more than
        ``compiled_tricks`` tricks left), each world replayed as the whole deal
        (:mod:`~tarock.ottocento.strategy.replay`)."""
        phase = observation.get("phase")
        if phase == "play":
            return not self.handles(game, observation, legal)
        return phase == "set_aside" or (
            phase == "discard" and observation.get("seat") == observation.get("dealer"))

    def rollout_actions(self, game: Game, observation: dict[str, Any],
                        legal: Sequence[Action]) -> list[Action]:
        """Of the hundred-odd discards, the heuristic's best ``DISCARD_CANDIDATES``; of the
        cards to set aside, its best ``SET_ASIDE_CANDIDATES``; in card play every card without
        a signal (the heuristic's own choice is added by the search player)."""
        opt = game.opt  # type: ignore[attr-defined]
        phase = observation.get("phase")
        if phase == "play":
            return [a for a in legal if a.arg[1] is None]  # type: ignore[attr-defined]
        if phase == "set_aside":
            return ranked_set_asides(opt, observation, legal)[:SET_ASIDE_CANDIDATES]
        return ranked_discards(opt, observation, legal)[:DISCARD_CANDIDATES]

    def state(self, game: Game, observation: dict[str, Any], world: State | World
              ) -> State | None:
        """A world of the discard or the set-aside is already the whole deal at this
        decision; one of card play is replayed as the whole deal (None where it does not agree
        with the observation)."""
        if isinstance(world, World):
            return replayed_state(game, observation, self.facts(observation), world)
        return world

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
                 legal: Sequence[Action], max_nodes: int | None = None) -> dict[Action, float]:
        pos = self.position(game, observation, world)
        values = self.values(game, pos, max_nodes)
        sign = 1 if observation["team"] == 0 else -1
        return {a: sign * values[a.arg[0]] / 2 for a in legal}  # type: ignore[attr-defined]

    def true_world(self, state: Any) -> World:
        """The world as it is (the omniscient player's): every hand and both reserves."""
        return World(list(state.hands), state.reserves())

    def values(self, game: Game, pos: Position, max_nodes: int | None = None
               ) -> dict[int, int]:
        """Each legal card's value (half points, team 0 minus team 1) by the configured
        solver; the compiled one stops at ``max_nodes`` (at most the domain's ``max_nodes``)
        with :class:`~tarock.players.compiled.NodeLimitExceeded`."""
        if self.solver != "compiled":
            left = pos.total_tricks - pos.tricks_done
            solver = Solver(pos.opts, None if left <= self.exact_tricks else self.depth,
                            self.scorer(game))
            return solver.action_values(pos)
        return self.solve(FastSolver(pos.opts, self.node_limit(max_nodes)), pos)

    def facts(self, observation: dict[str, Any]) -> Facts:
        """What the sampler reads off ``observation``, kept for the decision's worlds."""
        cached = self._facts
        if cached is None or cached[0] is not observation:
            cached = self._facts = (observation, read_facts(observation))
        return cached[1]

    def position(self, game: Game, observation: dict[str, Any], world: World) -> Position:
        """The open-handed position of ``world`` with the observation's public record."""
        sampler_facts = self.facts(observation)
        return Position(sampler_facts.n, list(world.hands), observation["seat"],
                        list(sampler_facts.trick), list(sampler_facts.piles),
                        list(sampler_facts.won), list(world.reserve), sampler_facts.debtor,
                        len(sampler_facts.tricks), game.opt)  # type: ignore[attr-defined]


def make_domain() -> OttocentoDomain:
    return OttocentoDomain()
