"""A classroom's room: the saves folder a teacher chooses, the teams in it, and the two codes.

``make classroom`` (``hexlab classroom``) serves the class app to the room's network. The room keeps:

- a **class code**, which the server asks for before it serves anything (it is the Voila server's token:
  students open the address the teacher reads out, with the code in it, or type the code on the login page);
- a **teacher code**, which only the teacher's page accepts (kept here as a salted hash, never in clear);
- a folder per **team**: a team joins with its name and a word it chooses; the word is kept as a salted hash,
  and a team sees, saves and resumes only the games in its own folder.

Everything a team or a request names is checked here, once: team names are plain words (letters, digits,
spaces, ``-`` and ``_``; nothing like ``../x`` or ``/etc``), game names are the names this module hands out,
every path is resolved and must stay inside the saves folder, and links are never followed (a link planted in
the folder is refused, not written through). Saves are plain JSON written whole (a temporary file, then a
rename), so a crash never leaves half a save. A broken or tampered save is reported by its name and what is
wrong, and the rest of the room is untouched.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Game, HexlabError

ROOM_FILE = "room.json"
TEAM_FILE = "team.json"
TEAMS = "teams"
ROOM_FORMAT = "hexlab-room"
# A team's name: 1 to 32 letters, digits, spaces, '-' or '_', starting with a letter or digit.
TEAM_NAME = re.compile(r"[^\W_][\w \-]{0,31}")
SAVE_NAME = re.compile(r"[a-z0-9][a-z0-9_\-]{0,63}\.json")
MAX_SAVE_BYTES = 4 * 1024 * 1024
WORD_MIN = 3
_ITERATIONS = 120_000
# Short words for codes a teacher reads out: no two alike, none rude, all easy to spell.
_WORDS = ("amber", "anchor", "apple", "arrow", "badge", "banner", "beacon", "birch", "bishop", "blaze", "bridge",
          "brook", "canal", "candle", "canyon", "cedar", "chalk", "cliff", "clover", "comet", "copper", "coral",
          "crane", "delta", "desert", "eagle", "ember", "falcon", "fern", "field", "flint", "forest", "garnet",
          "glacier", "harbor", "hazel", "heron", "island", "ivory", "jasper", "juniper", "kestrel", "lagoon",
          "lantern", "maple", "marble", "meadow", "mesa", "meteor", "mint", "north", "oak", "ocean", "olive",
          "orbit", "otter", "pebble", "pepper", "pine", "planet", "prairie", "quartz", "raven", "reef", "ridge",
          "river", "robin", "saddle", "sage", "signal", "silver", "spruce", "summit", "thunder", "tide", "timber",
          "topaz", "tundra", "valley", "violet", "willow", "winter", "zephyr")


class RoomError(HexlabError):
    """What a team, a teacher or a request asked for that the room refuses, in words for the screen."""


def new_code(words: int = 2) -> str:
    """A code that is easy to read out and type: ``maple-river-4821``."""
    return "-".join([secrets.choice(_WORDS) for _ in range(words)] + [f"{secrets.randbelow(10_000):04d}"])


def _hash(secret: str, salt: bytes) -> str:
    return hashlib.pbkdf2_hmac("sha256", secret.encode("utf-8"), salt, _ITERATIONS).hex()


def _sealed(secret: str) -> dict[str, str]:
    salt = secrets.token_bytes(16)
    return {"salt": salt.hex(), "hash": _hash(secret, salt)}


def _opens(seal: Any, secret: str) -> bool:
    try:
        salt = bytes.fromhex(seal["salt"])
        want = str(seal["hash"])
    except (TypeError, KeyError, ValueError):
        return False
    return hmac.compare_digest(_hash(secret, salt), want)


def team_key(name: str) -> str:
    """The folder name of a team: its name checked, lower case, spaces as ``-``. :class:`RoomError` for a name
    that is not a plain team name (empty, too long, a path, control characters...)."""
    if not isinstance(name, str):
        raise RoomError("A team name is a few words.")
    clean = unicodedata.normalize("NFKC", name).strip()
    clean = re.sub(r"\s+", " ", clean)
    if not clean:
        raise RoomError("Type your team's name first.")
    if not TEAM_NAME.fullmatch(clean):
        raise RoomError("A team name is 1 to 32 letters, digits, spaces, '-' or '_', starting with a letter or a "
                        "digit (no '/', '.' or other signs).")
    return clean.lower().replace(" ", "-")


def _write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` by a temporary file in the same folder and a rename: never half a file, and
    never through a link (the rename replaces a link itself, not what it points to)."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _read_small(path: Path, limit: int, what: str) -> bytes:
    """A regular file's bytes, at most ``limit`` of them, never through a link (:class:`RoomError` otherwise)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise RoomError(f"{what} can't be read ({exc.strerror}).") from None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise RoomError(f"{what} is not a plain file.")
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise RoomError(f"{what} is larger than {limit // 1024} KB.")
    return data


