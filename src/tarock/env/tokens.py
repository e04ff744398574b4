"""Choosing an engine action token by token.

An engine decision offers a list of legal actions; the flat action space spells each as a token
sequence (:meth:`tarock.core.encoding.ActionEncoding.tokens`). Given the tokens already chosen in
this decision (the *pending* prefix), the legal tokens are the next tokens of every legal action
that starts with that prefix; when a token completes a sequence, that action is the one played.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from tarock.core.encoding import ActionEncoding
from tarock.core.errors import IllegalActionError


class TokenChoice:
    """The legal next tokens of one decision after ``pending``, and what each one does."""

    __slots__ = ("completes", "tokens")

    def __init__(self, encoding: ActionEncoding, legal: Sequence[Hashable],
                 pending: tuple[int, ...]):
        depth = len(pending)
        # token -> the action it completes, or None when it only extends the prefix
        nxt: dict[int, Hashable | None] = {}
        for action in legal:
            spelled = encoding.tokens(action)
            if spelled[:depth] != pending or len(spelled) <= depth:
                continue
            token = spelled[depth]
            done = len(spelled) == depth + 1
            previous = nxt.get(token, ...)
            if previous is not ... and (done or previous is not None):
                raise AssertionError(f"ambiguous spelling of {action!r}: {spelled}")
            nxt[token] = action if done else None
        self.completes = nxt
        self.tokens = tuple(sorted(nxt))

    def choose(self, token: int) -> Hashable | None:
        """The action ``token`` completes (None: the token only extends the prefix)."""
        if token not in self.completes:
            raise IllegalActionError(f"token {token} is not legal here",
                                     rule="docs/environments.md",
                                     expected=f"one of {self.tokens}")
        return self.completes[token]
