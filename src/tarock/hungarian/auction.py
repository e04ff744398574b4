"""The auction (HU-BID): holds, cue bids, the yielded game and the próbahárom.

A direct transcription of the normative generator HU-BID-16. Calls are small ints: PASS, HOLD and
the bid levels 1..4 (három, kettő, egy, szóló). Seats are the table's seat numbers; ``order`` lists
the four active seats A, B, C, D.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tarock.hungarian.cards import GREAT_HONOURS, HONOURS, T17, T18, T19, T20, TAROKKS, bit
from tarock.hungarian.options import HungarianOptions

PASS: Final = 0
HARAM: Final = 1
KETTO: Final = 2
EGY: Final = 3
SZOLO: Final = 4
HOLD: Final = 5
CALL_NAMES: Final = {PASS: "passz", 1: "harom", 2: "ketto", 3: "egy", 4: "szolo", HOLD: "tartom"}
CALL_BY_NAME: Final = {name: call for call, name in CALL_NAMES.items()}


@dataclass(slots=True)
class Cue:
    """The auction's one cue bid (HU-BID-11); ``status`` is in_force, pending or lapsed."""

    player: int
    card: int
    level: int
    pagat_only: bool
    status: str


class Auction:
    """Auction state for one deal; ``legal_calls`` and ``apply_call`` follow HU-BID-16."""

    __slots__ = ("calls", "cue", "cue_bidders", "first_call_was_minimum", "hands", "has_bid",
                 "held", "high", "level", "opt", "order", "passed", "probaharom", "turns",
                 "yielder")

    def __init__(self, order: tuple[int, ...], hands: list[int], opt: HungarianOptions,
                 copy_of: Auction | None = None):
        """The auction at its start, or a copy of ``copy_of`` (``clone``): the compiled build
        makes objects only through ``__init__`` (``tarock.core.native``)."""
        self.order = order
        self.hands = hands  # dealt hands, indexed by seat
        self.opt = opt
        if copy_of is not None:
            self._copy(copy_of)
            return
        self.level = 0
        self.high: int | None = None
        self.held = [False] * 5
        self.has_bid = dict.fromkeys(order, False)
        self.passed = dict.fromkeys(order, False)
        self.turns = dict.fromkeys(order, 0)
        self.first_call_was_minimum = dict.fromkeys(order, False)
        self.calls: list[tuple[int, int]] = []
        self.cue: Cue | None = None
        self.cue_bidders: set[int] = set()  # for `cue_bidder_may_continue` (HU-BID-14)
        self.yielder: int | None = None
        self.probaharom = False  # the winning bid was made without an honour (HU-BID-9)

    def clone(self) -> Auction:
        return Auction(self.order, self.hands, self.opt, self)

    def _copy(self, other: Auction) -> None:
        self.level, self.high, self.held = other.level, other.high, list(other.held)
        self.has_bid, self.passed = dict(other.has_bid), dict(other.passed)
        self.turns = dict(other.turns)
        self.first_call_was_minimum = dict(other.first_call_was_minimum)
        self.calls = list(other.calls)
        cue = other.cue
        self.cue = None if cue is None else Cue(cue.player, cue.card, cue.level, cue.pagat_only,
                                                cue.status)
        self.cue_bidders = set(other.cue_bidders)
        self.yielder, self.probaharom = other.yielder, other.probaharom

    # -- helpers named as in HU-BID-16 -------------------------------------------------------

    def hold_rule_allows(self, q: int, p: int) -> bool:
        """HU-BID-6: may q ever hold a bid of p?"""
        return self.opt.holding_rule == "modern" or self.order.index(q) < self.order.index(p)

    def can_hold(self, p: int) -> bool:
        """HU-BID-5."""
        return (self.has_bid[p] and self.level > 0 and self.high != p
                and not self.held[self.level] and self.high is not None
                and self.hold_rule_allows(p, self.high))

    def minimum_level(self, p: int) -> int:
        """HU-BID-10."""
        if self.level == 0:
            return 1
        return self.level if self.can_hold(p) else self.level + 1

    def fourth_after_three_passes(self) -> bool:
        return len(self.calls) == 3 and all(c == PASS for _, c in self.calls)

    def in_yield_position(self, p: int) -> bool:
        """HU-BID-13: X to speak after X három, Y kettő, two passes and no hold."""
        if self.opt.conventions != "standard":
            return False
        bids = [(q, c) for q, c in self.calls if c not in (PASS, HOLD)]
        return (len(bids) == 2 and bids[0][0] == p and bids[0][1] == 1 and bids[1][1] == 2
                and not any(self.held) and sum(self.passed.values()) == 2)

    def cue_card(self, p: int, level: int) -> int | None:
        """The card promised by BID(level), or None (HU-BID-11, HU-BID-14). Under
        ``cue_bid_model`` = invitation every jump is a cue bid, except one that repeats the card
        of the standing cue bid."""
        opt = self.opt
        invitation = opt.cue_bid_model == "invitation"
        if opt.conventions == "none":
            return None
        if not invitation and (self.cue is not None or self.fourth_after_three_passes()):
            return None
        card = self.jump_card(p, level)
        if invitation and self.cue is not None and card == self.cue.card:
            return None
        return card

    def jump_card(self, p: int, level: int) -> int | None:
        """The card that a jump to ``level`` would promise, or None (HU-BID-11, HU-BID-14)."""
        opt = self.opt
        jump = level - self.minimum_level(p)
        if jump <= 0 or (self.level == 0 and level == 4):
            return None
        if self.level == 0 and opt.first_bid_never_cue:
            return None
        if opt.cue_bid_accept_by_hold_only and not self._other_live_bidder(p, False):
            return None
        if opt.pajesz_xvii_cue_bid and self.turns[p] == 1 and self.first_call_was_minimum[p]:
            return T17
        if opt.cue_bid_interpretation == "old_any_jump_to_szolo" and level == 4:
            return T18
        if opt.cue_bid_interpretation == "old_answerable_only_at_szolo" and (
                level == 4 or (level == 3 and not self._other_live_bidder(p, True))):
            return T18
        return T19 if jump == 1 else T18

    def _other_live_bidder(self, p: int, must_be_able_to_hold: bool) -> bool:
        return any(q != p and self.has_bid[q] and not self.passed[q]
                   and (not must_be_able_to_hold or self.hold_rule_allows(q, p))
                   for q in self.order)

    def must_continue(self, p: int) -> bool:
        """HU-BID-14 binding-only variant: a cue bidder lacking his card may not drop out."""
        cue = self.cue
        return (self.opt.cue_bid_binding_only_if_other_declarer and cue is not None
                and cue.player == p and cue.status == "in_force"
                and not self.hands[p] & bit(cue.card))

    def may_yield(self, p: int) -> bool:
        """HU-BID-13: XX plus a great honour (and, optionally, enough tarokks)."""
        hand = self.hands[p]
        return (bool(hand & bit(T20)) and bool(hand & GREAT_HONOURS)
                and (hand & TAROKKS).bit_count() >= self.opt.yield_min_tarokks)

    # -- the generator -----------------------------------------------------------------------

    def legal_calls(self, p: int) -> list[int]:
        hand, opt = self.hands[p], self.opt
        if not opt.cue_bidder_may_continue and p in self.cue_bidders:
            return [PASS]  # HU-BID-14
        out = [HOLD] if self.can_hold(p) else []
        for level in range(self.level + 1, 5):
            if not hand & HONOURS and not (  # HU-BID-3, HU-BID-9
                    self.fourth_after_three_passes()
                    and (level == 1 or opt.probaharom_levels == "any")):
                continue
            card = self.cue_card(p, level)
            if (card is not None and not hand & bit(card)
                    and not opt.cue_bid_binding_only_if_other_declarer):
                continue
            if card == T17 and not hand & GREAT_HONOURS:
                continue
            if card is not None and not self.cue_requirements_met(p):
                continue
            out.append(level)
        if ((self.may_yield(p) or not self.in_yield_position(p))
                and not (self.must_continue(p) and out)):
            out.append(PASS)
        return out

    def cue_requirements_met(self, p: int) -> bool:
        """HU-BID-12 options: a great honour and a minimum number of tarokks for any cue bid."""
        hand, opt = self.hands[p], self.opt
        great = opt.cue_bid_requires_great_honour or opt.variant == "illusztralt"  # HI-BID-1
        if great and not hand & GREAT_HONOURS:
            return False
        return (hand & TAROKKS).bit_count() >= opt.cue_bid_min_tarokks

    def why_illegal(self, p: int, call: int) -> tuple[str, str, str | None]:
        """A reason, rule ID and, for a pass (a choice a person expects), the refusal's
        catalogue key (:class:`~tarock.core.errors.TarockError`) for a call that
        ``legal_calls`` refuses."""
        if not self.opt.cue_bidder_may_continue and p in self.cue_bidders:
            return "after a cue bid a player may only pass", "HU-BID-14", None
        if call == HOLD:
            if (self.opt.holding_rule != "modern" and self.has_bid[p] and self.level > 0
                    and self.high is not None and self.high != p and not self.held[self.level]):
                return "may hold only the bid of a later player (old priority)", "HU-BID-6", None
            return "cannot hold here", "HU-BID-5", None
        if call == PASS:
            if self.in_yield_position(p):
                return "a yield needs XX and a great honour", "HU-BID-13", "yield_needs_xx"
            return ("must hold or bid on after a cue bid without the card", "HU-BID-14",
                    "cue_bid_without_card")
        if call <= self.level:
            return "a bid must be higher than the current level", "HU-BID-5", None
        if not self.hands[p] & HONOURS:
            return "a bid needs an honour in the dealt hand", "HU-BID-3", None
        card = self.cue_card(p, call)
        if card == T17:
            return ("this jump is a XVII cue bid: it needs T17 and a great honour", "HU-BID-14",
                    None)
        if card is not None and self.hands[p] & bit(card) and not self.cue_requirements_met(p):
            return ("a cue bid also needs the tarokks and honour the options require", "HU-BID-12",
                    None)
        if card is not None:
            return f"this jump is a cue bid promising T{card + 1}", "HU-BID-11", None
        return "not a legal call", "HU-BID-16", None

    def apply_call(self, p: int, call: int) -> None:
        if call == PASS:
            if self.in_yield_position(p):
                self.yielder = p
            self.passed[p] = True
        elif call == HOLD:
            self.held[self.level] = True
            self.high = p
            if self.cue is not None and self.cue.status == "pending":
                self.cue.status = "in_force"  # accepted (HU-BID-14)
        else:
            card = self.cue_card(p, call)
            if self.turns[p] == 0:
                self.first_call_was_minimum[p] = call == self.minimum_level(p)
            if self.cue is not None and self.cue.status == "pending":
                self.cue.status = "lapsed"  # overbid before a hold
            if card is not None:
                self.cue_bidders.add(p)
                self.cue = Cue(p, card, call, (self.hands[p] & HONOURS) == bit(0),
                               "pending" if self.opt.cue_bid_accept_by_hold_only else "in_force")
            if not self.hands[p] & HONOURS:
                self.probaharom = True
            self.level, self.high, self.has_bid[p] = call, p, True
        self.turns[p] += 1
        self.calls.append((p, call))

    def over(self) -> bool:
        """HU-BID-7, HU-BID-8."""
        left = [q for q in self.order if not self.passed[q]]
        return not left or left == [self.high]

    def declarer(self) -> int | None:
        """The winner once the auction is over; None for an all-pass throw-in."""
        return None if all(self.passed.values()) else self.high

    def next_to_call(self, p: int) -> int:
        i = self.order.index(p)
        return next(q for q in self.order[i + 1:] + self.order[:i] if not self.passed[q])

    def binding_cue(self, declarer: int) -> Cue | None:
        """The cue bid whose duties, HU-BID-12 (2)-(4), apply after the auction; None if none
        does."""
        cue = self.cue
        binds = (cue is not None and cue.status == "in_force"
                 and not (self.opt.cue_bid_binding_only_if_other_declarer
                          and cue.player == declarer))
        return cue if binds else None

    def public_facts(self) -> dict[int, list[str]]:
        """HU-BID-17: what the auction shows about each active seat."""
        facts: dict[int, list[str]] = {q: [] for q in self.order}
        for q in self.order:
            if self.has_bid[q] and not (self.probaharom and q == self.high):
                facts[q].append("holds an honour")
        cue = self.cue
        if cue is not None and not self.opt.cue_bid_binding_only_if_other_declarer:
            facts[cue.player].append(f"holds T{cue.card + 1}")
            if cue.card == T17:
                facts[cue.player].append("holds a great honour")
        if self.yielder is not None:
            facts[self.yielder].append("holds T20 and a great honour")
        return facts
