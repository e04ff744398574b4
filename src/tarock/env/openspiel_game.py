"""The three games as OpenSpiel Python games: ``tarock_hungarian_tarokk``,
``tarock_bavarian_tarock`` and ``tarock_ottocento`` (registered by
:func:`tarock.env.register_openspiel`).

Each game is one deal. Its first decisions are chance nodes that deal the cards one at a time
(a chance action is a card index; every remaining card is equally likely), filling the hands in
seat order and then the talon, which gives every deal the same probability as a shuffle. Player
actions are tokens of the game's flat action space (docs/environments.md); returns are the deal's
per-seat scores. Information states are the exact text of what a seat knows (perfect recall) and
the fixed-size tensor of :mod:`tarock.env.features`; observations are the seat's observation
without the history of perceptions, and the same tensor. ``resample_from_infostate`` draws a
world the player cannot tell apart from the true one (:mod:`tarock.env.resample`), so OpenSpiel's
ISMCTS and other determinizing algorithms run on these games.

Game parameters are the rule options (the option table of each game's rules document, with the
same defaults; a subset option's members are joined by ``+``), plus ``dealer`` (the dealing
seat) and ``resample_steps`` (proposals of the resampling chain per call).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

import tarock.games
from tarock.core.cards import iter_bits
from tarock.core.options import OptionSpec
from tarock.core.protocol import Deal, Game
from tarock.env.features import TensorWriter, tensor_fields
from tarock.env.resample import resample
from tarock.env.table import EnvState

# Loose bounds on one deal's score of one seat (OpenSpiel wants them; nothing depends on them);
# a game registered by someone else gets the loosest.
_UTILITY_BOUND = {"hungarian-tarokk": 100_000.0, "bavarian-tarock": 100_000.0,
                  "ottocento": 10_000.0}
_DEFAULT_BOUND = 1_000_000.0
# Games whose per-seat scores sum to zero; Bavarian scores balance against the pot, and a game
# not listed is declared general-sum, which is always true.
_ZERO_SUM = {"hungarian-tarokk", "ottocento"}


def spiel_name(game_name: str) -> str:
    return "tarock_" + game_name.replace("-", "_")


def _spiel_value(value: Any) -> Any:
    """An option value as an OpenSpiel parameter (bool, int, float or str)."""
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, frozenset):  # "+", because OpenSpiel game strings split on commas
        return "+".join(sorted(value))
    raise TypeError(f"option value {value!r} has no OpenSpiel form")


def _parameters(game: Game) -> dict[str, Any]:
    params = {spec.key: _spiel_value(spec.default) for spec in game.option_specs}
    params.update(dealer=0, resample_steps=20)
    return params


def _option_values(specs: Sequence[OptionSpec], params: dict[str, Any]) -> dict[str, Any]:
    """The rule options among ``params``; a subset option's members are joined by "+"."""
    values = {}
    for spec in specs:
        if spec.key in params:
            value = params[spec.key]
            if spec.kind == "subset" and isinstance(value, str):
                value = value.replace("+", ",")
            values[spec.key] = value
    return values


class _Deal:
    """The Python side of a state, copied by OpenSpiel's clone through ``__deepcopy__``: the
    cards dealt so far, then the deal in progress."""

    __slots__ = ("cards", "chains", "env")

    def __init__(self) -> None:
        self.cards: list[int] = []  # chance outcomes so far, in slot order
        self.env: EnvState | None = None
        # per seat: the last world of its resampling chain, where the next call continues
        self.chains: dict[int, EnvState] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        other = _Deal()
        other.cards = self.cards.copy()
        other.env = None if self.env is None else self.env.clone()
        return other


class TarockSpielGame(pyspiel.Game):
    """One registered tarock game with its parameters."""

    game_name: str  # set on the subclass made for each game

    def __init__(self, params: dict[str, Any] | None = None):
        default = tarock.games.make_game(self.game_name)
        values = {**_parameters(default), **(params or {})}
        self.tgame = tarock.games.make_game(self.game_name,
                                            _option_values(default.option_specs, values))
        self.dealer = int(values["dealer"])
        self.resample_steps = int(values["resample_steps"])
        self.writer = TensorWriter(self.tgame)
        sample = self.tgame.deal(0, self.dealer)
        self.slots = [q for q, hand in enumerate(sample.hands) for _ in range(hand.bit_count())]
        self.talon_size = len(sample.talon)
        encoding = self.tgame.action_encoding()
        bound = _UTILITY_BOUND.get(self.game_name, _DEFAULT_BOUND)
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_tokens,
            max_chance_outcomes=len(self.tgame.deck),
            num_players=self.tgame.num_seats,
            min_utility=-bound, max_utility=bound,
            utility_sum=0.0 if self.game_name in _ZERO_SUM else None,
            max_game_length=encoding.max_tokens)
        super().__init__(_game_type(default), info, params or {})

    def new_initial_state(self) -> TarockSpielState:
        return TarockSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> TarockObserver:
        """The information-state observer for a perfect-recall type, else the observation one
        (also without a type, as in OpenSpiel's own Python games)."""
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TarockObserver(self, perfect_recall)


