"""The auction: every HU-T-BID-* test of §15.2 and HU-T-TALON-1 of §15.3.

Rules: HU-BID-1..17, HU-TALON-1/2/5, HU-CALL-3 (a)/(b), HU-ANN-12 (public side), HU-SCORE-12
(the failed próbahárom). Seats follow the default test table: dealer = seat 3, so A, B, C, D are
seats 0, 1, 2, 3.

Setup convention (§15 "Conventions for all tests"): every bidder holds an honour and every cue
bidder the promised card unless the setup says otherwise. ``table`` builds such deals exactly: the
cards T1, T17..T22 go only where a test puts them (cards nobody is given lie in the talon), and the
other cards are dealt round-robin (suit cards first) so that every seat has suit cards to discard.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from builders import SEAT, act, legal_bids, legal_json, new_state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarock.core.errors import IllegalActionError
from tarock.core.protocol import Deal
from tarock.hungarian import actions as A
from tarock.hungarian.cards import DECK, FIVE_POINT, HONOURS, T17, T18, T19, TAROKKS
from tarock.hungarian.game import HungarianGame, HungarianState

LABEL = {s: lab for lab, s in SEAT.items()}
SENSITIVE = ("T1", "T17", "T18", "T19", "T20", "T21", "T22")
# HU-TALON-2: talon cards for (declarer, 2nd, 3rd, 4th player) by final level
SHARES = {1: (3, 1, 1, 1), 2: (2, 2, 1, 1), 3: (1, 2, 2, 1), 4: (0, 2, 2, 2)}
LEVEL = {"harom": 1, "ketto": 2, "egy": 3, "szolo": 4}


def idx(code: str) -> int:
    return DECK.index(code)


def mask(cards) -> int:
    return sum(1 << c for c in cards)


def codes(m: int) -> set[str]:
    return set(DECK.codes(m))


def table(hands: Mapping[str, str] | None = None, talon: str = "",
          options: Mapping[str, Any] | None = None, multiplier: int = 1) -> HungarianState:
    """A 4-player deal (dealer D = seat 3) in which each label holds exactly the given cards among
    T1, T17..T22 and at least the given others; talon[0..] starts with ``talon``."""
    hands = hands or {}
    given = {lab: [idx(c) for c in hands.get(lab, "").split()] for lab in "ABCD"}
    top = [idx(c) for c in talon.split()]
    used = [*top, *(c for cs in given.values() for c in cs)]
    assert len(set(used)) == len(used), "a card is given twice"
    sensitive = [idx(c) for c in SENSITIVE]
    pool = [c for c in [*range(22, 42), *range(22)] if c not in sensitive and c not in used]
    out = {lab: list(cs) for lab, cs in given.items()}
    turn = 0
    while pool and any(len(cs) < 9 for cs in out.values()):
        lab = "ABCD"[turn % 4]
        turn += 1
        if len(out[lab]) < 9:
            out[lab].append(pool.pop(0))
    assert all(len(cs) == 9 for cs in out.values()), "not enough plain cards: give more"
    talon_cards = top + pool + [c for c in sensitive if c not in used]
    assert len(talon_cards) == 6, f"talon would hold {len(talon_cards)} cards: give more"
    deal = Deal(tuple(mask(out[lab]) for lab in "ABCD"), tuple(talon_cards))
    return HungarianGame(options).new_initial_state(deal, dealer=3, multiplier=multiplier)


def run(state: HungarianState, sequence: str) -> None:
    """Apply calls as written in §15.2; ``passz!`` marks a forced pass (PASS is the only call)."""
    for step in sequence.split(","):
        label, call = step.split()
        if call.endswith("!"):
            call = call[:-1]
            assert state.current_player() == SEAT[label]
            assert legal_bids(state) == {"passz"}, f"{label}'s pass is not forced"
        act(state, label, call)


def legal(state: HungarianState, label: str) -> set[str]:
    assert state.current_player() == SEAT[label], f"{label} is not to call"
    return legal_bids(state)


def snapshot(state: HungarianState) -> tuple:
    au = state.auction
    return (list(state.history), list(au.calls), state.phase, state.current_player(), au.level,
            au.high, list(au.held), dict(au.passed), dict(au.has_bid), dict(au.turns),
            repr(au.cue), au.yielder, state.declarer, list(state.hands), list(state.received))


def assert_illegal(state: HungarianState, label: str, call: str, rule: str) -> None:
    """The call raises IllegalActionError citing ``rule`` and leaves the state unchanged."""
    assert state.current_player() == SEAT[label]
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        act(state, label, call)
    assert rule in str(err.value), str(err.value)
    assert snapshot(state) == before


def assert_cue(state: HungarianState, label: str, card: int, level: int,
               status: str = "in_force") -> None:
    cue = state.auction.cue
    assert cue is not None, "no cue bid recorded"
    assert (LABEL[cue.player], cue.card, cue.level, cue.status) == (label, card, level, status)


def assert_declarer(state: HungarianState, label: str, level: int) -> None:
    """The auction is over with ``label`` declarer at ``level`` and the talon split by
    HU-TALON-1/2 (checked against the rules table, in talon order)."""
    assert state.phase not in ("auction", "raise")
    assert state.declarer == SEAT[label] and state.level == level
    order = [(SEAT[label] + k) % 4 for k in range(4)]
    talon, pos = state.deal.talon, 0
    for seat, n in zip(order, SHARES[level], strict=True):
        assert state.received[seat] == mask(talon[pos:pos + n]), (LABEL[seat], level)
        assert state.hands[seat] == state.deal.hands[seat] | state.received[seat]
        pos += n


@dataclass
class CallView:
    callable: set[str]  # the declarer's CALL options in his first announcement turn
    discardable: dict[str, set[str]]  # label -> every card in some legal discard option
    nondeclarer_tarokk_discards: int


def reach_call(state: HungarianState) -> CallView:
    """Let everyone discard (suit cards first) and decline to annul; return the call options."""
    allowed: dict[str, set[str]] = {}
    while state.phase in ("discard", "annul"):
        seat = state.current_player()
        options = state.legal_actions()
        assert options
        if state.phase == "annul":
            state.apply(A.ANNUL_NO)
            continue
        union = 0
        for a in options:
            union |= a.arg
        allowed[LABEL[seat]] = codes(union)
        state.apply(min(options, key=lambda a: ((a.arg & TAROKKS).bit_count(), a.arg)))
    assert state.phase == "announce" and state.current_player() == state.declarer
    first = state.legal_actions()
    assert {a.kind for a in first} <= {A.CALL, A.COUNT}  # the call (after any count) comes first
    calls = {DECK.code(a.arg) for a in first if a.kind == A.CALL}
    disclosed = sum((state.discards[q] & TAROKKS).bit_count() for q in range(4)
                    if q != state.declarer)
    return CallView(calls, allowed, disclosed)


def assert_must_call(state: HungarianState, card: str, partner: str | None = None,
                     keeper: str | None = None) -> CallView:
    """The declarer's only callable card is ``card`` (HU-CALL-3 (a)/(b)); ``keeper`` (the cue
    bidder or yielder) holds it and may not discard it (HU-TALON-5); calling it makes ``partner``
    the partner (HU-CALL-5)."""
    view = reach_call(state)
    assert view.callable == {card}
    if keeper is not None:
        assert keeper in view.discardable, f"{keeper} took no talon card"
        assert view.discardable[keeper], "no legal discard"
        assert card not in view.discardable[keeper]
        assert state.hands[SEAT[keeper]] & (1 << idx(card))
    act(state, LABEL[state.declarer], {"type": "call", "card": card})
    assert state.ann is not None
    if partner is not None:
        assert state.ann.partner == SEAT[partner]
    return view


def assert_calls_normally(state: HungarianState) -> CallView:
    """HU-CALL-3 (c)-(e) with nothing disclosed and T20 not owned by the declarer: case (e),
    only T20 — whereas a binding cue bid or yield would have forced another card (or T20 only
    because of (b), which the tests exclude by checking ``binding_cue``/``yielder``)."""
    view = reach_call(state)
    assert view.nondeclarer_tarokk_discards == 0
    declarer = state.declarer
    assert declarer is not None
    owned = state.hands[declarer] | state.discards[declarer]
    assert not owned & (1 << idx("T20")), "test setup: the declarer should not own T20"
    cue = state.auction.binding_cue(declarer)
    assert cue is None or cue.player == declarer
    assert state.auction.yielder is None
    assert view.callable == {"T20"}
    return view


# -- simple auctions -------------------------------------------------------------------------------


def test_HU_T_BID_S1_hold_then_pass():
    """HU-T-BID-S1: B is declarer at kettő with 2 talon cards, no cue bid (HU-BID-5, HU-BID-7,
    HU-TALON-1/2). B in the yield position without T20 cannot pass (HU-BID-13)."""
    state = table({"A": "T1", "B": "T21", "C": "T22"})
    run(state, "A passz, B harom, C ketto, D passz")
    assert legal(state, "B") == {"tartom"}
    run(state, "B tartom, C passz")
    assert_declarer(state, "B", 2)
    assert state.received[SEAT["B"]].bit_count() == 2
    assert state.auction.cue is None and state.auction.yielder is None


def test_HU_T_BID_S2_held_levels_and_minimum_bids():
    """HU-T-BID-S2: A is declarer at szóló with 0 talon cards; after A's hold of egy B's only
    bid is szóló; D cannot hold A's hold; no cue bid (HU-BID-5, HU-BID-7, HU-BID-10, HU-BID-11)."""
    state = table({"A": "T21", "B": "T22", "D": "T1"})
    run(state, "A harom, B ketto, C passz, D egy, A tartom")
    assert legal(state, "B") == {"szolo", "passz"}
    assert_illegal(state, "B", "egy", "HU-BID-5")
    assert_illegal(state, "B", "tartom", "HU-BID-5")
    run(state, "B passz, D szolo")
    assert legal(state, "A") == {"tartom", "passz"}
    run(state, "A tartom")
    assert_illegal(state, "D", "tartom", "HU-BID-5")
    run(state, "D passz!")
    assert_declarer(state, "A", 4)
    assert state.received[SEAT["A"]] == 0
    assert state.auction.cue is None


