"""Counting and settlement (BT-SCORE, BT-PAY, BT-V1P-PAY, BT-V1F-PAY, BT-V1B-PAY, BT-V2-PAY,
BT-V3-PAY; BT-ALG-12 to BT-ALG-17).

Pure functions: a settlement gets the contract, the declarer's points P, whether either side took
every trick and (for V1P and V2) the fund before the deal, and returns a :class:`Ledger` of
integer deltas in u for the roles ``decl``, ``defA``, ``defB`` and the fund, together with the
refill rounds paid and whether the fund rule ends the match. Everything sums to zero (BT-PAY-2).
"""

from __future__ import annotations

from dataclasses import dataclass

from tarock.bavarian.auction import target
from tarock.bavarian.options import BavarianOptions

FIXED = {"frage": (50, 60), "herzfrage": (50, 60), "solo": (100, 120), "herzsolo": (100, 120)}
FRAGE_LIKE = ("frage", "herzfrage")


@dataclass(frozen=True)
class Ledger:
    """One settlement in u. ``fund`` is the fund's change from payments; ``refills`` rounds of
    ``stake`` were paid into the fund first by every seated player (BT-V1P-PAY-10, BT-V2-POT-2);
    ``ends_match``: the fund rule ends the match after this deal."""

    decl: int = 0
    defA: int = 0  # the role names of the document
    defB: int = 0
    fund: int = 0
    refills: int = 0
    ends_match: bool = False

    def total(self) -> int:
        return self.decl + self.defA + self.defB + self.fund


