"""The rule options of Hungarian tarokk with their defaults (docs/rules/hungarian-tarokk.md)."""

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
                             "quadruple_round_extend", "quadruple_round_fixed", "reset_round"),
                  "HU-SESSION-7",
                  "How a thrown-in deal doubles the deals that follow"),
    choice_option("all_pass_doubling_scope", ("round", "next_deal"), "HU-SESSION-7",
                  "next_deal: an all-pass doubles only the next scored deal"),
    choice_option("deal_multiplier_scope", ("all_payments", "game_and_bonuses"), "HU-SESSION-8",
                  "Whether doubling covers tarokk counts and the próbahárom"),
    bool_option("xx_discard_forbidden", False, "HU-TALON-5",
                "Nobody may discard the XX"),
    choice_option("call_any_after_tarokk_discard", (True, False, "declarer_holds_xx"),
                  "HU-CALL-3", "A disclosed tarokk discard frees the call (declarer_holds_xx: "
                  "if he holds XX)"),
    choice_option("tarokk_discard_disclosure", ("after_discard", "first_announcement_turn"),
                  "HU-TALON-7",
                  "When non-declarers disclose their discarded tarokks"),
    OptionSpec("annul_hands", "subset", frozenset(ANNUL_HANDS), ANNUL_HANDS, rule="HU-ANNUL-1",
               description="Hands that may throw the deal in"),
    bool_option("annul_after_tarokk_discard", False, "HU-ANNUL-3",
                "A player who discarded a tarokk may still annul"),
    choice_option("self_call_allowed", (True, False, "xx_only"), "HU-CALL-3",
                  "The declarer may call a tarokk of his own hand (xx_only: only the XX)"),
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
                  "Whose silent double or volát counts only with a kontra'd game"),
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
    choice_option("renonsz_penalty", ("none", "minimum_ten", "itvb"), "HU-IRR-3",
                  "Penalty for an irregularity found after the deal"),
    # -- house rules of online play (HU-GEN-7) and keys taken over from Illusztrált (HU-GEN-8)
    bool_option("ultimo_keeps_pagat", True, "HU-PLAY-5",
                "After an ultimó announcement the pagát is kept back for the last trick"),
    choice_option("cue_bid_model", ("standard", "invitation"), "HU-BID-16",
                  "invitation: the promised card joins the callable set instead of being forced"),
    bool_option("cue_bid_requires_great_honour", False, "HU-BID-12",
                "A cue bid also needs the XXI or the skíz in the dealt hand"),
    OptionSpec("cue_bid_min_tarokks", "int", 0, tuple(range(10)), rule="HU-BID-12",
               description="Tarokks the cue bidder needs in his dealt hand"),
    choice_option("failed_probaharom", ("penalty", "throw_in"), "HU-BID-9",
                  "throw_in: a failed próbahárom is thrown in instead of paid"),
    bool_option("promised_card_discard_allowed", False, "HU-TALON-5",
                "The cue bidder may discard the promised card, the yielder the XX"),
    bool_option("ii_callable", True, "HU-CALL-3",
                "The II may be called (as HU-CALL-3 allows)"),
    choice_option("annul_timing", ("after_discard", "before_discard", "until_own_discard"),
                  "HU-ANNUL-5", "When a deal may be annulled"),
    bool_option("promised_card_call_reveals_teams", False, "HU-ANN-12",
                "A call of the promised card makes every side public"),
    choice_option("after_volat_forbidden", ("double", "double_trull_kings"), "HU-ANN-7",
                  "What a team may no longer announce after its volát"),
    OptionSpec("max_kontra_level", "choice", 5, (3, 4, 5, 6), rule="HU-ANN-10",
               description="Highest kontra level of every item (6: a sixth level)"),
    choice_option("lone_declarer_game_value", ("bid", "szolo"), "HU-SCORE-2",
                  "szolo: a lone declarer's game, double and volát count as szóló"),
    bool_option("lone_declarer_gets_all_discards", False, "HU-TALON-6",
                "A lone declarer whose called card was discarded counts all discards"),
    choice_option("volat_silent_suppression", ("made", "made_or_announced",
                                               "made_if_unannounced"), "HU-SCORE-8",
                  "Which volát suppresses the team's silent trull and four kings"),
    bool_option("cue_bidder_may_continue", True, "HU-BID-14",
                "After his cue bid a player may still bid on"),
    choice_option("raise_max_level", ("egy", "szolo"), "HU-BID-15",
                  "Highest level of the raise of a lone három"),
    bool_option("five_player_dealer_blind", False, "HU-5P-3",
                "With five, the dealer never touches the talon or the discards"),
    bool_option("compulsory_kontra_immediate", False, "HU-CALL-6",
                "The called card's discarder kontras in an extra turn at once"),
    choice_option("count_duty", ("announcer", "card_holder"), "HU-ANN-9",
                  "card_holder: no count due for an item whose card a teammate holds"),
    choice_option("trull_conventions", ("off", "itvb"), "HU-ANN-16",
                  "itvb: trull needs a great honour, in the first turn both"),
    choice_option("xxi_catch_values", ("base", "kupa"), "HU-SCORE-10",
                  "kupa: the XXI catch is worth 42 silent, 84 announced"),
    choice_option("pagat_catch_values", ("base", "mkvm"), "HU-SCORE-11",
                  "mkvm: the announced pagát catch is worth 8"),
    choice_option("house_rules", ("standard", "online_app"), "HU-GEN-7",
                  "Preset: online_app plays the house rules of the online app", leading=True),
    # -- the Illusztrált extension (HI-GEN-1); ignored under variant = paskievics
    choice_option("variant", ("paskievics", "illusztralt"), "HU-GEN-8",
                  "The game: standard (Paskievics) or Illusztrált tarokk", leading=True),
    choice_option("sas_bonuses", ("on", "off"), "HI-OPT-1",
                  "Illusztrált: whether sas ultimó and sas uhu exist"),
    choice_option("uhu_value", (15, 20), "HI-OPT-2",
                  "Illusztrált: announced value of pagát uhu and sas uhu"),
    choice_option("kiraly_uhu_value", (20, 15), "HI-OPT-3",
                  "Illusztrált: announced value of király uhu"),
    bool_option("one_bonus_per_trick", True, "HI-OPT-6",
                "Illusztrált: at most one bonus announced for each trick"),
    choice_option("ulti_uhu_same_card", ("forbidden", "partner_upgrade"), "HI-OPT-7",
                  "Illusztrált: ultimó and uhu on one card"),
    choice_option("bird_attribution", ("itvb", "bte", "none"), "HI-OPT-8",
                  "Illusztrált: whose birds an announcement claims"),
    choice_option("count_required_items", ("pagat_sas", "pagat_sas_kiraly"), "HI-OPT-9",
                  "Illusztrált: which items make a tarokk count due"),
    choice_option("hi_preset", ("none", "itvb_2019"), "HI-OPT-24",
                  "Illusztrált preset: itvb_2019 plays the tournament rules", leading=True),
)
SPEC_BY_KEY = {s.key: s for s in SPECS}

