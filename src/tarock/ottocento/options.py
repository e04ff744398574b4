"""The rule options of Ottocento and their constraints, OT-V-0 (docs/rules/ottocento.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from tarock.core.errors import InvalidOptionError
from tarock.core.options import (
    OptionSpec,
    OptionValues,
    bool_option,
    choice_option,
    parse_options,
)

GAME_NAME = "ottocento"
OPTION_RULE = "OT-V-0"  # every refusal of an option cites it (OT-TC-V-12)


SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "choice", 4, (4, 2), rule="OT-V-2", aliases=("player_count",),
               description="People at the table; two play the two-player Millone"),
    choice_option("match_format", ("rubber", "quattro_scartate"), "OT-V-3",
                  "Play to a target score, or exactly four deals", leading=True),
    OptionSpec("target_score", "int_min", 800, (1,), rule="OT-RUB-1",
               help="800; 1000 when players = 2 and no target is given (OT-V-1)",
               description="Points that win a rubber"),
    choice_option("tie_rule", ("play_on", "draw"), "OT-RUB-5",
                  "Equal totals over the target: play on, or a draw"),
    choice_option("early_claims", ("dealer_and_eldest", "none", "any_declaration"), "OT-V-8",
                  "Who may end the rubber by declaring"),
    choice_option("lost_discard_to", ("opponents", "nobody"), "OT-DEAL-7",
                  "Where the discard goes when the dealing team wins no trick"),
    bool_option("matto_exchange_from_discard", True, "OT-V-10",
                "The card owed for the Matto may come from the discard"),
    choice_option("matto_exchange_fallback", ("lowest_value", "forfeit_matto"), "OT-V-11",
                  "What is given for the Matto without a one-point card"),
    bool_option("set_wilds", False, "OT-V-12",
                "Matto and Bagatto may complete sets"),
    bool_option("declaration_card_reuse", True, "OT-V-14",
                "One card may serve in several declared combinations"),
    bool_option("grande_sun_moon_blocks_16", False, "OT-V-5",
                "Older reading: without Sun and Moon the grande stops"),
    bool_option("grande_moon_16_blocks_15", False, "OT-V-6",
                "Older reading: without Moon and 16 the grande stops"),
    choice_option("signals", ("standard", "unrestricted", "none"), "OT-V-4",
                  "Signalling rule: standard, unrestricted or none"),
    bool_option("signal_truthful", True, "OT-SIG-5",
                "Signals must be true"),
    bool_option("two_player_setaside_restricted", True, "OT-V-2",
                "No five-point card may be set aside (two players)"),
    choice_option("deck_faces", ("bolognese", "substitute_tarot"), "OT-V-7",
                  "Card names shown: Bolognese, or a substitute tarot pack"),
)


@dataclass(frozen=True, slots=True)
class OttocentoOptions(OptionValues):
    """All option values, read by attribute in the engine's hot paths (``to_json`` comes from the
    core; ``make`` adds the constraints of OT-V-0)."""

    SPECS: ClassVar[tuple[OptionSpec, ...]] = SPECS
    GAME: ClassVar[str] = GAME_NAME

    players: int
    match_format: str
    target_score: int
    tie_rule: str
    early_claims: str
    lost_discard_to: str
    matto_exchange_from_discard: bool
    matto_exchange_fallback: str
    set_wilds: bool
    declaration_card_reuse: bool
    grande_sun_moon_blocks_16: bool
    grande_moon_16_blocks_15: bool
    signals: str
    signal_truthful: bool
    two_player_setaside_restricted: bool
    deck_faces: str

    @classmethod
    def make(cls, given: Mapping[str, Any] | None = None) -> OttocentoOptions:
        """Validated options (OT-V-0): unknown keys, bad values and quattro_scartate with two
        players raise InvalidOptionError. ``target_score`` defaults to 1000 with two players."""
        values = parse_options(SPECS, given, GAME_NAME, rule=OPTION_RULE)
        if values["players"] == 2 and "target_score" not in (given or {}):
            values["target_score"] = 1000  # OT-V-1, OT-V-2 item 8
        if values["match_format"] == "quattro_scartate" and values["players"] != 4:
            raise InvalidOptionError("match_format quattro_scartate needs four players",
                                     rule=OPTION_RULE, expected="players 4")
        return cls(**values)

    @property
    def claims_mode(self) -> str:
        """OT-ALG-11 early_claims_mode: Quattro Scartate forces "none" (OT-V-0, OT-V-3)."""
        return "none" if self.match_format == "quattro_scartate" else self.early_claims


DEFAULTS = OttocentoOptions.make()
