"""A Hungarian tarokk session: seating, dealer rotation, doubled rounds, the mayor and the end.

The rules are HU-SESSION-1..12 with HU-5P-4/5/6, HU-BID-9 item 4,
HU-ANNUL-4 and the decisions HU-OQ-1..5 and HU-OQ-33. The bookkeeping lives in small pure pieces
that can be tested without playing a deal:

* :func:`seat_persons` and :func:`first_dealer`: the seating ceremony (HU-SESSION-2/3, HU-5P-4);
* :func:`next_dealer`: the dealer rotation (HU-SESSION-4/5);
* :class:`Doubling`: the deal multiplier under every ``throw_in_doubling`` model and both
  ``all_pass_doubling_scope`` readings (HU-SESSION-6/7);
* :class:`EndOfSession`: "a skíz oszt, nem oszt" (HU-SESSION-9, HU-5P-6);
* :func:`next_mayor`: the mayor's hat (HU-SESSION-11).

:class:`HungarianSession` chains deals with them. Seats are numbered in the direction of play:
seat i+1 is the right-hand neighbour of seat i, so a person's left neighbour is seat i-1, and the
deal passes from seat i to seat i+1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarock.core.errors import IllegalActionError
from tarock.core.protocol import Deal
from tarock.core.records import record_from_state
from tarock.core.rng import SplitMix64
from tarock.core.session import ScoreSheet, Session
from tarock.hungarian.game import HungarianGame, HungarianState
from tarock.hungarian.options import HungarianOptions

# HU-SESSION-5: nothing scored, possibly redealt; a próbahárom thrown in under
# `failed_probaharom` = throw_in counts as an annulment (HU-OQ-38)
THROWN_IN = ("all_pass", "annulled", "probaharom_thrown_in")
SCORED = ("scored", "probaharom_failed", "renonsz")  # completed deals (HU-SESSION-4, HU-BID-9)
SEATING_SUITS = ("H", "D", "C", "S")  # HU-SESSION-2: one tarokk plus N-1 suits
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment: state k of a stream is seed + k * gamma
_DEAL_SALT = 0xD1B54A32D192ED03  # keeps the deal seeds apart from the seating draw
_MASK64 = (1 << 64) - 1


# --------------------------------------------------------------------------------------------
# Seating, seeds, rotation, mayor


def seat_persons(names: Sequence[str], seed: int) -> tuple[list[str], int]:
    """HU-SESSION-2: the seating ceremony; returns the names per seat and the tarokk's seat.

    Both sets of N cards (the tarokk "T" and one card of N-1 suits) are shuffled with SplitMix64:
    set 1 lies face up at the places (seat i shows ``places[i]``), set 2 is handed to the persons
    in the given order, and each person sits at the place showing his card. The resulting
    assignment is uniformly random, and so is the tarokk's seat.
    """
    n = len(names)
    if n not in (4, 5):
        raise ValueError(f"{n} persons; Hungarian tarokk is played by 4 or 5 (HU-SESSION-1)")
    rng = SplitMix64(seed)
    cards = ["T", *SEATING_SUITS[: n - 1]]
    places, drawn = list(cards), list(cards)
    rng.shuffle(places)
    rng.shuffle(drawn)
    seat_of = {card: seat for seat, card in enumerate(places)}
    by_seat = [""] * n
    for person, card in zip(names, drawn, strict=True):
        by_seat[seat_of[card]] = person
    return by_seat, seat_of["T"]


def first_dealer(tarokk_seat: int, persons: int) -> int:
    """HU-SESSION-3, HU-5P-4: the tarokk drawer is A, so his left neighbour deals first."""
    return (tarokk_seat - 1) % persons


def deal_seed(session_seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based, thrown-in deals included) of a session.

    It is value ``index`` of a SplitMix64 stream salted away from the seating draw (computed
    directly, since state k of the stream is ``seed + k * gamma``), cut to 53 bits so that the
    record's ``seed`` is exact in every JSON reader.
    """
    start = ((session_seed ^ _DEAL_SALT) + index * _GAMMA) & _MASK64
    return SplitMix64(start).next_u64() >> 11


