"""``tarock options``: a game's rule options, each with its key, what it changes, its default
and the values it takes.

The key and the values are what a user types after ``--option``, so nothing is ever cut: each
option is a block, its key whole on the first line and the rest indented below, wrapping at the
terminal's width (a table cut keys to ``declarer_sch…`` at 80 columns).
"""

from __future__ import annotations

from typing import Any

from rich.padding import Padding
from rich.text import Text

from tarock.cli.common import DEFAULT_GAME, GameOpt, JsonOpt, OptionsOpt, echo_json, new_console
from tarock.core.options import parse_option_args
from tarock.core.protocol import make_game


def guide_of(game: str) -> str:
    """Where the game's options are explained, as a path of the checkout."""
    return f"docs/rules/{game}.md, section Options"


def options_cmd(game: GameOpt = DEFAULT_GAME, option: OptionsOpt = None,
                json_out: JsonOpt = False) -> None:
    """List a game's rule options: key, what it changes, default, allowed values and rule (the
    current value too when --option sets some)."""
    given = parse_option_args(option or [])
    g = make_game(game, given)
    values = g.options_to_json()
    rows = [{"key": spec.key, "value": values[spec.key], "default": spec.to_json(spec.default),
             "allowed": spec.describe(), "rule": spec.rule, "description": spec.description}
            for spec in g.option_specs]
    if json_out:
        echo_json({"game": game, "documented_in": guide_of(game), "options": rows})
        return
    console = new_console()
    console.print(Text(f"Rule options of {game}", style="bold"))
    for row in rows:
        head = Text("\n").append(row["key"], style="bold")
        if row["rule"]:
            head.append(f"  ({row['rule']})", style="dim")
        console.print(head, overflow="fold")
        lines = [row["description"],
                 f"default {_text(row['default'])}; allowed: {row['allowed']}"]
        if given and row["value"] != row["default"]:
            lines.append(f"set to {_text(row['value'])}")
        console.print(Padding(Text("\n".join(lines)), (0, 0, 0, 4), expand=False))
    console.print(f"\nSet with --option key=value. Explained in {guide_of(game)}; "
                  "look a rule up with tarock rules RULE-ID.")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(v) for v in value) or "(none)"
    return str(value)
