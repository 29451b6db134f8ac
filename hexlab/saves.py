"""A game to and from JSON: its scenario (embedded, so a save opens anywhere), seed and history.

A save is replayed, not trusted: loading rebuilds the scenario from the embedded text, applies every
decision and automatic step again through the rules (an entry that is no longer legal is reported with
its index), and checks the result against the state the save recorded. Nothing in a save is executed:
actions and the ruleset's typed state are read by their classes' annotations. Mistakes raise
:class:`SaveError` naming the file, the field and the problem.

Version 1 saves (before each ruleset's typed state) hold an untyped ``vars`` table instead of ``rules``;
version 2 saves hold the typed state as it was shaped before the seats contract (Cactus' rounds of
decisions became the engine's ``Alternation``); version 3 saves hold it as it was before the last unit facts left
``Unit.attrs`` for the typed state (Cactus' attackers, Skirmish's hidden scouts, Cadet's figures gone home; issue
22). All are read by replaying them and comparing everything but the ruleset's own state (and the retired
``attrs``), which is how they are converted: the replay rebuilds that state.
"""

from __future__ import annotations

import json
from typing import Any

from .engine import Game, GameState, HexlabError, RuleError, SaveError
from .engine.game import STEP
from .scenario import ScenarioError, load_text

SAVE_FORMAT = "hexlab-save"
SAVE_VERSION = 4
READS = (1, 2, 3, 4)


def to_data(game: Game) -> dict[str, Any]:
    """The save as JSON-ready data."""
    if game.scenario is None:
        raise HexlabError("this game was not built from a scenario and cannot be saved")
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": game.rules.id,
        "scenario": {"id": game.scenario.id, "source": game.scenario.source},
        "seed": game.seed,
        "history": history_data(game),
        "state": game.state.to_data(),
    }


def history_data(game: Game) -> list[Any]:
    """The game's history as data: each decision as its action's data, each automatic step as "step"."""
    return [STEP if e == STEP else e.to_data() for e in game.history]


def replay(game: Game, history: list[Any], name: str = "save") -> Game:
    """Apply a history (as :func:`history_data` writes it) to a fresh game; :class:`SaveError` names the
    entry that does not replay."""
    for i, raw in enumerate(history):
        where = f"{name}: history[{i}]"
        try:
            if raw == STEP:
                game.step()
            else:
                game.apply(game.rules.codec.decode(raw, where))
        except RuleError as exc:
            raise SaveError(f"{where}: does not replay: {exc}") from None
    return game


def dumps(game: Game, indent: int | None = None) -> str:
    """The game as save text (JSON)."""
    return json.dumps(to_data(game), indent=indent)


def without_retired(data: dict[str, Any], retired: frozenset[str]) -> dict[str, Any]:
    """State data without the ruleset's ``retired_attrs`` on its units (facts it no longer keeps in
    ``Unit.attrs``, which a save or a recording made before still holds)."""
    if not retired or "units" not in data:
        return data
    units = [{**u, "attrs": {k: v for k, v in u.get("attrs", {}).items() if k not in retired}} for u in data["units"]]
    return {**data, "units": units}


def _comparable(data: dict[str, Any], version: int, retired: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The state as a save and its replay are compared (see :func:`without_retired`)."""
    drop = ("vars", "rules") if version < SAVE_VERSION else ("vars",)
    return without_retired({k: v for k, v in data.items() if k not in drop}, retired)


def loads(text: str | bytes, name: str = "save") -> Game:
    """Restore a saved game by replaying it; :class:`SaveError` names what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise SaveError(f"{name}: not a hexlab save (not valid JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name}: not a hexlab save (no \"format\": \"{SAVE_FORMAT}\")")
    version = data.get("version")
    if version not in READS:
        raise SaveError(f"{name}: version: saves of version {version!r} can't be read "
                        f"(this hexlab reads versions {', '.join(map(str, READS))})")
    for key, kind in (("scenario", dict), ("seed", int), ("history", list), ("state", dict)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{name}: {key}: missing or not a {kind.__name__}")
    scen = data["scenario"]
    if not isinstance(scen.get("source"), str) or not isinstance(scen.get("id"), str):
        raise SaveError(f"{name}: scenario: needs 'id' and 'source' text")
    try:
        game = load_text(scen["source"], scen["id"], seed=data["seed"], name=f"{name} (scenario)")
    except ScenarioError as exc:
        raise SaveError(str(exc)) from None
    replay(game, data["history"], name)
    try:
        typed = game.rules.state_type if version == SAVE_VERSION else None  # an older shape: not read
        saved = GameState.from_data(data["state"], typed, f"{name}: state")
    except SaveError:
        raise  # already names the field (SaveError is a ValueError: let it through as it is)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{name}: state: malformed ({exc})") from None
    retired = game.rules.retired_attrs
    if _comparable(saved.to_data(), version, retired) != _comparable(game.state.to_data(), version, retired):
        raise SaveError(f"{name}: state: the replayed game does not match the saved state")
    return game


def save(game: Game, path: str, indent: int | None = 1) -> str:
    """Write the game to ``path``; returns the path."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(dumps(game, indent=indent))
    return path


def load(path: str) -> Game:
    """Read a save file; :class:`SaveError` (never a traceback) when it can't be read."""
    try:
        with open(path, "rb") as fh:
            text = fh.read()
    except OSError as exc:
        raise SaveError(f"{path}: can't be read ({exc.strerror})") from None
    return loads(text, name=path)