def next_dealer(dealer: int, persons: int, outcome: str, doubling: Doubling) -> int:
    """HU-SESSION-4/5: a completed deal passes to the right; a throw-in is redealt by the same
    dealer unless ``throw_in_doubling`` = none (HU-SESSION-7)."""
    if outcome in THROWN_IN and doubling.redeal_by_same_dealer(outcome):
        return dealer
    return (dealer + 1) % persons


def next_mayor(mayor: int | None, result: Mapping[str, Any]) -> int | None:
    """HU-SESSION-11: the holder of a caught T21 becomes the mayor; otherwise nothing changes."""
    caught = result.get("xxi_caught")
    return mayor if caught is None else caught


# --------------------------------------------------------------------------------------------
# Doubled rounds


class Doubling:
    """The deal multiplier M (HU-SESSION-6/7; its scope, HU-SESSION-8, is applied by scoring).

    ``throw_in_doubling`` picks the model:

    * ``overlapping_rounds``: a list of window counters; each throw-in opens one of N deals,
      M = 2^len(windows), and each scored deal counts every window down (HU-SESSION-6, HU-OQ-4);
    * ``none``: M is always 1 and a throw-in passes the deal on;
    * ``extra_round``: one counter c, raised by N per throw-in; M = 2 while c > 0;
    * ``reset_round``: the same counter, set back to N by every throw-in (never more than ×2);
    * ``quadruple_round_extend``/``_fixed``: (level, remaining); a throw-in goes 1 -> 2 -> 4 and
      starts a fresh round of N; at level 4 it renews the round (extend) or does nothing (fixed).

    Under ``all_pass_doubling_scope`` = next_deal an all-pass opens no round; the next scored deal
    gets 2^k for the k all-passes since the last scored deal, times the annulment doubling
    (HU-SESSION-7, HU-OQ-3). Under ``none`` nothing is doubled at all, all-passes included.
    """

    def __init__(
        self,
        options: HungarianOptions | Mapping[str, Any] | None = None,
        persons: int | None = None,
    ) -> None:
        opt = options if isinstance(options, HungarianOptions) else HungarianOptions.make(options)
        self.model: str = opt.throw_in_doubling
        self.all_pass_scope: str = opt.all_pass_doubling_scope
        self.persons: int = persons if persons is not None else opt.players
        self.windows: list[int] = []  # overlapping_rounds
        self.extra = 0  # extra_round: the counter c
        self.level, self.remaining = 1, 0  # quadruple_round_*
        self.all_passes = 0  # next_deal: all-pass throw-ins since the last scored deal

    def multiplier(self) -> int:
        """M for the next scored deal (HU-SESSION-6: thrown-in deals have none)."""
        return self._round_factor() * 2**self.all_passes

    def _round_factor(self) -> int:
        if self.model == "overlapping_rounds":
            return 2 ** len(self.windows)
        if self.model in ("extra_round", "reset_round"):
            return 2 if self.extra > 0 else 1
        if self.model.startswith("quadruple_round"):
            return self.level
        return 1  # none

    def redeal_by_same_dealer(self, kind: str) -> bool:
        """HU-SESSION-5: the same dealer redeals a throw-in, except under ``none``."""
        _check_kind(kind)
        return self.model != "none"

    def on_throw_in(self, kind: str) -> None:
        """A deal was thrown in: ``kind`` is "all_pass" (HU-BID-8) or "annulled" (HU-ANNUL-4)."""
        _check_kind(kind)
        if self.model == "none":
            return
        if kind == "all_pass" and self.all_pass_scope == "next_deal":
            self.all_passes += 1
            return
        self._open_round()

    def _open_round(self) -> None:
        n = self.persons
        if self.model == "overlapping_rounds":
            self.windows.append(n)
        elif self.model == "extra_round":
            self.extra += n
        elif self.model == "reset_round":
            self.extra = n
        elif self.level < 4:
            self.level, self.remaining = self.level * 2, n
        elif self.model == "quadruple_round_extend":
            self.remaining = n

    def on_scored(self) -> None:
        """A deal was scored (a failed próbahárom too, HU-BID-9): every round counts down."""
        self.windows = [c - 1 for c in self.windows if c > 1]
        self.extra = max(0, self.extra - 1)
        if self.level > 1:
            self.remaining -= 1
            if self.remaining == 0:
                self.level = 1
        self.all_passes = 0


