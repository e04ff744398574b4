"""The Bavarian gain by role joins several seeds' records (``--seed 3 4``), each seed's deals
apart, as ``gap_share.py`` joins the runs it measured seed by seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmark_support import load_benchmark


def play(unit: int, rotation: int, kind: str, seat: int | None, score: int,
         contract: str = "pickup") -> dict[str, Any]:
    """One play of a duplicate deal as the arena records it: the kinds seated ``X H X`` and
    then ``H X H``, ``seat`` declaring ``contract`` (None: nobody declared) and paid
    ``score``."""
    players = [kind, "heuristic", kind] if rotation == 0 else ["heuristic", kind, "heuristic"]
    scores = [0, 0, 0]
    items: list[dict[str, Any]] = []
    if seat is not None:
        scores[seat] = score
        items.append({"item": "game", "team": "declarer", "role": "decl", "seat": seat})
    return {"players": players, "arena": {"unit": unit, "rotation": rotation},
            "deal": {"hands": [["EA"], ["EK"], ["EO"]]},
            "result": {"items": items, "scores": scores,
                       "contract": None if seat is None else contract}}


def deal(unit: int, kind: str, where: str, gain: int,
         contracts: tuple[str, str] = ("pickup", "pickup")) -> list[dict[str, Any]]:
    """A deal in which ``kind`` declaring gains ``gain`` over the heuristic: at an outer seat
    (seat 0, ``X`` there in the first play) or in the middle (seat 1, in the second); the two
    plays' contracts ``contracts``."""
    if where == "outer":
        return [play(unit, 0, kind, 0, gain, contracts[0]), play(unit, 1, kind, 0, 0, contracts[1])]
    if where == "middle":
        return [play(unit, 0, kind, 1, 0, contracts[0]), play(unit, 1, kind, 1, gain, contracts[1])]
    return [play(unit, 0, kind, None, 0), play(unit, 1, kind, None, 0)]


def test_several_seeds_are_joined_deal_by_deal(tmp_path: Path) -> None:
    """Both seeds number their deals from 0; joined, every deal counts once."""
    roles = load_benchmark("bavarian_roles")
    deals = {3: [("outer", 10), ("middle", 40)], 4: [("outer", 30), ("middle", 60), ("none", 0)]}
    for kind, scale in zip(roles.KINDS, (1, 2), strict=True):
        for seed, plan in deals.items():
            lines = [record for unit, (where, gain) in enumerate(plan)
                     for record in deal(unit, kind, where, gain * scale)]
            (tmp_path / f"arena-bavarian-tarock-{kind}-{seed}.jsonl").write_text(
                "".join(json.dumps(record) + "\n" for record in lines))
    out = roles.report(tmp_path, [3, 4])
    search = out["search"]
    assert (search["declarer"].n, search["declarer"].mean) == (2, 20)
    assert (search["declarer_and_pair"].n, search["declarer_and_pair"].mean) == (2, 50)
    assert search["pair"].mean == 30 and search["skipped"] == 1
    assert out["omniscient"]["pair"].mean == 60
    assert out["share"]["declarer"].mean == out["share"]["pair"].mean == 0.5


def test_a_contract_keeps_the_deals_declared_so_in_both_plays(tmp_path: Path) -> None:
    """``--contract pickup``: a deal counts only where both plays declared a pick-up game."""
    roles = load_benchmark("bavarian_roles")
    pickup = ("pickup", "pickup")
    plan = [("outer", 10, pickup), ("outer", 30, pickup), ("outer", 80, ("hand", "hand")),
            ("middle", 40, pickup), ("middle", 60, pickup), ("middle", 110, ("pickup", "hand"))]
    for kind in roles.KINDS:
        lines = [record for unit, (where, gain, contracts) in enumerate(plan)
                 for record in deal(unit, kind, where, gain, contracts)]
        (tmp_path / f"arena-bavarian-tarock-{kind}-1.jsonl").write_text(
            "".join(json.dumps(record) + "\n" for record in lines))
    out = roles.report(tmp_path, [1], "pickup")["search"]
    assert (out["declarer"].n, out["declarer"].mean) == (2, 20)
    assert (out["declarer_and_pair"].n, out["declarer_and_pair"].mean) == (2, 50)
    assert out["skipped"] == 2
    every = roles.report(tmp_path, [1])["search"]
    assert (every["declarer"].mean, every["declarer_and_pair"].mean) == (40, 70)
    assert every["skipped"] == 0


def test_by_contract_splits_the_whole_gain_by_the_heuristics_contract(tmp_path: Path) -> None:
    """``--by-contract``: every deal counts, grouped by the contract of the omniscient run (the
    heuristic's bids), each group's gains divided by all the deals, so the groups add up to the
    whole gain, and the share within a group paired deal by deal. The search run's own
    contracts do not group the deals."""
    roles = load_benchmark("bavarian_roles")
    hand, pickup = ("hand", "hand"), ("pickup", "pickup")
    # (where, gain, the two plays' contracts) per kind on the same four deals; the search
    # player declared other contracts than the heuristic did
    plan = {"omniscient": [("outer", 90, hand), ("middle", 60, hand), ("outer", 30, pickup),
                           ("none", 0, pickup)],
            "search": [("outer", 30, pickup), ("middle", 30, pickup), ("outer", 24, hand),
                       ("none", 0, pickup)]}
    for kind in roles.KINDS:
        lines = [record for unit, (where, gain, contracts) in enumerate(plan[kind])
                 for record in deal(unit, kind, where, gain, contracts)]
        (tmp_path / f"arena-bavarian-tarock-{kind}-1.jsonl").write_text(
            "".join(json.dumps(record) + "\n" for record in lines))
    out = roles.by_contract(tmp_path, [1])
    assert list(out) == ["hand", "pickup", "none"]
    # a deal's gain is the kind's mean score per hand held minus the heuristic's; each kind
    # holds 3 of the deal's 6 hands, so the declarer's gain counts a third
    assert out["hand"]["deals"] == 2 and out["pickup"]["deals"] == out["none"]["deals"] == 1
    assert out["hand"]["omniscient"] == (90 / 3 + 60 / 3) / 4
    assert out["hand"]["search"] == (30 / 3 + 30 / 3) / 4
    assert out["pickup"]["search"] == 24 / 3 / 4 and out["pickup"]["omniscient"] == 30 / 3 / 4
    assert out["hand"]["missing"] == out["hand"]["omniscient"] - out["hand"]["search"]
    assert out["hand"]["share"].mean == 0.4 and out["none"]["share"] is None
    assert sum(row["search"] for row in out.values()) == (10 + 10 + 8) / 4


def test_a_kind_with_settings_is_read_by_its_place(tmp_path: Path) -> None:
    """``gap_share.py --search search:rollouts=false`` records that name at the search
    player's seats: its plays are told from the heuristic's by the seat, not by the name."""
    roles = load_benchmark("bavarian_roles")
    plan = [("outer", 10), ("outer", 30), ("middle", 40), ("middle", 60)]
    for kind, name in zip(roles.KINDS, ("search:rollouts=false", "omniscient"), strict=True):
        lines = [record for unit, (where, gain) in enumerate(plan)
                 for record in deal(unit, name, where, gain)]
        (tmp_path / f"arena-bavarian-tarock-{kind}-1.jsonl").write_text(
            "".join(json.dumps(record) + "\n" for record in lines))
    out = roles.report(tmp_path, [1])
    assert out["search"]["declarer"].mean == 20 and out["search"]["declarer_and_pair"].mean == 50
