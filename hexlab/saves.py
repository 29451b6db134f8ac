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
import os
import re
from typing import Any

from . import rulesets
from .engine import Game, GameState, HexlabError, RuleError, SaveError
from .engine.codec import decode_value
from .engine.game import STEP
from .guard import Refused, check_size, clip, control_character, excerpt, json_loads, printable, read_capped
from .scenario import ScenarioError, load_text

SAVE_FORMAT = "hexlab-save"
SAVE_VERSION = 4
READS = (1, 2, 3, 4)
MAX_SAVE_BYTES = 32_000_000
"""The largest save hexlab reads (a long game's save is a few hundred kilobytes; its embedded scenario is held
to the scenario limit, :data:`hexlab.scenario.MAX_FILE_BYTES`)."""
SAVE_KEYS = ("format", "version", "ruleset", "scenario", "seed", "history", "state")
"""The fields of a save, every one required and no other allowed."""
STATE_FIELDS: dict[str, Any] = {
    "ruleset": str, "sides": list[str], "active": str, "position": str, "rng": int, "turn": int,
    "units": list[dict[str, Any]], "score": dict[str, int], "hands": dict[str, list[str] | int],
    "decks": dict[str, list[str] | int], "features": list[tuple[int, int, list[str]]],
    "result": dict[str, Any] | None,
}
"""The common fields of a saved state and their types (read strictly: ``3.9`` is not a turn, ``"4"`` not a
strength); besides them a state holds its ruleset's typed state, ``rules`` (``vars`` in version 1)."""
UNIT_FIELDS: dict[str, Any] = {"id": str, "side": str, "kind": str, "at": Any, "strength": int, "max_strength": int,
                               "attrs": dict[str, Any]}
SCENARIO_ID = re.compile(r"[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}")
"""A scenario's id in a save: ``ruleset/name`` (or, for a file loaded by path, its folder's name and its own)."""


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
    """Restore a saved game by replaying it; :class:`SaveError` names what is wrong (in at most a few lines, with
    any control character escaped, whatever the save holds)."""
    try:
        return _loads(text, name)
    except SaveError as exc:
        message = str(exc)
        if len(message) <= MAX_MESSAGE and not control_character(message.replace("\n", "")):
            raise
        raise SaveError(clip(message, MAX_MESSAGE)) from None


MAX_MESSAGE = 2_000
"""The longest message of a :class:`SaveError` from :func:`loads`."""


