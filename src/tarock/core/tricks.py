"""Trick-taking mechanics shared by the games: who wins a trick and which cards may follow.

Cards are deck indices; a game passes its own tables (suit of each card, strength of each card in
the current order) and the trump suit, so the same two functions serve permanent trumps (the
tarokks) and a trump suit named per deal (Bavarian tarock), or no trumps at all (Bettel).
"""

from __future__ import annotations

from collections.abc import Sequence


def trick_winner_index(cards: Sequence[int], suit_of: Sequence[int], power: Sequence[int],
                       trump: int | None) -> int:
    """Position in ``cards`` (play order) of the winning card.

    The highest trump wins; without a trump the highest card of the suit led. Cards of any
    other suit never win, whatever their strength.
    """
    led = suit_of[cards[0]]
    best, best_key = 0, (-1, -1)
    for pos, card in enumerate(cards):
        suit = suit_of[card]
        if suit == trump:
            key = (1, power[card])
        elif suit == led:
            key = (0, power[card])
        else:
            continue
        if key > best_key:
            best, best_key = pos, key
    return best


def follow_mask(hand: int, led_suit_mask: int, trump_mask: int) -> int:
    """Cards that may follow: the suit led if held, else a trump if held, else anything.

    ``led_suit_mask`` is every card of the suit led (the trumps when a trump is led);
    ``trump_mask`` is 0 for games or contracts without trumps.
    """
    return (hand & led_suit_mask) or (hand & trump_mask) or hand
