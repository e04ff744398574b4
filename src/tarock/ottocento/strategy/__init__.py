"""Ottocento strategy for the computer players: the heuristic, the sampler of hidden
cards, the perfect-information solver and the search domain. The generic players in
:mod:`tarock.players` reach these modules by name, so the players import no game."""
