"""The player interface: an observation and the legal actions in, one legal action out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import Action, Game


class Player(Protocol):
    """A computer (or human) player.

    ``act`` must return one of ``legal``; it is given nothing but what its seat may know.
    """

    name: str

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action: ...


# The strength levels of ``tarock play --level`` and of the table server's bots, by player kind.
LEVELS = {"easy": "cautious", "normal": "heuristic", "hard": "search"}

_FACTORIES: dict[str, Callable[[int], Player]] = {}


def register_player(kind: str, factory: Callable[[int], Player]) -> None:
    """Make a player kind available by name; the factory takes a seed."""
    _FACTORIES[kind] = factory


def player_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def make_player(kind: str, seed: int = 0) -> Player:
    """A player of the named kind (``random``, ``cautious``), seeded for reproducibility."""
    _load_builtin()
    factory = _FACTORIES.get(kind)
    if factory is None:
        raise InvalidOptionError(f"unknown player {kind!r}",
                                 expected="one of " + ", ".join(sorted(_FACTORIES)))
    return factory(seed)


def is_omniscient(kind: str) -> bool:
    """Whether players of ``kind`` see every card (``omniscient = True``): they measure what
    information is worth in the arena and may not sit at a table with people."""
    return bool(getattr(make_player(kind), "omniscient", False))


def set_think(player: Player, seconds: float | None) -> Player:
    """Give a player with a per-move time budget (``budget``, the search players) ``seconds``
    per decision; other players and ``None`` leave it as it is."""
    if seconds is not None and hasattr(player, "budget"):
        player.budget = seconds  # type: ignore[attr-defined]
    return player


def _load_builtin() -> None:
    from tarock.players import (  # noqa: F401  (they register)
        cautious,
        heuristic,
        omniscient,
        random_player,
        search,
    )
