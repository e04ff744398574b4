"""Dealing and the dealer's discard (§4, OT-V-2 for the two-player game).

Four players: three rounds of 5-card packets to eldest, the dealer's partner, the dealer's left and
the dealer; the last 2 cards are the dealer's extra cards, the record's ``talon`` (OT-DEAL-2, -3,
OT-TC-DEAL-2). Two players: 20 cards each in packets of 5, alternately from the non-dealer, are the
record's ``hands``; the record's ``talon`` is the remaining 22 cards in order: positions 0-4 and
10-14 go to the non-dealer and 5-9 and 15-19 to the dealer after the set-aside (OT-V-2 item 4), and
20-21 are the dealer's 2 extra cards (item 5).
"""

from __future__ import annotations

from tarock.core.errors import InvalidRecordError
from tarock.core.protocol import Deal
from tarock.core.rng import shuffled
from tarock.ottocento.cards import FIVE_POINT, FULL, N_CARDS

HAND_SIZE = {4: 15, 2: 20}
TALON_SIZE = {4: 2, 2: 22}


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def deal_cards(seed: int, dealer: int, players: int = 4) -> Deal:
    """The deal of ``seed``: a seeded shuffle of the canonical order replaces shuffle and cut
    (OT-DEAL-1)."""
    pack = shuffled(list(range(N_CARDS)), seed)
    hands = [0] * players
    if players == 4:
        for r in range(3):
            for k in range(4):
                seat = (dealer + 1 + k) % 4
                start = 20 * r + 5 * k
                hands[seat] |= _mask(pack[start:start + 5])
        return Deal(tuple(hands), tuple(pack[60:62]))
    other = 1 - dealer
    for p in range(8):
        seat = other if p % 2 == 0 else dealer
        hands[seat] |= _mask(pack[5 * p:5 * p + 5])
    return Deal(tuple(hands), tuple(pack[40:62]))


def second_packets(talon: tuple[int, ...], dealer: int) -> dict[int, int]:
    """Two-player game: the 10 cards each player receives after the set-aside (OT-V-2 item 4)."""
    other = 1 - dealer
    return {other: _mask([*talon[0:5], *talon[10:15]]),
            dealer: _mask([*talon[5:10], *talon[15:20]])}


def extra_cards(talon: tuple[int, ...]) -> int:
    """The dealer's two extra cards: the last two of the pack (OT-DEAL-3)."""
    return _mask(list(talon[-2:]))


def check_deal(deal: Deal, dealer: int, players: int) -> None:
    """Every seat's hand size, the talon size and every card exactly once (OT-DECK-1)."""
    if not 0 <= dealer < players:
        raise InvalidRecordError(f"dealer {dealer} is not a seat", rule="OT-GAME-3",
                                 expected=f"a seat 0-{players - 1}")
    if len(deal.hands) != players:
        raise InvalidRecordError(f"{len(deal.hands)} hands for {players} players",
                                 rule="OT-DEAL-2")
    seen = 0
    for seat, hand in enumerate(deal.hands):
        if hand.bit_count() != HAND_SIZE[players]:
            raise InvalidRecordError(f"seat {seat} is dealt {hand.bit_count()} cards",
                                     rule="OT-DEAL-2", expected=str(HAND_SIZE[players]))
        if seen & hand:
            raise InvalidRecordError("a card is dealt twice", rule="OT-DECK-1")
        seen |= hand
    if len(deal.talon) != TALON_SIZE[players] or len(set(deal.talon)) != len(deal.talon):
        raise InvalidRecordError(f"the talon holds {len(deal.talon)} cards", rule="OT-DEAL-3",
                                 expected=f"{TALON_SIZE[players]} distinct cards")
    talon = _mask(list(deal.talon))
    if seen & talon:
        raise InvalidRecordError("a card is dealt twice", rule="OT-DECK-1")
    if seen | talon != FULL:
        raise InvalidRecordError("cards are missing from the deal", rule="OT-DECK-1")


def discard_options(hand: int) -> list[int]:
    """OT-DEAL-5, -6: every pair of cards without a 5-point card."""
    allowed = [1 << i for i in range(N_CARDS) if (hand & ~FIVE_POINT) >> i & 1]
    return [a | b for k, a in enumerate(allowed) for b in allowed[k + 1:]]


def discard_error(hand: int, mask: int, count: int = 2) -> tuple[str, str] | None:
    """Why ``mask`` is not a legal discard of ``count`` cards (message, rule), or None."""
    if mask.bit_count() != count:
        return f"{mask.bit_count()} cards discarded", "OT-DEAL-5"
    if mask & ~hand:
        return "discarding a card not in the hand", "OT-DEAL-5"
    if mask & FIVE_POINT:
        return "a card worth 5 points (King, ANGELO, MONDO, BAG, MATTO) is never discarded", \
            "OT-DEAL-6"
    return None
