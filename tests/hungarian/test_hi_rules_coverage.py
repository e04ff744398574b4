"""Every test case of Illusztrált tarokk (docs/rules/test-cases.txt, [hungarian-illusztralt]) is
present in the Hungarian suite under its ID.

The IDs without a test yet are pending; the test fails as soon as one is tested and still counted
pending, and the pending set must end empty.
"""

from __future__ import annotations

from rules_ids import missing_tests, rule_test_ids

GUIDE = "hungarian-illusztralt"
# The IDs still without a test (built from ranges, never spelled out, so that this file does not
# count as their test); empty now that every Illusztrált test case has one.
PENDING_ILLUSZTRALT: set[str] = set()


def test_every_illusztralt_test_case_has_a_test() -> None:
    ids = rule_test_ids(GUIDE)
    missing = set(missing_tests(ids, "hungarian"))
    assert len(ids) == 83
    written = PENDING_ILLUSZTRALT - missing
    assert not written, f"tested now, take them off the pending list: {sorted(written)}"
    assert not missing - PENDING_ILLUSZTRALT, \
        f"Illusztrált test cases without a test: {sorted(missing - PENDING_ILLUSZTRALT)}"
