"""What single decisions of the search player lose in the true deal, against the heuristic's and
another setting's (by default without inference).

    .venv/bin/python benchmarks/decision_quality.py --game G [--kind cards|played|bids]
        [--decisions 150] [--think 0.25] [--first-trick 3] [--last-trick 8]
        [--place lead|any] [--side any|declarer|defenders] [--contract C] [--policies]
        [--search search] [--compare search:inference=false] [--play-on KIND] [--seed 1]
        [--json]

Heuristic players deal and play deals. At one decision per deal, the heuristic, the search player
(``--search``: the kind with its settings, ``search:KEY=VALUE:...``) and a second kind or setting
(``--compare``; the search player without inference by default) each choose for that seat, with
``--think`` seconds a move where they search (one player of each kind for the whole run, as in
the arena, so that a search player's node limits come from the solving speed it learned), and
each choice is valued in the true deal; its *loss* is the best choice's value minus its own, in
the game's points for the seat.

* ``--kind cards``: a card-play decision from a random trick between ``--first-trick`` and
  ``--last-trick`` that the game's search domain solves, its lead (``--place lead``, the
  default) or the card of a random place in the trick (``--place any``), of either side or,
  where the observation names a declarer (Bavarian tarock), only the declarer's (``--side
  declarer``) or only a defender's (``--side defenders``), and with ``--contract C`` only in
  deals of that contract (Bavarian tarock, as records name it: ``hand``, ``pickup``, ...); the
  true deal is solved open-handed (as the omniscient player does), in points for the seat's team.
  With ``--policies`` a fourth player, the search player without the early stop (``settle``),
  keeps every world it solved with its weight and values, and its choice is made again from
  those worlds under other rules: the margin a card must beat the heuristic's by (0 to 2
  standard errors) and with or without the early stop after ``SETTLE`` worlds; each rule's loss
  is printed with its paired difference from the player's own rule at that decision
  (``card_rule``: the game's, or Bavarian hand games' own). So the rule is tuned on the same
  worlds, without a run per rule.
* ``--kind played``: the same for a card-play decision that the domain plays out instead of
  solving (Ottocento's tricks before the last 7): each card the search player would play out,
  and the heuristic's, is played out in the true deal by heuristic players, as the omniscient
  player does, the seat's score. ``--policies`` replays the worlds played out.
* ``--kind bids``: a decision before card play that the domain plays out (Bavarian tarock's
  auction, contract, trump and lay-away, Hungarian tarokk's auction, raise, discard and
  announcements, Ottocento's 4-player discard; each in turn is taken with probability 1/2);
  each legal choice is played out in the true deal by heuristic players, the seat's score.

With ``--play-on KIND`` each choice (the heuristic's, the search player's, the compared one's and
the true deal's best) is valued a second way as well: the deal played out after it with a
``KIND`` player at every seat (``--think`` seconds a move where it searches, its random numbers
seeded by the deal, so the same for each choice), the seat's score (or what the domain makes of
the scores, as for a card played out). Higher is better there. The true deal solved open-handed
lets every seat play on as if it saw every card; played on by players who do not, a choice that
is better open-handed need not be better in play.

The arena measures whole deals and needs hundreds of them to tell players apart; this measures
decisions against the truth, so a change to how worlds are drawn, weighted or valued shows with
far fewer deals. It is a proxy: the true deal's value assumes open-handed play, or the
heuristic's play, afterwards, the same kind of valuation the search player itself uses.

Prints each player's mean loss with its 95% interval over decisions, and the paired differences
of the search player against the heuristic and against the setting compared, with the number of
decisions at which each chose unlike the search player (``differs_from_search``): where two
choices agree their difference is nought, so a difference over all the decisions is that of
the decisions counted, thinned by the rest.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from tarock.cli.app import player_kinds
from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import Action
from tarock.games import make_game
from tarock.players.base import make_player, set_think
from tarock.players.compiled import NodeLimitExceeded
from tarock.players.inference import WeightedSampler
from tarock.players.rollouts import outcome, rollout_values, seats_players
from tarock.players.search import (
    SETTLE,
    SearchPlayer,
    _PairedDifferences,
    card_rule,
    rollout_options,
    search_domain,
)

Z95 = 1.96
KINDS = ("cards", "played", "bids")
PLACES = ("lead", "any")
SIDES = ("any", "declarer", "defenders")
COMPARE = "search:inference=false"
PLAYED_ON_PAIRS = (("search", "heuristic"), ("search", "compare"), ("best", "heuristic"))
RULES = [(c, settle) for c in (0.0, 0.5, 1.0, 1.5, 2.0) for settle in (SETTLE, None)]


class RecordingSearchPlayer(SearchPlayer):
    """The search player without the early stop, keeping each searched decision's worlds: the
    legal actions searched, the default and, per world, its weight and every action's value."""

    def __init__(self, seed: int, budget: float):
        super().__init__(seed, budget=budget, settle=10**9)
        self.searches: list[dict[str, Any]] = []

    def _search(self, observation: dict[str, Any], legal: Sequence[Action], default: Action,
                start: float, sampler: WeightedSampler,
                evaluate: Callable[[Any, float], dict[Action, float] | None],
                tie_key: Callable[[Action], Any], confidence: float, settle: int | None,
                retry: bool = False) -> Action:
        worlds: list[tuple[float, dict[Action, float]]] = []
        weights: list[float] = []
        draw = sampler.draw

        def drawn(rng: random.Random) -> Any:
            out = draw(rng)
            if out is not None:
                weights.append(out[1])
            return out

        def valued(world: Any, left: float) -> dict[Action, float] | None:
            values = evaluate(world, left)
            if values is not None:
                worlds.append((weights[-1], values))
            return values

        sampler.draw = drawn  # type: ignore[method-assign]
        self.searches.append({"legal": list(legal), "default": default, "worlds": worlds,
                              "tie_key": tie_key})
        return super()._search(observation, legal, default, start, sampler, valued, tie_key,
                               confidence, settle, retry)


