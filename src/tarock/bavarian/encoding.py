"""The flat action space of Bavarian tarock and its extra tensor features
(docs/environments.md).

Every action of :mod:`tarock.bavarian.actions` is one token, except the lay-away (BT-TALON-3),
spelled one token per card, lowest card first. Card ranges have the size of the pack in use
(36 cards, or 24 with the short pack).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from tarock.bavarian import actions as A
from tarock.bavarian.auction import CONTRACTS, TOP
from tarock.core.cards import Deck
from tarock.core.encoding import ActionEncoding, layout

if TYPE_CHECKING:
    from tarock.bavarian.game import BavarianState as State


class BavarianEncoding(ActionEncoding):
    max_tokens = 200

    def __init__(self, deck: Deck) -> None:
        n = len(deck)
        super().__init__([
            ("bid_word", len(A.WORD_BIDS), "auction call by word: " + ", ".join(A.WORD_BIDS)),
            ("bid_rung", TOP + 1, "V2 auction: 0 = pick-up game, k = hand game of rung k "
                                  "(targets 61, 66, ... 120; BT-V2-CON-1)"),
            ("answer", 2, "the V1 holder's answer: 0 = hold, 1 = yield (BT-V1-BID-4)"),
            ("contract", len(CONTRACTS), "contract announced: " + ", ".join(CONTRACTS)),
            ("raise", TOP + 1, "V2 contract window: 0 = keep, k = raise to rung k (BT-ALG-7)"),
            ("trump", 4, "trump suit: 0..3 = E G H S (BT-DECK-6)"),
            ("lay_away", n, "one laid-away card by card index; the three are spelled lowest "
                            "card first (BT-TALON-3)"),
            ("play", n, "the card played to the trick by card index"),
        ], deck, ("lay_away", "play"))
        self.extra_fields = layout([
            ("talon", n, "the talon's cards once shown to the table (BT-TALON-2, talon_reveal)"),
        ])
        start = self.start
        table: dict[Hashable, int] = {}
        table.update({A.BIDS[w]: start("bid_word") + i for i, w in enumerate(A.WORD_BIDS)})
        table.update({A.BIDS[k]: start("bid_rung") + k for k in range(TOP + 1)})
        table.update({A.ANSWERS[w]: start("answer") + i for i, w in enumerate(("hold", "yield"))})
        table.update({A.CONTRACT_ACTIONS[c]: start("contract") + i
                      for i, c in enumerate(CONTRACTS)})
        table[A.KEEP] = start("raise")
        table.update({A.RAISES[k]: start("raise") + k for k in range(1, TOP + 1)})
        table.update({A.TRUMPS[s]: start("trump") + s for s in range(4)})
        table.update({A.PLAYS[c]: start("play") + c for c in range(n)})
        self.single = table

    def spell(self, action: Hashable) -> tuple[int, ...]:
        assert isinstance(action, A.Action) and action.kind == A.LAY_AWAY and action.arg
        return self.card_tokens("lay_away", action.arg)

    def extra_features(self, state: State, seat: int) -> Sequence[float]:
        """The talon, once ``seat`` has been shown it (as in its observation)."""
        out = [0.0] * self.num_extra
        if state.talon_visible(seat):
            for card in state.deal.talon:
                out[card] = 1.0
        return out
