"""An Ottocento rubber: the first dealer, the deal rotation, team totals and the end (§11).

The first dealer is drawn at random and the deal then passes to the right (OT-GAME-3). Each deal is
dealt with the team totals before it and the number of deals already played (the record envelope
keys ``totals`` and ``deals_played``), because declarations can end the rubber in the middle of a
deal (OT-RUB-2); the deal's result says whether the rubber is over (OT-RUB-3 to -5, OT-V-3). The
score sheet holds each seat's zero-sum settlement per deal; the rubber itself is decided by the
running team totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.core.errors import IllegalActionError
from tarock.core.records import record_from_state
from tarock.core.rng import SplitMix64
from tarock.core.session import ScoreSheet, Session
from tarock.ottocento.game import OttocentoGame, OttocentoState


class OttocentoSession(Session):
    """Deals of one rubber (or one Quattro Scartate match) at a table of 4 (or 2)."""

    game: OttocentoGame

    def __init__(self, game: OttocentoGame, names: Sequence[str], seed: int, *,
                 first_dealer: int | None = None,
                 totals: Sequence[int] = (0, 0)) -> None:
        n = game.num_seats
        if len(names) != n:
            raise ValueError(f"{len(names)} names for {n} seats (OT-GAME-1)")
        self.game = game
        self.names = list(names)
        self.seed = seed
        self._rng = SplitMix64(seed)
        drawn = self._rng.below(n)  # OT-GAME-3: the first dealer is chosen at random
        if first_dealer is not None and not 0 <= first_dealer < n:
            raise ValueError(f"first dealer {first_dealer} is not a seat")
        self.dealer = drawn if first_dealer is None else first_dealer
        self.sheet = ScoreSheet(list(names))
        self.records: list[dict[str, Any]] = []
        self.totals = list(totals)
        self.deals_played = 0
        self.winner: int | str | None = None
        self.over = False
        self._next_seed = self._draw_seed()
        self._pending: OttocentoState | None = None

    def _draw_seed(self) -> int:
        return self._rng.next_u64() >> 11  # 53 bits: exact in every JSON reader

    def next_state(self) -> OttocentoState:
        if self.over:
            raise IllegalActionError("the rubber is over", rule="OT-RUB-3")
        deal = self.game.deal(self._next_seed, self.dealer)
        state = self.game.new_initial_state(deal, self.dealer, 1, totals=list(self.totals),
                                            deals_played=self.deals_played)
        self._pending = state
        return state

    def finish(self, state: OttocentoState) -> dict[str, Any]:  # type: ignore[override]
        """Book a finished deal: record, score sheet, team totals, rotation and the end."""
        if not state.is_terminal():
            raise ValueError("the deal is not finished")
        if state.dealer != self.dealer or state.totals_before != self.totals:
            raise ValueError("the deal does not belong to this rubber (OT-GAME-3, OT-RUB-2)")
        result = state.result()
        seed = self._next_seed if self._pending is not None and \
            self._pending.deal == state.deal else None
        record = record_from_state(state, players=self.names, seed=seed,
                                   extra={"deal_number": self.deals_played + 1})
        self.records.append(record)
        self.sheet.add(result["scores"])
        self.totals = list(result["totals"])
        self.deals_played += 1
        if result["rubber_over"]:
            self.over, self.winner = True, result["winner"]
        self.dealer = (self.dealer + 1) % self.game.num_seats  # OT-GAME-3: to the right
        self._next_seed = self._draw_seed()
        self._pending = None
        return record

    def is_over(self) -> bool:
        return self.over

    def team_names(self) -> list[str]:
        if self.game.num_seats == 2:
            return list(self.names)
        return [f"{self.names[0]} & {self.names[2]}", f"{self.names[1]} & {self.names[3]}"]

    def summary(self) -> dict[str, Any]:
        """The state of the rubber for display."""
        teams = self.team_names()
        winner = self.winner
        return {
            "teams": teams,
            "team_totals": {teams[t]: self.totals[t] for t in (0, 1)},
            "deals": self.deals_played,
            "next_dealer": self.names[self.dealer],
            "target": ("quattro_scartate" if self.game.opt.match_format == "quattro_scartate"
                       else self.game.opt.target_score),
            "over": self.over,
            "winner": teams[winner] if isinstance(winner, int) else winner,
        }