def test_HU_T_BID_S3_opening_szolo():
    """HU-T-BID-S3: B is declarer at szóló; C and D (though holding honours) cannot hold, having
    never bid; an opening szóló is not a cue bid (HU-BID-5, HU-BID-11)."""
    state = table({"B": "T21", "C": "T22", "D": "T1"})
    run(state, "A passz, B szolo")
    assert state.auction.cue is None
    assert_illegal(state, "C", "tartom", "HU-BID-5")
    run(state, "C passz!, D passz!")
    assert_declarer(state, "B", 4)
    assert state.auction.cue is None


# -- cue bids --------------------------------------------------------------------------------------


def test_HU_T_BID_C1_xix_cue_bid():
    """HU-T-BID-C1: D's egy (minimum kettő) is a XIX cue bid; A's szóló is a jump but not a cue
    bid (one per auction); A is declarer at szóló and MUST call T19, D is the partner; talon 2
    each to B, C, D (HU-BID-11, HU-BID-12, HU-TALON-2, HU-TALON-5, HU-CALL-3 (a))."""
    state = table({"A": "T21", "B": "T20", "D": "T22 T19"})
    run(state, "A harom, B passz, C passz")
    assert legal(state, "D") == {"ketto", "egy", "passz"}  # szóló would promise T18
    run(state, "D egy")
    assert_cue(state, "D", T19, 3)
    assert legal(state, "A") == {"tartom", "szolo", "passz"}
    run(state, "A szolo")
    assert_cue(state, "D", T19, 3)  # still D's: A's jump is no second cue bid
    assert legal(state, "D") == {"tartom", "passz"}
    run(state, "D passz")
    assert_declarer(state, "A", 4)
    talon = state.deal.talon
    assert [codes(state.received[s]) for s in range(4)] == [
        set(), codes(mask(talon[0:2])), codes(mask(talon[2:4])), codes(mask(talon[4:6]))]
    assert_must_call(state, "T19", partner="D", keeper="D")
    # HU-ANN-12: the cue bidder is publicly d, so everyone else still unknown is o
    assert state.ann.public_side == {0: "d", 1: "o", 2: "o", 3: "d"}


def test_HU_T_BID_C1_had_A_held_egy():
    """HU-T-BID-C1 (variant): had A held egy, the talon goes A 1, B 2, C 2, D 1, and A still
    MUST call T19 (HU-TALON-2, HU-CALL-3 (a))."""
    state = table({"A": "T21", "B": "T20", "D": "T22 T19"})
    run(state, "A harom, B passz, C passz, D egy, A tartom, D passz")
    assert_declarer(state, "A", 3)
    assert [state.received[s].bit_count() for s in range(4)] == [1, 2, 2, 1]
    assert_must_call(state, "T19", partner="D", keeper="D")


def test_HU_T_BID_C2_xviii_cue_bid():
    """HU-T-BID-C2: B's double jump is a XVIII cue bid; A holds, B's pass is forced; A is
    declarer at szóló and MUST call T18 (HU-BID-11, HU-BID-5, HU-CALL-3 (a), HU-TALON-5)."""
    state = table({"A": "T22", "B": "T21 T18", "C": "T20"})
    run(state, "A harom")
    assert legal(state, "B") == {"ketto", "szolo", "passz"}  # egy would promise T19
    run(state, "B szolo")
    assert_cue(state, "B", T18, 4)
    run(state, "C passz!, D passz!")
    assert legal(state, "A") == {"tartom", "passz"}
    run(state, "A tartom, B passz!")
    assert_declarer(state, "A", 4)
    assert_must_call(state, "T18", partner="B", keeper="B")


def test_HU_T_BID_C3_opening_jump():
    """HU-T-BID-C3: A's opening kettő (jump over három) is a XIX cue bid; D is declarer at egy
    and MUST call T19 (HU-BID-11, HU-BID-12, HU-CALL-3 (a), HU-TALON-5)."""
    state = table({"A": "T21 T19", "B": "T20", "D": "T22"})
    run(state, "A ketto")
    assert_cue(state, "A", T19, 2)
    run(state, "B passz, C passz, D egy")
    assert state.auction.cue.player == SEAT["A"]  # D's egy is a minimum bid
    assert legal(state, "A") == {"tartom", "szolo", "passz"}
    run(state, "A passz")
    assert_declarer(state, "D", 3)
    assert_must_call(state, "T19", partner="A", keeper="A")


def test_HU_T_BID_C4_cue_bid_over_a_holdable_bid():
    """HU-T-BID-C4: B could hold kettő, so egy is a XIX cue bid; C holds; C is declarer at egy and
    MUST call T19 (HU-BID-10, HU-BID-11, HU-BID-13, HU-CALL-3 (a))."""
    state = table({"A": "T20", "B": "T21 T19", "C": "T22"})
    run(state, "A passz, B harom, C ketto, D passz")
    assert legal(state, "B") == {"tartom", "egy"}  # yield position, no T20: no pass
    run(state, "B egy")
    assert_cue(state, "B", T19, 3)
    assert legal(state, "C") == {"tartom", "szolo", "passz"}
    run(state, "C tartom")
    assert legal(state, "B") == {"szolo", "passz"}
    run(state, "B passz")
    assert_declarer(state, "C", 3)
    assert_must_call(state, "T19", partner="B", keeper="B")


