"""One deal as the environments see it: the engine state, the token being spelled, what each
seat was told of every action, and every seat's information-state tensor kept up to date.

:class:`EnvState` wraps a protocol :class:`~tarock.core.protocol.State`. Actions arrive as tokens
of the game's flat action space (:mod:`tarock.core.encoding`); a multi-token action reaches the
engine only when its last token is chosen, so the engine never sees half an action. For every
action it also keeps what each seat perceived (``State.describe_all``), asked before the action
is applied, because that is what a seat's information state is made of: two histories a seat
cannot tell apart give it the same string, the same tensor and the same legal tokens.

The state keeps one tensor per seat (:mod:`tarock.env.features`) and changes it in place: the
action counts as actions are applied, the cards and the rest when a tensor is asked for
(:meth:`tarock.env.features.TensorWriter.sync`), by the difference to what was written last.
A tensor then costs the few entries that changed since the seat's last one and a copy, instead
of being written from scratch at every decision.
"""

from __future__ import annotations

import json
from collections.abc import Hashable

import numpy as np

from tarock.core.encoding import ActionEncoding
from tarock.core.protocol import Game, State
from tarock.env.features import tensor_fields
from tarock.env.tokens import TokenChoice, choice_for


class TensorLayout:
    """Where the tensor's fields start for one shape of table (seats, cards, tokens and extra
    features: the offsets depend on nothing else), and where each actor's actions are counted
    in the seats' tensors, as positions in the state's flat array of all of them."""

    __slots__ = ("cards", "extra", "hand", "hand_at", "hidden_at", "pending", "pending_at",
                 "played", "played_at", "seat", "seats", "size", "to_act", "to_act_at", "tokens",
                 "told_at", "trick", "trick_at", "won", "won_at")

    def __init__(self, game: Game):
        fields = tensor_fields(game)
        at = {f.name: f.start for f in fields}
        s, t = game.num_seats, game.action_encoding().num_tokens
        self.seats, self.cards, self.tokens = s, len(game.deck), t
        self.size = fields[-1].stop
        self.extra = self.size - game.action_encoding().num_extra
        self.seat, self.to_act, self.hand = at["seat"], at["to_act"], at["hand"]
        self.played, self.trick, self.won = at["played"], at["trick"], at["won"]
        self.pending = at["pending"]
        size, actions, hidden = self.size, at["actions"], at["hidden"]
        # told_at[actor][q]: token 0 of the actor's row in seat q's "actions" block;
        # hidden_at[actor][q]: the actor's entry in seat q's "hidden" block
        self.told_at = tuple(tuple(q * size + actions + (actor - q) % s * t for q in range(s))
                             for actor in range(s))
        self.hidden_at = tuple(tuple(q * size + hidden + (actor - q) % s for q in range(s))
                               for actor in range(s))
        # per observing seat q, positions in the flat array: [q][who] is the first entry of
        # seat who's row of a per-seat field (relative to q), for the fields written by cards
        n = self.cards

        def rows(field: int, width: int) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(q * size + field + (who - q) % s * width for who in range(s))
                         for q in range(s))

        self.to_act_at = rows(self.to_act, 1)
        self.played_at, self.won_at = rows(self.played, n), rows(self.won, n)
        self.hand_at = tuple(q * size + self.hand for q in range(s))
        self.trick_at = tuple(q * size + self.trick for q in range(s))
        self.pending_at = tuple(q * size + self.pending for q in range(s))


_LAYOUTS: dict[tuple[int, int, int, int], TensorLayout] = {}


def tensor_layout(game: Game) -> TensorLayout:
    """The layout of ``game``'s tensors, made once per shape of table."""
    encoding = game.action_encoding()
    key = (game.num_seats, len(game.deck), encoding.num_tokens, encoding.num_extra)
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _LAYOUTS[key] = TensorLayout(game)
    return layout


