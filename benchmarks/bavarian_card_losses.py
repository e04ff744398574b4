"""What the cards each player kind chose lost in the true deal, in the records of Bavarian runs.

    .venv/bin/python benchmarks/bavarian_card_losses.py FILE [FILE ...] [--by-trick] [--json]

``FILE`` holds the records of an arena run (``tarock arena --records-dir`` or ``gap_share.py
--records-dir``). Every card decision with a choice is valued in the true deal, each legal card
solved open-handed as the omniscient player solves it, and the card chosen loses the best
card's value minus its own, in u for the seat (the settlement, so a hand game's card point
weighs four times a pick-up's). Per player kind, the contract declared and the seat's role
(declarer or defender): the decisions and the mean loss with its interval (with ``--by-trick``
also per trick).

The omniscient player loses nothing by this measure. In a search player's run the heuristic
sits beside it on the same deals, so the two kinds' losses in a contract and role tell how much
of what the heuristic's cards lose the search player's avoid there, card by card, with far less
spread than whole deals. The measure takes the true deal open-handed: a loss that only a player
seeing every card avoids counts as a loss too. At a hand game's first lead that is most of it:
played on by players who see only their own cards (``decision_quality.py --play-on search``),
the true deal's best lead keeps a quarter to a half of its open-handed edge over the
heuristic's; from the second trick on the two measures agree.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tarock.arena.stats import mean_interval
from tarock.core.records import iter_records, walk
from tarock.players.compiled import NodeLimitExceeded
from tarock.players.search import search_domain

MAX_NODES = 30_000_000

Key = tuple[str, str, str, int]  # kind, contract, role, trick


def card_losses(paths: Sequence[Path]) -> dict[Key, list[float]]:
    """Every card decision with a choice in the records of ``paths``: its loss, by kind,
    contract, role and trick."""
    losses: dict[Key, list[float]] = defaultdict(list)
    for path in paths:
        for record in iter_records(path):
            contract = record["result"].get("contract") or "none"
            for state, item, action in walk(record):
                legal = state.legal_actions()
                if item["type"] == "play" and len(legal) > 1:
                    game = state.game
                    domain = search_domain(game)
                    assert domain is not None
                    seat = item["seat"]
                    obs = state.observation(seat)
                    try:
                        values = domain.evaluate(game, obs, domain.true_world(state), legal,
                                                 MAX_NODES)
                    except NodeLimitExceeded:
                        pass  # too big to solve here: left out
                    else:
                        role = "declarer" if seat == obs["declarer"] else "defender"
                        trick = len(obs.get("tricks", ())) + 1
                        losses[(record["players"][seat], contract, role, trick)].append(
                            max(values.values()) - values[action])
    return losses


def summary(losses: dict[Key, list[float]], by_trick: bool) -> dict[str, dict[str, Any]]:
    """Per kind, contract and role: the decisions and the mean loss with its interval (and per
    trick, with ``by_trick``)."""
    groups: dict[str, dict[int, list[float]]] = defaultdict(dict)
    for (kind, contract, role, trick), values in losses.items():
        groups[f"{kind} {contract} {role}"][trick] = values
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(groups):
        tricks = groups[name]
        row: dict[str, Any] = {"all": mean_interval(
            [x for t in sorted(tricks) for x in tricks[t]]).to_json(2)}
        if by_trick:
            row["by_trick"] = {t: mean_interval(tricks[t]).to_json(2) for t in sorted(tricks)}
        out[name] = row
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--by-trick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = summary(card_losses(args.files), args.by_trick)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, row in out.items():
        rows = [("", row["all"])] + [(f"  trick {t}", iv)
                                     for t, iv in row.get("by_trick", {}).items()]
        for label, iv in rows:
            low = "" if iv["ci_low"] is None else f" [{iv['ci_low']:.2f}, {iv['ci_high']:.2f}]"
            print(f"{name + label:40} {iv['n']:6} decisions, loss {iv['mean']:.2f}{low} u")


if __name__ == "__main__":
    main()
