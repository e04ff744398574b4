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

import numpy as np

from tarock.core.cards import iter_bits
from tarock.core.encoding import Segment, layout
from tarock.core.protocol import Game
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
    """Fills information-state tensors of one game (offsets computed once)."""

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
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(state, seat, out)
        return out

    def fill(self, state: EnvState, seat: int, out: np.ndarray) -> None:
        """Write ``seat``'s tensor into ``out`` (a zeroed float vector of ``size``).

        The finished tricks hold most of the ones and never change, so their positions are
        kept in the state (``EnvState.finished_tricks``, an index array per seat, extended when
        a trick finishes) and written with one indexed store; a decision pays in Python only
        for the hand and the trick on the table."""
        s, n, at = self.seats, self.cards, self.offset
        out[at["seat"] + seat] = 1.0
        engine = state.engine
        actor = engine.current_player()
        if actor >= 0:
            out[at["to_act"] + (actor - seat) % s] = 1.0
        view = engine.card_view(seat)
        hand = at["hand"]
        for card in iter_bits(view.hand):
            out[hand + card] = 1.0
        played = at["played"]
        done, positions = state.finished_tricks.get(seat, (0, _NONE))
        if done < len(view.tricks):
            won, new = at["won"], []
            for trick in view.tricks[done:]:
                winner = won + (trick.winner - seat) % s * n
                for who, card in zip(trick.seats, trick.cards, strict=True):
                    new.append(played + (who - seat) % s * n + card)
                    new.append(winner + card)
            positions = np.concatenate((positions, np.array(new, dtype=np.intp)))
            state.finished_tricks[seat] = (len(view.tricks), positions)
        out[positions] = 1.0
        table = at["trick"]
        for position, (who, card) in enumerate(zip(view.trick_seats, view.trick, strict=True)):
            out[played + (who - seat) % s * n + card] = 1.0
            out[table + position * n + card] = 1.0
        start = at["actions"]
        out[start:start + state.counts.shape[1]] = state.counts[seat]
        if state.pending and actor == seat:
            pending = at["pending"]
            for token in state.pending:
                out[pending + token] = 1.0
        extra = self.encoding.extra_features(engine, seat)
        if extra:
            out[self.size - len(extra):] = extra


_NONE = np.zeros(0, dtype=np.intp)  # no finished trick yet
