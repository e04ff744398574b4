"""Trick play: legal cards (OT-ALG-2), the trick winner (OT-ALG-3) and signals (§8).

The shared mechanics of :mod:`tarock.core.tricks` do the work; Ottocento adds two things on top:
the ``MATTO`` is taken out of the trick before the winner is found and is always legal
(OT-MATTO-1 to -3), and among equal Moors the one played last wins (OT-DECK-5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.core.tricks import follow_mask, trick_winner_index
from tarock.ottocento.actions import SIGNALS
from tarock.ottocento.cards import (
    DECK,
    KINGS,
    LED_MASK,
    MATTO,
    MATTO_BIT,
    MATTO_NUMBER,
    POWER,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TRUMP_NUMBER,
    TRUMPS,
)
from tarock.ottocento.options import OttocentoOptions

KING_OF_SUIT = tuple(SUIT_MASKS[s] & KINGS for s in SUITS)


def led_suit(trick: Sequence[int]) -> int | None:
    """The suit number fixed by the first card other than the ``MATTO`` (OT-MATTO-3)."""
    for card in trick:
        if card != MATTO:
            return SUIT_OF[card]
    return None


def legal_mask(hand: int, trick: Sequence[int]) -> int:
    """OT-PLAY-2 to -7: the cards of ``hand`` that may be played to ``trick``."""
    led = led_suit(trick)
    if led is None:
        return hand  # any lead; after a MATTO lead the second player is free
    return follow_mask(hand & ~MATTO_BIT, LED_MASK[led], TRUMPS) | (hand & MATTO_BIT)


def play_error(hand: int, trick: Sequence[int], card: int
               ) -> tuple[str, str, str | None] | None:
    """Why ``card`` may not be played (message, rule, the refusal's catalogue key where a
    person may meet it), or None if it may."""
    if not hand >> card & 1:
        return f"{DECK.code(card)} is not in the hand", "OT-PLAY-12", None
    if legal_mask(hand, trick) >> card & 1:
        return None
    led = led_suit(trick)
    assert led is not None
    if hand & LED_MASK[led]:
        if led == TRUMP_NUMBER:
            return "must play a trump", "OT-PLAY-3", "trump_led"
        return "must play the suit led", "OT-PLAY-3", "follow_suit"
    return "must trump when void in the suit led", "OT-PLAY-4", "trump_when_void"


def trick_winner(trick: Sequence[int]) -> int:
    """OT-ALG-3: the position (in play order) of the winning card; the MATTO never wins."""
    positions = [i for i, c in enumerate(trick) if c != MATTO]
    real = [trick[i] for i in positions]
    return positions[trick_winner_index(real, SUIT_OF, POWER, TRUMP_NUMBER,
                                        later_wins_ties=True)]


def signal_error(opts: OttocentoOptions, two_players: bool, is_lead: bool, card: int,
                 signal: Any, hand_after: int, kings_played_before: int) -> tuple[str, str] | None:
    """Why a signal may not accompany this card (message, rule), or None (§8, OT-V-4)."""
    if isinstance(signal, (tuple, list)):
        if len(signal) > 1:
            return "a lead carries at most one signal", "OT-SIG-3"
        signal = signal[0] if signal else None
        if signal is None:
            return None
    if signal not in SIGNALS:
        return f"unknown signal {signal!r}", "OT-SIG-4"
    if not is_lead:
        return "only the leader of a trick may signal", "OT-SIG-1"
    if two_players:
        return "there are no signals in the two-player game", "OT-V-2"
    if opts.signals == "none":
        return "signals are not played (signals = none)", "OT-V-4"
    suit = SUIT_OF[card]
    if suit == MATTO_NUMBER:
        return "a MATTO lead carries no signal", "OT-SIG-2"
    if (suit != TRUMP_NUMBER and opts.signals == "standard"
            and not kings_played_before & KING_OF_SUIT[suit]):
        return ("a plain-suit lead may carry a signal only after that suit's King was played "
                "in an earlier trick"), "OT-SIG-2"
    if opts.signal_truthful and signal != "busso":
        more = bool(hand_after & LED_MASK[suit])
        if signal == "volo" and more:
            return "volo while still holding a card of the suit led", "OT-SIG-5"
        if signal == "striscio" and not more:
            return "striscio without another card of the suit led", "OT-SIG-5"
    return None


def allowed_signals(opts: OttocentoOptions, two_players: bool, card: int, hand_after: int,
                    kings_played_before: int) -> tuple[str, ...]:
    """The signals that may accompany leading ``card``: those signal_error lets through, in
    the order of SIGNALS, decided once per card rather than by asking it for each signal
    (every lead of the four-player game asks this for every card of the hand)."""
    if two_players or opts.signals == "none":
        return ()
    suit = SUIT_OF[card]
    if suit == MATTO_NUMBER:
        return ()  # OT-SIG-2
    if (suit != TRUMP_NUMBER and opts.signals == "standard"
            and not kings_played_before & KING_OF_SUIT[suit]):
        return ()  # OT-SIG-2
    if not opts.signal_truthful:
        return SIGNALS
    # OT-SIG-5: volo only with the last card of the suit, striscio only with more of it
    return _TRUTHFUL_MORE if hand_after & LED_MASK[suit] else _TRUTHFUL_LAST


_TRUTHFUL_MORE = tuple(s for s in SIGNALS if s != "volo")
_TRUTHFUL_LAST = tuple(s for s in SIGNALS if s != "striscio")
