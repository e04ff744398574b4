"""Environments for AI research: PettingZoo AEC environments, vector environments and OpenSpiel
games for every registered game, built on the game protocol only (docs/environments.md).

The pieces: the flat action space of each game (:mod:`tarock.core.encoding`), token-by-token
decisions and per-seat perceptions (:mod:`tarock.env.table`), the information-state tensor
(:mod:`tarock.env.features`), resampling a hidden state a seat cannot tell apart from the true
one (:mod:`tarock.env.resample`), and the faces: :func:`pettingzoo_env` and :func:`vector_env`
(both need the ``env`` extra) and :func:`register_openspiel` (needs the ``openspiel`` extra).
The faces import their libraries only when called.
"""

from __future__ import annotations

from typing import Any


def pettingzoo_env(game_name: str, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment playing one deal of ``game_name`` per episode; keyword
    arguments are rule options plus ``dealer`` and ``render_mode``."""
    from tarock.env.aec import TarockAECEnv

    return TarockAECEnv(game_name, **kwargs)


def vector_env(game_name: str, num_envs: int, **kwargs: Any) -> Any:
    """``num_envs`` deals of ``game_name`` stepped together (Gymnasium's vector API with
    PettingZoo's action masks; needs the ``env`` extra); keyword arguments are rule options plus
    ``dealer``."""
    from tarock.env.vector import TarockVectorEnv

    return TarockVectorEnv(game_name, num_envs, **kwargs)


def register_openspiel() -> list[str]:
    """Register every game with pyspiel as ``tarock_<name>`` and return the names."""
    from tarock.env.openspiel_game import register

    return register()


__all__ = ["pettingzoo_env", "register_openspiel", "vector_env"]
