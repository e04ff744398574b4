"""The Bavarian tarock domain of the search player: card play only, every variant.

Worlds come from :class:`~tarock.bavarian.strategy.sampler.BavarianSampler`; each is turned into
an open-handed :class:`~tarock.bavarian.strategy.solver.Position` and solved with
:class:`~tarock.bavarian.strategy.solver.Solver`. The solver's value (the declarer's card points
still to come, or in Bettel whether the declarer must take a trick) is completed with what the
observation shows (the points already taken, the pile of the world) and mapped to the settlement
of the actual contract with :func:`tarock.bavarian.scoring.settle` (V2 targets and pot amounts,
the V1 draw at 60, V1F/V3 Schneider steps, Bettel), seen from the acting seat's side.

A position with at most ``exact_tricks`` tricks left (counting the current one) is solved
exactly; earlier the search covers the current trick and ``depth - 1`` more and estimates the
rest, because an exact solve of a whole deal takes seconds to minutes in Python
(``benchmarks/bavarian_players.py`` measures it).

With ``solver="compiled"`` (the default) positions with at most ``compiled_tricks`` tricks left
are solved exactly by :class:`~tarock.bavarian.strategy.fast.FastSolver` instead (the same
values, tested against the reference, in milliseconds); one that takes more than ``max_nodes``
nodes falls back to the reference's search. ``solver="reference"`` uses the pure-Python solver
only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.bavarian.auction import rung_of_target
from tarock.bavarian.cards import SUITS, Pack
from tarock.bavarian.scoring import settle
from tarock.bavarian.strategy.fast import FastSolver
from tarock.bavarian.strategy.sampler import BavarianSampler, World, pack_of
from tarock.bavarian.strategy.solver import Position, Solver
from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import Action, Game
from tarock.players.compiled import NodeLimitExceeded

EXACT_TRICKS = 5
DEPTH = 2
COMPILED_TRICKS = 7  # a move's exact values in milliseconds (benchmarks/solver_speed.py)
MAX_NODES = 3_000_000  # about half a second
SOLVERS = ("compiled", "reference")
BIG_FUND = 10**9  # a fund that never runs short: shortfalls are not the card play's business


class BavarianDomain:
    def __init__(self, exact_tricks: int = EXACT_TRICKS, depth: int = DEPTH,
                 solver: str = "compiled", compiled_tricks: int = COMPILED_TRICKS,
                 max_nodes: int = MAX_NODES):
        if solver not in SOLVERS:
            raise InvalidOptionError(f"unknown solver {solver!r}", expected=" or ".join(SOLVERS))
        self.exact_tricks = exact_tricks
        self.depth = depth
        self.solver = solver
        self.compiled_tricks = compiled_tricks
        self.max_nodes = max_nodes

    def handles(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> bool:
        return (observation.get("phase") == "play" and observation.get("seat") in
                observation.get("active", ()) and observation.get("declarer") is not None
                and all(getattr(a, "kind", None) == "play" for a in legal))

    def sampler(self, game: Game, observation: dict[str, Any]) -> BavarianSampler:
        return BavarianSampler(game.opt, observation)  # type: ignore[attr-defined]

    def tie_key(self, game: Game, action: Action) -> tuple[int, int]:
        card = action.arg  # type: ignore[attr-defined]
        pack = game.pack  # type: ignore[attr-defined]
        return (pack.deck.points[card], pack.normal[card])  # the cheapest, then the weakest

    def evaluate(self, game: Game, observation: dict[str, Any], world: World,
                 legal: Sequence[Action]) -> dict[Action, float]:
        opt = game.opt  # type: ignore[attr-defined]
        pos, taken, decl_tricks = position(observation, world)
        pack = pack_of(observation)
        left = pack.tricks - len(observation.get("tricks", []))
        values = self.values(pos, pack, opt.must_beat, left)
        me_decl = observation["seat"] == observation["declarer"]
        contract = observation["contract"]
        rung = None
        if opt.variant == "haferl":
            rung = 0 if contract == "pickup" else rung_of_target(observation["target"])
        pile_points = pack.points(world.pile)
        out = {}
        for a in legal:
            v = values[a.arg]  # type: ignore[attr-defined]
            if pos.bettel:
                won = decl_tricks == 0 and v == 0
                amount = settle(opt, BIG_FUND, contract, rung, 0, False, False, won).decl
            else:
                points = taken + pile_points + v
                amount = settle(opt, BIG_FUND, contract, rung, points, False, False,
                                False).decl
                amount += 0.001 * points  # among equal settlements, more points are better
            out[a] = amount if me_decl else -amount
        return out

    def true_world(self, state: Any) -> World:
        """The world as it is (the omniscient player's): every hand and the pile."""
        return World({q: state.hands[q] for q in state.active}, state.pile())

    def values(self, pos: Position, pack: Pack, must_beat: bool, left: int) -> dict[int, int]:
        """Each legal card's solver value (the declarer's points to come, or in Bettel whether
        he takes a trick), by the configured solver."""
        if self.solver == "compiled" and left <= self.compiled_tricks:
            try:
                return FastSolver(pack, pos.trump, pos.bettel, must_beat,
                                  self.max_nodes).action_values(pos)
            except NodeLimitExceeded:
                pass
        depth = None if left <= self.exact_tricks else self.depth
        return Solver(pack, pos.trump, pos.bettel, must_beat, depth).action_values(pos)


def position(observation: dict[str, Any], world: World) -> tuple[Position, int, int]:
    """The open-handed position of ``world``, the declarer's card points so far and his tricks
    so far."""
    pack = pack_of(observation)
    deck = pack.deck
    active = list(observation["active"])
    declarer = active.index(observation["declarer"])
    taken = tricks = 0
    for t in observation.get("tricks", []):
        if t["winner"] == observation["declarer"]:
            tricks += 1
            taken += sum(deck.points[deck.index(e["card"])] for e in t["cards"])
    cur = observation.get("trick", [])
    trick = [deck.index(e["card"]) for e in cur]
    to_move = active.index(observation["current_player"])
    leader = active.index(cur[0]["seat"]) if cur else to_move
    trump_code = observation.get("trump")
    trump = None if trump_code is None else SUITS.index(trump_code)
    hands = [world.hands[q] for q in active]
    return (Position(hands, leader, trick, declarer, trump, observation["contract"] == "bettel"),
            taken, tricks)


def make_domain() -> BavarianDomain:
    return BavarianDomain()