def _check_kind(kind: str) -> None:
    if kind not in THROWN_IN:
        raise ValueError(f"not a throw-in: {kind!r}; expected one of {', '.join(THROWN_IN)}")


# --------------------------------------------------------------------------------------------
# The end of the session


class EndOfSession:
    """HU-SESSION-9 "a skíz oszt, nem oszt", HU-5P-6, HU-OQ-1/2/33.

    After :meth:`warn`, deal 1 is the first deal that is not thrown in (HU-OQ-2); the skíz player
    s is the seat holding T22 in it after the talon exchange (after a failed próbahárom, the seat
    HU-TALON-2 would have given it to: HU-OQ-33; the engine reports it as ``skiz_holder``). The
    session ends at the moment the deal would pass to s for the second time, that is once s has
    dealt a deal from deal 1 on and the deal then comes round to him again. A redeal by the same
    dealer is not a pass, so thrown-in redeals advance nothing (item 6).
    """

    def __init__(self) -> None:
        self.warned = False
        self.skiz_player: int | None = None
        self.skiz_has_dealt = False
        self.last_dealer: int | None = None
        self.scored_deals = 0  # scored deals from deal 1 on

    def warn(self) -> None:
        """HU-SESSION-9 item 1: the warning; giving it again changes nothing."""
        self.warned = True

    def on_deal(self, dealer: int, scored: bool, skiz_holder: int | None = None) -> None:
        """Report a finished deal: its dealer, whether it was scored, and (for a scored deal)
        who held T22 after the talon exchange."""
        if not self.warned:
            return
        if self.skiz_player is None:
            if not scored:
                return  # HU-OQ-2: a thrown-in deal does not fix the skíz player
            if skiz_holder is None:
                raise ValueError("a scored deal must report its skíz holder (HU-SESSION-9)")
            self.skiz_player = skiz_holder
        self.scored_deals += int(scored)
        if dealer == self.skiz_player:
            self.skiz_has_dealt = True
        self.last_dealer = dealer

    def is_over(self, next_dealer: int) -> bool:
        """Whether the session ends instead of ``next_dealer`` dealing (item 4)."""
        return (
            self.skiz_has_dealt
            and next_dealer == self.skiz_player
            and self.last_dealer != next_dealer
        )


# --------------------------------------------------------------------------------------------
# The session


