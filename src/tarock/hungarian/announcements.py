"""The announcement phase (HU-ANN, HU-CALL-1, HU-CALL-5, HU-CALL-6).

The rules document validates whole turns (HU-ANN-15). The engine asks for one action at a time, so
an action is offered only if the turn can still be finished legally: ``legal`` filters the plain
candidates through a short look-ahead whenever an obligation (the call, a compulsory count, the
pagát cue bidder's ultimo, the called-card discarder's kontra) is still open.
"""

from __future__ import annotations

from collections.abc import Callable

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

GAME = (DECLARER_TEAM, "game")
LEVEL_NAMES = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra", "Fedák Sári")
_LOOKAHEAD = 4
KONTRAS = {(team, item): kontra(team, item) for team in (DECLARER_TEAM, OPPONENTS)
           for item in ("game", *ANNOUNCEABLE)}
DOUBLE_VOLAT = frozenset(("double", "volat"))
# What a team may no longer announce once it announced volát (HU-ANN-7, `after_volat_forbidden`);
# the double is also barred by ``_double_volat_ok``.
AFTER_VOLAT = {"double": frozenset(("double",)),
               "double_trull_kings": frozenset(("double", "trull", "four_kings"))}
T21_T22 = bit(T21) | bit(T22)


def raisable(team: str, max_level: int) -> frozenset[tuple[str, int]]:
    """(owner team, current level) of the items a member of ``team`` may raise: odd levels belong
    to the non-owner, even levels to the owner, up to ``max_kontra_level`` (HU-ANN-10/11)."""
    other = OPPONENTS if team == DECLARER_TEAM else DECLARER_TEAM
    return frozenset([(team, lv) for lv in range(1, max_level, 2)]
                     + [(other, lv) for lv in range(0, max_level, 2)])


class Context:
    """Facts fixed before the phase starts, shared (never copied) by every clone."""

    __slots__ = ("active", "bonuses", "callable_mask", "count_items", "cue_pagat_player",
                 "declarer", "discards", "first_turn_trull", "hands", "hi", "n_tarokks", "opt",
                 "promised", "raisable")

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
        self.count_items = frozenset(count_items)
        self.raisable = {t: raisable(t, opt.max_kontra_level) for t in (DECLARER_TEAM, OPPONENTS)}


