"""The PettingZoo face: one deal of any registered game as an AEC environment.

Each episode is one deal. Every seat of the table is an agent (``player_0`` ...), including a seat
that sits the deal out (the dealer of five-handed Hungarian tarokk): it never acts, but it is
terminated with the others and receives its settlement (zero) at the end, so every agent of
``possible_agents`` lives exactly one episode, as PettingZoo expects.

Actions are tokens of the game's flat action space (:mod:`tarock.core.encoding`); an action that
is spelled with several tokens (a discard of three cards) is chosen token by token, so the same
agent is selected again until its action is complete. The observation of an agent is its
information-state tensor (:mod:`tarock.env.features`) with an ``action_mask`` of the legal tokens,
all zero unless the agent is the one to act, following the classic PettingZoo environments.

Rewards are zero during the deal and the per-seat settlement (``State.returns``) at its end; there
is no truncation, because every deal is finite. An illegal token raises
:class:`~tarock.core.errors.IllegalActionError` and leaves the environment unchanged: wrap the
environment (``pettingzoo.utils.wrappers.TerminateIllegalWrapper``) to punish illegal moves
instead.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import tarock.games  # noqa: F401  (registers every game with make_game)
from tarock.core.errors import IllegalActionError
from tarock.core.protocol import make_game
from tarock.env.features import TensorWriter
from tarock.env.table import EnvState

AgentID = str
Observation = dict[str, np.ndarray]

_RENDER_HISTORY = 8  # actions shown by render()


class TarockAECEnv(AECEnv[AgentID, Observation, int]):
    """One deal of ``game_name`` per episode (see the module docstring).

    ``rule_options`` go to :func:`tarock.core.protocol.make_game` unchanged, so an unknown option
    or a bad value raises InvalidOptionError here, not at the first reset. ``dealer`` is the seat
    that deals every episode; the deal itself is drawn from the environment's generator, so
    ``reset(seed=...)`` makes episodes reproducible.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "name": "tarock_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game_name: str, render_mode: str | None = None, dealer: int = 0,
                 **rule_options: Any):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of "
                             f"{self.metadata['render_modes']}")
        self.game = make_game(game_name, rule_options)
        seats = self.game.num_seats
        if not 0 <= dealer < seats:
            raise ValueError(f"dealer {dealer} is not a seat of a {seats}-seat table")
        self.game_name = game_name
        self.dealer = dealer
        self.render_mode = render_mode
        # per instance, so that the name tells the game apart in logs and str(env)
        self.metadata = {**type(self).metadata,
                         "name": f"tarock_{game_name.replace('-', '_')}_v0"}
        self.writer = TensorWriter(self.game)
        self.encoding = self.game.action_encoding()
        num_tokens = self.encoding.num_tokens

        self.possible_agents: list[AgentID] = [f"player_{i}" for i in range(seats)]
        self._seat: dict[AgentID, int] = {a: i for i, a in enumerate(self.possible_agents)}
        high = self.writer.high
        # One space object per agent, kept for the env's lifetime: PettingZoo requires that
        # observation_space(agent) returns the same object every time (seeding relies on it).
        self.observation_spaces: dict[AgentID, spaces.Space[Any]] = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, high, (self.writer.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (num_tokens,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces: dict[AgentID, spaces.Space[Any]] = {
            agent: spaces.Discrete(num_tokens) for agent in self.possible_agents
        }

        self.np_random: np.random.Generator | None = None
        self.np_random_seed: int | None = None
        self.env_state: EnvState | None = None
        self.agents: list[AgentID] = []
        self.rewards: dict[AgentID, float] = {}
        self._cumulative_rewards: dict[AgentID, float] = {}
        self.terminations: dict[AgentID, bool] = {}
        self.truncations: dict[AgentID, bool] = {}
        self.infos: dict[AgentID, dict[str, Any]] = {}
        self.agent_selection: AgentID = self.possible_agents[0]
        self._rewards_cleared = False

    # -- spaces ------------------------------------------------------------------------------

    def observation_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episode -----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new deal. ``seed`` reseeds the generator the deals are drawn from; without it
        the generator goes on, so consecutive episodes differ. ``options`` is accepted for the
        API and ignored: rule options are fixed when the environment is made."""
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        deal_seed = int(self.np_random.integers(0, 2**62))
        deal = self.game.deal(deal_seed, self.dealer)
        self.env_state = EnvState(self.game.new_initial_state(deal, self.dealer))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._rewards_cleared = False  # rewards are 0.0 until the first step sets them to 0
        self.agent_selection = self.possible_agents[self.env_state.current_player()]

    def _state(self) -> EnvState:
        if self.env_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.env_state

    def observe(self, agent: AgentID) -> Observation:
        """``agent``'s information-state tensor and the legal tokens if it is to act."""
        state = self.env_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        seat = self._seat[agent]
        if state.engine.current_player() == seat:  # never true once the deal is over (TERMINAL)
            mask = state.choice().mask()
        else:
            mask = np.zeros(self.encoding.num_tokens, dtype=np.int8)
        # TensorWriter.tensor without its call: the state's row, brought up to date, copied
        return {"observation": self.writer.sync(state, seat).copy(), "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play one token of the selected agent, or retire it once the deal is over (action
        None). An illegal token raises IllegalActionError before anything changes."""
        state = self.env_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        if not self.agents:
            raise RuntimeError("the episode is over; call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError("no token given for a live agent",
                                     rule="docs/environments.md",
                                     expected=f"one of {state.legal_tokens()}")
        token = int(action)  # numpy integers from space.sample(); an int in the pending prefix
        state.apply_token(token)  # raises, changing nothing, when the token is illegal

        engine = state.engine
        if not engine.is_terminal() and self._rewards_cleared:
            # every reward is zero until the deal ends, so once the first step has cleared
            # them PettingZoo's clearing and accumulating below would change nothing
            self.agent_selection = self.possible_agents[engine.current_player()]
            if self.render_mode == "human":
                self.render()
            return
        self._cumulative_rewards[agent] = 0.0  # its reward so far has been seen through last()
        self._clear_rewards()
        self._rewards_cleared = True
        if state.is_terminal():
            returns = state.returns()
            for name in self.agents:
                self.rewards[name] = returns[self._seat[name]]
            self.terminations = dict.fromkeys(self.agents, True)
            # each agent is then stepped once with None (_was_dead_step), from the next seat on
            nxt = self.possible_agents[(self._seat[agent] + 1) % len(self.possible_agents)]
            self.agent_selection = nxt
        else:
            # the same agent again while a multi-token action is being spelled
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()

        if self.render_mode == "human":
            self.render()

    # -- display -----------------------------------------------------------------------------

    def render(self) -> str | None:
        """A short text of the table: whose turn it is, the legal tokens and the last actions
        (as their actors saw them). "ansi" returns it, "human" prints it."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any "
                                  "render mode.")
            return None
        text = self._render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _render_text(self) -> str:
        state = self._state()
        lines = [f"{self.game_name}, dealer player_{self.dealer}"]
        recent = zip(state.engine.history[-_RENDER_HISTORY:],
                     state.perceived[-_RENDER_HISTORY:], strict=True)
        lines += [f"  player_{actor}: {told[actor]}" for (actor, _), told in recent]
        if state.is_terminal():
            scores = ", ".join(f"player_{i}: {r:g}" for i, r in enumerate(state.returns()))
            lines.append(f"deal over; returns {scores}")
        else:
            seat = state.current_player()
            labels = " ".join(self.encoding.token_label(t) for t in state.legal_tokens())
            lines.append(f"player_{seat} to act; legal: {labels}")
            if state.pending:
                pending = " ".join(self.encoding.token_label(t) for t in state.pending)
                lines.append(f"  pending: {pending}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""
