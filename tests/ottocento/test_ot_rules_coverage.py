"""Every test case of ottocento.md §15 appears in the Ottocento tests under its ID."""

from __future__ import annotations

from rules_ids import missing_tests, needs_rules, rule_test_ids


@needs_rules
def test_every_rules_test_case_has_a_test() -> None:
    ids = rule_test_ids("ottocento.md", "## 15. Test cases", "## 16.", r"OT-TC-[A-Z]+-[0-9]+")
    missing = missing_tests(ids, "ottocento")
    assert len(ids) >= 160
    assert not missing, f"rules test cases without a test: {missing}"
