"""The Bavarian tarock domain of the search player: card play and every decision before it.

Worlds come from :class:`~tarock.bavarian.strategy.sampler.BavarianSampler` (a defender's in a
talon game with the cards the declarer laid away drawn as he would have chosen them,
:class:`~tarock.bavarian.strategy.inference.LaidAwaySampler`), weighted by the auction and the
card play seen (:mod:`~tarock.bavarian.strategy.inference`). In the auction and
the declarer's decisions after it (contract, raise, trump, the cards laid away), each world
becomes a complete deal (:meth:`BavarianDomain.state`) in which the search player plays every
choice out (of the lay-aways, the heuristic's best few); so are the cards of the first tricks,
where no world can be solved in the time. In card play each world is turned into
an open-handed :class:`~tarock.bavarian.strategy.solver.Position` and solved with
:class:`~tarock.bavarian.strategy.solver.Solver`. The solver's value (the declarer's card points
still to come, or in Bettel whether the declarer must take a trick) is completed with what the
observation shows (the points already taken, the pile of the world) and mapped to the settlement
of the actual contract with :func:`tarock.bavarian.scoring.settle` (V2 targets and pot amounts,
the V1 draw at 60, V1F/V3 Schneider steps, Bettel), seen from the acting seat's side.

With the pure-Python solver, a position with at most ``exact_tricks`` tricks left (counting the
current one) is solved exactly; earlier the search covers the current trick and ``depth - 1``
more and estimates the rest, because an exact solve of a whole deal takes seconds to minutes in
Python (``benchmarks/bavarian_players.py`` measures it).

With ``solver="compiled"`` (the default) positions with at most ``compiled_tricks`` tricks left
(every position by default) are solved exactly by
:class:`~tarock.bavarian.strategy.fast.FastSolver` instead (the same values, tested against the
reference), within a node limit: a solve that needs more raises
:class:`~tarock.players.compiled.NodeLimitExceeded` and the search player keeps the heuristic's
card. ``solver="reference"`` uses the pure-Python solver only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tarock.bavarian import actions as A
from tarock.bavarian.auction import rung_of_target
from tarock.bavarian.cards import SUITS, Pack
from tarock.bavarian.scoring import settle
from tarock.bavarian.strategy.fast import FastSolver
from tarock.bavarian.strategy.heuristic import lay_away_values
from tarock.bavarian.strategy.inference import AuctionLikelihood, LaidAwaySampler, PlayLikelihood
from tarock.bavarian.strategy.sampler import TALON_GAMES, BavarianSampler, World, pack_of
from tarock.bavarian.strategy.solver import Position, Solver
from tarock.core.cards import iter_bits
from tarock.core.errors import TarockError
from tarock.core.protocol import Action, Deal, Game
from tarock.core.tricks import played_cards
from tarock.players.inference import Product
from tarock.players.rollouts import at_decision, best_actions
from tarock.players.search import SolvingDomain

EXACT_TRICKS = 5
DEPTH = 2
COMPILED_TRICKS = 12  # every trick of every pack: 8 tricks left in 7 ms (median), 6 in 0.7 ms
MAX_NODES = 20_000_000  # a few seconds: the search player's budget usually stops it first
ROLLOUT_PHASES = ("auction", "contract", "raise", "trump", "lay_away", "play")
LAY_AWAY_CANDIDATES = 4  # lay-aways played out: each costs a play-out per world
HAND_RULE = (0.5, None)  # a hand game's solved cards: the margin and the early stop (none)
BIG_FUND = 10**9  # a fund that never runs short: shortfalls are not the card play's business


class BavarianDomain(SolvingDomain):
    def __init__(self, exact_tricks: int = EXACT_TRICKS, depth: int = DEPTH,
                 solver: str = "compiled", compiled_tricks: int = COMPILED_TRICKS,
                 max_nodes: int = MAX_NODES):
        super().__init__(exact_tricks, depth, solver, compiled_tricks, max_nodes)

    def handles(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> bool:
        return (observation.get("phase") == "play" and observation.get("seat") in
                observation.get("active", ()) and observation.get("declarer") is not None
                and all(getattr(a, "kind", None) == "play" for a in legal)
                and (self.solver != "compiled" or pack_of(observation).tricks
                     - len(observation.get("tricks", ())) <= self.compiled_tricks))

    def solved_rule(self, observation: dict[str, Any]) -> tuple[float, int | None] | None:
        """The rule of a solved card in a hand game (no talon taken, not a Bettel): a margin
        of half a standard error and every world the time allows, where the game's rule is
        one standard error and the early stop after ``SETTLE`` unbeaten worlds. Hand games hold
        most of what the search player misses, and there the early stop ended most decisions
        at 16 worlds; on 1,000 duplicate deals at 0.25 s the player made +0.74 [-0.34, +1.82]
        u a deal more with this rule, +2.70 [-0.87, +6.27] u in the deals with a hand game
        (docs/strength-history.md): leaning better, not shown. None elsewhere."""
        contract = observation.get("contract")
        if contract in TALON_GAMES or contract == "bettel":
            return None
        return HAND_RULE

    def sampler(self, game: Game, observation: dict[str, Any]
                ) -> BavarianSampler | LaidAwaySampler:
        """The worlds of ``observation``. A defender's in a talon game lay the declarer's pile
        away as he would have (:class:`LaidAwaySampler`): he chose it, and unseen."""
        base = BavarianSampler(game.opt, observation)  # type: ignore[attr-defined]
        if observation.get("phase") == "play" and base.known_pile is None \
                and observation.get("contract") in TALON_GAMES and base.trump is not None \
                and base.declarer not in (None, base.me):
            return LaidAwaySampler(base)
        return base

    def likelihood(self, game: Game, observation: dict[str, Any]) -> Product:
        """How likely a world makes the auction and the card play seen (see
        :mod:`~tarock.bavarian.strategy.inference`); false when they say nothing."""
        opt = game.opt  # type: ignore[attr-defined]
        return Product(AuctionLikelihood(opt, observation), PlayLikelihood(opt, observation))

    def rolls_out(self, game: Game, observation: dict[str, Any],
                  legal: Sequence[Action]) -> bool:
        """The auction and the declarer's decisions after it, up to card play: searched by
        playing each choice out in sampled worlds (:mod:`tarock.players.rollouts`). Card play
        too, where no world can be solved in time (the first tricks)."""
        return observation.get("phase") in ROLLOUT_PHASES and observation.get("seat") in \
            observation.get("active", ())

    def rollout_value(self, game: Game, observation: dict[str, Any]
                      ) -> Callable[[Sequence[int]], float] | None:
        """A defender's card played out is valued as the solver values it: by what the
        declarer is paid, negated. His own score would not do: in a pick-up game the fund pays
        a winning declarer, so a defender scores nothing whether the declarer wins by 2 points or
        by 40, and every card would look the same. The declarer's own score is his settlement;
        before card play a seat weighs its own score (None)."""
        if observation.get("phase") != "play" or observation.get("declarer") in (
                None, observation.get("seat")):
            return None
        declarer: int = observation["declarer"]
        return lambda scores: -float(scores[declarer])

    def rollout_actions(self, game: Game, observation: dict[str, Any],
                        legal: Sequence[Action]) -> list[Action]:
        """The choices worth playing out: all of them, but of the few hundred ways to lay away
        3 cards only the heuristic's best ``LAY_AWAY_CANDIDATES`` by its own estimate."""
        if observation.get("phase") != "lay_away" or len(legal) <= LAY_AWAY_CANDIDATES:
            return list(legal)
        pack = pack_of(observation)
        values = lay_away_values(game.opt, pack, observation,  # type: ignore[attr-defined]
                                 pack.deck.mask(observation["hand"]), legal)
        return best_actions(legal, values, LAY_AWAY_CANDIDATES)

    def state(self, game: Game, observation: dict[str, Any], world: World) -> Any | None:
        """The deal of ``world`` (its hands as dealt: the hands now with the cards each seat
        played; its pile as the talon, or the talon the declarer picked up) with everything so
        far replayed: the auction, the declarer's contract, raise, trump and cards laid away as
        the observation shows them, and the cards played. A complete state at this decision,
        or None if it does not agree with the observation."""
        deck = pack_of(observation).deck
        plays = played_cards(deck, observation)
        hands = [world.hands.get(q, 0) for q in range(game.num_seats)]
        for q, card in plays:
            hands[q] |= 1 << card
        talon = tuple(iter_bits(world.pile))
        declarer = observation.get("declarer")
        if "talon" in observation and observation.get("contract") in TALON_GAMES \
                and declarer is not None:
            # the declarer picked the talon up: his hand as dealt is without it (and with what
            # he laid away, the pile), and the talon lies in the order seen
            talon = tuple(deck.index(c) for c in observation["talon"])
            hands[declarer] = (hands[declarer] | world.pile) & ~deck.mask(observation["talon"])
        envelope = {"fund": observation["fund"]} if "fund" in observation else {}
        try:
            state: Any = game.new_initial_state(Deal(tuple(hands), talon),
                                                observation["dealer"], **envelope)
            for entry in observation.get("auction", []):
                state.apply(game.action_from_json(entry["action"]))
            while not state.is_terminal() and state.phase != observation["phase"]:
                action = _declarers_choice(state, observation, world)
                if action is None:
                    return None
                state.apply(action)
            for _, card in plays:
                state.apply(A.PLAYS[card])
        except TarockError:
            return None
        return at_decision(state, observation)

    def tie_key(self, game: Game, action: Action) -> tuple[int, int]:
        card = action.arg  # type: ignore[attr-defined]
        pack = game.pack  # type: ignore[attr-defined]
        return (pack.deck.points[card], pack.normal[card])  # the cheapest, then the weakest

    def evaluate(self, game: Game, observation: dict[str, Any], world: World,
                 legal: Sequence[Action], max_nodes: int | None = None) -> dict[Action, float]:
        opt = game.opt  # type: ignore[attr-defined]
        pos, taken, decl_tricks = position(observation, world)
        pack = pack_of(observation)
        left = pack.tricks - len(observation.get("tricks", []))
        values = self.values(pos, pack, opt.must_beat, left, max_nodes)
        me_decl = observation["seat"] == observation["declarer"]
        contract = observation["contract"]
        rung = None
        if opt.variant == "haferl":
            rung = 0 if contract == "pickup" else rung_of_target(observation["target"])
        pile_points = pack.points(world.pile)
        out: dict[Action, float] = {}
        for a in legal:
            v = values[a.arg]  # type: ignore[attr-defined]
            amount: float
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

    def values(self, pos: Position, pack: Pack, must_beat: bool, left: int,
               max_nodes: int | None = None) -> dict[int, int]:
        """Each legal card's solver value (the declarer's points to come, or in Bettel whether
        he takes a trick), by the configured solver; the compiled one stops at ``max_nodes``
        (at most the domain's ``max_nodes``) with
        :class:`~tarock.players.compiled.NodeLimitExceeded`."""
        if self.solver != "compiled":
            depth = None if left <= self.exact_tricks else self.depth
            return Solver(pack, pos.trump, pos.bettel, must_beat, depth).action_values(pos)
        return self.solve(FastSolver(pack, pos.trump, pos.bettel, must_beat,
                                     self.node_limit(max_nodes)), pos)


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


def _declarers_choice(state: Any, observation: dict[str, Any], world: World) -> Action | None:
    """The declarer's decision between the auction and card play that the observation shows
    he made in ``state``'s phase (None: it shows none). The cards he laid away are the world's
    pile where the seat did not see them (a defender in card play)."""
    phase = state.phase
    if phase == "contract":
        return A.CONTRACT_ACTIONS.get(observation.get("contract", ""))
    if phase == "raise" and "target" in observation:
        rung = rung_of_target(observation["target"])
        return A.KEEP if rung == state.rung else A.RAISES.get(rung)
    if phase == "trump" and observation.get("trump") is not None:
        return A.SUIT_ACTIONS[observation["trump"]]
    if phase == "lay_away" and "laid_away" in observation:
        return A.Action(A.LAY_AWAY, pack_of(observation).deck.mask(observation["laid_away"]))
    if phase == "lay_away" and observation["phase"] == "play":
        return A.Action(A.LAY_AWAY, world.pile)
    return None


def make_domain() -> BavarianDomain:
    return BavarianDomain()
