"""Choosing an engine action token by token.

An engine decision offers a list of legal actions; the flat action space spells each as a token
sequence (:meth:`tarock.core.encoding.ActionEncoding.tokens`). Given the tokens already chosen in
this decision (the *pending* prefix), the legal tokens are the next tokens of every legal action
that starts with that prefix; when a token completes a sequence, that action is the one played.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import numpy as np

from tarock.core.encoding import ActionEncoding
from tarock.core.errors import IllegalActionError

_CHOICES_LIMIT = 1 << 14  # decisions remembered by choice_for before it starts afresh
_CHOICES: dict[tuple[ActionEncoding, tuple[Hashable, ...]], TokenChoice] = {}


def choice_for(encoding: ActionEncoding, legal: Sequence[Hashable]) -> TokenChoice:
    """The choice of a decision's first token among ``legal`` (memoised: the same lists of
    legal actions come back at every bid, announcement and pass, and a choice is immutable, so
    it and its mask are made once)."""
    key = (encoding, tuple(legal))
    choice = _CHOICES.get(key)
    if choice is None:
        if len(_CHOICES) >= _CHOICES_LIMIT:
            _CHOICES.clear()
        choice = _CHOICES[key] = TokenChoice(encoding, legal, ())
    return choice


class TokenChoice:
    """The legal next tokens of one decision after ``pending``, and what each one does."""

    __slots__ = ("_mask", "completes", "leads_on", "num_tokens", "tokens")

    def __init__(self, encoding: ActionEncoding, legal: Sequence[Hashable],
                 pending: tuple[int, ...]):
        depth = len(pending)
        single = encoding.single
        # token -> the action it completes, or None when it only extends the prefix
        nxt: dict[int, Hashable | None] = {}
        # token -> the legal actions it starts or continues, when it completes none: all that
        # the next token's choice has to look at
        leads_on: dict[int, list[Hashable]] = {}
        for action in legal:
            # a one-token action (most of them) completes at once; asking the encoding's table
            # first spares spelling it
            token = single.get(action) if not depth else None
            if token is not None:
                done = True
            else:
                spelled = encoding.tokens(action)
                if spelled[:depth] != pending or len(spelled) <= depth:
                    continue
                token = spelled[depth]
                done = len(spelled) == depth + 1
            previous = nxt.get(token, ...)
            if previous is not ... and (done or previous is not None):
                raise AssertionError(f"ambiguous spelling of {action!r}: {encoding.tokens(action)}")
            nxt[token] = action if done else None
            if not done:
                leads_on.setdefault(token, []).append(action)
        self.completes = nxt
        self.leads_on = leads_on
        self.tokens = tuple(sorted(nxt))
        self.num_tokens = encoding.num_tokens
        self._mask: np.ndarray | None = None

    def mask(self) -> np.ndarray:
        """The legal tokens as PettingZoo's ``action_mask`` (int8, 1 = legal), a new array
        each time: copying the one made at the first call costs less than writing it."""
        if self._mask is None:
            self._mask = np.zeros(self.num_tokens, dtype=np.int8)
            self._mask[list(self.tokens)] = 1
        return self._mask.copy()

    def choose(self, token: int) -> Hashable | None:
        """The action ``token`` completes (None: the token only extends the prefix)."""
        if token not in self.completes:
            raise IllegalActionError(f"token {token} is not legal here",
                                     rule="docs/environments.md",
                                     expected=f"one of {self.tokens}")
        return self.completes[token]
