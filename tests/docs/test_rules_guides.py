"""The rules guides in docs/rules are the product's rule book: every rule ID the code cites resolves
to an anchor there, every option is documented, and nothing points outside the checkout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rules_ids import ROOT, RULES_DIR, all_test_case_ids, rule_anchors

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.presentation import LANGUAGES
from tarock.core.protocol import make_game

# A rule ID as the code cites it: HU-PLAY-2, BT-V1P-PAY-10, OT-TC-V-12, and the Bavarian test
# cases (TC-DEAL-2); never a piece of a longer ID.
CITED = re.compile(r"(?<![A-Za-z0-9-])(?:(?:HU|HI|BT|OT)-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+|TC-[A-Z0-9]+"
                   r"(?:-[A-Z0-9]+)*-\d+)(?![A-Za-z0-9-])")
# Places outside a clone that the product must never send a reader to.
OUTSIDE = re.compile(r"\.\./shared|shared/rules|shared/spec")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def product_files() -> list[Path]:
    """What a user gets in a clone and reads or runs: the README, the docs, the package."""
    files = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / "Makefile"]
    files += sorted((ROOT / "docs").rglob("*.md"))
    files += sorted((ROOT / "src" / "tarock").rglob("*.py"))
    return files


def cited_ids(text: str) -> set[str]:
    return set(CITED.findall(text))


def test_cited_pattern_takes_whole_ids_only() -> None:
    assert cited_ids("(HU-PLAY-2) BT-V1P-PAY-10, OT-TC-V-12 and TC-DEAL-2") == {
        "HU-PLAY-2", "BT-V1P-PAY-10", "OT-TC-V-12", "TC-DEAL-2"}
    assert cited_ids("HU-BID-9 item 4, OT-V-0; HU-5P-4/5/6") == {"HU-BID-9", "OT-V-0", "HU-5P-4"}


def test_every_rule_id_the_code_cites_has_an_anchor() -> None:
    known = rule_anchors() | all_test_case_ids()
    cited = {i for p in (ROOT / "src" / "tarock").rglob("*.py")
             for i in cited_ids(p.read_text(encoding="utf-8"))}
    assert len(cited) > 300
    missing = sorted(cited - known)
    assert not missing, f"rule IDs cited in src/ without an anchor in docs/rules: {missing}"


def test_option_specs_cite_anchored_rules() -> None:
    anchors = rule_anchors()
    for name in ("hungarian-tarokk", "bavarian-tarock", "ottocento"):
        for spec in make_game(name).option_specs:
            if CITED.fullmatch(spec.rule):
                assert spec.rule in anchors, (name, spec.key, spec.rule)


def english_guides() -> list[Path]:
    """The guides (``<game>.md``), not their translations (``<game>.<lang>.md``)."""
    return sorted(p for p in RULES_DIR.glob("*.md") if "." not in p.stem)


def test_anchors_are_unique() -> None:
    seen: dict[str, str] = {}
    for path in english_guides():
        for anchor in re.findall(r'<a id="([^"]+)"></a>', path.read_text(encoding="utf-8")):
            assert anchor not in seen, f"{anchor} in {seen.get(anchor)} and {path.name}"
            seen[anchor] = path.name


TRANSLATIONS = sorted(p for p in RULES_DIR.glob("*.md") if "." in p.stem)


def rule_spans(text: str) -> list[tuple[str, str]]:
    """Each anchor's ID and its text up to the next anchor or heading."""
    spans: list[tuple[str, str]] = []
    for line in text.splitlines():
        anchor = re.search(r'<a id="([^"]+)"></a>', line)
        if line.startswith("#"):
            spans.append(("", line))
        elif anchor:
            spans.append((anchor.group(1), line))
        elif spans:
            spans[-1] = (spans[-1][0], spans[-1][1] + "\n" + line)
    return [span for span in spans if span[0]]


def test_the_guides_are_written_in_some_other_languages() -> None:
    assert [p.name for p in TRANSLATIONS] == [
        "bavarian-tarock.de.md", "hungarian-tarokk.hu.md", "ottocento.it.md"]


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda p: p.name)
def test_a_guide_in_another_language_has_the_english_ones_rules_one_for_one(path: Path
                                                                          ) -> None:
    """The same headings at the same levels, the same anchors in the same order, and in each
    rule the same rule IDs and the same code (option names and values), so that a rule an
    engine cites reads the same in every language; only the words around them differ."""
    game, lang = path.stem.split(".")
    assert lang in LANGUAGES and lang != "en"
    english = (RULES_DIR / f"{game}.md").read_text(encoding="utf-8")
    text = path.read_text(encoding="utf-8")

    def levels(source: str) -> list[int]:
        return [len(line) - len(line.lstrip("#")) for line in source.splitlines()
                if line.startswith("#")]

    assert levels(text) == levels(english)
    spans, english_spans = rule_spans(text), rule_spans(english)
    assert [rule for rule, _ in spans] == [rule for rule, _ in english_spans]
    for (rule, words), (_, source) in zip(spans, english_spans, strict=True):
        assert re.search(rf'<a id="{rule}"></a>\*\*{rule}\b', words), rule
        assert sorted(cited_ids(words)) == sorted(cited_ids(source)), rule
        assert sorted(re.findall(r"`[^`]+`", words)) == sorted(
            re.findall(r"`[^`]+`", source)), rule


@pytest.mark.parametrize("game", ["hungarian-tarokk", "bavarian-tarock", "ottocento"])
def test_every_option_is_in_its_guide(game: str) -> None:
    guide = (RULES_DIR / f"{game}.md").read_text(encoding="utf-8")
    keys = [spec.key for spec in make_game(game).option_specs]
    missing = [k for k in keys if f"| `{k}` |" not in guide]
    assert not missing, f"options missing from the table of docs/rules/{game}.md: {missing}"


def test_nothing_points_outside_the_checkout() -> None:
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p in product_files()
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if OUTSIDE.search(line)]
    assert not offenders, f"references to files a clone does not have: {offenders}"


def test_markdown_links_resolve() -> None:
    """Relative links of the README and the docs lead to files of the checkout, and a link to a
    rules guide's anchor to an anchor that exists."""
    anchors = rule_anchors()
    broken = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path, _, anchor = target.partition("#")
            resolved = (page.parent / path).resolve()
            outside = not resolved.exists() or not resolved.is_relative_to(ROOT)
            if outside or (anchor and resolved.parent == RULES_DIR and anchor not in anchors):
                broken.append(f"{page.name}: {target}")
    assert not broken, f"dangling links: {broken}"


def test_documents_named_in_the_code_exist() -> None:
    named = {m for p in (ROOT / "src" / "tarock").rglob("*.py")
             for m in re.findall(r"\bdocs/[\w/.-]+\.md\b", p.read_text(encoding="utf-8"))}
    assert named, "the code names its documents by path"
    assert all((ROOT / m).is_file() for m in named), sorted(m for m in named
                                                             if not (ROOT / m).is_file())
