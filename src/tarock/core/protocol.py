"""The game/state protocol every engine implements, shaped like OpenSpiel's.

A :class:`Game` is made from a name and rule options and knows the pack, the seats and how to turn
actions to and from their record form. A :class:`State` is one deal in progress: whose turn it is,
the legal actions, ``apply``, a cheap ``clone``, the result once terminal, and
``observation(seat)``, which holds exactly what that seat may know. Players, the arena, the CLI
and environments use only this module and :mod:`tarock.core.cards`; none of them imports a game's
internals.

Actions are small immutable hashable values defined by each game; their JSON form (the record's
action objects without ``seat``) is produced by :meth:`Game.action_to_json`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tarock.core.cards import Deck
from tarock.core.encoding import ActionEncoding
from tarock.core.errors import TarockError, UnknownGameError
from tarock.core.options import OptionSpec
from tarock.core.tricks import CardView, Trick

if TYPE_CHECKING:
    from tarock.core.presentation import Presentation
    from tarock.core.session import Session

Action = Hashable
TERMINAL = -1  # current_player() of a finished deal


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: one hand mask per seat and the talon in order (top card first)."""

    hands: tuple[int, ...]
    talon: tuple[int, ...]


class Game(ABC):
    """A game with fixed rule options; a factory for deals and states."""

    name: str
    title: str  # the game's name for people, e.g. "Hungarian tarokk"
    deck: Deck
    option_specs: tuple[OptionSpec, ...]  # the rules document's option table
    options: Mapping[str, Any]
    # Record keys beyond the common envelope that a deal depends on: match state carried from
    # deal to deal, such as the pot of Bavarian tarock. They are passed to new_initial_state as
    # keyword arguments and written back by State.envelope().
    envelope_keys: tuple[str, ...] = ()
    # The rules a record breaks with an action out of turn, and with one after the deal's end:
    # every refusal names its rule, these two included.
    turn_rule: str = ""
    over_rule: str = ""

    @property
    @abstractmethod
    def num_seats(self) -> int:
        """Persons at the table (seats), including any who sit out a deal."""

    @abstractmethod
    def deal(self, seed: int, dealer: int = 0) -> Deal:
        """A deterministic deal from ``seed`` with ``dealer`` dealing."""

    @abstractmethod
    def new_initial_state(self, deal: Deal, dealer: int = 0, multiplier: int = 1,
                          **envelope: Any) -> State:
        """The state before the first decision of ``deal`` (``envelope``: see envelope_keys)."""

    @abstractmethod
    def action_to_json(self, action: Action) -> dict[str, Any]:
        """The record form of an action, without its ``seat``."""

    @abstractmethod
    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Parse the record form of an action; malformed input raises InvalidRecordError."""

    @abstractmethod
    def deal_to_json(self, deal: Deal) -> dict[str, Any]:
        """The record's ``deal`` object."""

    @abstractmethod
    def deal_from_json(self, data: Mapping[str, Any]) -> Deal:
        """Parse and check a record's ``deal`` object (every card exactly once)."""

    @abstractmethod
    def action_encoding(self) -> ActionEncoding:
        """The game's flat action space for learning environments (:mod:`tarock.core.encoding`)."""

    @abstractmethod
    def options_to_json(self) -> dict[str, Any]:
        """The options in force as JSON values (all keys)."""

    def new_deal_state(self, seed: int, dealer: int = 0, multiplier: int = 1) -> State:
        """Shortcut: deal from ``seed`` and return the initial state."""
        return self.new_initial_state(self.deal(seed, dealer), dealer, multiplier)

    @abstractmethod
    def new_session(self, names: Sequence[str], seed: int, *, seating: bool = True) -> Session:
        """A session of chained deals at this table (dealer rotation, multipliers, the end).

        ``names`` are the persons; where the game has a seating ceremony, ``seating`` holds it
        and the session's ``names`` say who sits where. With ``seating=False`` (a table server,
        where people chose their seats) ``names`` are already in seat order and stay so."""

    def presentation(self, lang: str = "en") -> Presentation:
        """How this game is shown to people in ``lang`` (:mod:`tarock.core.presentation`).
        Games override this with their own card names and terms; the default knows only the
        UI strings."""
        from tarock.core.presentation import Presentation

        return Presentation(self, lang)


