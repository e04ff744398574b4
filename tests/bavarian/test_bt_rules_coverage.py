"""Every test case of bavarian-tarock.md §10 is present in the suite under its ID.

Withdrawn IDs (§10.14) are excluded.
"""

from __future__ import annotations

from rules_ids import missing_tests, needs_rules, rule_test_ids

WITHDRAWN = {"TC-60-01", "TC-60-02", "TC-60-03", "TC-60-04", "TC-60-05", "TC-60-07"}


@needs_rules
def test_every_rules_test_case_has_a_test() -> None:
    ids = rule_test_ids("bavarian-tarock.md", "## 10. Test cases", "## 11.",
                        r"\bTC-[A-Z0-9]+(?:-[A-Z0-9]+)*-[0-9]+\b") - WITHDRAWN
    missing = missing_tests(ids, "bavarian")
    assert len(ids) > 180
    assert not missing, f"rules test cases without a test: {missing}"
