"""Scoring and settlement of a Hungarian tarokk deal (§11 HU-SCORE, HU-5P-7/8, HU-IRR-3).

Pure functions from a :class:`~tarock.hungarian.outcome.DealOutcome` to a :class:`Settlement`.
:func:`score_deal` follows the normative pseudo-code HU-SCORE-16 step by step; every team payment
it makes is also recorded as a JSON-ready item, so a record can show why the deltas are what they
are.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tarock.hungarian import illusztralt as hi
from tarock.hungarian.cards import DECK, HONOURS, KINGS, T1, T21, T22, TOTAL_POINTS, bit
from tarock.hungarian.options import HungarianOptions
from tarock.hungarian.outcome import DECLARER_TEAM, OPPONENTS, DealOutcome, Trick

TEAMS = (DECLARER_TEAM, OPPONENTS)
OTHER = {DECLARER_TEAM: OPPONENTS, OPPONENTS: DECLARER_TEAM}
TEAM_NAME = {DECLARER_TEAM: "declarer", OPPONENTS: "opponents"}
CARD_BONUSES = ("trull", "four_kings", "ultimo", "xxi_catch", "pagat_catch")
# (silent, announced) values of the bonuses that do not depend on G (HU-SCORE-10, HU-SCORE-11).
BONUS_VALUES = {
    "traditional": {"trull": (1, 2), "four_kings": (1, 2), "ultimo": (5, 10),
                    "xxi_catch": (21, 42), "pagat_catch": (4, 10)},
    "modern": {"trull": (1, 2), "four_kings": (2, 4), "ultimo": (6, 12),
               "xxi_catch": (30, 60), "pagat_catch": (4, 10)},
}
KUPA_XXI_CATCH = (42, 84)  # `xxi_catch_values` = kupa (HU-SCORE-10)
MKVM_PAGAT_CATCH = (4, 8)  # `pagat_catch_values` = mkvm (HU-SCORE-11)
# The teams whose silent double or volát needs a kontra'd game (HU-SCORE-15).
NEEDS_GAME_KONTRA = {"none": (), "opponents": (OPPONENTS,), "both_teams": TEAMS}
TALON_HONOUR_PAYMENT = {T22: 3, T21: 2, T1: 1}  # HU-5P-7
RENONSZ_FLOOR = 10  # HU-IRR-3
RENONSZ_ITVB_FLOOR, RENONSZ_ITVB_CAP = 5, 20  # HU-IRR-3, renonsz_penalty = itvb


@dataclass(frozen=True)
class Settlement:
    """The result of scoring one deal.

    ``deltas`` has one entry per seat and sums to zero (HU-SCORE-14). ``value`` is the net value
    of the deal for team d before the deal multiplier (``net`` in HU-SCORE-16); the team items
    (declarer positive, opponents negative) sum to it. ``caught_xxi_holder`` is the seat whose T21
    was caught, for the mayor's hat (HU-SESSION-11).
    """

    deltas: tuple[int, ...]
    value: int
    items: tuple[dict[str, Any], ...]
    caught_xxi_holder: int | None


class _Ledger:
    """The team payments of HU-SCORE-16 (``pay``), with one item per payment."""

    def __init__(self) -> None:
        self.net = 0
        self.items: list[dict[str, Any]] = []

    def pay(self, team: str, item: str, points: int, kind: str) -> None:
        """Team ``team`` receives ``points`` (before M) for ``item`` (HU-SCORE-16 ``pay``)."""
        self.net += points if team == DECLARER_TEAM else -points
        self.items.append({"item": item, "team": TEAM_NAME[team], "points": points, "kind": kind})


# -- facts about the played deal (HU-SCORE-1, HU-ANN-4, HU-SCORE-9, HU-SCORE-11) ---------------


def members(outcome: DealOutcome, team: str) -> tuple[int, ...]:
    """The active players of ``team`` (HU-CALL-5: a lone declarer is team d by himself)."""
    return tuple(s for s in outcome.active if outcome.team_of(s) == team)


def _won_tricks(outcome: DealOutcome, team: str) -> list[Trick]:
    return [t for t in outcome.tricks if outcome.team_of(t.winner) == team]


def _won_cards(outcome: DealOutcome, team: str) -> int:
    mask = 0
    for trick in _won_tricks(outcome, team):
        for card in trick.cards:
            mask |= bit(card)
    return mask


def card_points(outcome: DealOutcome, team: str) -> int:
    """Card points of ``team`` (HU-SCORE-1): d counts its tricks plus the declarer's discards;
    o has the rest of the 94, i.e. its tricks and the common discard pile. Under
    ``lone_declarer_gets_all_discards`` a declarer alone because his called card was discarded
    counts every discard pile."""
    piles = outcome.declarer_discards
    if outcome.options.lone_declarer_gets_all_discards and outcome.called_card_discarded:
        piles |= outcome.other_discards
    points_d = DECK.mask_points(_won_cards(outcome, DECLARER_TEAM) | piles)
    return points_d if team == DECLARER_TEAM else TOTAL_POINTS - points_d


def tricks_won(outcome: DealOutcome, team: str) -> int:
    """The number of tricks won by members of ``team`` (HU-SCORE-1)."""
    return len(_won_tricks(outcome, team))


def _player_of(trick: Trick, card: int) -> int | None:
    """The seat that played ``card`` to ``trick``, or None."""
    return trick.seats[trick.cards.index(card)] if card in trick.cards else None


def _last_trick(outcome: DealOutcome) -> Trick | None:
    """Trick 9, if the deal was played to the end (HU-SCORE-9)."""
    return outcome.tricks[8] if len(outcome.tricks) == 9 else None


def _pagat_in_last_trick(outcome: DealOutcome, team: str) -> Trick | None:
    """Trick 9 if a member of ``team`` played T1 to it (HU-SCORE-9), else None."""
    last = _last_trick(outcome)
    if last is None:
        return None
    player = _player_of(last, T1)
    return last if player is not None and outcome.team_of(player) == team else None


def pagat_lost_last_trick(outcome: DealOutcome, team: str) -> bool:
    """A member of ``team`` played T1 to trick 9 and T1 did not win it (HU-SCORE-9), even if a
    teammate won the trick."""
    last = _pagat_in_last_trick(outcome, team)
    return last is not None and _player_of(last, T1) != last.winner


def _xxi_catch_trick(outcome: DealOutcome, team: str) -> Trick | None:
    """The trick in which T22 of ``team`` caught T21 of the other team (HU-ANN-4), or None."""
    for trick in outcome.tricks:
        p22, p21 = _player_of(trick, T22), _player_of(trick, T21)
        if (p22 is not None and p21 is not None and outcome.team_of(p22) == team
                and outcome.team_of(p21) != team):
            return trick
    return None


def caught_xxi_holder(outcome: DealOutcome) -> int | None:
    """The seat whose T21 was caught by the other team's T22, the new mayor (HU-SESSION-11)."""
    for team in TEAMS:
        trick = _xxi_catch_trick(outcome, team)
        if trick is not None:
            return _player_of(trick, T21)
    return None


