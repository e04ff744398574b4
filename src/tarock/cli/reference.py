"""The ``tarock`` command line as a Click command, for tools that document Click programs (the
documentation site's CLI reference is generated from it, so it cannot drift from the program)."""

from __future__ import annotations

import typer

from tarock.cli.app import app

command = typer.main.get_command(app)
