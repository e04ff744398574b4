"""The flat action space of Ottocento (docs/environments.md).

Plays, set-aside cards, Matto exchanges, claims and the end of a declaration are one token each.
A discard (OT-DEAL-5) is spelled one token per card, lowest card first; a declaration
(OT-DECL-2) is its kind, then its cards lowest first, then ``declare_end``, which keeps a
sequence from being mistaken for a longer one that starts with the same cards. Every public fact
of the deal reaches every seat through these tokens, so the game adds no extra features.
"""

from __future__ import annotations

from collections.abc import Hashable

from tarock.core.encoding import ActionEncoding
from tarock.ottocento import actions as A
from tarock.ottocento.cards import DECK, N_CARDS
from tarock.ottocento.combinations import KINDS

CARD_SEGMENTS = ("set_aside", "declare_card", "discard", "play", "play_volo", "play_busso",
                 "play_striscio", "matto_exchange")


class OttocentoEncoding(ActionEncoding):
    max_tokens = 1500

    def __init__(self) -> None:
        n = N_CARDS
        super().__init__([
            ("set_aside", n, "two-player game: a card set aside (OT-V-2)"),
            ("declare_kind", len(KINDS), "a declaration's kind: " + ", ".join(KINDS)),
            ("declare_card", n, "a declared card by card index, lowest first (OT-DECL-2)"),
            ("declare_end", 1, "ends the cards of one declared combination"),
            ("claim", 1, "the dealer claims the rubber (OT-DECL-9)"),
            ("decline", 1, "the dealer makes no early claim"),
            ("discard", n, "one card of the dealer's discard, lowest first (OT-DEAL-5)"),
            ("declare_done", 1, "ends a player's declaration, possibly empty (OT-DECL-1)"),
            ("play", n, "a card played without a signal"),
            ("play_volo", n, "a lead with the signal volo (OT-SIG-1)"),
            ("play_busso", n, "a lead with the signal busso (OT-SIG-1)"),
            ("play_striscio", n, "a lead with the signal striscio (OT-SIG-1)"),
            ("matto_exchange", n, "the one-point card given for the Matto (OT-MATTO-5)"),
        ], DECK, CARD_SEGMENTS)
        start = self.start
        table: dict[Hashable, int] = {}
        table.update({A.SET_ASIDES[c]: start("set_aside") + c for c in range(n)})
        table[A.CLAIM_ACTION] = start("claim")
        table[A.DECLINE_ACTION] = start("decline")
        table[A.DONE_ACTION] = start("declare_done")
        table.update({A.PLAYS[c]: start("play") + c for c in range(n)})
        table.update({A.SIGNALLED[c, s]: start("play_" + s) + c for c, s in A.SIGNALLED})
        table.update({A.EXCHANGES[c]: start("matto_exchange") + c for c in range(n)})
        self.single = table
        self._kind_token = {k: start("declare_kind") + i for i, k in enumerate(KINDS)}

    def spell(self, action: Hashable) -> tuple[int, ...]:
        assert isinstance(action, A.Action)
        if action.kind == A.DISCARD:
            return self.card_tokens("discard", action.arg)
        assert action.kind == A.DECLARE
        kind, mask = action.arg
        return (self._kind_token[kind], *self.card_tokens("declare_card", mask),
                self.start("declare_end"))
