"""An Ottocento card-play world as the whole deal, replayed up to the decision.

The search player plays the cards of the first tricks out (:mod:`tarock.players.rollouts`),
where no world can be solved in a move's time: a world of the card-play sampler
(:class:`~tarock.ottocento.strategy.sampler.World`, every hand now and each team's reserve)
then has to become a complete state that heuristic players can finish.

The deal is rebuilt from what each seat holds or held:

* Four players: each hand as dealt is the hand now with the cards its seat has played.
* Two players (OT-V-2): each player's 20 cards as dealt are the 10 he set aside (his reserve,
  less the dealer's discard) and 10 of the others he held; the other 10 came from the talon in
  his packet. Which of them is in no player's observation, so the lowest 10 are taken as dealt.
  Of the other dealer's 12 hidden cards, his discard is the lowest 2 that may be discarded.
* The dealer's two extra cards (OT-DEAL-3) are the talon's last: a dealer knows his own (he saw
  them and what he discarded); anyone else never sees them, and in the world the dealer
  received the two cards he discarded (a discard the engine checks like any other,
  OT-DEAL-6), which changes nothing after the discard.

The deal is then replayed on the engine: the set-aside, an early claim declined (the deal would
be over otherwise), the discard, every declaration as shown (each seat's before its first card,
OT-DECL-1), and every card played with its signal. The state must show the seat exactly its
observation, else the world is refused.
"""

from __future__ import annotations

from typing import Any

from tarock.core.cards import bits
from tarock.core.errors import TarockError
from tarock.core.protocol import Deal, Game, State
from tarock.ottocento import actions as A
from tarock.ottocento.cards import DECK, FIVE_POINT, parse_cards
from tarock.ottocento.game import SETASIDE_COUNT
from tarock.ottocento.strategy.sampler import Facts, World
from tarock.players.rollouts import at_decision


def replayed_state(game: Game, observation: dict[str, Any], facts: Facts,
                   world: World) -> State | None:
    """``world`` as a complete state at the decision of ``observation``'s seat (``facts``
    being read off that observation), or None where it does not agree with the observation."""
    n, dealer = facts.n, facts.dealer
    held = [world.hands[q] | facts.played_by[q] for q in range(n)]
    aside = [0] * n
    if n == 2:
        aside = list(world.reserve)
    if "talon_received" in observation:  # the dealer's own decision: he knows his extras
        extras = [DECK.index(c) for c in observation["talon_received"]]
        discard = parse_cards(observation.get("discard", []))
    else:
        discard = _lowest(aside[dealer] & ~FIVE_POINT, 2) if n == 2 \
            else world.reserve[facts.team(dealer)]
        extras = bits(discard)
    aside[dealer] &= ~discard
    held[dealer] = (held[dealer] | discard) & ~sum(1 << c for c in extras)
    if n == 4:
        deal = Deal(tuple(held), tuple(extras))
    else:
        dealt = [aside[q] | _lowest(held[q], SETASIDE_COUNT) for q in range(2)]
        packet = [bits(held[q] & ~dealt[q]) for q in (1 - dealer, dealer)]
        deal = Deal(tuple(dealt), (*packet[0][:5], *packet[1][:5], *packet[0][5:],
                                   *packet[1][5:], *extras))
    return _replay(game, observation, facts, deal, [bits(m) for m in aside], discard)


def _replay(game: Game, observation: dict[str, Any], facts: Facts, deal: Deal,
            aside: list[list[int]], discard: int) -> State | None:
    """``deal`` replayed with the cards set aside, the discard, and the declarations and the
    plays of the public record (``facts``), or None if the engine refuses them or the seat
    would see otherwise than ``observation``."""
    declarations: dict[int, list[A.Action]] = {}
    for seat, kind, mask in facts.declaration_seats:
        declarations.setdefault(seat, []).append(A.declare(kind, mask))
    plays = [A.play(card, signal if i == 0 else None)
             for (cards, _, _), signal in zip(facts.tricks, facts.signals, strict=True)
             for i, card in enumerate(cards)]
    plays += [A.play(card, facts.current_signal if i == 0 else None)
              for i, (_, card) in enumerate(facts.trick)]
    try:
        state: Any = game.new_initial_state(deal, facts.dealer, totals=observation["totals"])
        played = 0
        while not state.is_terminal():
            phase = state.phase
            if phase == "set_aside":
                state.apply(A.SET_ASIDES[aside[state.to_act].pop()])
            elif phase == "claim":
                state.apply(A.DECLINE_ACTION)
            elif phase == "discard":
                state.apply(A.Action(A.DISCARD, discard))
            elif phase == "declare":
                for action in declarations.pop(state.to_act, []):
                    state.apply(action)
                state.apply(A.DONE_ACTION)
            elif phase == "play" and played < len(plays):
                state.apply(plays[played])
                played += 1
            else:
                break
    except TarockError:
        return None
    return at_decision(state, observation)


def _lowest(mask: int, count: int) -> int:
    """The ``count`` lowest cards of ``mask`` (fewer if it holds fewer)."""
    return sum(1 << card for card in bits(mask)[:count])