def test_HU_T_BID_C5_szolo_single_jump():
    """HU-T-BID-C5: C's szóló (minimum egy) is a XIX cue bid; D's pass is forced; B holds and is
    declarer at szóló and MUST call T19 (HU-BID-11, HU-BID-5, HU-CALL-3 (a))."""
    state = table({"A": "T21", "B": "T1", "C": "T22 T19", "D": "T20"})
    run(state, "A harom, B ketto")
    assert legal(state, "C") == {"egy", "szolo", "passz"}
    run(state, "C szolo")
    assert_cue(state, "C", T19, 4)
    run(state, "D passz!")
    assert legal(state, "A") == {"tartom", "passz"}
    run(state, "A passz, B tartom, C passz!")
    assert_declarer(state, "B", 4)
    assert_must_call(state, "T19", partner="C", keeper="C")


def test_HU_T_BID_C6_later_bids_are_minimum():
    """HU-T-BID-C6: A's kettő is a XIX cue bid; B's egy and C's szóló are minimum bids; C is
    declarer at szóló and MUST call T19; B could have held szóló, and so could A
    (HU-BID-10, HU-BID-11, HU-BID-5, HU-CALL-3 (a))."""
    state = table({"A": "T21 T19", "B": "T22", "C": "T1", "D": "T20"})
    run(state, "A ketto, B egy, C szolo")
    assert_cue(state, "A", T19, 2)
    run(state, "D passz!")
    assert legal(state, "A") == {"tartom", "passz"}
    run(state, "A passz")
    assert legal(state, "B") == {"tartom", "passz"}
    run(state, "B passz")
    assert_declarer(state, "C", 4)
    assert_cue(state, "A", T19, 2)
    assert_must_call(state, "T19", partner="A", keeper="A")


def test_HU_T_BID_C7_overbid_cue_bid_binds_final_declarer():
    """HU-T-BID-C7: C's egy is a XIX cue bid; D's szóló is a minimum bid; A holds and is declarer
    at szóló and MUST call T19; C and D pass by force (HU-BID-11, HU-BID-12, HU-CALL-3 (a))."""
    state = table({"A": "T21", "B": "T20", "C": "T22 T19", "D": "T1"})
    run(state, "A harom, B passz, C egy")
    assert_cue(state, "C", T19, 3)
    run(state, "D szolo")
    assert_cue(state, "C", T19, 3)
    run(state, "A tartom, C passz!, D passz!")
    assert_declarer(state, "A", 4)
    assert_must_call(state, "T19", partner="C", keeper="C")


@pytest.mark.parametrize(("hands", "prefix", "label", "call"), [
    ({"A": "T21", "D": "T22"}, "A harom, B passz, C passz", "D", "egy"),  # C1 without T19
    ({"A": "T22", "B": "T21"}, "A harom", "B", "szolo"),  # C2 without T18
    ({"A": "T21"}, "", "A", "ketto"),  # C3 without T19
    ({"B": "T21", "C": "T22"}, "A passz, B harom, C ketto, D passz", "B", "egy"),  # C4
    ({"A": "T21", "B": "T1", "C": "T22"}, "A harom, B ketto", "C", "szolo"),  # C5
    ({"B": "T21", "C": "T22"}, "A passz, B harom, C ketto, D passz", "B", "szolo"),  # B2
])
def test_HU_T_BID_C1_to_C7_cue_bid_without_the_card_is_illegal(hands, prefix, label, call):
    """HU-T-BID-C1..C7, B2 (setup clause "holds the promised card"): without it the same jump is
    illegal (HU-BID-10, HU-BID-11, HU-BID-12 (1))."""
    state = table(hands)
    if prefix:
        run(state, prefix)
    assert call not in legal(state, label)
    assert_illegal(state, label, call, "HU-BID-11")


# -- the yielded game and non-conventional calls ---------------------------------------------------


def test_HU_T_BID_C8_yielded_game():
    """HU-T-BID-C8: A's pass is a yield; C is declarer at kettő (2 talon cards) and MUST call
    T20; A MUST NOT discard T20 (HU-BID-13, HU-CALL-3 (b), HU-TALON-5)."""
    state = table({"A": "T20 T22", "C": "T21"})
    run(state, "A harom, B passz, C ketto, D passz")
    assert legal(state, "A") == {"tartom", "passz"}
    run(state, "A passz")
    assert state.auction.yielder == SEAT["A"]
    assert state.auction.cue is None
    assert_declarer(state, "C", 2)
    assert state.received[SEAT["C"]].bit_count() == 2
    assert_must_call(state, "T20", partner="A", keeper="A")
    assert state.ann.public_side[SEAT["A"]] == "d"  # HU-ANN-12: the yielder is d


def test_HU_T_BID_C9_nothing_conventional():
    """HU-T-BID-C9: A's pass is no yield (D bid) and D's egy a minimum bid; D is declarer at egy
    and calls by HU-CALL-3 (c)-(e); public facts: A, B and D hold an honour (HU-BID-13,
    HU-BID-10, HU-BID-17)."""
    state = table({"A": "T21", "B": "T22 T20", "D": "T1"})
    run(state, "A harom, B ketto, C passz, D egy")
    assert state.auction.cue is None
    assert legal(state, "A") == {"tartom", "passz"}  # A holds no T20, yet may pass
    run(state, "A passz, B passz")
    assert state.auction.yielder is None and state.auction.cue is None
    assert_declarer(state, "D", 3)
    facts = state.auction.public_facts()
    assert facts[SEAT["A"]] == facts[SEAT["B"]] == facts[SEAT["D"]] == ["holds an honour"]
    assert facts[SEAT["C"]] == []
    assert_calls_normally(state)


def test_HU_T_BID_C10_fourth_hand_jump_is_no_cue_bid():
    """HU-T-BID-C10: after three passes D's egy is not a cue bid; D is declarer at egy and calls
    normally; public fact: D holds an honour (HU-BID-11, HU-BID-9, HU-OQ-6, HU-BID-17)."""
    state = table({"A": "T20", "D": "T21"})  # D holds neither T18 nor T19
    run(state, "A passz, B passz, C passz")
    assert legal(state, "D") == {"harom", "ketto", "egy", "szolo", "passz"}
    run(state, "D egy")
    assert state.auction.cue is None and not state.auction.probaharom
    assert_declarer(state, "D", 3)
    assert state.auction.public_facts()[SEAT["D"]] == ["holds an honour"]
    assert_calls_normally(state)


def test_HU_T_BID_C10_honourless_egy_with_probaharom_levels_any():
    """HU-T-BID-C10 (variant): with `probaharom_levels` = any, D's egy is legal without an honour
    and shows nothing (HU-BID-9, HU-OQ-6, HU-BID-17); a talon card that is no honour then ends
    the deal: D pays G = 3 to each (HU-BID-9 (3), HU-SCORE-12)."""
    state = table({"A": "T1", "B": "T21", "C": "T22"}, talon="T2",
                  options={"probaharom_levels": "any"})
    run(state, "A passz, B passz, C passz")
    assert legal(state, "D") == {"harom", "ketto", "egy", "szolo", "passz"}
    run(state, "D egy")
    assert state.auction.probaharom and state.auction.cue is None
    assert state.auction.public_facts()[SEAT["D"]] == []
    assert state.declarer == SEAT["D"] and state.level == 3
    assert state.outcome == "probaharom_failed"
    assert state.result()["scores"] == [3, 3, 3, -9]


