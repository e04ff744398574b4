"""The trick-bound bonuses of Illusztrált tarokk (HI-NOT-3, HI-BON-11, HI-SCORE-1).

Each bonus is tied to a bound card, a target trick and possibly a sweep of the tricks before it.
These pure functions judge them on the played tricks; the announcement rules live in
:mod:`tarock.hungarian.announcements`, the duty to play bound cards in :mod:`tarock.hungarian.play`
and the values in :mod:`tarock.hungarian.scoring`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from tarock.core.tricks import Trick
from tarock.hungarian.cards import DECK, T1, T2, T20, T21, T22
from tarock.hungarian.options import HungarianOptions

KING: Final = {x: DECK.index(f"{x}K") for x in "HDCS"}
# identifier -> (bound card, target trick 1..9, sweep of the tricks before it)  (HI-NOT-3)
TRICK_BOUND: Final[dict[str, tuple[int, int, bool]]] = {
    "centrum": (T20, 5, True), "kismadar": (T21, 6, True), "nagymadar": (T22, 7, True),
    "pagat_uhu": (T1, 8, False), "sas_uhu": (T2, 8, False),
    "ultimo": (T1, 9, False), "sas_ultimo": (T2, 9, False),
    **{f"kiraly_uhu:{x}": (KING[x], 8, False) for x in "HDCS"},
    **{f"kiraly_ultimo:{x}": (KING[x], 9, False) for x in "HDCS"},
}
SAS_BONUSES: Final = frozenset(("sas_ultimo", "sas_uhu"))
BIRDS: Final = frozenset(("centrum", "kismadar", "nagymadar"))
KIRALY: Final = frozenset(b for b in TRICK_BOUND if b.startswith("kiraly_"))
TeamOf = Callable[[int], str]


def hi_bonuses(opt: HungarianOptions) -> tuple[str, ...]:
    """The card bonuses scored under the variant, in the display order of HI-SCORE-5
    (HI-SCORE-6 ``hi_bonuses``)."""
    out = ["trull", "four_kings", "xxi_catch", "centrum", "kismadar", "nagymadar", "ultimo"]
    out += [f"kiraly_ultimo:{x}" for x in "HDCS"]
    out += ["sas_ultimo"] if opt.sas_bonuses == "on" else []
    out += ["pagat_uhu", *(f"kiraly_uhu:{x}" for x in "HDCS")]
    out += ["sas_uhu"] if opt.sas_bonuses == "on" else []
    if opt.pagat_catch_bonus:
        out.append("pagat_catch")
    return tuple(out)


def _player_of(trick: Trick, card: int) -> int | None:
    return trick.seats[trick.cards.index(card)] if card in trick.cards else None


def achieved(tricks: Sequence[Trick], team_of: TeamOf, team: str, bonus: str) -> bool:
    """HI-BON-2 to HI-BON-7: the bound card of ``team`` wins the target trick, after a sweep of
    the tricks before it where the bonus needs one."""
    card, k, sweep = TRICK_BOUND[bonus]
    if len(tricks) < k:
        return False
    if sweep and any(team_of(t.winner) != team for t in tricks[:k - 1]):
        return False
    p = _player_of(tricks[k - 1], card)
    return p is not None and team_of(p) == team and tricks[k - 1].winner == p


def silent_failed(tricks: Sequence[Trick], team_of: TeamOf, team: str, bonus: str) -> bool:
    """HU-SCORE-9, HI-BON-6: ``team`` played the bound card of an ultimó to trick 9 and lost it."""
    card, k, _ = TRICK_BOUND[bonus]
    if len(tricks) < k:
        return False
    p = _player_of(tricks[k - 1], card)
    return p is not None and team_of(p) == team and tricks[k - 1].winner != p


def failed_after(tricks: Sequence[Trick], team_of: TeamOf, team: str, bonus: str) -> bool:
    """HI-BON-8: whether the bonus has failed once ``tricks`` are complete (a sweep trick lost,
    the card played to an earlier trick, or the target trick over and not won)."""
    card, k, sweep = TRICK_BOUND[bonus]
    n = len(tricks)
    m = min(n, k - 1)
    if sweep and any(team_of(t.winner) != team for t in tricks[:m]):
        return True
    if any(card in t.cards for t in tricks[:m]):
        return True
    return n >= k and not achieved(tricks, team_of, team, bonus)


def values(opt: HungarianOptions, bonus: str) -> tuple[int | None, int]:
    """(silent, announced) of a new bonus (HI-SCORE-1, HI-OPT-2, HI-OPT-3); silent is None for
    the bonuses that score only when announced (HI-BON-8)."""
    if bonus == "sas_ultimo":
        return 5, 10
    if bonus in BIRDS:
        return None, 10
    if bonus in ("pagat_uhu", "sas_uhu"):
        return None, opt.uhu_value
    if bonus.startswith("kiraly_uhu:"):
        return None, opt.kiraly_uhu_value
    if bonus.startswith("kiraly_ultimo:"):
        return None, 15
    raise ValueError(f"not a bonus of Illusztrált: {bonus!r}")