def _pagat_caught(outcome: DealOutcome, team: str) -> bool:
    """``team`` won a trick containing T1 played by the other team (HU-SCORE-11)."""
    for trick in _won_tricks(outcome, team):
        player = _player_of(trick, T1)
        if player is not None and outcome.team_of(player) != team:
            return True
    return False


def achieved(outcome: DealOutcome, team: str, bonus: str) -> bool:
    """Whether ``team`` achieved one of the card bonuses (HU-ANN-4, HU-SCORE-9, HU-SCORE-11).

    Trull and four kings are judged on the tricks so far, ultimo only on a played trick 9.
    """
    if bonus == "trull":
        return _won_cards(outcome, team) & HONOURS == HONOURS
    if bonus == "four_kings":
        return _won_cards(outcome, team) & KINGS == KINGS
    if bonus == "ultimo":
        last = _pagat_in_last_trick(outcome, team)
        return last is not None and _player_of(last, T1) == last.winner
    if bonus == "xxi_catch":
        return _xxi_catch_trick(outcome, team) is not None
    if bonus == "pagat_catch":
        return _pagat_caught(outcome, team)
    if bonus in hi.TRICK_BOUND:  # HI-BON-11
        return hi.achieved(outcome.tricks, outcome.team_of, team, bonus)
    raise ValueError(f"unknown bonus {bonus!r}")


# -- values and multipliers (HU-SCORE-5, HU-SCORE-7, HU-SCORE-10, HU-SESSION-8) ---------------


def announced_k(outcome: DealOutcome, team: str, bonus: str) -> int | None:
    """None if ``team`` did not announce ``bonus``, else its kontra multiplier (HU-SCORE-7)."""
    level = outcome.kontra.get((team, bonus))
    return None if level is None else 1 << level


