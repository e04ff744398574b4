"""The player interface: an observation and the legal actions in, one legal action out."""

from __future__ import annotations

import inspect
import typing
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

_FACTORIES: dict[str, Callable[..., Player]] = {}


def register_player(kind: str, factory: Callable[..., Player]) -> None:
    """Make a player kind available by name; the factory takes a seed, then its settings as
    keyword arguments with defaults (see :func:`make_player`)."""
    _FACTORIES[kind] = factory


def player_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def make_player(kind: str, seed: int = 0) -> Player:
    """A player of the named kind (``random``, ``cautious``), seeded for reproducibility.

    ``kind:key=value:...`` also sets the kind's own settings, the keyword arguments of its
    factory after the seed (``search:rollouts=false:confidence=2``), so that the arena can pit
    two settings of one player against each other and every measurement has a command that
    reruns it; each value is read as the type of the setting's default."""
    _load_builtin()
    name, _, given = kind.partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise InvalidOptionError(f"unknown player {name!r}",
                                 expected="one of " + ", ".join(sorted(_FACTORIES)))
    if not given:  # the common case, without reading the factory's signature (a search
        return factory(seed)  # decision that plays out makes a player per seat)
    return factory(seed, **_settings(name, factory, given))


_TRUE = ("true", "on", "yes", "1")
_FALSE = ("false", "off", "no", "0")
_KINDS_OF_VALUE = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def _settings(name: str, factory: Callable[..., Player], given: str) -> dict[str, Any]:
    """``key=value:...`` read against the keyword arguments of ``factory`` after the seed (those
    whose default is a bool, a whole number, a number or text, or None where the annotation
    names one of those: a setting that the game decides unless it is given)."""
    kinds = _setting_kinds(factory)
    known = f"one of {', '.join(kinds)}" if kinds else "none: the kind has no settings"
    out: dict[str, Any] = {}
    for pair in given.split(":"):
        key, eq, text = pair.partition("=")
        if key not in kinds:
            raise InvalidOptionError(f"unknown setting {key!r} of player {name!r}",
                                     expected=known)
        if not eq or key in out:
            raise InvalidOptionError(f"setting {pair!r} of player {name!r}",
                                     expected="each setting once, as key=value")
        kind = kinds[key]
        try:
            if kind is bool:
                if text.lower() not in _TRUE + _FALSE:
                    raise ValueError(text)
                out[key] = text.lower() in _TRUE
            else:
                out[key] = kind(text)
        except ValueError:
            raise InvalidOptionError(f"setting {key}={text!r} of player {name!r}",
                                     expected=_KINDS_OF_VALUE[kind]) from None
    return out


def _setting_kinds(factory: Callable[..., Player]) -> dict[str, type]:
    """The settings of a player kind's factory, each with the type its value is read as."""
    params = list(inspect.signature(factory).parameters.values())[1:]
    hints: dict[str, Any] | None = None  # read only where a default is None
    kinds: dict[str, type] = {}
    for p in params:
        if type(p.default) in _KINDS_OF_VALUE:
            kinds[p.name] = type(p.default)
        elif p.default is None:
            if hints is None:
                hints = typing.get_type_hints(
                    factory.__init__ if inspect.isclass(factory) else factory)
            named = [t for t in typing.get_args(hints.get(p.name)) if t in _KINDS_OF_VALUE]
            if named:
                kinds[p.name] = named[0]
    return kinds


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