def test_HU_T_BID_B2_double_jump_from_a_holdable_bid():
    """HU-T-BID-B2: B's minimum was a hold of kettő, so szóló is a XVIII cue bid; C holds (legal
    under the modern rule though C bids after B); C is declarer at szóló and MUST call T18
    (HU-BID-10, HU-BID-11, HU-BID-5, HU-BID-6, HU-CALL-3 (a))."""
    state = table({"A": "T20", "B": "T21 T18", "C": "T22"})
    run(state, "A passz, B harom, C ketto, D passz")
    assert legal(state, "B") == {"tartom", "szolo"}  # egy would need T19, pass T20
    run(state, "B szolo")
    assert_cue(state, "B", T18, 4)
    assert legal(state, "C") == {"tartom", "passz"}
    run(state, "C tartom, B passz!")
    assert_declarer(state, "C", 4)
    assert_must_call(state, "T18", partner="B", keeper="B")


@pytest.mark.parametrize(("a_hand", "b_hand", "expected"), [
    ("T1 T19", "T21", {"tartom", "egy"}),
    ("T1", "T21", {"tartom"}),
    ("T1 T18", "T21", {"tartom", "szolo"}),
    ("T21 T20", "T22", {"tartom", "passz"}),
    ("T1 T20", "T21", {"tartom"}),  # T20 without a great honour: no yield
    ("T22 T20 T19 T18", "T21", {"tartom", "egy", "szolo", "passz"}),
])
def test_HU_T_BID_HOLDMIN_legal_calls_in_yield_position(a_hand, b_hand, expected):
    """HU-T-BID-HOLDMIN: in this yield position A's legal calls are tartom; egy (needs T19);
    szóló (needs T18); passz (needs T20 and a great honour) (HU-BID-10, HU-BID-11, HU-BID-13)."""
    state = table({"A": a_hand, "B": b_hand})
    run(state, "A harom, B ketto, C passz, D passz")
    assert legal(state, "A") == expected


def test_HU_T_BID_HOLDMIN_egy_is_a_xix_cue_bid():
    """HU-T-BID-HOLDMIN: A could hold, so egy is a XIX cue bid (HU-BID-10, HU-BID-11)."""
    state = table({"A": "T1 T19", "B": "T21"})
    run(state, "A harom, B ketto, C passz, D passz, A egy")
    assert_cue(state, "A", T19, 3)
    assert state.auction.yielder is None
    assert legal(state, "B") == {"tartom", "szolo", "passz"}


# -- Pais's XVII, old rules ------------------------------------------------------------------------


def test_HU_T_BID_PA_xvii_cue_bid():
    """HU-T-BID-PA: under `pajesz_xvii_cue_bid` B's second-turn jump after a minimum first bid
    shows XVII; C's szóló is not a cue bid; C is declarer at szóló and MUST call T17
    (HU-BID-14, HU-BID-16, HU-CALL-3 (a), HU-TALON-5)."""
    state = table({"A": "T20", "B": "T21 T17", "C": "T22"},
                  options={"pajesz_xvii_cue_bid": True})
    run(state, "A passz, B harom, C ketto, D passz")
    assert legal(state, "B") == {"tartom", "egy", "szolo"}
    run(state, "B egy")
    assert_cue(state, "B", T17, 3)
    run(state, "C szolo")
    assert_cue(state, "B", T17, 3)
    assert legal(state, "B") == {"tartom", "passz"}
    run(state, "B passz")
    assert_declarer(state, "C", 4)
    facts = state.auction.public_facts()[SEAT["B"]]
    assert "holds T17" in facts and "holds a great honour" in facts  # HU-BID-17
    assert_must_call(state, "T17", partner="B", keeper="B")


def test_HU_T_BID_PA_xvii_needs_a_great_honour():
    """HU-T-BID-PA (setup clause "T17 and a great honour"): with the pagát as his only honour B
    may not make the XVII jump (HU-BID-14, HU-BID-16)."""
    state = table({"A": "T20", "B": "T1 T17", "C": "T22"},
                  options={"pajesz_xvii_cue_bid": True})
    run(state, "A passz, B harom, C ketto, D passz")
    assert legal(state, "B") == {"tartom"}
    assert_illegal(state, "B", "egy", "HU-BID-14")


@pytest.mark.parametrize(("options", "card", "code"), [
    ({"pajesz_xvii_cue_bid": True}, T17, "T17"),
    ({}, T19, "T19"),
])
def test_HU_T_BID_PB_xvii_after_held_minimum(options, card, code):
    """HU-T-BID-PB: B's szóló shows XVII under `pajesz_xvii_cue_bid` and A (declarer at szóló)
    MUST call T17; with default options the same szóló is a XIX cue bid and A MUST call T19
    (HU-BID-11, HU-BID-14, HU-CALL-3 (a))."""
    state = table({"A": "T22", "B": "T21 T17 T19", "C": "T20"}, options=options)
    run(state, "A harom, B ketto, C passz, D passz, A tartom, B szolo")
    assert_cue(state, "B", card, 4)
    run(state, "A tartom, B passz!")
    assert_declarer(state, "A", 4)
    assert_must_call(state, code, partner="B", keeper="B")


def test_HU_T_BID_OLD1_modern_hold_of_earlier_player():
    """HU-T-BID-OLD1 (modern): A's szóló is a XVIII cue bid; B holds; B is declarer at szóló
    calling T18 (HU-BID-5, HU-BID-11, HU-CALL-3 (a))."""
    state = table({"A": "T22 T18", "B": "T21", "C": "T20"})
    run(state, "A harom, B ketto, C passz, D passz, A szolo")
    assert_cue(state, "A", T18, 4)
    assert legal(state, "B") == {"tartom", "passz"}
    run(state, "B tartom, A passz!")
    assert_declarer(state, "B", 4)
    assert_must_call(state, "T18", partner="A", keeper="A")


def test_HU_T_BID_OLD1_old_priority_forbids_the_hold():
    """HU-T-BID-OLD1 (`holding_rule` = old_priority): B's tartom is illegal (A comes before B);
    B must pass and A is declarer; his own cue bid binds no call (HU-BID-6, HU-BID-12 (3))."""
    state = table({"A": "T22 T18", "B": "T21", "C": "T20"},
                  options={"holding_rule": "old_priority"})
    run(state, "A harom, B ketto, C passz, D passz, A szolo")
    assert_cue(state, "A", T18, 4)
    assert_illegal(state, "B", "tartom", "HU-BID-6")
    run(state, "B passz!")
    assert_declarer(state, "A", 4)
    assert_calls_normally(state)


def test_HU_T_BID_OLD2_old_priority_cue_bid_stands():
    """HU-T-BID-OLD2 (`holding_rule` = old_priority): C's tartom of B's egy is illegal; C szóló,
    B passz: C is declarer at szóló and MUST call T19 (HU-BID-6, HU-BID-11, HU-CALL-3 (a))."""
    state = table({"A": "T20", "B": "T21 T19", "C": "T22"},
                  options={"holding_rule": "old_priority"})
    run(state, "A passz, B harom, C ketto, D passz, B egy")
    assert_cue(state, "B", T19, 3)
    assert legal(state, "C") == {"szolo", "passz"}
    assert_illegal(state, "C", "tartom", "HU-BID-6")
    run(state, "C szolo")
    assert legal(state, "B") == {"tartom", "passz"}  # B may hold C's bid (B comes first)
    run(state, "B passz")
    assert_declarer(state, "C", 4)
    assert_must_call(state, "T19", partner="B", keeper="B")


OLD3_OPTIONS = {"holding_rule": "old_priority",
                "cue_bid_interpretation": "old_answerable_only_at_szolo"}