def _game_k(outcome: DealOutcome) -> int:
    """kG, the multiplier of the game (HU-SCORE-7)."""
    return 1 << outcome.kontra[(DECLARER_TEAM, "game")]


def _bonus_k(outcome: DealOutcome) -> int:
    """kB: kG under ``kontra_game_scope`` = game_and_all_bonuses, else 1 (HU-SCORE-15)."""
    scope = outcome.options.kontra_game_scope
    return _game_k(outcome) if scope == "game_and_all_bonuses" else 1


def _card_bonus_values(options: HungarianOptions, bonus: str) -> tuple[int, int]:
    """(silent, announced) of a card bonus: ``bonus_values``, then ``xxi_catch_values`` and
    ``pagat_catch_values`` (HU-SCORE-10, HU-SCORE-11)."""
    if bonus == "xxi_catch" and options.xxi_catch_values == "kupa":
        return KUPA_XXI_CATCH
    if bonus == "pagat_catch" and options.pagat_catch_values == "mkvm":
        return MKVM_PAGAT_CATCH
    return BONUS_VALUES[options.bonus_values][bonus]


def silent_value(options: HungarianOptions, bonus: str) -> int | None:
    """The silent value of a card bonus (HU-SCORE-10, HU-SCORE-11), None for the Illusztrált
    bonuses that score only when announced (HI-SCORE-1)."""
    if bonus in hi.TRICK_BOUND and bonus != "ultimo":
        return hi.values(options, bonus)[0]
    return _card_bonus_values(options, bonus)[0]


def announced_value(options: HungarianOptions, level: int, bonus: str) -> int:
    """The announced value of any bonus, the G-based ones at game level ``level`` (HU-ANN-4,
    HU-SCORE-5, HU-SCORE-10)."""
    if bonus == "double":
        return 4 * level
    if bonus == "volat":
        return 6 * level
    if bonus in hi.TRICK_BOUND and bonus != "ultimo":
        return hi.values(options, bonus)[1]
    return _card_bonus_values(options, bonus)[1]


def _count_multiplier(options: HungarianOptions, multiplier: int) -> int:
    """Mc, the multiplier of tarokk counts and the próbahárom penalty (HU-SESSION-8)."""
    return multiplier if options.deal_multiplier_scope == "all_payments" else 1


# -- step 1: game, double game, volát (HU-SCORE-3, HU-SCORE-4, HU-SCORE-15) -------------------


def _game_winner(outcome: DealOutcome, points_d: int) -> str:
    """W of HU-SCORE-3, with Dr. Kovács's 47 under ``kontra_game_opponents_need_48``."""
    kontrad = outcome.options.kontra_game_opponents_need_48 and _game_k(outcome) > 1
    return DECLARER_TEAM if points_d >= (47 if kontrad else 48) else OPPONENTS


def _announced_double_volat(outcome: DealOutcome, ledger: _Ledger, ach_d: dict[str, bool],
                            ach_v: dict[str, bool]) -> None:
    """Announced double and volát, won or lost, times their own k and kB (HU-SCORE-4/5)."""
    kb = _bonus_k(outcome)
    for t in TEAMS:
        for bonus, ach in (("double", ach_d), ("volat", ach_v)):
            k = announced_k(outcome, t, bonus)
            if k:
                value = announced_value(outcome.options, outcome.level, bonus) * k * kb
                ledger.pay(t if ach[t] else OTHER[t], bonus, value, "announced")


def _silent_double_volat(outcome: DealOutcome, ach_d: dict[str, bool],
                         ach_v: dict[str, bool]) -> dict[str, int]:
    """Each team's silent double (2G) or volát (3G), 0 if none or denied (HU-SCORE-4 rules 2-4,
    HU-SCORE-15 ``silent_double_volat_needs_game_kontra`` and ``game_suppression``)."""
    opt, g = outcome.options, outcome.level
    wide = opt.game_suppression == "wide"
    vol_event = any(announced_k(outcome, t, "volat") or ach_v[t] for t in TEAMS)
    needs_kontra = NEEDS_GAME_KONTRA[opt.silent_double_volat_needs_game_kontra]
    silent = {DECLARER_TEAM: 0, OPPONENTS: 0}
    for t in TEAMS:
        if _game_k(outcome) == 1 and t in needs_kontra:
            continue
        if ach_v[t] and not announced_k(outcome, t, "volat"):
            silent[t] = 3 * g
        elif (ach_d[t] and not announced_k(outcome, t, "double")
              and not announced_k(outcome, t, "volat") and not (wide and vol_event)):
            silent[t] = 2 * g
    return silent


