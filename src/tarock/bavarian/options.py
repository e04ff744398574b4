"""The rule options of Bavarian tarock (§3 of bavarian-tarock.md, 32 options) and the variants.

An option that does not apply to the selected variant is accepted and ignored (§3). Money values
are in u (half-cents, BT-PAY-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tarock.core.options import OptionSpec, OptionValues

GAME_NAME = "bavarian-tarock"


def _b(key: str, default: bool, rule: str) -> OptionSpec:
    return OptionSpec(key, "bool", default, rule=rule)


def _c(key: str, choices: tuple[Any, ...], rule: str) -> OptionSpec:
    return OptionSpec(key, "choice", choices[0], choices, rule=rule)


def _n(key: str, default: int, minimum: int, rule: str) -> OptionSpec:
    return OptionSpec(key, "int_min", default, (minimum,), rule=rule)


SPECS: tuple[OptionSpec, ...] = (
    _c("variant", ("haferl", "simple", "scharfer"), "§2.1"),
    _c("seats", (3, 4), "BT-MATCH-4"),
    _c("first_dealer", ("draw_highest", "first_ace", "seat_0"), "BT-MATCH-2"),
    _b("must_beat", False, "BT-PLAY-8"),
    _c("talon_reveal", ("auto", "declarer_only", "all"), "BT-TALON-4"),
    _c("declarer_schneider_max", (30, 29), "BT-SCORE-4"),
    _c("simple_payment", ("overshoot", "fixed"), "§2.1"),
    _b("simple_bettel", False, "BT-V1B-CON-1"),
    _b("simple_bettel_upgrade", True, "BT-V1B-BID-2"),
    _c("simple_frage_trump_timing", ("after_exchange", "before_exchange"), "BT-V1B-TRUMP-1"),
    _n("overshoot_frage_rate", 1, 1, "BT-V1P-PAY-2"),
    _c("overshoot_rounding", ("up", "nearest", "none"), "BT-V1P-PAY-5"),
    _b("overshoot_defender_durch_doubles", False, "BT-V1P-PAY-7"),
    _n("kitty_stake", 200, 1, "BT-V1P-PAY-1"),
    _c("kitty_shortfall", ("refill", "end_match"), "BT-V1P-PAY-10"),
    _c("fixed_durch", ("as_schneider", "extra_step"), "BT-V1F-PAY-4"),
    _c("bettel_base", ("frage", "solo"), "BT-V1B-PAY-2"),
    _b("bettel_early_end", True, "BT-V1B-BET-3"),
    _n("haferl_pot_stake", 100, 1, "BT-V2-POT-1"),
    _c("haferl_pot_empty", ("end_match", "refill"), "BT-V2-POT-2"),
    _c("haferl_hand_payment", ("each_pair", "total"), "BT-V2-PAY-2"),
    _c("haferl_raised_scale", ("anchored", "shifted"), "BT-V2-PAY-3"),
    _c("haferl_max_target", (116, 120), "BT-V2-BID-7"),
    _b("haferl_senior_may_raise", True, "BT-V2-BID-5"),
    _b("haferl_pickup_may_play_hand", False, "BT-V2-BID-9"),
    _c("haferl_self_raise", ("off", "uncontested", "any_winner"), "BT-V2S-2"),
    _b("haferl_herz_neischaugn", False, "BT-V2H-1"),
    _b("haferl_berliner", False, "BT-V2B-1"),
    _b("haferl_berliner_dealer_hearts", False, "BT-V2B-3"),
    _n("scharfer_bankroll", 2000, 1, "BT-V3-MATCH-1"),
    _c("scharfer_match_end", ("bankroll_exhausted", "never"), "BT-V3-MATCH-1"),
    _b("scharfer_sole_bidder_free_choice", True, "BT-V3-CON-1"),
)


@dataclass(frozen=True, slots=True)
class BavarianOptions(OptionValues):
    """All option values, read by attribute in the engine (``make``, ``to_json``: the core)."""

    SPECS: ClassVar[tuple[OptionSpec, ...]] = SPECS
    GAME: ClassVar[str] = GAME_NAME

    variant: str
    seats: int
    first_dealer: str
    must_beat: bool
    talon_reveal: str
    declarer_schneider_max: int
    simple_payment: str
    simple_bettel: bool
    simple_bettel_upgrade: bool
    simple_frage_trump_timing: str
    overshoot_frage_rate: int
    overshoot_rounding: str
    overshoot_defender_durch_doubles: bool
    kitty_stake: int
    kitty_shortfall: str
    fixed_durch: str
    bettel_base: str
    bettel_early_end: bool
    haferl_pot_stake: int
    haferl_pot_empty: str
    haferl_hand_payment: str
    haferl_raised_scale: str
    haferl_max_target: int
    haferl_senior_may_raise: bool
    haferl_pickup_may_play_hand: bool
    haferl_self_raise: str
    haferl_herz_neischaugn: bool
    haferl_berliner: bool
    haferl_berliner_dealer_hearts: bool
    scharfer_bankroll: int
    scharfer_match_end: str
    scharfer_sole_bidder_free_choice: bool

    # -- the variant (§2.1) ---------------------------------------------------------------------

    @property
    def code(self) -> str:
        """V1P, V1F, V1B (with either payment), V2 or V3; the V2 customs are switches."""
        if self.variant == "haferl":
            return "V2"
        if self.variant == "scharfer":
            return "V3"
        if self.simple_bettel:
            return "V1B"
        return "V1P" if self.simple_payment == "overshoot" else "V1F"

    @property
    def overshoot(self) -> bool:
        """V1P settlement (V1 or V1B with ``simple_payment=overshoot``)."""
        return self.variant == "simple" and self.simple_payment == "overshoot"

    @property
    def has_fund(self) -> bool:
        """§1.3: a kitty (V1P, V1B overshoot) or a pot (V2); V1F and V3 have none."""
        return self.variant == "haferl" or self.overshoot

    @property
    def stake(self) -> int:
        """The fund stake per seated player (BT-PAY-3), 0 without a fund."""
        if self.variant == "haferl":
            return self.haferl_pot_stake
        return self.kitty_stake if self.overshoot else 0

    @property
    def shortfall(self) -> str:
        """``refill`` or ``end_match`` (BT-V1P-PAY-10, BT-V2-POT-2)."""
        return self.haferl_pot_empty if self.variant == "haferl" else self.kitty_shortfall

    @property
    def short_pack(self) -> bool:
        return self.variant == "scharfer"  # BT-DECK-2

    @property
    def top_rung(self) -> int:
        return 13 if self.haferl_max_target == 120 else 12  # BT-V2-CON-1, OQ-19

    @property
    def reveal(self) -> str:
        """BT-TALON-4 / BT-ALG-9: ``auto`` is ``declarer_only`` in every variant."""
        return "declarer_only" if self.talon_reveal == "auto" else self.talon_reveal
