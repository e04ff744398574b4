"""A Bavarian tarock match: the first dealer, stakes, chained hands, the fund and the end.

The rules are BT-MATCH-1..5, BT-PAY-2..4, BT-V1P-PAY-1/10, BT-V2-POT-1/2 and BT-V3-MATCH-1
(BT-ALG-17, BT-ALG-18). The score sheet holds one row per settled hand and, in V1P and V2, a row
for the stakes at match start and one for the final split of the fund; each row sums to zero
together with the fund's change, so ``sum(totals) + fund == 0`` at every moment (TC-PROP-11).
V3 balances are the bankroll plus the sheet totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.bavarian.cards import strength
from tarock.bavarian.game import BavarianGame, BavarianState
from tarock.bavarian.scoring import split_fund
from tarock.core.errors import IllegalActionError
from tarock.core.records import record_from_state
from tarock.core.rng import derive_seed, shuffled
from tarock.core.session import ScoreSheet, Session


def draw_rounds(pack: Sequence[str], seats: int) -> list[dict[int, str]]:
    """BT-MATCH-2 ``draw_highest``: the cards drawn in each round, from the top of ``pack``;
    the players tied for highest (BT-DECK-4 order, suits equal) draw again."""
    drawing, i, rounds = list(range(seats)), 0, []
    while len(drawing) > 1 and i + len(drawing) <= len(pack):
        drawn = {s: pack[i + j] for j, s in enumerate(drawing)}
        i += len(drawing)
        rounds.append(drawn)
        best = max(strength(c[1:]) for c in drawn.values())
        drawing = [s for s in drawing if strength(drawn[s][1:]) == best]
    return rounds


def choose_first_dealer(mode: str, pack: Sequence[str], seats: int) -> int:
    """BT-ALG-18 ``choose_first_dealer`` from a shuffled pack of card codes."""
    if mode == "seat_0":
        return 0
    if mode == "first_ace":
        return next(i % seats for i, c in enumerate(pack) if c[1:] == "A")
    rounds = draw_rounds(pack, seats)
    last = rounds[-1]
    best = max(strength(c[1:]) for c in last.values())
    return min(s for s, c in last.items() if strength(c[1:]) == best)


class BavarianSession(Session):
    """Hands of Bavarian tarock at one table of 3 (or 4, the dealer sitting out) seats.

    Names keep their order (no seating ceremony); the first dealer follows ``first_dealer``
    unless overridden. ``dealer`` and ``fund`` always describe the next hand.
    """

    game: BavarianGame
    end_warning_rule = "BT-MATCH-5"

    def __init__(self, game: BavarianGame, names: Sequence[str], seed: int, *,
                 first_dealer: int | None = None) -> None:
        n = game.num_seats
        if len(names) != n:
            raise ValueError(f"{len(names)} names for {n} seats (BT-MATCH-1, BT-MATCH-4)")
        self.game = game
        self.opt = opt = game.opt
        self.seed = seed
        self.names = list(names)
        self.sheet = ScoreSheet(list(names))
        self.records: list[dict[str, Any]] = []
        self.deal_number = 0  # hands finished, thrown-in hands included
        self.settled_hands = 0
        self.over = False
        self.stopping = False
        self.final_split: list[int] | None = None
        if opt.has_fund:  # BT-PAY-3: every seated player stakes, a sitting-out one included
            self.sheet.add([-opt.stake] * n, pot=opt.stake * n, label="stakes")
        if first_dealer is None:
            pack = shuffled(game.deck.codes(game.deck.full_mask), derive_seed(seed, 0))
            first_dealer = choose_first_dealer(opt.first_dealer, pack, n)
        elif not 0 <= first_dealer < n:
            raise ValueError(f"first dealer {first_dealer} is not a seat")
        self.dealer = first_dealer
        self._pending: tuple[int, Any] | None = None

    @property
    def fund(self) -> int:
        """The kitty or pot now (0 in V1F and V3)."""
        return self.sheet.pot

    def balances(self) -> list[int]:
        """Each seat's money: the V3 bankroll plus the sheet totals (BT-V3-MATCH-1)."""
        start = self.opt.scharfer_bankroll if self.opt.variant == "scharfer" else 0
        return [start + t for t in self.sheet.totals]

    def next_state(self) -> BavarianState:
        if self.over:
            raise IllegalActionError("the match is over", rule="BT-MATCH-5")
        seed = derive_seed(self.seed, self.deal_number + 1)
        deal = self.game.deal(seed, self.dealer)
        self._pending = (seed, deal)
        envelope = {"fund": self.fund} if self.opt.has_fund else {}
        return self.game.new_initial_state(deal, self.dealer, 1, **envelope)

    def finish(self, state: BavarianState) -> dict[str, Any]:  # type: ignore[override]
        """Book a finished hand: record, sheet, fund, dealer rotation and the end checks."""
        if not state.is_terminal():
            raise ValueError("the hand is not finished")
        if state.dealer != self.dealer:
            raise ValueError(f"dealt by seat {state.dealer}, but seat {self.dealer} deals "
                             "(BT-MATCH-3)")
        if self.opt.has_fund and state.fund != self.fund:
            raise ValueError(f"the hand started with fund {state.fund}, but the fund is "
                             f"{self.fund} (BT-PAY-2)")
        result = state.result()
        seed = self._pending[0] if self._pending and self._pending[1] == state.deal else None
        record = record_from_state(state, players=self.names, seed=seed,
                                   extra={"deal_number": self.deal_number + 1})
        self.records.append(record)
        self.deal_number += 1
        self._pending = None
        if result["outcome"] != "thrown_in":
            self.sheet.add(result["scores"], pot=result["pot"])
            self.settled_hands += 1
        self.dealer = (self.dealer + 1) % self.game.num_seats  # BT-MATCH-3
        if result["ends_match"] or self.stopping or self._bankroll_exhausted():
            self.stop()
        return record

    def _bankroll_exhausted(self) -> bool:
        """BT-V3-MATCH-1: a balance at or below 0 ends the match."""
        opt = self.opt
        return (opt.variant == "scharfer" and opt.scharfer_match_end == "bankroll_exhausted"
                and min(self.balances()) <= 0)

    def stop(self) -> None:
        """End the match now (BT-MATCH-5, the users stop) and split the fund (BT-PAY-4)."""
        if self.over:
            return
        if self._pending is not None:
            raise IllegalActionError("a match stops between hands", rule="BT-MATCH-5")
        fund = self.fund
        self.final_split = split_fund(fund, self.game.num_seats)
        if fund:
            self.sheet.add(self.final_split, pot=-fund, label="split")
        self.over = True

    def warn_end(self) -> None:
        """The users will stop: the match ends after the next hand (BT-MATCH-5)."""
        self.stopping = True

    def is_over(self) -> bool:
        return self.over

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "names": list(self.names),
            "totals": list(self.sheet.totals),
            "hands": self.deal_number,
            "settled_hands": self.settled_hands,
            "next_dealer": self.names[self.dealer],
            "over": self.over,
        }
        if self.opt.has_fund:
            out["fund"] = self.fund
        if self.opt.variant == "scharfer":
            out["balances"] = self.balances()
        return out