def _silent_name(silent: int, level: int) -> str:
    return "volat" if silent == 3 * level else "double"


def _kontra_game(outcome: DealOutcome, ledger: _Ledger, winner: str,
                 silent: dict[str, int]) -> None:
    """A kontra'd game: always scored as G × kG; silent double or volát added, or multiplied
    under ``kontra_multiplies_silent`` (HU-SCORE-4 rules 5-6, HU-SCORE-15)."""
    g, kg, kb = outcome.level, _game_k(outcome), _bonus_k(outcome)
    silent = dict(silent)
    if outcome.options.kontra_multiplies_silent and silent[winner]:
        ledger.pay(winner, _silent_name(silent[winner], g), silent[winner] * kg, "silent")
        silent[winner] = 0
    else:
        ledger.pay(winner, "game", g * kg, "game")
    for t in TEAMS:
        if silent[t]:
            ledger.pay(t, _silent_name(silent[t], g), silent[t] * kb, "silent")


def _plain_game(outcome: DealOutcome, ledger: _Ledger, winner: str, silent: dict[str, int],
                events: bool) -> None:
    """No kontra on the game: a silent double or volát replaces the game, and a team that
    announced double or volát never scores it (HU-SCORE-4 rules 1-4, ``game_suppression``)."""
    g = outcome.level
    for t in TEAMS:
        if silent[t]:
            ledger.pay(t, _silent_name(silent[t], g), silent[t], "silent")
    game_ok = (not announced_k(outcome, winner, "double")
               and not announced_k(outcome, winner, "volat") and silent[winner] == 0)
    if outcome.options.game_suppression == "wide" and events:
        game_ok = False
    if game_ok:
        ledger.pay(winner, "game", g, "game")


def _score_game_complex(outcome: DealOutcome, ledger: _Ledger, points: dict[str, int],
                        tricks: dict[str, int]) -> None:
    """Step 1 of HU-SCORE-16: game, double game and volát."""
    winner = _game_winner(outcome, points[DECLARER_TEAM])
    ach_d = {t: points[t] >= 71 for t in TEAMS}
    ach_v = {t: tricks[t] == 9 for t in TEAMS}
    events = any(ach_d[t] or ach_v[t] or announced_k(outcome, t, "double")
                 or announced_k(outcome, t, "volat") for t in TEAMS)
    _announced_double_volat(outcome, ledger, ach_d, ach_v)
    silent = _silent_double_volat(outcome, ach_d, ach_v)
    if _game_k(outcome) > 1:
        _kontra_game(outcome, ledger, winner, silent)
    else:
        _plain_game(outcome, ledger, winner, silent, events)


# -- step 2: the other bonuses (HU-SCORE-6 .. HU-SCORE-11) -----------------------------------


def _scored_bonuses(options: HungarianOptions) -> tuple[str, ...]:
    """The card bonuses in play; pagát-catch only under ``pagat_catch_bonus`` (HU-SCORE-11);
    under Illusztrált its bonuses too, in their display order (HI-SCORE-6)."""
    if options.variant == "illusztralt":
        return hi.hi_bonuses(options)
    return CARD_BONUSES if options.pagat_catch_bonus else CARD_BONUSES[:-1]


def _suppressing_volat(outcome: DealOutcome, team: str, all_tricks: bool) -> bool:
    """Whether ``team`` has a volát that suppresses its silent trull and four kings, by
    ``volat_silent_suppression`` (HU-SCORE-8)."""
    rule = outcome.options.volat_silent_suppression
    announced = announced_k(outcome, team, "volat") is not None
    if rule == "made_if_unannounced":
        return all_tricks and not announced
    return all_tricks or (rule == "made_or_announced" and announced)


def _suppressed(options: HungarianOptions, bonus: str, volat: bool, double: bool) -> bool:
    """Silent trull / four kings suppressed by volát or double (HU-SCORE-8)."""
    if bonus == "four_kings":
        return volat or (double and not options.silent_kings_with_double)
    return bonus == "trull" and volat and not options.silent_trull_with_volat


