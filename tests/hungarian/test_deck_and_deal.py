"""The pack and the deal: HU-T-DECK-1, HU-T-DECK-3, HU-T-DEAL-1 and HU-T-DEAL-2 (§15.1).

Rules: HU-DECK-1..4, HU-NOT-1..3, HU-DEAL-2..4, HU-SESSION-1, HU-NOT-4 (seat labels).
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from tarock.core.cards import bits
from tarock.core.rng import shuffled
from tarock.hungarian.cards import (
    DECK,
    FIVE_POINT,
    POINTS,
    SUIT_MASKS,
    SUITS,
    TAROKKS,
    TOTAL_POINTS,
    trick_winner_index,
)
from tarock.hungarian.game import HungarianGame, active_seats


def mask(cards) -> int:
    return sum(1 << c for c in cards)


def idx(code: str) -> int:
    return DECK.index(code)


# -- HU-T-DECK-1 -----------------------------------------------------------------------------------


def test_HU_T_DECK_1_composition_and_card_points():
    """HU-T-DECK-1: 42 cards, 22 tarokks, 5 cards in each suit, 94 card points; FIVE_POINT is 7
    cards worth 35 (HU-DECK-1, HU-DECK-4, HU-NOT-1, HU-NOT-2, HU-NOT-3)."""
    assert len(DECK) == 42
    assert len(set(DECK.by_code)) == 42
    tarokks = [c for c in DECK.cards if c.is_trump]
    assert [c.code for c in tarokks] == [f"T{n}" for n in range(1, 23)]
    assert bits(TAROKKS) == [c.index for c in tarokks]
    for suit, suit_mask in zip(SUITS, SUIT_MASKS, strict=True):
        low = "A" if suit in "HD" else "10"  # HU-NOT-2: red ace, black ten
        codes = [suit + r for r in ("K", "Q", "N", "J", low)]
        assert DECK.codes(suit_mask) == codes
        assert [DECK.cards[idx(c)].suit for c in codes] == [suit] * 5
    assert set(DECK.codes(DECK.full_mask & ~TAROKKS)) == {
        "HK", "HQ", "HN", "HJ", "HA", "DK", "DQ", "DN", "DJ", "DA",
        "CK", "CQ", "CN", "CJ", "C10", "SK", "SQ", "SN", "SJ", "S10"}
    assert sum(c.points for c in DECK.cards) == 94 == TOTAL_POINTS == sum(POINTS)
    # HU-DECK-4 table, row by row
    by_code = {c.code: c.points for c in DECK.cards}
    assert [by_code[c] for c in ("T22", "T21", "T1")] == [5, 5, 5]
    assert all(by_code[f"T{n}"] == 1 for n in range(2, 21))
    for suit in SUITS:
        low = "A" if suit in "HD" else "10"
        assert [by_code[suit + r] for r in ("K", "Q", "N", "J", low)] == [5, 4, 3, 2, 1]
    assert set(DECK.codes(FIVE_POINT)) == {"T1", "T21", "T22", "HK", "DK", "CK", "SK"}
    assert FIVE_POINT.bit_count() == 7
    assert DECK.mask_points(FIVE_POINT) == 35


# -- HU-T-DECK-3 -----------------------------------------------------------------------------------


def beats(high: str, low: str) -> bool:
    """``high`` wins a two-card trick against ``low``, whichever of them is led (HU-DECK-2)."""
    return (trick_winner_index([idx(low), idx(high)]) == 1
            and trick_winner_index([idx(high), idx(low)]) == 0)


def test_HU_T_DECK_3_ranking():
    """HU-T-DECK-3: T22 > T21 > T20 > ... > T1; T1 beats HK; HK > HQ > HN > HJ > HA;
    CK > CQ > CN > CJ > C10 (HU-DECK-2, HU-DECK-3)."""
    tarokks = [f"T{n}" for n in range(22, 0, -1)]
    for high, low in pairwise(tarokks):
        assert beats(high, low), (high, low)
        assert DECK.cards[idx(high)].rank > DECK.cards[idx(low)].rank
    assert beats("T22", "T1") and beats("T21", "T20")
    # every tarokk, the pagát included, beats every suit card
    for suit_card in DECK.codes(DECK.full_mask & ~TAROKKS):
        assert beats("T1", suit_card), suit_card
    assert beats("T1", "HK")
    for order in (["HK", "HQ", "HN", "HJ", "HA"], ["CK", "CQ", "CN", "CJ", "C10"],
                  ["DK", "DQ", "DN", "DJ", "DA"], ["SK", "SQ", "SN", "SJ", "S10"]):
        for high, low in pairwise(order):
            assert beats(high, low), (high, low)
        for i, high in enumerate(order):
            for low in order[i + 1:]:
                assert beats(high, low)


def test_HU_T_DECK_3_off_suit_never_wins():
    """HU-T-DECK-3 / HU-DECK-2: a suit card of another suit (not a tarokk) cannot win over the
    led suit, even a king over a low card."""
    assert trick_winner_index([idx("HA"), idx("CK")]) == 0
    assert trick_winner_index([idx("C10"), idx("HK"), idx("T2")]) == 2


# -- HU-T-DEAL-1 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 123456789, 2**63 + 5])
def test_HU_T_DEAL_1_deal_order_and_positions(players, seed):
    """HU-T-DEAL-1: 6-card talon first, then 5 and then 4 cards to each active player from A;
    every active player holds 9; with 4 players D (the dealer) gets cards, with 5 players E (the
    dealer) gets none; card positions follow HU-DEAL-3 (HU-DEAL-2, HU-DEAL-3, HU-SESSION-1)."""
    game = HungarianGame({"players": players})
    pack = shuffled(list(range(42)), seed)
    for dealer in range(players):
        deal = game.deal(seed, dealer)
        active = active_seats(players, dealer)
        assert len(active) == 4 and len(set(active)) == 4
        # A is the dealer's right-hand neighbour, the next seat in dealing order (HU-NOT-4)
        assert active[0] == (dealer + 1) % players
        assert deal.talon == tuple(pack[:6])
        for k, seat in enumerate(active):
            five = pack[6 + 5 * k:11 + 5 * k]
            four = pack[26 + 4 * k:30 + 4 * k]
            assert deal.hands[seat] == mask(five) | mask(four), (seat, k)
            assert deal.hands[seat].bit_count() == 9
        if players == 4:
            assert active[3] == dealer  # D is the dealer and receives cards
            assert deal.hands[dealer].bit_count() == 9
        else:
            assert dealer not in active  # E sits out and receives nothing
            assert deal.hands[dealer] == 0
        everything = mask(deal.talon)
        for hand in deal.hands:
            assert not everything & hand
            everything |= hand
        assert everything == DECK.full_mask
        # the deal is reproducible
        assert game.deal(seed, dealer) == deal


def test_HU_T_DEAL_1_initial_state_uses_the_deal():
    """HU-T-DEAL-1 / HU-BID-2: the state starts with A (the forehand) to bid, hands as dealt."""
    for players in (4, 5):
        game = HungarianGame({"players": players})
        for dealer in range(players):
            state = game.new_deal_state(99, dealer)
            active = active_seats(players, dealer)
            assert state.current_player() == active[0]
            assert state.phase == "auction"
            assert tuple(state.hands) == game.deal(99, dealer).hands


# -- HU-T-DEAL-2 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 11, 31337])
@pytest.mark.parametrize(("players", "order"), [(4, "CBAD"), (5, "DCBA")])
def test_HU_T_DEAL_2_knocking(players, order, seed):
    """HU-T-DEAL-2: with `knock_instead_of_cut` the talon is dealt first, then the other 36 cards
    lie as four packets of 9; the packets are chosen clockwise from the dealer's left: C, B, A, D
    with 4 players, D, C, B, A with 5 (HU-DEAL-4, HU-OQ-18). The engine convention: the k-th
    chooser takes pack[6 + 9k .. 14 + 9k]."""
    game = HungarianGame({"players": players, "knock_instead_of_cut": True})
    pack = shuffled(list(range(42)), seed)
    packets = [mask(pack[6 + 9 * k:15 + 9 * k]) for k in range(4)]
    for dealer in range(players):
        deal = game.deal(seed, dealer)
        active = active_seats(players, dealer)
        label = dict(zip("ABCD", active, strict=True))
        assert deal.talon == tuple(pack[:6])
        for k, who in enumerate(order):
            assert deal.hands[label[who]] == packets[k], (dealer, who)
        # every active player holds one whole packet; E (5 players) none
        assert sorted(deal.hands[s] for s in active) == sorted(packets)
        if players == 5:
            assert deal.hands[dealer] == 0
        # without the option the same seed deals in packets of 5 and 4 instead
        plain = HungarianGame({"players": players}).deal(seed, dealer)
        assert plain.talon == deal.talon
        assert plain.hands[active[0]] == mask(pack[6:11]) | mask(pack[26:30])

