"""One error hierarchy for the product (STYLE.md): what went wrong, why, where, and a hint."""

from __future__ import annotations


class GtrError(Exception):
    """Base of every error gtr-replay reports to a user."""

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message if not self.hint else f"{self.message} ({self.hint})"


class UsageError(GtrError):
    """A command was called with arguments that cannot work (exit status 2)."""


class UnknownNameError(UsageError):
    """A name (card, ruleset, ruling, player) the product does not know."""

    def __init__(self, message: str, *, hint: str | None = None, choices: list[str] | None = None) -> None:
        super().__init__(message, hint=hint)
        self.choices = choices or []


class RulesError(GtrError):
    """A decision the rules do not allow, with the rule IDs it breaks and what was legal."""

    def __init__(self, message: str, *, rule_ids: tuple[str, ...] = (), actor: str | None = None,
                 turn: int | None = None, legal: list | None = None, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.rule_ids = tuple(rule_ids)
        self.actor = actor
        self.turn = turn
        self.legal = legal or []

    def __str__(self) -> str:
        where = f"turn {self.turn}" if self.turn is not None else ""
        rules = ", ".join(self.rule_ids)
        text = self.message + (f" ({rules})" if rules else "")
        if where:
            text = f"{where}: {text}"
        return text if not self.hint else f"{text}; {self.hint}"


class IllegalDecisionError(RulesError):
    """The decision is well formed but the rules forbid it at this point."""


class NotYourDecisionError(RulesError):
    """Someone other than the player the engine is waiting for tried to decide."""


class ReplayError(GtrError):
    """A record could not be replayed."""


class StoreError(GtrError):
    """The SQLite store could not be read or written."""
