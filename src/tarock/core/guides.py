"""The rules guides (``docs/rules/<game>.md`` of the checkout), rule by rule.

Every refusal names a rule ID (``illegal: ... (HU-PLAY-2)``); a rule is the guide's text from
the anchor of that ID to the next anchor or heading. ``tarock rules`` prints it at the terminal
and the table server sends it to the browser, so a player can read the rule that refused a move
without leaving the table. The guides are read from the checkout (``docs/rules`` beside
``src``), the one place they live.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tarock.core.errors import InvalidOptionError

GUIDES_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"
GUIDES = ("hungarian-tarokk", "bavarian-tarock", "ottocento")  # docs/rules/<name>.md
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
RULE_ID = re.compile(r"[A-Za-z]{1,3}(?:-[A-Za-z0-9]+)*-\d+")


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
    """The titles of a guide's sections (its second-level headings)."""
    text = (GUIDES_DIR / f"{guide}.md").read_text(encoding="utf-8")
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("## ")]


def find_rule(rule_id: str, guides: tuple[str, ...]) -> Rule | None:
    """The rule of that ID (any case) in the first of ``guides`` that has it."""
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
