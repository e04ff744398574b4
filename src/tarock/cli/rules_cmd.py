"""``tarock rules [--game G] [RULE-ID | WORD...]``: the rules guides at the terminal.

Every refusal names a rule ID (``illegal: ... (HU-PLAY-2)``); this command prints that rule from
the guide that explains it (:mod:`tarock.core.guides`), so a player can look it up without
leaving the table. With words instead of an ID it lists the rules that mention all of them, and
with nothing it lists the guide's sections; with ``--lang`` each guide in that language where it
is written in it.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from tarock.cli.common import new_console
from tarock.core.errors import InvalidOptionError
from tarock.core.guides import (
    ENGLISH,
    GUIDES,
    RULE_ID,
    Rule,
    find_rule,
    guide_language,
    guide_path,
    search,
    sections,
)
from tarock.core.presentation import LANGUAGES

MAX_HITS = 40


def print_rule(console: Console, rule: Rule) -> None:
    """A rule as ``tarock rules RULE-ID`` prints it, and the terminal game when one is typed."""
    console.print(Text(f"{rule.rule_id}  ({rule.guide}, {rule.section})", style="bold"))
    console.print(rule.text, markup=False)


def rules_cmd(
    query: Annotated[list[str] | None, typer.Argument(
        metavar="[RULE-ID | WORD...]",
        help="A rule ID such as HU-PLAY-2, or words to look for in the rules.")] = None,
    game: Annotated[str | None, typer.Option(
        "--game", "-g", help="Only this game's guide (default: every game's).")] = None,
    lang: Annotated[str, typer.Option(
        help="Each guide in this language where it is written in it (Hungarian tarokk: hu, "
             "Bavarian tarock: de, Ottocento: it), else in English.")] = ENGLISH,
) -> None:
    """Print a rule by its ID, list the rules that mention some words, or list the sections of
    a game's rules guide."""
    if game is not None and game not in GUIDES:
        raise InvalidOptionError(f"no rules guide for game {game!r}",
                                 expected="one of " + ", ".join(GUIDES))
    if lang not in LANGUAGES:
        raise InvalidOptionError(f"unknown language {lang!r}", expected=" or ".join(LANGUAGES))
    chosen = (game,) if game else GUIDES
    console = new_console()
    words = query or []
    if not words:
        for guide in chosen:
            path = guide_path(guide, guide_language(guide, lang)).name
            console.print(Text(f"{guide} (docs/rules/{path})", style="bold"))
            for title in sections(guide, lang):
                console.print(f"  {title}", markup=False)
        console.print("Look a rule up with tarock rules RULE-ID, or search with tarock rules "
                      "WORD.", markup=False)
        return
    if len(words) == 1 and RULE_ID.fullmatch(words[0]):
        rule = find_rule(words[0], chosen, lang)
        if rule is None:
            where = f"the {game} guide" if game else "any rules guide"
            raise InvalidOptionError(f"no rule {words[0]!r} in {where}",
                                     expected="a rule ID such as HU-PLAY-2, or words to search")
        print_rule(console, rule)
        return
    hits = search(words, chosen, lang)
    if not hits:
        console.print(f"No rule mentions {' '.join(words)!r}.", markup=False)
        raise typer.Exit(1)
    for rule in hits[:MAX_HITS]:
        console.print(Text(f"{rule.rule_id:<16}", style="bold").append(rule.title))
    more = f" (first {MAX_HITS} shown)" if len(hits) > MAX_HITS else ""
    console.print(f"{len(hits)} rules{more}; print one with tarock rules RULE-ID.", markup=False)
