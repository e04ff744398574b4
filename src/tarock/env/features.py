"""The information-state tensor: one fixed-size float vector per seat, the same for every game.

Fields, in order (S seats, N cards, T tokens of the game's action space; "relative" seats count
from the observer in the direction of play, 0 being the observer):

============== ======= ==================================================================
field          size    meaning
============== ======= ==================================================================
seat           S       one-hot: the observer's seat
to_act         S       one-hot: the seat to act, relative (all zero once the deal is over)
hand           N       the observer's cards now
played         S x N   cards each relative seat has played to tricks
trick          S x N   the trick on the table: the card at each position (0 = the lead)
won            S x N   cards of finished tricks, by the relative seat that won the trick
actions        S x T   how often each relative seat made each token, in actions the observer
                       was told in full (its own actions always)
hidden         S       how many actions of each relative seat the observer was not told in
                       full (another seat's discard, say)
pending        T       the observer's own tokens chosen so far in a multi-token action
extra          E       the game's own features (ActionEncoding.extra_fields)
============== ======= ==================================================================

Every entry lies between 0 and :attr:`TensorWriter.high`: one-hots and card flags are 0 or 1,
counts of tokens and hidden actions cannot exceed the tokens of a deal (``max_tokens``), and the
games' extra features count cards.

It is a summary for learning, built from what the seat sees (``State.card_view`` and the public
facts of its observation) and its perceptions only: it never depends on a card the seat cannot
know. The exact, order-keeping information state is the string
of :meth:`tarock.env.table.EnvState.knowledge`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tarock.core.encoding import Segment, layout
from tarock.core.protocol import Game

if TYPE_CHECKING:
    from tarock.env.table import EnvState


def tensor_fields(game: Game) -> tuple[Segment, ...]:
    """The tensor's fields for ``game`` with their offsets (see the module docstring)."""
    s, n = game.num_seats, len(game.deck)
    encoding = game.action_encoding()
    t = encoding.num_tokens
    rows = [
        ("seat", s, "one-hot: the observer's seat"),
        ("to_act", s, "one-hot: the seat to act, relative to the observer"),
        ("hand", n, "the observer's cards now"),
        ("played", s * n, "cards each relative seat has played to tricks"),
        ("trick", s * n, "the trick on the table, card at each position"),
        ("won", s * n, "cards of finished tricks by the relative seat that won them"),
        ("actions", s * t, "tokens made by each relative seat, in actions told in full"),
        ("hidden", s, "actions of each relative seat not told in full"),
        ("pending", t, "the observer's tokens so far in a multi-token action"),
    ]
    rows += [(f"extra.{f.name}", f.size, f.doc) for f in encoding.extra_fields]
    return layout(rows)


class TensorWriter:
    """Hands out information-state tensors of one game (offsets computed once)."""

    def __init__(self, game: Game):
        self.game = game
        self.fields = tensor_fields(game)
        self.size = self.fields[-1].stop
        self.offset = {f.name: f.start for f in self.fields}
        self.seats = game.num_seats
        self.cards = len(game.deck)
        self.encoding = game.action_encoding()
        self.high = float(max(self.encoding.max_tokens, self.cards))  # see the module docstring

    def tensor(self, state: EnvState, seat: int) -> np.ndarray:
        """``seat``'s tensor, a new array that the caller may keep."""
        return self.sync(state, seat).copy()

    def fill(self, state: EnvState, seat: int, out: np.ndarray) -> None:
        """Write ``seat``'s tensor into ``out`` (a float vector of ``size``)."""
        out[:] = self.sync(state, seat)

    def sync(self, state: EnvState, seat: int) -> np.ndarray:
        """Bring ``seat``'s tensor in ``state`` up to date and return it (the state's own row:
        copy it before keeping it).

        The state keeps every seat's tensor (``EnvState.tensors``) and what each holds of the
        parts that are not counted action by action (``EnvState.marks``); only the entries that
        differ from those are written, one scalar store each through the state's memoryview:
        the hand's changed cards, the finished tricks not written yet (finished tricks never
        change), the trick on the table when it is not the one written plus cards, the seat to
        act, the pending tokens and the game's extra features when they changed."""
        lay = state.layout
        flat, mark = state.flat, state.marks[seat]
        engine = state.engine
        actor = engine.current_player()
        at = lay.to_act_at[seat][actor] if actor >= 0 else -1
        if at != mark[0]:
            if mark[0] >= 0:
                flat[mark[0]] = 0.0
            if at >= 0:
                flat[at] = 1.0
            mark[0] = at
        hand, tricks, cards, seats = engine.card_view(seat)
        changed = hand ^ mark[1]
        if changed:
            mark[1] = hand
            at = lay.hand_at[seat] - 1
            while changed:
                low = changed & -changed
                flat[at + low.bit_length()] = 1.0 if hand & low else 0.0
                changed ^= low
        played, trick, n = lay.played_at[seat], lay.trick_at[seat], lay.cards
        written = mark[3]
        k = len(written)
        if len(tricks) != mark[2] or (k and (cards[:k] != written or seats[:k] != mark[4])):
            # the trick written is no longer on the table (finished, as a rule): take it off,
            # then add the finished tricks not written yet
            for position, (who, card) in enumerate(zip(mark[4], written, strict=True)):
                flat[played[who] + card] = 0.0
                flat[trick + position * n + card] = 0.0
            won = lay.won_at[seat]
            for done in tricks[mark[2]:]:
                winner = won[done.winner]
                for who, card in zip(done.seats, done.cards, strict=True):
                    flat[played[who] + card] = 1.0
                    flat[winner + card] = 1.0
            mark[2], mark[3], mark[4] = len(tricks), (), ()
            k = 0
        if len(cards) > k:
            for position in range(k, len(cards)):
                card = cards[position]
                flat[played[seats[position]] + card] = 1.0
                flat[trick + position * n + card] = 1.0
            mark[3], mark[4] = cards, seats
        if mark[5] or (state.pending and actor == seat):
            at = lay.pending_at[seat]
            pending = tuple(at + t for t in state.pending) if actor == seat else ()
            if pending != mark[5]:
                for position in mark[5]:
                    flat[position] = 0.0
                for position in pending:
                    flat[position] = 1.0
                mark[5] = pending
        if lay.extra < lay.size:  # the game has extra features
            extra = state.encoding.extra_features(engine, seat)
            if extra is not mark[6] and extra != mark[6]:
                state.rows[seat][lay.extra:] = extra
                mark[6] = extra
        return state.rows[seat]
