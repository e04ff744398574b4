"""Rule options: typed, validated key/value settings with documented defaults.

Each game declares its options as :class:`OptionSpec` rows mirroring the "Rule options" table of
its rules document. Values arrive from three places (Python, record JSON, ``--option key=value`` on
the command line); all three go through :func:`parse_options`, so every surface rejects the same
inputs with the same error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tarock.core.errors import InvalidOptionError


@dataclass(frozen=True)
class OptionSpec:
    key: str
    kind: str  # "bool", "int", "int_min", "choice" or "subset"
    default: Any
    # allowed values ("choice", "int"), members ("subset") or the one minimum ("int_min")
    choices: tuple[Any, ...] = ()
    rule: str = ""  # the rule the option changes, cited in errors
    help: str = ""  # a note on the default where it depends on other options
    # one line on what the option changes, for `tarock options` and the documentation
    description: str = ""
    # earlier names of the key, still accepted so that old records and scripts keep working
    aliases: tuple[str, ...] = ()
    # the form of the game or a preset of many other options: a lobby asks it first
    leading: bool = False

    def convert(self, value: Any) -> Any:
        """Turn a Python, JSON or command-line value into this option's canonical value."""
        try:
            out = self._convert(value)
        except (TypeError, ValueError):
            out = None
        if out is None:
            raise InvalidOptionError(
                f"invalid value {value!r} for option {self.key!r}",
                rule=self.rule or None,
                expected=self.describe(),
            )
        return out

    def _convert(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
                return value.lower() in ("true", "1", "yes")
            return None
        if self.kind == "int":
            if isinstance(value, bool):
                return None
            n = int(value) if isinstance(value, (int, str)) else None
            return n if n is not None and n in self.choices else None
        if self.kind == "int_min":
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                return None
            n = int(value)
            return n if n >= self.choices[0] else None
        if self.kind == "choice":
            for choice in self.choices:
                if value == choice or (isinstance(value, str) and value == choice_text(choice)):
                    return choice
            return None
        if self.kind == "subset":
            if isinstance(value, str):
                items = [v.strip() for v in value.strip("{}[] ").split(",") if v.strip()]
            elif isinstance(value, (list, tuple, set, frozenset)):
                items = list(value)
            else:
                return None
            if not all(isinstance(v, str) and v in self.choices for v in items):
                return None
            return frozenset(items)
        raise AssertionError(self.kind)

    def describe(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an integer {min(self.choices)}-{max(self.choices)}"
        if self.kind == "int_min":
            return f"an integer >= {self.choices[0]}"
        if self.kind == "choice":
            return "one of " + ", ".join(choice_text(c) for c in self.choices)
        return "a comma-separated subset of " + ", ".join(self.choices)

    def to_json(self, value: Any) -> Any:
        return sorted(value) if self.kind == "subset" else value


def choice_text(choice: Any) -> str:
    """A choice as written on the command line and in the docs: ``true``/``false`` for the
    booleans of a mixed choice (e.g. true, false, xx_only), else the value itself."""
    return str(choice).lower() if isinstance(choice, bool) else str(choice)


def bool_option(key: str, default: bool, rule: str, description: str) -> OptionSpec:
    """A true/false option row."""
    return OptionSpec(key, "bool", default, rule=rule, description=description)


def choice_option(key: str, choices: tuple[Any, ...], rule: str, description: str,
                  leading: bool = False) -> OptionSpec:
    """An option with a fixed list of values; the first one is the default."""
    return OptionSpec(key, "choice", choices[0], choices, rule=rule, description=description,
                      leading=leading)


def min_int_option(key: str, default: int, minimum: int, rule: str,
                   description: str) -> OptionSpec:
    """An integer option with a lower bound only."""
    return OptionSpec(key, "int_min", default, (minimum,), rule=rule, description=description)


def parse_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None, game: str,
    rule: str | None = None,
) -> dict[str, Any]:
    """Validate ``given`` against ``specs`` and fill in defaults; unknown keys are errors.

    A key may also be given under one of its ``aliases`` (its earlier names), but only once.

    ``rule``, when given, is the game's rule for option validation (e.g. ``OT-V-0``): every
    refusal cites it instead of the option's own rule.
    """
    by_key = {s.key: s for s in specs}
    by_alias = {alias: s for s in specs for alias in s.aliases}
    values = {s.key: s.default for s in specs}
    seen: dict[str, str] = {}  # option key -> the name it was given under
    for name, value in (given or {}).items():
        spec = by_key.get(name) or by_alias.get(name)
        if spec is None:
            raise InvalidOptionError(
                f"unknown option {name!r} for {game}",
                rule=rule,
                expected="one of " + ", ".join(sorted(by_key)),
            )
        key = spec.key
        if key in seen:
            raise InvalidOptionError(f"option {key!r} given twice, as {seen[key]!r} and {name!r}",
                                     rule=rule or spec.rule or None, expected="one of the two")
        seen[key] = name
        try:
            values[key] = spec.convert(value)
        except InvalidOptionError as exc:
            if rule is None:
                raise
            raise InvalidOptionError(f"invalid value {value!r} for option {key!r}", rule=rule,
                                     expected=spec.describe()) from exc
    return values


def parse_option_args(args: Sequence[str]) -> dict[str, str]:
    """Split repeatable command-line ``key=value`` strings into a mapping (values stay strings)."""
    out: dict[str, str] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        if not sep or not key.strip():
            raise InvalidOptionError(f"malformed option {arg!r}", expected="key=value")
        out[key.strip()] = value.strip()
    return out


class OptionValues:
    """Base of a game's frozen options dataclass (one field per option key, read by attribute).

    A subclass sets ``SPECS`` (its option table) and ``GAME`` (its name for error messages) as
    class variables; :meth:`make` validates and fills in defaults, :meth:`to_json` gives every
    key's JSON value.
    """

    __slots__ = ()
    SPECS: ClassVar[tuple[OptionSpec, ...]] = ()
    GAME: ClassVar[str] = ""

    @classmethod
    def make(cls, given: Mapping[str, Any] | None = None) -> Any:
        """Validated options: unknown keys and out-of-range values raise InvalidOptionError."""
        return cls(**parse_options(cls.SPECS, given, cls.GAME))

    def to_json(self) -> dict[str, Any]:
        return {s.key: s.to_json(getattr(self, s.key)) for s in self.SPECS}