class HungarianSession(Session):
    """Deals of Hungarian tarokk at one table of 4 or 5 persons (HU-SESSION-1).

    ``seating`` runs the ceremony (HU-SESSION-2/3); without it the names keep their order and
    seat N-1 deals first, so that seat 0 is the first forehand (``first_dealer`` overrides the
    first dealer either way). ``dealer`` and ``multiplier`` always describe the next deal.
    """

    game: HungarianGame
    end_warning_rule = "HU-SESSION-9"

    def __init__(
        self,
        game: HungarianGame,
        names: Sequence[str],
        seed: int,
        seating: bool = True,
        *,
        first_dealer: int | None = None,
    ) -> None:
        n = game.num_seats
        if len(names) != n:
            raise ValueError(f"{len(names)} names for {n} seats (HU-SESSION-1)")
        if seating:
            by_seat, tarokk_seat = seat_persons(names, seed)
        else:
            by_seat, tarokk_seat = list(names), 0
        self.game = game
        self.seed = seed
        self.names = by_seat
        self.tarokk_seat = tarokk_seat
        self.sheet = ScoreSheet(list(by_seat))
        self.records: list[dict[str, Any]] = []
        self.dealer = _first_dealer(tarokk_seat, n, first_dealer)
        self.doubling = Doubling(game.opt, n)
        self.end = EndOfSession()
        self.mayor: int | None = None
        self.deal_number = 0  # deals finished so far, thrown-in deals included
        self.scored_deals = 0
        self._pending: tuple[int, Deal] | None = None  # the seed and deal of next_state

    @property
    def multiplier(self) -> int:
        """M of the next deal, should it be scored (HU-SESSION-6/7)."""
        return self.doubling.multiplier()

    def next_state(self) -> HungarianState:
        """Deal the next deal with the current dealer and multiplier (HU-DEAL-2)."""
        if self.is_over():
            raise IllegalActionError("the session is over", rule="HU-SESSION-9")
        seed = deal_seed(self.seed, self.deal_number)
        deal = self.game.deal(seed, self.dealer)
        self._pending = (seed, deal)
        return self.game.new_initial_state(deal, self.dealer, self.multiplier)

    def finish(self, state: HungarianState) -> dict[str, Any]:  # type: ignore[override]
        """Book a finished deal: record, score sheet, doubling, rotation, mayor and end."""
        self._check_state(state)
        result = state.result()
        extra = {"deal_number": self.deal_number + 1}
        record = record_from_state(state, players=self.names, seed=self._seed_of(state),
                                   extra=extra)
        self.records.append(record)
        self.deal_number += 1
        self._pending = None
        if result["outcome"] in THROWN_IN:
            self._book_throw_in(result)
        else:
            self._book_scored(result)
        return record

    def _check_state(self, state: HungarianState) -> None:
        if not state.is_terminal():
            raise ValueError("the deal is not finished")
        if state.dealer != self.dealer:
            raise ValueError(f"dealt by seat {state.dealer}, but seat {self.dealer} deals "
                             "(HU-SESSION-4)")
        if state.multiplier != self.multiplier:
            raise ValueError(f"dealt at x{state.multiplier}, but the multiplier is "
                             f"x{self.multiplier} (HU-SESSION-6)")

    def _seed_of(self, state: HungarianState) -> int | None:
        """The seed of the deal :meth:`next_state` made; a hand-built deal has none."""
        if self._pending is not None and self._pending[1] == state.deal:
            return self._pending[0]
        return None

    def _book_throw_in(self, result: Mapping[str, Any]) -> None:
        """HU-SESSION-5: nothing is scored; redeal (or pass on) and start a doubling."""
        kind = result["outcome"]
        if any(result["scores"]):
            raise AssertionError(f"a thrown-in deal scored {result['scores']}")
        self.end.on_deal(self.dealer, scored=False)
        self.doubling.on_throw_in(kind)
        self.dealer = next_dealer(self.dealer, self.game.num_seats, kind, self.doubling)

    def _book_scored(self, result: Mapping[str, Any]) -> None:
        """HU-SESSION-4/6/9/11/12 for a completed deal (a failed próbahárom included)."""
        self.sheet.add(result["scores"])
        self.scored_deals += 1
        self.end.on_deal(self.dealer, scored=True, skiz_holder=result.get("skiz_holder"))
        self.doubling.on_scored()
        self.mayor = next_mayor(self.mayor, result)
        self.dealer = next_dealer(self.dealer, self.game.num_seats, result["outcome"],
                                  self.doubling)

    def warn_end(self) -> None:
        """HU-SESSION-9 item 1: "a skíz oszt, nem oszt", given between deals."""
        if self._pending is not None:
            raise IllegalActionError("the end warning is given between deals",
                                     rule="HU-SESSION-9")
        self.end.warn()

    def is_over(self) -> bool:
        """HU-SESSION-9 item 4: the deal would pass to the skíz player a second time."""
        return self.end.is_over(self.dealer)

    def summary(self) -> dict[str, Any]:
        """The state of the table for display: totals per person, deals, mayor, next deal."""
        return {
            "names": list(self.names),
            "totals": list(self.sheet.totals),
            "deals": self.deal_number,
            "scored_deals": self.scored_deals,
            "dealer": self.names[self.dealer],
            "multiplier": self.multiplier,
            "mayor": None if self.mayor is None else self.names[self.mayor],
            "end_warned": self.end.warned,
            "over": self.is_over(),
        }


def _first_dealer(tarokk_seat: int, persons: int, override: int | None) -> int:
    if override is None:
        return first_dealer(tarokk_seat, persons)
    if not 0 <= override < persons:
        raise ValueError(f"first dealer {override} is not a seat")
    return override
