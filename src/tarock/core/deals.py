"""A record's ``deal`` object for games whose deal is hands plus one talon.

Reading a deal is the same in every such game: one list of card codes per seat and a talon list,
every card of the pack exactly once. A game passes its deck, the expected sizes and the rule IDs
to cite, so each refusal names the game's own rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tarock.core.cards import Deck
from tarock.core.errors import InvalidRecordError
from tarock.core.protocol import Deal


def deal_to_json(deck: Deck, deal: Deal) -> dict[str, Any]:
    """The record form: each hand in deck order, the talon top card first."""
    return {"hands": [deck.codes(h) for h in deal.hands],
            "talon": [deck.code(c) for c in deal.talon]}


def deal_from_json(deck: Deck, data: Mapping[str, Any], seats: int, talon_size: int, *,
                   deal_rule: str, pack_rule: str, code_rule: str) -> Deal:
    """Parse ``{"hands": [[codes]...], "talon": [codes]}``: ``seats`` hands, a talon of
    ``talon_size`` cards and every card of ``deck`` exactly once (hand sizes are the game's
    to check, since they may depend on the dealer)."""
    hands_in, talon_in = data.get("hands"), data.get("talon")
    if not isinstance(hands_in, list) or len(hands_in) != seats:
        raise InvalidRecordError(f"deal.hands must list {seats} hands", rule=deal_rule)
    if not isinstance(talon_in, list) or len(talon_in) != talon_size:
        raise InvalidRecordError(f"deal.talon must hold {talon_size} cards", rule=deal_rule)
    seen = 0
    masks = []
    for cards in [*hands_in, talon_in]:
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise InvalidRecordError("a hand must be a list of card codes", rule=deal_rule)
        mask = 0
        for code in cards:
            card = 1 << deck.index(code, rule=code_rule)
            if (seen | mask) & card:
                raise InvalidRecordError(f"card {code} appears twice", rule=pack_rule)
            mask |= card
        seen |= mask
        masks.append(mask)
    if seen != deck.full_mask:
        missing = deck.codes(deck.full_mask & ~seen)
        raise InvalidRecordError(f"cards missing from the deal: {' '.join(missing)}",
                                 rule=pack_rule)
    return Deal(tuple(masks[:-1]), tuple(deck.index(c) for c in talon_in))
