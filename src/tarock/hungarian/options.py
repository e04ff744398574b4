"""The rule options of Hungarian tarokk with their defaults (docs/rules/hungarian-tarokk.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tarock.core.options import OptionSpec, OptionValues, bool_option, choice_option

GAME_NAME = "hungarian-tarokk"
ANNUL_HANDS = ("four_kings", "xxi_alone", "pagat_alone", "no_tarokk", "xxi_pagat_alone")


SPECS: tuple[OptionSpec, ...] = (
    choice_option("players", (4, 5), "HU-SESSION-1"),
    bool_option("red_fours", False, "HU-DECK-6"),
    bool_option("knock_instead_of_cut", False, "HU-DEAL-4"),
    choice_option("holding_rule", ("modern", "old_priority"), "HU-BID-6"),
    choice_option("cue_bid_interpretation",
       ("modern", "old_answerable_only_at_szolo", "old_any_jump_to_szolo"), "HU-BID-14"),
    choice_option("conventions", ("standard", "none"), "HU-BID-14"),
    bool_option("first_bid_never_cue", False, "HU-BID-11"),
    bool_option("cue_bid_binding_only_if_other_declarer", False, "HU-BID-14"),
    bool_option("cue_bid_accept_by_hold_only", False, "HU-BID-14"),
    bool_option("pajesz_xvii_cue_bid", False, "HU-BID-14"),
    bool_option("raise_after_uncontested_three", False, "HU-BID-15"),
    OptionSpec("yield_min_tarokks", "int", 0, tuple(range(10)), rule="HU-BID-13"),
    choice_option("probaharom_levels", ("harom_only", "any"), "HU-BID-9"),
    choice_option("throw_in_doubling", ("overlapping_rounds", "none", "extra_round",
                             "quadruple_round_extend", "quadruple_round_fixed"), "HU-SESSION-7"),
    choice_option("all_pass_doubling_scope", ("round", "next_deal"), "HU-SESSION-7"),
    choice_option("deal_multiplier_scope", ("all_payments", "game_and_bonuses"), "HU-SESSION-8"),
    bool_option("xx_discard_forbidden", False, "HU-TALON-5"),
    bool_option("call_any_after_tarokk_discard", True, "HU-CALL-3"),
    choice_option("tarokk_discard_disclosure", ("after_discard", "first_announcement_turn"),
                  "HU-TALON-7"),
    OptionSpec("annul_hands", "subset", frozenset(ANNUL_HANDS), ANNUL_HANDS, rule="HU-ANNUL-1"),
    bool_option("annul_after_tarokk_discard", False, "HU-ANNUL-3"),
    bool_option("self_call_allowed", True, "HU-CALL-3"),
    bool_option("call_own_discard_allowed", False, "HU-CALL-3"),
    bool_option("called_card_discarder_states_reason", False, "HU-CALL-6"),
    bool_option("double_and_volat_same_turn", False, "HU-ANN-7"),
    bool_option("double_and_volat_same_player_forbidden", False, "HU-ANN-7"),
    bool_option("tarokk_count_reveals_team", False, "HU-ANN-9"),
    bool_option("pajesz_tarokk_count_rules", False, "HU-ANN-9"),
    choice_option("presumption_reference", ("most_recent", "most_active"), "HU-ANN-13"),
    choice_option("presumption_default", ("declarer_team", "opponents"), "HU-ANN-13"),
    choice_option("game_suppression", ("standard", "wide"), "HU-SCORE-15"),
    choice_option("silent_double_volat_needs_game_kontra", ("none", "opponents", "both_teams"),
       "HU-SCORE-15"),
    bool_option("kontra_multiplies_silent", False, "HU-SCORE-15"),
    bool_option("silent_trull_with_volat", False, "HU-SCORE-8"),
    bool_option("silent_kings_with_double", True, "HU-SCORE-8"),
    bool_option("kontra_game_opponents_need_48", False, "HU-SCORE-3"),
    choice_option("bonus_values", ("traditional", "modern"), "HU-SCORE-10"),
    choice_option("kontra_game_scope", ("game_only", "game_and_all_bonuses"), "HU-SCORE-15"),
    bool_option("pagat_catch_bonus", False, "HU-SCORE-11"),
    choice_option("unannounced_tarokk_claim", ("holder_choice", "never"), "HU-SCORE-12"),
    bool_option("five_player_talon_honour_payment", False, "HU-5P-7"),
    bool_option("five_player_sir_nevet", False, "HU-5P-8"),
    choice_option("renonsz_penalty", ("none", "minimum_ten"), "HU-IRR-3"),
)
SPEC_BY_KEY = {s.key: s for s in SPECS}


@dataclass(frozen=True, slots=True)
class HungarianOptions(OptionValues):
    """All option values, read by attribute in the hot paths of the engine (``make`` and
    ``to_json`` come from the core)."""

    SPECS: ClassVar[tuple[OptionSpec, ...]] = SPECS
    GAME: ClassVar[str] = GAME_NAME

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

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults, as JSON values."""
        return {k: v for k, v in self.to_json().items()
                if v != SPEC_BY_KEY[k].to_json(SPEC_BY_KEY[k].default)}
