"""The ``omniscient`` player (issue 12): it sees the whole state, plays legal complete deals in
every game, is refused at a table with people; ``--think`` sets the search players' budget."""

from __future__ import annotations

import json

import pytest
from cli_support import assert_bad_input
from cli_support import run as run_cli

from tarock.arena.runner import run_arena
from tarock.core.errors import InvalidOptionError
from tarock.core.session import play_out, players_act
from tarock.games import make_game
from tarock.hungarian.strategy.solver import position_from_state
from tarock.players import make_player, rollouts
from tarock.players.base import is_omniscient, set_think
from tarock.players.search import SearchPlayer, search_domain


def _checked(players: list):
    inner = players_act(players)

    def act(seat: int, state):
        action = inner(seat, state)
        assert action in state.legal_actions()
        return action
    return act


@pytest.mark.parametrize("game_name", ["hungarian-tarokk", "bavarian-tarock", "ottocento"])
def test_omniscient_plays_complete_legal_deals(game_name: str) -> None:
    game = make_game(game_name)
    for seed in range(2):
        players = [make_player("omniscient" if s % 2 == 0 else "heuristic", s)
                   for s in range(game.num_seats)]
        state = play_out(game.new_deal_state(seed, dealer=seed % game.num_seats),
                         _checked(players))
        assert state.is_terminal()


def test_omniscient_needs_the_state() -> None:
    assert is_omniscient("omniscient") and not is_omniscient("search")
    game = make_game("hungarian-tarokk")
    state = game.new_deal_state(0, dealer=0)
    with pytest.raises(InvalidOptionError, match="whole state"):
        make_player("omniscient").act(game, state.observation(state.current_player()),
                                      state.legal_actions())


def test_the_true_world_is_the_state() -> None:
    """The Hungarian position the omniscient player solves is the state's own."""
    game = make_game("hungarian-tarokk")
    players = [make_player("cautious", s) for s in range(4)]
    domain = search_domain(game)
    checked = 0
    for seed in range(6):
        state = game.new_deal_state(seed, dealer=seed % 4)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            if state.phase == "play" and domain.handles(game, obs, state.legal_actions()):
                pos = domain.position(game, obs, domain.true_world(state))
                ref = position_from_state(state)
                assert (pos.hands, pos.trick, pos.leader, pos.team_d, pos.points_d,
                        pos.won_d) == (ref.hands, ref.trick, ref.leader, ref.team_d,
                                       ref.points_d, ref.won_d)
                checked += 1
            state.apply(players[seat].act(game, obs, state.legal_actions()))
    assert checked >= 50


@pytest.mark.parametrize("options", [None, {"players": 2}])
def test_the_first_ottocento_cards_are_played_out_in_the_real_deal(options) -> None:
    """Before the solver's last 7 tricks the omniscient player plays each card (those the
    search player would play out, and the heuristic's) out in the real deal by heuristic players
    and plays the best, the heuristic's among equals: the ceiling of what the search player's
    play-outs there can gain."""
    game = make_game("ottocento", options)
    domain = search_domain(game)
    omniscient, heuristic = make_player("omniscient", 0), make_player("heuristic", 0)
    players = rollouts.seats_players(game)
    decisions = overruled = 0
    for seed in range(3):
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            obs = state.observation(seat)
            default = heuristic.act(game, obs, legal)
            if obs["phase"] == "play" and len(legal) > 1 \
                    and not domain.handles(game, obs, legal):
                options_ = [default, *domain.rollout_actions(game, obs, legal)]
                values = rollouts.rollout_values(state, options_, seat, players)
                chosen = omniscient.act_open(game, state, legal)
                assert chosen in options_ and values[chosen] == max(values.values())
                assert chosen == default or values[chosen] > values[default]
                decisions += 1
                overruled += chosen != default
            state.apply(default)
    assert decisions > 20 and overruled > 0


def test_play_refuses_the_omniscient_player() -> None:
    assert_bad_input(run_cli("play", "--opponents", "omniscient", "--seed", "1"),
                     "sees every card", "--opponents")


def test_think_sets_the_search_budget() -> None:
    assert set_think(SearchPlayer(0), 0.25).budget == 0.25
    assert set_think(SearchPlayer(0), None).budget == 1.0
    assert not hasattr(set_think(make_player("heuristic"), 0.25), "budget")
    with pytest.raises(InvalidOptionError, match="think"):
        run_arena("bavarian-tarock", {}, ["search", "heuristic"], 1, 0, think=0)


def test_arena_think_on_the_command_line() -> None:
    result = run_cli("arena", "--game", "bavarian-tarock", "--players", "search,heuristic",
                     "--deals", "1", "--think", "0.01", "--no-records", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["difference"]["first"] == "search"
