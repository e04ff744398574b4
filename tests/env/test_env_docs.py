"""docs/environments.md: its tables are the code's, and its examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tarock.env.docs import document

DOC = Path(__file__).resolve().parents[2] / "docs" / "environments.md"


def test_the_document_carries_the_action_spaces_and_tensor_sizes_of_the_code():
    assert document().strip() in DOC.read_text(encoding="utf-8")


def test_the_documented_tensor_fields_are_the_code_fields():
    from tarock.env.features import tensor_fields
    from tarock.games import make_game

    text = DOC.read_text(encoding="utf-8")
    documented = re.findall(r"^\| `([a-z_.*]+)` \| (?:S|N|T|E|S x N|S x T) \|", text, re.M)
    fields = [f.name for f in tensor_fields(make_game("ottocento"))]
    assert documented == [*fields, "extra.*"]


EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("code", EXAMPLES, ids=[f"example{i}" for i in range(len(EXAMPLES))])
def test_the_examples_run(code, capsys):
    exec(compile(code, str(DOC), "exec"), {"__name__": "docs_example"})
    assert "per deal" in capsys.readouterr().out