@dataclass(frozen=True)
class GameEntry:
    """One saved game as a list shows it. ``problem`` says why a save could not be read (then the other fields
    but its name are empty)."""
    team: str
    name: str
    scenario: str = ""
    title: str = ""
    turn: int = 0
    score: dict[str, int] | None = None
    winner: str | None = None
    reason: str = ""
    saved: float = 0.0
    problem: str = ""

    @property
    def finished(self) -> bool:
        return self.winner is not None or self.reason != ""


class Room:
    """A saves folder made a classroom (see the module's notes). ``Room.create(folder)`` sets one up and
    returns the teacher code; ``Room(folder)`` opens one that exists."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder).resolve()
        path = self.folder / ROOM_FILE
        try:
            data = json.loads(_read_small(path, 64 * 1024, "The room file"))
        except RoomError as exc:
            raise RoomError(f"{self.folder} is not a hexlab classroom ({exc}); start one with `hexlab classroom`.")\
                from None
        except ValueError:
            raise RoomError(f"{path}: not a hexlab room file (not JSON).") from None
        if not isinstance(data, dict) or data.get("format") != ROOM_FORMAT or not isinstance(data.get("teacher"), dict):
            raise RoomError(f"{path}: not a hexlab room file.")
        self._teacher = data["teacher"]

    @classmethod
    def create(cls, folder: str | os.PathLike[str], teacher_code: str | None = None) -> tuple[Room, str]:
        """Make ``folder`` a classroom (the folder and its teams are kept if it was one) with a new teacher code;
        returns the room and the code."""
        base = Path(folder)
        if base.is_symlink():
            raise RoomError(f"{base} is a link; give the saves folder itself.")
        base.mkdir(parents=True, exist_ok=True)
        base = base.resolve()
        if not base.is_dir():
            raise RoomError(f"{base} is not a folder.")
        (base / TEAMS).mkdir(mode=0o700, exist_ok=True)
        if (base / TEAMS).is_symlink():
            raise RoomError(f"{base / TEAMS} is a link; a room's teams folder must be a real folder.")
        code = teacher_code or new_code(3)
        target = base / ROOM_FILE
        if target.is_symlink():
            raise RoomError(f"{target} is a link; remove it first.")
        _write_whole(target, json.dumps({"format": ROOM_FORMAT, "teacher": _sealed(code)}, indent=1))
        return cls(base), code

    # ------------------------------------------------------------------------------------------ paths
    def _inside(self, *parts: str) -> Path:
        """A path under the saves folder, refused if it leaves it or passes through a link."""
        path = self.folder.joinpath(*parts)
        probe = self.folder
        for part in parts:
            probe = probe / part
            if probe.is_symlink():
                raise RoomError("That name leads out of the class's saves folder and is refused.")
        if not path.resolve().is_relative_to(self.folder):
            raise RoomError("That name leads out of the class's saves folder and is refused.")
        return path

    # ------------------------------------------------------------------------------------------ teams
    def team(self, name: str, word: str) -> Team:
        """Join the team ``name`` with its ``word``: a new name makes the team (the word becomes its word); a
        name that exists needs the same word. :class:`RoomError` in words otherwise."""
        key = team_key(name)
        if not isinstance(word, str) or len(word.strip()) < WORD_MIN:
            raise RoomError(f"Choose a team word of at least {WORD_MIN} letters (you will need it to come back).")
        word = word.strip()
        folder = self._inside(TEAMS, key)
        card = folder / TEAM_FILE
        if folder.exists():
            if not folder.is_dir():
                raise RoomError("That team name can't be used here.")
            try:
                data = json.loads(_read_small(card, 16 * 1024, "The team's card"))
            except (RoomError, ValueError):
                raise RoomError("That team's card is damaged; ask your teacher.") from None
            if not isinstance(data, dict) or not _opens(data.get("word"), word):
                raise RoomError("That team name is taken and the word does not match. Check the word, or pick "
                                "another name.")
            shown = str(data.get("name", name))
        else:
            folder.mkdir(mode=0o700)
            shown = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", name).strip())
            _write_whole(card, json.dumps({"name": shown, "word": _sealed(word), "joined": time.time()}))
        return Team(self, key, shown, folder)

    def teams(self) -> list[str]:
        """The folder names of the room's teams."""
        base = self._inside(TEAMS)
        return sorted(p.name for p in base.iterdir() if p.is_dir() and not p.is_symlink()
                      and (p / TEAM_FILE).is_file())

    def team_name(self, key: str) -> str:
        """A team's name as the team typed it (its folder name if its card can't be read)."""
        try:
            data = json.loads(_read_small(self._inside(TEAMS, key, TEAM_FILE), 256 * 1024, "The team's card"))
            return str(data["name"]) if isinstance(data, dict) and isinstance(data.get("name"), str) else key
        except (RoomError, ValueError):
            return key

    def teacher(self, code: str) -> Teacher:
        """The teacher's view of the room, for the right teacher code only."""
        if not isinstance(code, str) or not _opens(self._teacher, code.strip()):
            raise RoomError("That is not this room's teacher code.")
        return Teacher(self)

    # ------------------------------------------------------------------------------------------ saves
    def _entry(self, team: str, path: Path, replay: bool) -> GameEntry:
        from .. import saves
        try:
            text = _read_small(path, MAX_SAVE_BYTES, f"The save {path.name}")
            if replay:
                game = saves.loads(text, name=path.name)
                data = game.state.to_data()
                scen = game.scenario
                sid, title = (scen.id, scen.title) if scen else ("", "")
            else:
                raw = json.loads(text)
                data = raw["state"]
                sid, title = str(raw["scenario"]["id"]), ""
        except (HexlabError, ValueError, KeyError, TypeError) as exc:
            return GameEntry(team, path.name, problem=str(exc).replace(str(path), path.name))
        result = data.get("result") or {}
        return GameEntry(team, path.name, sid, title, int(data.get("turn", 0)),
                         {str(k): int(v) for k, v in (data.get("score") or {}).items()},
                         result.get("winner") if isinstance(result, dict) else None,
                         str(result.get("reason", "")) if isinstance(result, dict) else "",
                         path.stat().st_mtime)

    def _saves(self, key: str) -> list[Path]:
        folder = self._inside(TEAMS, key)
        return sorted((p for p in folder.glob("*.json") if p.name != TEAM_FILE and SAVE_NAME.fullmatch(p.name)
                       and not p.is_symlink() and p.is_file()), key=lambda p: p.name)

    def _open(self, key: str, name: str) -> Game:
        from .. import saves
        if not isinstance(name, str) or not SAVE_NAME.fullmatch(name):
            raise RoomError("That is not the name of a saved game.")
        path = self._inside(TEAMS, key, name)
        text = _read_small(path, MAX_SAVE_BYTES, f"The save {name}")
        try:
            return saves.loads(text, name=name)
        except HexlabError as exc:
            raise RoomError(f"{name} can't be opened: {exc}") from None


