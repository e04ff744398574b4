"""Sessions: deals chained at one table, with a score sheet that always sums to zero.

A game's session decides who deals next, the deal multiplier and when the session ends; this base
holds what every game shares: names per seat, the running score sheet, the finished records, and
the loop that lets players act through the protocol.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tarock.core.errors import IllegalActionError
from tarock.core.protocol import Game, State


@dataclass
class ScoreSheet:
    """Running totals per seat; every row (one deal) must sum to zero (e.g. HU-SCORE-14).

    In a game with a kitty or pot a row sums to zero together with the pot's change; ``pots``
    holds those changes row by row and ``pot`` their running total (the fund now), so that
    ``sum(totals) + pot == 0`` always.
    """

    names: list[str]
    rows: list[list[int]] = field(default_factory=list)
    totals: list[int] = field(init=False)
    pots: list[int] = field(init=False)
    pot: int = field(init=False)
    labels: list[str] = field(init=False)  # "1", "2", ... for deals; e.g. "stakes" otherwise

    def __post_init__(self) -> None:
        self.totals = [0] * len(self.names)
        self.pots = [0] * len(self.rows)
        self.pot = 0
        self.labels = [str(i) for i in range(1, len(self.rows) + 1)]

    def add(self, scores: Sequence[int], pot: int = 0, label: str | None = None) -> None:
        """Add one row: a deal, or with ``label`` another movement of money such as the stakes
        paid into a pot; ``pot`` is the change of a kitty or pot, for games that have one."""
        if len(scores) != len(self.names):
            raise ValueError("one score per seat")
        if sum(scores) + pot != 0:
            raise AssertionError(f"deal does not sum to zero: {list(scores)} pot {pot}")
        deals = sum(lab.isdigit() for lab in self.labels)
        self.labels.append(label if label is not None else str(deals + 1))
        self.rows.append(list(scores))
        self.pots.append(pot)
        self.pot += pot
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]


def play_out(state: State, act: Callable[[int, State], Any]) -> State:
    """Drive ``state`` to its end, asking ``act(seat, state)`` for each decision."""
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(act(seat, state))
    return state


def players_act(players: Sequence[Any]) -> Callable[[int, State], Any]:
    """An ``act`` callback that asks ``players[seat]`` with only that seat's observation.

    A player that declares ``omniscient = True`` (a measuring device, never a table opponent)
    is handed the whole state instead, through ``act_open(game, state, legal)``."""

    def act(seat: int, state: State) -> Any:
        player = players[seat]
        if getattr(player, "omniscient", False):
            return player.act_open(state.game, state, state.legal_actions())
        return player.act(state.game, state.observation(seat), state.legal_actions())

    return act


class Session(ABC):
    """A sequence of deals at one table."""

    game: Game
    names: list[str]
    sheet: ScoreSheet
    records: list[dict[str, Any]]

    @abstractmethod
    def next_state(self) -> State:
        """The next deal, dealt with the right dealer and multiplier."""

    @abstractmethod
    def finish(self, state: State) -> dict[str, Any]:
        """Book a finished deal; returns its record."""

    @abstractmethod
    def is_over(self) -> bool: ...

    # The rule under which people announce the end of the session (warn_end); None where a
    # session ends only by its own rules.
    end_warning_rule: str | None = None

    def warn_end(self) -> None:
        """Announce, between deals, that the session should end; the game's rule then says
        when it does. The base refuses: its session ends only by its own rules."""
        raise IllegalActionError("this game's session ends only by its own rules")

    def stop(self) -> None:  # noqa: B027  (a hook: most games have nothing to settle)
        """End the session between deals before its rules end it (a table's deal limit). Games
        that keep money in a pot settle it here; the base has nothing to settle."""

    def play(self, players: Sequence[Any], max_deals: int | None = None) -> list[dict[str, Any]]:
        """Play deals with computer players until the session ends (or ``max_deals``)."""
        records = []
        while not self.is_over() and (max_deals is None or len(records) < max_deals):
            state = play_out(self.next_state(), players_act(players))
            records.append(self.finish(state))
        return records
