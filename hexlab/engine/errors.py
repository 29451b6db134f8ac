"""The errors hexlab raises on purpose.

Every error a user can cause (an illegal move, a malformed scenario or save) is a ``ValueError``
subclass with a message written for people, so notebooks and the command line can show it without a
traceback from hexlab's internals.
"""

from __future__ import annotations


class HexlabError(ValueError):
    """Base of the errors hexlab raises for bad input."""


class RuleError(HexlabError):
    """An action the rules forbid.

    ``clause`` is the id of the rule clause that forbids it (for example
    ``"m44.terrain.forest.stop"``); ``reason`` is the explanation in plain words.  The game state is
    never changed by an action that raises this.
    """

    def __init__(self, reason: str, clause: str | None = None) -> None:
        self.reason = reason
        self.clause = clause
        super().__init__(f"{reason} [{clause}]" if clause else reason)

    def __reduce__(self):  # keep copy/deepcopy working with the two-argument constructor
        return (type(self), (self.reason, self.clause))


class ScenarioError(HexlabError):
    """A scenario file that cannot be loaded: names the file, the field path and the problem."""

    def __init__(self, file: str, problems: list[tuple[str, str]]) -> None:
        self.file = file
        self.problems = problems
        lines = [f"{file}: {path}: {msg}" if path else f"{file}: {msg}" for path, msg in problems]
        super().__init__("\n".join(lines))


class SaveError(HexlabError):
    """A saved game that cannot be restored (malformed, from another version, or not replaying)."""
