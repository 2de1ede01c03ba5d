"""Errors the core raises for bad input; each message names what is wrong and where."""
from __future__ import annotations


class TutorError(ValueError):
    """Base class: bad input to the core (never a bug report)."""


class ScenarioError(TutorError):
    """A malformed scenario or golden setup; ``path`` is the JSON path of the bad value."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class FlagError(ScenarioError):
    """An unknown variant flag or a bad value for one."""


class ActionError(TutorError):
    """An action that cannot even be read (not an illegal move: those get a Reason)."""
