"""Walking through deals that the heuristic players play, for tests that need real decisions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tarock.core.protocol import Game, State
from tarock.players import make_player


def heuristic_decisions(game: Game, deals: int) -> Iterator[tuple[int, State, dict[str, Any],
                                                                   list[Any]]]:
    """Every decision of ``deals`` deals played by heuristic players (deal ``i`` from seed ``i``,
    dealt by seat ``i`` mod the seats): (deal, state, observation, legal actions), before the
    heuristic's action is applied to the live state (clone it to keep it)."""
    players = [make_player("heuristic", s) for s in range(game.num_seats)]
    for deal in range(deals):
        state = game.new_deal_state(deal, dealer=deal % game.num_seats)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            legal = state.legal_actions()
            yield deal, state, obs, legal
            state.apply(players[seat].act(game, obs, legal))
