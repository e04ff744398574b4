"""The partner call (HU-CALL-3, HU-CALL-4): which tarokks the declarer may name."""

from __future__ import annotations

from tarock.hungarian.cards import T2, T2_TO_T19, T2_TO_T20, T20, bit
from tarock.hungarian.options import HungarianOptions


def highest_missing_below_xx(owned: int) -> int:
    """HU-CALL-3 (d): the highest of T19 ... T2 that the declarer does not own."""
    missing = T2_TO_T19 & ~owned
    return missing.bit_length() - 1


def callable_cards(opt: HungarianOptions, hand: int, own_pile: int, cue_card: int | None,
                   yielded: bool, disclosed_non_declarer_tarokks: int) -> int:
    """The mask of callable cards (HU-CALL-3 normative pseudo-code).

    ``cue_card`` is the card of another player's cue bid in force (case a), ``yielded`` marks a
    yielded game (case b); ``hand`` is the declarer's hand after discarding. Under
    ``cue_bid_model`` = invitation (a) and (b) only add their card to cases (c)-(e).
    """
    forced = opt.cue_bid_model == "standard"
    if forced and cue_card is not None:
        return bit(cue_card)  # (a)
    if forced and yielded:
        return bit(T20)  # (b)
    owned = hand | own_pile  # HU-CALL-2
    if owned & bit(T20):  # (d)
        out = bit(highest_missing_below_xx(owned))
        if hand & bit(T20):
            out |= bit(T20)
    else:
        out = bit(T20)  # (e)
    free = opt.call_any_after_tarokk_discard
    if free == "declarer_holds_xx":
        free = bool(hand & bit(T20))
    if free and disclosed_non_declarer_tarokks > 0:
        out |= T2_TO_T20  # (c)
    if opt.self_call_allowed == "xx_only":
        out &= ~(hand & ~bit(T20))
    elif not opt.self_call_allowed:
        out &= ~hand
    if opt.call_own_discard_allowed:
        out |= own_pile & T2_TO_T20
    else:
        out &= ~own_pile
    if not opt.ii_callable:
        out &= ~bit(T2)
    if not forced:
        if cue_card is not None:
            out |= bit(cue_card)  # (a), added
        if yielded:
            out |= bit(T20)  # (b), added
    return out
