"""Exercises as an nbgrader assignment: the teacher's (source) notebook, whose autograded cells call the engine.

``export(exercises, course_dir)`` writes ``course_dir/source/<name>/<name>.ipynb`` the way nbgrader's "Create
Assignment" tool would: every cell carries an id (its grade id) and nbgrader's cell metadata (schema version 3:
``grade``, ``solution``, ``locked``, ``grade_id``, ``points``; no ``checksum`` or ``cell_type``, which
``nbgrader generate_assignment`` adds to the students' copy itself). Each answer cell holds the right answer
between nbgrader's ``### BEGIN SOLUTION`` and ``### END SOLUTION`` markers, under a comment naming the variable to
set (``generate_assignment`` replaces what is between the markers and keeps the comment); each test cell grades
the answer with :meth:`Exercise.check` and fails unless it is right, so ``nbgrader autograde`` gives a question's
point for a right answer and none otherwise, and the printed grade names the rule behind each mistake.

For a game that hides nothing, the notebook holds only where each question stands (scenario, seed, the actions
played, what it asks about), never the answers: the setup cell asks the engine again (:func:`rebuild`), so a
student who reads the notebook's source learns nothing the map does not show. For a game that hides something
from a side (War at Sea's and Cartwheel's hidden units, Memoir '44's hands and deck), replaying the actions would
show the student what their seat must not see, so the notebook holds the student's copy instead
(:func:`hexlab.exercises.seat.student_copy`): the seat's view, and the answer with the reason for every item,
worked out beforehand. The answer is then in the notebook's source; that is the price of grading in the
student's own notebook without the hidden units. nbgrader itself is not needed to write the file.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from ..engine import HexlabError
from .model import SET_TYPES, Exercise

SCHEMA_VERSION = 3
"""nbgrader's cell metadata schema version written (nbgrader 0.6 to 0.9 read it)."""

_NAME = re.compile(r"^[A-Za-z0-9_\-]{1,80}$")


def position(ex: Exercise) -> dict[str, Any]:
    """Where the question stands: without its answer, or, for a game that hides something from a side, the
    student's copy (the seat's view, with the answer)."""
    from .seat import has_hidden, student_copy

    if ex.view or has_hidden(ex):
        return {"copy": student_copy(ex).to_data()}
    out = {"ruleset": ex.ruleset, "kind": ex.kind, "scenario": ex.scenario, "seed": ex.seed,
           "history": list(ex.history), "subject": dict(ex.subject)}
    if ex.source:
        out["source"] = ex.source
    return out


def rebuild(data: dict[str, Any]) -> Exercise:
    """The exercise at a position (as :func:`position` writes it), its answer asked of the engine again; a
    student's copy is read as it is."""
    if "copy" in data:
        return Exercise.from_data(data["copy"])
    from .. import saves
    from ..scenario import load, load_text
    from .kinds import make

    try:
        game = load_text(data["source"], data["scenario"], data["seed"]) if data.get("source") else \
            load(data["scenario"], data["seed"])
        saves.replay(game, list(data["history"]), f"exercise {data['scenario']}")
        return make(game, data["kind"], **data["subject"])
    except KeyError as exc:
        raise HexlabError(f"an exercise's position lacks {exc}") from None


