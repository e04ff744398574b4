"""Bavarian tarock as a :class:`~tarock.core.protocol.Game` and its deal :class:`State`.

One state is one hand (BT-FLOW-1): the auction of the variant (V1/V1B, V2 with its customs, V3),
the contract window (contract choice, V2 self-raise or hand instead of pick-up), trumps and the
talon in the order of BT-FLOW-1 step 4, the N tricks, counting and settlement. The fund (kitty or
pot) before the hand is the record envelope key ``fund``, so that a record replays to the same
settlement, shortfalls included.

Decisions are asked as the reference algorithms ask them: BT-ALG-5 does not ask a V1/V1B player
with nothing left to bid, BT-ALG-10 names a single allowed trump suit without asking, and a V1/V1B
declarer with a single allowed contract announces it without a decision; BT-ALG-8 (V3) asks every
bid and the contract, and BT-ALG-7 asks KEEP even when nothing higher is left. Card plays are
always asked, a forced card included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tarock.bavarian import actions as A
from tarock.bavarian.actions import Action
from tarock.bavarian.auction import (
    CONTRACTS,
    V1_ALLOWED,
    V1_LEVELS,
    HaferlAuction,
    ScharferAuction,
    SingleRoundAuction,
    raise_options,
    target,
)
from tarock.bavarian.cards import FULL, SHORT, SUITS, TALON_SIZE, TOTAL_POINTS, Pack
from tarock.bavarian.encoding import BavarianEncoding
from tarock.bavarian.options import GAME_NAME, SPECS, BavarianOptions
from tarock.bavarian.play import legal_cards
from tarock.bavarian.presentation import BavarianPresentation
from tarock.bavarian.scoring import declarer_wins, settle
from tarock.bavarian.talon import (
    TALON_GAMES,
    active_seats,
    deal_pack,
    lay_away_options,
    trump_choices,
    trump_first,
)
from tarock.core.cards import iter_bits
from tarock.core.deals import deal_from_json, deal_to_json
from tarock.core.errors import IllegalActionError, InvalidRecordError
from tarock.core.protocol import TERMINAL, Deal, Game, State, told_to_all
from tarock.core.rng import shuffled
from tarock.core.tricks import CardView, Trick, tricks_view

if TYPE_CHECKING:
    from tarock.bavarian.session import BavarianSession

AUCTION, CONTRACT, RAISE, TRUMP, LAY_AWAY, PLAY, END = (
    "auction", "contract", "raise", "trump", "lay_away", "play", "end")


class BavarianGame(Game):
    name = GAME_NAME
    title = "Bavarian tarock"
    turn_rule = "BT-IRR-1"  # nobody acts out of turn
    over_rule = "BT-FLOW-1"  # the phases of a hand end with its settlement
    option_specs = SPECS

    def __init__(self, options: Mapping[str, Any] | None = None):
        self.opt = BavarianOptions.make(options)
        self.options = self.opt.to_json()
        self.pack: Pack = SHORT if self.opt.short_pack else FULL
        self.deck = self.pack.deck
        self._encoding: BavarianEncoding | None = None
        # The fund before the hand is match state the settlement depends on (V1P and V2).
        self.envelope_keys = ("fund",) if self.opt.has_fund else ()

    @property
    def num_seats(self) -> int:
        return self.opt.players

    @property
    def starting_fund(self) -> int:
        """The fund after the stakes at match start (BT-PAY-3)."""
        return self.opt.stake * self.opt.players

    def deal(self, seed: int, dealer: int = 0) -> Deal:
        """BT-DEAL-1..4: a uniform shuffle (the cut is skipped, BT-DEAL-2), then the variant's
        pattern to FH, MH, RH and the talon."""
        self._check_dealer(dealer)
        pack = shuffled(list(range(self.pack.size)), seed)
        hands, talon = deal_pack(pack, self.opt.variant, active_seats(self.num_seats, dealer),
                                 self.num_seats)
        return Deal(tuple(hands), talon)

    def _check_dealer(self, dealer: int) -> None:
        if not isinstance(dealer, int) or not 0 <= dealer < self.num_seats:
            raise InvalidRecordError(f"dealer {dealer!r} is not a seat", rule="BT-MATCH-3",
                                     expected=f"a seat 0-{self.num_seats - 1}")

    def new_initial_state(self, deal: Deal, dealer: int = 0, multiplier: int = 1,
                          **envelope: Any) -> BavarianState:
        unknown = sorted(set(envelope) - set(self.envelope_keys))
        if unknown:
            raise InvalidRecordError(f"unexpected record keys {unknown}", rule="docs/records.md")
        if multiplier != 1:
            raise InvalidRecordError(f"deal_multiplier is {multiplier}; Bavarian tarock has no "
                                     "doubled deals", rule="BT-PAY-2", expected="1")
        fund = envelope.get("fund", self.starting_fund if self.opt.has_fund else 0)
        if not isinstance(fund, int) or isinstance(fund, bool) or fund < 0:
            raise InvalidRecordError(f"fund is {fund!r}", rule="BT-PAY-3",
                                     expected="the fund before the hand in u, an integer >= 0")
        return BavarianState(self, deal, dealer, fund)

    def new_session(self, names: Sequence[str], seed: int, *,
                    seating: bool = True) -> BavarianSession:
        """No seating ceremony: ``names`` keep their order either way."""
        from tarock.bavarian.session import BavarianSession

        return BavarianSession(self, names, seed)

    def presentation(self, lang: str = "en") -> BavarianPresentation:
        return BavarianPresentation(self, lang)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return A.to_json(action, self.deck)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return A.from_json(data, self.deck)

    def deal_to_json(self, deal: Deal) -> dict[str, Any]:
        return deal_to_json(self.deck, deal)

    def deal_from_json(self, data: Mapping[str, Any]) -> Deal:
        return deal_from_json(self.deck, data, self.num_seats, TALON_SIZE, deal_rule="BT-DEAL-4",
                              pack_rule="BT-DECK-2" if self.opt.short_pack else "BT-DECK-1",
                              code_rule="BT-DECK-1")

    def action_encoding(self) -> BavarianEncoding:
        if self._encoding is None:
            # one per pack, shared by every game that uses it (as the other games' encodings
            # are): what the encoding and the environments memoise by it then serves them all
            encoding = _ENCODINGS.get(self.pack.size)
            if encoding is None:
                encoding = _ENCODINGS[self.pack.size] = BavarianEncoding(self.deck)
            self._encoding = encoding
        return self._encoding

    def options_to_json(self) -> dict[str, Any]:
        return dict(self.options)

    def check_deal(self, deal: Deal, dealer: int) -> None:
        """Each of FH, MH, RH holds N cards; a dealer who sits out holds none (BT-MATCH-4)."""
        self._check_dealer(dealer)
        active = active_seats(self.num_seats, dealer)
        if len(deal.hands) != self.num_seats or len(deal.talon) != TALON_SIZE:
            raise InvalidRecordError("the deal does not fit the table", rule="BT-DEAL-4")
        seen = 0
        for seat, hand in enumerate(deal.hands):
            want = self.pack.tricks if seat in active else 0
            if hand.bit_count() != want:
                raise InvalidRecordError(
                    f"seat {seat} is dealt {hand.bit_count()} cards, expected {want}",
                    rule="BT-DEAL-4" if want else "BT-MATCH-4")
            seen |= hand
        for card in deal.talon:
            seen |= 1 << card
        if seen != self.deck.full_mask:
            raise InvalidRecordError("every card must be dealt exactly once", rule="BT-DECK-1")


class BavarianState(State):
    """One hand of Bavarian tarock. Seats are table seats; ``active`` are FH, MH, RH."""

    def __init__(self, game: BavarianGame, deal: Deal, dealer: int, fund: int):
        game.check_deal(deal, dealer)
        self.game = game
        self.opt = opt = game.opt
        self.pack = game.pack
        self.deal = deal
        self.dealer = dealer
        self.multiplier = 1
        self.fund = fund
        self.active = active_seats(game.num_seats, dealer)
        self.hands = list(deal.hands)
        self.talon_mask = sum(1 << c for c in deal.talon)
        self.history: list[tuple[int, Action]] = []
        self.phase = AUCTION
        self.auction: SingleRoundAuction | HaferlAuction | ScharferAuction
        if opt.variant == "haferl":
            self.auction = HaferlAuction(self.active, opt)
        elif opt.variant == "scharfer":
            self.auction = ScharferAuction(self.active)
        elif opt.simple_bettel:
            self.auction = SingleRoundAuction(self.active, CONTRACTS, jumps=True)
        else:
            self.auction = SingleRoundAuction(self.active, V1_LEVELS, jumps=False)
        self.to_act = self.auction.to_act()
        self.declarer: int | None = None
        self.contract: str | None = None
        self.rung: int | None = None  # V2
        self.contested = False
        self.options: tuple[Any, ...] = ()  # the choices of a contract, raise or trump phase
        self.trump: int | None = None
        self.trump_named = False
        self.talon_taken = False
        self.laid_away = 0
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks: list[Trick] = []
        self.decl_tricks = 0
        self.decl_points = 0  # card points in the declarer's tricks
        self.outcome = ""  # thrown_in, played, bettel_lost_early
        self._mask: int | None = None  # cached legal card mask of the current player
        self._result: dict[str, Any] | None = None
        self._finish_auction_if_over()

    # -- protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == END else self.to_act

    def is_terminal(self) -> bool:
        return self.phase == END

    @property
    def bettel(self) -> bool:
        return self.contract == "bettel"

    def clone(self) -> BavarianState:
        new = BavarianState.__new__(BavarianState)
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        new.history = list(self.history)
        new.trick, new.trick_seats = list(self.trick), list(self.trick_seats)
        new.tricks = list(self.tricks)
        if self.phase == AUCTION:
            new.auction = self.auction.clone()
        return new

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return [A.PLAYS[c] for c in iter_bits(self._legal_mask())]
        if phase == AUCTION:
            if isinstance(self.auction, SingleRoundAuction) and self.auction.answering():
                return [A.ANSWERS["hold"], A.ANSWERS["yield"]]
            return [A.BIDS[b] for b in self.auction.legal_bids()]
        if phase == CONTRACT:
            return [A.CONTRACT_ACTIONS[c] for c in self.options]
        if phase == RAISE:
            return [A.KEEP, *(A.RAISES[r] for r in self.options)]
        if phase == TRUMP:
            return [A.TRUMPS[s] for s in self.options]
        if phase == LAY_AWAY:
            # tuple.__new__: the named tuple's own __new__ is a Python call per set, and a
            # lay-away offers a few hundred
            return [_new(Action, (A.LAY_AWAY, m))
                    for m in lay_away_options(self.hands[self.to_act])]
        return []

    def apply(self, action: Action) -> None:
        phase, p = self.phase, self.to_act
        if phase == END:
            raise IllegalActionError("the hand is over", rule="BT-FLOW-1")
        if not isinstance(action, Action) or action.kind not in A.KINDS:
            raise IllegalActionError(f"not an action: {action!r}", rule="BT-FLOW-1")
        _HANDLERS[phase](self, p, action)
        self.history.append((p, action))
        self._mask = None

    def result(self) -> dict[str, Any]:
        if self.phase != END:
            raise IllegalActionError("the hand is not finished", rule="BT-FLOW-1")
        if self._result is None:
            self._result = self._compute_result()
        return self._result

    def envelope(self) -> dict[str, Any]:
        return {"fund": self.fund} if self.opt.has_fund else {}

    def action_to_string(self, action: Action) -> str:
        return A.describe(action, self.game.deck)

    def describe_for(self, seat: int, actor: int, action: Action) -> str | None:
        """The cards laid away are face down (BT-TALON-4): others only see that 3 are."""
        if action.kind == A.LAY_AWAY and seat != actor:
            return "lays away 3 cards"
        return self.action_to_string(action)

    def describe_all(self, actor: int, action: Action) -> tuple[str | None, ...]:
        """As describe_for per seat: every action but the lay-away is told to all in full."""
        if action.kind == A.LAY_AWAY:
            return super().describe_all(actor, action)
        return told_to_all(self, action)  # the words depend on the action and the pack only

    # -- errors ------------------------------------------------------------------------------

    def _illegal(self, message: str, rule: str, legal: Sequence[Action] | None = None,
                 reason: str | None = None) -> IllegalActionError:
        expected = None
        if legal is not None:
            expected = "one of: " + "; ".join(self.action_to_string(a) for a in legal)
        return IllegalActionError(message, rule=rule, expected=expected, reason=reason)

    def _expect(self, action: Action, kind: str) -> None:
        if action.kind == kind:
            return
        if action.kind == A.TRUMP and self.phase == LAY_AWAY:
            rule = "BT-V2-CON-2" if self.opt.variant == "haferl" else (
                "BT-V1B-TRUMP-1" if self.opt.simple_bettel else "BT-TALON-3")
            raise self._illegal("trumps are named after laying away", rule)
        raise self._illegal(f"a {action.kind} action is not possible in the {self.phase} phase",
                            "BT-FLOW-1", self.legal_actions())

    # -- auction -----------------------------------------------------------------------------

    def _do_auction(self, p: int, action: Action) -> None:
        auction = self.auction
        if isinstance(auction, SingleRoundAuction) and auction.answering():
            self._expect(action, A.ANSWER)
            auction.answer(action.arg == "hold")
        else:
            self._expect(action, A.BID)
            if action.arg not in auction.legal_bids():
                raise self._illegal(f"{self.action_to_string(action)}: not a legal bid now",
                                    self._bid_rule(action.arg), self.legal_actions())
            auction.bid(action.arg)
        if not auction.over:
            self.to_act = auction.to_act()
            return
        self._finish_auction_if_over()

    def _bid_rule(self, call: Any) -> str:
        """The rule an illegal bid breaks."""
        opt, auction = self.opt, self.auction
        if opt.variant == "scharfer":
            return "BT-V3-BID-2"
        if opt.variant == "simple":
            return "BT-V1B-BID-1" if opt.simple_bettel else "BT-V1-BID-3"
        assert isinstance(auction, HaferlAuction)
        if isinstance(call, int):
            if call > auction.top:
                return "BT-V2-BID-7"
            if call == 0 and auction.berliner and self.to_act != auction.privileged:
                return "BT-V2B-1"
            if auction.stage == "senior" and call == auction.rung + 1:
                return "BT-V2-BID-5"
        if call == "hold":
            return "BT-V2-BID-4"
        return "BT-V2-BID-1"

    def _finish_auction_if_over(self) -> None:
        auction = self.auction
        if not auction.over:
            return
        declarer = auction.declarer()
        if declarer is None:
            self._finish("thrown_in")  # OQ-02, BT-V2-BID-8, BT-V3-BID-3
            return
        self.declarer = declarer
        opt = self.opt
        if isinstance(auction, HaferlAuction):
            self.rung, self.contested = auction.rung, auction.contested
            options = raise_options(auction.rung, auction.contested, opt)
            if options is not None:
                self._ask(RAISE, declarer, options)
                return
            self._set_contract("pickup" if auction.rung == 0 else "hand")
            return
        if isinstance(auction, ScharferAuction):
            allowed = auction.contracts(opt.scharfer_sole_bidder_free_choice)
        elif opt.simple_bettel:
            standing = auction.standing
            allowed = CONTRACTS[standing:] if opt.simple_bettel_upgrade \
                else CONTRACTS[standing:standing + 1]
        else:
            allowed = V1_ALLOWED[auction.standing]
        if len(allowed) == 1 and not isinstance(auction, ScharferAuction):
            self._set_contract(allowed[0])  # V1/V1B: the one contract allowed
        else:
            self._ask(CONTRACT, declarer, allowed)

    def _ask(self, phase: str, seat: int, options: tuple[Any, ...]) -> None:
        self.phase, self.to_act, self.options = phase, seat, options

    # -- contract, trumps and talon (BT-FLOW-1 step 3 and 4) ---------------------------------

    def _do_contract(self, p: int, action: Action) -> None:
        self._expect(action, A.CONTRACT)
        if action.arg not in self.options:
            rule = {"simple": "BT-V1B-BID-2" if self.opt.simple_bettel else "BT-V1-BID-7",
                    "scharfer": "BT-V3-CON-1"}[self.opt.variant]
            raise self._illegal(f"{action.arg} is not allowed after this auction", rule,
                                self.legal_actions())
        self._set_contract(action.arg)

    def _do_raise(self, p: int, action: Action) -> None:
        self._expect(action, A.RAISE)
        if action.arg == "keep":
            assert self.rung is not None
            self._set_contract("pickup" if self.rung == 0 else "hand")
            return
        if action.arg not in self.options:
            rule = "BT-V2S-1" if self.opt.haferl_self_raise != "off" else "BT-V2-BID-9"
            raise self._illegal(f"cannot announce {action.arg!r} now", rule,
                                self.legal_actions())
        self.rung = action.arg
        self._set_contract("hand")  # BT-V2S-3: a raised contract is a hand game

    def _set_contract(self, contract: str) -> None:
        assert self.declarer is not None
        self.contract = contract
        if trump_first(self.opt, contract):
            self._name_trumps_or_ask()
        else:
            self._take_talon()

    def _name_trumps_or_ask(self) -> None:
        assert self.declarer is not None and self.contract is not None
        choices = trump_choices(self.opt, self.contract)
        if len(choices) > 1:
            self._ask(TRUMP, self.declarer, choices)
            return
        self.trump = choices[0] if choices else None
        self._after_trumps()

    def _after_trumps(self) -> None:
        self.trump_named = True
        if self.contract in TALON_GAMES and not self.talon_taken:
            self._take_talon()
        else:
            self._start_play()

    def _do_trump(self, p: int, action: Action) -> None:
        self._expect(action, A.TRUMP)
        if action.arg not in self.options:
            raise self._illegal(f"suit {action.arg!r} cannot be trumps in this contract",
                                self._trump_rule(), self.legal_actions())
        self.trump = action.arg
        self._after_trumps()

    def _trump_rule(self) -> str:
        variant = self.opt.code
        if variant == "V2":
            return "BT-V2-CON-2" if self.contract == "pickup" else "BT-V2-CON-3"
        if variant == "V3":
            return "BT-V3-TRUMP-1"
        return "BT-V1B-TRUMP-1" if variant == "V1B" else "BT-V1-TRUMP-1"

    def _take_talon(self) -> None:
        """BT-TALON-3: the declarer picks up all 3 talon cards and must lay away 3."""
        assert self.declarer is not None
        self.hands[self.declarer] |= self.talon_mask
        self.talon_taken = True
        self._ask(LAY_AWAY, self.declarer, ())

    def _do_lay_away(self, p: int, action: Action) -> None:
        self._expect(action, A.LAY_AWAY)
        mask = action.arg
        if not isinstance(mask, int) or mask.bit_count() != TALON_SIZE:
            raise self._illegal("exactly 3 cards are laid away", "BT-TALON-3")
        if mask & ~self.hands[p]:
            raise self._illegal("laying away a card not in hand", "BT-TALON-3")
        self.hands[p] ^= mask
        self.laid_away = mask
        if self.trump_named:
            self._start_play()
        else:
            self._name_trumps_or_ask()

    # -- play (BT-PLAY) ----------------------------------------------------------------------

    def _start_play(self) -> None:
        self.phase, self.to_act, self.options = PLAY, self.active[0], ()  # BT-PLAY-1: FH leads

    def _legal_mask(self) -> int:
        mask = self._mask
        if mask is None:
            mask = self._mask = legal_cards(self.pack, self.hands[self.to_act], self.trick,
                                            self.trump, self.bettel, self.opt.must_beat)
        return mask

    def _do_play(self, p: int, action: Action) -> None:
        self._expect(action, A.PLAY)
        card = action.arg
        bit = 1 << card
        if not self.hands[p] & bit:
            raise self._illegal(f"{self.pack.deck.code(card)} is not in hand", "BT-IRR-1")
        if not self._legal_mask() & bit:
            raise self._play_error(p, card)
        self.hands[p] ^= bit
        self.trick.append(card)
        self.trick_seats.append(p)
        if len(self.trick) < 3:
            active = self.active
            self.to_act = active[(active.index(p) + 1) % 3]
            return
        pack = self.pack
        winner = self.trick_seats[pack.trick_winner_index(self.trick, self.trump, self.bettel)]
        self.tricks.append(Trick(tuple(self.trick), tuple(self.trick_seats), winner))
        if winner == self.declarer:
            self.decl_tricks += 1
            self.decl_points += pack.points(sum(1 << c for c in self.trick))
        self.trick, self.trick_seats = [], []
        if self.bettel and winner == self.declarer and self.opt.bettel_early_end:
            self._finish("played")  # BT-V1B-BET-3
            return
        if len(self.tricks) == pack.tricks:
            self._finish("played")
            return
        self.to_act = winner  # BT-PLAY-3

    def _play_error(self, p: int, card: int) -> IllegalActionError:
        pack, hand = self.pack, self.hands[p]
        legal = [A.PLAYS[c] for c in iter_bits(self._legal_mask())]
        led = pack.suit_of[self.trick[0]]
        suit = pack.suit_of[card]
        if hand & pack.suit_masks[led] and suit != led:
            rule = "BT-V1B-BET-2" if self.bettel else "BT-PLAY-5"
            return self._illegal("must follow suit", rule, legal, "follow_suit")
        if self.trump is not None and hand & pack.suit_masks[self.trump] and suit != self.trump:
            return self._illegal("must trump when void in the suit led", "BT-PLAY-6", legal,
                                 "trump_when_void")
        return self._illegal("must win the trick when able (must_beat)", "BT-PLAY-8", legal,
                             "must_beat")

    def _finish(self, outcome: str) -> None:
        self.outcome = outcome
        self.phase, self.to_act, self.options = END, TERMINAL, ()

    # -- counting and settlement -------------------------------------------------------------

    def pile(self) -> int:
        """BT-TALON-6: the talon (hand game, Bettel) or the cards laid away (talon game)."""
        return self.laid_away if self.contract in TALON_GAMES else self.talon_mask

    def declarer_points(self) -> int:
        """BT-SCORE-1: P, the card points of the declarer's tricks and the pile."""
        return self.decl_points + self.pack.points(self.pile())

    def _compute_result(self) -> dict[str, Any]:
        n = self.game.num_seats
        result: dict[str, Any] = {"scores": [0] * n, "pot": 0, "items": []}
        if self.outcome == "thrown_in":
            result.update(outcome="thrown_in", declarer=None, contract=None, ends_match=False)
            return result
        assert self.declarer is not None and self.contract is not None
        opt, contract = self.opt, self.contract
        points = self.declarer_points()
        played = len(self.tricks)
        decl_all = self.decl_tricks == played == self.pack.tricks
        def_all = self.decl_tricks == 0 and played == self.pack.tricks
        bettel_won = self.bettel and self.decl_tricks == 0
        ledger = settle(opt, self.fund, contract, self.rung, points, decl_all, def_all,
                        bettel_won)
        if ledger.total() != 0:
            raise AssertionError(f"settlement does not sum to zero: {ledger}")  # BT-PAY-2
        won = declarer_wins(opt, contract, self.rung, points, bettel_won)
        i = self.active.index(self.declarer)
        roles = {"decl": self.declarer, "defA": self.active[(i + 1) % 3],
                 "defB": self.active[(i + 2) % 3]}
        scores = result["scores"]
        items = result["items"]
        items.append({"item": "card_points", "team": "declarer", "points": points})
        items.append({"item": "card_points", "team": "defenders",
                      "points": TOTAL_POINTS - points})
        items += self._category_items(points, decl_all, def_all)
        if ledger.refills:  # BT-V1P-PAY-10, BT-V2-POT-2: every seated player pays again
            paid = ledger.refills * opt.stake
            for seat in range(n):
                scores[seat] -= paid
                items.append({"item": "refill", "seat": seat, "amount": -paid})
        for role, seat in roles.items():
            amount = getattr(ledger, role)
            scores[seat] += amount
            items.append({"item": "payment", "role": role, "seat": seat, "amount": amount})
        pot = ledger.fund + ledger.refills * opt.stake * n
        if opt.has_fund:
            items.append({"item": "fund", "amount": ledger.fund})
        result["pot"] = pot
        result.update(
            outcome="draw" if won is None else ("won" if won else "lost"),
            declarer=self.declarer, contract=contract,
            target=target(self.rung) if self.rung is not None else None,
            trump=None if self.trump is None else SUITS[self.trump],
            points=points, tricks={"declarer": self.decl_tricks,
                                   "defenders": played - self.decl_tricks},
            ends_match=ledger.ends_match)
        if sum(scores) + pot != 0:
            raise AssertionError("the hand does not balance")  # BT-PAY-2
        return result

    def _category_items(self, points: int, decl_all: bool, def_all: bool) -> list[dict[str, Any]]:
        """BT-SCORE-4..6: Schneider, Durch and Schwarz as facts of the hand (V1P pays none of
        them separately, BT-V1P-PAY-9; V2 has none, OQ-24; Bettel counts tricks only)."""
        code, out = self.opt.code, []
        if self.bettel or code == "V2":
            return []  # OQ-24: no categories in V2; Bettel counts tricks only
        if points >= 91 or points <= self.opt.declarer_schneider_max:
            team = "declarer" if points >= 91 else "defenders"
            out.append({"item": "schneider", "team": team})
        if code == "V3" and (decl_all or (def_all and points == 0)):
            out.append({"item": "schwarz", "team": "declarer" if decl_all else "defenders"})
        elif code != "V3" and decl_all:
            out.append({"item": "durch", "team": "declarer"})
        elif code != "V3" and def_all:
            out.append({"item": "every_trick", "team": "defenders"})
        return out

    # -- observation -------------------------------------------------------------------------

    def talon_visible(self, seat: int | None) -> bool:
        """BT-TALON-4, BT-PLAY-11: who may see the 3 talon cards now."""
        if self.phase == END and self.contract not in TALON_GAMES and not self.bettel \
                and self.contract is not None:
            return True  # counted for the declarer at the end (BT-TALON-2)
        if not self.talon_taken:
            return False
        return seat == self.declarer or self.opt.reveal == "all"

    def card_view(self, seat: int) -> CardView:
        # tarock.core.tricks.card_view's snapshot, made without the named tuple's Python-level
        # __new__: the environments ask for it at every decision
        return tuple.__new__(CardView, (self.hands[seat], tuple(self.tricks), tuple(self.trick),
                                        tuple(self.trick_seats)))

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knows: its own cards and the public record (BT-DEAL-5, BT-PLAY-11)."""
        return self._observe(seat)

    def public_observation(self) -> dict[str, Any]:
        return self._observe(None)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        deck = self.pack.deck
        codes = deck.codes
        obs: dict[str, Any] = {
            "game": GAME_NAME, "variant": self.opt.code, "seat": seat,
            "seats": self.game.num_seats, "dealer": self.dealer, "active": list(self.active),
            "phase": self.phase, "current_player": self.current_player(),
        }
        if seat is not None:
            obs["hand"] = codes(self.hands[seat])
        if self.opt.has_fund:
            obs["fund"] = self.fund
        obs["auction"] = [{"seat": q, "bid": A.describe(a, deck), "action": A.to_json(a, deck)}
                          for q, a in self.history if a.kind in (A.BID, A.ANSWER)]
        if self.declarer is not None:
            obs["declarer"] = self.declarer
        if self.contract is not None:
            obs["contract"] = self.contract
            if self.rung is not None:
                obs["target"] = target(self.rung)
        if self.trump_named:
            obs["trump"] = None if self.trump is None else SUITS[self.trump]
        if self.talon_visible(seat):
            obs["talon"] = [deck.code(c) for c in self.deal.talon]
        if self.laid_away and (seat == self.declarer or self.phase == END):
            obs["laid_away"] = codes(self.laid_away)
        if self.tricks or self.trick:
            obs.update(tricks_view(deck, self.tricks, self.trick, self.trick_seats))
        if self.phase == END:
            obs["result"] = self.result()
        return obs


_ENCODINGS: dict[int, BavarianEncoding] = {}  # by pack size: FULL or SHORT
_new = tuple.__new__  # an Action without the named tuple's Python-level __new__

_HANDLERS = {
    AUCTION: BavarianState._do_auction,
    CONTRACT: BavarianState._do_contract,
    RAISE: BavarianState._do_raise,
    TRUMP: BavarianState._do_trump,
    LAY_AWAY: BavarianState._do_lay_away,
    PLAY: BavarianState._do_play,
}


def bavarian_factory(options: Mapping[str, Any] | None) -> BavarianGame:
    return BavarianGame(options)