def test_HU_T_BID_OLD3_answerable_only_at_szolo():
    """HU-T-BID-OLD3: under old_priority and old_answerable_only_at_szolo A's egy is a XVIII cue
    bid, because B can answer only with szóló (HU-BID-6, HU-BID-14)."""
    state = table({"A": "T22 T18", "B": "T21"}, options=OLD3_OPTIONS)
    run(state, "A harom, B ketto, C passz, D passz")
    assert "egy" in legal(state, "A")
    run(state, "A egy")
    assert_cue(state, "A", T18, 3)
    assert legal(state, "B") == {"szolo", "passz"}
    # with T19 instead of T18 the same egy is illegal
    state = table({"A": "T22 T19", "B": "T21"}, options=OLD3_OPTIONS)
    run(state, "A harom, B ketto, C passz, D passz")
    assert_illegal(state, "A", "egy", "HU-BID-11")


def test_HU_T_BID_OLD3_modern_is_xix_accepted_by_hold():
    """HU-T-BID-OLD3 (both options modern): A's egy is a XIX cue bid that B accepts by holding
    (HU-BID-11, HU-BID-5)."""
    state = table({"A": "T22 T19", "B": "T21"})
    run(state, "A harom, B ketto, C passz, D passz, A egy")
    assert_cue(state, "A", T19, 3)
    assert "tartom" in legal(state, "B")
    run(state, "B tartom")
    assert state.auction.high == SEAT["B"]
    assert_cue(state, "A", T19, 3)


@pytest.mark.parametrize("interpretation",
                         ["old_any_jump_to_szolo", "old_answerable_only_at_szolo"])
def test_HU_T_BID_OLD4_jump_to_szolo_shows_xviii(interpretation):
    """HU-T-BID-OLD4: in the C5 sequence C's szóló is a XVIII cue bid and B MUST call T18; C
    cannot show XIX in this position under these rules (HU-BID-14, HU-CALL-3 (a))."""
    options = {"cue_bid_interpretation": interpretation}
    state = table({"A": "T21", "B": "T1", "C": "T22 T18", "D": "T20"}, options=options)
    run(state, "A harom, B ketto, C szolo")
    assert_cue(state, "C", T18, 4)
    run(state, "D passz!, A passz, B tartom, C passz!")
    assert_declarer(state, "B", 4)
    assert_must_call(state, "T18", partner="C", keeper="C")
    state = table({"A": "T21", "B": "T1", "C": "T22 T19"}, options=options)
    run(state, "A harom, B ketto")
    assert_illegal(state, "C", "szolo", "HU-BID-11")


def test_HU_T_BID_OLD4_modern_cannot_show_xviii():
    """HU-T-BID-OLD4: under the modern rule C (T18 but no T19) cannot make the szóló jump of C5
    (HU-BID-11)."""
    state = table({"A": "T21", "B": "T1", "C": "T22 T18"})
    run(state, "A harom, B ketto")
    assert legal(state, "C") == {"egy", "passz"}
    assert_illegal(state, "C", "szolo", "HU-BID-11")


def test_HU_T_BID_FIRST_first_bid_never_cue():
    """HU-T-BID-FIRST: with `first_bid_never_cue` A's kettő without T19 is legal and ordinary; D
    is declarer at egy and calls normally (HU-BID-11, HU-CALL-3 (c)-(e))."""
    state = table({"A": "T21", "B": "T20", "D": "T22"}, options={"first_bid_never_cue": True})
    run(state, "A ketto")
    assert state.auction.cue is None
    run(state, "B passz, C passz, D egy, A passz")
    assert state.auction.cue is None
    assert_declarer(state, "D", 3)
    assert_calls_normally(state)


# -- cue_bid_accept_by_hold_only -------------------------------------------------------------------

ACC = {"cue_bid_accept_by_hold_only": True}


def test_HU_T_BID_ACC1_overbid_cue_bid_lapses():
    """HU-T-BID-ACC1: D's cue bid lapses when A bids szóló; A's szóló is no cue bid (the lapsed
    one still counts); A calls normally; D may discard T19 and has no public side
    (HU-BID-14, HU-OQ-34, HU-TALON-5, HU-ANN-12)."""
    state = table({"A": "T21", "B": "T20", "D": "T22 T19"}, options=ACC)
    run(state, "A harom, B passz, C passz, D egy")
    assert_cue(state, "D", T19, 3, "pending")
    run(state, "A szolo")
    assert_cue(state, "D", T19, 3, "lapsed")
    run(state, "D passz")
    assert_declarer(state, "A", 4)
    assert state.auction.binding_cue(state.declarer) is None
    view = assert_calls_normally(state)
    assert "T19" in view.discardable["D"]
    assert state.ann.public_side[SEAT["D"]] == "unknown"


def test_HU_T_BID_ACC2_held_cue_bid_is_accepted():
    """HU-T-BID-ACC2: C held B's egy, so the cue bid is accepted; C MUST call T19 (HU-BID-14,
    HU-CALL-3 (a), HU-TALON-5)."""
    state = table({"A": "T20", "B": "T21 T19", "C": "T22"}, options=ACC)
    run(state, "A passz, B harom, C ketto, D passz, B egy")
    assert_cue(state, "B", T19, 3, "pending")
    run(state, "C tartom")
    assert_cue(state, "B", T19, 3, "in_force")
    run(state, "B passz")
    assert_declarer(state, "C", 3)
    assert_must_call(state, "T19", partner="B", keeper="B")


def test_HU_T_BID_ACC3_overbid_before_any_hold():
    """HU-T-BID-ACC3: D's szóló overbids C's cue bid before any hold, so it lapses (A's later
    hold does not revive it); A calls normally (HU-BID-14)."""
    state = table({"A": "T21", "B": "T20", "C": "T22 T19", "D": "T1"}, options=ACC)
    run(state, "A harom, B passz, C egy")
    assert_cue(state, "C", T19, 3, "pending")
    run(state, "D szolo")
    assert_cue(state, "C", T19, 3, "lapsed")
    run(state, "A tartom, C passz!, D passz!")
    assert_cue(state, "C", T19, 3, "lapsed")
    assert_declarer(state, "A", 4)
    view = assert_calls_normally(state)
    assert "T19" in view.discardable["C"]


def test_HU_T_BID_ACC4_opening_jump_is_no_cue_bid():
    """HU-T-BID-ACC4: A's opening kettő is not a cue bid (no earlier bidder), so it is legal
    without T19; D calls normally (HU-BID-14)."""
    state = table({"A": "T21", "B": "T20", "D": "T22"}, options=ACC)
    assert "ketto" in legal(state, "A")
    run(state, "A ketto, B passz, C passz, D egy, A passz")
    assert state.auction.cue is None
    assert_declarer(state, "D", 3)
    assert_calls_normally(state)


# -- cue_bid_binding_only_if_other_declarer --------------------------------------------------------

BIND = {"cue_bid_binding_only_if_other_declarer": True}


def test_HU_T_BID_BIND_must_continue_then_declares():
    """HU-T-BID-BIND: A's PASS is illegal while HOLD is available; after A tartom, B szóló, A
    tartom, B (forced pass) A is declarer at szóló with no calling obligation and no discard
    restriction (HU-BID-14, HU-BID-16 must_continue, binding_cue)."""
    state = table({"A": "T21", "B": "T22", "C": "T20"}, options=BIND)
    run(state, "A ketto")
    assert_cue(state, "A", T19, 2)
    run(state, "B egy, C passz, D passz")
    assert legal(state, "A") == {"tartom", "szolo"}
    assert_illegal(state, "A", "passz", "HU-BID-14")
    run(state, "A tartom, B szolo")
    assert legal(state, "A") == {"tartom"}
    assert_illegal(state, "A", "passz", "HU-BID-14")
    run(state, "A tartom, B passz!")
    assert_declarer(state, "A", 4)
    assert state.auction.binding_cue(state.declarer) is None
    assert state.auction.public_facts()[SEAT["A"]] == ["holds an honour"]
    assert_calls_normally(state)


