"""Which cards may be played (BT-PLAY-4 to BT-PLAY-8, BT-V1B-BET-2, BT-ALG-3)."""

from __future__ import annotations

from tarock.bavarian.cards import Pack
from tarock.core.tricks import follow_mask, winning_mask


def legal_cards(pack: Pack, hand: int, trick: list[int], trump: int | None, bettel: bool,
                must_beat: bool) -> int:
    """The mask of cards ``hand`` may play to ``trick`` (the cards so far, in play order).

    Any lead; otherwise follow suit, else trump (not in Bettel), else anything; with
    ``must_beat`` (never in Bettel) only the cards among those that would win, if any.
    """
    if not trick:
        return hand  # BT-PLAY-4
    masks = pack.suit_masks
    trump_mask = 0 if trump is None else masks[trump]
    cand = follow_mask(hand, masks[pack.suit_of[trick[0]]], trump_mask)
    if must_beat and not bettel:
        power = pack.bettel if bettel else pack.normal
        win = winning_mask(trick, cand, pack.suit_of, power, trump)
        if win:
            return win
    return cand