class TarockSpielState(pyspiel.State):
    """A deal: chance nodes until every card is dealt, then the players' tokens."""

    def __init__(self, game: TarockSpielGame):
        super().__init__(game)
        self._deal = _Deal()

    @property
    def env(self) -> EnvState | None:
        """The deal in progress (None while cards are being dealt)."""
        return self._deal.env

    def _spiel_game(self) -> TarockSpielGame:
        game = self.get_game()
        assert isinstance(game, TarockSpielGame)
        return game

    def current_player(self) -> int:
        env = self._deal.env
        if env is None:
            return pyspiel.PlayerId.CHANCE
        if env.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return env.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        env = self._deal.env
        if env is None or env.is_terminal() or env.current_player() != player:
            return []
        return env.legal_tokens()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game = self._spiel_game()
        left = sorted(set(range(len(game.tgame.deck))) - set(self._deal.cards))
        p = 1.0 / len(left)
        return [(card, p) for card in left]

    def _apply_action(self, action: int) -> None:
        deal = self._deal
        if deal.env is not None:
            deal.env.apply_token(int(action))
            deal.chains.clear()  # they were worlds of the information states before this action
            return
        game = self._spiel_game()
        if action in deal.cards or not 0 <= action < len(game.tgame.deck):
            raise pyspiel.SpielError(f"card {action} cannot be dealt")
        deal.cards.append(int(action))
        if len(deal.cards) == len(game.slots) + game.talon_size:
            deal.env = EnvState(game.tgame.new_initial_state(self._dealt(), game.dealer))

    def _dealt(self) -> Deal:
        game = self._spiel_game()
        hands = [0] * game.tgame.num_seats
        for seat, card in zip(game.slots, self._deal.cards, strict=False):
            hands[seat] |= 1 << card
        return Deal(tuple(hands), tuple(self._deal.cards[len(game.slots):]))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._spiel_game()
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {game.tgame.deck.code(action)}"
        return game.tgame.action_encoding().token_label(action)

    def is_terminal(self) -> bool:
        env = self._deal.env
        return env is not None and env.is_terminal()

    def returns(self) -> list[float]:
        env = self._deal.env
        return [0.0] * self.num_players() if env is None else env.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state with the same information state for ``player_id``, hidden cards redrawn."""
        env = self._deal.env
        if env is None:
            return self.clone()
        game = self._spiel_game()
        rng = random.Random(int(probability_sampler() * 2**53))
        world = resample(env, player_id, rng, game.resample_steps,
                         start=self._deal.chains.get(player_id))
        self._deal.chains[player_id] = world
        # the world is rebuilt action by action, so that OpenSpiel's history of the new state
        # (history(), move_number()) is the world's
        state = game.new_initial_state()
        encoding = game.tgame.action_encoding()
        for card in _slot_order(world.engine.deal):
            state.apply_action(card)
        for _, action in world.engine.history:
            for token in encoding.tokens(action):
                state.apply_action(token)
        for token in world.pending:
            state.apply_action(token)
        return state

    def __str__(self) -> str:
        """The actions so far, in full (a debugging view of the true state)."""
        env = self._deal.env
        if env is None:
            return f"dealing: {len(self._deal.cards)} cards dealt"
        lines = [f"seat {actor}: {told[actor]}"
                 for (actor, _), told in zip(env.engine.history, env.perceived, strict=True)]
        return "\n".join(lines) or "dealt"


def _slot_order(deal: Deal) -> list[int]:
    """The chance outcomes that deal ``deal``: each hand's cards in order, then the talon."""
    return [c for hand in deal.hands for c in iter_bits(hand)] + list(deal.talon)


class TarockObserver:
    """OpenSpiel's observer interface: the tensor of :mod:`tarock.env.features` (with a view per
    field in ``dict``) and the information-state or observation string."""

    def __init__(self, game: TarockSpielGame, perfect_recall: bool):
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.writer.size, np.float32)
        seats = game.tgame.num_seats
        self.dict = {}
        for field in tensor_fields(game.tgame):
            view = self.tensor[field.start:field.stop]
            if field.name in ("played", "trick", "won", "actions"):
                view = view.reshape(seats, -1)
            self.dict[field.name] = view

    def set_from(self, state: TarockSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        env = state.env
        if env is None:
            self.tensor[player] = 1.0  # the seat field; nothing else is known yet
            return
        self.game.writer.fill(env, player, self.tensor)

    def string_from(self, state: TarockSpielState, player: int) -> str:
        env = state.env
        if env is None:
            dealt = [c for c, q in zip(state._deal.cards, self.game.slots, strict=False)
                     if q == player]
            return f"seat {player} dealing {sorted(dealt)}"
        if self.perfect_recall:
            return env.knowledge(player)
        return json.dumps(env.engine.observation(player), sort_keys=True, separators=(",", ":"))


def _game_type(game: Game) -> pyspiel.GameType:
    game_name = game.name
    choices = {spec.key: spec.choices for spec in game.option_specs}
    counts = choices.get("players", (game.num_seats,))  # every game names its table size so
    return pyspiel.GameType(
        short_name=spiel_name(game_name),
        long_name=f"tarock: {game_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if game_name in _ZERO_SUM
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game))


def register() -> list[str]:
    """Register every registered tarock game with pyspiel (once) and return the names."""
    names = []
    known = set(pyspiel.registered_names())
    for game_name in tarock.games.registered_games():
        name = spiel_name(game_name)
        if name not in known:
            cls = type(f"TarockSpielGame_{game_name.replace('-', '_')}", (TarockSpielGame,),
                       {"game_name": game_name})
            pyspiel.register_game(_game_type(tarock.games.make_game(game_name)), cls)
        names.append(name)
    return names