class Team:
    """A team in a room: its own folder of saves, and nothing else."""

    def __init__(self, room: Room, key: str, name: str, folder: Path) -> None:
        self.room, self.key, self.name, self.folder = room, key, name, folder

    def games(self, replay: bool = True) -> list[GameEntry]:
        """The team's saved games, newest first."""
        found = [self.room._entry(self.name, p, replay) for p in self.room._saves(self.key)]
        return sorted(found, key=lambda e: -e.saved)

    def open(self, name: str) -> Game:
        """One of the team's games, replayed from its save (:class:`RoomError` says what is wrong with it)."""
        return self.room._open(self.key, name)

    def save_name(self, scenario_id: str) -> str:
        """A new file name for a game of ``scenario_id``: ``tenaru-1.json``, ``tenaru-2.json``..."""
        stem = re.sub(r"[^a-z0-9_\-]", "-", scenario_id.rsplit("/", 1)[-1].lower())[:40] or "game"
        taken = {p.name for p in self.folder.glob("*.json")}
        n = 1
        while f"{stem}-{n}.json" in taken:
            n += 1
        return f"{stem}-{n}.json"

    def _card(self) -> dict[str, Any]:
        data = json.loads(_read_small(self.room._inside(TEAMS, self.key, TEAM_FILE), 256 * 1024, "The team's card"))
        if not isinstance(data, dict):
            raise RoomError("The team's card is damaged; ask your teacher.")
        return data

    def set_mode(self, name: str, side: str = "", level: str = "novice") -> None:
        """Remember how the game ``name`` is played: ``side`` is the team's side against the computer playing at
        ``level`` (``""``: hot-seat, both sides at the screen)."""
        if not isinstance(name, str) or not SAVE_NAME.fullmatch(name):
            raise RoomError("That is not a name a save can have.")
        card = self._card()
        modes = card.get("games") if isinstance(card.get("games"), dict) else {}
        modes[name] = {"side": str(side), "level": str(level)}
        card["games"] = modes
        _write_whole(self.room._inside(TEAMS, self.key, TEAM_FILE), json.dumps(card))

    def mode(self, name: str) -> tuple[str, str]:
        """How the game ``name`` is played: (the team's side against the computer, the computer's level), or
        ``("", "")`` for hot-seat."""
        try:
            entry = self._card().get("games", {}).get(name, {})
            return str(entry.get("side", "")), str(entry.get("level", "novice"))
        except (RoomError, ValueError, AttributeError):
            return "", ""

    def save(self, game: Game, name: str) -> str:
        """Write ``game`` as the team's save ``name`` (a name from :meth:`save_name`), whole or not at all."""
        from .. import saves
        if not isinstance(name, str) or not SAVE_NAME.fullmatch(name):
            raise RoomError("That is not a name a save can have.")
        path = self.room._inside(TEAMS, self.key, name)
        _write_whole(path, saves.dumps(game, indent=None))
        return name


