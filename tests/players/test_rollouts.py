"""Search before card play (issue 12): sampled worlds rebuilt as complete deals, each bid played
out by heuristic players."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from heuristic_deals import heuristic_decisions

from tarock.bavarian.strategy.sampler import BavarianSampler, World
from tarock.core.protocol import Game
from tarock.games import make_game
from tarock.players import make_player
from tarock.players.rollouts import play_out, rollout_values, seats_players
from tarock.players.search import SearchPlayer, search_domain

VARIANTS = [None, {"variant": "simple", "simple_bettel": True}, {"variant": "scharfer"},
            {"players": 4}]


def _decisions(game: Game, deals: int) -> list[tuple[dict[str, Any], Any, list[Any]]]:
    """(observation, state, legal) at every decision the domain plays out, with a choice, in
    ``deals`` heuristic deals."""
    domain = search_domain(game)
    return [(obs, state.clone(), legal)
            for _, state, obs, legal in heuristic_decisions(game, deals)
            if len(legal) > 1 and domain.rolls_out(game, obs, legal)]


@pytest.mark.parametrize("options", VARIANTS)
def test_the_true_world_rebuilds_the_deal_as_it_stands(options: Any) -> None:
    """From the observation and the true hands and talon, the rebuilt state is the real one:
    same seat to act, same legal actions, same observation for every seat."""
    game = make_game("bavarian-tarock", options)
    domain = search_domain(game)
    cases = _decisions(game, 12)
    assert cases
    phases = set()
    for obs, state, legal in cases:
        talon = state.deal.talon
        world = World({q: state.hands[q] for q in state.active}, sum(1 << c for c in talon))
        rebuilt = domain.state(game, obs, world)
        assert rebuilt is not None
        assert rebuilt.legal_actions() == legal
        for q in range(game.num_seats):
            assert rebuilt.observation(q) == state.observation(q)
        phases.add(obs["phase"])
    assert "auction" in phases


def test_every_sampled_world_rebuilds_and_a_wrong_one_is_refused() -> None:
    game = make_game("bavarian-tarock", {"variant": "simple", "simple_bettel": True})
    domain = search_domain(game)
    rng = random.Random(0)
    for obs, _, legal in _decisions(game, 8):
        world = BavarianSampler(game.opt, obs).sample(rng)
        assert world is not None
        rebuilt = domain.state(game, obs, world)
        assert rebuilt is not None and rebuilt.legal_actions() == legal
        me = obs["seat"]
        other = next(q for q in obs["active"] if q != me)
        swapped = World({**world.hands, me: world.hands[other], other: world.hands[me]},
                        world.pile)
        assert domain.state(game, obs, swapped) is None  # not the seat's own hand


def test_a_play_out_is_the_heuristic_deal_to_its_end() -> None:
    game = make_game("bavarian-tarock")
    obs, state, legal = _decisions(game, 3)[0]
    players = seats_players(game)
    values = rollout_values(game, state, legal, obs["seat"], players)
    assert values is not None and set(values) == set(legal)
    for action in legal:
        copy = state.clone()
        copy.apply(action)
        assert values[action] == play_out(game, copy, players)[obs["seat"]]
    assert not state.is_terminal()  # played out on copies
    assert rollout_values(game, state, legal, obs["seat"], players,
                          deadline=time.perf_counter() - 1) is None


@pytest.mark.parametrize("rollouts", [True, False])
def test_the_search_player_plays_bids_out_only_when_asked(rollouts: bool) -> None:
    game = make_game("bavarian-tarock")
    obs, _, legal = _decisions(game, 3)[0]
    player = SearchPlayer(0, budget=60.0, samples=6, rollouts=rollouts)
    assert player.act(game, obs, legal) in legal
    assert player.last_stats["samples"] == (6 if rollouts else 0)


def test_bids_that_lose_in_every_world_are_overruled(monkeypatch) -> None:
    """Where every world's play-outs value another bid above the heuristic's, search takes it;
    where they agree with the heuristic, it keeps the heuristic's."""
    import tarock.players.search as search_module

    game = make_game("bavarian-tarock")
    obs, _, legal = _decisions(game, 3)[0]
    default = make_player("heuristic", 0).act(game, obs, legal)
    other = next(a for a in legal if a != default)
    for better, expected in ((other, other), (default, default)):
        monkeypatch.setattr(search_module, "rollout_values",
                            lambda *args, better=better, **kw: {
                                a: 5.0 + random.random() * 0.1 if a == better else 0.0
                                for a in legal})
        player = SearchPlayer(0, budget=60.0, samples=8)
        assert player.act(game, obs, legal) == expected
