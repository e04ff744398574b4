"""Independent deals played by computer players: the engine of ``tarock simulate``.

Deal ``i`` of a run with seed ``S`` is ``game.deal(S + i, dealer=i mod n)``, played by players
made afresh for it with the seeds ``(S + i) * 101 + seat`` (:func:`player_seed`). A deal's
outcome therefore depends on nothing but ``S`` and ``i``, and the deals can be spread over
processes or a Ray cluster (:mod:`tarock.arena.backends`) with the same results, in the same
order, for any number of workers.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import Game, make_game
from tarock.core.records import record_from_state
from tarock.core.session import play_out, players_act
from tarock.players import make_player


def player_seed(seed: int, seat: int) -> int:
    """The seed of the player at ``seat`` of the deal (or session) with seed ``seed``."""
    return seed * 101 + seat


@dataclass(frozen=True)
class SimulateSpec:
    """What every deal of a run shares; small and picklable, sent to each worker."""

    game: str
    options: Mapping[str, Any]
    players: tuple[str, ...]  # one kind per seat
    names: tuple[str, ...]  # the players' names in the records
    seed: int
    records: bool = True


@dataclass
class DealResult:
    """One simulated deal: its seed, its result and its record (if kept)."""

    deal_seed: int
    result: dict[str, Any]
    record: dict[str, Any] | None = field(default=None)


_GAMES: dict[tuple[str, tuple[tuple[str, str], ...]], Game] = {}


def simulate_units(spec: SimulateSpec, units: Sequence[int]) -> list[DealResult]:
    """Play the given deals (a worker's chunk); the game is built once per process."""
    key = (spec.game, tuple(sorted((str(k), repr(v)) for k, v in spec.options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = make_game(spec.game, spec.options)
    out = []
    for i in units:
        deal_seed = spec.seed + i
        seats = [make_player(kind, player_seed(deal_seed, s))
                 for s, kind in enumerate(spec.players)]
        state = play_out(game.new_deal_state(deal_seed, i % game.num_seats), players_act(seats))
        record = (record_from_state(state, list(spec.names), seed=deal_seed)
                  if spec.records else None)
        out.append(DealResult(deal_seed, state.result(), record))
    return out


def simulate(spec: SimulateSpec, deals: int, workers: int = 1,
             ray_address: str | None = None) -> Iterator[list[DealResult]]:
    """The results of deals ``0 .. deals-1`` in order, chunk by chunk, played here
    (``workers`` 1), by ``workers`` local processes, or on Ray (``ray_address``, ``"local"``
    for a private instance with ``workers`` CPUs). Bad input raises before any deal is
    played."""
    from tarock.arena import backends

    if workers < 1:
        raise InvalidOptionError(f"workers is {workers}", expected="a positive number")
    if ray_address is not None:
        backends.import_ray()
        backend = backends.ray_backend(simulate_units, spec, deals, ray_address, workers)
    else:
        backend = backends.local_backend(simulate_units, spec, deals, workers)
    with backend as results:
        yield from results
