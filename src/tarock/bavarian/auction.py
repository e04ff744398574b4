"""The three auctions of Bavarian tarock and the contract choice that follows them.

* :class:`SingleRoundAuction`: V1 levels and V1B contract names, one round with immediate
  holding (BT-V1-BID, BT-V1B-BID, BT-ALG-5);
* :class:`HaferlAuction`: V2 rungs with duels, holds and senior raises, V2B included (BT-V2-BID,
  BT-V2B, BT-ALG-6);
* :class:`ScharferAuction`: V3's PLAY / PLAY_HEARTS round (BT-V3-BID, BT-ALG-8).

Each auction says whose turn it is and which calls are legal, applies a call, and when it is over
names the declarer (None: thrown in). As in BT-ALG-5 and BT-ALG-6, a V1/V1B player with nothing
left to bid (over a standing Bettel) and a V2 challenger over the top rung are not asked; V3 asks
every player once, offering only PASS over a standing PLAY_HEARTS (BT-ALG-8). Bids are the
``arg`` of the ``bid`` actions (see :mod:`tarock.bavarian.actions`).
"""

from __future__ import annotations

from typing import Any

from tarock.bavarian.options import BavarianOptions

V1_LEVELS = ("spiele", "besser", "am_besten")  # BT-V1-BID-2
V1_ALLOWED = {0: ("frage", "solo", "herzsolo"), 1: ("solo", "herzsolo"), 2: ("herzsolo",)}
CONTRACTS = ("frage", "herzfrage", "solo", "herzsolo", "bettel")  # BT-V1B-CON-1 ladder
TOP = 13  # the highest rung there can be (haferl_max_target=120)


def target(rung: int) -> int:
    """BT-V2-CON-1: the target of a rung (0 and 1: 61; 13: 120)."""
    return 61 if rung <= 1 else (120 if rung == 13 else 61 + 5 * (rung - 1))


def rung_of_target(value: int) -> int | None:
    """The hand-game rung with target ``value`` (61 → 1), or None."""
    for rung in range(1, TOP + 1):
        if target(rung) == value:
            return rung
    return None


class SingleRoundAuction:
    """BT-ALG-5. ``ladder`` names the bids in order; V1 allows only the next one (no jumps,
    BT-V1-BID-3), V1B any higher one (BT-V1B-BID-1). ``standing`` is a ladder index, -1 before
    the first bid; ``answering`` is set while the holder must hold or yield."""

    def __init__(self, active: tuple[int, ...], ladder: tuple[str, ...], jumps: bool):
        self.active = active
        self.ladder = ladder
        self.jumps = jumps
        self.index = 0  # next bidder in active
        self.holder: int | None = None
        self.standing = -1
        self.bidder: int | None = None  # the new bidder while the holder answers
        self.over = False
        self.positives = 0
        self._skip()

    def clone(self) -> SingleRoundAuction:
        new = SingleRoundAuction.__new__(SingleRoundAuction)
        new.__dict__.update(self.__dict__)
        return new

    def higher(self) -> tuple[str, ...]:
        """Bids allowed above the standing one."""
        if self.jumps:
            return self.ladder[self.standing + 1:]
        return self.ladder[self.standing + 1:self.standing + 2]

    def _skip(self) -> None:
        """Move to the next bidder; a bidder with nothing left to bid passes (BT-ALG-5)."""
        while self.index < len(self.active) and not self.higher():
            self.index += 1
        self.over = self.index >= len(self.active)

    def to_act(self) -> int:
        return self.holder if self.bidder is not None else self.active[self.index]  # type: ignore[return-value]

    def answering(self) -> bool:
        return self.bidder is not None

    def legal_bids(self) -> tuple[str, ...]:
        return ("pass", *self.higher())

    def bid(self, call: str) -> None:
        seat = self.active[self.index]
        self.index += 1
        if call != "pass":
            self.positives += 1
            level = self.ladder.index(call)
            if self.holder is None:
                self.holder, self.standing = seat, level
            else:
                self.bidder, self.standing = seat, level
                return
        self._skip()

    def answer(self, hold: bool) -> None:
        """BT-V1-BID-4: hold (the new bidder is out) or yield (he becomes holder)."""
        if not hold:
            self.holder = self.bidder
        self.bidder = None
        self._skip()

    def declarer(self) -> int | None:
        return self.holder


OPEN, CHALLENGE, SENIOR, JUNIOR = "open", "challenge", "senior", "junior"


