"""Play duplicate units and sum them up: the arena's engine, used by the CLI and benchmarks.

Unit ``i`` of a run with seed ``S`` is the deal ``game.deal(deal_seed(S, i), dealer=i mod n)``
played once per rotation of the duplicate schedule (:mod:`tarock.arena.schedule`). Every player
is made afresh for each seat of each rotation with a seed derived from the deal seed, the
rotation and the seat (:func:`player_seed`), so a unit's outcome depends on nothing but ``S`` and
``i``: not on which process plays it, nor on how the units are split among workers.

A type's score for a unit is its mean score per hand held over the unit's rotations, counting
only hands that were in play (a seat without cards sits the deal out and scores nothing). The
means and 95% intervals over units are described in :mod:`tarock.arena.stats`.

Everything goes through the game/state protocol and :func:`tarock.players.make_player`; the
arena knows no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import tarock.games  # noqa: F401  (registers the games)
from tarock.arena.schedule import Schedule, duplicate_schedule, playing_seats
from tarock.arena.stats import Interval, mean_interval, paired_difference
from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import Game, make_game
from tarock.core.records import append_record, record_from_state
from tarock.core.session import play_out, players_act
from tarock.players import make_player
from tarock.players.base import set_think

SEED_STRIDE = 1_000_003


def deal_seed(seed: int, unit: int) -> int:
    """The deal seed of unit ``unit`` in a run with seed ``seed``."""
    return seed * SEED_STRIDE + unit


def player_seed(deal_seed: int, rotation: int, seat: int) -> int:
    """The seed of the player at ``seat`` in ``rotation`` of the deal with ``deal_seed``."""
    return (deal_seed * 64 + rotation) * 64 + seat


@dataclass(frozen=True)
class ArenaSpec:
    """What every unit of a run shares; small and picklable, sent to each worker."""

    game: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    seed: int
    records: bool = True
    think: float | None = None  # seconds per decision for players with a budget (search)


@dataclass
class UnitResult:
    """One duplicate unit: per type its mean score per hand held, and the records (if kept)."""

    unit: int
    deal_seed: int
    dealer: int
    scores: dict[str, float]  # type -> mean score per hand held in play
    hands: dict[str, int]  # type -> hands held in play over the rotations
    records: list[dict[str, Any]] = field(default_factory=list)  # one per rotation


def play_unit(game: Game, players: Sequence[str], seed: int, unit: int,
              records: bool = True, think: float | None = None) -> UnitResult:
    """Play unit ``unit`` (every rotation of its deal) and score it per player type; players
    with a per-move budget get ``think`` seconds when it is given."""
    schedule = duplicate_schedule(players, game.num_seats)
    dseed = deal_seed(seed, unit)
    dealer = unit % game.num_seats
    deal = game.deal(dseed, dealer)
    in_play = playing_seats(deal)
    totals = dict.fromkeys(players, 0.0)
    hands = dict.fromkeys(players, 0)
    out: list[dict[str, Any]] = []
    for rotation, kinds in enumerate(schedule):
        seated = [set_think(make_player(kind, player_seed(dseed, rotation, seat)), think)
                  for seat, kind in enumerate(kinds)]
        state = play_out(game.new_initial_state(deal, dealer), players_act(seated))
        scores = state.result()["scores"]
        for seat in in_play:
            totals[kinds[seat]] += scores[seat]
            hands[kinds[seat]] += 1
        if records:
            out.append(record_from_state(state, players=list(kinds), seed=dseed,
                                         extra={"arena": {"unit": unit, "rotation": rotation}}))
    means = {kind: totals[kind] / hands[kind] for kind in players}
    return UnitResult(unit, dseed, dealer, means, hands, out)


_GAMES: dict[tuple[str, tuple[tuple[str, str], ...]], Game] = {}


def run_units(spec: ArenaSpec, units: Sequence[int]) -> list[UnitResult]:
    """Play the given units (a worker's chunk); the game is built once per process."""
    key = (spec.game, tuple(sorted((str(k), repr(v)) for k, v in spec.options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = make_game(spec.game, spec.options)
    return [play_unit(game, spec.players, spec.seed, unit, spec.records, spec.think)
            for unit in units]


@dataclass
class ArenaResult:
    """A finished arena run: per player type its mean score per deal with a 95% interval."""

    game: str
    options: dict[str, Any]  # every option in force, as JSON values
    players: tuple[str, ...]
    deals: int
    seed: int
    schedule: Schedule
    units: list[UnitResult]  # in unit order, without their records
    per_type: dict[str, Interval]
    difference: Interval | None  # first type minus second, when exactly two types
    records_path: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "deals": self.deals,
            "seed": self.seed,
            "rotations": [list(r) for r in self.schedule],
            "players": {kind: self.per_type[kind].to_json() for kind in self.players},
        }
        if self.difference is not None:
            first, second = self.players
            data["difference"] = {"first": first, "second": second,
                                  **self.difference.to_json()}
        data["records"] = self.records_path
        return data


Progress = Callable[[int], None]  # called with the number of units just finished


def run_arena(game_name: str, options: Mapping[str, Any] | None, player_kinds: Sequence[str],
              deals: int, seed: int, workers: int = 1, ray_address: str | None = None,
              records_path: str | Path | None = None,
              progress: Progress | None = None, think: float | None = None) -> ArenaResult:
    """Play ``deals`` duplicate units and sum them up (see the module docstring).

    ``workers`` processes play the units (1: in this process); with ``ray_address`` the units
    go to a Ray cluster instead (``"local"`` starts a private local instance). When
    ``records_path`` is given every played deal is written there as a JSON line, in unit and
    rotation order. ``think`` gives players with a per-move budget (the search players) that
    many seconds per decision. Bad input raises a :class:`~tarock.core.errors.TarockError`
    before any deal is played.
    """
    from tarock.arena import backends

    kinds = check_players(player_kinds)
    if deals < 1:
        raise InvalidOptionError(f"deals is {deals}", expected="a positive number of deals")
    if workers < 1:
        raise InvalidOptionError(f"workers is {workers}", expected="a positive number")
    if think is not None and think <= 0:
        raise InvalidOptionError(f"think is {think}", expected="a positive number of seconds")
    opts = dict(options or {})
    game = make_game(game_name, opts)  # InvalidOptionError / UnknownGameError
    schedule = duplicate_schedule(kinds, game.num_seats)
    spec = ArenaSpec(game_name, opts, kinds, seed, records=records_path is not None,
                     think=think)
    if ray_address is not None:
        backends.import_ray()  # fail before anything is written
        backend = backends.ray_backend(run_units, spec, deals, ray_address, workers)
    else:
        backend = backends.local_backend(run_units, spec, deals, workers)
    units: list[UnitResult] = []
    with backend as results, _open_records(records_path) as fh:
        for chunk in results:
            for result in chunk:
                if fh is not None:
                    for record in result.records:
                        append_record(record, fh)
                    result.records = []
                units.append(result)
            if progress is not None:
                progress(len(chunk))
    return summarise(game, kinds, seed, schedule, units,
                     None if records_path is None else str(records_path))


def summarise(game: Game, kinds: tuple[str, ...], seed: int, schedule: Schedule,
              units: list[UnitResult], records_path: str | None = None) -> ArenaResult:
    """The per-type intervals (and the paired difference of two types) over ``units``."""
    per_type = {kind: mean_interval([u.scores[kind] for u in units]) for kind in kinds}
    difference = None
    if len(kinds) == 2:
        difference = paired_difference([u.scores[kinds[0]] for u in units],
                                       [u.scores[kinds[1]] for u in units])
    return ArenaResult(game.name, game.options_to_json(), kinds, len(units), seed, schedule,
                       units, per_type, difference, records_path)


def check_players(player_kinds: Sequence[str]) -> tuple[str, ...]:
    """Distinct, known player kinds (one kind alone is a baseline run)."""
    kinds = tuple(k.strip() for k in player_kinds if k.strip())
    if not kinds:
        raise InvalidOptionError("no player kinds", expected="a comma list such as cautious,random")
    for kind in kinds:
        make_player(kind)  # InvalidOptionError naming the known kinds
    if len(set(kinds)) != len(kinds):
        raise InvalidOptionError(f"player kinds repeat: {','.join(kinds)}",
                                 expected="distinct kinds (each plays every seat in turn)")
    return kinds


@contextmanager
def _open_records(path: str | Path | None) -> Iterator[IO[str] | None]:
    if path is None:
        yield None
        return
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        yield fh
