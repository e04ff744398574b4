"""The ``tarock`` command line (Typer + Rich); see :mod:`tarock.cli.app`."""