class Teacher:
    """The teacher's view: every team's games, any of them opened, and a scenario's games pooled."""

    def __init__(self, room: Room) -> None:
        self.room = room

    def games(self, replay: bool = True) -> list[GameEntry]:
        """Every team's games, by team then newest first."""
        out: list[GameEntry] = []
        for key in self.room.teams():
            name = self.room.team_name(key)
            out.extend(sorted((self.room._entry(name, p, replay) for p in self.room._saves(key)),
                              key=lambda e: -e.saved))
        return out

    def open(self, team: str, name: str) -> Game:
        """A team's game, replayed from its save."""
        key = team_key(team)
        if key not in self.room.teams():
            raise RoomError(f"There is no team {team!r} in this room.")
        return self.room._open(key, name)

    def pool(self, scenario_id: str, games: list[GameEntry] | None = None) -> dict[str, Any]:
        """The room's finished games of one scenario pooled: how often each side won, the score at the end
        (mean per side) and the turn the games ended on. Unfinished and unreadable games are counted apart."""
        entries = [e for e in (games if games is not None else self.games()) if e.scenario == scenario_id]
        done = [e for e in entries if e.finished and not e.problem]
        wins: dict[str, int] = {}
        scores: dict[str, list[int]] = {}
        for e in done:
            key = e.winner or "draw"
            wins[key] = wins.get(key, 0) + 1
            for side, v in (e.score or {}).items():
                scores.setdefault(side, []).append(v)
        turns = [e.turn for e in done]
        return {"scenario": scenario_id, "finished": len(done),
                "unfinished": sum(1 for e in entries if not e.finished and not e.problem),
                "unreadable": sum(1 for e in entries if e.problem), "wins": wins,
                "score": {s: sum(v) / len(v) for s, v in scores.items()},
                "turns": {"mean": sum(turns) / len(turns), "min": min(turns), "max": max(turns)} if turns else {}}

    def csv(self, games: list[GameEntry] | None = None) -> str:
        """Every game as one CSV row (team, game, scenario, turn, scores, winner, why, saved at, problem)."""
        import csv
        import io
        rows = games if games is not None else self.games()
        sides = sorted({s for e in rows for s in (e.score or {})})
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(["team", "game", "scenario", "turn", *(f"score {s}" for s in sides), "winner", "why", "saved",
                    "problem"])
        for e in rows:
            w.writerow([e.team, e.name, e.scenario, e.turn, *((e.score or {}).get(s, "") for s in sides),
                        e.winner or ("draw" if e.finished else ""), e.reason,
                        time.strftime("%Y-%m-%d %H:%M", time.localtime(e.saved)) if e.saved else "", e.problem])
        return buf.getvalue()
