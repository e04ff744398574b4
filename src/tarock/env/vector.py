"""The vector face: N deals of one game stepped together, for learning code that wants batches.

It follows Gymnasium's vector API (:class:`gymnasium.vector.VectorEnv`: ``reset`` and ``step``
on arrays with a leading dimension of N, same-step autoreset) and PettingZoo's conventions for
what is multi-agent about it, because neither fits a turn-based game of several seats alone:

* Gymnasium's vector environments are single-agent. In a deal only one seat acts at a time, so
  each sub-environment's observation is the *acting* seat's: its information-state tensor
  (:mod:`tarock.env.features`), the ``action_mask`` of its legal tokens and its ``seat``. A
  policy acting for every seat (self-play) or for one seat reads ``seat`` to know whom it plays.
* PettingZoo's AEC API steps one agent of one environment at a time and has no vector form; its
  conventions are kept: the same flat token space, the same tensor, the mask in the observation,
  one reward per seat. Rewards are therefore an (N, S) array, not Gymnasium's (N,): a deal
  settles every seat at once, and the learner assigns each seat's reward to that seat's last
  decision.

Autoreset is same-step (``gymnasium.vector.AutoresetMode.SAME_STEP``): the step that finishes a
deal returns its settlement in ``rewards``, ``terminations`` True, and already the first
observation of the next deal, so every returned observation asks for a decision. Nobody acts at
the end of a deal, so there is no final observation to return. ``truncations`` are always False
(every deal is finite).

Deal ``k`` of sub-environment ``i`` is drawn from that sub-environment's own generator, seeded
``seed + i`` by ``reset(seed=seed)``, so a batch is reproducible and the same deals come whatever
else the batch holds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv

import tarock.games  # noqa: F401  (registers every game with make_game)
from tarock.core.errors import IllegalActionError
from tarock.core.protocol import make_game
from tarock.env.features import TensorWriter
from tarock.env.table import EnvState

VectorObservation = dict[str, np.ndarray]


class TarockVectorEnv(VectorEnv[VectorObservation, np.ndarray, np.ndarray]):
    """``num_envs`` deals of ``game_name`` stepped together (see the module docstring).

    ``rule_options`` go to :func:`tarock.core.protocol.make_game` unchanged; ``dealer`` is the
    dealing seat of every deal.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (Gymnasium reads it from the class)
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(self, game_name: str, num_envs: int, dealer: int = 0, **rule_options: Any):
        if num_envs < 1:
            raise ValueError(f"num_envs is {num_envs}; it must be at least 1")
        self.game = make_game(game_name, rule_options)
        self.seats = self.game.num_seats
        if not 0 <= dealer < self.seats:
            raise ValueError(f"dealer {dealer} is not a seat of a {self.seats}-seat table")
        self.game_name = game_name
        self.dealer = dealer
        self.num_envs = num_envs
        self.writer = TensorWriter(self.game)
        self.encoding = self.game.action_encoding()
        tokens = self.encoding.num_tokens
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, self.writer.high, (self.writer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (tokens,), np.int8),
            "seat": spaces.Discrete(self.seats),
        })
        self.single_action_space = spaces.Discrete(tokens)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, self.writer.high, (num_envs, self.writer.size),
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (num_envs, tokens), np.int8),
            "seat": spaces.MultiDiscrete([self.seats] * num_envs),
        })
        self.action_space = spaces.MultiDiscrete([tokens] * num_envs)
        self.generators: list[np.random.Generator] = []
        self.states: list[EnvState] = []
        # The batch's arrays, filled in place row by row: a step rewrites only what changed.
        self._obs = np.zeros((num_envs, self.writer.size), dtype=np.float32)
        self._mask = np.zeros((num_envs, tokens), dtype=np.int8)
        self._seat = np.zeros(num_envs, dtype=np.int64)

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[VectorObservation, dict[str, Any]]:
        """New deals everywhere. ``seed`` (an int: ``seed + i`` for sub-environment ``i``, or
        one seed per sub-environment) reseeds the generators the deals are drawn from; without
        it they go on. ``options`` is accepted for the API and ignored: rule options are fixed
        when the environment is made."""
        if seed is not None or not self.generators:
            seeds = (seed if isinstance(seed, list)
                     else [None if seed is None else seed + i for i in range(self.num_envs)])
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
            self.generators = [seeding.np_random(s)[0] for s in seeds]
        self.states = [self._new_deal(i) for i in range(self.num_envs)]
        for i in range(self.num_envs):
            self._write(i)
        return self._observation(), {}

    def step(self, actions: Any) -> tuple[VectorObservation, np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        """One token for every sub-environment, for its acting seat. An illegal token raises
        IllegalActionError naming the sub-environment; the sub-environments before it have
        already moved, the one that refused and those after it have not."""
        if not self.states:
            raise RuntimeError("call reset() before step()")
        tokens = np.asarray(actions).reshape(-1)
        if tokens.shape[0] != self.num_envs:
            raise ValueError(f"{tokens.shape[0]} actions for {self.num_envs} environments")
        rewards = np.zeros((self.num_envs, self.seats), dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        for i, token in enumerate(tokens.tolist()):
            state = self.states[i]
            try:
                state.apply_token(token)
            except IllegalActionError as exc:
                raise IllegalActionError(f"environment {i}: {exc.message}", rule=exc.rule,
                                         expected=exc.expected) from exc
            if state.is_terminal():
                rewards[i] = state.returns()
                terminations[i] = True
                self.states[i] = self._new_deal(i)
            self._write(i)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        return self._observation(), rewards, terminations, truncations, {}

    def _new_deal(self, i: int) -> EnvState:
        deal_seed = int(self.generators[i].integers(0, 2**62))
        deal = self.game.deal(deal_seed, self.dealer)
        return EnvState(self.game.new_initial_state(deal, self.dealer))

    def _write(self, i: int) -> None:
        """Row ``i`` of the batch: the acting seat's tensor, its mask and the seat."""
        state = self.states[i]
        seat = state.current_player()
        self.writer.fill(state, seat, self._obs[i])  # writes the whole row
        mask = self._mask[i]
        mask.fill(0)
        mask[state.legal_tokens()] = 1
        self._seat[i] = seat

    def _observation(self) -> VectorObservation:
        # copies, so that a caller keeping observations across steps keeps what it was given
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy(),
                "seat": self._seat.copy()}

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the deals live in this process."""