class State(ABC):
    """One deal in progress. ``apply`` either fully applies a legal action or raises."""

    game: Game
    deal: Deal
    dealer: int
    multiplier: int
    history: list[tuple[int, Action]]

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player (never empty before the end)."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises IllegalActionError and changes nothing."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, cheap enough for search."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """The record's ``result`` object: per-seat ``scores`` and scored ``items``."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know now, as JSON-ready data, and nothing else."""

    @abstractmethod
    def public_observation(self) -> dict[str, Any]:
        """What everyone at the table may know now (a spectator's view): the observation of
        no seat, with no hand and nothing private to any seat; ``seat`` is None."""

    @abstractmethod
    def action_to_string(self, action: Action) -> str:
        """A short human-readable description of an action."""

    def describe_for(self, seat: int | None, actor: int, action: Action) -> str | None:
        """How ``seat`` perceives ``actor``'s ``action``, asked before the action is applied: a
        short text, or None when ``seat`` perceives nothing; ``seat`` None is a spectator, who
        perceives what every seat other than the actor does. Games override this for private
        actions such as discards; the default treats every action as public."""
        return self.action_to_string(action)

    def describe_all(self, actor: int, action: Action) -> tuple[str | None, ...]:
        """What every seat perceives of ``actor``'s ``action``, by seat, asked before the action
        is applied: the actor is told :meth:`action_to_string`, every other seat
        :meth:`describe_for`. The environments ask it at every action; games override it with
        one call for the common case of an action every seat is told in full (the same string
        for all), which costs less than a call per seat."""
        return describe_each(self, actor, action)

    def card_view(self, seat: int) -> CardView:
        """``seat``'s hand and the tricks as card indices. This default reads them from
        :meth:`observation` (its ``hand``, ``tricks`` and ``trick``); games override it with
        their own fields, because building the whole observation is the slow way."""
        obs = self.observation(seat)
        index = self.game.deck.index
        hand = 0
        for code in obs.get("hand", ()):
            hand |= 1 << index(code)
        tricks = tuple(
            Trick(tuple(index(p["card"]) for p in t["cards"]),
                  tuple(p["seat"] for p in t["cards"]), t["winner"])
            for t in obs.get("tricks", ()))
        trick = obs.get("trick", ())
        return CardView(hand, tricks, tuple(index(p["card"]) for p in trick),
                        tuple(p["seat"] for p in trick))

    def envelope(self) -> dict[str, Any]:
        """Values of the game's ``envelope_keys`` for this deal's record."""
        return {}

    def returns(self) -> list[int]:
        """Per-seat settlement of a finished deal."""
        return list(self.result()["scores"])


def refusal(state: State, action: Action) -> TarockError | None:
    """Why the rules do not allow ``action`` now, or None where they do: the engine's refusal
    of it, asked of a copy of the deal. An engine that accepts an action the rules forbid, to
    penalise it (a Hungarian revoke), names the rule it breaks by its state's optional
    ``irregularity(action)``, so that a table can tell a person why it is not offered."""
    irregularity = getattr(state, "irregularity", None)
    if irregularity is not None:
        found: TarockError | None = irregularity(action)
        if found is not None:
            return found
    try:
        state.clone().apply(action)
    except TarockError as error:
        return error
    return None


def replayed(game: Game, deal: Deal, dealer: int, multiplier: int,
             envelope: Mapping[str, Any], actions: Sequence[Action]) -> State:
    """The state that ``actions`` lead to from the deal. The compiled states
    (:mod:`tarock.core.native`) are pickled and deep-copied as this call (their ``__reduce__``),
    because a native class is made only through ``__init__``."""
    state = game.new_initial_state(deal, dealer, multiplier, **envelope)
    for action in actions:
        state.apply(action)
    return state


_REGISTRY: dict[str, Callable[[Mapping[str, Any] | None], Game]] = {}


def register_game(name: str, factory: Callable[[Mapping[str, Any] | None], Game]) -> None:
    """Make a game available to :func:`make_game` under ``name`` (called by game packages)."""
    _REGISTRY[name] = factory


# ``state`` is Any in these two: the compiled games' states are States by registration, which
# the type checker (and so mypyc) does not see.
def describe_each(state: Any, actor: int, action: Action) -> tuple[str | None, ...]:
    """What every seat perceives of ``actor``'s ``action``, asked seat by seat: the actor is told
    ``action_to_string``, every other seat ``describe_for``. :meth:`State.describe_all`'s default,
    and what a game's own ``describe_all`` falls back to for its private actions (a game whose
    state is registered rather than derived cannot call the default through ``super()``)."""
    full = state.action_to_string(action)
    return tuple(full if q == actor else state.describe_for(q, actor, action)
                 for q in range(state.game.num_seats))


def told_to_all(state: Any, action: Action) -> tuple[str, ...]:
    """``action_to_string(action)`` for every seat, for an action every seat is told in full
    and whose words depend only on the action and the game's pack: memoised, because the
    environments ask ``describe_all`` at every action. The key holds the deck (one object per
    game and pack), so equal actions of different games never share an entry."""
    key = (action, state.game.deck, state.game.num_seats)
    told = _TOLD_TO_ALL.get(key)
    if told is None:
        if len(_TOLD_TO_ALL) >= _TOLD_LIMIT:
            _TOLD_TO_ALL.clear()
        told = _TOLD_TO_ALL[key] = (state.action_to_string(action),) * state.game.num_seats
    return told


_TOLD_TO_ALL: dict[tuple[Action, Deck, int], tuple[str, ...]] = {}
_TOLD_LIMIT = 1 << 14


def registered_games() -> list[str]:
    return sorted(_REGISTRY)


# Game-specific commands of the ``tarock`` CLI: name -> "module:function". A game package
# registers its commands as it registers itself, by import path, so that neither the game nor
# the core imports the CLI's libraries and the CLI imports no game's internals.
_COMMANDS: dict[str, str] = {}


def register_command(name: str, target: str) -> None:
    """Add the command ``tarock NAME``, implemented by the function at ``module:function``."""
    _COMMANDS[name] = target


def registered_commands() -> dict[str, str]:
    return dict(sorted(_COMMANDS.items()))


def make_game(name: str, options: Mapping[str, Any] | None = None) -> Game:
    """Build a registered game with the given rule options (missing ones take defaults)."""
    factory = _REGISTRY.get(name)
    if factory is None:
        raise UnknownGameError(
            f"unknown game {name!r}", expected="one of " + ", ".join(registered_games())
        )
    return factory(options)