def test_HU_T_BID_BIND_default_opening_jump_needs_t19():
    """HU-T-BID-BIND: with default options A's opening kettő is illegal without T19
    (HU-BID-10, HU-BID-11, HU-BID-12 (1))."""
    state = table({"A": "T21", "B": "T22"})
    assert legal(state, "A") == {"harom", "szolo", "passz"}  # an opening szóló is no cue bid
    assert_illegal(state, "A", "ketto", "HU-BID-11")


def test_HU_T_BID_BIND2_other_declarer_calls_missing_card():
    """HU-T-BID-BIND2: C's PASS is illegal (szóló is available); C szóló, B tartom, C (forced
    pass): B is declarer at szóló and MUST call T19, which C does not hold; C gets no public side,
    so B's partner is not marked o by deduction 1 (HU-BID-14, HU-CALL-3 (a), HU-ANN-12)."""
    state = table({"A": "T19", "B": "T21", "C": "T22", "D": "T20"}, options=BIND)
    run(state, "A passz, B harom, C egy")
    assert_cue(state, "C", T19, 3)
    run(state, "D passz, B tartom")
    assert legal(state, "C") == {"szolo"}
    assert_illegal(state, "C", "passz", "HU-BID-14")
    run(state, "C szolo, B tartom, C passz!")
    assert_declarer(state, "B", 4)
    assert state.auction.binding_cue(state.declarer) is not None
    assert "holds T19" not in state.auction.public_facts()[SEAT["C"]]
    view = reach_call(state)
    assert view.callable == {"T19"}
    assert state.ann.public_side == {0: "unknown", 1: "d", 2: "unknown", 3: "unknown"}
    act(state, "B", {"type": "call", "card": "T19"})
    assert state.ann.partner == SEAT["A"]
    assert state.ann.public_side == {0: "unknown", 1: "d", 2: "unknown", 3: "unknown"}


def test_HU_T_BID_NOCONV_no_yield():
    """HU-T-BID-NOCONV: under `conventions` = none A's pass without T20 is legal; C is declarer
    at kettő and calls normally (case (d): T19 or T20); A has no discard restriction
    (HU-BID-14, HU-BID-13, HU-CALL-3 (d), HU-TALON-5)."""
    state = table({"A": "T22", "C": "T21 T20", "D": "T19"}, options={"conventions": "none"})
    run(state, "A harom, B passz, C ketto, D passz")
    assert "passz" in legal(state, "A")
    run(state, "A passz")
    assert state.auction.yielder is None and state.auction.cue is None
    assert_declarer(state, "C", 2)
    a_hand = state.hands[SEAT["A"]]
    view = reach_call(state)
    assert view.nondeclarer_tarokk_discards == 0
    assert view.callable == {"T19", "T20"}
    assert view.discardable["A"] == codes(a_hand & ~FIVE_POINT)


# -- yield requirements, honours -------------------------------------------------------------------


@pytest.mark.parametrize(("a_hand", "expected"), [
    ("T21", {"tartom"}),
    ("T21 T19", {"tartom", "egy"}),
    ("T21 T18", {"tartom", "szolo"}),
    ("T21 T19 T18", {"tartom", "egy", "szolo"}),
])
def test_HU_T_BID_YLD1_no_yield_without_xx(a_hand, expected):
    """HU-T-BID-YLD1: A holds T21 but not T20: PASS is illegal; legal calls are tartom, egy (only
    with T19) and szóló (only with T18) (HU-BID-13, HU-BID-11)."""
    state = table({"A": a_hand, "C": "T22"})
    run(state, "A harom, B passz, C ketto, D passz")
    assert legal(state, "A") == expected
    assert_illegal(state, "A", "passz", "HU-BID-13")


@pytest.mark.parametrize(("a_hand", "may_yield"), [
    ("T20 T22 T2 T3", False),
    ("T20 T22 T2 T3 T4", True),
])
def test_HU_T_BID_YLD2_yield_min_tarokks(a_hand, may_yield):
    """HU-T-BID-YLD2: with `yield_min_tarokks` = 5 A's PASS is illegal with 4 tarokks and legal
    with a fifth (HU-BID-13)."""
    state = table({"A": a_hand, "C": "T21"}, options={"yield_min_tarokks": 5})
    assert (state.hands[SEAT["A"]] & TAROKKS).bit_count() == len(a_hand.split())
    run(state, "A harom, B passz, C ketto, D passz")
    if may_yield:
        assert "passz" in legal(state, "A")
        run(state, "A passz")
        assert state.auction.yielder == SEAT["A"]
        assert_declarer(state, "C", 2)
    else:
        assert "passz" not in legal(state, "A")
        assert_illegal(state, "A", "passz", "HU-BID-13")


def test_HU_T_BID_HON_no_honour_no_bid():
    """HU-T-BID-HON: B holds no honour; after A's három B's only legal call is PASS
    (HU-BID-3)."""
    state = table({"A": "T21", "C": "T22 T1", "B": "T19 T18 T20"})
    assert not state.hands[SEAT["B"]] & HONOURS
    run(state, "A harom")
    assert legal(state, "B") == {"passz"}
    for call in ("ketto", "egy", "szolo"):
        assert_illegal(state, "B", call, "HU-BID-3")
    run(state, "B passz!")


# -- próbahárom, all pass, raise -------------------------------------------------------------------

PROBA_HANDS = {"A": "T1 T20", "B": "T21", "C": "T22"}


@pytest.mark.parametrize(("multiplier", "scores"), [(1, [1, 1, 1, -3]), (2, [2, 2, 2, -6])])
def test_HU_T_BID_PROBA1_failed_probaharom(multiplier, scores):
    """HU-T-BID-PROBA1: D's honourless három after three passes is legal; D takes 3 cards, none an
    honour; the deal ends at once: D -3, A, B, C +1 each (×2 deal: D -6, others +2); the others
    take no talon cards (HU-BID-9, HU-TALON-3, HU-SCORE-12, HU-SESSION-8)."""
    state = table(PROBA_HANDS, talon="T2 T3 T4", multiplier=multiplier)
    assert not state.hands[SEAT["D"]] & HONOURS
    run(state, "A passz, B passz, C passz")
    assert legal(state, "D") == {"harom", "passz"}
    run(state, "D harom")
    assert state.auction.probaharom and state.auction.cue is None
    assert state.declarer == SEAT["D"] and state.level == 1
    assert codes(state.received[SEAT["D"]]) == {"T2", "T3", "T4"}
    assert [state.received[s] for s in (0, 1, 2)] == [0, 0, 0]
    assert state.hands == list(state.deal.hands)
    assert state.is_terminal() and state.outcome == "probaharom_failed"
    result = state.result()
    assert result["outcome"] == "probaharom_failed"
    assert result["scores"] == scores


def test_HU_T_BID_PROBA2_probaharom_draws_an_honour():
    """HU-T-BID-PROBA2: with talon[1] = T21 the deal continues normally at három with D as
    declarer (HU-BID-9 (4), HU-TALON-2)."""
    state = table({"A": "T1", "B": "T22", "C": "T20 T19"}, talon="T2 T21 T3")
    run(state, "A passz, B passz, C passz, D harom")
    assert state.auction.probaharom
    assert state.outcome == "" and state.phase == "discard"
    assert_declarer(state, "D", 1)
    assert codes(state.received[SEAT["D"]]) == {"T2", "T21", "T3"}
    assert_calls_normally(state)


