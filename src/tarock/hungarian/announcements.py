"""The announcement phase (HU-ANN, HU-CALL-1, HU-CALL-5, HU-CALL-6).

The rules document validates whole turns (HU-ANN-15). The engine asks for one action at a time, so
an action is offered only if the turn can still be finished legally: ``legal`` filters the plain
candidates through a short look-ahead whenever an obligation (the call, a compulsory count, the
pagát cue bidder's ultimo, the called-card discarder's kontra) is still open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tarock.hungarian.actions import (
    ANNOUNCE,
    ANNOUNCEABLE,
    ANNOUNCES,
    CALL,
    CALLS,
    COUNT,
    COUNTS,
    HI_BONUSES,
    KONTRA,
    PASS,
    PASS_ACTION,
    Action,
    kontra,
)
from tarock.hungarian.cards import T21, T22, TAROKKS, bit
from tarock.hungarian.illusztralt import BIRDS, KIRALY, SAS_BONUSES, TRICK_BOUND
from tarock.hungarian.options import HungarianOptions
from tarock.hungarian.outcome import DECLARER_TEAM, OPPONENTS

GAME: Final = (DECLARER_TEAM, "game")
LEVEL_NAMES: Final = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra",
                      "Fedák Sári")
_LOOKAHEAD: Final = 4
KONTRAS: Final = {(team, item): kontra(team, item) for team in (DECLARER_TEAM, OPPONENTS)
           for item in ("game", *ANNOUNCEABLE)}
DOUBLE_VOLAT: Final = frozenset(("double", "volat"))
# What a team may no longer announce once it announced volát (HU-ANN-7, `after_volat_forbidden`).
AFTER_VOLAT: Final = {"double": frozenset(("double",)),
               "double_trull_kings": frozenset(("double", "trull", "four_kings"))}
T21_T22: Final = bit(T21) | bit(T22)


class Context:
    """Facts fixed before the phase starts, shared (never copied) by every clone."""

    __slots__ = ("active", "after_volat", "bonuses", "callable_mask", "count_items",
                 "cue_pagat_player", "declarer", "discards", "first_turn_trull", "hands", "hi",
                 "may_count", "n_tarokks", "opt", "plain", "promised")

    def __init__(self, opt: HungarianOptions, active: tuple[int, ...], declarer: int,
                 hands: list[int], discards: list[int], callable_mask: Callable[[], int],
                 cue_pagat_player: int | None, promised: int | None = None,
                 first_turn_trull: int = T21_T22):
        self.opt = opt
        self.active = active
        self.declarer = declarer
        self.hands = hands  # final 9-card hands (after discarding), by seat
        self.discards = discards  # by seat
        self.callable_mask = callable_mask
        self.cue_pagat_player = cue_pagat_player  # owes ultimo in his first turn (HU-ANN-14)
        # the auction's promised card: the card of the cue bid in force or T20 after a yield
        self.promised = promised
        # HU-ANN-16 item 2 under `trull_conventions` = itvb: the great honours the declarer
        # needs for trull in his first turn (both; the skíz alone after three bidders; 0 when
        # another player's cue bid or a yield makes item 2 void)
        self.first_turn_trull = first_turn_trull
        self.n_tarokks = {q: (hands[q] & TAROKKS).bit_count() for q in active}
        names = ["trull", "four_kings", "double", "volat", "ultimo", "xxi_catch"]
        if opt.pagat_catch_bonus:
            names.append("pagat_catch")
        self.hi = opt.variant == "illusztralt"
        count_items = {"ultimo"}  # HU-ANN-9
        if self.hi:  # HI-ANN-1, HI-ANN-5
            names += [b for b in HI_BONUSES if opt.sas_bonuses == "on" or b not in SAS_BONUSES]
            count_items.add("pagat_uhu")
            if opt.sas_bonuses == "on":
                count_items |= SAS_BONUSES
            if opt.count_required_items == "pagat_sas_kiraly":
                count_items |= KIRALY
        self.bonuses = tuple(names)
        # no option or variant that filters the bonuses one by one (see Announcements.avail)
        self.plain = not self.hi and opt.trull_conventions != "itvb"
        # what a team's volát bars it from announcing (HU-ANN-7)
        self.after_volat = AFTER_VOLAT[opt.after_volat_forbidden] | {"double"}
        self.may_count = frozenset(q for q in active if self.n_tarokks[q] >= 8)  # HU-ANN-9
        self.count_items = frozenset(count_items)


class Announcements:
    """Mutable phase state; ``apply`` assumes the action came from ``legal``."""

    __slots__ = ("_legal", "alone_public", "announced", "announced_by", "announcers", "avail",
                 "called", "count_announced", "ctx", "discarder", "done", "extra_turn",
                 "first_turn", "had_turn", "klevel", "kontra_open", "korder", "partner",
                 "pass_only", "public_side", "ref_counts", "ref_side", "ref_top", "turn",
                 "turn_flags", "turn_len", "turn_player")

    # set by _start_turn at every turn
    first_turn: bool
    turn_len: int
    turn_flags: set[str]

    def __init__(self, ctx: Context, initial_public: dict[int, str],
                 copy_of: Announcements | None = None):
        """The phase at its start, or a copy of ``copy_of`` (``clone``): the compiled build
        makes objects only through ``__init__`` (``tarock.core.native``)."""
        self.ctx = ctx
        if copy_of is not None:
            self._copy(copy_of)
            return
        self.announced: dict[str, set[str]] = {DECLARER_TEAM: set(), OPPONENTS: set()}
        self.announced_by: dict[int, set[str]] = {q: set() for q in ctx.active}
        self.announcers: dict[tuple[str, str], int] = {}  # item -> who announced it (HI-ANN-3)
        self.klevel: dict[tuple[str, str], int] = {GAME: 0}
        # Kept up to date action by action, because rebuilding them made the phase the
        # engine's cost: per team, the kontras it may give now in ``klevel``'s order (HU-ANN-11),
        # with each item's place in that order; and the bonuses it may still announce as far
        # as its own announcements go (not made, not barred by its volát), in the order of
        # ``ctx.bonuses``
        self.korder: dict[tuple[str, str], int] = {GAME: 0}
        self.kontra_open: dict[str, list[Action]] = {DECLARER_TEAM: [], OPPONENTS: []}
        self._open_kontra(GAME, 0)
        self.avail: dict[str, list[Action]] = {t: self._free_bonuses(t)
                                               for t in (DECLARER_TEAM, OPPONENTS)}
        self.count_announced = dict.fromkeys(ctx.active, False)
        # HU-ANN-13's reference for the presumption, kept as announcements come: how many
        # references each player made, the most any made, and the side they point to (None
        # before the first)
        self.ref_counts: dict[int, int] = {}
        self.ref_top = 0
        self.ref_side: str | None = None
        self.called: int | None = None
        self.partner: int | None = None
        self.discarder: int | None = None  # HU-CALL-6, known once the call is made
        self.alone_public = False
        self.public_side = dict.fromkeys(ctx.active, "unknown")
        self.public_side.update(initial_public)
        self.public_side[ctx.declarer] = DECLARER_TEAM
        self.apply_deductions()
        self.had_turn: set[int] = set()
        self.pass_only = 0
        self.done = False
        # the discarder's extra turn for his kontra under `compulsory_kontra_immediate`
        # (HU-CALL-6); it is not his first announcement turn (HU-OQ-39)
        self.extra_turn = False
        self.turn = 0  # index of the turn in the phase
        self.turn_player = ctx.declarer
        self._legal: list[Action] | None = None  # legal() of the current position, until apply
        self._start_turn()

    def clone(self) -> Announcements:
        return Announcements(self.ctx, {}, self)

    def _copy(self, other: Announcements) -> None:
        self.announced = {team: set(names) for team, names in other.announced.items()}
        self.announced_by = {q: set(s) for q, s in other.announced_by.items()}
        self.announcers = dict(other.announcers)
        self.klevel = dict(other.klevel)
        self.korder = dict(other.korder)
        self.kontra_open = {t: list(k) for t, k in other.kontra_open.items()}
        self.avail = {t: list(a) for t, a in other.avail.items()}
        self.count_announced = dict(other.count_announced)
        self.ref_counts, self.ref_top = dict(other.ref_counts), other.ref_top
        self.ref_side = other.ref_side
        self.called, self.partner = other.called, other.partner
        self.alone_public = other.alone_public
        self.discarder = other.discarder
        self._legal = None
        self.public_side = dict(other.public_side)
        self.had_turn = set(other.had_turn)
        self.pass_only, self.done, self.turn = other.pass_only, other.done, other.turn
        self.extra_turn = other.extra_turn
        self.turn_player, self.first_turn = other.turn_player, other.first_turn
        self.turn_len, self.turn_flags = other.turn_len, set(other.turn_flags)

    # -- teams and sides (HU-ANN-12, HU-ANN-13) ------------------------------------------------

    def team(self, p: int) -> str:
        return DECLARER_TEAM if p in (self.ctx.declarer, self.partner) else OPPONENTS

    def apply_deductions(self) -> None:
        sides = self.public_side
        if "unknown" not in sides.values():
            return
        declarer = self.ctx.declarer
        if self.alone_public or any(side == DECLARER_TEAM for q, side in sides.items()
                                    if q != declarer):
            for q, side in sides.items():
                if side == "unknown":
                    sides[q] = OPPONENTS

    def reveal(self, p: int) -> None:
        team = self.team(p)
        self.public_side[p] = team
        if self.ctx.opt.presumption_reference == "most_recent":
            self.ref_side = team
        else:
            # the side of the latest reference by a player with the most references: a new
            # reference decides it if its player now has the most, else nothing changes
            made = self.ref_counts[p] = self.ref_counts.get(p, 0) + 1
            if made >= self.ref_top:
                self.ref_top, self.ref_side = made, team
        self.apply_deductions()

    def presumed_side(self) -> str:
        if self.ref_side is None:
            return OPPONENTS if self.ctx.opt.presumption_default == "opponents" else DECLARER_TEAM
        return self.ref_side

    def presumption_ok(self, p: int, bonus: str | None = None) -> bool:
        """HU-ANN-13, with the exceptions of HI-ANN-6 for centrum and the birds."""
        return self.public_side[p] != "unknown" or self.presumed_side_for(bonus) == self.team(p)

    def presumed_side_for(self, bonus: str | None) -> str:
        """HI-ANN-6 (`bird_attribution`): centrum is presumed for d, the birds too once the
        declarer has announced trull; otherwise HU-ANN-13."""
        ctx = self.ctx
        rule = ctx.opt.bird_attribution
        if ctx.hi and bonus == "centrum" and rule in ("itvb", "bte"):
            return DECLARER_TEAM
        if (ctx.hi and bonus in ("kismadar", "nagymadar") and rule == "itvb"
                and "trull" in self.announced_by[ctx.declarer]):
            return DECLARER_TEAM
        return self.presumed_side()

    def _find_discarder(self, card: int) -> int | None:
        """HU-CALL-6: the non-declarer whose discards hold the called card."""
        return next((q for q in self.ctx.active
                     if q != self.ctx.declarer and self.ctx.discards[q] & bit(card)), None)

    # -- turns -------------------------------------------------------------------------------

    def _start_turn(self) -> None:
        self.first_turn = not self.extra_turn and self.turn_player not in self.had_turn
        self.turn_len = 0
        self.turn_flags = set()

    def count_due(self, p: int) -> bool:
        return p in self.ctx.may_count and not self.count_announced[p]

    def candidates(self) -> list[Action]:
        """Actions allowed one at a time, before asking whether the turn can still end legally."""
        p, ctx = self.turn_player, self.ctx
        out: list[Action] = []
        call_made = "call" in self.turn_flags
        if self.count_due(p) and not call_made and self._count_placeable(p):
            out.append(COUNTS[ctx.n_tarokks[p]])
        if self.extra_turn:  # only the compulsory kontra (and a count it makes due)
            if self.klevel[GAME] == 0:
                out.append(KONTRAS[GAME])
            elif self.obligations_met():
                out.append(PASS_ACTION)
            return out
        if p == ctx.declarer and self.first_turn and not call_made:
            mask = ctx.callable_mask()
            out.extend(CALLS[i] for i in range(22) if mask >> i & 1)
            return out
        t = DECLARER_TEAM if p == ctx.declarer or p == self.partner else OPPONENTS
        known = self.public_side[p] != "unknown"
        presumed = self.presumed_side()
        if (p == ctx.cue_pagat_player and not known and presumed != t and self.first_turn
                and "ultimo" not in self.announced[t]):
            # The pagát cue bidder's compulsory ultimo (HU-ANN-14) stays possible when the
            # auction gave him no side (`cue_bid_model`, `promised_card_discard_allowed`) and
            # the presumption points the other way; otherwise his turn could not end.
            out.append(ANNOUNCES["ultimo"])
        if known or presumed == t or ctx.hi:
            free, refused = self.avail[t], self._double_volat_refused(p)
            if ctx.plain:  # no check below but HU-ANN-7's: the free bonuses as they stand
                out += [a for a in free if a.arg not in refused] if refused else free
            else:
                out += [a for a in free if a.arg not in refused
                        and (known or (self.presumed_side_for(a.arg) if ctx.hi else presumed) == t)
                        and (a.arg != "trull" or self.trull_convention_ok(p))
                        and (not ctx.hi or self.hi_announce_rule(p, t, a.arg) is None)]
        out += self.kontra_open[t]  # HU-ANN-11
        if self.obligations_met():
            out.append(PASS_ACTION)
        return out

    def trull_convention_ok(self, p: int) -> bool:
        """HU-ANN-16 under `trull_conventions` = itvb: a great honour in hand, and in the
        declarer's first turn the honours of item 2."""
        ctx = self.ctx
        if ctx.opt.trull_conventions != "itvb":
            return True
        hand = ctx.hands[p]
        if p == ctx.declarer and self.first_turn and ctx.first_turn_trull:
            return hand & ctx.first_turn_trull == ctx.first_turn_trull
        return bool(hand & T21_T22) or self._trull_exception(p)

    def _trull_exception(self, p: int) -> bool:
        """HI-ANN-8 item 1: the partner after the declarer's centrum or bird."""
        return (self.ctx.hi and p == self.partner
                and bool(self.announced_by[self.ctx.declarer] & BIRDS))

    def hi_announce_rule(self, p: int, t: str, bonus: str) -> str | None:
        """The Illusztrált rule that forbids ``t``'s announcement of ``bonus`` now, or None
        (HI-ANN-2, HI-ANN-3; `hi_check_announce` of HI-ANN-10)."""
        if bonus not in TRICK_BOUND:
            return None
        card, k, _ = TRICK_BOUND[bonus]
        announced = self.announced[t]
        same = [b for b in announced if b in TRICK_BOUND and TRICK_BOUND[b][0] == card]
        if same:
            old = same[0]
            upgrade = (self.ctx.opt.ulti_uhu_same_card == "partner_upgrade" and k == 8
                       and TRICK_BOUND[old][1] == 9 and p != self.announcers[(t, old)])
            if not upgrade:
                return "HI-ANN-3"
            announced = announced - {old}
        if self.ctx.opt.one_bonus_per_trick and any(
                b in TRICK_BOUND and TRICK_BOUND[b][1] == k for b in announced):
            return "HI-ANN-2"
        return None

    def needs_count(self, p: int, bonus: str) -> bool:
        """HU-ANN-9, HI-ANN-5: announcing a count item makes a count due, except under
        `count_duty` = card_holder while its card is in a teammate's hand."""
        ctx = self.ctx
        if bonus not in ctx.count_items:
            return False
        if ctx.opt.count_duty != "card_holder":
            return True
        card, team = bit(TRICK_BOUND[bonus][0]), self.team(p)
        return not any(q != p and self.team(q) == team and ctx.hands[q] & card
                       for q in ctx.active)

    def _count_placeable(self, p: int) -> bool:
        """HU-ANN-9: where the count may stand in the turn, and the two options' conditions."""
        opt = self.ctx.opt
        if not (opt.pajesz_tarokk_count_rules or opt.tarokk_count_reveals_team):
            return self.turn_len == 0
        if opt.pajesz_tarokk_count_rules and p == self.partner \
                and self.public_side[p] == "unknown":
            return False
        return not (opt.tarokk_count_reveals_team and not self.presumption_ok(p))

    def _double_volat_refused(self, p: int) -> frozenset[str]:
        """HU-ANN-7: the bonuses ``p`` may not announce in this turn because of the double and
        the volát (`double_and_volat_same_turn`, `double_and_volat_same_player_forbidden`);
        what the team's volát bars for good (`after_volat_forbidden`) is already out of
        ``avail``."""
        opt, flags = self.ctx.opt, self.turn_flags
        refused: frozenset[str] = frozenset()
        if not opt.double_and_volat_same_turn and flags & DOUBLE_VOLAT:
            refused |= {"double"} if "volat" in flags else frozenset()
            refused |= {"volat"} if "double" in flags else frozenset()
        if opt.double_and_volat_same_player_forbidden and self.announced_by[p] & DOUBLE_VOLAT:
            refused = DOUBLE_VOLAT | refused
        return refused

    def obligations_met(self) -> bool:
        """May the current turn end now? (HU-ANN-2, HU-ANN-9, HU-ANN-14, HU-CALL-6)."""
        p, ctx = self.turn_player, self.ctx
        if self.first_turn:  # never in the extra turn
            if p == ctx.declarer and "call" not in self.turn_flags:
                return False
            if p == ctx.cue_pagat_player and "ultimo" not in self.announced[self.team(p)]:
                return False
            if p == self.discarder and self.klevel[GAME] < 1:
                return False
        elif self.extra_turn and self.klevel[GAME] < 1:
            return False
        if self.count_due(p):
            flags = self.turn_flags
            if "count_needed" in flags:
                return False
            if ctx.opt.pajesz_tarokk_count_rules and flags & {"announce", "kontra"}:
                return False
        return True

    def _first_turn_duty(self) -> bool:
        """HU-ANN-14: the pagát cue bidder's ultimo or the discarder's kontra falls due now."""
        p = self.turn_player
        return self.first_turn and (p == self.ctx.cue_pagat_player or p == self.discarder)

    def legal(self) -> list[Action]:
        """The actions that keep the turn finishable (cached until the next ``apply``)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[Action]:
        cands = self.candidates()
        p, opt = self.turn_player, self.ctx.opt
        due = self.count_due(p)
        if self.extra_turn or self._first_turn_duty() or (due and (
                opt.pajesz_tarokk_count_rules or opt.tarokk_count_reveals_team)):
            return [a for a in cands
                    if a is PASS_ACTION or self._completable_after(a, _LOOKAHEAD)]
        if due:
            # HU-ANN-9 under the default count rules: ultimo needs the count in the same turn,
            # and the count may only open the turn, so an ultimo action here can never be
            # followed by it; everything else leaves the turn free to end.
            count_items = self.ctx.count_items
            return [a for a in cands if not (
                (a.kind == ANNOUNCE and self.needs_count(p, a.arg))
                or (a.kind == KONTRA and a.arg[1] in count_items))]
        return cands

    def _completable_after(self, action: Action, depth: int) -> bool:
        trial = self.clone()
        trial.apply(action)
        if trial.obligations_met():
            return True
        if depth <= 1:
            return False
        return any(trial._completable_after(a, depth - 1) for a in trial.candidates()
                   if a.kind in (COUNT, CALL, KONTRA) or a == ANNOUNCES["ultimo"])

    def apply(self, action: Action) -> None:
        p, kind, arg = self.turn_player, action.kind, action.arg
        flags = self.turn_flags
        self._legal = None
        if kind == PASS:
            self._end_turn()
            return
        self.turn_len += 1
        if kind == COUNT:
            if self.ctx.opt.tarokk_count_reveals_team:
                self.reveal(p)
            self.count_announced[p] = True
        elif kind == CALL:
            self.called = arg
            self.discarder = self._find_discarder(arg)
            card = bit(arg)
            self.partner = next((q for q in self.ctx.active
                                 if q != self.ctx.declarer and self.ctx.hands[q] & card), None)
            if self.ctx.discards[self.ctx.declarer] & card:
                self.alone_public = True  # HU-ANN-12, deduction 2
                self.apply_deductions()
            if self._call_reveals_teams(arg):
                self.alone_public = self.partner is None  # HU-ANN-12, deduction 3
                self.public_side.update({q: self.team(q) for q in self.ctx.active})
            flags.add("call")
        elif kind == ANNOUNCE:
            t = self.team(p)
            if self.ctx.hi and arg in TRICK_BOUND:
                self._drop_upgraded(t, arg)
            self.announced[t].add(arg)
            self.announced_by[p].add(arg)
            self.announcers[(t, arg)] = p
            self.klevel[(t, arg)] = 0
            self.korder[(t, arg)] = next(reversed(self.korder.values())) + 1
            self._open_kontra((t, arg), 0)
            if arg == "volat":
                self.avail[t] = self._free_bonuses(t)
            else:
                self.avail[t].remove(action)
            self.reveal(p)
            flags.update(("announce", arg))
            if self.needs_count(p, arg):
                flags.add("count_needed")
        elif kind == KONTRA:
            level = self.klevel[arg] + 1
            self.klevel[arg] = level
            self.kontra_open[self.team(p)].remove(action)
            self._open_kontra(arg, level)
            if (self.ctx.opt.called_card_discarder_states_reason and arg == GAME and level == 1
                    and p == self.discarder):
                self.alone_public = True  # HU-CALL-6, deduction 2
            self.reveal(p)
            flags.add("kontra")
            if arg[1] in self.ctx.count_items:
                flags.add("count_needed")
        else:
            raise AssertionError(kind)

    def _drop_upgraded(self, t: str, bonus: str) -> None:
        """HI-ANN-3 `partner_upgrade`: the uhu replaces the ultimó of its card, whose item goes
        with its kontra level."""
        card = TRICK_BOUND[bonus][0]
        for old in [b for b in self.announced[t] if b in TRICK_BOUND
                    and TRICK_BOUND[b][0] == card]:
            self.announced[t].discard(old)
            self.announced_by[self.announcers.pop((t, old))].discard(old)
            del self.klevel[(t, old)]
            del self.korder[(t, old)]
            for open_ in self.kontra_open.values():
                if KONTRAS[(t, old)] in open_:
                    open_.remove(KONTRAS[(t, old)])
        self.avail[t] = self._free_bonuses(t)

    def _free_bonuses(self, t: str) -> list[Action]:
        """The bonuses ``t`` has not announced and its volát does not bar (HU-ANN-7,
        `after_volat_forbidden`)."""
        announced = self.announced[t]
        barred = self.ctx.after_volat if "volat" in announced else frozenset()
        return [ANNOUNCES[b] for b in self.ctx.bonuses if b not in announced and b not in barred]

    def _open_kontra(self, item: tuple[str, str], level: int) -> None:
        """``item`` has reached ``level``: offer its next kontra to the team that may give it
        (HU-ANN-10/11: odd levels to the owner, even levels to the other team, below
        ``max_kontra_level``), in its place in ``klevel``'s order."""
        if level >= self.ctx.opt.max_kontra_level:
            return
        owner = item[0]
        raiser = owner if level & 1 else (OPPONENTS if owner == DECLARER_TEAM else DECLARER_TEAM)
        open_, korder = self.kontra_open[raiser], self.korder
        place, rank = len(open_), korder[item]
        while place and korder[open_[place - 1].arg] > rank:
            place -= 1
        open_.insert(place, KONTRAS[item])

    def _call_reveals_teams(self, card: int) -> bool:
        """Deduction 3 of HU-ANN-12 (`promised_card_call_reveals_teams`): the promised card is
        called and the declarer discarded no tarokk."""
        ctx = self.ctx
        return (ctx.opt.promised_card_call_reveals_teams and card == ctx.promised
                and not ctx.discards[ctx.declarer] & TAROKKS)

    def _end_turn(self) -> None:
        self.pass_only = self.pass_only + 1 if self.turn_len == 0 else 0
        extra = self.extra_turn
        if not extra:
            self.had_turn.add(self.turn_player)
        self.turn += 1
        if self.pass_only >= 3:
            self.done = True
            return
        ctx = self.ctx
        if (not extra and self.turn == 1 and ctx.opt.compulsory_kontra_immediate
                and self.discarder is not None and self.klevel[GAME] == 0):
            self.extra_turn, self.turn_player = True, self.discarder  # HU-CALL-6 option
        else:
            base = ctx.declarer if extra else self.turn_player
            self.extra_turn = False
            self.turn_player = ctx.active[(ctx.active.index(base) + 1) % len(ctx.active)]
        self._start_turn()

    def ultimo_announced_by(self, team: str) -> bool:
        return "ultimo" in self.announced[team]
