"""One deal as the environments see it: the engine state, the token being spelled, and what
each seat was told of every action.

:class:`EnvState` wraps a protocol :class:`~tarock.core.protocol.State`. Actions arrive as tokens
of the game's flat action space (:mod:`tarock.core.encoding`); a multi-token action reaches the
engine only when its last token is chosen, so the engine never sees half an action. For every
action it also keeps what each seat perceived (``describe_for``), asked before the action is
applied, because that is what a seat's information state is made of: two histories a seat cannot
tell apart give it the same string, the same tensor and the same legal tokens.
"""

from __future__ import annotations

import json
from collections.abc import Hashable

import numpy as np

from tarock.core.encoding import ActionEncoding
from tarock.core.protocol import State
from tarock.env.tokens import TokenChoice


class EnvState:
    """A deal in progress, driven by tokens (see the module docstring)."""

    __slots__ = ("_choice", "_narrowed", "counts", "encoding", "engine", "finished_tricks",
                 "pending", "perceived", "seen_by")

    def __init__(self, engine: State):
        self.engine = engine
        self.encoding: ActionEncoding = engine.game.action_encoding()
        self.pending: tuple[int, ...] = ()  # tokens chosen so far in the current decision
        # per engine action: what each seat was told (None: nothing), and a bit per seat that
        # was told the action in full
        self.perceived: list[tuple[str | None, ...]] = []
        self.seen_by: list[int] = []
        # counts[q]: the "actions" and "hidden" blocks of seat q's tensor (tarock.env.features),
        # kept up to date action by action so that a tensor costs no walk through the history
        s, t = self.num_seats, self.encoding.num_tokens
        self.counts = np.zeros((s, s * t + s), dtype=np.float32)
        self._choice: TokenChoice | None = None
        # the pending prefix and the legal actions that start with it (None: all of them), so
        # that each token of a discard looks only at the sets still possible
        self._narrowed: tuple[tuple[int, ...], list[Hashable]] | None = None
        # per seat: how many finished tricks the index array covers, and the array: the
        # positions of their cards in the seat's tensor (tarock.env.features). Finished tricks
        # never change, so a tensor only adds the new ones; the arrays are never written to.
        self.finished_tricks: dict[int, tuple[int, np.ndarray]] = {}

    @property
    def num_seats(self) -> int:
        return self.engine.game.num_seats

    def current_player(self) -> int:
        return self.engine.current_player()

    def is_terminal(self) -> bool:
        return self.engine.is_terminal()

    def returns(self) -> list[float]:
        """Per-seat settlement as floats (what learning code wants); zeros before the end."""
        if not self.engine.is_terminal():
            return [0.0] * self.num_seats
        return [float(x) for x in self.engine.returns()]

    def choice(self) -> TokenChoice:
        if self._choice is None:
            narrowed = self._narrowed
            legal = (narrowed[1] if narrowed is not None and narrowed[0] == self.pending
                     else self.engine.legal_actions())
            self._choice = TokenChoice(self.encoding, legal, self.pending)
        return self._choice

    def legal_tokens(self) -> list[int]:
        """The legal tokens of the player to act, ascending (empty once the deal is over)."""
        if self.engine.is_terminal():
            return []
        return list(self.choice().tokens)

    def apply_token(self, token: int) -> None:
        """Choose ``token``; an illegal token raises IllegalActionError and changes nothing."""
        choice = self.choice()
        action = choice.choose(token)
        if action is None:
            self.pending = (*self.pending, token)
            self._narrowed = (self.pending, choice.leads_on[token])
            self._choice = None
        else:
            self.apply_action(action)

    def apply_action(self, action: Hashable) -> None:
        """Apply a whole engine action, recording what every seat perceives of it."""
        engine = self.engine
        actor = engine.current_player()
        full = engine.action_to_string(action)
        told = tuple(full if q == actor else engine.describe_for(q, actor, action)
                     for q in range(self.num_seats))
        engine.apply(action)
        seen = sum(1 << q for q, text in enumerate(told) if text == full)
        self.perceived.append(told)
        self.seen_by.append(seen)
        self._count(actor, action, seen)
        self.pending = ()
        self._choice = None
        self._narrowed = None

    def _count(self, actor: int, action: Hashable, seen: int) -> None:
        """Add ``action`` to every seat's counts: a few scalar stores, which numpy does faster
        than one indexed update built from a list."""
        s, t = self.num_seats, self.encoding.num_tokens
        spelled = self.encoding.tokens(action)
        counts = self.counts
        for q in range(s):
            rel = (actor - q) % s
            if seen >> q & 1:
                for token in spelled:
                    counts[q, rel * t + token] += 1.0
            else:
                counts[q, s * t + rel] += 1.0

    def clone(self) -> EnvState:
        other = EnvState.__new__(EnvState)
        other.engine = self.engine.clone()
        other.encoding = self.encoding
        other.pending = self.pending
        other.perceived = self.perceived.copy()
        other.seen_by = self.seen_by.copy()
        other.counts = self.counts.copy()
        other._choice = self._choice  # immutable once built, and the decision is the same
        other._narrowed = self._narrowed  # likewise
        other.finished_tricks = self.finished_tricks.copy()  # the arrays are never written
        return other

    def knowledge(self, seat: int, pending: bool = True) -> str:
        """Everything ``seat`` knows, as text: its observation and what it was told of each
        action, in order (perfect recall), plus its own half-spelled action (``pending``)."""
        told = [t[seat] for t in self.perceived]
        parts = [json.dumps(self.engine.observation(seat), sort_keys=True, separators=(",", ":")),
                 json.dumps(told, separators=(",", ":"))]
        if pending and self.pending and self.current_player() == seat:
            parts.append("pending " + " ".join(map(str, self.pending)))
        return f"seat {seat}\n" + "\n".join(parts)
