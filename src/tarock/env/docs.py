"""The action-space and tensor tables of docs/environments.md, made from the code.

``python -m tarock.env.docs`` prints them; a test checks that the document carries exactly these
tables, so the document cannot drift from the encodings.
"""

from __future__ import annotations

from typing import Any

import tarock.games
from tarock.core.protocol import Game
from tarock.env.features import tensor_fields

# The tables documented: a heading and the rule options (option-dependent sizes differ).
DOCUMENTED: list[tuple[str, str, dict[str, Any]]] = [
    ("Hungarian tarokk", "hungarian-tarokk", {}),
    ("Bavarian tarock", "bavarian-tarock", {}),
    ("Ottocento", "ottocento", {}),
]


def action_table(game: Game) -> str:
    """The flat action space of ``game`` as a Markdown table."""
    encoding = game.action_encoding()
    lines = ["| tokens | segment | meaning |", "| --- | --- | --- |"]
    for s in encoding.segments:
        tokens = str(s.start) if s.size == 1 else f"{s.start}-{s.stop - 1}"
        lines.append(f"| {tokens} | `{s.name}` | {s.doc} |")
    return "\n".join(lines)


def tensor_sizes(game: Game) -> str:
    """One line giving the tensor's field sizes for ``game``."""
    fields = tensor_fields(game)
    parts = ", ".join(f"`{f.name}` {f.size}" for f in fields)
    return f"{fields[-1].stop} floats: {parts}."


def document() -> str:
    out = []
    for heading, name, options in DOCUMENTED:
        game = tarock.games.make_game(name, options)
        encoding = game.action_encoding()
        out += [f"### {heading} (`{name}`): {encoding.num_tokens} tokens", "",
                action_table(game), "", "Tensor: " + tensor_sizes(game), ""]
    return "\n".join(out)


if __name__ == "__main__":
    print(document())
