"""A determinization search player (kind ``search``), game-agnostic.

It starts every decision from the heuristic player's choice (kind ``heuristic``, else the
cautious player) and lets search overrule it. For a card-play decision that the game's search
domain can solve, it samples worlds (the hidden cards dealt consistently with its observation)
with the game's sampler, weighted by how likely each makes what the other seats were seen to do
(inference, :mod:`tarock.players.inference`, where the domain has a model of it), values every
legal card in each world with the game's perfect-information solver, and plays the card with the
best weighted mean value for its own team **if** that card beats the heuristic's by more than
``confidence`` standard errors of the paired difference (world by world: the same world values
both cards). Otherwise it plays the heuristic's card. Why not simply the
best mean: a mean over a few worlds is noisy, and solving open-handed worlds favours cards that
need to know where the cards are (the strategy-fusion error of perfect-information Monte Carlo);
the heuristic's card is a sound default that the evidence has to beat.

A decision ends at whichever comes first:

* the time budget ``budget`` (seconds, ``tarock arena --think``): each solve gets the nodes the
  time left allows, at the solving speed measured so far, and a solve that runs out is dropped;
  the first gets only a ``MIN_WORLDS``-th of the budget, since a decision that cannot solve
  that many worlds in time keeps the heuristic's card anyway. Worlds of one decision differ
  in size, so where the domain has nothing else to do with the time (it plays no cards out),
  a first world that runs out gives way to another as long as a ``MIN_WORLDS``-th of the
  budget is left after it: in Ottocento's ninth trick, at 0.25 s, two decisions in five
  solved fewer than two worlds without that, one in four with it. Where the domain plays the
  cards out instead, it does so at once unless the player's ``retry`` says to try another
  world first: off by default, since at a Bavarian hand game's first lead, where the
  first world often runs out, trying again chose leads better in the true deal but won no more
  deals (``docs/strength-history.md``);
* ``samples`` worlds;
* ``settle`` worlds in which no card beats the heuristic's on average: more worlds would rarely
  overrule it, and the time is better saved.

A game's domain can name its own ``confidence`` and ``settle`` (:func:`card_rule`), and a rule
for some of its solved decisions (``solved_rule``), which the player's settings override: in
Hungarian tarokk no margin and no early stop chose better cards, whose values differ by little,
where the rule above stopped most decisions at 16 worlds; Bavarian hand games have a margin of
half a standard error and no early stop.

Decisions before card play that the domain plays out (the Bavarian auction, contract, trump and
lay-away; the Hungarian auction, raise, discard and announcements; the Ottocento dealer's discard
and two-player set-aside) are searched the same way, but each world is rebuilt as a complete deal
and every legal action (or the few the domain names) is played out to the end of the deal by
heuristic players (:mod:`tarock.players.rollouts`); the action's value is the seat's score, and
another action must beat the heuristic's by ``rollout_confidence`` standard errors (2 by default: a
play-out is one noisy deal per world, and before card play there are often many alternatives).
So is card play where the domain plays cards out too: in Bavarian and Hungarian tarock where not
even the first world could be solved in time, early in a deal; in Ottocento every card before the
last 7 tricks, which the solver does not reach. A card played out needs the ``confidence`` of a
solved one: with a few cards to choose from, a margin of 2 kept too many good cards out; and it
is valued as the solver values it where the domain says how (``rollout_value``: a Bavarian
defender counts what the declarer is paid, not his own score).
Other decisions (annulments, declarations, claims) are the heuristic's.

The games it can search are listed in ``_DOMAINS`` (the game's name to the module of the game's
strategy package that provides ``make_domain()``, imported by name so that this package imports
no game); a domain provides:

* ``handles(game, observation, legal) -> bool``: whether to search this decision;
* ``sampler(game, observation)``: an object with ``sample(rng) -> world | None``;
* ``evaluate(game, observation, world, legal, max_nodes) -> dict[action, float]``: each legal
  action's value for the acting seat's team in that world, solved within ``max_nodes`` nodes
  (``None``: the domain's own limit) or :class:`~tarock.players.compiled.NodeLimitExceeded`;
* ``tie_key(game, action)``: to break ties between equal means (lowest first);
* optionally ``confidence`` and ``settle``, the game's rule for choosing among solved worlds, and
  ``solved_rule(observation)``, another for some decisions (None where the game's holds), read
  by :func:`card_rule`;
* optionally ``last_nodes``: the nodes of the last solve, from which the player learns the
  solver's speed (each game's domain keeps its solvers with :class:`SolvingDomain`, which
  counts them);
* optionally ``likelihood(game, observation)``: a function from a world to how likely it makes
  the others' visible choices (false when they say nothing), and ``candidates``: the worlds
  drawn per world kept (:class:`~tarock.players.inference.WeightedSampler`);
* optionally ``rolls_out(game, observation, legal) -> bool``: whether to play this decision out
  (for one the domain ``handles``: where no world could be solved in time), and ``state(game,
  observation, world) -> State | None``: the world as a complete state at this decision (None
  if it does not agree with the observation); ``rollout_actions(game, observation, legal)``:
  the actions worth playing out where there are too many to play out each (the heuristic's
  choice is added when it is not among them); ``rollout_sampler(game, observation)``: the
  sampler of the worlds to play out in, where they are not the ``sampler``'s (whose card-play
  worlds are made to be solved); and ``rollout_value(game, observation)``: a function from a
  played-out deal's scores to the decision's value, where the seat's own score is not it (None
  where it is).

Each decision draws its random numbers from a generator seeded with the player's seed and a
digest of the observation, so the action depends only on what the seat knows (and on how many
worlds the time budget allowed: with ``budget`` generous, ``samples`` fixes the count).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import Action, Game
from tarock.players.base import Player, make_player, register_player
from tarock.players.compiled import NodeLimitExceeded
from tarock.players.inference import CANDIDATES, WeightedSampler
from tarock.players.rollouts import outcome, rollout_values, seats_players

_DOMAINS = {
    "hungarian-tarokk": "tarock.hungarian.strategy.search",
    "bavarian-tarock": "tarock.bavarian.strategy.search",
    "ottocento": "tarock.ottocento.strategy.search",
}
_LOADED: dict[str, Any] = {}

CONFIDENCE = 1.0  # standard errors by which a card must beat the heuristic's, solved or played
# out: in Ottocento's first tricks (1,660 decisions) a margin of 1 instead of 2 chose cards worth
# 5.3 points more a decision in the real deal, and smaller margins no more
# (docs/strength-history.md)
# ... and by which a played-out choice before card play must: one heuristic play-out per world is
# a noisy value, and with 10 to 20 worlds one standard error let the best of a few alternatives
# overrule the heuristic's lay-away or discard in a third of the decisions, about as often as
# noise alone does
ROLLOUT_CONFIDENCE = 2.0
SETTLE = 16  # worlds after which an unbeaten heuristic card is played
MIN_WORLDS = 4  # the fewest worlds worth solving: the first solve gets budget / MIN_WORLDS
START_RATE = 4_000_000.0  # solver nodes per second assumed before any solve was timed
SAFETY = 0.8  # the share of the time left that a solve's node limit is computed from: a large
# solve runs at up to a tenth fewer nodes per second than the smaller ones the speed was measured on
WARM_UP_NODES = 100_000
SOLVERS = ("compiled", "reference")  # a domain's solvers (:class:`SolvingDomain`)


class SolvingDomain:
    """How every game's search domain keeps its solvers, from which it builds ``evaluate``.

    ``solver="compiled"`` (the default) solves every position with at most ``compiled_tricks``
    tricks left exactly, within a node limit (:meth:`node_limit`, at most ``max_nodes``): a
    solve that needs more raises :class:`~tarock.players.compiled.NodeLimitExceeded`, and the
    nodes of the last solve (``last_nodes``, kept by :meth:`solve`) are the search player's
    clock. ``solver="reference"`` uses the game's pure-Python solver, exact with at most
    ``exact_tricks`` tricks left and ``depth`` tricks deep before, far slower: the reference the
    compiled one is tested against."""

    def __init__(self, exact_tricks: int, depth: int, solver: str, compiled_tricks: int,
                 max_nodes: int):
        if solver not in SOLVERS:
            raise InvalidOptionError(f"unknown solver {solver!r}", expected=" or ".join(SOLVERS))
        self.exact_tricks = exact_tricks
        self.depth = depth
        self.solver = solver
        self.compiled_tricks = compiled_tricks
        self.max_nodes = max_nodes
        self.last_nodes = 0

    def node_limit(self, max_nodes: int | None) -> int:
        """A compiled solve's node limit: ``max_nodes`` where given, at most the domain's."""
        return self.max_nodes if max_nodes is None else min(max_nodes, self.max_nodes)

    def solve(self, solver: Any, position: Any) -> dict[int, int]:
        """Every legal card's value in ``position`` by a compiled ``solver``; its nodes are
        kept in ``last_nodes`` whether it finishes or runs out."""
        try:
            return solver.action_values(position)
        finally:
            self.last_nodes = solver.nodes


def card_rule(domain: Any, observation: dict[str, Any] | None = None
              ) -> tuple[float, int | None]:
    """A game's own rule for choosing among its worlds: the standard errors by which a card
    must beat the heuristic's and the worlds after which an unbeaten heuristic's choice is
    played (None: none), the domain's ``confidence`` and ``settle`` where it names them, else
    ``CONFIDENCE`` and ``SETTLE``. A domain may name another rule for some of its solved
    decisions (``solved_rule(observation)``, None where the game's own holds)."""
    special = getattr(domain, "solved_rule", None)
    if observation is not None and special is not None:
        rule = special(observation)
        if rule is not None:
            return rule
    return getattr(domain, "confidence", CONFIDENCE), getattr(domain, "settle", SETTLE)


def search_domain(game: Game) -> Any | None:
    """The search domain of ``game``, or None if the search player cannot search it."""
    module = _DOMAINS.get(game.name)
    if module is None:
        return None
    if game.name not in _LOADED:
        _LOADED[game.name] = importlib.import_module(module).make_domain()
    return _LOADED[game.name]


def warm_up(game: Game, deals: int = 3) -> bool:
    """Load ``game``'s compiled solver (from numba's on-disk cache, or compile it on a machine's
    first start) by solving one world of the first card-play decision the domain handles in a
    deal the heuristic plays (within a small node limit), so that a search player's first move
    spends its budget on search. Protocol only. Whether a decision was found."""
    domain = search_domain(game)
    if domain is None:
        return False
    players = [make_player("heuristic", seat) for seat in range(game.num_seats)]
    for seed in range(deals):
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            observation = state.observation(seat)
            legal = state.legal_actions()
            if len(legal) > 1 and domain.handles(game, observation, legal):
                world = domain.sampler(game, observation).sample(rng)
                if world is not None:
                    with contextlib.suppress(NodeLimitExceeded):  # loaded all the same
                        domain.evaluate(game, observation, world, legal, WARM_UP_NODES)
                    return True
            state.apply(players[seat].act(game, observation, legal))
    return False


class SearchPlayer:
    """The heuristic's choice, overruled where sampled, solved worlds show a better card."""

    name = "search"

    def __init__(self, seed: int = 0, budget: float = 1.0, samples: int = 200,
                 confidence: float | None = None, settle: int | None = None,
                 inference: bool = True, rollouts: bool = True,
                 rollout_confidence: float = ROLLOUT_CONFIDENCE, candidates: int | None = None,
                 retry: bool = False):
        """``confidence`` and ``settle`` left out (None) are the game's own
        (:func:`card_rule`), and so is ``candidates`` (worlds drawn per world kept by
        inference: the domain's ``candidates``, else ``CANDIDATES``); ``retry``: whether a first
        world that runs out gives way to another where the domain would play the cards out."""
        if not budget > 0:  # also NaN
            raise InvalidOptionError(f"search setting budget={budget}", expected="more than 0")
        for name, value, least in (("samples", samples, 1), ("confidence", confidence, 0.0),
                                   ("settle", settle, 1), ("candidates", candidates, 1),
                                   ("rollout_confidence", rollout_confidence, 0.0)):
            if value is not None and not value >= least:
                raise InvalidOptionError(f"search setting {name}={value}",
                                         expected=f"at least {least}")
        self.seed = seed
        self.inference = inference
        self.rollouts = rollouts
        self.budget = budget
        self.samples = samples
        self.confidence = confidence
        self.rollout_confidence = rollout_confidence
        self.settle = settle
        self.candidates = candidates
        self.retry = retry
        self.rate = START_RATE
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
        start = time.perf_counter()
        default = self.delegate().act(game, observation, legal)
        domain = search_domain(game)
        self.last_stats = {"samples": 0, "seconds": 0.0, "overruled": False}
        if len(legal) == 1 or domain is None:
            return default
        plays_out = self.rollouts and getattr(domain, "rolls_out", None) is not None \
            and domain.rolls_out(game, observation, legal)
        if domain.handles(game, observation, legal):
            choice = self._search(observation, legal, default, start,
                                  self._sampler(domain.sampler, domain, game, observation),
                                  self._solved(game, observation, legal, domain),
                                  lambda a: domain.tie_key(game, a),
                                  *self._rule(domain, observation),
                                  retry=not plays_out or self.retry)
            if plays_out and self.last_stats["samples"] == 0:
                # no world could be solved in time (early in a deal): play the cards out
                choice = self._played_out_choice(game, observation, legal, default, domain,
                                                 start)
        elif plays_out:
            choice = self._played_out_choice(game, observation, legal, default, domain, start)
        else:
            return default
        self.last_stats["overruled"] = choice != default
        return choice

    def _played_out_choice(self, game: Game, observation: dict[str, Any],
                           legal: Sequence[Action], default: Action, domain: Any,
                           start: float) -> Action:
        """The choice among the actions worth playing out, by play-outs in sampled worlds (the
        domain's ``rollout_sampler`` where it has one, else its ``sampler``); a card needs the
        margin of a solved one (``confidence``), a choice before card play
        ``rollout_confidence``."""
        options = rollout_options(domain, game, observation, legal, default)
        sampler = getattr(domain, "rollout_sampler", domain.sampler)
        confidence, settle = self._rule(domain)
        return self._search(observation, options, default, start,
                            self._sampler(sampler, domain, game, observation),
                            self._played_out(game, observation, options, domain),
                            lambda a: (a != default, options.index(a)),
                            confidence if observation.get("phase") == "play"
                            else self.rollout_confidence, settle)

    def _rule(self, domain: Any, observation: dict[str, Any] | None = None
              ) -> tuple[float, int | None]:
        """The margin and the early stop of this player in the domain's game (at a solved
        decision, ``observation``): its settings, where given, else the game's own
        (:func:`card_rule`)."""
        confidence, settle = card_rule(domain, observation)
        return (confidence if self.confidence is None else self.confidence,
                settle if self.settle is None else self.settle)

    def _search(self, observation: dict[str, Any], legal: Sequence[Action], default: Action,
                start: float, sampler: WeightedSampler,
                evaluate: Callable[[Any, float], dict[Action, float] | None],
                tie_key: Callable[[Action], Any], confidence: float, settle: int | None,
                retry: bool = False) -> Action:
        """Worlds, valued by ``evaluate(world, seconds left)`` (None: out of time), until the
        budget, ``samples`` or ``settle`` (None: no early stop) stops it; the choice by the
        paired differences, which must beat the default by ``confidence`` standard errors. With
        ``retry``, a world that runs out before any was valued gives way to another while a
        ``MIN_WORLDS``-th of the budget would be left after it."""
        rng = random.Random(f"{self.seed}:{_digest(observation)}")
        diff = _PairedDifferences(legal, default)
        drawing = 0.0  # how long the last world took to draw (inference draws several)
        while diff.n < self.samples:
            began = time.perf_counter()
            if began - start + drawing >= self.budget:
                break
            drawn = sampler.draw(rng)
            drawing = time.perf_counter() - began
            if drawn is None:
                break
            world, weight = drawn
            left = self.budget - (time.perf_counter() - start)
            if diff.n == 0:
                left = min(left, self.budget / MIN_WORLDS)
            if left <= 0:
                break
            values = evaluate(world, left)
            if values is None:
                if retry and diff.n == 0 and time.perf_counter() - start \
                        < self.budget * (1 - 1 / MIN_WORLDS):
                    continue
                break
            diff.add(values, weight)
            if settle is not None and diff.n >= settle and not diff.any_better():
                break
        choice = diff.choice(confidence, tie_key)
        self.last_stats = {"samples": diff.n, "seconds": time.perf_counter() - start}
        return choice

    def _solved(self, game: Game, observation: dict[str, Any], legal: Sequence[Action],
                domain: Any) -> Callable[[Any, float], dict[Action, float] | None]:
        """Card play: the world solved exactly within the nodes the time left allows."""
        def evaluate(world: Any, left: float) -> dict[Action, float] | None:
            solve_start = time.perf_counter()
            try:
                values = domain.evaluate(game, observation, world, legal,
                                         max(1, int(SAFETY * left * self.rate)))
            except NodeLimitExceeded as stop:
                self._measured(stop.nodes, time.perf_counter() - solve_start)
                return None
            self._measured(getattr(domain, "last_nodes", 0), time.perf_counter() - solve_start)
            return values
        return evaluate

    def _played_out(self, game: Game, observation: dict[str, Any], legal: Sequence[Action],
                    domain: Any) -> Callable[[Any, float], dict[Action, float] | None]:
        """Decisions before card play: every action played out in the world by heuristic
        players (:mod:`tarock.players.rollouts`), while ``SAFETY`` of the time left is more than
        the last world took."""
        players = seats_players(game)
        value = outcome(domain, game, observation)
        last = [0.0]

        def evaluate(world: Any, left: float) -> dict[Action, float] | None:
            if SAFETY * left <= last[0]:
                return None
            began = time.perf_counter()
            state = domain.state(game, observation, world)
            if state is None:
                return None
            values = rollout_values(state, legal, observation["seat"], players,
                                    began + left, last[0] / len(legal), value)
            last[0] = time.perf_counter() - began
            return values
        return evaluate

    def _sampler(self, sampler: Callable[[Game, dict[str, Any]], Any], domain: Any, game: Game,
                 observation: dict[str, Any]) -> WeightedSampler:
        """``sampler``'s worlds, weighted by the domain's likelihood of what the others were
        seen to do when it has one (and ``inference`` is on), else all alike."""
        likelihood = getattr(domain, "likelihood", None) if self.inference else None
        model = likelihood(game, observation) if likelihood is not None else None
        return WeightedSampler(sampler(game, observation), model or None,
                               getattr(domain, "candidates", CANDIDATES)
                               if self.candidates is None else self.candidates)

    def _measured(self, nodes: int, seconds: float) -> None:
        """Keep the solving speed (nodes per second) that turns time left into a node limit."""
        if nodes > 10_000 and seconds > 0:
            self.rate = 0.7 * self.rate + 0.3 * nodes / seconds


def rollout_options(domain: Any, game: Game, observation: dict[str, Any],
                    legal: Sequence[Action], default: Action) -> list[Action]:
    """The actions to play out: those the domain names (``rollout_actions``, for decisions with
    too many to play each out), else all; the default always among them."""
    pick = getattr(domain, "rollout_actions", None)
    options = list(legal) if pick is None else pick(game, observation, legal)
    return options if default in options else [default, *options]


class _PairedDifferences:
    """Per legal action, the running weighted sums over worlds of its value, and of its value
    minus the default action's value and that squared (the paired difference and its standard
    error); a world's weight is its likelihood weight (1 without inference)."""

    def __init__(self, legal: Sequence[Action], default: Action):
        self.legal = list(legal)
        self.default = default
        self.n = 0
        self.w1 = 0.0  # the sum of the weights
        self.w2 = 0.0  # ... of their squares
        self.total = dict.fromkeys(self.legal, 0.0)
        self.d1 = dict.fromkeys(self.legal, 0.0)
        self.d2 = dict.fromkeys(self.legal, 0.0)

    def add(self, values: dict[Action, float], weight: float = 1.0) -> None:
        base = values[self.default]
        for a in self.legal:
            d = values[a] - base
            self.total[a] += weight * values[a]
            self.d1[a] += weight * d
            self.d2[a] += weight * d * d
        self.n += 1
        self.w1 += weight
        self.w2 += weight * weight

    def any_better(self) -> bool:
        """Whether some action beats the default on average so far."""
        return any(s > 1e-9 for s in self.d1.values())

    def choice(self, confidence: float, tie_key: Any) -> Action:
        """The best mean action if it beats the default by ``confidence`` standard errors
        (any margin when every world agrees), else the default. One world is no evidence, nor
        are weights that leave less than two worlds' worth (the effective sample size
        ``(sum w)^2 / sum w^2``; with equal weights it is the number of worlds, and the standard
        error is the usual one)."""
        if self.n < 2 or self.w1 <= 0:
            return self.default
        size = self.w1 * self.w1 / self.w2
        if size < 2 - 1e-9:
            return self.default
        best = min(self.legal, key=lambda a: (-self.total[a], tie_key(a)))
        if best == self.default or self.d1[best] <= 1e-9:
            return self.default
        mean = self.d1[best] / self.w1
        var = max(0.0, (self.d2[best] / self.w1 - mean * mean) * size / (size - 1))
        return best if mean > confidence * math.sqrt(var / size) else self.default


def _digest(observation: dict[str, Any]) -> str:
    text = json.dumps(observation, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


register_player("search", SearchPlayer)