def replayed(search: dict[str, Any], confidence: float, settle: int | None) -> Any:
    """The choice the search player's own rule makes from the recorded worlds, with another
    margin (standard errors) and early stop (None: none)."""
    diff = _PairedDifferences(search["legal"], search["default"])
    for weight, values in search["worlds"]:
        diff.add(values, weight)
        if settle is not None and diff.n >= settle and not diff.any_better():
            break
    return diff.choice(confidence, search["tie_key"])


def interval(xs: list[float]) -> dict[str, float]:
    mean = statistics.fmean(xs)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return {"mean": round(mean, 4), "ci_low": round(mean - half, 4),
            "ci_high": round(mean + half, 4), "n": len(xs)}


def on_side(observation: dict[str, Any], seat: int, side: str) -> bool:
    """Whether a decision of ``seat`` belongs to ``side`` (``any``: every decision)."""
    if side == "any":
        return True
    return (seat == observation.get("declarer")) == (side == "declarer")


def measure(game_name: str, kind: str, decisions: int, think: float, first: int, last: int,
            seed: int, place: str = "lead", policies: bool = False,
            side: str = "any", search: str = "search", compare: str = COMPARE,
            contract: str | None = None, play_on: str | None = None) -> dict[str, Any]:
    game = make_game(game_name)
    domain = search_domain(game)
    assert domain is not None
    heuristic = seats_players(game)
    rng = random.Random(seed)
    losses: dict[str, list[float]] = {"heuristic": [], "search": [], "compare": []}
    rules: dict[tuple[float, int | None], list[float]] = {rule: [] for rule in RULES}
    own: list[float] = []  # the loss under the game's own rule of each decision
    # one player of each kind for the run, as in the arena: a search player learns its solver's
    # speed, from which its time becomes node limits (a new one starts from START_RATE)
    searching = {"search": set_think(make_player(search, seed), think),
                 "compare": set_think(make_player(compare, seed), think)}
    recorder = RecordingSearchPlayer(seed, think)
    on_players = [set_think(make_player(play_on, seat), think)
                  for seat in range(game.num_seats)] if play_on is not None else []
    played_on: dict[str, list[float]] = {"heuristic": [], "search": [], "compare": [], "best": []}
    differ = {"heuristic": 0, "compare": 0}  # the decisions each chose unlike the search player
    deal = seed * 100_000
    while len(losses["heuristic"]) < decisions:
        deal += 1
        state = game.new_deal_state(deal, dealer=deal % game.num_seats)
        at = rng.randint(first, last)
        ahead = rng.randrange(game.num_seats) if place == "any" else 0  # cards in the trick
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            legal = state.legal_actions()
            truth = None
            if len(legal) > 1 and kind == "cards" and len(obs.get("tricks", ())) + 1 == at \
                    and len(obs.get("trick") or ()) >= ahead and on_side(obs, seat, side) \
                    and contract in (None, obs.get("contract")) \
                    and domain.handles(game, obs, legal):
                try:
                    truth = domain.evaluate(game, obs, domain.true_world(state), legal)
                except NodeLimitExceeded:
                    break  # the true deal is too big to solve here: another deal
            elif len(legal) > 1 and kind == "played" and len(obs.get("tricks", ())) + 1 == at \
                    and len(obs.get("trick") or ()) >= ahead and obs.get("phase") == "play" \
                    and domain.rolls_out(game, obs, legal) \
                    and not domain.handles(game, obs, legal):
                default = heuristic[seat].act(game, obs, legal)
                options = rollout_options(domain, game, obs, legal, default)
                if len(options) > 1:
                    truth = rollout_values(state, options, seat, heuristic,
                                           value=outcome(domain, game, obs))
            elif len(legal) > 1 and kind == "bids" and domain.rolls_out(game, obs, legal) \
                    and not domain.handles(game, obs, legal) \
                    and rng.random() < 0.5:  # the first, second, ... bid with 1/2, 1/4, ...
                truth = rollout_values(state, legal, seat, heuristic,
                                       value=outcome(domain, game, obs))
            if truth is not None:
                best = max(truth.values())
                for player in (*searching.values(), recorder, *on_players):
                    if hasattr(player, "seed"):
                        player.seed = deal
                chosen = {"heuristic": heuristic[seat].act(game, obs, legal),
                          **{name: player.act(game, obs, legal)
                             for name, player in searching.items()}}
                for name, action in chosen.items():
                    losses[name].append(best - truth[action])
                for name in differ:
                    differ[name] += chosen[name] != chosen["search"]
                if on_players:
                    chosen["best"] = max(truth, key=truth.__getitem__)
                    values = rollout_values(state, list(dict.fromkeys(chosen.values())),
                                            seat, on_players, value=outcome(domain, game, obs))
                    assert values is not None  # no deadline
                    for name, action in chosen.items():
                        played_on[name].append(values[action])
                if policies:
                    recorder.searches.clear()
                    played = recorder.act(game, obs, legal)
                    for rule in RULES:
                        # where no world could be solved in time the cards were played out (a
                        # second search): its choice stands under every rule
                        action = replayed(recorder.searches[0], *rule) \
                            if len(recorder.searches) == 1 else played
                        rules[rule].append(best - truth[action])
                    own.append(rules[card_rule(domain, obs)][-1])  # the game's rule here
                break
            state.apply(heuristic[seat].act(game, obs, legal))
    h = losses["heuristic"]
    return {"game": game_name, "kind": kind, "think": think, "search": search,
            "compare": compare,
            **({"tricks": [first, last]} if kind != "bids" else {}),
            "loss": {name: interval(xs) for name, xs in losses.items()},
            "differs_from_search": differ,
            "search_minus_heuristic": interval(
                [a - b for a, b in zip(losses["search"], h, strict=True)]),
            "search_minus_compare": interval(
                [a - b for a, b in zip(losses["search"], losses["compare"], strict=True)]),
            **({"rules": [
                {"confidence": c, "settle": settle, "loss": interval(xs),
                 "minus_own_rule": interval(
                     [a - b for a, b in zip(xs, own, strict=True)])}
                for (c, settle), xs in rules.items()]} if policies else {}),
            **({"played_on": {
                "kind": play_on,
                "value": {name: interval(xs) for name, xs in played_on.items()},
                **{f"{a}_minus_{b}": interval([x - y for x, y in zip(played_on[a], played_on[b],
                                                                     strict=True)])
                   for a, b in PLAYED_ON_PAIRS}}} if play_on is not None else {})}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--kind", choices=KINDS, default="cards")
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--think", type=float, default=0.25)
    parser.add_argument("--first-trick", type=int, default=3)
    parser.add_argument("--last-trick", type=int, default=8)
    parser.add_argument("--place", choices=PLACES, default="lead")
    parser.add_argument("--side", choices=SIDES, default="any")
    parser.add_argument("--contract", help="only deals of this contract (Bavarian tarock)")
    parser.add_argument("--policies", action="store_true")
    parser.add_argument("--search", default="search",
                        help="the search player's kind, with settings (default: %(default)s)")
    parser.add_argument("--compare", default=COMPARE,
                        help="the second kind, with settings (default: %(default)s)")
    parser.add_argument("--play-on", metavar="KIND",
                        help="also value each choice by the deal played out after it, a KIND "
                             "player at every seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.kind == "bids" and not hasattr(search_domain(make_game(args.game)), "rolls_out"):
        parser.error(f"the search player plays no bids out in {args.game}")
    if args.kind == "played" and args.game != "ottocento":
        parser.error("--kind played: only Ottocento plays out the cards its solver does not reach")
    if args.side != "any" and args.game != "bavarian-tarock":
        parser.error("--side: only Bavarian tarock has one declarer against all the others")
    if args.contract is not None and (args.game != "bavarian-tarock" or args.kind != "cards"):
        parser.error("--contract: Bavarian card play only")
    if args.policies and args.kind == "bids":
        parser.error("--policies replays the choice among a card's worlds: card play only")
    if args.policies and args.search != "search":
        parser.error("--policies replays the worlds of the search player as it is: no --search")
    kinds = [("--search", args.search), ("--compare", args.compare)]
    if args.play_on is not None:
        kinds.append(("--play-on", args.play_on))
    for option, kind in kinds:
        try:
            player_kinds(kind, 1, option)  # the arena's own check, naming the option
        except InvalidOptionError as refused:
            parser.error(str(refused))
    out = measure(args.game, args.kind, args.decisions, args.think, args.first_trick,
                  args.last_trick, args.seed, args.place, args.policies, args.side,
                  args.search, args.compare, args.contract, args.play_on)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, r in out["loss"].items():
        label = out.get(name, name)  # the kinds of the search player and the compared one
        print(f"{label:<10} loss {r['mean']:8.3f} [{r['ci_low']:8.3f}, {r['ci_high']:8.3f}]")
    for key, other in (("search_minus_heuristic", "heuristic"),
                       ("search_minus_compare", "compare")):
        d = out[key]
        print(f"{key:<22} {d['mean']:8.3f} [{d['ci_low']:8.3f}, {d['ci_high']:8.3f}] "
              f"over {d['n']} decisions, {out['differs_from_search'][other]} chosen differently")
    if "played_on" in out:
        on = out["played_on"]
        for name, r in on["value"].items():
            label = out.get(name, name)
            print(f"{label:<10} played on by {on['kind']}: {r['mean']:8.3f} "
                  f"[{r['ci_low']:8.3f}, {r['ci_high']:8.3f}]")
        for a, b in PLAYED_ON_PAIRS:
            d = on[f"{a}_minus_{b}"]
            print(f"played on, {a} - {b:<10} {d['mean']:8.3f} [{d['ci_low']:8.3f}, "
                  f"{d['ci_high']:8.3f}]")
    for r in out.get("rules", []):
        loss, d = r["loss"], r["minus_own_rule"]
        stop = "none" if r["settle"] is None else r["settle"]
        print(f"rule {r['confidence']:.1f} SE, early stop {stop:>4}: loss {loss['mean']:8.3f} "
              f"[{loss['ci_low']:8.3f}, {loss['ci_high']:8.3f}], minus the player's own rule "
              f"{d['mean']:8.3f} [{d['ci_low']:8.3f}, {d['ci_high']:8.3f}]")


if __name__ == "__main__":
    main()
