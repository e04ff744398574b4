"""What the declarations tell about the hidden hands of an Ottocento deal, for the search player
(:mod:`tarock.players.inference`).

Declared cards are the sampler's hard facts: each one not yet played is still in its declarer's
hand. What a seat did *not* declare says as much. The heuristic player declares the declaration
worth the most (:func:`~tarock.ottocento.combinations.best_declaration`: every combination it
holds, at full size, or under ``declaration_card_reuse = false`` the best disjoint ones), and a
declaration scores for its team, so a player who reads the table declares it too. Made soft,
that gives the probability of what each other seat declared had a sampled world been the true
one: with the seat's cards at the declarations (its hand in the world and the cards it has
played since), ``1 - EPSILON`` if the best declaration of those cards is exactly what it
declared, ``EPSILON`` otherwise.

Without this a world often holds, in some other hand, a combination nobody declared: after 8
tricks of 40 heuristic deals, 36% to 94% of the sampler's worlds did, the true deal never (a test
checks that the true deal always agrees). ``EPSILON`` is small because leaving a declaration out
costs its points; it keeps the model from ruling a world out.
"""

from __future__ import annotations

from tarock.ottocento.combinations import best_declaration
from tarock.ottocento.options import OttocentoOptions
from tarock.ottocento.strategy.sampler import Facts, World

EPSILON = 0.02  # the chance that a seat declares something other than its best declaration


class DeclarationLikelihood:
    """The probability of the declarations in ``facts`` (what the seat read off its observation,
    :func:`~tarock.ottocento.strategy.sampler.read_facts`), as a function of a world; false
    before card play (``play``), when not every seat has had its turn to declare."""

    def __init__(self, opt: OttocentoOptions, facts: Facts, play: bool):
        self.opt = opt
        self.declared: dict[int, set[tuple[str, int]]] = {
            q: set() for q in range(facts.n) if q != facts.seat}
        for q, kind, cards in facts.declaration_seats:
            if q != facts.seat:
                self.declared[q].add((kind, cards))
        self.played = facts.played_by
        self.seats = list(self.declared) if play else []

    def __bool__(self) -> bool:
        return bool(self.seats)

    def __call__(self, world: World) -> float:
        w = 1.0
        for q in self.seats:
            best = best_declaration(world.hands[q] | self.played[q], self.opt)
            w *= 1.0 - EPSILON if {(c.kind, c.cards) for c in best} == self.declared[q] \
                else EPSILON
        return w