class Announcements:
    """Mutable phase state; ``apply`` assumes the action came from ``legal``."""

    __slots__ = ("_legal", "alone_public", "announced", "announced_by", "announcers", "called",
                 "count_announced", "ctx", "discarder", "done", "extra_turn", "first_turn",
                 "had_turn", "klevel",
                 "partner", "pass_only", "public_side", "refs", "turn", "turn_flags", "turn_len",
                 "turn_player")

    def __init__(self, ctx: Context, initial_public: dict[int, str]):
        self.ctx = ctx
        self.announced: dict[str, set[str]] = {DECLARER_TEAM: set(), OPPONENTS: set()}
        self.announced_by: dict[int, set[str]] = {q: set() for q in ctx.active}
        self.announcers: dict[tuple[str, str], int] = {}  # item -> who announced it (HI-ANN-3)
        self.klevel: dict[tuple[str, str], int] = {GAME: 0}
        self.count_announced = dict.fromkeys(ctx.active, False)
        self.refs: list[tuple[int, str]] = []
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
        new = Announcements.__new__(Announcements)
        new.ctx = self.ctx
        new.announced = {team: set(names) for team, names in self.announced.items()}
        new.announced_by = {q: set(s) for q, s in self.announced_by.items()}
        new.announcers = dict(self.announcers)
        new.klevel = dict(self.klevel)
        new.count_announced = dict(self.count_announced)
        new.refs = list(self.refs)
        new.called, new.partner, new.alone_public = self.called, self.partner, self.alone_public
        new.discarder = self.discarder
        new._legal = None
        new.public_side = dict(self.public_side)
        new.had_turn = set(self.had_turn)
        new.pass_only, new.done, new.turn = self.pass_only, self.done, self.turn
        new.extra_turn = self.extra_turn
        new.turn_player, new.first_turn = self.turn_player, self.first_turn
        new.turn_len, new.turn_flags = self.turn_len, set(self.turn_flags)
        return new

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
        self.refs.append((p, team))
        self.apply_deductions()

    def presumed_side(self) -> str:
        opt = self.ctx.opt
        if not self.refs:
            return OPPONENTS if opt.presumption_default == "opponents" else DECLARER_TEAM
        if opt.presumption_reference == "most_recent":
            return self.refs[-1][1]
        made: dict[int, int] = {}
        for q, _ in self.refs:
            made[q] = made.get(q, 0) + 1
        top = max(made.values())
        return next(side for q, side in reversed(self.refs) if made[q] == top)

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
        self.turn_flags: set[str] = set()

    def count_due(self, p: int) -> bool:
        return self.ctx.n_tarokks[p] >= 8 and not self.count_announced[p]

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
        if (self.public_side[p] == "unknown" and self.presumed_side() != t
                and self.first_turn and p == ctx.cue_pagat_player
                and "ultimo" not in self.announced[t]):
            # The pagát cue bidder's compulsory ultimo (HU-ANN-14) stays possible when the
            # auction gave him no side (`cue_bid_model`, `promised_card_discard_allowed`) and
            # the presumption points the other way; otherwise his turn could not end.
            out.append(ANNOUNCES["ultimo"])
        known = self.public_side[p] != "unknown"
        presumed = self.presumed_side()
        if known or presumed == t or ctx.hi:
            announced = self.announced[t]
            after_volat = AFTER_VOLAT[ctx.opt.after_volat_forbidden] if "volat" in announced \
                else frozenset()
            out += [ANNOUNCES[b] for b in ctx.bonuses if b not in announced
                    and b not in after_volat
                    and (known or (self.presumed_side_for(b) if ctx.hi else presumed) == t)
                    and (b not in DOUBLE_VOLAT or self._double_volat_ok(p, t, b))
                    and (b != "trull" or self.trull_convention_ok(p))
                    and (not ctx.hi or self.hi_announce_rule(p, t, b) is None)]
        raisable = ctx.raisable[t]  # HU-ANN-11
        out += [KONTRAS[item] for item, level in self.klevel.items()
                if (item[0], level) in raisable]
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

    def _double_volat_ok(self, p: int, t: str, b: str) -> bool:
        """HU-ANN-7."""
        opt = self.ctx.opt
        if b == "double":
            if "volat" in self.announced[t]:
                return False
            if "volat" in self.turn_flags and not opt.double_and_volat_same_turn:
                return False
        if b == "volat" and "double" in self.turn_flags and not opt.double_and_volat_same_turn:
            return False
        return not (opt.double_and_volat_same_player_forbidden and b in ("double", "volat")
                    and self.announced_by[p] & {"double", "volat"})

    def obligations_met(self) -> bool:
        """May the current turn end now? (HU-ANN-2, HU-ANN-9, HU-ANN-14, HU-CALL-6)."""
        p, ctx, flags = self.turn_player, self.ctx, self.turn_flags
        if p == ctx.declarer and self.first_turn and "call" not in flags:
            return False
        if self.extra_turn and self.klevel[GAME] < 1:
            return False
        if self.count_due(p):
            if "count_needed" in flags:
                return False
            if ctx.opt.pajesz_tarokk_count_rules and flags & {"announce", "kontra"}:
                return False
        if self.first_turn:
            if p == ctx.cue_pagat_player and "ultimo" not in self.announced[self.team(p)]:
                return False
            if p == self.discarder and self.klevel[GAME] < 1:
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
        if self._first_turn_duty() or self.extra_turn or (due and (
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
            self.reveal(p)
            flags.update(("announce", arg))
            if self.needs_count(p, arg):
                flags.add("count_needed")
        elif kind == KONTRA:
            level = self.klevel[arg] + 1
            self.klevel[arg] = level
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