def _meta(grade_id: str, *, grade: bool = False, solution: bool = False, locked: bool = False,
          points: float | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {"schema_version": SCHEMA_VERSION, "grade": grade, "solution": solution, "locked": locked,
                            "grade_id": grade_id}
    if grade:
        meta["points"] = points if points is not None else 1
    return {"nbgrader": meta}


def _answer_literal(ex: Exercise) -> str:
    if ex.answer_type in SET_TYPES:
        return repr(list(ex.expected))
    if ex.answer_type == "number":
        return repr(ex.expected[0])
    return repr(ex.expected[0])


def _how_to_answer(ex: Exercise) -> str:
    if ex.answer_type == "hexes":
        return "a list of hex labels, such as `['3,4', '4,4']` (an empty list if none)"
    if ex.answer_type == "areas":
        return "a list of area ids, such as `['guadalcanal']` (an empty list if none)"
    if ex.answer_type == "units":
        return "a list of unit ids, such as `['A1', 'A2']` (an empty list if none)"
    if ex.answer_type == "number":
        tol = "" if ex.tolerance == "0" else " (a guess within the stated tolerance counts)"
        return f"a number, such as `3`, `'1/6'` or `'25%'`{tol}"
    return "one of: " + ", ".join(f"`{c!r}`" for c in ex.choices)


def _plain(text: str) -> str:
    """Markdown's code marks taken out, for a comment in code."""
    return text.replace("`", "")


def notebook(exercises: list[Exercise], name: str) -> dict[str, Any]:
    """The assignment as notebook data (nbformat 4)."""
    if not exercises:
        raise HexlabError("an assignment needs at least one exercise")

    def cell(kind: str, source: str, meta: dict[str, Any]) -> dict[str, Any]:
        # nbformat 4.5 wants every cell to have an id (nbgrader warns without one; later nbformats refuse): the
        # grade id, unique in the notebook and made of the characters both allow
        c: dict[str, Any] = {"id": meta["nbgrader"]["grade_id"], "cell_type": kind, "metadata": meta, "source": source}
        if kind == "code":
            c["execution_count"] = None
            c["outputs"] = []
        return c

    cells = [cell("markdown", f"# {name}\n\nExercises set and graded by hexlab's rules engine. Look at each "
                              "position on its map, then answer in the cell under the question. Each test cell "
                              "asks the engine, and names the rule behind every mistake.",
                  _meta("intro", locked=True))]
    positions = json.dumps([position(ex) for ex in exercises], indent=1)
    cells.append(cell("code", "import json\n\nimport hexlab.exercises as hx\nfrom hexlab.exercises.nbgrader import "
                              f"rebuild\n\nPOSITIONS = json.loads({positions!r})\nEXERCISES = [rebuild(p) for p in "
                              "POSITIONS]", _meta("setup", locked=True)))
    for i, ex in enumerate(exercises, 1):
        cells.append(cell("markdown", f"## Question {i}\n\n{ex.question}\n\nAnswer in the cell under the map: set "
                                      f"`answer_{i}` to {_how_to_answer(ex)}.",
                          _meta(f"question_{i}", locked=True)))
        cells.append(cell("code", f"hx.widget(EXERCISES[{i - 1}])  # the position; you may answer on it too",
                          _meta(f"map_{i}", locked=True)))
        # nbgrader's students' copy keeps only what is outside the markers: the comment names the variable to set
        cells.append(cell("code", f"# Question {i}: set answer_{i} to {_plain(_how_to_answer(ex))}, in place of the "
                                  f"line that raises.\n### BEGIN SOLUTION\nanswer_{i} = {_answer_literal(ex)}\n"
                                  "### END SOLUTION",
                          _meta(f"answer_{i}", solution=True)))
        cells.append(cell("code", f"grade_{i} = EXERCISES[{i - 1}].check(answer_{i})\nprint(grade_{i})\n"
                                  f"assert grade_{i}.correct, 'not yet: see the mistakes and their rules above'",
                          _meta(f"check_{i}", grade=True, locked=True, points=1)))
    return {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                         "language_info": {"name": "python"}}}


def export(exercises: list[Exercise], course_dir: str | os.PathLike[str], name: str | None = None) -> Path:
    """Write the assignment into an nbgrader course folder; returns the notebook's path."""
    name = name or f"{exercises[0].ruleset}_{exercises[0].kind}" if exercises else name
    if not name or not _NAME.match(name):
        raise HexlabError(f"an assignment's name is letters, digits, _ and - only, not {name!r}")
    folder = Path(course_dir) / "source" / name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.ipynb"
    path.write_text(json.dumps(notebook(exercises, name), indent=1) + "\n", encoding="utf-8")
    return path
