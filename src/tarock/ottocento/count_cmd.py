"""``tarock ottocento-count CARD...``: the Ottocento combinations calculator (OT-COMB-1..16).

Prints every set and sequence the given cards hold with its points, as players count a hand or a
pile at the table, the doubling of each family (OT-COMB-4, OT-COMB-15) and the total; with an even
number of cards also their card points (OT-SCORE-3). ``--json`` prints an object with the
``combinations`` list (kind, cards, points each) and the ``total``; ``--option key=value`` selects
the variant readings (``set_wilds``, ``grande_sun_moon_blocks_16``, ``grande_moon_16_blocks_15``).
Bad input (an unknown or repeated card, a bad option) is one ``error:`` line naming the rule and
exit status 2, like every other command.

The Ottocento package registers the command (``register_command``); the CLI loads it from there.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from tarock.cli.common import JsonOpt, OptionsOpt
from tarock.core.options import parse_option_args
from tarock.ottocento.combinations import count_cards
from tarock.ottocento.options import OttocentoOptions


def ottocento_count_cmd(
    cards: Annotated[list[str], typer.Argument(
        help="Card codes (OT-NOT-1 to OT-NOT-3), e.g. ANGELO MONDO T16 SK SQ MATTO.")],
    option: OptionsOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Count the Ottocento combinations a set of cards holds, and their points."""
    opts = OttocentoOptions.make(parse_option_args(option or []))
    codes = [c.upper() for arg in cards for c in arg.replace(",", " ").split()]
    out = count_cards(codes, opts)
    if json_out:
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    combos = out["combinations"]
    if not combos:
        typer.echo("No combination.")
    width = max((len(c["kind"]) for c in combos), default=0)
    for c in combos:
        twice = "  (doubled)" if c["doubled"] else ""
        typer.echo(f"{c['kind']:<{width}}  {c['points']:>3}  {' '.join(c['cards'])}{twice}")
    if combos:
        typer.echo(f"sets {out['sets']}{' (x2)' if out['sets_doubled'] else ''}, "
                   f"sequences {out['sequences']}{' (x2)' if out['sequences_doubled'] else ''}")
    typer.echo(f"total {out['total']}")
    if "card_points" in out:
        typer.echo(f"card points {out['card_points']} ({len(out['cards'])} cards)")
