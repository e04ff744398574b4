"""How the search player decides (issue 12), on a scripted search domain: the heuristic's card
unless the solved worlds show a better one by more than the noise; the budget turned into node
limits; the early stops."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from tarock.core.protocol import Action, Game
from tarock.games import make_game
from tarock.players import make_player
from tarock.players import search as search_module
from tarock.players.compiled import NodeLimitExceeded
from tarock.players.inference import CANDIDATES
from tarock.players.search import (
    MIN_WORLDS,
    ROLLOUT_CONFIDENCE,
    SAFETY,
    SETTLE,
    SearchPlayer,
    warm_up,
)

LIMIT = "limit"  # a scripted world whose solve runs past its node limit


class ScriptedDomain:
    """Worlds are lists of values by position in the legal list (or LIMIT); records each
    solve's node limit."""

    def __init__(self, worlds: list[Any]):
        self.worlds = worlds
        self.limits: list[int | None] = []
        self.last_nodes = 0

    def handles(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> bool:
        return True

    def sampler(self, game: Game, observation: dict[str, Any]) -> Any:
        worlds = iter(self.worlds)

        class Sampler:
            def sample(self, rng: Any) -> Any:
                return next(worlds, None)
        return Sampler()

    def evaluate(self, game: Game, observation: dict[str, Any], world: Any,
                 legal: Sequence[Action], max_nodes: int | None = None) -> dict[Action, float]:
        self.limits.append(max_nodes)
        if world == LIMIT:
            raise NodeLimitExceeded(max_nodes or 0)
        return {a: float(world[i]) for i, a in enumerate(legal)}

    def tie_key(self, game: Game, action: Action) -> int:
        return 0


@pytest.fixture(scope="module")
def decision() -> tuple[Game, dict[str, Any], list[Action], int]:
    """A Hungarian card-play decision with at least three legal cards, and the index of the
    heuristic's card among them."""
    game = make_game("hungarian-tarokk")
    players = [make_player("heuristic", s) for s in range(4)]
    for seed in range(50):
        state = game.new_deal_state(seed, dealer=seed % 4)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            obs = state.observation(seat)
            if state.phase == "play" and len(legal) >= 3:
                default = make_player("heuristic", 0).act(game, obs, legal)
                return game, obs, legal, legal.index(default)
            state.apply(players[seat].act(game, obs, legal))
    raise AssertionError("no decision found")


def _decide(monkeypatch: pytest.MonkeyPatch, decision: Any, worlds: list[Any],
            **kwargs: Any) -> tuple[SearchPlayer, ScriptedDomain, int]:
    game, obs, legal, _ = decision
    domain = ScriptedDomain(worlds)
    monkeypatch.setitem(search_module._LOADED, game.name, domain)
    player = SearchPlayer(0, **{"budget": 60.0, **kwargs})
    return player, domain, legal.index(player.act(game, obs, legal))


def _world(n: int, default: int, base: float, other: int, delta: float) -> list[float]:
    values = [base - 5.0] * n
    values[default] = base
    values[other] = base + delta
    return values


def test_a_card_better_in_every_world_overrules_the_heuristic(monkeypatch, decision) -> None:
    _, _, legal, default = decision
    other = (default + 1) % len(legal)
    worlds = [_world(len(legal), default, base, other, 1.0) for base in (-20, 3, 40, 7, 0)]
    player, _, chosen = _decide(monkeypatch, decision, worlds)
    assert chosen == other
    assert player.last_stats["overruled"] and player.last_stats["samples"] == 5


def test_a_noisy_advantage_keeps_the_heuristics_card(monkeypatch, decision) -> None:
    _, _, legal, default = decision
    other = (default + 1) % len(legal)
    deltas = (30, -28, 29, -27, 31, -30)  # mean +0.83, standard error about 13
    worlds = [_world(len(legal), default, 0, other, d) for d in deltas]
    player, _, chosen = _decide(monkeypatch, decision, worlds)
    assert chosen == default and not player.last_stats["overruled"]
    # the same mean with less noise is enough
    worlds = [_world(len(legal), default, 0, other, d) for d in (1, 0.5, 1, 1, 0.5, 1)]
    assert _decide(monkeypatch, decision, worlds)[2] == other


def test_one_world_never_overrules(monkeypatch, decision) -> None:
    _, _, legal, default = decision
    other = (default + 1) % len(legal)
    chosen = _decide(monkeypatch, decision, [_world(len(legal), default, 0, other, 50)])[2]
    assert chosen == default


def test_an_unbeaten_heuristic_card_settles_the_decision(monkeypatch, decision) -> None:
    _, _, legal, default = decision
    other = (default + 1) % len(legal)
    worlds = [_world(len(legal), default, 0, other, -1)] * (3 * SETTLE)
    _, domain, chosen = _decide(monkeypatch, decision, worlds)
    assert chosen == default and len(domain.limits) == SETTLE
    # while some card still looks better, it goes on to ``samples``
    worlds = [_world(len(legal), default, 0, other, d) for d in (5, -4) * (2 * SETTLE)]
    domain = _decide(monkeypatch, decision, worlds, samples=3 * SETTLE)[1]
    assert len(domain.limits) == 3 * SETTLE


def test_a_game_can_have_its_own_rule(monkeypatch, decision) -> None:
    """A domain with ``confidence`` 0 and ``settle`` None (Hungarian tarokk's) plays the best
    mean however noisy, and values every world up to ``samples``; a player's own settings
    still win over the game's."""
    _, _, legal, default = decision
    other = (default + 1) % len(legal)
    noisy = [_world(len(legal), default, 0, other, d) for d in (30, -28, 29, -27, 31, -30)]
    unbeaten = [_world(len(legal), default, 0, other, -1)] * (3 * SETTLE)
    monkeypatch.setattr(ScriptedDomain, "confidence", 0.0, raising=False)
    monkeypatch.setattr(ScriptedDomain, "settle", None, raising=False)
    assert _decide(monkeypatch, decision, noisy)[2] == other
    _, domain, chosen = _decide(monkeypatch, decision, unbeaten, samples=2 * SETTLE)
    assert chosen == default and len(domain.limits) == 2 * SETTLE
    assert _decide(monkeypatch, decision, noisy, confidence=1.0)[2] == default
    assert len(_decide(monkeypatch, decision, unbeaten, settle=SETTLE)[1].limits) == SETTLE


def test_a_game_can_have_a_rule_for_some_decisions(monkeypatch, decision) -> None:
    """A domain's ``solved_rule`` decides the margin and the early stop of the decisions it
    names (None: the game's own rule); a player's own settings still win over it."""
    _, obs, legal, default = decision
    other = (default + 1) % len(legal)
    noisy = [_world(len(legal), default, 0, other, d) for d in (30, -28, 29, -27, 31, -30)]
    unbeaten = [_world(len(legal), default, 0, other, -1)] * (3 * SETTLE)
    named = {"phase": obs["phase"]}  # how the scripted rule tells this decision apart

    def rule(self: ScriptedDomain, observation: dict[str, Any]) -> tuple[float, None] | None:
        return (0.0, None) if observation.get("phase") == named["phase"] else None

    monkeypatch.setattr(ScriptedDomain, "solved_rule", rule, raising=False)
    assert _decide(monkeypatch, decision, noisy)[2] == other
    _, domain, chosen = _decide(monkeypatch, decision, unbeaten, samples=2 * SETTLE)
    assert chosen == default and len(domain.limits) == 2 * SETTLE
    assert _decide(monkeypatch, decision, noisy, confidence=1.0)[2] == default
    named["phase"] = "elsewhere"  # a decision the rule does not name keeps the game's own
    assert _decide(monkeypatch, decision, noisy)[2] == default
    assert len(_decide(monkeypatch, decision, unbeaten)[1].limits) == SETTLE


def test_the_games_rules() -> None:
    """Hungarian tarokk plays the best mean of every world the time allows; the other games
    keep the margin and the early stop (``card_rule``)."""
    rules = {name: search_module.card_rule(search_module.search_domain(make_game(name)))
             for name in ("hungarian-tarokk", "bavarian-tarock", "ottocento")}
    assert rules == {"hungarian-tarokk": (0.0, None), "bavarian-tarock": (1.0, SETTLE),
                     "ottocento": (1.0, SETTLE)}
    player = make_player("search")
    assert (player.confidence, player.settle) == (None, None)  # the game's own
    # Bavarian hand games (no talon taken, not a Bettel) have their own (HAND_RULE)
    bavarian = search_module.search_domain(make_game("bavarian-tarock"))
    assert {contract: search_module.card_rule(bavarian, {"contract": contract})
            for contract in ("hand", "solo", "pickup", "frage", "bettel")} == {
        "hand": (0.5, None), "solo": (0.5, None), "pickup": (1.0, SETTLE),
        "frage": (1.0, SETTLE), "bettel": (1.0, SETTLE)}


def test_the_budget_becomes_node_limits(monkeypatch, decision) -> None:
    """The first solve gets a MIN_WORLDS-th of the budget in nodes at the player's speed,
    later ones what is left; a solve that runs out ends the decision with what was solved."""
    _, _, legal, default = decision
    other = (default + 1) % len(legal)
    good = _world(len(legal), default, 0, other, 2)
    game, obs, legal, _ = decision
    domain = ScriptedDomain([good, good, good, LIMIT, good, good])
    monkeypatch.setitem(search_module._LOADED, game.name, domain)
    player = SearchPlayer(0, budget=1.0)
    player.rate = 1_000_000.0
    chosen = player.act(game, obs, legal)
    first, second = domain.limits[0], domain.limits[1]
    assert first is not None and second is not None
    assert 0.5e6 / MIN_WORLDS < first <= SAFETY * 1e6 / MIN_WORLDS
    assert 0.5e6 < second <= SAFETY * 1e6
    assert len(domain.limits) == 4 and player.last_stats["samples"] == 3
    assert legal.index(chosen) == other


def test_no_world_in_time_is_the_heuristics_card(monkeypatch, decision) -> None:
    default = decision[3]
    assert _decide(monkeypatch, decision, [LIMIT])[2] == default
    assert _decide(monkeypatch, decision, [])[2] == default


class Clock:
    """The search player's clock, moved on by the scripted domain: a world that runs out takes
    ``MIN_WORLDS``-th of a one-second budget, as a solve stopped at its node limit does."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


class SlowDomain(ScriptedDomain):
    """Scripted worlds on the :class:`Clock`: LIMIT worlds use up their share of the time."""

    def __init__(self, worlds: list[Any], clock: Clock, plays_out: bool = False):
        super().__init__(worlds)
        self.clock = clock
        self.plays_out = plays_out

    def evaluate(self, game: Game, observation: dict[str, Any], world: Any,
                 legal: Sequence[Action], max_nodes: int | None = None) -> dict[Action, float]:
        if world == LIMIT:
            self.clock.now += 1.0 / MIN_WORLDS
        return super().evaluate(game, observation, world, legal, max_nodes)

    def rolls_out(self, game: Game, observation: dict[str, Any],
                  legal: Sequence[Action]) -> bool:
        return self.plays_out

    def state(self, game: Game, observation: dict[str, Any], world: Any) -> Any:
        return None  # no deal to play out: the played-out search keeps the heuristic's card


def test_a_first_world_that_runs_out_gives_way_to_another(monkeypatch, decision) -> None:
    """Worlds differ in size: a first world that runs out is replaced while a MIN_WORLDS-th of
    the budget is left after it, each in its MIN_WORLDS-th; except where the domain plays the
    cards out instead (Bavarian and Hungarian tarock early in a deal), unless the player's
    ``retry`` says to try another world first."""
    game, obs, legal, default = decision
    other = (default + 1) % len(legal)
    good = _world(len(legal), default, 0, other, 2)

    def decide(failures: int, plays_out: bool = False, **settings: Any
               ) -> tuple[int, SlowDomain]:
        clock = Clock()
        monkeypatch.setattr(search_module, "time", clock)
        domain = SlowDomain([LIMIT] * failures + [good] * 4, clock, plays_out)
        monkeypatch.setitem(search_module._LOADED, game.name, domain)
        player = SearchPlayer(0, budget=1.0, **settings)
        player.rate = 1_000_000.0
        return legal.index(player.act(game, obs, legal)), domain

    for failures, overrules in ((1, True), (2, True), (MIN_WORLDS - 1, False)):
        chosen, domain = decide(failures)
        assert (chosen == other) == overrules, failures
        assert all(limit is not None and limit <= SAFETY * 1e6 / MIN_WORLDS
                   for limit in domain.limits[:failures])
        assert len(domain.limits) == (failures + 4 if overrules else MIN_WORLDS - 1)
    chosen, domain = decide(1, plays_out=True)
    assert chosen == default and len(domain.limits) == 1
    chosen, domain = decide(1, plays_out=True, retry=True)
    assert chosen == other and len(domain.limits) == 5


class InferringDomain(ScriptedDomain):
    """Deals its worlds in turn forever; the others' choices rule out the ``unlikely`` ones."""

    def __init__(self, worlds: list[Any], unlikely: list[Any]):
        super().__init__(worlds)
        self.unlikely = unlikely

    def sampler(self, game: Game, observation: dict[str, Any]) -> Any:
        worlds = itertools.cycle(self.worlds)

        class Sampler:
            def sample(self, rng: Any) -> Any:
                return next(worlds)
        return Sampler()

    def likelihood(self, game: Game, observation: dict[str, Any]) -> Any:
        return lambda world: 0.0 if world in self.unlikely else 1.0


@pytest.mark.parametrize("inference", [True, False])
def test_worlds_the_others_choices_rule_out_do_not_count(monkeypatch, decision,
                                                          inference: bool) -> None:
    """A card that wins big in one kind of world and loses as much in the other: it overrules
    the heuristic's only when inference shows that the losing worlds cannot be."""
    game, obs, legal, default = decision
    other = (default + 1) % len(legal)
    good = _world(len(legal), default, 10.0, other, 8.0)
    bad = _world(len(legal), default, 10.0, other, -8.0)
    domain = InferringDomain([good, bad], unlikely=[bad])
    monkeypatch.setitem(search_module._LOADED, game.name, domain)
    chosen = SearchPlayer(0, budget=60.0, inference=inference).act(game, obs, legal)
    assert (legal.index(chosen) == other) is inference


def test_candidates_per_world_kept(monkeypatch, decision) -> None:
    """Worlds drawn per world kept by inference: the domain's, else ``CANDIDATES``; a player's
    ``candidates`` wins over both."""
    game, obs, _, _ = decision
    domain = InferringDomain([[0.0]], unlikely=[])

    def drawn(**settings: Any) -> int:
        player = SearchPlayer(0, **settings)
        return player._sampler(domain.sampler, domain, game, obs).candidates

    assert (drawn(), drawn(candidates=32)) == (CANDIDATES, 32)
    monkeypatch.setattr(InferringDomain, "candidates", 4, raising=False)
    assert (drawn(), drawn(candidates=32)) == (4, 32)


@pytest.mark.parametrize("game_name", ["hungarian-tarokk", "bavarian-tarock", "ottocento"])
def test_warm_up_loads_each_games_solver(game_name: str) -> None:
    assert warm_up(make_game(game_name))


def test_warm_up_needs_a_search_domain(monkeypatch) -> None:
    game = make_game("bavarian-tarock")
    monkeypatch.setattr(search_module, "_DOMAINS", {})
    monkeypatch.delitem(search_module._LOADED, game.name, raising=False)
    assert not warm_up(game)


def test_weights_that_leave_less_than_two_worlds_are_no_evidence() -> None:
    legal = ["a", "b"]
    diff = search_module._PairedDifferences(legal, "a")
    diff.add({"a": 0.0, "b": 5.0}, 1.0)
    diff.add({"a": 0.0, "b": 6.0}, 1e-6)
    diff.add({"a": 0.0, "b": 7.0}, 1e-6)
    assert diff.choice(1.0, lambda a: 0) == "a"  # three worlds, about one world's worth
    diff.add({"a": 0.0, "b": 5.5}, 1.0)
    assert diff.choice(1.0, lambda a: 0) == "b"


def test_equal_weights_give_the_plain_mean_and_standard_error() -> None:
    """The standard rule at any common weight: b beats a by mean 1 with standard error 1/sqrt(3)
    (differences 0, 1, 2): it passes a margin of 1.7 standard errors, not of 1.8."""
    for weight in (1.0, 0.01):
        diff = search_module._PairedDifferences(["a", "b"], "a")
        for d in (0.0, 1.0, 2.0):
            diff.add({"a": 10.0, "b": 10.0 + d}, weight)
        assert diff.choice(1.7, lambda a: 0) == "b"
        assert diff.choice(1.8, lambda a: 0) == "a"


class PlayedOutDomain(ScriptedDomain):
    """The same scripted worlds, as a decision the domain plays out instead of solving."""

    def handles(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> bool:
        return False

    def rolls_out(self, game: Game, observation: dict[str, Any],
                  legal: Sequence[Action]) -> bool:
        return True

    def state(self, game: Game, observation: dict[str, Any], world: Any) -> Any:
        return world


@pytest.fixture(scope="module")
def bidding() -> tuple[Game, dict[str, Any], list[Action], int]:
    """A Hungarian decision before card play with at least three choices, and the index of the
    heuristic's among them."""
    game = make_game("hungarian-tarokk")
    players = [make_player("heuristic", s) for s in range(4)]
    for seed in range(50):
        state = game.new_deal_state(seed, dealer=seed % 4)
        while not state.is_terminal() and state.phase != "play":
            seat = state.current_player()
            legal = state.legal_actions()
            obs = state.observation(seat)
            default = players[seat].act(game, obs, legal)
            if len(legal) >= 3:
                return game, obs, legal, legal.index(default)
            state.apply(default)
    raise AssertionError("no decision found")


def test_a_played_out_choice_before_card_play_needs_more_evidence_than_a_card(
        monkeypatch, decision, bidding) -> None:
    """A card wins on one standard error of its world-by-world advantage, whether its worlds are
    solved or played out; a choice before card play valued by play-outs (one noisy deal per
    world, often among many alternatives) needs ``ROLLOUT_CONFIDENCE`` of them."""
    monkeypatch.setattr(search_module, "rollout_values",
                        lambda state, legal, *args, **kw: {
                            a: float(state[i]) for i, a in enumerate(legal)})

    def outcomes(case: Any, domain: type[ScriptedDomain]) -> tuple[bool, bool]:
        """Whether the other choice overrules the default on weak and on strong evidence."""
        game, obs, legal, default = case
        other = (default + 1) % len(legal)
        weak = [_world(len(legal), default, 0, other, d) for d in (3, -1) * 3]  # 1.1 errors
        strong = [_world(len(legal), default, 0, other, d) for d in (3, 1) * 3]  # 4.5 errors
        out = []
        for worlds in (weak, strong):
            monkeypatch.setitem(search_module._LOADED, game.name, domain(worlds))
            out.append(legal.index(SearchPlayer(0, budget=60.0).act(game, obs, legal)) == other)
        return out[0], out[1]

    assert ROLLOUT_CONFIDENCE > 1.2
    assert outcomes(decision, ScriptedDomain) == (True, True)
    assert outcomes(decision, PlayedOutDomain) == (True, True)
    assert outcomes(bidding, PlayedOutDomain) == (False, True)