def _score_bonuses(outcome: DealOutcome, ledger: _Ledger, points: dict[str, int],
                   tricks: dict[str, int]) -> None:
    """Step 2 of HU-SCORE-16: the per-team model of HU-SCORE-6 with kB (HU-SCORE-15)."""
    opt, kb = outcome.options, _bonus_k(outcome)
    for bonus in _scored_bonuses(opt):
        for t in TEAMS:
            done = achieved(outcome, t, bonus)
            k = announced_k(outcome, t, bonus)
            if k:
                value = announced_value(opt, outcome.level, bonus) * k * kb
                ledger.pay(t if done else OTHER[t], bonus, value, "announced")
                continue
            silent = silent_value(opt, bonus)
            if silent is None:
                continue  # announced only (HI-BON-8)
            volat = _suppressing_volat(outcome, t, tricks[t] == 9)
            if done and not _suppressed(opt, bonus, volat, points[t] >= 71):
                ledger.pay(t, bonus, silent * kb, "silent")
            if bonus == "ultimo" and pagat_lost_last_trick(outcome, t):
                ledger.pay(OTHER[t], bonus, silent * kb, "silent")
            if bonus == "sas_ultimo" and hi.silent_failed(outcome.tricks, outcome.team_of, t,
                                                          bonus):
                ledger.pay(OTHER[t], bonus, silent * kb, "silent")  # HI-BON-6


# -- step 3: settlement between players (HU-SCORE-12, HU-SCORE-13, HU-5P-7, HU-5P-8) ---------


def _settle_value(outcome: DealOutcome, deltas: list[int], value: int) -> None:
    """V to every d member, or 3V to a lone declarer; −V to every opponent (HU-SCORE-13)."""
    team_d = members(outcome, DECLARER_TEAM)
    for q in team_d:
        deltas[q] += value * (3 if len(team_d) == 1 else 1)
    for q in members(outcome, OPPONENTS):
        deltas[q] -= value


def _pay_counts(outcome: DealOutcome, deltas: list[int]) -> list[dict[str, Any]]:
    """Announced tarokk counts: n × Mc from each other active player (HU-SCORE-12)."""
    mc = _count_multiplier(outcome.options, outcome.multiplier)
    items = []
    for p, count in sorted(outcome.counts.items()):
        amount = (count - 7) * mc
        for q in outcome.active:
            if q != p:
                deltas[q] -= amount
                deltas[p] += amount
        items.append({"item": "count", "seat": p, "points": amount * (len(outcome.active) - 1)})
    return items


def _pay_claims(outcome: DealOutcome, deltas: list[int]) -> list[dict[str, Any]]:
    """Claimed unannounced counts: n × Mc from each teammate; a lone declarer has none
    (HU-SCORE-12, option ``unannounced_tarokk_claim``)."""
    if outcome.options.unannounced_tarokk_claim == "never":
        return []
    mc = _count_multiplier(outcome.options, outcome.multiplier)
    items = []
    for p, count in sorted(outcome.claims.items()):
        payers = [q for q in members(outcome, outcome.team_of(p)) if q != p]
        amount = (count - 7) * mc
        for q in payers:
            deltas[q] -= amount
            deltas[p] += amount
        if payers:
            items.append({"item": "count_claim", "seat": p, "points": amount * len(payers)})
    return items


def _talon_honour_payment(outcome: DealOutcome, deltas: list[int]) -> list[dict[str, Any]]:
    """Every active player pays the sitting-out dealer 3/2/1 for T22/T21/T1 received from the
    talon, never multiplied (HU-5P-7, HU-SESSION-8)."""
    total = 0
    for p, mask in sorted(outcome.talon_received.items()):
        amount = sum(v for card, v in TALON_HONOUR_PAYMENT.items() if mask & bit(card))
        deltas[p] -= amount
        total += amount
    deltas[outcome.dealer] += total
    return [{"item": "talon_honours", "seat": outcome.dealer, "points": total}] if total else []


def _sir_nevet(outcome: DealOutcome, deltas: list[int], value: int) -> list[dict[str, Any]]:
    """The sitting-out dealer gains what each opponent gains from V; the declarer settles it
    (HU-5P-8)."""
    deltas[outcome.dealer] -= value
    deltas[outcome.declarer] += value
    return [{"item": "sir_nevet", "seat": outcome.dealer, "points": -value}] if value else []


def _five_player_options(outcome: DealOutcome, deltas: list[int],
                         value: int) -> list[dict[str, Any]]:
    """The dealer's two optional payments when he sits out (HU-5P-1, HU-5P-7, HU-5P-8)."""
    if outcome.dealer in outcome.active:
        return []
    items = []
    if outcome.options.five_player_talon_honour_payment:
        items += _talon_honour_payment(outcome, deltas)
    if outcome.options.five_player_sir_nevet:
        items += _sir_nevet(outcome, deltas, value)
    return items


