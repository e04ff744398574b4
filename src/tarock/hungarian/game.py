"""Hungarian tarokk as a :class:`~tarock.core.protocol.Game` and its deal :class:`State`.

The state walks the phases of one deal: auction (HU-BID), the optional raise (HU-BID-15), the talon
split and discards (HU-TALON), annulment (HU-ANNUL), announcements with the partner call (HU-ANN,
HU-CALL), play (HU-PLAY) and the end-of-deal count claims (HU-SCORE-12); then it scores itself with
the pure functions of :mod:`tarock.hungarian.scoring`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from tarock.core.deals import deal_from_json, deal_to_json
from tarock.core.errors import IllegalActionError, InvalidRecordError
from tarock.core.protocol import (
    TERMINAL,
    Deal,
    Game,
    State,
    describe_each,
    replayed,
    told_to_all,
)
from tarock.core.rng import shuffled
from tarock.core.tricks import CardView, tricks_view
from tarock.hungarian import actions as A
from tarock.hungarian.actions import Action
from tarock.hungarian.announcements import LEVEL_NAMES, Announcements, Context
from tarock.hungarian.auction import CALL_NAMES, HOLD, Auction
from tarock.hungarian.calling import callable_cards
from tarock.hungarian.cards import (
    DECK,
    HONOURS,
    KINGS,
    RED_FOURS_DECK,
    SUIT_MASKS,
    SUIT_OF,
    T20,
    T21,
    T22,
    TAROKKS,
    bit,
    trick_winner_index,
)
from tarock.hungarian.encoding import HungarianEncoding
from tarock.hungarian.illusztralt import TRICK_BOUND, failed_after
from tarock.hungarian.options import GAME_NAME, SPECS, HungarianOptions
from tarock.hungarian.outcome import DealOutcome, Trick
from tarock.hungarian.play import bound_legal_cards, legal_cards
from tarock.hungarian.presentation import HungarianPresentation
from tarock.hungarian.scoring import (
    Settlement,
    score_deal,
    score_failed_probaharom,
    score_renonsz,
)
from tarock.hungarian.talon import (
    annul_reasons,
    discard_options,
    forbidden_discards,
    has_honour,
    split_talon,
)

if TYPE_CHECKING:
    from tarock.hungarian.session import HungarianSession

AUCTION: Final = "auction"
RAISE: Final = "raise"
DISCARD: Final = "discard"
ANNUL: Final = "annul"
ANNOUNCE: Final = "announce"
PLAY: Final = "play"
CLAIM: Final = "claim"
END: Final = "end"
TALON: Final = "talon"  # the step after the four-kings offer of HU-ANNUL-6 item 3
LABELS = "ABCD"
RAISE_TOP: Final = {"egy": 3, "szolo": 4}  # the highest raise of HU-BID-15 by `raise_max_level`


def active_seats(players: int, dealer: int) -> tuple[int, ...]:
    """A, B, C, D: the forehand on the dealer's right first; with 5 the dealer sits out."""
    if players == 4:
        return tuple((dealer + k) % 4 for k in (1, 2, 3, 4))
    return tuple((dealer + k) % 5 for k in (1, 2, 3, 4))


_ENCODING = HungarianEncoding()


# The game may be subclassed by ordinary Python code (a variant, a test) in the compiled build too
@mypyc_attr(allow_interpreted_subclasses=True)
class HungarianGame(Game):
    name = GAME_NAME
    title = "Hungarian tarokk"
    turn_rule = "HU-NOT-4"  # every action goes counter-clockwise, in the order A, B, C, D
    over_rule = "HU-IRR-1"  # nothing can be done after the deal
    deck = DECK
    option_specs = SPECS

    def __init__(self, options: Mapping[str, Any] | None = None):
        self.opt = HungarianOptions.make(options)
        self.options = self.opt.to_json()
        self.deck = RED_FOURS_DECK if self.opt.red_fours else DECK

    @property
    def num_seats(self) -> int:
        return self.opt.players

    def deal(self, seed: int, dealer: int = 0) -> Deal:
        """HU-DEAL-2/3: talon first, then packets of 5 and 4 to A, B, C, D.

        With ``knock_instead_of_cut`` (HU-DEAL-4) the 36 cards after the talon form four packets
        of 9, chosen clockwise from the dealer's left; the packets are face down, so each chooser
        simply takes the first packet still on the table.
        """
        pack = shuffled(list(range(42)), seed)
        active = active_seats(self.opt.players, dealer)
        hands = [0] * self.opt.players
        if self.opt.knock_instead_of_cut:
            choosers = (active[2], active[1], active[0], active[3]) if self.opt.players == 4 \
                else (active[3], active[2], active[1], active[0])
            for k, seat in enumerate(choosers):
                hands[seat] = sum(1 << c for c in pack[6 + 9 * k:15 + 9 * k])
        else:
            for k, seat in enumerate(active):
                five = pack[6 + 5 * k:11 + 5 * k]
                four = pack[26 + 4 * k:30 + 4 * k]
                hands[seat] = sum(1 << c for c in (*five, *four))
        return Deal(tuple(hands), tuple(pack[:6]))

    def new_initial_state(  # type: ignore[override]
            self, deal: Deal, dealer: int = 0, multiplier: int = 1,
            **envelope: Any) -> HungarianState:
        if envelope:
            raise InvalidRecordError(f"unexpected record keys {sorted(envelope)}",
                                     rule="docs/records.md")
        return HungarianState(self, deal, dealer, multiplier)

    def new_session(self, names: Sequence[str], seed: int, *,
                    seating: bool = True) -> HungarianSession:
        from tarock.hungarian.session import HungarianSession

        return HungarianSession(self, names, seed, seating)

    def presentation(self, lang: str = "en") -> HungarianPresentation:
        return HungarianPresentation(self, lang)

    def action_to_json(self, action: Action) -> dict[str, Any]:  # type: ignore[override]
        return A.to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return A.from_json(data)

    def deal_to_json(self, deal: Deal) -> dict[str, Any]:
        return deal_to_json(DECK, deal)

    def deal_from_json(self, data: Mapping[str, Any]) -> Deal:
        """Parse a record's deal: a hand per seat, a 6-card talon, every card exactly once
        (HU-DECK-1, HU-DEAL-2); hand sizes are checked with the dealer (check_deal)."""
        return deal_from_json(DECK, data, self.opt.players, 6, deal_rule="HU-DEAL-2",
                              pack_rule="HU-DECK-1", code_rule="HU-NOT-1")

    def action_encoding(self) -> HungarianEncoding:
        return _ENCODING

    def options_to_json(self) -> dict[str, Any]:
        return dict(self.options)

    def check_deal(self, deal: Deal, dealer: int) -> None:
        active = active_seats(self.opt.players, dealer)
        for seat, hand in enumerate(deal.hands):
            want = 9 if seat in active else 0
            if hand.bit_count() != want:
                raise InvalidRecordError(
                    f"seat {seat} is dealt {hand.bit_count()} cards, expected {want}",
                    rule="HU-DEAL-2" if want else "HU-5P-1")