# The presets (HU-GEN-4): the keys each value sets, before the keys set explicitly.
PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "house_rules": {
        "standard": {},
        "online_app": {  # HU-GEN-7
            "ultimo_keeps_pagat": False, "cue_bid_model": "invitation",
            "cue_bid_requires_great_honour": True, "cue_bid_min_tarokks": 5,
            "failed_probaharom": "throw_in", "promised_card_discard_allowed": True,
            "ii_callable": False, "annul_timing": "until_own_discard",
            "promised_card_call_reveals_teams": True,
            "after_volat_forbidden": "double_trull_kings", "max_kontra_level": 6,
            "lone_declarer_game_value": "szolo", "lone_declarer_gets_all_discards": True,
            "volat_silent_suppression": "made_or_announced", "throw_in_doubling": "reset_round",
            "yield_min_tarokks": 5, "tarokk_count_reveals_team": True,
            "double_and_volat_same_turn": True, "call_own_discard_allowed": True,
            "called_card_discarder_states_reason": True, "unannounced_tarokk_claim": "never",
        },
    },
    "hi_preset": {
        "none": {},
        "itvb_2019": {  # HI-OPT-24, as a secondary report gives the tournament rules
            "raise_after_uncontested_three": True, "raise_max_level": "szolo",
            "yield_min_tarokks": 5, "cue_bid_min_tarokks": 5, "cue_bidder_may_continue": False,
            "five_player_dealer_blind": True, "xx_discard_forbidden": True,
            "self_call_allowed": "xx_only", "call_any_after_tarokk_discard": "declarer_holds_xx",
            "lone_declarer_gets_all_discards": True, "compulsory_kontra_immediate": True,
            "annul_timing": "before_discard", "tarokk_count_reveals_team": True,
            "count_duty": "card_holder", "after_volat_forbidden": "double_trull_kings",
            "double_and_volat_same_turn": True, "trull_conventions": "itvb",
            "max_kontra_level": 4, "throw_in_doubling": "none", "renonsz_penalty": "itvb",
        },
    },
}

