"""The rules guides (``docs/rules/<game>.md`` of the checkout), rule by rule, in English and in
the languages a guide has been written in (``docs/rules/<game>.<lang>.md``).

Every refusal names a rule ID (``illegal: ... (HU-PLAY-2)``); a rule is the guide's text from
the anchor of that ID to the next anchor or heading. ``tarock rules`` prints it at the terminal
and the table server sends it to the browser, so a player can read the rule that refused a move
without leaving the table. A guide in another language has the English guide's anchors and
headings, one for one (a test holds it to that), so a rule has the same ID and place in each;
where a game's guide has no text in the reader's language, the English one is read. The guides
are read from the checkout (``docs/rules`` beside ``src``), the one place they live.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tarock.core.errors import InvalidOptionError
from tarock.core.presentation import LANGUAGES

GUIDES_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"
GUIDES = ("hungarian-tarokk", "bavarian-tarock", "ottocento")  # docs/rules/<name>.md
ENGLISH = "en"
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
# Markdown's *emphasis* of a term (the guides' bold is ``**``): a rule is shown as plain text
EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")
RULE_ID = re.compile(r"[A-Za-z]{1,3}(?:-[A-Za-z0-9]+)*-\d+")


@dataclass(frozen=True)
class Rule:
    """One rule of a guide: its ID, the guide and section it stands in, its text, and the
    language of that text."""

    rule_id: str
    guide: str
    section: str
    text: str
    lang: str = ENGLISH

    @property
    def title(self) -> str:
        """The rule's first sentence or heading, for search results."""
        first = self.text.removeprefix(self.rule_id).strip().split(". ", 1)[0]
        return first if len(first) <= 60 else first[:59] + "…"


def guide_path(guide: str, lang: str = ENGLISH) -> Path:
    return GUIDES_DIR / (f"{guide}.md" if lang == ENGLISH else f"{guide}.{lang}.md")


def guide_language(guide: str, lang: str) -> str:
    """``lang`` where the guide is written in it, else English (also for a language the
    program does not know: a reader's input never names a file)."""
    known = lang in LANGUAGES and lang != ENGLISH
    return lang if known and guide_path(guide, lang).is_file() else ENGLISH


def _read(guide: str, lang: str) -> str:
    path = guide_path(guide, lang)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidOptionError(f"the rules guide {path} cannot be read ({exc.strerror})",
                                 expected="a checkout with docs/rules") from exc


def guide_rules(guide: str, lang: str = ENGLISH) -> tuple[Rule, ...]:
    """The rules of one guide in order, in ``lang`` where the guide is written in it (else in
    English): each runs from its anchor to the next anchor or heading."""
    return _guide_rules(guide, guide_language(guide, lang))


@cache  # keyed by the languages guides are written in only, not by whatever a request asks
def _guide_rules(guide: str, lang: str) -> tuple[Rule, ...]:
    rules: list[Rule] = []
    section = ""
    current: tuple[str, list[str]] | None = None

    def close() -> None:
        if current is not None:
            body = " ".join(" ".join(current[1]).split())
            plain = EMPHASIS.sub(r"\1", body.replace("**", ""))
            rules.append(Rule(current[0], guide, section, plain, lang))

    for line in _read(guide, lang).splitlines():
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


def sections(guide: str, lang: str = ENGLISH) -> list[str]:
    """The titles of a guide's sections (its second-level headings), in ``lang`` where the
    guide is written in it."""
    text = _read(guide, guide_language(guide, lang))
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("## ")]


def find_rule(rule_id: str, guides: tuple[str, ...], lang: str = ENGLISH) -> Rule | None:
    """The rule of that ID (any case) in the first of ``guides`` that has it, in ``lang`` where
    that guide is written in it."""
    wanted = rule_id.upper()
    for guide in guides:
        for rule in guide_rules(guide, lang):
            if rule.rule_id.upper() == wanted:
                return rule
    return None


def search(words: list[str], guides: tuple[str, ...], lang: str = ENGLISH) -> list[Rule]:
    """The rules whose text mentions every word (case-insensitive), in guide order, each guide
    in ``lang`` where it is written in it."""
    needles = [w.lower() for w in words]
    return [rule for guide in guides for rule in guide_rules(guide, lang)
            if all(n in f"{rule.rule_id} {rule.text}".lower() for n in needles)]