class HungarianState:
    """One deal of Hungarian tarokk. Seats are table seats; ``active`` are A, B, C, D.

    A :class:`~tarock.core.protocol.State` by registration, not by inheritance, so that the
    compiled build can make it a native class (``tarock.core.native``); it therefore defines the
    protocol's few default methods itself."""

    def __init__(self, game: HungarianGame, deal: Deal, dealer: int, multiplier: int,
                 copy_of: HungarianState | None = None):
        """A new deal, or a copy of ``copy_of`` (``clone``): the compiled build makes objects
        only through ``__init__``."""
        if copy_of is not None:
            self._copy(copy_of)
            return
        if not 0 <= dealer < game.num_seats:
            raise InvalidRecordError(f"dealer {dealer} is not a seat", rule="HU-SESSION-4")
        game.check_deal(deal, dealer)
        self.game = game
        self.opt = game.opt
        self.deal = deal
        self.dealer = dealer
        self.multiplier = multiplier
        self.active = active_seats(game.num_seats, dealer)
        self.next_seat = {q: self.active[(i + 1) % 4] for i, q in enumerate(self.active)}
        self.hands = list(deal.hands)
        self.history: list[tuple[int, Action]] = []
        self.phase = AUCTION
        self.auction = Auction(self.active, list(deal.hands), self.opt)
        self.to_act = self.active[0]  # HU-BID-2: A speaks first
        self.declarer: int | None = None
        self.level = 0
        self.received = [0] * game.num_seats
        self.discards = [0] * game.num_seats
        self.queue: list[int] = []  # seats still to discard, annul-decide or claim
        self.annul_next = ANNOUNCE  # the phase that follows the current annulment offers
        self.early_offer_answered = False  # HU-ANNUL-5: the player to act declined to annul
        self.annulled_by: int | None = None
        self.ann: Announcements | None = None
        self.final_hands: list[int] = []
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks: list[Trick] = []
        self.claims: dict[int, int] = {}
        # scored, all_pass, annulled, probaharom_failed, probaharom_thrown_in, renonsz
        self.outcome = ""
        self.renonsz_offender: int | None = None
        self._result: dict[str, Any] | None = None
        self._legal: list[Action] | None = None  # legal_actions() of this position, cached

    # -- protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == END else self.to_act

    def is_terminal(self) -> bool:
        return self.phase == END

    def clone(self) -> HungarianState:
        return HungarianState(self.game, self.deal, self.dealer, self.multiplier, self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as the deal and its history, replayed when loaded: a native
        class of the compiled build is made only through ``__init__``."""
        return (replayed, (self.game, self.deal, self.dealer, self.multiplier, self.envelope(),
                           tuple(action for _, action in self.history)))

    def _copy(self, other: HungarianState) -> None:
        """Share what no action changes; copy the rest (the auction and the announcements only
        while they can still change)."""
        self.game, self.opt, self.deal = other.game, other.opt, other.deal
        self.dealer, self.multiplier = other.dealer, other.multiplier
        self.active, self.next_seat = other.active, other.next_seat
        self.hands = list(other.hands)
        self.history = list(other.history)
        self.phase = other.phase
        self.auction = other.auction.clone() if other.phase == AUCTION else other.auction
        self.to_act, self.declarer, self.level = other.to_act, other.declarer, other.level
        self.received, self.discards = list(other.received), list(other.discards)
        self.queue = list(other.queue)
        self.annul_next = other.annul_next
        self.early_offer_answered = other.early_offer_answered
        self.annulled_by = other.annulled_by
        ann = other.ann
        self.ann = ann.clone() if other.phase == ANNOUNCE and ann is not None else ann
        self.final_hands = other.final_hands
        self.trick, self.trick_seats = list(other.trick), list(other.trick_seats)
        self.tricks = list(other.tricks)
        self.claims = dict(other.claims)
        self.outcome, self.renonsz_offender = other.outcome, other.renonsz_offender
        self._result, self._legal = other._result, other._legal

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        phase, p = self.phase, self.to_act
        if phase == PLAY:
            return A.PLAY_LISTS.items(self._legal_card_mask(p))
        if phase == AUCTION:
            if self._early_offer_open(p):
                return [A.ANNUL_YES, A.ANNUL_NO]
            return [A.BIDS[c] for c in self.auction.legal_calls(p)]
        if phase == ANNOUNCE:
            assert self.ann is not None
            return self.ann.legal()  # legal_actions() copies it; the cache is never written
        if phase == DISCARD:
            if self._early_offer_open(p):
                return [A.ANNUL_YES, A.ANNUL_NO]
            return [_discard_action(m) for m in self._discard_masks(p)]
        if phase == ANNUL:
            return [A.ANNUL_YES, A.ANNUL_NO]
        if phase == RAISE:
            return [A.RAISES[k] for k in range(1, RAISE_TOP[self.opt.raise_max_level] + 1)]
        if phase == CLAIM:
            return [A.CLAIMS[self._n_tarokks(p)], A.PASS_ACTION]
        return []

    def apply(self, action: Hashable) -> None:  # any object: a non-action is refused
        phase, p = self.phase, self.to_act
        if phase == END:
            raise IllegalActionError("the deal is over", rule="HU-GEN-5")
        if not isinstance(action, A.Action):
            raise IllegalActionError(f"not an action: {action!r}", rule="HU-GEN-5")
        # an if-chain, not a table of handlers: compiled, these are direct calls
        if phase == ANNOUNCE:
            self._do_announce(p, action)
        elif phase == PLAY:
            self._do_play(p, action)
        elif phase == AUCTION:
            self._do_auction(p, action)
        elif phase == DISCARD:
            self._do_discard(p, action)
        elif phase == ANNUL:
            self._do_annul(p, action)
        elif phase == RAISE:
            self._do_raise(p, action)
        else:
            self._do_claim(p, action)
        if action.kind in (A.BID, A.DISCARD):
            self.early_offer_answered = False  # the next decision brings a new offer
        self._legal = None
        self.history.append((p, action))

    def result(self) -> dict[str, Any]:
        if self.phase != END:
            raise IllegalActionError("the deal is not finished", rule="HU-SCORE-16")
        if self._result is None:
            self._result = self._compute_result()
        return self._result

    def action_to_string(self, action: Action) -> str:
        if action.kind == A.KONTRA and self.ann is not None:
            level = self.ann.klevel.get(action.arg, -1) + 1
            if 1 <= level < len(LEVEL_NAMES):
                owner = A.team_possessive(action.arg[0])
                return f"{LEVEL_NAMES[level]} on the {owner} {action.arg[1]}"
        return A.describe(action)

    def describe_for(self, seat: int | None, actor: int, action: Action) -> str | None:
        """Discards are face down, declining to annul or to claim is silent (HU-IRR-2)."""
        if seat == actor:
            return self.action_to_string(action)
        if action.kind == A.DISCARD:
            n = action.arg.bit_count()
            return f"discards {n} card{'s' if n != 1 else ''}"
        if action.kind == A.ANNUL:
            return "annuls the deal" if action.arg else None
        if action.kind == A.PASS and self.phase == CLAIM:
            return None
        return self.action_to_string(action)

    def describe_all(self, actor: int, action: Action) -> tuple[str | None, ...]:
        """As describe_for per seat; every action but those describe_for hides is told to all
        in full. Only a kontra's words depend on the state (its level), so the others are
        memoised by action."""
        kind = action.kind
        if kind in (A.DISCARD, A.ANNUL) or (kind == A.PASS and self.phase == CLAIM):
            return describe_each(self, actor, action)
        if kind == A.KONTRA:
            return (self.action_to_string(action),) * self.game.num_seats
        return told_to_all(self, action)

    # -- phase handlers ----------------------------------------------------------------------

    def _illegal(self, message: str, rule: str, expected: str | None = None,
                 reason: str | None = None) -> IllegalActionError:
        return IllegalActionError(message, rule=rule, expected=expected, reason=reason)

    def _expect_kind(self, action: Action, *kinds: str) -> None:
        if action.kind not in kinds:
            raise self._illegal(f"a {action.kind} action is not possible in the {self.phase}",
                                rule="HU-GEN-5", expected=" or ".join(kinds))

    def _do_auction(self, p: int, action: Action) -> None:
        if self._early_annulment(p, action):
            return
        self._expect_kind(action, A.BID)
        call = action.arg
        auction = self.auction
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            message, rule, reason = auction.why_illegal(p, call)
            legal = ", ".join(CALL_NAMES[c] for c in auction.legal_calls(p))
            raise self._illegal(f"{CALL_NAMES[call]}: {message}", rule, expected=legal,
                                reason=reason)
        auction.apply_call(p, call)
        if not auction.over():
            self.to_act = auction.next_to_call(p)
            return
        declarer = auction.declarer()
        if declarer is None:
            self._finish("all_pass")  # HU-BID-8
            return
        self.declarer, self.level = declarer, auction.level
        bids = [c for _, c in auction.calls if c not in (0, HOLD)]
        if (self.opt.raise_after_uncontested_three and bids == [1]
                and not auction.probaharom):
            self.phase, self.to_act = RAISE, declarer  # HU-BID-15
            return
        self._after_auction()

    def _do_raise(self, p: int, action: Action) -> None:
        self._expect_kind(action, A.RAISE)
        if action.arg > RAISE_TOP[self.opt.raise_max_level]:
            raise self._illegal("the raise goes at most to egy", rule="HU-BID-15",
                                expected="keep három, kettő or egy")
        self.level = action.arg
        self._after_auction()

    def _after_auction(self) -> None:
        """HU-ANNUL-6 item 3: under `annul_timing` = before_discard a dealt hand of four kings
        may annul before any talon card is taken; then the talon (HU-TALON-1/2)."""
        if self.opt.annul_timing == "before_discard" and "four_kings" in self.opt.annul_hands:
            self.queue = [q for q in self._from_declarer()
                          if self.hands[q] & KINGS == KINGS]
            if self.queue:
                self.annul_next = TALON
                self._next_annuller()
                return
        self._deal_talon()

    def _deal_talon(self) -> None:
        """HU-TALON-1/2, with the próbahárom check first (HU-BID-9, HU-TALON-3)."""
        assert self.declarer is not None
        shares = split_talon(self.deal.talon, self.level, self.active, self.declarer)
        if self.auction.probaharom and not has_honour(shares[self.declarer]):
            self.received[self.declarer] = sum(1 << c for c in shares[self.declarer])
            thrown_in = self.opt.failed_probaharom == "throw_in"  # HU-BID-9 option
            self._finish("probaharom_thrown_in" if thrown_in else "probaharom_failed")
            return
        for seat, cards in shares.items():
            mask = sum(1 << c for c in cards)
            self.received[seat] = mask
            self.hands[seat] |= mask
        if self.opt.annul_timing == "before_discard":  # HU-ANNUL-6 items 1, 2, 4
            self.queue = [q for q in self._from_declarer()
                          if annul_reasons(self.hands[q], 0, self.opt)]
            if self.queue:
                self.annul_next = DISCARD
                self._next_annuller()
                return
        self._start_discards()

    def _start_discards(self) -> None:
        """HU-TALON-4: from the declarer, everyone who took talon cards discards."""
        self.queue = [q for q in self._from_declarer() if self.received[q]]
        self._next_discarder()

    def _may_annul_early(self, p: int) -> bool:
        """HU-ANNUL-5 under `annul_timing` = until_own_discard: during the auction on the dealt
        hand, and before his own discard on the dealt hand and the talon cards; there the
        fourth-seat három declarer may annul whatever his hand."""
        if self.opt.annul_timing != "until_own_discard":
            return False
        if self.phase == DISCARD and p == self.declarer and self._fourth_seat_harom():
            return True
        return bool(annul_reasons(self.hands[p], 0, self.opt))

    def _fourth_seat_harom(self) -> bool:
        calls = self.auction.calls
        return (self.level == 1 and self.declarer == self.active[3] and len(calls) == 4
                and all(c == 0 for _, c in calls[:3]))

    def _early_offer_open(self, p: int) -> bool:
        """HU-ANNUL-5 item 5: an eligible player is asked whether to annul before each of his
        calls and before his discard, as a decision of its own."""
        return not self.early_offer_answered and self._may_annul_early(p)

    def _early_annulment(self, p: int, action: Action) -> bool:
        """Apply the answer to an early annulment offer (HU-ANNUL-5); False if ``action`` is no
        annulment. A bid or discard is legal only once the offer is answered."""
        if action.kind != A.ANNUL:
            if self._early_offer_open(p):
                raise self._illegal("first answer whether to annul", rule="HU-ANNUL-5",
                                    expected="annul or do not annul", reason="annul_first")
            return False
        if not action.arg and self._early_offer_open(p):
            self.early_offer_answered = True
            return True
        if not (action.arg and self._may_annul_early(p)):
            if self.opt.annul_timing != "until_own_discard":
                raise self._illegal("the annulment window is not open yet", rule="HU-ANNUL-2")
            raise self._illegal("this hand may not annul now", rule="HU-ANNUL-5")
        self.annulled_by = p
        self._finish("annulled")  # HU-ANNUL-4
        return True

    def _discard_masks(self, p: int) -> list[int]:
        return discard_options(self.hands[p], self.received[p].bit_count(),
                               self._forbidden_discards(p))

    def _forbidden_discards(self, p: int) -> int:
        assert self.declarer is not None
        cue = self.auction.binding_cue(self.declarer)
        return forbidden_discards(self.opt, p, cue.card if cue else None,
                                  cue.player if cue else None, self.auction.yielder)

    def _next_discarder(self) -> None:
        if self.queue:
            self.phase, self.to_act = DISCARD, self.queue[0]
            return
        self.final_hands = list(self.hands)
        assert self.declarer is not None
        self.queue = []
        if self.opt.annul_timing == "after_discard":  # HU-ANNUL-2; the others annul earlier
            self.queue = [q for q in self._from_declarer()
                          if annul_reasons(self.hands[q], self.discards[q], self.opt)]
        self.annul_next = ANNOUNCE
        self._next_annuller()

    def _from_declarer(self) -> list[int]:
        assert self.declarer is not None
        i = self.active.index(self.declarer)
        return [self.active[(i + k) % 4] for k in range(4)]

    def _do_discard(self, p: int, action: Action) -> None:
        if self._early_annulment(p, action):
            return
        self._expect_kind(action, A.DISCARD)
        mask, need = action.arg, self.received[p].bit_count()
        if mask & ~self.hands[p]:
            raise self._illegal("discarding a card not in hand", rule="HU-TALON-4")
        if mask.bit_count() != need:
            raise self._illegal(f"must discard exactly {need} cards", rule="HU-TALON-4")
        bad = mask & self._forbidden_discards(p)
        if bad:
            codes = " ".join(DECK.codes(bad))
            raise self._illegal(f"{codes} may not be discarded", rule="HU-TALON-5",
                                expected="no king, no honour, no promised card")
        self.hands[p] &= ~mask
        self.discards[p] = mask
        self.queue.pop(0)
        self._next_discarder()

    def _next_annuller(self) -> None:
        if self.queue:
            self.phase, self.to_act = ANNUL, self.queue[0]
            return
        if self.annul_next == TALON:
            self._deal_talon()
        elif self.annul_next == DISCARD:
            self._start_discards()
        else:
            self._start_announcements()

    def _do_annul(self, p: int, action: Action) -> None:
        self._expect_kind(action, A.ANNUL)
        self.queue.pop(0)
        if action.arg:
            self.annulled_by = p
            self._finish("annulled")  # HU-ANNUL-4
            return
        self._next_annuller()

    def _start_announcements(self) -> None:
        declarer, auction, opt = self.declarer, self.auction, self.opt
        assert declarer is not None
        cue = auction.binding_cue(declarer)
        forced = cue.card if cue is not None and cue.player != declarer else None
        disclosed = (self._non_declarer_discarded_tarokks()
                     if opt.tarokk_discard_disclosure == "after_discard" else 0)
        hand, pile = self.hands[declarer], self.discards[declarer]
        yielded = auction.yielder is not None

        # a partial of a module-level function, not a closure, so that states can be pickled
        # (OpenSpiel serializes Python states that way)
        callable_mask = partial(callable_cards, opt, hand, pile, forced, yielded, disclosed)
        initial: dict[int, str] = {}
        # HU-ANN-12: neither options' cue bidder or yielder gets a side from the auction
        sides_from_auction = (opt.cue_bid_model == "standard"
                              and not opt.promised_card_discard_allowed)
        if (forced is not None and cue is not None and sides_from_auction
                and not opt.cue_bid_binding_only_if_other_declarer):
            initial[cue.player] = "d"
        if auction.yielder is not None and sides_from_auction:
            initial[auction.yielder] = "d"
        cue_pagat = cue.player if cue is not None and cue.pagat_only else None
        promised = cue.card if cue is not None else (T20 if yielded else None)
        ctx = Context(opt, self.active, declarer, self.final_hands, self.discards, callable_mask,
                      cue_pagat, promised, self._first_turn_trull(forced is not None or yielded))
        self.ann = Announcements(ctx, initial)
        self.phase, self.to_act = ANNOUNCE, declarer

    def _first_turn_trull(self, item_2_void: bool) -> int:
        """HU-ANN-16 item 2: both great honours for the declarer's first-turn trull, the skíz
        alone after three or more bidders, nothing extra after another's cue bid or a yield."""
        if item_2_void:
            return 0
        bidders = {q for q, c in self.auction.calls if c not in (0, HOLD)}
        return bit(T22) if len(bidders) >= 3 else bit(T21) | bit(T22)

    def _non_declarer_discarded_tarokks(self) -> int:
        return sum((self.discards[q] & TAROKKS).bit_count()
                   for q in self.active if q != self.declarer)

    def _do_announce(self, p: int, action: Action) -> None:
        ann = self.ann
        assert ann is not None
        if action not in ann.legal():
            raise self._announcement_error(action)
        ann.apply(action)
        if ann.done:
            self.phase, self.to_act = PLAY, self.active[0]  # HU-PLAY-1
        else:
            self.to_act = ann.turn_player

    def _announcement_error(self, action: Action) -> IllegalActionError:
        """Why ``action`` is refused, citing the rule it breaks (HU-GEN-1, HU-IRR-1)."""
        ann = self.ann
        assert ann is not None
        p, kind = ann.turn_player, action.kind
        legal = ", ".join(self.action_to_string(a) for a in ann.legal())
        declarer_first = p == self.declarer and ann.first_turn and "call" not in ann.turn_flags
        if kind == A.ANNUL:
            return self._late_annulment_error(p, legal)
        if kind == A.CALL:
            if not declarer_first:
                return self._illegal("only the declarer calls, once, in his first turn",
                                     "HU-ANN-2", legal)
            if bit(action.arg) & HONOURS:
                return self._illegal("an honour can never be called", "HU-CALL-4", legal)
            return self._illegal(f"T{action.arg + 1} is not callable", "HU-CALL-3", legal)
        if ann.extra_turn and kind not in (A.KONTRA, A.COUNT, A.PASS):
            return self._illegal("the extra turn holds the compulsory kontra on the game",
                                 "HU-CALL-6", legal)
        if declarer_first and kind != A.COUNT:
            return self._illegal("the declarer's first turn starts with his call (after any "
                                 "tarokk count)", "HU-CALL-1", legal, "call_first")
        if action in ann.candidates():  # allowed by itself, but the turn could not end legally
            rule = "HU-ANN-9" if ann.count_due(p) else "HU-ANN-14"
            return self._illegal("after this the turn could not meet its obligations (the "
                                 "call, a compulsory count, ultimo or kontra)", rule, legal)
        if kind == A.COUNT:
            return self._count_error(p, action.arg, legal)
        if kind == A.PASS:
            return self._illegal("the turn cannot end before its obligations are met",
                                 "HU-ANN-14", legal, "obligations_unmet")
        if kind == A.ANNOUNCE:
            if action.arg not in ann.ctx.bonuses:
                rule = "HI-ANN-1" if action.arg in A.HI_BONUSES else "HU-SCORE-11"
                return self._illegal(f"{action.arg} is not in play", rule, legal)
            if action.arg in ann.announced[ann.team(p)]:
                return self._illegal("already announced by this team", "HU-ANN-6", legal)
            hi_rule = ann.ctx.hi and ann.hi_announce_rule(p, ann.team(p), action.arg)
            if hi_rule:
                return self._illegal("one bonus per trick, and no ultimó and uhu of one card",
                                     hi_rule, legal)
            if not ann.presumption_ok(p, action.arg):
                return self._illegal("the presumed side is not yours; show your side first",
                                     "HU-ANN-13", legal)
            if action.arg == "trull" and not ann.trull_convention_ok(p):
                return self._illegal("trull needs a great honour in hand, in the declarer's "
                                     "first turn both (or the skíz after three bidders)",
                                     "HU-ANN-16", legal)
            if action.arg in ("trull", "four_kings"):
                return self._illegal(f"no {action.arg} after the team's volát", "HU-ANN-7",
                                     legal)
            return self._illegal("double game and volát restriction", "HU-ANN-7", legal)
        if kind == A.KONTRA:
            if action.arg not in ann.klevel:
                return self._illegal("that item was not announced", "HU-ANN-10", legal)
            top = self.opt.max_kontra_level
            if ann.klevel[action.arg] >= top:
                return self._illegal(f"{LEVEL_NAMES[top]} is the last level", "HU-ANN-10",
                                     legal)
            return self._illegal("this raise belongs to the other team", "HU-ANN-11", legal)
        return self._illegal(f"{kind} is not possible in the announcements", "HU-ANN-2", legal)

    def _count_error(self, p: int, n: int, legal: str) -> IllegalActionError:
        """HU-ANN-8, HU-ANN-9, HU-ANN-13, HU-CALL-1: why a tarokk count is refused."""
        ann = self.ann
        assert ann is not None
        opt = self.opt
        if n != self._n_tarokks(p) or ann.count_announced[p]:
            return self._illegal(f"holds {self._n_tarokks(p)} tarokks; a count is exact and made "
                                 "once per deal", "HU-ANN-8", legal)
        if "call" in ann.turn_flags:
            return self._illegal("the declarer's count precedes his call", "HU-CALL-1", legal)
        if opt.pajesz_tarokk_count_rules and p == ann.partner and ann.public_side[p] == "unknown":
            return self._illegal("the partner may not count while his side is not public",
                                 "HU-ANN-9", legal)
        if opt.tarokk_count_reveals_team and not ann.presumption_ok(p):
            return self._illegal("the presumed side is not yours; show your side first",
                                 "HU-ANN-13", legal)
        return self._illegal("a tarokk count opens the turn", "HU-ANN-8", legal)

    def _late_annulment_error(self, p: int, legal: str) -> IllegalActionError:
        """HU-ANNUL-1..3: an annulment asked for during the announcements."""
        timing = self.opt.annul_timing
        if timing != "after_discard":
            return self._illegal("nobody may annul after discarding",
                                 "HU-ANNUL-5" if timing == "until_own_discard" else "HU-ANNUL-6",
                                 legal)
        if annul_reasons(self.final_hands[p], self.discards[p], self.opt):
            return self._illegal("the annulment window closed when the announcements began",
                                 "HU-ANNUL-2", legal)
        if annul_reasons(self.final_hands[p], 0, self.opt):
            return self._illegal("no annulment for a tarokk-less hand after discarding a tarokk",
                                 "HU-ANNUL-3", legal)
        return self._illegal("this hand does not allow an annulment", "HU-ANNUL-1", legal)

    def irregularity(self, action: Hashable) -> IllegalActionError | None:
        """The refusal of a card that does not follow (HU-PLAY-2, HU-PLAY-5, HI-PLAY-2/3) where
        the engine accepts it as a revoke, to penalise it (HU-IRR-3, option
        ``renonsz_penalty``): never offered, and a person is told why
        (:func:`tarock.core.protocol.refusal`). None for any other action."""
        if (self.phase != PLAY or self.opt.renonsz_penalty == "none"
                or not isinstance(action, A.Action) or action.kind != A.PLAY):
            return None
        p, card = self.to_act, action.arg
        if not self.hands[p] >> card & 1 or self._legal_card_mask(p) >> card & 1:
            return None
        return self._play_error(p, card)

    def _legal_card_mask(self, p: int) -> int:
        ann = self.ann
        assert ann is not None
        led = self.trick[0] if self.trick else None
        if ann.ctx.hi:  # HI-PLAY-7
            return bound_legal_cards(legal_cards(self.hands[p], led, False),
                                     self._bound_cards(p), len(self.tricks) + 1)
        keep = self.opt.ultimo_keeps_pagat and ann.ultimo_announced_by(ann.team(p))
        return legal_cards(self.hands[p], led, keep)

    def _bound_cards(self, p: int) -> dict[int, int]:
        """HI-PLAY-1: card -> target trick of the cards in ``p``'s hand that his team's announced
        trick-bound bonuses still bind (T1 not by ultimo under `ultimo_keeps_pagat` = false)."""
        ann = self.ann
        assert ann is not None
        t, hand = ann.team(p), self.hands[p]
        bound: dict[int, int] = {}
        for b in ann.announced[t]:
            if b not in TRICK_BOUND or (b == "ultimo" and not self.opt.ultimo_keeps_pagat):
                continue
            card, k, _ = TRICK_BOUND[b]
            if hand >> card & 1 and not failed_after(self.tricks, ann.team, t, b):
                bound[card] = min(k, bound.get(card, 10))
        return bound

    def _do_play(self, p: int, action: Action) -> None:
        if self._legal is not None and action in self._legal:  # asked for, and found legal
            legal = True
        else:
            self._expect_kind(action, A.PLAY)
            if not self.hands[p] >> action.arg & 1:
                raise self._illegal(f"{DECK.code(action.arg)} is not in hand", rule="HU-PLAY-2")
            legal = bool(self._legal_card_mask(p) >> action.arg & 1)
        card = action.arg
        card_bit = 1 << card
        if not legal:
            if self.opt.renonsz_penalty != "none":
                self.renonsz_offender = p  # HU-IRR-3: the irregularity ends the deal
                self._finish("renonsz")
                return
            raise self._play_error(p, card)
        self.hands[p] ^= card_bit
        self.trick.append(card)
        self.trick_seats.append(p)
        if len(self.trick) < 4:
            self.to_act = self.next_seat[p]
            return
        winner = self.trick_seats[trick_winner_index(self.trick)]
        self.tricks.append(Trick(tuple(self.trick), tuple(self.trick_seats), winner))
        self.trick, self.trick_seats = [], []
        if len(self.tricks) < 9:
            self.to_act = winner
            return
        self._start_claims()

    def _play_error(self, p: int, card: int) -> IllegalActionError:
        legal = " ".join(DECK.codes(self._legal_card_mask(p)))
        led = self.trick[0] if self.trick else None
        following = legal_cards(self.hands[p], led, False)
        if following >> card & 1:  # it follows, but is kept for a trick of its bonus
            if self.ann is not None and self.ann.ctx.hi:
                return self._bound_error(p, following, legal)
            return self._illegal("the pagát must be kept for the last trick after an ultimo "
                                 "announcement", "HU-PLAY-5", legal, "pagat_kept")
        assert led is not None  # on lead every card follows
        if DECK.cards[led].is_trump:
            return self._illegal("must play a tarokk when a tarokk is led", "HU-PLAY-2", legal,
                                 "trump_led")
        if self.hands[p] & SUIT_MASKS[SUIT_OF[led]]:
            return self._illegal("must follow suit", "HU-PLAY-2", legal, "follow_suit")
        return self._illegal("must play a tarokk when void in the led suit", "HU-PLAY-2", legal,
                             "trump_when_void")

    def _bound_error(self, p: int, following: int, legal: str) -> IllegalActionError:
        """HI-PLAY-2, HI-PLAY-3: why a card that follows suit waits for its bonus's trick."""
        bound, now = self._bound_cards(p), len(self.tricks) + 1
        if any(k == now and following >> c & 1 for c, k in bound.items()):
            return self._illegal("a card bound to this trick must be played", "HI-PLAY-3",
                                 legal, "bound_due")
        if following & ~sum(1 << c for c in bound):
            return self._illegal("a card bound to a later trick is kept while another card may "
                                 "be played", "HI-PLAY-2", legal, "bound_kept")
        return self._illegal("bound cards are played in the order of their tricks", "HI-PLAY-2",
                             legal, "bound_order")

    def _n_tarokks(self, seat: int) -> int:
        return (self.final_hands[seat] & TAROKKS).bit_count()

    def _start_claims(self) -> None:
        """HU-SCORE-12: unannounced 8 or 9 tarokks may be claimed from teammates."""
        ann = self.ann
        assert ann is not None
        self.queue = []
        if self.opt.unannounced_tarokk_claim == "holder_choice":
            for q in self.active:
                lone = q == self.declarer and ann.partner is None
                if self._n_tarokks(q) in (8, 9) and not ann.count_announced[q] and not lone:
                    self.queue.append(q)
        self._next_claimer()

    def _next_claimer(self) -> None:
        if self.queue:
            self.phase, self.to_act = CLAIM, self.queue[0]
        else:
            self._finish("scored")

    def _do_claim(self, p: int, action: Action) -> None:
        self._expect_kind(action, A.CLAIM, A.PASS)
        if action.kind == A.CLAIM:
            if action.arg != self._n_tarokks(p):
                raise self._illegal(f"holds {self._n_tarokks(p)} tarokks, not {action.arg}",
                                    rule="HU-ANN-8")
            self.claims[p] = action.arg
        self.queue.pop(0)
        self._next_claimer()

    def _finish(self, outcome: str) -> None:
        self.outcome = outcome
        self.phase, self.to_act = END, TERMINAL
        self.queue = []

    # -- scoring -----------------------------------------------------------------------------

    def deal_outcome(self) -> DealOutcome:
        """The finished (or renonsz-ended) deal as scoring input."""
        ann = self.ann
        assert ann is not None and self.declarer is not None
        counts = {q: self._n_tarokks(q) for q in self.active if ann.count_announced[q]}
        return DealOutcome(
            options=self.opt, level=self.level, multiplier=self.multiplier,
            seats=self.game.num_seats, dealer=self.dealer, active=self.active,
            declarer=self.declarer, partner=ann.partner,
            declarer_discards=self.discards[self.declarer], tricks=tuple(self.tricks),
            kontra=dict(ann.klevel), counts=counts, claims=dict(self.claims),
            talon_received={q: self.received[q] for q in self.active},
            other_discards=sum(self.discards[q] for q in self.active if q != self.declarer),
            called_card_discarded=ann.discarder is not None)

    def _compute_result(self) -> dict[str, Any]:
        seats = self.game.num_seats
        settlement: Settlement | None = None
        if self.outcome == "scored":
            settlement = score_deal(self.deal_outcome())
        elif self.outcome == "renonsz":
            assert self.renonsz_offender is not None
            settlement = score_renonsz(self.deal_outcome(), self.renonsz_offender)
        elif self.outcome == "probaharom_failed":
            assert self.declarer is not None
            settlement = score_failed_probaharom(self.opt, self.level, self.multiplier, seats,
                                                 self.active, self.declarer)
        result: dict[str, Any] = {
            "scores": list(settlement.deltas) if settlement else [0] * seats,
            "items": list(settlement.items) if settlement else [],
            "outcome": self.outcome,
        }
        if self.outcome == "annulled":
            result["annulled_by"] = self.annulled_by
        if self.declarer is not None:
            result["contract"] = CALL_NAMES[self.level]
            result["declarer"] = self.declarer
        if self.ann is not None and self.ann.called is not None:
            result["partner"] = self.ann.partner  # None: the declarer played alone
        if settlement is not None:
            result["skiz_holder"] = self.skiz_holder()
            result["xxi_caught"] = settlement.caught_xxi_holder
        return result

    def skiz_holder(self) -> int | None:
        """Who holds T22 after the talon exchange (HU-SESSION-9); after a failed próbahárom,
        the seat HU-TALON-2 would have given it to (HU-OQ-33)."""
        skiz = bit(T22)
        if self.outcome == "probaharom_failed":
            assert self.declarer is not None
            shares = split_talon(self.deal.talon, self.level, self.active, self.declarer)
            for seat, cards in shares.items():
                if T22 in cards:
                    return seat
            return next(q for q in self.active if self.deal.hands[q] & skiz)
        if not self.final_hands:
            return None
        return next((q for q in self.active if self.final_hands[q] & skiz), None)

    # -- observation -------------------------------------------------------------------------

    def envelope(self) -> dict[str, Any]:
        """The protocol's default: no envelope keys."""
        return {}

    def returns(self) -> list[int]:
        """The protocol's default: the scores of the result."""
        return list(self.result()["scores"])

    def card_view(self, seat: int) -> CardView:
        # tarock.core.tricks.card_view's snapshot, made without the named tuple's Python-level
        # __new__: the environments ask for it at every decision
        return tuple.__new__(CardView, (self.hands[seat], tuple(self.tricks), tuple(self.trick),
                                        tuple(self.trick_seats)))

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knows (HU-IRR-2): its own cards and the public record, nothing else."""
        return self._observe(seat)

    def public_observation(self) -> dict[str, Any]:
        return self._observe(None)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        codes = DECK.codes
        obs: dict[str, Any] = {
            "game": GAME_NAME, "seat": seat, "seats": self.game.num_seats,
            "dealer": self.dealer, "active": list(self.active),
            "multiplier": self.multiplier, "phase": self.phase,
            "current_player": self._public_current_player(seat),
            "auction": [{"seat": q, "bid": CALL_NAMES[c]} for q, c in self.auction.calls],
        }
        if seat is not None:
            obs["hand"] = codes(self.hands[seat])
        if self.declarer is not None:
            obs["declarer"] = self.declarer
            obs["level"] = self.level
            obs["auction_facts"] = {str(q): f for q, f in self.auction.public_facts().items()}
        if seat is not None and self.received[seat]:
            obs["talon_received"] = codes(self.received[seat])
        if seat is not None and self.discards[seat]:
            obs["discards"] = codes(self.discards[seat])
        obs.update(self.public_discard_info())
        if self.annulled_by is not None:
            obs["annulled_by"] = self.annulled_by  # declining is silent (HU-ANNUL-2)
        if self.ann is not None:
            obs.update(self._announcement_view(seat))
        if self.tricks or self.trick:
            obs.update(tricks_view(DECK, self.tricks, self.trick, self.trick_seats))
        if self.claims:
            obs["claims"] = {str(q): n for q, n in self.claims.items()}
        if self.phase == END:
            obs["result"] = self.result()
        return obs

    def _public_current_player(self, seat: int | None) -> int | None:
        """Who is to act, where the table can see it. Being asked whether to annul or to claim
        a count would show an eligible hand (HU-ANNUL-1, HU-SCORE-12), so only the asked seat
        knows it is his turn then."""
        if self.phase in (ANNUL, CLAIM) and seat != self.to_act:
            return None
        return self.current_player()

    def public_discard_info(self) -> dict[str, Any]:
        """HU-TALON-7: the declarer's discarded tarokks face up, and the disclosed counts."""
        if self.declarer is None or self.phase in (AUCTION, RAISE, DISCARD) or not self.final_hands:
            return {}
        out: dict[str, Any] = {
            "declarer_discarded_tarokks": DECK.codes(self.discards[self.declarer] & TAROKKS)}
        late = self.opt.tarokk_discard_disclosure == "first_announcement_turn"
        ann = self.ann
        if self.game.num_seats == 5 and not self.opt.five_player_dealer_blind:
            if not late or (ann is not None and (ann.turn >= 1 or self.phase != ANNOUNCE)):
                out["common_pile_tarokks"] = self._non_declarer_discarded_tarokks()
            return out
        disclosed = {}
        for q in self.active:
            if q == self.declarer:
                continue
            spoken = not late or (ann is not None and (
                q in ann.had_turn or (q == ann.turn_player and not ann.extra_turn)
                or self.phase != ANNOUNCE))
            if spoken:
                disclosed[str(q)] = (self.discards[q] & TAROKKS).bit_count()
        out["discarded_tarokks"] = disclosed
        return out

    def _announcement_view(self, seat: int | None) -> dict[str, Any]:
        ann = self.ann
        assert ann is not None
        out: dict[str, Any] = {
            "announcements": [{"seat": q, **_announcement_json(a)} for q, a in self.history
                              if a.kind in (A.COUNT, A.CALL, A.ANNOUNCE, A.KONTRA)
                              or (a.kind == A.PASS and self._is_announcement_pass(q, a))],
            "public_side": {str(q): s for q, s in ann.public_side.items()},
            "kontra_levels": [{"owner": A.TEAM_WORDS[o], "item": i, "level": lv}
                              for (o, i), lv in ann.klevel.items()],
        }
        if ann.called is not None:
            out["called"] = DECK.code(ann.called)
            if seat in self.active:
                out["my_team"] = A.TEAM_WORDS[ann.team(seat)]
            if self._knows_partner(seat):
                out["partner"] = ann.partner  # None: the declarer plays alone (HU-CALL-5)
        return out

    def _knows_partner(self, seat: int | None) -> bool:
        """Whether ``seat`` knows who the partner is (HU-IRR-2, HU-PLAY-7, HU-ANN-12).

        Everyone knows once the called card is played or the declarer is publicly alone; the
        partner knows himself; the declarer knows when he called a card he owns; whoever holds
        the called card in his discards knows that the declarer is alone.
        """
        ann = self.ann
        assert ann is not None and ann.called is not None
        called = ann.called
        if ann.alone_public or called in self.trick or any(called in t.cards for t in self.tricks):
            return True
        if seat is None:  # a spectator knows only what is public
            return False
        if seat == ann.partner or seat == ann.discarder:
            return True
        return seat == self.declarer and bool(
            (self.final_hands[seat] | self.discards[seat]) & bit(called))

    def _is_announcement_pass(self, seat: int, action: Action) -> bool:
        return self.phase in (ANNOUNCE, PLAY, CLAIM, END) and action.kind == A.PASS


_DISCARDS: Final[dict[int, Action]] = {}
_ANNOUNCEMENT_JSON: Final[dict[Action, dict[str, Any]]] = {}


def _announcement_json(action: Action) -> dict[str, Any]:
    """The record form of an announcement-phase action, made once per action (observations
    list every announcement, and they are asked for at every decision); callers copy it."""
    data = _ANNOUNCEMENT_JSON.get(action)
    if data is None:
        data = _ANNOUNCEMENT_JSON[action] = A.to_json(action)
    return data


def _discard_action(mask: int) -> Action:
    """One shared action object per discard, so generating the options allocates little."""
    action = _DISCARDS.get(mask)
    if action is None:
        action = _DISCARDS[mask] = A.Action(A.DISCARD, mask)
    return action


State.register(HungarianState)


def hungarian_factory(options: Mapping[str, Any] | None) -> HungarianGame:
    return HungarianGame(options)


__all__ = ["HungarianGame", "HungarianState", "active_seats"]
