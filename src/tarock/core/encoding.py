"""A game's flat action space: every action as a short sequence of integer tokens.

Learning agents and OpenSpiel want one fixed, discrete action space per game. Most actions are one
token (a bid, a card played). Actions that choose a set of cards (a discard of three cards, an
Ottocento declaration) would need one token per subset, so they are spelled card by card instead:
a discard of three cards is three tokens of the ``discard`` segment, lowest card first, and the
environment collects them before the engine sees the action (:mod:`tarock.env.tokens`).

The space is a list of named :class:`Segment` rows, each a contiguous range of tokens with a
description; each game builds its table in its ``encoding`` module and documents it in
``docs/environments.md``. The table is made for a :class:`~tarock.core.protocol.Game` instance
because some ranges depend on the rule options (the Bavarian short pack has 24 cards, not 36).

A game may also add a few features to the environments' information-state tensor that its
observation holds but the action history does not show to every seat (the declarer's face-up
discarded tarokks in Hungarian tarokk): :attr:`ActionEncoding.extra_fields` and
:meth:`ActionEncoding.extra_features`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tarock.core.cards import Deck

if TYPE_CHECKING:
    from tarock.core.protocol import State

_MEMO_LIMIT = 1 << 16  # spellings remembered by ActionEncoding.tokens before it starts afresh


@dataclass(frozen=True)
class Segment:
    """``size`` consecutive tokens from ``start``: one kind of decision (or of tensor field)."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        return self.start + self.size


def layout(rows: Iterable[tuple[str, int, str]]) -> tuple[Segment, ...]:
    """Segments laid out one after the other from ``(name, size, doc)`` rows."""
    out: list[Segment] = []
    start = 0
    for name, size, doc in rows:
        out.append(Segment(name, start, size, doc))
        start += size
    return tuple(out)


class ActionEncoding(ABC):
    """The flat action space of one game (with its options) and the game's extra features."""

    segments: tuple[Segment, ...]
    extra_fields: tuple[Segment, ...] = ()
    # An upper bound on the decisions of one deal, counted in tokens (OpenSpiel's
    # max_game_length); the property tests check that random play stays below it.
    max_tokens: int

    def __init__(self, rows: Iterable[tuple[str, int, str]], deck: Deck,
                 card_segments: Iterable[str] = ()):
        self.segments = layout(rows)
        self.num_tokens: int = self.segments[-1].stop  # a plain attribute: read at every step
        self._by_name = {s.name: s for s in self.segments}
        self.deck = deck
        self.card_segments = frozenset(card_segments)  # segments indexed by card
        self._spelled_actions: dict[Hashable, tuple[int, ...]] = {}
        # the token of every action that is one token (filled by each game's encoding)
        self.single: dict[Hashable, int] = {}

    def start(self, name: str) -> int:
        """The first token of segment ``name``."""
        return self._by_name[name].start

    def segment_of(self, token: int) -> Segment:
        for segment in self.segments:
            if segment.start <= token < segment.stop:
                return segment
        raise ValueError(f"token {token} is outside the action space")

    def token_label(self, token: int) -> str:
        """How a token is named in logs and strings: ``play:HK`` for a card segment, else
        ``segment[i]``."""
        segment = self.segment_of(token)
        i = token - segment.start
        if segment.name in self.card_segments:
            return f"{segment.name}:{self.deck.code(i)}"
        return f"{segment.name}[{i}]"

    def card_tokens(self, name: str, mask: int) -> tuple[int, ...]:
        """One token of segment ``name`` per card of ``mask``, lowest card first."""
        base = self._by_name[name].start
        spelled = []
        while mask:
            low = mask & -mask
            spelled.append(base + low.bit_length() - 1)
            mask ^= low
        return tuple(spelled)

    def tokens(self, action: Hashable) -> tuple[int, ...]:
        """The token sequence that spells ``action``; never empty, and among the legal actions
        of one decision no sequence is a proper prefix of another."""
        token = self.single.get(action)
        if token is not None:
            return (token,)
        # memoised by action: a discard decision asks for every legal set at each token
        spelled = self._spelled_actions.get(action)
        if spelled is None:
            if len(self._spelled_actions) >= _MEMO_LIMIT:
                self._spelled_actions.clear()
            spelled = self._spelled_actions[action] = self.spell(action)
        return spelled

    @abstractmethod
    def spell(self, action: Hashable) -> tuple[int, ...]:
        """The tokens of an action that :attr:`single` does not list (a set of cards)."""

    @property
    def num_extra(self) -> int:
        return self.extra_fields[-1].stop if self.extra_fields else 0

    def extra_features(self, state: State, seat: int) -> Sequence[float]:
        """Values of :attr:`extra_fields` for ``seat`` (empty when there are none); only what
        ``seat`` may know, as in its observation."""
        return ()
