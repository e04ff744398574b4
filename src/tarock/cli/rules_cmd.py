"""``tarock rules [--game G] [RULE-ID | WORD...]``: the rules guides at the terminal.

Every refusal names a rule ID (``illegal: ... (HU-PLAY-2)``); this command prints that rule from
the guide in ``docs/rules`` that explains it, so a player can look it up without leaving the
table. With words instead of an ID it lists the rules that mention all of them, and with nothing
it lists the guide's sections.

The guides are read from the checkout (``docs/rules`` beside ``src``), the one place they live.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from tarock.cli.common import new_console
from tarock.core.errors import InvalidOptionError

GUIDES_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"
GUIDES = ("hungarian-tarokk", "bavarian-tarock", "ottocento")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
RULE_ID = re.compile(r"[A-Za-z]{1,3}(?:-[A-Za-z0-9]+)*-\d+")
MAX_HITS = 40


@dataclass(frozen=True)
class Rule:
    """One rule of a guide: its ID, the guide and section it stands in, its text."""

    rule_id: str
    guide: str
    section: str
    text: str

    @property
    def title(self) -> str:
        """The rule's first sentence or heading, for search results."""
        first = self.text.removeprefix(self.rule_id).strip().split(". ", 1)[0]
        return first if len(first) <= 60 else first[:59] + "…"


@cache
def guide_rules(guide: str) -> tuple[Rule, ...]:
    """The rules of one guide in order: each runs from its anchor to the next anchor or heading."""
    path = GUIDES_DIR / f"{guide}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidOptionError(f"the rules guide {path} cannot be read ({exc.strerror})",
                                 expected="a checkout with docs/rules") from exc
    rules: list[Rule] = []
    section = ""
    current: tuple[str, list[str]] | None = None

    def close() -> None:
        if current is not None:
            body = " ".join(" ".join(current[1]).split())
            rules.append(Rule(current[0], guide, section, body.replace("**", "")))

    for line in text.splitlines():
        if line.startswith("#"):
            close()
            current = None
            section = line.lstrip("#").strip()
            continue
        match = ANCHOR.search(line)
        if match:
            close()
            current = (match.group(1), [ANCHOR.sub("", line)])
        elif current is not None:
            current[1].append(line)
    close()
    return tuple(rules)


def sections(guide: str) -> list[str]:
    text = (GUIDES_DIR / f"{guide}.md").read_text(encoding="utf-8")
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("## ")]


def find_rule(rule_id: str, guides: tuple[str, ...]) -> Rule | None:
    wanted = rule_id.upper()
    for guide in guides:
        for rule in guide_rules(guide):
            if rule.rule_id.upper() == wanted:
                return rule
    return None


def search(words: list[str], guides: tuple[str, ...]) -> list[Rule]:
    """The rules whose text mentions every word (case-insensitive), in guide order."""
    needles = [w.lower() for w in words]
    return [rule for guide in guides for rule in guide_rules(guide)
            if all(n in f"{rule.rule_id} {rule.text}".lower() for n in needles)]


def rules_cmd(
    query: Annotated[list[str] | None, typer.Argument(
        metavar="[RULE-ID | WORD...]",
        help="A rule ID such as HU-PLAY-2, or words to look for in the rules.")] = None,
    game: Annotated[str | None, typer.Option(
        "--game", "-g", help="Only this game's guide (default: every game's).")] = None,
) -> None:
    """Print a rule by its ID, list the rules that mention some words, or list the sections of
    a game's rules guide."""
    if game is not None and game not in GUIDES:
        raise InvalidOptionError(f"no rules guide for game {game!r}",
                                 expected="one of " + ", ".join(GUIDES))
    guides = (game,) if game else GUIDES
    console = new_console()
    words = query or []
    if not words:
        for guide in guides:
            console.print(Text(f"{guide} (docs/rules/{guide}.md)", style="bold"))
            for title in sections(guide):
                console.print(f"  {title}", markup=False)
        console.print("Look a rule up with tarock rules RULE-ID, or search with tarock rules "
                      "WORD.", markup=False)
        return
    if len(words) == 1 and RULE_ID.fullmatch(words[0]):
        rule = find_rule(words[0], guides)
        if rule is None:
            where = f"the {game} guide" if game else "any rules guide"
            raise InvalidOptionError(f"no rule {words[0]!r} in {where}",
                                     expected="a rule ID such as HU-PLAY-2, or words to search")
        console.print(Text(f"{rule.rule_id}  ({rule.guide}, {rule.section})", style="bold"))
        console.print(rule.text, markup=False)
        return
    hits = search(words, guides)
    if not hits:
        console.print(f"No rule mentions {' '.join(words)!r}.", markup=False)
        raise typer.Exit(1)
    for rule in hits[:MAX_HITS]:
        console.print(Text(f"{rule.rule_id:<16}", style="bold").append(rule.title))
    more = f" (first {MAX_HITS} shown)" if len(hits) > MAX_HITS else ""
    console.print(f"{len(hits)} rules{more}; print one with tarock rules RULE-ID.", markup=False)
