"""The 32 rule options of Bavarian tarock and the variants (docs/rules/bavarian-tarock.md).

An option that does not apply to the selected variant is accepted and ignored (§3). Money values
are in u (half-cents, BT-PAY-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tarock.core.options import (
    OptionSpec,
    OptionValues,
    bool_option,
    choice_option,
    min_int_option,
)

GAME_NAME = "bavarian-tarock"


SPECS: tuple[OptionSpec, ...] = (
    choice_option("variant", ("haferl", "simple", "scharfer"), "§2.1",
                  "Version: haferl (Haferltarock), simple, or scharfer (short pack)",
                  leading=True),
    OptionSpec("players", "choice", 3, (3, 4), rule="BT-MATCH-4", aliases=("seats",),
               description="People at the table; with four, the dealer sits out each hand"),
    choice_option("first_dealer", ("draw_highest", "first_ace", "seat_0"), "BT-MATCH-2",
                  "How the first dealer is chosen"),
    bool_option("must_beat", False, "BT-PLAY-8",
                "A player must win the trick when he can (not in Bettel)"),
    choice_option("talon_reveal", ("auto", "declarer_only", "all"), "BT-TALON-4",
                  "Who sees the talon in a talon game"),
    choice_option("declarer_schneider_max", (30, 29), "BT-SCORE-4",
                  "Most points a losing declarer has when he is Schneider"),
    choice_option("simple_payment", ("overshoot", "fixed"), "§2.1",
                  "Simple tarock payments: per point from a kitty, or fixed"),
    bool_option("simple_bettel", False, "BT-V1B-CON-1",
                "Simple tarock with five contracts, Bettel included"),
    bool_option("simple_bettel_upgrade", True, "BT-V1B-BID-2",
                "The declarer may announce a contract above his final bid"),
    choice_option("simple_frage_trump_timing", ("after_exchange", "before_exchange"),
                  "BT-V1B-TRUMP-1",
                  "When the declarer of a Frage names trumps"),
    min_int_option("overshoot_frage_rate", 1, 1, "BT-V1P-PAY-2",
                   "Frage pays this many half-cents per point (Solo twice)"),
    choice_option("overshoot_rounding", ("up", "nearest", "none"), "BT-V1P-PAY-5",
                  "How overshoot payments are rounded to 5 cents"),
    bool_option("overshoot_defender_durch_doubles", False, "BT-V1P-PAY-7",
                "Defenders taking every trick double the loss"),
    min_int_option("kitty_stake", 200, 1, "BT-V1P-PAY-1",
                   "Each player's stake into the kitty, in half-cents"),
    choice_option("kitty_shortfall", ("refill", "end_match"), "BT-V1P-PAY-10",
                  "What happens when the kitty cannot pay"),
    choice_option("fixed_durch", ("as_schneider", "extra_step"), "BT-V1F-PAY-4",
                  "Value of all tricks to one side with fixed payments"),
    choice_option("bettel_base", ("frage", "solo"), "BT-V1B-PAY-2",
                  "Stake that Bettel multiplies by four"),
    bool_option("bettel_early_end", True, "BT-V1B-BET-3",
                "Bettel stops as soon as the declarer takes a trick"),
    min_int_option("haferl_pot_stake", 100, 1, "BT-V2-POT-1",
                   "Each player's stake into the pot, in half-cents"),
    choice_option("haferl_pot_empty", ("end_match", "refill"), "BT-V2-POT-2",
                  "What happens when the pot is empty"),
    choice_option("haferl_hand_payment", ("each_pair", "total"), "BT-V2-PAY-2",
                  "How a hand game is paid: each pair, or in total"),
    choice_option("haferl_raised_scale", ("anchored", "shifted"), "BT-V2-PAY-3",
                  "Payment scale for targets above 61"),
    choice_option("haferl_max_target", (116, 120), "BT-V2-BID-7",
                  "Highest target that may be bid"),
    bool_option("haferl_senior_may_raise", True, "BT-V2-BID-5",
                "In a duel the senior may raise instead of holding"),
    bool_option("haferl_pickup_may_play_hand", False, "BT-V2-BID-9",
                "A pick-up winner may play a hand game at 61"),
    choice_option("haferl_self_raise", ("off", "uncontested", "any_winner"), "BT-V2S-2",
                  "Whether the auction winner may raise his own contract"),
    bool_option("haferl_herz_neischaugn", False, "BT-V2H-1",
                "A pick-up game must have Hearts as trumps"),
    bool_option("haferl_berliner", False, "BT-V2B-1",
                "Only the dealer may play a pick-up game"),
    bool_option("haferl_berliner_dealer_hearts", False, "BT-V2B-3",
                "The dealer's pick-up game must be in Hearts"),
    min_int_option("scharfer_bankroll", 2000, 1, "BT-V3-MATCH-1",
                   "Each player's starting bankroll, in half-cents"),
    choice_option("scharfer_match_end", ("bankroll_exhausted", "never"), "BT-V3-MATCH-1",
                  "Whether the match ends when a bankroll runs out"),
    bool_option("scharfer_sole_bidder_free_choice", True, "BT-V3-CON-1",
                "A sole plain bidder may still play Herzsolo or Frage"),
)


@dataclass(frozen=True, slots=True)
class BavarianOptions(OptionValues):
    """All option values, read by attribute in the engine (``make``, ``to_json``: the core)."""

    SPECS: ClassVar[tuple[OptionSpec, ...]] = SPECS
    GAME: ClassVar[str] = GAME_NAME

    variant: str
    players: int
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
    def short_pack(self) -> bool:
        return self.variant == "scharfer"  # BT-DECK-2

    @property
    def top_rung(self) -> int:
        return 13 if self.haferl_max_target == 120 else 12  # BT-V2-CON-1, OQ-19

    @property
    def reveal(self) -> str:
        """BT-TALON-4 / BT-ALG-9: ``auto`` is ``declarer_only`` in every variant."""
        return "declarer_only" if self.talon_reveal == "auto" else self.talon_reveal
