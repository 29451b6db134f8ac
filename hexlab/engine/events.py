"""The event log: everything the engine does, in plain words, with the rule clauses that caused it.

Notebook narration, the stepper's log, the dice tray and the after-action report are all views of this
log. ``kind`` is a short CamelCase name (``PhaseBegan``, ``DiceRolled``, ``UnitMoved``, ``StepLost``,
``Retreated``, ``MedalWon``, ...); ``data`` holds the facts as JSON-ready values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .state import decode, encode


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    clauses: tuple[str, ...]
    turn: int
    position: str
    side: str | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)

    def __str__(self) -> str:
        cite = f"  [{', '.join(self.clauses)}]" if self.clauses else ""
        return f"{self.text}{cite}"

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "clauses": list(self.clauses),
                               "turn": self.turn, "position": self.position}
        if self.side is not None:
            out["side"] = self.side
        if self.data:
            out["data"] = encode(self.data)
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Event:
        return cls(data["kind"], data["text"], tuple(data["clauses"]), int(data["turn"]), data["position"],
                   data.get("side"), decode(data.get("data", {})))
