"""One table's live state: the session rebuilt from the log, and what each client may see.

A :class:`Table` is pure bookkeeping, without I/O: the hub (:mod:`tarock.server.hub`) decides
who may act, persists, and sends. Accepting an action is split in two so that nothing is
half-applied: :meth:`Table.prepare` checks the action on a clone of the deal (raising the
engine's typed error if it is illegal) and :meth:`Table.commit` installs that clone once the
action is in the database. Rebuilding replays the log through the same two steps, so a table
after a restart is the table before it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tarock.core.presentation import Presentation
from tarock.core.protocol import TERMINAL, Game, State, make_game, refusal
from tarock.core.session import Session
from tarock.server.storage import LoggedAction, TableSpec


@dataclass
class Prepared:
    """An action checked against the deal, not yet installed."""

    entry: LoggedAction
    state: State  # the deal after the action
    # what each seat (and None, a spectator) is told: (text, action in full or None); a seat
    # told nothing is absent
    told: dict[int | None, tuple[str, dict[str, Any] | None]] = field(default_factory=dict)
    before: State | None = None  # the deal before the action (never changed: it was cloned)


@dataclass
class DealEnd:
    deal: int
    seq: int
    result: dict[str, Any]


class Table:
    """A table's session and current deal (``state``), at ``seq`` actions accepted."""

    def __init__(self, spec: TableSpec, game_factory: Any = make_game):
        self.spec = spec
        self.game: Game = game_factory(spec.game, spec.options)
        names = [s.name or f"Seat {s.seat}" for s in spec.seats]
        self.session: Session = self.game.new_session(names, spec.seed, seating=False)
        self.seq = 0
        self.deal = 0  # index of the deal in ``state`` (0-based, thrown-in deals included)
        self.finished = False
        self.end_requested = spec.end_requested
        self._end_warned = False
        self.state: State = self.session.next_state()
        self._presentations: dict[str, Presentation] = {}

    @classmethod
    def rebuild(cls, spec: TableSpec, log: list[LoggedAction]) -> Table:
        """The table after replaying ``log`` (the actions in ``seq`` order)."""
        table = cls(spec)
        for entry in log:
            if entry.seq != table.seq + 1:
                raise ValueError(f"table {spec.id}: action {entry.seq} follows {table.seq}")
            table.commit(table.prepare(entry.seat, entry.action, entry.by))
        return table

    # -- state -------------------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return self.game.num_seats

    def to_act(self) -> int | None:
        """The seat whose decision the deal waits for (known to the server, maybe not to all)."""
        if self.finished:
            return None
        seat = self.state.current_player()
        return None if seat == TERMINAL else seat

    def records(self) -> list[dict[str, Any]]:
        return self.session.records

    # -- accepting actions -------------------------------------------------------------------

    def prepare(self, seat: int, action_json: dict[str, Any], by: str) -> Prepared:
        """Check ``seat``'s action (record form) on a clone; raises the engine's TarockError
        (IllegalActionError or InvalidRecordError, with the rule) when it is refused."""
        if self.finished:
            raise RuntimeError("the table is finished")
        if seat != self.to_act():
            raise RuntimeError(f"seat {seat} is not to act")
        action = self.game.action_from_json(action_json)
        before = self.state
        full = before.action_to_string(action)
        told: dict[int | None, tuple[str, dict[str, Any] | None]] = {}
        canonical = self.game.action_to_json(action)
        for viewer in [*range(self.num_seats), None]:
            text = full if viewer == seat else before.describe_for(viewer, seat, action)
            if text is not None:
                told[viewer] = (text, canonical if text == full else None)
        after = before.clone()
        after.apply(action)
        entry = LoggedAction(self.seq + 1, seat, canonical, by)
        return Prepared(entry, after, told, before)

    def commit(self, prepared: Prepared) -> DealEnd | None:
        """Install a prepared action (after it was stored); returns the deal's end if it ended.
        A finished deal is booked in the session, and the next one is dealt unless the session
        is over or the table's deal limit is reached."""
        self.state = prepared.state
        self.seq = prepared.entry.seq
        if not self.state.is_terminal():
            return None
        self.session.finish(self.state)
        end = DealEnd(self.deal, self.seq, self.state.result())
        if self.end_requested is not None and self.seq > self.end_requested \
                and not self._end_warned:
            self.session.warn_end()  # announced during this deal: given now, between deals
            self._end_warned = True
        limit = self.spec.deals
        if self.session.is_over():
            self.finished = True
        elif limit is not None and len(self.session.records) >= limit:
            self.session.stop()
            self.finished = True
        else:
            self.state = self.session.next_state()
            self.deal += 1
        return end

    def request_end(self) -> None:
        """A person announces the end of the session; it is given when this deal is over.
        Raises IllegalActionError where the game's session ends only by its own rules."""
        if self.session.end_warning_rule is None:
            self.session.warn_end()
        if self.end_requested is None:
            self.end_requested = self.seq

    # -- what a client sees ------------------------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self.state.public_observation() if seat is None else self.state.observation(seat)

    def public_to_act(self, seat: int | None, observation: dict[str, Any]) -> int | None:
        """Whose turn it is as far as ``seat`` may know: the deal's own ``current_player`` in
        the observation, which hides a private decision (such as whether to annul) from the
        other seats."""
        if self.finished:
            return None
        shown = observation.get("current_player", self.to_act())
        return None if shown is None or shown == TERMINAL else shown

    def legal(self, seat: int | None) -> list[dict[str, Any]]:
        """The record forms of ``seat``'s legal actions; empty unless it is ``seat``'s turn."""
        if seat is None or seat != self.to_act():
            return []
        return [self.game.action_to_json(a) for a in self.state.legal_actions()]

    def refusals(self, seat: int | None, observation: dict[str, Any]) -> list[dict[str, Any]]:
        """Why each choice a player may expect now is not legal (*extension*): the engine's
        refusal alone (``message``, words for a person), what it would have accepted
        (``expected``, in record codes), its rule ID and the key a presentation words it by in
        another language (``reason``), found by applying the choice to a clone of the deal
        (:func:`~tarock.core.protocol.refusal`). The expected choices come from the
        presentation layer (in play: every card in hand); only the seat to act gets any."""
        legal = self.legal(seat)
        if not legal:
            return []
        offered = {_key(a) for a in legal}
        refused = []
        for choice in self.presentation().expected_choices(observation):
            if _key(choice) in offered:
                continue
            error = refusal(self.state, self.game.action_from_json(choice))
            if error is not None:
                refused.append({"action": choice, "message": error.message,
                                "expected": error.expected, "rule": error.rule,
                                "reason": error.reason})
        return refused

    def presentation(self, lang: str = "en") -> Presentation:
        """The game's words in ``lang``, made once per table and language."""
        if lang not in self._presentations:
            self._presentations[lang] = self.game.presentation(lang)
        return self._presentations[lang]

    def score_sheet(self) -> dict[str, Any]:
        sheet = self.session.sheet
        return {"names": list(sheet.names), "labels": list(sheet.labels),
                "rows": [list(r) for r in sheet.rows], "totals": list(sheet.totals),
                "pots": list(sheet.pots), "pot": sheet.pot}

    def summary(self) -> dict[str, Any]:
        """The game's own summary of the session (totals, dealer, fund...), where it has one."""
        summary = getattr(self.session, "summary", None)
        return summary() if summary is not None else {}


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)