def test_HU_T_BID_PROBA3_higher_honourless_bid():
    """HU-T-BID-PROBA3: D's honourless egy after three passes is illegal by default and legal
    with `probaharom_levels` = any (HU-BID-9 (1), HU-BID-3, HU-OQ-6)."""
    state = table(PROBA_HANDS, talon="T2 T3 T4")
    run(state, "A passz, B passz, C passz")
    for call in ("ketto", "egy", "szolo"):
        assert_illegal(state, "D", call, "HU-BID-3")
    state = table(PROBA_HANDS, talon="T2 T3 T4", options={"probaharom_levels": "any"})
    run(state, "A passz, B passz, C passz")
    assert legal(state, "D") == {"harom", "ketto", "egy", "szolo", "passz"}
    run(state, "D egy")
    assert state.declarer == SEAT["D"] and state.level == 3
    assert codes(state.received[SEAT["D"]]) == {"T2"}
    assert state.outcome == "probaharom_failed"
    assert state.result()["scores"] == [3, 3, 3, -9]


def test_HU_T_BID_ALLPASS_thrown_in():
    """HU-T-BID-ALLPASS: A, B, C, D all pass (D despite holding an honour): the deal is thrown in
    and nothing is scored (HU-BID-8, HU-SESSION-5). (The redeal and the doubling window are
    session matters, HU-T-SESSION-7.)"""
    state = table({"A": "T1", "B": "T21", "D": "T22"})
    run(state, "A passz, B passz, C passz")
    assert "passz" in legal(state, "D")
    run(state, "D passz")
    assert state.is_terminal() and state.outcome == "all_pass"
    assert state.declarer is None and state.received == [0, 0, 0, 0]
    assert state.result()["scores"] == [0, 0, 0, 0]
    assert state.result()["outcome"] == "all_pass"


@pytest.mark.parametrize("to", ["harom", "ketto", "egy"])
def test_HU_T_BID_RAISE_uncontested_three(to):
    """HU-T-BID-RAISE: with `raise_after_uncontested_three` B may raise his lone három to kettő
    or egy before the talon; at egy he is declarer with G = 3 and 1 talon card; the raise is no
    cue bid (HU-BID-15, HU-TALON-1)."""
    state = table({"B": "T21"}, options={"raise_after_uncontested_three": True})
    run(state, "A passz, B harom, C passz, D passz")
    assert state.phase == "raise" and state.current_player() == SEAT["B"]
    assert state.received == [0, 0, 0, 0]
    assert legal_json(state) == [{"type": "raise", "bid": b} for b in ("harom", "ketto", "egy")]
    act(state, "B", {"type": "raise", "bid": to})
    assert_declarer(state, "B", LEVEL[to])
    assert state.received[SEAT["B"]].bit_count() == 4 - LEVEL[to]
    assert state.auction.cue is None


def test_HU_T_BID_RAISE_not_after_probaharom_or_without_option():
    """HU-T-BID-RAISE: no raise after a próbahárom (HU-BID-9 (5), HU-BID-15), and none without
    the option."""
    options = {"raise_after_uncontested_three": True}
    state = table({"A": "T1", "B": "T22", "C": "T20"}, talon="T21", options=options)
    run(state, "A passz, B passz, C passz, D harom")
    assert state.auction.probaharom
    assert state.phase == "discard"
    assert_declarer(state, "D", 1)
    state = table({"B": "T21"})
    run(state, "A passz, B harom, C passz, D passz")
    assert state.phase == "discard"
    assert_declarer(state, "B", 1)


def test_HU_T_BID_RAISE_not_after_a_contested_auction():
    """HU-T-BID-RAISE / HU-BID-15: only if három was the only bid of the auction."""
    state = table({"B": "T21", "C": "T22"}, options={"raise_after_uncontested_three": True})
    run(state, "A passz, B harom, C ketto, D passz, B tartom, C passz")
    assert state.phase == "discard"
    assert_declarer(state, "B", 2)


@pytest.mark.parametrize(("b_hand", "expected"), [
    ("T22", {"egy", "passz"}),
    ("T22 T19", {"egy", "szolo", "passz"}),
])
def test_HU_T_BID_ONEHOLD_a_level_is_held_once(b_hand, expected):
    """HU-T-BID-ONEHOLD: after A's tartom B cannot hold kettő back; B must bid egy or higher (szóló
    is then a XIX cue bid), or pass (HU-BID-5, HU-BID-11)."""
    state = table({"A": "T21", "B": b_hand})
    run(state, "A harom, B ketto, C passz, D passz, A tartom")
    assert legal(state, "B") == expected
    assert_illegal(state, "B", "tartom", "HU-BID-5")
    assert_illegal(state, "B", "ketto", "HU-BID-5")


# -- HU-T-TALON-1 ----------------------------------------------------------------------------------

TALON_1 = {  # B is declarer; 2nd player = C, 3rd = D, 4th = A
    "harom": {"B": "012", "C": "3", "D": "4", "A": "5"},
    "ketto": {"B": "01", "C": "23", "D": "4", "A": "5"},
    "egy": {"B": "0", "C": "12", "D": "34", "A": "5"},
    "szolo": {"B": "", "C": "01", "D": "23", "A": "45"},
}


@pytest.mark.parametrize("bid", list(TALON_1))
def test_HU_T_TALON_1_talon_split(bid):
    """HU-T-TALON-1: B is declarer; for each level the declarer takes the top cards and the rest
    go to C, D, A in talon order (HU-TALON-1, HU-TALON-2). B's opening kettő and egy are his own
    cue bids (he holds T19 and T18), which do not bind himself."""
    state = table({"A": "T1", "B": "T21 T19 T18", "C": "T22", "D": "T20"},
                  talon="T2 T3 T4 T5 T6")
    talon = state.deal.talon
    run(state, f"A passz, B {bid}, C passz, D passz")
    assert state.phase == "discard"
    assert_declarer(state, "B", LEVEL[bid])
    for label, positions in TALON_1[bid].items():
        expected = mask(talon[int(k)] for k in positions)
        assert state.received[SEAT[label]] == expected, label
    assert sum(state.received[s].bit_count() for s in range(4)) == 6


# -- random auctions -------------------------------------------------------------------------------

OPTION_SETS = st.fixed_dictionaries({
    "holding_rule": st.sampled_from(["modern", "old_priority"]),
    "cue_bid_interpretation": st.sampled_from(
        ["modern", "old_answerable_only_at_szolo", "old_any_jump_to_szolo"]),
    "conventions": st.sampled_from(["standard", "none"]),
    "first_bid_never_cue": st.booleans(),
    "cue_bid_binding_only_if_other_declarer": st.booleans(),
    "cue_bid_accept_by_hold_only": st.booleans(),
    "pajesz_xvii_cue_bid": st.booleans(),
    "probaharom_levels": st.sampled_from(["harom_only", "any"]),
    "yield_min_tarokks": st.integers(0, 9),
    "raise_after_uncontested_three": st.booleans(),
})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTION_SETS, seed=st.integers(0, 2**64 - 1), dealer=st.integers(0, 3),
       choice_seed=st.integers(0, 2**32 - 1), bid_bias=st.floats(0.0, 1.0))
def test_random_auctions_always_have_a_legal_call_and_end(options, seed, dealer, choice_seed,
                                                         bid_bias):
    """HU-BID-7, HU-BID-16: under any option set, random legal calls never leave the player to act
    without a legal call, every offered call is accepted, and the auction ends within 30 calls
    with a declarer who is the last committed bidder (or an all-pass throw-in)."""
    game = HungarianGame(options)
    state = game.new_initial_state(game.deal(seed, dealer), dealer)
    rng = random.Random(choice_seed)
    calls = 0
    while state.phase == "auction":
        seat = state.current_player()
        assert seat in state.active
        options_now = state.legal_actions()
        assert options_now, "a player without legal calls"
        assert len(set(options_now)) == len(options_now)
        non_pass = [a for a in options_now if a.arg != 0]
        pick = (rng.choice(non_pass) if non_pass and rng.random() < bid_bias
                else rng.choice(options_now))
        state.apply(pick)
        calls += 1
        assert calls <= 30, "auction did not end"
    au = state.auction
    assert au.over()
    if state.outcome == "all_pass":
        assert all(au.passed.values()) and state.declarer is None
    else:
        assert state.declarer == au.high and state.level >= 1
        assert [q for q in state.active if not au.passed[q]] in ([], [au.high])
        for q, call in au.calls:
            if call not in (0, 5) and not state.deal.hands[q] & HONOURS:
                assert au.probaharom and q == state.declarer  # HU-BID-3, HU-BID-9
        if state.phase == "raise":
            state.apply(A.RAISES[3])
            assert state.level == 3
    assert state.phase in ("discard", "end")


