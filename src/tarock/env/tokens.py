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
        self.num_tokens = encoding.num_tokens
        self._mask: np.ndarray | None = None
        # token -> the legal actions it starts or continues, when it completes none: all that
        # the next token's choice has to look at
        self.leads_on: dict[int, list[Hashable]] = {}
        if not pending:
            # the common case, every legal action one token: the table says them all at once
            single = list(map(encoding.single.get, legal))
            if None not in single:
                # token -> the action it completes, or None when it only extends the prefix
                self.completes: dict[int, Hashable | None] = dict(zip(single, legal,
                                                                      strict=True))
                if len(self.completes) == len(single):
                    self.tokens = tuple(sorted(self.completes))
                    return
                # two actions with one token: named below
            elif not any(single):
                # a choice of sets (a discard): every action longer than one token, so each
                # first token only leads on, and the actions need only grouping by it
                spelled = list(map(encoding.tokens, legal))
                if min(map(len, spelled)) > 1:
                    leads_on = self.leads_on
                    for first, action in zip([sp[0] for sp in spelled], legal, strict=True):
                        group = leads_on.get(first)
                        if group is None:
                            leads_on[first] = [action]
                        else:
                            group.append(action)
                    self.completes = dict.fromkeys(leads_on)
                    self.tokens = tuple(sorted(leads_on))
                    return
        self.completes = {}
        self._spell_out(encoding, legal, pending)
        self.tokens = tuple(sorted(self.completes))

    def _spell_out(self, encoding: ActionEncoding, legal: Sequence[Hashable],
                   pending: tuple[int, ...]) -> None:
        """Fill ``completes`` and ``leads_on`` action by action (one pass over the spellings,
        which the encoding memoises)."""
        depth = len(pending)
        nxt, leads_on, tokens_of = self.completes, self.leads_on, encoding.tokens
        for action in legal:
            spelled = tokens_of(action)
            if len(spelled) <= depth or (depth and spelled[:depth] != pending):
                continue
            token = spelled[depth]
            done = len(spelled) == depth + 1
            previous = nxt.get(token, ...)
            if previous is not ... and (done or previous is not None):
                raise AssertionError(f"ambiguous spelling of {action!r}: {spelled}")
            if done:
                nxt[token] = action
            else:
                nxt[token] = None
                group = leads_on.get(token)
                if group is None:
                    leads_on[token] = [action]
                else:
                    group.append(action)

    def mask(self) -> np.ndarray:
        """The legal tokens as PettingZoo's ``action_mask`` (int8, 1 = legal), a new array
        each time: copying the one made at the first call costs less than writing it."""
        if self._mask is None:
            mask = np.zeros(self.num_tokens, dtype=np.int8)
            view = memoryview(mask)  # a store through it costs less than a fancy index
            for token in self.completes:
                view[token] = 1
            self._mask = mask
        return self._mask.copy()

    def choose(self, token: int) -> Hashable | None:
        """The action ``token`` completes (None: the token only extends the prefix)."""
        if token not in self.completes:
            raise IllegalActionError(f"token {token} is not legal here",
                                     rule="docs/environments.md",
                                     expected=f"one of {self.tokens}")
        return self.completes[token]