def _check_zero_sum(deltas: list[int]) -> tuple[int, ...]:
    """HU-SCORE-14: the deltas of one deal MUST sum to zero."""
    if sum(deltas) != 0:
        raise AssertionError(f"deltas {deltas} do not sum to zero (HU-SCORE-14)")
    return tuple(deltas)


# -- the public entry points -------------------------------------------------------------------


def scored_level(outcome: DealOutcome) -> DealOutcome:
    """The outcome with the G the scoring uses: 4 for a lone declarer under
    ``lone_declarer_game_value`` = szolo, else the bid (HU-SCORE-2)."""
    if (outcome.partner is None and outcome.level != 4
            and outcome.options.lone_declarer_game_value == "szolo"):
        return replace(outcome, level=4)
    return outcome


def score_deal(outcome: DealOutcome) -> Settlement:
    """Score a finished deal exactly as the normative pseudo-code HU-SCORE-16."""
    outcome = scored_level(outcome)
    points = {t: card_points(outcome, t) for t in TEAMS}
    tricks = {t: tricks_won(outcome, t) for t in TEAMS}
    ledger = _Ledger()
    _score_game_complex(outcome, ledger, points, tricks)
    _score_bonuses(outcome, ledger, points, tricks)
    big_v = ledger.net * outcome.multiplier
    deltas = [0] * outcome.seats
    _settle_value(outcome, deltas, big_v)
    personal = _pay_counts(outcome, deltas) + _pay_claims(outcome, deltas)
    personal += _five_player_options(outcome, deltas, big_v)
    return Settlement(_check_zero_sum(deltas), ledger.net, (*ledger.items, *personal),
                      caught_xxi_holder(outcome))


def score_failed_probaharom(options: HungarianOptions, level: int, multiplier: int, seats: int,
                            active: tuple[int, ...], bidder: int) -> Settlement:
    """A failed próbahárom: the bidder pays G × Mc to each other active player (HU-BID-9,
    HU-SCORE-12). It is a personal payment, so the team value is 0."""
    amount = level * _count_multiplier(options, multiplier)
    deltas = [0] * seats
    for q in active:
        if q != bidder:
            deltas[q] += amount
            deltas[bidder] -= amount
    item = {"item": "probaharom", "seat": bidder, "points": deltas[bidder]}
    return Settlement(_check_zero_sum(deltas), 0, (item,), None)


def renonsz_base(outcome: DealOutcome) -> int:
    """A of HU-IRR-3 / HU-OQ-29: every announced item except the game, at its value times its own
    kontra multiplier, plus the silent card bonuses already achieved in the completed tricks."""
    opt = outcome.options
    base = sum(announced_value(opt, outcome.level, bonus) << level
               for (_, bonus), level in outcome.kontra.items() if bonus != "game")
    for bonus in _scored_bonuses(opt):
        silent = silent_value(opt, bonus)
        for t in TEAMS:
            if silent and announced_k(outcome, t, bonus) is None and achieved(outcome, t, bonus):
                base += silent
    return base


def renonsz_penalty(options: HungarianOptions, base: int) -> int:
    """P of HU-IRR-3 from A × M: max(10, A × M) under minimum_ten, min(20, max(5, A × M))
    under itvb."""
    if options.renonsz_penalty == "minimum_ten":
        return max(RENONSZ_FLOOR, base)
    if options.renonsz_penalty == "itvb":
        return min(RENONSZ_ITVB_CAP, max(RENONSZ_ITVB_FLOOR, base))
    raise ValueError("a renonsz penalty needs renonsz_penalty = minimum_ten or itvb (HU-IRR-3)")


def score_renonsz(outcome: DealOutcome, offender: int) -> Settlement:
    """A deal ended by an irregularity under ``renonsz_penalty`` (HU-IRR-3): the offender pays
    P to each other active player; announced counts are paid as usual, and nothing else is
    scored."""
    if offender not in outcome.active:
        raise ValueError(f"seat {offender} is not an active player (HU-IRR-3)")
    outcome = scored_level(outcome)
    penalty = renonsz_penalty(outcome.options, renonsz_base(outcome) * outcome.multiplier)
    deltas = [0] * outcome.seats
    for q in outcome.active:
        if q != offender:
            deltas[q] += penalty
            deltas[offender] -= penalty
    items = [{"item": "renonsz", "seat": offender, "points": deltas[offender]}]
    items += _pay_counts(outcome, deltas)
    return Settlement(_check_zero_sum(deltas), 0, tuple(items), caught_xxi_holder(outcome))
