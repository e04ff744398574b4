"""The Hungarian tarokk domain of the search player: every decision but the annulments and
the count claim.

Before card play (the calls, the raise, the discard, the call of the partner and the other
announcements), each world is a whole deal that agrees with the record seen
(:class:`~tarock.hungarian.strategy.deal_sampler.DealSampler`), weighted by how likely its hands
made the calls and the other team's kontras and bonuses
(:mod:`~tarock.hungarian.strategy.inference`); the search player plays every legal action out in
it (:mod:`tarock.players.rollouts`), of the discards only the heuristic's best
``DISCARD_CANDIDATES``. So are the cards of the first tricks, where no world can be solved in the
time.

In card play, worlds come from :class:`~tarock.hungarian.strategy.sampler.HungarianSampler`,
weighted by the auction and the other team's kontras and bonuses
(:mod:`~tarock.hungarian.strategy.inference`); each is turned into a
:class:`~tarock.hungarian.strategy.solver.Position` with the public record of the observation
(tricks, kontra levels, announcements) and solved. With the pure-Python
:class:`~tarock.hungarian.strategy.solver.Solver`, a position with at most ``exact_tricks``
tricks left (counting the current one) is solved exactly; earlier, the search looks ``depth``
tricks past the current one and estimates there (see the solver's docstring), because exact
search of a whole deal takes minutes in Python.

With ``solver="compiled"`` (the default) positions with at most ``compiled_tricks`` tricks left
(every position by default) are solved exactly by
:class:`~tarock.hungarian.strategy.fast.FastSolver` instead (the same values, tested against the
reference), within a node limit: a solve that needs more raises
:class:`~tarock.players.compiled.NodeLimitExceeded` and the search player keeps the heuristic's
card. ``solver="reference"`` uses the pure-Python solver only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.core.protocol import Action, Game, State
from tarock.hungarian.cards import DECK, POINTS
from tarock.hungarian.strategy.deal_sampler import DealSampler
from tarock.hungarian.strategy.fast import FastSolver
from tarock.hungarian.strategy.heuristic import discard_values, read_observation
from tarock.hungarian.strategy.inference import (
    AnnouncementLikelihood,
    AuctionLikelihood,
    KontraLikelihood,
)
from tarock.hungarian.strategy.sampler import TEAM_BY_WORD, HungarianSampler, World
from tarock.hungarian.strategy.solver import (
    STRENGTH,
    LeafScorer,
    Position,
    Solver,
    make_position,
)
from tarock.players.inference import Product
from tarock.players.rollouts import best_actions
from tarock.players.search import SolvingDomain

EXACT_TRICKS = 5
DEPTH = 2
COMPILED_TRICKS = 9  # a whole deal's moves in about 0.15 s (median), 7 left in milliseconds
MAX_NODES = 20_000_000  # a few seconds: the search player's budget usually stops it first
DISCARD_CANDIDATES = 4  # discards played out: each costs a play-out per world
ROLLOUT_PHASES = {"auction": ("bid",), "raise": ("raise",), "discard": ("discard",),
                  "announce": ("call", "count", "announce", "kontra", "pass"), "play": ("play",)}


class HungarianDomain(SolvingDomain):
    candidates = 4  # worlds drawn per world kept by inference: this sampler is the slow one
    # The search player's rule here: the card with the best mean over every world the time
    # allows. With no margin over the heuristic's card and no early stop, its card play alone
    # made +0.49 [+0.06, +0.93] points a deal more than with a margin of one standard error and
    # the early stop after 16 worlds (500 deals at 0.25 s), the whole player +0.34 [-0.01,
    # +0.69] (700 deals; docs/strength-history.md); in Bavarian tarock and Ottocento neither
    # rule changed single decisions measurably.
    confidence = 0.0
    settle = None

    def __init__(self, exact_tricks: int = EXACT_TRICKS, depth: int = DEPTH,
                 solver: str = "compiled", compiled_tricks: int = COMPILED_TRICKS,
                 max_nodes: int = MAX_NODES):
        super().__init__(exact_tricks, depth, solver, compiled_tricks, max_nodes)
        self._scorers: dict[str, LeafScorer] = {}

    def handles(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> bool:
        return (observation.get("phase") == "play" and observation.get("seat") in
                observation.get("active", ()) and "my_team" in observation
                and all(getattr(a, "kind", None) == "play" for a in legal)
                and (self.solver != "compiled"
                     or 9 - len(observation.get("tricks", ())) <= self.compiled_tricks))

    def sampler(self, game: Game, observation: dict[str, Any]) -> HungarianSampler:
        """Card-play worlds to solve."""
        return HungarianSampler(game.opt, observation)  # type: ignore[attr-defined]

    def rollout_sampler(self, game: Game, observation: dict[str, Any]) -> DealSampler:
        """Whole deals replayed to the decision, to play out."""
        return DealSampler(game, observation)

    def rolls_out(self, game: Game, observation: dict[str, Any],
                  legal: Sequence[Action]) -> bool:
        """The calls, the raise, the discard and the announcement turns (the call of the
        partner, the count, bonuses, kontras): searched by playing each choice out in sampled
        deals; so is card play where no world can be solved in time (the first tricks). An
        offer to annul the deal is left to the heuristic."""
        kinds = ROLLOUT_PHASES.get(observation.get("phase", ""), ())
        return observation.get("seat") in observation.get("active", ()) and all(
            getattr(a, "kind", None) in kinds for a in legal)

    def rollout_actions(self, game: Game, observation: dict[str, Any],
                        legal: Sequence[Action]) -> list[Action]:
        """The choices worth playing out: all of them, but of the discards (up to a few hundred)
        only the heuristic's best ``DISCARD_CANDIDATES`` by its own estimate."""
        if observation.get("phase") != "discard" or len(legal) <= DISCARD_CANDIDATES:
            return list(legal)
        values = discard_values(read_observation(observation), observation,
                                [(game.action_to_json(a), a) for a in legal])
        return best_actions(legal, values, DISCARD_CANDIDATES)

    def state(self, game: Game, observation: dict[str, Any], world: State) -> State:
        """A world before card play is already the whole deal at this decision."""
        return world

    def likelihood(self, game: Game, observation: dict[str, Any]) -> Product:
        """How likely a world makes the auction and the other team's kontras and bonuses seen
        (see :mod:`~tarock.hungarian.strategy.inference`); false when they say nothing."""
        return Product(AuctionLikelihood(observation), KontraLikelihood(observation),
                       AnnouncementLikelihood(game.opt, observation))  # type: ignore[attr-defined]

    def tie_key(self, game: Game, action: Action) -> tuple[int, int]:
        card = action.arg  # type: ignore[attr-defined]
        return (POINTS[card], STRENGTH[card])  # the cheapest, then the weakest card

    def evaluate(self, game: Game, observation: dict[str, Any], world: World,
                 legal: Sequence[Action], max_nodes: int | None = None) -> dict[Action, float]:
        pos = self.position(game, observation, world)
        values = self.values(pos, max_nodes)
        sign = 1 if TEAM_BY_WORD[observation["my_team"]] == "d" else -1
        return {a: sign * values[a.arg] for a in legal}  # type: ignore[attr-defined]

    def true_world(self, state: Any) -> World:
        """The world as it is (the omniscient player's): every hand and discard pile."""
        return World({q: state.hands[q] for q in state.active},
                     {q: state.discards[q] for q in state.active})

    def values(self, pos: Position, max_nodes: int | None = None) -> dict[int, int]:
        """Each legal card's value for team d, by the configured solver; the compiled one
        stops at ``max_nodes`` (at most the domain's ``max_nodes``) with
        :class:`~tarock.players.compiled.NodeLimitExceeded`."""
        left = 9 - pos.tricks_played
        if self.solver != "compiled":
            return Solver(9 if left <= self.exact_tricks else self.depth).action_values(pos)
        return self.solve(FastSolver(self.node_limit(max_nodes)), pos)

    def position(self, game: Game, observation: dict[str, Any], world: World) -> Position:
        """The open-handed position of ``world`` with the observation's public record."""
        opt = game.opt  # type: ignore[attr-defined]
        kontra = {(TEAM_BY_WORD[k["owner"]], k["item"]): k["level"]
                  for k in observation.get("kontra_levels", [])}
        key = repr(sorted(kontra.items())) + str(observation["level"]) + repr(opt)
        scorer = self._scorers.get(key)
        if scorer is None:
            if len(self._scorers) > 64:
                self._scorers.clear()
            scorer = self._scorers[key] = LeafScorer(opt, observation["level"], kontra)
        active = tuple(observation["active"])
        declarer = observation["declarer"]
        called = DECK.index(observation["called"])
        partner = next((q for q in active if q != declarer and (
            world.hands[q] & (1 << called) or _played_by(observation, q, called))), None)
        tricks = [(tuple(DECK.index(e["card"]) for e in t["cards"]),
                   tuple(e["seat"] for e in t["cards"]), t["winner"])
                  for t in observation.get("tricks", [])]
        trick = [(e["seat"], DECK.index(e["card"])) for e in observation.get("trick", [])]
        return make_position(opt, observation["level"], kontra, active, declarer, partner,
                             world.hands, world.discards[declarer], tricks, trick,
                             observation["seat"], scorer)


def _played_by(observation: dict[str, Any], seat: int, card: int) -> bool:
    code = DECK.code(card)
    for t in [*observation.get("tricks", []), {"cards": observation.get("trick", [])}]:
        for e in t["cards"]:
            if e["card"] == code:
                return e["seat"] == seat
    return False


def make_domain() -> HungarianDomain:
    return HungarianDomain()