class EnvState:
    """A deal in progress, driven by tokens (see the module docstring)."""

    __slots__ = ("_choice", "_narrowed", "counts", "encoding", "engine", "flat", "layout",
                 "marks", "pending", "perceived", "rows", "seen_by", "tensors")

    def __init__(self, engine: State):
        self.engine = engine
        self.encoding: ActionEncoding = engine.game.action_encoding()
        self.pending: tuple[int, ...] = ()  # tokens chosen so far in the current decision
        # per engine action: what each seat was told (None: nothing), and a bit per seat that
        # was told the action in full
        self.perceived: list[tuple[str | None, ...]] = []
        self.seen_by: list[int] = []
        layout = self.layout = tensor_layout(engine.game)
        s = layout.seats
        # tensors[q]: seat q's tensor (tarock.env.features) as last brought up to date; its
        # "actions" and "hidden" blocks (``counts``, a view) are kept up to date action by
        # action, the rest when the tensor is asked for (TensorWriter.sync)
        self.tensors = np.zeros((s, layout.size), dtype=np.float32)
        self._views()
        for q in range(s):
            self.flat[q * layout.size + layout.seat + q] = 1.0
        # per seat, what its tensor holds of the parts that are brought up to date on demand:
        # [to_act position (-1: none), hand, finished tricks, trick cards, trick seats,
        #  pending positions, extra features]
        self.marks: list[list[object]] = [[-1, 0, 0, (), (), (), ()] for _ in range(s)]
        self._choice: TokenChoice | None = None
        # the pending prefix and the legal actions that start with it (None: all of them), so
        # that each token of a discard looks only at the sets still possible
        self._narrowed: tuple[tuple[int, ...], list[Hashable]] | None = None

    def _views(self) -> None:
        """``flat`` (one memoryview over every seat's tensor: a scalar store through it costs
        less than numpy's indexing), ``rows`` (each seat's tensor) and ``counts`` (the action
        blocks of every seat)."""
        layout = self.layout
        s, t = layout.seats, layout.tokens
        self.flat = memoryview(self.tensors.reshape(-1))
        self.rows = list(self.tensors)
        start = layout.told_at[0][0]
        self.counts = self.tensors[:, start:start + s * t + s]

    def __getstate__(self) -> dict[str, object]:
        """Pickling (OpenSpiel's serialization) leaves out the views, which are made anew."""
        return {name: getattr(self, name) for name in self.__slots__
                if name not in ("counts", "flat", "rows")}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._views()

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
            if narrowed is not None and narrowed[0] == self.pending:
                self._choice = TokenChoice(self.encoding, narrowed[1], self.pending)
            elif self.pending:
                self._choice = TokenChoice(self.encoding, self.engine.legal_actions(),
                                           self.pending)
            else:
                self._choice = choice_for(self.encoding, self.engine.legal_actions())
        return self._choice

    def legal_tokens(self) -> list[int]:
        """The legal tokens of the player to act, ascending (empty once the deal is over)."""
        if self.engine.is_terminal():
            return []
        return list(self.choice().tokens)

    def apply_token(self, token: int) -> None:
        """Choose ``token``; an illegal token raises IllegalActionError and changes nothing."""
        choice = self.choice()
        action = choice.completes.get(token, choice)  # the choice itself: not a legal token
        if action is choice:
            choice.choose(token)  # raises IllegalActionError
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
        told = engine.describe_all(actor, action)
        engine.apply(action)
        full = told[actor]
        flat = self.flat
        token = self.encoding.single.get(action)
        spelled = (token,) if token is not None else self.encoding.tokens(action)
        # every seat's counts (the "actions" and "hidden" blocks of its tensor): a scalar
        # store per seat and token through the memoryview, which costs less than numpy's
        # indexing, and than an indexed update for the few stores of an action
        if told.count(full) == len(told):  # the common case: told to every seat in full
            seen = (1 << len(told)) - 1
            if token is not None:  # and one token
                for at in self.layout.told_at[actor]:
                    flat[at + token] += 1.0
            else:
                for at in self.layout.told_at[actor]:
                    for token in spelled:
                        flat[at + token] += 1.0
        else:
            seen = 0
            hidden = self.layout.hidden_at[actor]
            for q, at in enumerate(self.layout.told_at[actor]):
                if told[q] == full:
                    seen |= 1 << q
                    for token in spelled:
                        flat[at + token] += 1.0
                else:
                    flat[hidden[q]] += 1.0
        self.perceived.append(told)
        self.seen_by.append(seen)
        self.pending = ()
        self._choice = None
        self._narrowed = None

    def clone(self) -> EnvState:
        other = EnvState.__new__(EnvState)
        other.engine = self.engine.clone()
        other.encoding = self.encoding
        other.pending = self.pending
        other.perceived = self.perceived.copy()
        other.seen_by = self.seen_by.copy()
        other.layout = self.layout
        other.tensors = self.tensors.copy()
        other._views()
        other.marks = [mark.copy() for mark in self.marks]
        other._choice = self._choice  # immutable once built, and the decision is the same
        other._narrowed = self._narrowed  # likewise
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