def _loads(text: str | bytes, name: str) -> Game:
    """:func:`loads`, before its message is held to a readable length.

    The one way a save is read (from a file, the classroom or a string): its size is checked, its JSON read
    strictly (nesting, long numbers, ``Infinity`` and duplicate keys refused: :func:`hexlab.guard.json_loads`),
    every field of its header and state checked for its exact type, its scenario read as any scenario is
    (:func:`hexlab.scenario.parse_text`), and its history replayed through the rules."""
    name = printable(name if len(name) <= 300 else name[:300] + "...")
    if not isinstance(text, str | bytes):
        raise SaveError(f"{name}: a save is text, not {type(text).__name__}")
    try:
        check_size(text, MAX_SAVE_BYTES)
        data = json_loads(text)
    except Refused as exc:
        raise SaveError(f"{name}: {exc}") from None
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise SaveError(f"{name}: not a hexlab save (not valid JSON: {clip(str(exc))})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name}: not a hexlab save (no \"format\": \"{SAVE_FORMAT}\")")
    extra = [k for k in data if k not in SAVE_KEYS]
    if extra:
        raise SaveError(f"{name}: unknown fields: {', '.join(excerpt(k) for k in extra[:5])}")
    version = data.get("version")
    if type(version) is not int or version not in READS:
        raise SaveError(f"{name}: version: saves of version {excerpt(version)} can't be read "
                        f"(this hexlab reads versions {', '.join(map(str, READS))})")
    for key, kind in (("scenario", dict), ("seed", int), ("history", list), ("state", dict), ("ruleset", str)):
        if type(data.get(key)) is not kind:
            raise SaveError(f"{name}: {key}: missing or not a {'whole number' if kind is int else kind.__name__}"
                            + (f" (got {excerpt(data[key])})" if key in data else ""))
    scen = data["scenario"]
    if set(scen) != {"id", "source"} or not isinstance(scen["source"], str) or not isinstance(scen["id"], str):
        raise SaveError(f"{name}: scenario: needs 'id' and 'source' text, and nothing else")
    if not SCENARIO_ID.fullmatch(scen["id"]):
        raise SaveError(f"{name}: scenario.id: not a scenario id (ruleset/name): {excerpt(scen['id'])}")
    try:
        game = load_text(scen["source"], scen["id"], seed=data["seed"], name=f"{name} (scenario)")
    except ScenarioError as exc:
        raise SaveError(str(exc)) from None
    _check_ruleset(data["ruleset"], scen["id"], game, name)
    replay(game, data["history"], name)
    try:
        _check_state(data["state"], version, f"{name}: state")
        typed = game.rules.state_type if version == SAVE_VERSION else None  # an older shape: not read
        saved = GameState.from_data(data["state"], typed, f"{name}: state")
    except SaveError:
        raise  # already names the field (SaveError is a ValueError: let it through as it is)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{name}: state: malformed ({clip(str(exc))})") from None
    retired = game.rules.retired_attrs
    if _comparable(saved.to_data(), version, retired) != _comparable(game.state.to_data(), version, retired):
        raise SaveError(f"{name}: state: the replayed game does not match the saved state")
    return game


def _check_ruleset(ruleset: str, scenario_id: str, game: Game, name: str) -> None:
    """The save's ruleset is its scenario's, and an id that names a ruleset names that one."""
    if ruleset != game.rules.id:
        raise SaveError(f"{name}: ruleset: the save says {excerpt(ruleset)}, but its scenario is for {game.rules.id}")
    prefix = scenario_id.split("/", 1)[0]
    if prefix != game.rules.id and prefix in rulesets.known():
        raise SaveError(f"{name}: scenario.id: {excerpt(scenario_id)} names a {prefix} scenario, but the scenario "
                        f"saved with it is for {game.rules.id}")


def _check_state(data: dict[str, Any], version: int, where: str) -> None:
    """Every common field of a saved state there, of exactly its type, and no unknown field
    (:data:`STATE_FIELDS`, :data:`UNIT_FIELDS`)."""
    own = "vars" if version == 1 else "rules"
    _fields(data, STATE_FIELDS, (own,), where)
    for i, unit in enumerate(data["units"]):
        _fields(unit, UNIT_FIELDS, (), f"{where}.units[{i}]")


def _fields(data: dict[str, Any], fields: dict[str, Any], more: tuple[str, ...], where: str) -> None:
    extra = [k for k in data if k not in fields and k not in more]
    if extra:
        raise SaveError(f"{where}: unknown fields: {', '.join(excerpt(k) for k in extra[:5])}")
    for key in (*fields, *more):
        if key not in data:
            raise SaveError(f"{where}.{key}: missing")
    for key, hint in fields.items():
        decode_value(data[key], hint, f"{where}.{key}")


def save(game: Game, path: str, indent: int | None = 1) -> str:
    """Write the game to ``path``; returns the path."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(dumps(game, indent=indent))
    return path


def load(path: str | os.PathLike[str]) -> Game:
    """Read a save file (a regular file of at most :data:`MAX_SAVE_BYTES`: never a device or a pipe);
    :class:`SaveError` (never a traceback) when it can't be read."""
    name = printable(os.fspath(path))
    try:
        text = read_capped(path, MAX_SAVE_BYTES)
    except Refused as exc:
        raise SaveError(f"{name}: can't be read: {exc.problem}") from None
    return loads(text, name=name)
