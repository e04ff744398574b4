"""The rule options of Hungarian tarokk with their defaults (docs/rules/hungarian-tarokk.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tarock.core.options import OptionSpec, OptionValues, bool_option, choice_option

GAME_NAME = "hungarian-tarokk"
ANNUL_HANDS = ("four_kings", "xxi_alone", "pagat_alone", "no_tarokk", "xxi_pagat_alone")


SPECS: tuple[OptionSpec, ...] = (
    choice_option("players", (4, 5), "HU-SESSION-1",
                  "People at the table; with five, the dealer sits out each deal"),
    bool_option("red_fours", False, "HU-DECK-6",
                "Show fours instead of the red aces; play is unchanged"),
    bool_option("knock_instead_of_cut", False, "HU-DEAL-4",
                "The cutter may knock; players then choose nine-card packets"),
    choice_option("holding_rule", ("modern", "old_priority"), "HU-BID-6",
                  "old_priority: hold only the bids of players later in the order"),
    choice_option("cue_bid_interpretation",
       ("modern", "old_answerable_only_at_szolo", "old_any_jump_to_szolo"), "HU-BID-14",
                  "Which card a jump bid promises (modern, or an old reading)"),
    choice_option("conventions", ("standard", "none"), "HU-BID-14",
                  "none: no cue bids and no yielded games"),
    bool_option("first_bid_never_cue", False, "HU-BID-11",
                "The first bid of the auction is never a cue bid"),
    bool_option("cue_bid_binding_only_if_other_declarer", False, "HU-BID-14",
                "A cue bid needs its card only if someone else declares"),
    bool_option("cue_bid_accept_by_hold_only", False, "HU-BID-14",
                "A cue bid binds only once another bidder holds it"),
    bool_option("pajesz_xvii_cue_bid", False, "HU-BID-14",
                "A second-turn jump after a minimum bid shows the XVII"),
    bool_option("raise_after_uncontested_three", False, "HU-BID-15",
                "A declarer whose három stood alone may raise it"),
    OptionSpec("yield_min_tarokks", "int", 0, tuple(range(10)), rule="HU-BID-13",
               description="Tarokks a player needs to yield the game"),
    choice_option("probaharom_levels", ("harom_only", "any"), "HU-BID-9",
                  "Levels allowed for the honourless fourth-hand bid"),
    choice_option("throw_in_doubling", ("overlapping_rounds", "none", "extra_round",
                             "quadruple_round_extend", "quadruple_round_fixed"), "HU-SESSION-7",
                  "How a thrown-in deal doubles the deals that follow"),
    choice_option("all_pass_doubling_scope", ("round", "next_deal"), "HU-SESSION-7",
                  "next_deal: an all-pass doubles only the next scored deal"),
    choice_option("deal_multiplier_scope", ("all_payments", "game_and_bonuses"), "HU-SESSION-8",
                  "Whether doubling covers tarokk counts and the próbahárom"),
    bool_option("xx_discard_forbidden", False, "HU-TALON-5",
                "Nobody may discard the XX"),
    bool_option("call_any_after_tarokk_discard", True, "HU-CALL-3",
                "A disclosed tarokk discard frees the partner call"),
    choice_option("tarokk_discard_disclosure", ("after_discard", "first_announcement_turn"),
                  "HU-TALON-7",
                  "When non-declarers disclose their discarded tarokks"),
    OptionSpec("annul_hands", "subset", frozenset(ANNUL_HANDS), ANNUL_HANDS, rule="HU-ANNUL-1",
               description="Hands that may throw the deal in"),
    bool_option("annul_after_tarokk_discard", False, "HU-ANNUL-3",
                "A player who discarded a tarokk may still annul"),
    bool_option("self_call_allowed", True, "HU-CALL-3",
                "The declarer may call a tarokk of his own hand and play alone"),
    bool_option("call_own_discard_allowed", False, "HU-CALL-3",
                "The declarer may call a tarokk from his own discards"),
    bool_option("called_card_discarder_states_reason", False, "HU-CALL-6",
                "The discarder of the called card says why he kontras"),
    bool_option("double_and_volat_same_turn", False, "HU-ANN-7",
                "Double and volát may be announced in one turn"),
    bool_option("double_and_volat_same_player_forbidden", False, "HU-ANN-7",
                "One player may not announce both double and volát"),
    bool_option("tarokk_count_reveals_team", False, "HU-ANN-9",
                "A tarokk count shows the counter's team"),
    bool_option("pajesz_tarokk_count_rules", False, "HU-ANN-9",
                "Stricter duties to announce tarokk counts"),
    choice_option("presumption_reference", ("most_recent", "most_active"), "HU-ANN-13",
                  "Which announcement sets the presumed team"),
    choice_option("presumption_default", ("declarer_team", "opponents"), "HU-ANN-13",
                  "The presumed team before any announcement"),
    choice_option("game_suppression", ("standard", "wide"), "HU-SCORE-15",
                  "wide: an announced or made double or volát cancels the game"),
    choice_option("silent_double_volat_needs_game_kontra", ("none", "opponents", "both_teams"),
       "HU-SCORE-15",
                  "Silent double or volát count only with a kontra'd game"),
    bool_option("kontra_multiplies_silent", False, "HU-SCORE-15",
                "A kontra'd game multiplies the silent double or volát"),
    bool_option("silent_trull_with_volat", False, "HU-SCORE-8",
                "A silent trull still counts after a volát"),
    bool_option("silent_kings_with_double", True, "HU-SCORE-8",
                "Silent four kings still count with 71 or more"),
    bool_option("kontra_game_opponents_need_48", False, "HU-SCORE-3",
                "With the game kontra'd, 47 card points win it for the declarer"),
    choice_option("bonus_values", ("traditional", "modern"), "HU-SCORE-10",
                  "Table of bonus values: traditional or modern"),
    choice_option("kontra_game_scope", ("game_only", "game_and_all_bonuses"), "HU-SCORE-15",
                  "Whether a kontra on the game multiplies every bonus"),
    bool_option("pagat_catch_bonus", False, "HU-SCORE-11",
                "Adds the pagát catch bonus"),
    choice_option("unannounced_tarokk_claim", ("holder_choice", "never"), "HU-SCORE-12",
                  "never: unannounced tarokk counts cannot be claimed"),
    bool_option("five_player_talon_honour_payment", False, "HU-5P-7",
                "Honours from the talon pay the sitting-out dealer"),
    bool_option("five_player_sir_nevet", False, "HU-5P-8",
                "The sitting-out dealer shares the opponents' result"),
    choice_option("renonsz_penalty", ("none", "minimum_ten"), "HU-IRR-3",
                  "Penalty for an irregularity found after the deal"),
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