# Keys of earlier versions of the rules, refused with what replaces them: key -> (replacement,
# the rule it belongs to).
WITHDRAWN: dict[str, tuple[str, str]] = {
    "cue_bid_requirements": (
        "cue_bid_requires_great_honour=true with cue_bid_min_tarokks=5", "HU-BID-12"),
    "announced_volat_suppresses_silent": (
        "volat_silent_suppression=made_or_announced", "HU-SCORE-8"),
    "volat_kills_silent_bonuses": (
        "volat_silent_suppression (any is made, silent_volat_only is made_if_unannounced)",
        "HU-SCORE-8"),
    "free_call_requires_declarer_xx": (
        "call_any_after_tarokk_discard=declarer_holds_xx with self_call_allowed=xx_only",
        "HU-CALL-3"),
}


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
    call_any_after_tarokk_discard: bool | str  # or "declarer_holds_xx"
    tarokk_discard_disclosure: str
    annul_hands: frozenset[str]
    annul_after_tarokk_discard: bool
    self_call_allowed: bool | str  # or "xx_only"
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
    ultimo_keeps_pagat: bool
    cue_bid_model: str
    cue_bid_requires_great_honour: bool
    cue_bid_min_tarokks: int
    failed_probaharom: str
    promised_card_discard_allowed: bool
    ii_callable: bool
    annul_timing: str
    promised_card_call_reveals_teams: bool
    after_volat_forbidden: str
    max_kontra_level: int
    lone_declarer_game_value: str
    lone_declarer_gets_all_discards: bool
    volat_silent_suppression: str
    cue_bidder_may_continue: bool
    raise_max_level: str
    five_player_dealer_blind: bool
    compulsory_kontra_immediate: bool
    count_duty: str
    trull_conventions: str
    xxi_catch_values: str
    pagat_catch_values: str
    house_rules: str
    variant: str
    sas_bonuses: str
    uhu_value: int
    kiraly_uhu_value: int
    one_bonus_per_trick: bool
    ulti_uhu_same_card: str
    bird_attribution: str
    count_required_items: str
    hi_preset: str

    @classmethod
    def make(cls, given: Mapping[str, Any] | None = None) -> HungarianOptions:
        """Validated options with the presets applied (HU-GEN-4): a key set explicitly wins,
        then ``hi_preset`` (only under ``variant`` = illusztralt), then ``house_rules``, then
        the default. Withdrawn keys are refused with their replacement named."""
        given = dict(given or {})
        for key in given:
            if key in WITHDRAWN:
                replacement, rule = WITHDRAWN[key]
                raise InvalidOptionError(f"option {key!r} is withdrawn", rule=rule,
                                         expected=replacement)
        explicit = parse_options(SPECS, given, GAME_NAME)
        values = dict(PRESETS["house_rules"][explicit["house_rules"]])
        if explicit["variant"] == "illusztralt":
            values.update(PRESETS["hi_preset"][explicit["hi_preset"]])
        values.update(parse_options(SPECS, values, GAME_NAME))
        values.update({k: v for k, v in explicit.items() if k in given})
        opt = cls(**values)
        opt.check_combinations()
        return opt

    def check_combinations(self) -> None:
        """HU-BID-11: the invitation model of cue bids has no binding cue bid, so it cannot be
        combined with the two options that change when a cue bid binds."""
        if self.cue_bid_model == "invitation" and (self.cue_bid_accept_by_hold_only
                                                   or self.cue_bid_binding_only_if_other_declarer):
            raise InvalidOptionError(
                "cue_bid_model = invitation cannot be combined with cue_bid_accept_by_hold_only "
                "or cue_bid_binding_only_if_other_declarer", rule="HU-BID-11",
                expected="cue_bid_model = standard, or neither of the two options")

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults, as JSON values."""
        return {k: v for k, v in self.to_json().items()
                if v != SPEC_BY_KEY[k].to_json(SPEC_BY_KEY[k].default)}
