"""Running the ``tarock`` command line in tests, the same way for every game's CLI tests."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from tarock.cli.app import app

# Plain output whatever the environment running the tests says about colours and terminals.
RUNNER = CliRunner(env={"COLUMNS": "120", "FORCE_COLOR": None, "TTY_COMPATIBLE": None,
                        "TTY_INTERACTIVE": None})


def run(*args: str, input: str | None = None) -> Any:
    """Invoke ``tarock ARGS...`` with ``input`` on standard input."""
    return RUNNER.invoke(app, list(args), input=input)


def assert_bad_input(result: Any, *needles: str) -> str:
    """Exit status 2, nothing on stdout and exactly one ``error:`` line on stderr that names
    every needle; returns that line."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith("error: ")
    for needle in needles:
        assert needle in line, line
    assert result.stdout == ""
    return line