# -- §15.8 / §15.9 bidding options (HU-T-OPT-*) --------------------------------------------------

INVITATION = {"cue_bid_model": "invitation"}
CUE_5 = {"cue_bid_requires_great_honour": True, "cue_bid_min_tarokks": 5}


def test_HU_T_OPT_3_fourth_hand_jump_is_a_cue_bid_under_invitation():
    """HU-T-OPT-3, HU-BID-11: D's kettő after three passes is no cue bid by default; under the
    invitation model it promises T19, D is his own cue bidder (no card is added to his call)
    and may not discard T19; an opening szóló is never a cue bid."""
    state = table({"D": "T21"})
    run(state, "A passz, B passz, C passz, D ketto")
    assert_declarer(state, "D", 2)
    assert state.auction.cue is None
    state = table({"D": "T21"}, options=INVITATION)
    run(state, "A passz, B passz, C passz")
    assert_illegal(state, "D", "ketto", "HU-BID-11")
    state = table({"D": "T21 T19"}, options=INVITATION)
    run(state, "A passz, B passz, C passz, D ketto")
    assert_cue(state, "D", T19, 2)
    view = reach_call(state)
    assert "T19" not in view.discardable["D"] and view.callable == {"T20"}
    state = table({"D": "T21"}, options=INVITATION)
    run(state, "A passz, B passz, C passz, D szolo")
    assert_declarer(state, "D", 4)
    assert state.auction.cue is None


def test_HU_T_OPT_6_a_new_cue_bid_replaces_the_standing_one():
    """HU-T-OPT-6: C's egy promises T19; B's second-turn szóló is a XVII cue bid that replaces
    it under the invitation model, so B calls alone by (c)-(e) and C may discard T19. With
    `pajesz_xvii_cue_bid` alone B's szóló is ordinary and B must call T19."""
    hands = {"B": "T17 T22", "C": "T19 T21"}
    both = {**INVITATION, "pajesz_xvii_cue_bid": True}
    state = table(hands, options=both)
    run(state, "A passz, B harom, C egy, D passz, B szolo, C passz")
    assert_declarer(state, "B", 4)
    assert_cue(state, "B", T17, 4)
    view = reach_call(state)
    assert "T19" in view.discardable["C"] and view.callable != {"T19"}
    state = table(hands, options={"pajesz_xvii_cue_bid": True})
    run(state, "A passz, B harom, C egy, D passz, B szolo, C passz")
    assert_cue(state, "C", T19, 3)
    assert_must_call(state, "T19", partner="C", keeper="C")


@pytest.mark.parametrize(("tarokks", "options", "legal_egy"), [
    ("T19 T21 T2 T3", CUE_5, False), ("T19 T21 T2 T3 T4", CUE_5, True),
    ("T19 T21 T2 T3", {"cue_bid_requires_great_honour": True}, True),
    ("T19 T1", {}, True)])
def test_HU_T_OPT_20_cue_bid_needs_five_tarokks(tarokks, options, legal_egy):
    """HU-T-OPT-20, HU-BID-12: D's egy (a XIX cue bid) over A's három; kettő is always legal."""
    suits = " ".join(["DK", "DQ", "DN", "DJ", "DA", "SK", "SQ"][:9 - len(tarokks.split())])
    state = new_state({"A": "T22", "D": f"{tarokks} {suits}"}, options=options,
                      avoid={"D": TAROKKS})
    run(state, "A harom, B passz, C passz")
    assert ("egy" in legal(state, "D")) is legal_egy and "ketto" in legal(state, "D")
    if not legal_egy:
        assert_illegal(state, "D", "egy", "HU-BID-12")


@pytest.mark.parametrize(("options", "legal_egy"), [
    (CUE_5, False), ({"cue_bid_min_tarokks": 5}, True), ({}, True)])
def test_HU_T_OPT_21_no_pagat_only_cue_bid(options, legal_egy):
    """HU-T-OPT-21: D's only honour is T1; he holds T19 and six other tarokks."""
    state = new_state({"A": "T22", "D": "T1 T19 T2 T3 T4 T5 T6 DK DQ"}, options=options)
    run(state, "A harom, B passz, C passz")
    assert ("egy" in legal(state, "D")) is legal_egy
    if legal_egy:
        run(state, "D egy")
        assert state.auction.cue.pagat_only


@pytest.mark.parametrize("options", [CUE_5, {**CUE_5, **INVITATION}])
def test_HU_T_OPT_22_the_second_jump_is_no_cue_bid(options):
    """HU-T-OPT-22: A's kettő is a XIX cue bid meeting the requirements; B's szóló needs only
    an honour (under the invitation model it repeats the standing XIX)."""
    state = new_state({"A": "T19 T22 T2 T3 T4 HK HQ HN HJ",
                       "B": "T1 T5 T6 DK DQ DN DJ DA SK"}, options=options)
    run(state, "A ketto, B szolo")
    assert_cue(state, "A", T19, 2)
    assert state.auction.level == 4 and state.auction.high == SEAT["B"]


def test_HU_T_OPT_39_a_cue_bidder_may_only_pass():
    """HU-T-OPT-39, HU-BID-14, HU-OQ-39: (a) after the C6 sequence A may only pass; (b) with
    the binding-only variant A, lacking T19, may only pass although `must_continue` alone
    would forbid it."""
    stop = {"cue_bidder_may_continue": False}
    hands = {"A": "T22 T19", "B": "T21", "C": "T1", "D": "T20"}
    state = table(hands, options=stop)
    run(state, "A ketto, B egy, C szolo, D passz!")
    assert legal(state, "A") == {"passz"}
    assert_illegal(state, "A", "tartom", "HU-BID-14")
    state = table(hands)
    run(state, "A ketto, B egy, C szolo, D passz!")
    assert legal(state, "A") == {"tartom", "passz"}
    bind = {**stop, "cue_bid_binding_only_if_other_declarer": True}
    state = table({"A": "T22", "B": "T21", "C": "T1", "D": "T20"}, options=bind)
    run(state, "A ketto, B egy, C passz, D passz")
    assert legal(state, "A") == {"passz"}
    run(state, "A passz")
    assert_must_call(state, "T19", partner=None)


def test_HU_T_OPT_40_raise_to_szolo():
    """HU-T-OPT-40, HU-BID-15: the raise goes to szóló only under `raise_max_level` = szolo;
    B then takes no talon card; without the raise option the key allows nothing."""
    raise_opt = {"raise_after_uncontested_three": True}
    state = table({"B": "T21"}, options=raise_opt)
    run(state, "A passz, B harom, C passz, D passz")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="HU-BID-15"):
        act(state, "B", {"type": "raise", "bid": "szolo"})
    assert snapshot(state) == before
    state = table({"B": "T21"}, options={**raise_opt, "raise_max_level": "szolo"})
    run(state, "A passz, B harom, C passz, D passz")
    assert legal_json(state)[-1] == {"type": "raise", "bid": "szolo"}
    act(state, "B", {"type": "raise", "bid": "szolo"})
    assert_declarer(state, "B", 4)
    state = table({"B": "T21"}, options={"raise_max_level": "szolo"})
    run(state, "A passz, B harom, C passz, D passz")
    assert state.phase == "discard"
