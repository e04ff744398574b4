"""Every rules test case of the Bavarian guide is present in the suite under its ID.

Withdrawn test cases are not listed in ``docs/rules/test-cases.txt``.
"""

from __future__ import annotations

from rules_ids import missing_tests, rule_test_ids


def test_every_rules_test_case_has_a_test() -> None:
    ids = rule_test_ids("bavarian-tarock")
    missing = missing_tests(ids, "bavarian")
    assert len(ids) > 180
    assert not missing, f"rules test cases without a test: {missing}"
