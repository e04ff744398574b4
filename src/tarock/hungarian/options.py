"""The rule options of Hungarian tarokk (§14 of hungarian-tarokk.md), with their defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from tarock.core.options import OptionSpec, parse_options

GAME_NAME = "hungarian-tarokk"
ANNUL_HANDS = ("four_kings", "xxi_alone", "pagat_alone", "no_tarokk", "xxi_pagat_alone")


def _b(key: str, default: bool, rule: str) -> OptionSpec:
    return OptionSpec(key, "bool", default, rule=rule)


def _c(key: str, choices: tuple[Any, ...], rule: str) -> OptionSpec:
    return OptionSpec(key, "choice", choices[0], choices, rule=rule)


SPECS: tuple[OptionSpec, ...] = (
    _c("players", (4, 5), "HU-SESSION-1"),
    _b("red_fours", False, "HU-DECK-6"),
    _b("knock_instead_of_cut", False, "HU-DEAL-4"),
    _c("holding_rule", ("modern", "old_priority"), "HU-BID-6"),
    _c("cue_bid_interpretation",
       ("modern", "old_answerable_only_at_szolo", "old_any_jump_to_szolo"), "HU-BID-14"),
    _c("conventions", ("standard", "none"), "HU-BID-14"),
    _b("first_bid_never_cue", False, "HU-BID-11"),
    _b("cue_bid_binding_only_if_other_declarer", False, "HU-BID-14"),
    _b("cue_bid_accept_by_hold_only", False, "HU-BID-14"),
    _b("pajesz_xvii_cue_bid", False, "HU-BID-14"),
    _b("raise_after_uncontested_three", False, "HU-BID-15"),
    OptionSpec("yield_min_tarokks", "int", 0, tuple(range(10)), rule="HU-BID-13"),
    _c("probaharom_levels", ("harom_only", "any"), "HU-BID-9"),
    _c("throw_in_doubling", ("overlapping_rounds", "none", "extra_round",
                             "quadruple_round_extend", "quadruple_round_fixed"), "HU-SESSION-7"),
    _c("all_pass_doubling_scope", ("round", "next_deal"), "HU-SESSION-7"),
    _c("deal_multiplier_scope", ("all_payments", "game_and_bonuses"), "HU-SESSION-8"),
    _b("xx_discard_forbidden", False, "HU-TALON-5"),
    _b("call_any_after_tarokk_discard", True, "HU-CALL-3"),
    _c("tarokk_discard_disclosure", ("after_discard", "first_announcement_turn"), "HU-TALON-7"),
    OptionSpec("annul_hands", "subset", frozenset(ANNUL_HANDS), ANNUL_HANDS, rule="HU-ANNUL-1"),
    _b("annul_after_tarokk_discard", False, "HU-ANNUL-3"),
    _b("self_call_allowed", True, "HU-CALL-3"),
    _b("call_own_discard_allowed", False, "HU-CALL-3"),
    _b("called_card_discarder_states_reason", False, "HU-CALL-6"),
    _b("double_and_volat_same_turn", False, "HU-ANN-7"),
    _b("double_and_volat_same_player_forbidden", False, "HU-ANN-7"),
    _b("tarokk_count_reveals_team", False, "HU-ANN-9"),
    _b("pajesz_tarokk_count_rules", False, "HU-ANN-9"),
    _c("presumption_reference", ("most_recent", "most_active"), "HU-ANN-13"),
    _c("presumption_default", ("declarer_team", "opponents"), "HU-ANN-13"),
    _c("game_suppression", ("standard", "wide"), "HU-SCORE-15"),
    _c("silent_double_volat_needs_game_kontra", ("none", "opponents", "both_teams"),
       "HU-SCORE-15"),
    _b("kontra_multiplies_silent", False, "HU-SCORE-15"),
    _b("silent_trull_with_volat", False, "HU-SCORE-8"),
    _b("silent_kings_with_double", True, "HU-SCORE-8"),
    _b("kontra_game_opponents_need_48", False, "HU-SCORE-3"),
    _c("bonus_values", ("traditional", "modern"), "HU-SCORE-10"),
    _c("kontra_game_scope", ("game_only", "game_and_all_bonuses"), "HU-SCORE-15"),
    _b("pagat_catch_bonus", False, "HU-SCORE-11"),
    _c("unannounced_tarokk_claim", ("holder_choice", "never"), "HU-SCORE-12"),
    _b("five_player_talon_honour_payment", False, "HU-5P-7"),
    _b("five_player_sir_nevet", False, "HU-5P-8"),
    _c("renonsz_penalty", ("none", "minimum_ten"), "HU-IRR-3"),
)
SPEC_BY_KEY = {s.key: s for s in SPECS}


@dataclass(frozen=True, slots=True)
class HungarianOptions:
    """All option values, read by attribute in the hot paths of the engine."""

    players: int
    red_fours: bool
    knock_instead_of_cut: bool
    holding_rule: str
    cue_bid_interpretation: str
    conventions: str
    first_bid_never_cue: bool
    cue_bid_binding_only_if_other_declarer: bool
    cue_bid_accept_by_hold_only: bool
    pajesz_xvii_cue_bid: bool
    raise_after_uncontested_three: bool
    yield_min_tarokks: int
    probaharom_levels: str
    throw_in_doubling: str
    all_pass_doubling_scope: str
    deal_multiplier_scope: str
    xx_discard_forbidden: bool
    call_any_after_tarokk_discard: bool
    tarokk_discard_disclosure: str
    annul_hands: frozenset[str]
    annul_after_tarokk_discard: bool
    self_call_allowed: bool
    call_own_discard_allowed: bool
    called_card_discarder_states_reason: bool
    double_and_volat_same_turn: bool
    double_and_volat_same_player_forbidden: bool
    tarokk_count_reveals_team: bool
    pajesz_tarokk_count_rules: bool
    presumption_reference: str
    presumption_default: str
    game_suppression: str
    silent_double_volat_needs_game_kontra: str
    kontra_multiplies_silent: bool
    silent_trull_with_volat: bool
    silent_kings_with_double: bool
    kontra_game_opponents_need_48: bool
    bonus_values: str
    kontra_game_scope: str
    pagat_catch_bonus: bool
    unannounced_tarokk_claim: str
    five_player_talon_honour_payment: bool
    five_player_sir_nevet: bool
    renonsz_penalty: str

    @classmethod
    def make(cls, given: Mapping[str, Any] | None = None) -> HungarianOptions:
        """Validated options: unknown keys and out-of-range values raise InvalidOptionError."""
        return cls(**parse_options(SPECS, given, GAME_NAME))

    def to_json(self) -> dict[str, Any]:
        return {f.name: SPEC_BY_KEY[f.name].to_json(getattr(self, f.name)) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults, as JSON values."""
        return {k: v for k, v in self.to_json().items()
                if v != SPEC_BY_KEY[k].to_json(SPEC_BY_KEY[k].default)}
