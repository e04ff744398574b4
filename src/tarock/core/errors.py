"""Typed errors. Every refusal names the rule it enforces, so users and tests can cite it."""

from __future__ import annotations


class TarockError(Exception):
    """Base of every error the engine raises on bad input.

    ``rule`` is the rule ID from the rules documents (e.g. ``HU-BID-3``) or a record/spec section;
    ``expected`` says in words what would have been accepted. ``reason`` names a refusal a
    person meets at the table (a card that may not be played, a pass that is not offered): a
    presentation words it in the person's language from its catalogue (``refusal.<reason>``),
    where ``message`` is the engine's English.
    """

    def __init__(self, message: str, rule: str | None = None, expected: str | None = None,
                 reason: str | None = None):
        self.message = message  # the refusal alone, for a client that words the rest itself
        self.rule = rule
        self.expected = expected
        self.reason = reason
        text = message
        if expected:
            text = f"{text}; expected {expected}"
        if rule:
            text = f"{text} ({rule})"
        super().__init__(text)


class IllegalActionError(TarockError):
    """An action that the rules do not allow in the current state."""


class InvalidOptionError(TarockError):
    """An unknown rule option key or a value outside the option's range."""


class InvalidRecordError(TarockError):
    """A game record that is malformed, inconsistent or contains an illegal action."""


class UnknownGameError(TarockError):
    """A game name that is not registered."""
