"""Computer players' decisions, made off the event loop.

A decision needs only JSON-ready data (the game's name and options, the seat's observation and
the record forms of the legal actions), so it runs in a worker thread for the quick levels and
in a worker process for ``hard``, whose search would otherwise hold the interpreter for its
whole budget and stall every other table. Workers keep their games and players between calls,
keyed by the table's options and the player's seed, so a player keeps whatever it learns.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from tarock.core.processes import worker_pool
from tarock.core.protocol import Game, make_game
from tarock.players.base import LEVELS, Player, make_player
from tarock.players.search import warm_up

_GAMES: dict[str, Game] = {}
_PLAYERS: dict[tuple[str, int], Player] = {}


def _game(game_name: str, options: dict[str, Any]) -> Game:
    """The worker's game for these options, made once."""
    import tarock.games  # noqa: F401  (registers the games in a fresh worker process)

    key = json.dumps([game_name, options], sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = make_game(game_name, options)
    return game


def decide(kind: str, seed: int, game_name: str, options: dict[str, Any],
           observation: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The record form of the action ``kind`` (seeded with ``seed``) chooses."""
    game = _game(game_name, options)
    player = _PLAYERS.get((kind, seed))
    if player is None:
        player = _PLAYERS[(kind, seed)] = make_player(kind, seed)
    actions = [game.action_from_json(a) for a in legal]
    return game.action_to_json(player.act(game, observation, actions))


def warm(kind: str, game_name: str, options: dict[str, Any]) -> None:
    """Import the game and its player in this worker and load its compiled solver."""
    game = _game(game_name, options)
    make_player(kind)  # imports the player's modules
    warm_up(game)


class Bots:
    """The pools that bots think in."""

    def __init__(self, threads: int = 4, processes: int = 1):
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="bot")
        self._process_count = processes
        self._processes: ProcessPoolExecutor | None = None
        self._prepared: set[tuple[str, str]] = set()

    def _executor(self, kind: str) -> Executor:
        if kind != LEVELS["hard"]:
            return self._threads
        if self._processes is None:
            self._processes = worker_pool(self._process_count)
        return self._processes

    def prepare(self, level: str, game: Game) -> None:
        """Start the worker for ``level`` now and load ``game``'s compiled solver in it, so that
        a table's first move does not wait for a process to start and import (a second or
        two). Nothing to do for the levels that think in threads."""
        kind = LEVELS[level]
        executor = self._executor(kind)
        if executor is not self._threads and (game.name, kind) not in self._prepared:
            self._prepared.add((game.name, kind))
            executor.submit(warm, kind, game.name, game.options_to_json())

    async def decide(self, level: str, seed: int, game: Game, observation: dict[str, Any],
                     legal: list[dict[str, Any]]) -> dict[str, Any]:
        kind = LEVELS[level]
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._executor(kind), decide, kind, seed, game.name, game.options_to_json(),
            observation, legal)

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
