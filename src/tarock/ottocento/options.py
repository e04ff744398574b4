"""The rule options of Ottocento (§13.1 of ottocento.md) and their constraints (OT-V-0)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from tarock.core.errors import InvalidOptionError
from tarock.core.options import OptionSpec, parse_options

GAME_NAME = "ottocento"
OPTION_RULE = "OT-V-0"  # every refusal of an option cites it (OT-TC-V-12)


def _b(key: str, default: bool, rule: str) -> OptionSpec:
    return OptionSpec(key, "bool", default, rule=rule)


def _c(key: str, choices: tuple[Any, ...], rule: str) -> OptionSpec:
    return OptionSpec(key, "choice", choices[0], choices, rule=rule)


SPECS: tuple[OptionSpec, ...] = (
    _c("player_count", (4, 2), "OT-V-2"),
    _c("match_format", ("rubber", "quattro_scartate"), "OT-V-3"),
    OptionSpec("target_score", "int_min", 800, (1,), rule="OT-RUB-1",
               help="800; 1000 when player_count = 2 and no target is given (OT-V-1)"),
    _c("tie_rule", ("play_on", "draw"), "OT-RUB-5"),
    _c("early_claims", ("dealer_and_eldest", "none", "any_declaration"), "OT-V-8"),
    _c("lost_discard_to", ("opponents", "nobody"), "OT-DEAL-7"),
    _b("matto_exchange_from_discard", True, "OT-V-10"),
    _c("matto_exchange_fallback", ("lowest_value", "forfeit_matto"), "OT-V-11"),
    _b("set_wilds", False, "OT-V-12"),
    _b("declaration_card_reuse", True, "OT-V-14"),
    _b("grande_sun_moon_blocks_16", False, "OT-V-5"),
    _b("grande_moon_16_blocks_15", False, "OT-V-6"),
    _c("signals", ("standard", "unrestricted", "none"), "OT-V-4"),
    _b("signal_truthful", True, "OT-SIG-5"),
    _b("two_player_setaside_restricted", True, "OT-V-2"),
    _c("deck_faces", ("bolognese", "substitute_tarot"), "OT-V-7"),
)
SPEC_BY_KEY = {s.key: s for s in SPECS}


@dataclass(frozen=True, slots=True)
class OttocentoOptions:
    """All option values, read by attribute in the engine's hot paths."""

    player_count: int
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
        if values["player_count"] == 2 and "target_score" not in (given or {}):
            values["target_score"] = 1000  # OT-V-1, OT-V-2 item 8
        if values["match_format"] == "quattro_scartate" and values["player_count"] != 4:
            raise InvalidOptionError("match_format quattro_scartate needs four players",
                                     rule=OPTION_RULE, expected="player_count 4")
        return cls(**values)

    @property
    def claims_mode(self) -> str:
        """OT-ALG-11 early_claims_mode: Quattro Scartate forces "none" (OT-V-0, OT-V-3)."""
        return "none" if self.match_format == "quattro_scartate" else self.early_claims

    def to_json(self) -> dict[str, Any]:
        return {f.name: SPEC_BY_KEY[f.name].to_json(getattr(self, f.name)) for f in fields(self)}


DEFAULTS = OttocentoOptions.make()