class HaferlAuction:
    """BT-ALG-6 as a state machine: the opening, then each challenger in seat order and the duel
    with the holder (senior answers the junior's bid by pass, hold or raise; the junior bids on
    or passes)."""

    def __init__(self, active: tuple[int, ...], opt: BavarianOptions):
        self.top = opt.top_rung
        self.may_raise = opt.haferl_senior_may_raise
        self.berliner = opt.haferl_berliner
        self.privileged = active[2]  # the dealer, or RH when the dealer sits out (BT-MATCH-4)
        self.queue = list(active)
        self.holder: int | None = None
        self.rung = -1
        self.contested = False
        self.stage = OPEN
        self.senior = self.junior = -1
        self.seat = -1
        self.over = False
        self._next()

    def clone(self) -> HaferlAuction:
        new = HaferlAuction.__new__(HaferlAuction)
        new.__dict__.update(self.__dict__)
        new.queue = list(self.queue)
        return new

    def opening_rung(self, seat: int) -> int:
        """BT-V2B-1: under Berliner only the privileged seat may open with a pick-up game."""
        return 0 if not self.berliner or seat == self.privileged else 1

    def _next(self) -> None:
        """Who speaks next once no duel is running (BT-V2-BID-3, BT-V2-BID-6, BT-V2-BID-7)."""
        if self.holder is None:
            if self.queue:
                self.stage, self.seat = OPEN, self.queue[0]
            else:
                self.over = True
            return
        while self.queue and self.rung + 1 > self.top:
            self.queue.pop(0)  # nothing left to bid: he cannot challenge
        if self.queue:
            self.stage, self.seat = CHALLENGE, self.queue[0]
        else:
            self.over = True

    def to_act(self) -> int:
        return self.seat

    def legal_bids(self) -> tuple[Any, ...]:
        if self.stage == OPEN:
            return ("pass", self.opening_rung(self.seat))
        if self.stage == SENIOR:
            if self.may_raise and self.rung + 1 <= self.top:
                return ("pass", "hold", self.rung + 1)
            return ("pass", "hold")
        return ("pass", self.rung + 1)  # CHALLENGE, JUNIOR

    def bid(self, call: Any) -> None:
        stage, seat = self.stage, self.seat
        if stage == OPEN:
            self.queue.pop(0)
            if call != "pass":
                self.holder, self.rung = seat, call
            self._next()
        elif stage == CHALLENGE:
            self.queue.pop(0)
            if call == "pass":
                self._next()
                return
            self.rung, self.contested = call, True
            self.senior, self.junior = self.holder, seat  # type: ignore[assignment]
            self.stage, self.seat = SENIOR, self.senior
        elif stage == SENIOR:
            if call == "pass":
                self.holder = self.junior
                self._next()
                return
            if call != "hold":
                self.rung = call  # BT-V2-BID-5: the senior raised one rung
            self.holder = self.senior
            if self.rung + 1 > self.top:
                self._next()  # BT-V2-BID-7: the junior cannot go on
            else:
                self.stage, self.seat = JUNIOR, self.junior
        else:  # JUNIOR
            if call == "pass":
                self._next()
                return
            self.rung = call
            self.stage, self.seat = SENIOR, self.senior

    def declarer(self) -> int | None:
        return self.holder


class ScharferAuction:
    """BT-ALG-8: one turn each; PLAY_HEARTS beats PLAY and the first Hearts bidder keeps it."""

    def __init__(self, active: tuple[int, ...]):
        self.active = active
        self.index = 0
        self.holder: int | None = None
        self.kind: str | None = None
        self.positives = 0
        self.over = False

    def clone(self) -> ScharferAuction:
        new = ScharferAuction.__new__(ScharferAuction)
        new.__dict__.update(self.__dict__)
        return new

    def to_act(self) -> int:
        return self.active[self.index]

    def legal_bids(self) -> tuple[str, ...]:
        if self.kind is None:
            return ("pass", "play", "play_hearts")
        if self.kind == "play":
            return ("pass", "play_hearts")  # OQ-28: a later plain PLAY could never win
        return ("pass",)

    def bid(self, call: str) -> None:
        seat = self.active[self.index]
        if call != "pass":
            self.holder, self.kind = seat, call
            self.positives += 1
        self.index += 1
        self.over = self.index >= len(self.active)

    def declarer(self) -> int | None:
        return self.holder

    def contracts(self, free_choice: bool) -> tuple[str, ...]:
        """BT-V3-CON-1 / BT-ALG-8: the contracts the declarer may choose."""
        sole = self.positives == 1
        if self.kind == "play_hearts":
            return ("herzsolo", "frage") if sole else ("herzsolo",)
        return ("solo", "herzsolo", "frage") if free_choice else ("solo",)


def raise_options(rung: int, contested: bool, opt: BavarianOptions) -> tuple[int, ...] | None:
    """BT-ALG-7: the rungs the V2 auction winner may announce instead of ``rung``; None when
    the window does not open (it opens, offering only KEEP, for a self-raise at the top)."""
    if opt.haferl_self_raise == "any_winner" or (opt.haferl_self_raise == "uncontested"
                                                 and not contested):
        return tuple(range(max(rung + 1, 1), opt.top_rung + 1))  # BT-V2S-1
    if rung == 0 and opt.haferl_pickup_may_play_hand:
        return (1,)  # BT-V2-BID-9
    return None
