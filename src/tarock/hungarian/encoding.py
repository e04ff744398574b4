"""The flat action space of Hungarian tarokk and its extra tensor features (docs/environments.md).

Every action of :mod:`tarock.hungarian.actions` is one token, except the discard (HU-TALON-4),
which is spelled one token per card, lowest card first.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from tarock.core.encoding import ActionEncoding, layout
from tarock.hungarian import actions as A
from tarock.hungarian.auction import CALL_NAMES
from tarock.hungarian.cards import DECK

KONTRA_ITEMS = ("game", *A.ANNOUNCEABLE)
OWNERS = ("d", "o")
SEATS = 5

if TYPE_CHECKING:
    from tarock.hungarian.game import HungarianState as State


class HungarianEncoding(ActionEncoding):
    max_tokens = 1000

    def __init__(self) -> None:
        calls = ", ".join(CALL_NAMES[k] for k in sorted(CALL_NAMES))
        super().__init__([
            ("bid", len(CALL_NAMES), f"auction call by number: {calls} (HU-BID-1)"),
            ("raise", 4, "HU-BID-15 raise: keep három, raise to kettő, to egy, to szóló "
                         "(szóló only under raise_max_level = szolo)"),
            ("discard", 42, "one discarded card by card index; a discard is spelled lowest "
                            "card first (HU-TALON-4)"),
            ("annul", 2, "0 = do not annul, 1 = annul the deal (HU-ANNUL-2)"),
            ("call", 42, "the called card by card index (HU-CALL-1)"),
            ("count", 2, "announce 8 or 9 tarokks (HU-ANN-8)"),
            ("claim_count", 2, "claim 8 or 9 tarokks from teammates (HU-ANN-8)"),
            ("announce", len(A.ANNOUNCEABLE),
             "announce a bonus: " + ", ".join(A.ANNOUNCEABLE) + " (HU-ANN-4)"),
            ("kontra", 2 * len(KONTRA_ITEMS),
             f"kontra: owner (0 declarer, 1 opponents) x {len(KONTRA_ITEMS)} + item (game, "
             + ", ".join(A.ANNOUNCEABLE) + ") (HU-ANN-10)"),
            ("pass", 1, "pass in the announcement round (HU-ANN-2)"),
            ("play", 42, "the card played to the trick by card index (HU-PLAY-1)"),
        ], DECK, ("discard", "call", "play"))
        self.extra_fields = layout([
            ("declarer_discarded_tarokks", 42,
             "the declarer's discarded tarokks, face up (HU-TALON-7)"),
            ("discarded_tarokks", SEATS,
             "disclosed number of tarokks in each seat's discard, by seat relative to the "
             "observer (HU-TALON-7)"),
            ("common_pile_tarokks", 1, "5 players: tarokks in the non-declarers' common pile"),
        ])
        self.single = self._single_tokens()
        self._extras: dict[tuple[object, ...], tuple[float, ...]] = {}

    def _single_tokens(self) -> dict[Hashable, int]:
        start = self.start
        table: dict[Hashable, int] = {}
        table.update({A.BIDS[c]: start("bid") + c for c in CALL_NAMES})
        table.update({A.RAISES[k]: start("raise") + k - 1 for k in A.RAISES})
        table[A.ANNUL_NO], table[A.ANNUL_YES] = start("annul"), start("annul") + 1
        table.update({A.CALLS[c]: start("call") + c for c in range(42)})
        table.update({A.COUNTS[n]: start("count") + n - 8 for n in A.COUNTS})
        table.update({A.CLAIMS[n]: start("claim_count") + n - 8 for n in A.CLAIMS})
        table.update({A.ANNOUNCES[b]: start("announce") + i
                      for i, b in enumerate(A.ANNOUNCEABLE)})
        for o, owner in enumerate(OWNERS):
            for i, item in enumerate(KONTRA_ITEMS):
                table[A.kontra(owner, item)] = start("kontra") + o * len(KONTRA_ITEMS) + i
        table[A.PASS_ACTION] = start("pass")
        table.update({A.PLAYS[c]: start("play") + c for c in range(42)})
        return table

    def spell(self, action: Hashable) -> tuple[int, ...]:
        assert isinstance(action, A.Action) and action.kind == A.DISCARD and action.arg
        return self.card_tokens("discard", action.arg)

    def extra_features(self, state: State, seat: int) -> Sequence[float]:
        """The discard facts of the observation (HU-TALON-7), public to every seat, as a tuple.

        The facts change a few times a deal but are asked for at every decision, so they are
        memoised by the seat and by everything ``public_discard_info`` reads: the table (its
        seats and the seats in play) and its disclosure options, the phase, the declarer, the
        discards, whether the hands after the talon are known and, when the counts are
        disclosed at the first announcement turn, the announcement turns. A miss asks
        ``public_discard_info`` itself."""
        opt, ann = state.opt, state.ann
        late = opt.tarokk_discard_disclosure == "first_announcement_turn"
        # the discards, one per seat, also tell the table's size; the dealer, its seats in play
        key = (seat, state.dealer, opt.five_player_dealer_blind, late, state.phase,
               state.declarer, not state.final_hands, tuple(state.discards),
               (ann.turn, ann.turn_player, ann.extra_turn, frozenset(ann.had_turn))
               if late and ann is not None else None)
        extra = self._extras.get(key)
        if extra is None:
            if len(self._extras) >= _EXTRAS_LIMIT:
                self._extras.clear()
            extra = self._extras[key] = self._extra_features(state, seat)
        return extra

    def _extra_features(self, state: State, seat: int) -> tuple[float, ...]:
        info = state.public_discard_info()
        out = [0.0] * self.num_extra
        for code in info.get("declarer_discarded_tarokks", ()):
            out[_INDEX[code]] = 1.0
        seats = state.game.num_seats
        for q, count in info.get("discarded_tarokks", {}).items():
            out[42 + (int(q) - seat) % seats] = float(count)
        out[42 + SEATS] = float(info.get("common_pile_tarokks", 0))
        return tuple(out)


_EXTRAS_LIMIT = 1 << 14  # positions remembered by extra_features before it starts afresh
_INDEX = {card.code: card.index for card in DECK.cards}