def take_from_fund(fund: int, amount: int, mode: str, stake: int,
                   seats: int) -> tuple[int, int, bool]:
    """BT-ALG-17 ``take_from_fund``: (what the fund pays towards ``amount``, refill rounds,
    whether the match ends). ``refill`` tops the fund up with a stake from every seated player
    as often as needed; ``end_match`` pays what there is and ends the match when the fund is
    left empty (short, or emptied exactly)."""
    if mode == "refill":
        rounds = 0
        if fund < amount:
            per_round = stake * seats
            rounds = -(-(amount - fund) // per_round)
        return amount, rounds, False
    paid = min(amount, fund)
    return paid, 0, fund - paid == 0


# --------------------------------------------------------------------------------------------
# V1P: overshoot payments with a kitty (BT-ALG-13)


def ceil_to(x: int, m: int) -> int:
    return -(-x // m) * m


def round5(x: int, mode: str) -> int:
    """BT-V1P-PAY-5: to multiples of 5c = 10u."""
    if mode == "up":
        return ceil_to(x, 10)
    if mode == "nearest":
        return ((x + 5) // 10) * 10
    return x


def share(loss: int, mode: str) -> int:
    """BT-V1P-PAY-7: each defender's share S of a loss L."""
    half = -(-loss // 2)
    return half if mode == "none" else ceil_to(half, 10)


def bettel_value(opt: BavarianOptions) -> int:
    """BT-V1B-PAY-2: B = 4 × base (× the Frage rate in the overshoot system)."""
    base = 4 * (50 if opt.bettel_base == "frage" else 100)
    return base * opt.overshoot_frage_rate if opt.overshoot else base


def kitty_flow(opt: BavarianOptions, fund: int, declarer_won: bool, amount: int) -> Ledger:
    """BT-V1P-PAY-6, -7, -10: the kitty pays a win; a loss is paid by the declarer and shared by
    the defenders, the kitty adding the top-up 2S − L."""
    stake, mode, seats = opt.kitty_stake, opt.kitty_shortfall, opt.players
    if declarer_won:
        paid, rounds, ends = take_from_fund(fund, amount, mode, stake, seats)
        return Ledger(decl=paid, fund=-paid, refills=rounds, ends_match=ends)
    s = share(amount, opt.overshoot_rounding)
    paid, rounds, ends = take_from_fund(fund, 2 * s - amount, mode, stake, seats)
    return Ledger(decl=-amount, defA=s, defB=amount - s + paid, fund=-paid, refills=rounds,
                  ends_match=ends)


def settle_v1p(opt: BavarianOptions, fund: int, contract: str, points: int, decl_all: bool,
               def_all: bool, bettel_won: bool = False) -> Ledger:
    mode = opt.overshoot_rounding
    if contract == "bettel":
        return kitty_flow(opt, fund, bettel_won, bettel_value(opt))
    if points == 60:
        return Ledger()  # BT-V1P-PAY-8: draw
    rate = opt.overshoot_frage_rate * (1 if contract in FRAGE_LIKE else 2)
    d = abs(points - 60)
    if points >= 61:
        return kitty_flow(opt, fund, True, round5(d * rate * (2 if decl_all else 1), mode))
    m = 2 if def_all and opt.overshoot_defender_durch_doubles else 1
    return kitty_flow(opt, fund, False, round5(d * rate * m, mode))


# --------------------------------------------------------------------------------------------
# V1F: fixed payments (BT-ALG-14)


def per_defender(amount: int) -> Ledger:
    """Each defender pays the declarer ``amount`` (a negative amount: the declarer pays)."""
    return Ledger(decl=2 * amount, defA=-amount, defB=-amount)


def settle_v1f(opt: BavarianOptions, contract: str, points: int, decl_all: bool,
               def_all: bool, bettel_won: bool = False) -> Ledger:
    if contract == "bettel":
        b = bettel_value(opt)
        return per_defender(b if bettel_won else -b)  # BT-V1B-PAY-3
    if points == 60:
        return Ledger()  # BT-V1F-PAY-5
    simple, schneider = FIXED[contract]
    step = schneider - simple
    extra = opt.fixed_durch == "extra_step"
    if points >= 61:
        a = schneider if points >= 91 else simple
        return per_defender(a + (step if decl_all and extra else 0))
    a = schneider if (points <= opt.declarer_schneider_max or def_all) else simple
    return per_defender(-(a + (step if def_all and extra else 0)))


# --------------------------------------------------------------------------------------------
# V2: Haferltarock (BT-ALG-15)


def v2_amounts(opt: BavarianOptions, rung: int, points: int) -> tuple[int, int]:
    """(W, L) in u for ``rung`` (BT-V2-PAY-1, BT-V2-PAY-3)."""
    t = target(rung)
    if opt.haferl_raised_scale == "anchored" or t == 61:
        w, loss = max(5, points - 60), max(5, 61 - points)
    else:
        w, loss = max(5, points - (t - 1)), max(5, t - points)
    return 2 * w, 2 * loss


def settle_v2(opt: BavarianOptions, fund: int, rung: int, points: int) -> Ledger:
    won = points >= target(rung)  # BT-V2-RES-1: 60-60 is a loss
    w, loss = v2_amounts(opt, rung, points)
    stake, mode, seats = opt.haferl_pot_stake, opt.haferl_pot_empty, opt.players
    if rung == 0:  # pick-up game: the pot is involved
        if won:
            paid, rounds, ends = take_from_fund(fund, w, mode, stake, seats)
            return Ledger(decl=paid, fund=-paid, refills=rounds, ends_match=ends)
        paid, rounds, ends = take_from_fund(fund, loss, mode, stake, seats)
        return Ledger(decl=-loss, defA=loss, defB=paid, fund=-paid, refills=rounds,
                      ends_match=ends)
    k = 2 if opt.haferl_hand_payment == "each_pair" else 1  # BT-V2-PAY-2
    return per_defender(k * w if won else -k * loss)


# --------------------------------------------------------------------------------------------
# V3: Scharfer Tarock (BT-ALG-16)


def settle_v3(opt: BavarianOptions, contract: str, points: int, decl_all: bool,
              def_all: bool) -> Ledger:
    if points >= 61:
        a = 20 + (20 if points >= 91 else 0) + (20 if decl_all else 0)
        if contract == "frage":
            a //= 2  # a won Frage pays half
        return per_defender(a)
    a = 20 + (20 if points <= opt.declarer_schneider_max else 0) \
        + (20 if def_all and points == 0 else 0)
    return per_defender(-a)  # a lost Frage pays the full Solo amounts


# --------------------------------------------------------------------------------------------
# Dispatch and the end of a match


def declarer_wins(opt: BavarianOptions, contract: str, rung: int | None, points: int,
                  bettel_won: bool) -> bool | None:
    """True, False, or None for a V1 draw (BT-V1-RES-1, BT-V2-RES-1, BT-V3-RES-1)."""
    if contract == "bettel":
        return bettel_won
    if opt.variant == "haferl":
        return points >= target(rung or 0)
    if opt.variant == "simple" and points == 60:
        return None
    return points >= 61


def settle(opt: BavarianOptions, fund: int, contract: str, rung: int | None, points: int,
           decl_all: bool, def_all: bool, bettel_won: bool) -> Ledger:
    """BT-ALG-11 ``score_and_settle``."""
    if opt.variant == "haferl":
        return settle_v2(opt, fund, rung or 0, points)
    if opt.variant == "scharfer":
        return settle_v3(opt, contract, points, decl_all, def_all)
    if opt.overshoot:
        return settle_v1p(opt, fund, contract, points, decl_all, def_all, bettel_won)
    return settle_v1f(opt, contract, points, decl_all, def_all, bettel_won)


def split_fund(fund: int, seats: int) -> list[int]:
    """BT-PAY-4: the fund shared equally, the remainder 1u each to the lowest seats."""
    q, r = divmod(fund, seats)
    return [q + (1 if s < r else 0) for s in range(seats)]
