"""Ottocento as a :class:`~tarock.core.protocol.Game` and its deal :class:`State` (§12).

The state walks the deal flow of OT-FLOW-1: the two-player set-aside (OT-V-2), the dealer's early
claim (OT-DECL-9), the discard (OT-DEAL-5), trick 1 with each player's declaration before his card
(OT-DECL-1), tricks 2-15, and the settlement with the Matto exchange (OT-SCORE-1); then it scores
itself with :mod:`tarock.ottocento.scoring`. The rubber's team totals before the deal and the
number of deals already played are the record envelope keys ``totals`` and ``deals_played``:
declarations can end the rubber in the middle of a deal (OT-RUB-2), so a deal depends on them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
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
from tarock.core.tricks import CardView, Trick, tricks_view
from tarock.ottocento import actions as A
from tarock.ottocento.actions import Action
from tarock.ottocento.cards import (
    ACES,
    COURTS,
    DECK,
    FIVE_POINT,
    MATTO,
    MATTO_BIT,
    MOORS,
    N_CARDS,
    NUMBERED,
    POWER,
    SUBSTITUTE_DECK,
    SUIT_OF,
    TRUMP_NUMBER,
    VALUE,
    codes,
)
from tarock.ottocento.combinations import Combination, check_combination, declaration_points
from tarock.ottocento.deal import (
    TALON_SIZE,
    check_deal,
    deal_cards,
    discard_error,
    discard_options,
    extra_cards,
    second_packets,
)
from tarock.ottocento.declarations import (
    claim_wins,
    declaration_ends_rubber,
    declare_actions,
    early_claim_possible,
)
from tarock.ottocento.encoding import OttocentoEncoding
from tarock.ottocento.options import GAME_NAME, SPECS, OttocentoOptions
from tarock.ottocento.play import (
    allowed_signals,
    legal_mask,
    play_error,
    signal_error,
    trick_winner,
)
from tarock.ottocento.presentation import OttocentoPresentation
from tarock.ottocento.scoring import (
    add_reserves,
    after_deal,
    matto_settlement,
    rubber_winner,
    score_piles,
    settle_matto,
)

if TYPE_CHECKING:
    from tarock.ottocento.session import OttocentoSession

SET_ASIDE: Final = "set_aside"
CLAIM: Final = "claim"
DISCARD: Final = "discard"
DECLARE: Final = "declare"
PLAY: Final = "play"
EXCHANGE: Final = "exchange"
END: Final = "end"
SETASIDE_COUNT: Final = 10  # OT-V-2 item 3


_ENCODING: Final = OttocentoEncoding()


# The game may be subclassed by ordinary Python code in the compiled build too
@mypyc_attr(allow_interpreted_subclasses=True)
class OttocentoGame(Game):
    name = GAME_NAME
    title = "Ottocento"
    turn_rule = "OT-PLAY-12"  # one at a time, in order
    over_rule = "OT-FLOW-2"  # no decision is left after the deal
    option_specs = SPECS
    envelope_keys = ("totals", "deals_played")

    def __init__(self, options: Mapping[str, Any] | None = None):
        self.opt = OttocentoOptions.make(options)
        self.options = self.opt.to_json()
        self.deck = SUBSTITUTE_DECK if self.opt.deck_faces == "substitute_tarot" else DECK

    @property
    def num_seats(self) -> int:
        return self.opt.players

    def deal(self, seed: int, dealer: int = 0) -> Deal:
        if not 0 <= dealer < self.num_seats:
            raise InvalidRecordError(f"dealer {dealer} is not a seat", rule="OT-GAME-3",
                                     expected=f"a seat 0-{self.num_seats - 1}")
        return deal_cards(seed, dealer, self.num_seats)

    def new_initial_state(  # type: ignore[override]
            self, deal: Deal, dealer: int = 0, multiplier: int = 1,
            **envelope: Any) -> OttocentoState:
        extra = set(envelope) - set(self.envelope_keys)
        if extra:
            raise InvalidRecordError(f"unexpected record keys {sorted(extra)}",
                                     rule="docs/records.md")
        return OttocentoState(self, deal, dealer, multiplier, envelope.get("totals"),
                              envelope.get("deals_played", 0))

    def new_session(self, names: Sequence[str], seed: int, *,
                    seating: bool = True) -> OttocentoSession:
        """No seating ceremony: ``names`` keep their order either way."""
        from tarock.ottocento.session import OttocentoSession

        return OttocentoSession(self, names, seed)

    def presentation(self, lang: str = "en") -> OttocentoPresentation:
        return OttocentoPresentation(self, lang)

    def action_to_json(self, action: Action) -> dict[str, Any]:  # type: ignore[override]
        return A.to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return A.from_json(data)

    def deal_to_json(self, deal: Deal) -> dict[str, Any]:
        return deal_to_json(DECK, deal)

    def deal_from_json(self, data: Mapping[str, Any]) -> Deal:
        """Every card exactly once (OT-DECK-1), then the hand and talon sizes (OT-DEAL-2)."""
        deal = deal_from_json(DECK, data, self.num_seats, TALON_SIZE[self.num_seats],
                              deal_rule="OT-DEAL-2", pack_rule="OT-DECK-1",
                              code_rule="OT-NOT-2")
        check_deal(deal, 0, self.num_seats)
        return deal

    def action_encoding(self) -> OttocentoEncoding:
        return _ENCODING

    def options_to_json(self) -> dict[str, Any]:
        return dict(self.options)


def _check_envelope(totals: Any, deals_played: Any) -> tuple[list[int], int]:
    if totals is None:
        totals = [0, 0]
    if (not isinstance(totals, (list, tuple)) or len(totals) != 2
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0
                       for t in totals)):
        raise InvalidRecordError(f"totals is {totals!r}", rule="OT-RUB-2",
                                 expected="the two teams' non-negative totals before the deal")
    if not isinstance(deals_played, int) or isinstance(deals_played, bool) or deals_played < 0:
        raise InvalidRecordError(f"deals_played is {deals_played!r}", rule="OT-V-3",
                                 expected="a non-negative integer")
    return list(totals), deals_played


class OttocentoState:
    """One deal of Ottocento. Teams are fixed by seat: ``seat % 2`` with four players.

    A :class:`~tarock.core.protocol.State` by registration, not by inheritance, so that the
    compiled build can make it a native class (``tarock.core.native``)."""

    def __init__(self, game: OttocentoGame, deal: Deal, dealer: int, multiplier: int = 1,
                 totals: Sequence[int] | None = None, deals_played: int = 0,
                 copy_of: OttocentoState | None = None):
        """A new deal, or a copy of ``copy_of`` (``clone``): the compiled build makes objects
        only through ``__init__``."""
        if copy_of is not None:
            self._copy(copy_of)
            return
        n = game.num_seats
        check_deal(deal, dealer, n)
        if multiplier != 1:
            raise InvalidRecordError(f"deal_multiplier {multiplier}", rule="OT-SCORE-7",
                                     expected="1 (Ottocento has no multipliers)")
        self.totals_before, self.deals_played = _check_envelope(totals, deals_played)
        self.game = game
        self.opt = game.opt
        self.deal = deal
        self.dealer = dealer
        self.multiplier = 1
        self.n = n
        self.eldest = (dealer + 1) % n
        self.hands = list(deal.hands)
        self.history: list[tuple[int, Action]] = []
        self.set_aside = [0] * n
        self.discard = 0
        self.talon_taken = False
        self.shown: list[Combination] = []  # the combinations of the declaration being made
        self.declarations: list[tuple[int, tuple[Combination, ...], int]] = []
        self.declared = [0, 0]  # declared points credited per team (OT-DECL-8)
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.lead_signal: str | None = None
        self.tricks: list[Trick] = []
        self.signals: list[str | None] = []  # the lead's signal of each completed trick
        self.played = 0  # cards of completed tricks
        self.pile = [0, 0]  # trick cards per team (OT-SCORE-1 items 1, 2)
        self.won = [0, 0]
        self.debtor: int | None = None
        self.matto_seat: int | None = None
        self.settlement: Any = None
        self.piles: list[int] | None = None
        self.exchange_card: int | None = None
        self.outcome = ""
        self._result: dict[str, Any] | None = None
        if n == 2:
            self.phase, self.to_act = SET_ASIDE, self.eldest
        else:
            self._claim_or_discard()

    # -- small helpers -----------------------------------------------------------------------

    def team(self, seat: int) -> int:
        return seat % 2

    @property
    def dealing_team(self) -> int:
        return self.team(self.dealer)

    def running_totals(self) -> list[int]:
        return [t + d for t, d in zip(self.totals_before, self.declared, strict=True)]

    def _illegal(self, message: str, rule: str, expected: str | None = None,
                 reason: str | None = None) -> IllegalActionError:
        return IllegalActionError(message, rule=rule, expected=expected, reason=reason)

    # -- protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == END else self.to_act

    def is_terminal(self) -> bool:
        return self.phase == END

    def clone(self) -> OttocentoState:
        return OttocentoState(self.game, self.deal, self.dealer, copy_of=self)

    def _copy(self, other: OttocentoState) -> None:
        """Share what no action changes; copy the lists that actions change."""
        self.game, self.opt, self.deal = other.game, other.opt, other.deal
        self.dealer, self.multiplier, self.n = other.dealer, other.multiplier, other.n
        self.eldest, self.deals_played = other.eldest, other.deals_played
        self.totals_before = list(other.totals_before)
        self.hands = list(other.hands)
        self.history = list(other.history)
        self.set_aside = list(other.set_aside)
        self.discard, self.talon_taken = other.discard, other.talon_taken
        self.shown = list(other.shown)
        self.declarations = list(other.declarations)
        self.declared = list(other.declared)
        self.trick, self.trick_seats = list(other.trick), list(other.trick_seats)
        self.lead_signal = other.lead_signal
        self.tricks, self.signals = list(other.tricks), list(other.signals)
        self.played = other.played
        self.pile, self.won = list(other.pile), list(other.won)
        self.debtor, self.matto_seat = other.debtor, other.matto_seat
        self.settlement, self.piles = other.settlement, other.piles
        self.exchange_card, self.outcome = other.exchange_card, other.outcome
        self._result = other._result
        self.phase, self.to_act = other.phase, other.to_act

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as the deal and its history, replayed when loaded: a native
        class of the compiled build is made only through ``__init__``."""
        return (replayed, (self.game, self.deal, self.dealer, 1, self.envelope(),
                           tuple(action for _, action in self.history)))

    def legal_actions(self) -> list[Action]:
        phase, p = self.phase, self.to_act
        if phase == PLAY:
            mask = legal_mask(self.hands[p], self.trick)
            cards = []  # the cards of mask, lowest first, without iter_bits' generator
            rest = mask
            while rest:
                low = rest & -rest
                cards.append(low.bit_length() - 1)
                rest ^= low
            out = [A.PLAYS[c] for c in cards]
            if not self.trick and self.n == 4 and self.opt.signals != "none":
                for c in cards:
                    out += [A.SIGNALLED[(c, s)] for s in allowed_signals(
                        self.opt, False, c, self.hands[p] & ~(1 << c), self.played)]
            return out
        if phase == DECLARE:
            return [*declare_actions(self.hands[p], self.shown, self.opt), A.DONE_ACTION]
        if phase == CLAIM:
            out = [A.CLAIM_ACTION] if self._claim_ok() else []
            return [*out, *declare_actions(self.hands[p], self.shown, self.opt),
                    A.DECLINE_ACTION]
        if phase == DISCARD:
            # tuple.__new__: the named tuple's own __new__ is a Python call per pair, and a
            # discard offers over a hundred
            return [_new(Action, (A.DISCARD, m)) for m in discard_options(self.hands[p])]
        if phase == SET_ASIDE:
            allowed = self.hands[p]
            if self.opt.two_player_setaside_restricted:
                allowed &= ~FIVE_POINT
            return [A.SET_ASIDES[c] for c in _CHEAP_ORDER if allowed >> c & 1]
        if phase == EXCHANGE:
            candidates = self.settlement.candidates
            return [A.EXCHANGES[c] for c in _CHEAP_ORDER if candidates >> c & 1]
        return []

    def apply(self, action: Hashable) -> None:  # any object: a non-action is refused
        if self.phase == END:
            raise self._illegal("the deal is over", rule="OT-FLOW-1")
        if not isinstance(action, A.Action):
            raise self._illegal(f"not an action: {action!r}", rule="OT-FLOW-2")
        expected = _EXPECTED[self.phase]
        if action.kind not in expected:
            raise self._illegal(f"a {action.kind} action is not possible in the {self.phase} "
                                "phase", rule="OT-FLOW-2", expected=" or ".join(expected))
        p, phase = self.to_act, self.phase
        # an if-chain, not a table of handlers: compiled, these are direct calls
        if phase == PLAY:
            self._do_play(p, action)
        elif phase == DECLARE:
            self._do_declare(p, action)
        elif phase == DISCARD:
            self._do_discard(p, action)
        elif phase == CLAIM:
            self._do_claim(p, action)
        elif phase == SET_ASIDE:
            self._do_set_aside(p, action)
        else:
            self._do_exchange(p, action)
        self.history.append((p, action))

    def result(self) -> dict[str, Any]:
        if self.phase != END:
            raise self._illegal("the deal is not finished", rule="OT-FLOW-1")
        if self._result is None:
            self._result = self._compute_result()
        return self._result

    def action_to_string(self, action: Action) -> str:
        return A.describe(action, self.game.deck)

    def describe_for(self, seat: int | None, actor: int, action: Action) -> str | None:
        """The dealer's discard and the two-player set-aside are face down (OT-DEAL-5,
        OT-V-2): others only see how many cards go."""
        if seat != actor and action.kind == A.DISCARD:
            return f"discards {action.arg.bit_count()} cards"
        if seat != actor and action.kind == A.SET_ASIDE:
            return "sets a card aside"
        return self.action_to_string(action)

    def describe_all(self, actor: int, action: Action) -> tuple[str | None, ...]:
        """As describe_for per seat: every action but the discard and the set-aside is told to
        all in full."""
        if action.kind in (A.DISCARD, A.SET_ASIDE):
            return describe_each(self, actor, action)
        return told_to_all(self, action)  # the words depend on the action and the card faces

    def envelope(self) -> dict[str, Any]:
        return {"totals": list(self.totals_before), "deals_played": self.deals_played}

    def returns(self) -> list[int]:
        """The protocol's default: the scores of the result."""
        return list(self.result()["scores"])

    # -- set-aside, claim, discard -----------------------------------------------------------

    def _do_set_aside(self, p: int, action: Action) -> None:
        """OT-V-2 item 3: one of the 10 cards set aside face down."""
        card = action.arg
        if not self.hands[p] >> card & 1:
            raise self._illegal(f"{DECK.code(card)} is not in the hand", rule="OT-V-2")
        if self.opt.two_player_setaside_restricted and FIVE_POINT >> card & 1:
            raise self._illegal(f"{DECK.code(card)} is worth 5 points and may not be set aside",
                                rule="OT-V-2")
        self.hands[p] &= ~(1 << card)
        self.set_aside[p] |= 1 << card
        if self.set_aside[p].bit_count() < SETASIDE_COUNT:
            return
        if p == self.eldest:
            self.to_act = self.dealer
            return
        for seat, packet in second_packets(self.deal.talon, self.dealer).items():
            self.hands[seat] |= packet  # OT-V-2 item 4
        self._claim_or_discard()

    def _claim_or_discard(self) -> None:
        """OT-DEAL-4, OT-DECL-9: the early claim comes before the dealer's extra cards."""
        d = self.dealer
        if early_claim_possible(self.hands[d], self.dealing_team, self.totals_before, self.opt):
            self.phase, self.to_act = CLAIM, d
            return
        self._take_talon()

    def _take_talon(self) -> None:
        self.shown = []
        self.hands[self.dealer] |= extra_cards(self.deal.talon)
        self.talon_taken = True
        self.phase, self.to_act = DISCARD, self.dealer

    def _claim_ok(self) -> bool:
        return bool(self.shown) and claim_wins(self.shown, self.dealing_team,
                                               self.totals_before, self.opt)

    def _do_claim(self, p: int, action: Action) -> None:
        if action.kind == A.DECLARE:
            self._add_combination(p, action)
        elif action.kind == A.DECLINE:
            self._take_talon()
        else:
            if not self._claim_ok():
                raise self._illegal("the combinations shown do not give a winning total",
                                    rule="OT-DECL-9")
            points = declaration_points(self.shown)
            self.declarations.append((p, tuple(self.shown), points))
            self.declared[self.dealing_team] += points
            self.shown = []
            self._finish("dealer_claim")

    def _do_discard(self, p: int, action: Action) -> None:
        why = discard_error(self.hands[p], action.arg)
        if why is not None:
            raise self._illegal(why[0], rule=why[1])
        self.hands[p] &= ~action.arg
        self.discard = action.arg
        self.phase, self.to_act = DECLARE, self.eldest  # OT-DECL-1

    # -- declarations ------------------------------------------------------------------------

    def _add_combination(self, p: int, action: Action) -> None:
        kind, mask = action.arg
        if any(c.kind == kind for c in self.shown):
            raise self._illegal(f"{kind} is already declared", rule="OT-DECL-4")
        combo = check_combination(kind, mask, self.hands[p], self.opt)
        if not self.opt.declaration_card_reuse:
            used = 0
            for c in self.shown:
                used |= c.cards
            if used & mask:
                raise self._illegal(f"{' '.join(codes(used & mask))} already shown",
                                    rule="OT-V-14")
        self.shown.append(combo)

    def _do_declare(self, p: int, action: Action) -> None:
        if action.kind == A.DECLARE:
            self._add_combination(p, action)
            return
        points = declaration_points(self.shown)  # OT-DECL-7: doubling per player
        self.declarations.append((p, tuple(self.shown), points))
        self.declared[self.team(p)] += points  # OT-DECL-8: credited at once
        self.shown = []
        if declaration_ends_rubber(p == self.eldest, self.team(p), self.running_totals(),
                                   self.opt):
            self._finish("declaration_claim")  # OT-DECL-10, OT-V-8
            return
        self.phase = PLAY

    # -- play --------------------------------------------------------------------------------

    def _do_play(self, p: int, action: Action) -> None:
        card, signal = action.arg
        why = play_error(self.hands[p], self.trick, card)
        if why is not None:
            legal = " ".join(codes(legal_mask(self.hands[p], self.trick)))
            raise self._illegal(why[0], rule=why[1], expected=legal, reason=why[2])
        if signal is not None:
            bad = signal_error(self.opt, self.n == 2, not self.trick, card, signal,
                               self.hands[p] & ~(1 << card), self.played)
            if bad is not None:
                raise self._illegal(bad[0], rule=bad[1])
            if isinstance(signal, (tuple, list)):
                signal = signal[0] if signal else None
        self.hands[p] &= ~(1 << card)
        if not self.trick:
            self.lead_signal = signal
        self.trick.append(card)
        self.trick_seats.append(p)
        if card == MATTO:
            self.matto_seat = p
        if len(self.trick) < self.n:
            self.to_act = (p + 1) % self.n
            if not self.tricks:
                self.phase = DECLARE  # the next player declares before his card (OT-DECL-1)
            return
        self._close_trick()

    def _close_trick(self) -> None:
        winner = self.trick_seats[trick_winner(self.trick)]
        w = self.team(winner)
        self.won[w] += 1
        for seat, card in zip(self.trick_seats, self.trick, strict=True):
            if card == MATTO and self.team(seat) != w:
                self.pile[self.team(seat)] |= MATTO_BIT  # OT-MATTO-4: back to its team
                self.debtor = self.team(seat)
            else:
                self.pile[w] |= 1 << card
            self.played |= 1 << card
        self.tricks.append(Trick(tuple(self.trick), tuple(self.trick_seats), winner))
        self.signals.append(self.lead_signal)
        self.trick, self.trick_seats, self.lead_signal = [], [], None
        if len(self.tricks) < (15 if self.n == 4 else 20):
            self.phase, self.to_act = PLAY, winner
            return
        self._settle()

    # -- settlement --------------------------------------------------------------------------

    def reserves(self) -> list[int]:
        """OT-ALG-9 ``deal.reserve`` per team: the dealer's discard, two players' set-aside."""
        reserve = [0, 0]
        reserve[self.dealing_team] |= self.discard
        if self.n == 2:
            for seat in (0, 1):
                reserve[seat] |= self.set_aside[seat]
        return reserve

    def _settle(self) -> None:
        """OT-SCORE-1: reserves, then the Matto settlement (a decision when a card is owed)."""
        reserve = self.reserves()
        self.piles = add_reserves(self.pile, self.won, reserve, self.opt)
        self.settlement = matto_settlement(self.piles, self.won, reserve, self.debtor, self.opt)
        if self.settlement.kind == "choose":
            assert self.matto_seat is not None
            self.phase, self.to_act = EXCHANGE, self.matto_seat  # OT-FLOW-2
            return
        self.piles = settle_matto(self.piles, self.settlement)
        self._finish("played")

    def _do_exchange(self, p: int, action: Action) -> None:
        card = action.arg
        if not self.settlement.candidates >> card & 1:
            allowed = " ".join(codes(self.settlement.candidates))
            raise self._illegal(f"{DECK.code(card)} may not be given for the MATTO",
                                rule="OT-MATTO-5", expected=allowed)
        assert self.piles is not None
        self.exchange_card = card
        self.piles = settle_matto(self.piles, self.settlement, 1 << card)
        self._finish("played")

    def _finish(self, outcome: str) -> None:
        self.outcome = outcome
        self.phase, self.to_act = END, TERMINAL

    # -- result ------------------------------------------------------------------------------

    def _declaration_items(self) -> list[dict[str, Any]]:
        items = []
        for t in (0, 1):
            combos = [{"seat": seat, **c.to_json()} for seat, shown, _ in self.declarations
                      if self.team(seat) == t for c in shown]
            items.append({"item": "declarations", "team": t, "points": self.declared[t],
                          "combinations": combos})
        return items

    def _compute_result(self) -> dict[str, Any]:
        items = self._declaration_items()
        if self.outcome == "played":
            assert self.piles is not None
            last_team = self.team(self.tricks[-1].winner)
            team_points, more = score_piles(self.piles, last_team, self.declared, self.opt)
            items += more
        else:
            team_points = list(self.declared)
        totals = [a + b for a, b in zip(self.totals_before, team_points, strict=True)]
        scores = [team_points[self.team(s)] - team_points[1 - self.team(s)]
                  for s in range(self.n)]
        result: dict[str, Any] = {
            "outcome": self.outcome,
            "scores": scores,
            "team_points": team_points,
            "totals": totals,
            "items": items,
        }
        if self.outcome == "played":
            assert self.piles is not None and self.settlement is not None
            result["pile_sizes"] = [p.bit_count() for p in self.piles]
            result["matto"] = self.settlement.kind
            if self.exchange_card is not None:
                result["matto_exchange"] = DECK.code(self.exchange_card)
            verdict = after_deal(totals, self.deals_played + 1, self.opt)
            if verdict == "won":
                result["rubber_over"], result["winner"] = True, 0 if totals[0] > totals[1] else 1
            elif verdict == "draw":
                result["rubber_over"], result["winner"] = True, "draw"
            else:
                result["rubber_over"], result["winner"] = False, None
        else:
            winner = rubber_winner(totals, self.opt.target_score)
            assert winner is not None
            result["rubber_over"], result["winner"] = True, winner
        return result

    # -- observation -------------------------------------------------------------------------

    def card_view(self, seat: int) -> CardView:
        # tarock.core.tricks.card_view's snapshot, made without the named tuple's Python-level
        # __new__: the environments ask for it at every decision
        return tuple.__new__(CardView, (self.hands[seat], tuple(self.tricks), tuple(self.trick),
                                        tuple(self.trick_seats)))

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` knows: its own cards, what it set aside or discarded, the public
        declarations and plays; the piles once the last trick is played (OT-DEAL-8)."""
        return self._observe(seat)

    def public_observation(self) -> dict[str, Any]:
        return self._observe(None)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {
            "game": GAME_NAME, "seat": seat, "seats": self.n, "dealer": self.dealer,
            "eldest": self.eldest, "phase": self.phase, "current_player": self.current_player(),
            "team": None if seat is None else self.team(seat), "totals": list(self.totals_before),
            "target_score": self.opt.target_score, "declared_points": list(self.declared),
        }
        if seat is not None:
            obs["hand"] = codes(self.hands[seat])
        public = [{"seat": s, **c.to_json()} for s, shown, _ in self.declarations for c in shown]
        if self.phase in (DECLARE, PLAY) and self.shown:
            public += [{"seat": self.to_act, **c.to_json()} for c in self.shown]
        obs["declarations"] = public
        if self.phase == CLAIM and seat == self.dealer:
            obs["claim_shown"] = [c.to_json() for c in self.shown]
        if seat is not None and self.set_aside[seat]:
            obs["set_aside"] = codes(self.set_aside[seat])
        if seat == self.dealer and self.talon_taken:
            obs["talon_received"] = codes(extra_cards(self.deal.talon))
        if seat == self.dealer and self.discard:
            obs["discard"] = codes(self.discard)
        if self.tricks or self.trick:
            obs.update(tricks_view(DECK, self.tricks, self.trick, self.trick_seats))
            for view, signal in zip(obs["tricks"], self.signals, strict=True):
                if signal:
                    view["signal"] = signal
            if self.lead_signal:
                obs["signal"] = self.lead_signal
        if self.phase in (EXCHANGE, END) and self.piles is not None:
            obs["piles"] = [codes(p) for p in self.piles]
            obs["tricks_won"] = list(self.won)
        if self.phase == EXCHANGE and seat == self.to_act:
            obs["exchange_candidates"] = codes(self.settlement.candidates)
        if self.phase == END:
            obs["result"] = self.result()
        return obs


def _cheap_first(card: int) -> tuple[int, int, int]:
    """Default order of cards to give away (OT-STRAT-43): suit pips, low numbered trumps, Aces,
    Moors, then the pieces; among higher values the cheapest first."""
    return (VALUE[card], _GIVE_CATEGORY[card], POWER[card])


_GIVE_CATEGORY = tuple(
    0 if SUIT_OF[c] < TRUMP_NUMBER and not (ACES | COURTS) >> c & 1
    else 1 if NUMBERED >> c & 1 else 2 if ACES >> c & 1 else 3 if MOORS >> c & 1 else 4
    for c in range(N_CARDS))


# every card in the _cheap_first order (ties by index, as a stable sort leaves them): the
# cards of a hand in that order are this order's cards that the hand holds, found without a
# sort that calls _cheap_first per card
_CHEAP_ORDER: Final = tuple(sorted(range(N_CARDS), key=lambda c: (_cheap_first(c), c)))

_EXPECTED: Final = {
    SET_ASIDE: (A.SET_ASIDE,),
    CLAIM: (A.DECLARE, A.CLAIM, A.DECLINE),
    DISCARD: (A.DISCARD,),
    DECLARE: (A.DECLARE, A.DONE),
    PLAY: (A.PLAY,),
    EXCHANGE: (A.EXCHANGE,),
}
_new: Final = tuple.__new__  # an Action without the named tuple's Python-level __new__

State.register(OttocentoState)


def ottocento_factory(options: Mapping[str, Any] | None) -> OttocentoGame:
    return OttocentoGame(options)
