"""Readable maps, dice and odds (issue 23, item 4).

How colours are told apart here:

- CIEDE2000 (ΔE00, CIE 142-2001) between a highlight's colour and each terrain fill. About 1 is a just
  noticeable difference between two large patches; highlights are thin rings, and small marks need far larger
  differences to be told apart at a glance (Stone, Szafir and Setlur, "An engineering model for color
  difference as a function of size", 2014), so the bar is **30**. The old move highlight stood 14.4 from the
  beach's fill (and, drawn at 35% over it, far less): the complaint this answers.
- The same under simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009, full severity),
  with a bar of **15**: a colour-blind reader still sees a ring, and verbs shown together also differ in
  shape (solid, corners, brackets, dashed, dotted), never by colour alone.
- WCAG 2.1 non-text contrast (success criterion 1.4.11: **3:1**) where one colour lies on another: each ring
  on its white casing, the selection ring's white on its dark edges, its dark edge on every terrain.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path

import pytest

import hexlab
from hexlab import rulesets, style
from hexlab.engine import DiceRolled
from hexlab.render import Circle, Line, Poly, Text, fit_layout, scene
from hexlab.render.colour import (
    CVD_KINDS,
    contrast_ratio,
    delta_e2000,
    delta_e2000_lab,
    simulate_cvd,
)
from hexlab.render.scene import _face

DELTA_E = 30.0
DELTA_E_CVD = 15.0
NON_TEXT_CONTRAST = 3.0
MAPS = ["memoir44/tenaru", "memoir44/normandy", "cadet/village", "cactus/guadalcanal", "warsea/tokyo_express"]


def terrain_fills() -> dict[str, set[str]]:
    """Every ruleset's terrain fills (from the registry), and every fill the kit has."""
    fills = {rid: {style.terrain_colour(t.style or name) for name, t in rulesets.get(rid).terrain.items()}
             for rid in rulesets.known()}
    fills["every style"] = set(style.TERRAIN.values())
    return fills


def highlight_colours() -> dict[str, str]:
    colours = {f"look {verb}": look.colour for verb, look in style.HIGHLIGHT_LOOKS.items()}
    colours.update({"los_clear": style.HIGHLIGHT["los_clear"], "los_blocked": style.HIGHLIGHT["los_blocked"]})
    return colours


# ---------------------------------------------------------------------------------------------- the measures


def test_ciede2000_matches_sharmas_published_test_data():
    """Pairs 1, 7, 17 and 25 of Sharma, Wu and Dalal's table (2005), to four decimals."""
    pairs = [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
             ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
             ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644)]
    for a, b, expected in pairs:
        assert delta_e2000_lab(a, b) == pytest.approx(expected, abs=1e-4)
        assert delta_e2000_lab(b, a) == pytest.approx(expected, abs=1e-4)
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert simulate_cvd("#808080", "deutan") == "#808080"  # greys stay grey


# ---------------------------------------------------------------------------------------------- highlights


def test_every_highlight_colour_stands_apart_from_every_terrain_fill_of_every_ruleset():
    fills = terrain_fills()
    assert {"memoir44", "cadet", "cactus"} <= set(fills)
    old_move, beach = "#f2c230", style.TERRAIN["beach"]
    assert delta_e2000(old_move, beach) < DELTA_E  # the measure catches what the issue saw
    for (name, colour), (ruleset, colours) in itertools.product(highlight_colours().items(), fills.items()):
        for fill in colours:
            assert delta_e2000(colour, fill) >= DELTA_E, f"{name} {colour} vs {ruleset} terrain {fill}"
            for kind in CVD_KINDS:
                seen = delta_e2000(simulate_cvd(colour, kind), simulate_cvd(fill, kind))
                assert seen >= DELTA_E_CVD, f"{name} {colour} vs {ruleset} terrain {fill} ({kind})"
        assert contrast_ratio(colour, style.CASING) >= NON_TEXT_CONTRAST, f"{name} on its casing"


def test_the_selection_ring_is_dark_edged_white_and_reads_on_any_terrain():
    assert contrast_ratio(style.SELECT_INSIDE, style.SELECT_EDGE) >= NON_TEXT_CONTRAST * 4
    for fill in terrain_fills()["every style"]:
        assert contrast_ratio(style.SELECT_EDGE, fill) >= NON_TEXT_CONTRAST, fill
    game = hexlab.load("memoir44/tenaru", seed=1)
    sc = scene(game, selected="J4")
    ring = [s for s in sc.layers["highlight"] if isinstance(s, Poly) and s.stroke in (style.SELECT_EDGE,
                                                                                        style.SELECT_INSIDE)]
    assert [s.stroke for s in ring] == [style.SELECT_EDGE, style.SELECT_INSIDE]
    assert ring[0].width >= 3 and ring[1].width < ring[0].width  # white between two dark edges


def verbs_of(ruleset_id: str) -> set[str]:
    return {cls.verb for cls in rulesets.get(ruleset_id).actions}


def test_each_verb_a_ruleset_uses_and_the_end_of_a_turn_have_a_look_of_their_own():
    """Every verb of every ruleset's actions (and "end": an action that ends the unit's turn, such as a
    rest) has a documented look, and no two verbs share a shape (dash and mark), so they differ even for a
    reader who cannot tell their colours apart."""
    used = set().union(*(verbs_of(rid) for rid in rulesets.known())) | {"end"}
    assert {"move", "battle", "act", "order", "card", "pass", "end"} <= used
    looks = {verb: style.HIGHLIGHT_LOOKS[verb] for verb in sorted(used)}
    for verb, look in looks.items():
        assert look.words and look.mark in ("ring", "corners", "brackets"), verb
    for (a, la), (b, lb) in itertools.combinations(looks.items(), 2):
        assert (la.dash, la.mark) != (lb.dash, lb.mark), f"{a} and {b} look alike"
        assert la.colour != lb.colour or a in ("pass",), f"{a} and {b} share a colour"
    assert looks["end"].dash, "the end of a unit's turn is a dashed ring"


def _scene_with_every_verb(sid: str, stacks: dict[int, list[str]] | None = None):
    """A map at the size the table draws it, every hex or box highlighted (verbs in turn), some units
    stacked: ``stacks[n]`` are units moved together into one hex."""
    from hexlab.widgets.hexmap import auto_size

    game = hexlab.load(sid, seed=1)
    state = game.state.copy()
    for ids in (stacks or {}).values():
        for uid in ids[1:]:
            state.units[uid].at = state.units[ids[0]].at
    places = list(game.board.areas) if game.board.kind == "area" else list(game.board.terrain)
    verbs = sorted(style.HIGHLIGHT_LOOKS)
    highlights = {p: verbs[i % len(verbs)] for i, p in enumerate(places)}
    layout = fit_layout(game.board, auto_size(game))
    return game, state, scene(state, layout, board=game.board, rules=game.rules, highlights=highlights)


def _near_box(x: float, y: float, box: tuple[float, float, float, float], d: float) -> bool:
    x0, y0, x1, y1 = box
    dx = max(x0 - x, 0.0, x - x1)
    dy = max(y0 - y, 0.0, y - y1)
    return math.hypot(dx, dy) < d


def _footprint(shape, step: float = 0.5):
    """Points along a stroke (or over a filled triangle's edges), with the half-width they reach."""
    pts = list(shape.points) + ([shape.points[0]] if isinstance(shape, Poly) else [])
    half = shape.width / 2 if shape.stroke else 0.0
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        n = max(1, int(math.hypot(bx - ax, by - ay) / step))
        for i in range(n + 1):
            yield ax + (bx - ax) * i / n, ay + (by - ay) * i / n, half


def _box_of(c) -> tuple[float, float, float, float]:
    return (c.x - c.size / 2, c.y - c.size / 2, c.x + c.size / 2, c.y + c.size / 2)


@pytest.mark.parametrize("sid,stacks", [
    ("memoir44/tenaru", None), ("memoir44/normandy", None), ("cactus/guadalcanal", None),
    ("cadet/village", {2: ["G4", "G3"], 3: ["O1", "O4"]}), ("warsea/tokyo_express", None),
])
def test_highlights_stay_clear_of_every_counter_and_never_tint_one(sid, stacks):
    """Rings, their casings and marks never reach a counter, and only a place with no counter is tinted:
    a highlight never washes a counter out, whatever the stack in the hex."""
    game, state, sc = _scene_with_every_verb(sid, stacks)
    boxes = [_box_of(c) for c in sc.counters]
    assert boxes
    ring_colours = {look.colour for look in style.HIGHLIGHT_LOOKS.values()} | {style.CASING}
    for shape in sc.layers["highlight"]:
        if isinstance(shape, Poly) and shape.fill and not shape.stroke:  # a tint
            assert not any(_near_box(x, y, b, 0.0) for x, y, _ in _footprint(shape) for b in boxes), \
                "a tint over a counter"
        elif isinstance(shape, Poly | Line) and (getattr(shape, "stroke", None) in ring_colours
                                                 or getattr(shape, "fill", None) in ring_colours):
            for x, y, half in _footprint(shape):
                for b in boxes:
                    assert not _near_box(x, y, b, half - 0.25), f"{type(shape).__name__} {shape.stroke} over a counter"


# ---------------------------------------------------------------------------------------------- counters


def _units_texts(sc):
    return [s for s in sc.layers["units"] if isinstance(s, Text)]


@pytest.mark.parametrize("sid", MAPS)
def test_every_counter_carries_the_id_the_log_names_it_by(sid):
    from hexlab.widgets.hexmap import auto_size

    game = hexlab.load(sid, seed=1)
    sc = scene(game, fit_layout(game.board, auto_size(game)))
    texts = _units_texts(sc)
    for c in sc.counters:
        x0, y0, x1, y1 = _box_of(c)
        mine = [t for t in texts if t.text == c.unit and x0 <= t.x <= x1 and y0 <= t.y <= y1]
        assert mine and mine[0].size >= 9, f"{c.unit} has no readable id on its counter"


def _text_box(t: Text) -> tuple[float, float, float, float]:
    from hexlab.render.scene import _text_box as box

    return box(t)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _face_parts(sc, c):
    """The readable parts of one counter's face: texts (id, badge, strength), the type symbol's frame, the
    strength dots, as boxes."""
    x0, y0, x1, y1 = _box_of(c)
    inside = [s for s in sc.layers["units"]
              if (isinstance(s, Text) and x0 <= s.x <= x1 and y0 < s.y <= y1 + 1)
              or (isinstance(s, Circle) and x0 <= s.x <= x1 and y0 <= s.y <= y1)
              or (isinstance(s, Poly) and s.fill is None and s.stroke and len(s.points) == 4
                  and all(x0 < px < x1 and y0 < py < y1 for px, py in s.points))]
    parts = []
    for s in inside:
        if isinstance(s, Poly):
            xs, ys = [p[0] for p in s.points], [p[1] for p in s.points]
            parts.append(("symbol", (min(xs), min(ys), max(xs), max(ys))))
    frames = [b for _, b in parts]
    for s in inside:
        if isinstance(s, Text):
            parts.append((s.text, _text_box(s)))
        elif isinstance(s, Circle) and not any(f[0] <= s.x <= f[2] and f[1] <= s.y <= f[3] for f in frames):
            parts.append(("dot", (s.x - s.r, s.y - s.r, s.x + s.r, s.y + s.r)))  # a figure (not an artillery gun)
    return parts


@pytest.mark.parametrize("sid,stacks", [
    ("memoir44/normandy", None), ("memoir44/tenaru", None), ("cactus/guadalcanal", None),
    ("cadet/village", {2: ["G4", "G3"], 3: ["O1", "O4"]}), ("warsea/tokyo_express", None),
])
def test_nothing_on_a_counter_covers_anything_else_and_no_counter_covers_another(sid, stacks):
    """Id, badge ("SF" beside the symbol, not over it), symbol and strength each have their own room; two
    or three figures in one Cadet Commander hex sit apart, each whole and readable."""
    game, state, sc = _scene_with_every_verb(sid, stacks)
    for a, b in itertools.combinations(sc.counters, 2):
        assert not _overlap(_box_of(a), _box_of(b)), f"{a.unit} and {b.unit} overlap"
    badges = 0
    for c in sc.counters:
        parts = _face_parts(sc, c)
        assert any(name == c.unit for name, _ in parts)
        for (n1, b1), (n2, b2) in itertools.combinations(parts, 2):
            if n1 == "dot" and n2 == "dot":
                continue
            assert not _overlap(b1, b2), f"{c.unit}: {n1} covers {n2}"
        badges += any(name in ("SF", "FR", "E") for name, _ in parts)
    if sid == "memoir44/normandy":
        assert badges >= 2  # Normandy's Special Forces
    if stacks:
        for ids in stacks.values():
            sizes = {c.size for c in sc.counters if c.unit in ids}
            assert len(sizes) == 1 and min(sizes) >= 20


@pytest.mark.parametrize("c", [20.0, 25.0, 30.0, 39.0, 54.0])
def test_a_badge_sits_beside_the_symbol_at_every_size(c):
    u = hexlab.load("memoir44/normandy", seed=1).state.units["R1"]
    marks, words = _face(u, "infantry", "figures", None, "SF", 0, 100.0, 100.0, c, "#ffffff")
    badge = next(t for t in words if isinstance(t, Text) and t.text == "SF")
    frame = next((s for s in marks if isinstance(s, Poly) and s.fill is None), None)
    if frame is not None:
        xs = [p[0] for p in frame.points]
        assert _text_box(badge)[2] <= min(xs) + 0.5, "the badge runs into the symbol"
    assert all(t.size >= 9 for t in words if isinstance(t, Text))


def test_section_lines_run_under_the_hex_labels():
    """Memoir '44's section lines stop at each label they cross (a plate of the hex's colour under the
    label), and every label is drawn after them."""
    game = hexlab.load("memoir44/tenaru", seed=1)
    sc = scene(game)
    terrain = sc.layers["terrain"]
    lines = [i for i, s in enumerate(terrain) if isinstance(s, Line) and s.stroke == style.REGION]
    labels = [i for i, s in enumerate(terrain) if isinstance(s, Text) and s.halo]
    assert lines and labels and max(lines) < min(labels)
    from hexlab.render.scene import _crosses

    crossed = [terrain[i] for i in labels if any(_crosses(terrain[j], _text_box(terrain[i])) for j in lines)]
    assert crossed, "the section lines pass through some labels"
    plates = [s for s in terrain if isinstance(s, Poly) and len(s.points) == 4 and s.fill and not s.stroke]
    for t in crossed:
        box = _text_box(t)
        assert any(p.fill == t.halo and p.points[0][0] <= box[0] + 0.01 and p.points[2][0] >= box[2] - 0.01
                   for p in plates), t.text


def test_a_highlighted_hex_keeps_its_label_readable_over_the_ring():
    game = hexlab.load("memoir44/tenaru", seed=1)
    h = game.board.parse("5,5")
    sc = scene(game, highlights={h: "move"})
    top = [s for s in sc.layers["highlight"] if isinstance(s, Text)]
    assert [t.text for t in top] == ["5,5"] and top[0].halo


def test_end_of_turn_highlights_are_dashed_rings():
    game = hexlab.load("cadet/village", seed=1)
    h = game.state.units["GL"].at
    sc = scene(game, highlights={h: "end", game.board.parse("3,6"): "move"})
    end = [s for s in sc.layers["highlight"] if isinstance(s, Poly) and s.stroke == style.HIGHLIGHT_LOOKS["end"].colour]
    move = [s for s in sc.layers["highlight"] if isinstance(s, Poly) and s.stroke == style.HIGHLIGHT_LOOKS["move"].colour]
    assert end and all(s.dash for s in end) and move and not any(s.dash for s in move)


# ---------------------------------------------------------------------------------------------- dice tray


def _to_roll(game, seed: int = 5):
    """Play on (seeded random choices, a battle whenever there is one) to the next dice step."""
    import random

    rnd = random.Random(seed + len(game.history))
    for _ in range(800):
        if game.is_over:
            raise AssertionError("the game ended before a roll")
        if game.current_step.kind == "dice":
            return game
        if game.current_step.automatic:
            game.step()
        else:
            acts = list(game.legal_actions())
            battles = [a for a in acts if a.verb == "battle"]
            game.apply(rnd.choice(battles or acts))
    raise AssertionError("no roll came")


@pytest.mark.rule("caf.combat.defender_five_forces_retreat", "caf.combat.hit_on_six")
def test_the_tray_shows_the_faces_rolled_never_a_range_and_what_each_does_for_whom():
    from hexlab.rulesets.cactus.combat import GROUND_D6
    from hexlab.widgets import DiceTray

    game = hexlab.load("cactus/guadalcanal", seed=1)
    while _to_roll(game).rules.roll(game.state).pool[0][0] != GROUND_D6:
        game.step()
    tray = DiceTray(game)
    game.step()
    roll = next(e for e in reversed(game.log) if isinstance(e.payload, DiceRolled)).payload
    assert [d["face"] for d in tray.dice] == [f for group in roll.faces for f in group]
    for d in tray.dice:
        assert "1-4" not in d["label"] and "1 to 4" not in d["label"] and "1-4" not in d["meaning"]
        if d["face"] == "1-4":
            assert d["blank"] and d["label"] == "no effect"
        elif d["face"] == 5:
            attacker, defender = roll.by
            assert (attacker in d["meaning"]) if d["group"] == 1 else ("no effect" in d["meaning"])
        elif d["face"] == 6:
            assert roll.by[1 - d["group"]] in d["meaning"]
    assert tray.results and tray.results[0].startswith("In ")  # what the roll did, in the log's words


def test_the_tray_never_shows_an_old_roll_as_the_current_one():
    """The roll being resolved is "Roll, turn 1, ..."; once another roll is due (or another phase or turn has
    begun) it is "Last roll (turn 1, ...)", muted; an undo that takes it back takes it off the tray."""
    from hexlab.widgets import DiceTray

    game = _to_roll(hexlab.load("cadet/drill_punch", seed=1))
    tray = DiceTray(game)
    assert tray.status == "none" and tray.dice == [] and tray.heading == ""
    game.step()  # the ATK dice: the attacker keeps one of them next, in the same phase
    rolled = next(e for e in reversed(game.log) if isinstance(e.payload, DiceRolled))
    phase = game.rules.sequence.lookup(rolled.position)[0].title
    assert tray.status == "current" and tray.heading == f"Roll, turn {rolled.turn}, {phase}"
    assert tray.caption == rolled.text
    _to_roll(game)  # the next roll is due: the one on the tray is the last one now
    assert tray.status == "last" and tray.heading == f"Last roll (turn {rolled.turn}, {phase})"
    while any(e is rolled for e in game.log):
        game.undo()
    assert tray.caption != rolled.text and tray.status in ("none", "last")


def test_the_tray_wraps_its_words_between_words():
    css = (Path(hexlab.__file__).parent / "widgets" / "dicetray.css").read_text()
    assert "overflow-wrap: anywhere" not in css and "word-break: normal" in css


# ---------------------------------------------------------------------------------------------- odds panel


@pytest.mark.rule("m44.resolve.hit.matching")
def test_the_odds_panel_shows_exactly_the_roll_about_to_be_made():
    """At a dice step the panel shows that roll: the engine's chance outcomes through the step's own
    resolution, summing to 1, agreeing with the ruleset's exact odds function; once rolled, it goes back."""
    from hexlab.rulesets.memoir44.odds import hit_flag_dist
    from hexlab.widgets import OddsPanel

    game = hexlab.load("memoir44/tenaru", seed=1)
    panel = OddsPanel(game)
    assert panel.pending is None
    while _to_roll(game).rules.roll(game.state).groups[0].split(" at ")[0] not in game.state.units:
        game.step()  # a unit's battle (not a card's strike, whose stars hit too)
    report = panel.pending
    assert report is not None and "The roll about to be made" in panel.body.value
    assert sum(p for _, p in report.outcomes) == 1
    assert sum(p for _, p in game.chance_outcomes()) == 1
    roll = game.rules.roll(game.state)
    (die, n), = roll.pool
    target = game.state.units[roll.groups[0].split(" at ")[1]]  # "G37 at J3"
    expected = hit_flag_dist(n, target.kind).p(lambda r: r[0] >= 1)
    assert report.summary["figures lost"] == expected
    assert all(isinstance(p, Fraction) for _, p in report.outcomes)
    game.step()
    assert panel.pending is None and "The roll about to be made" not in panel.body.value
    game.undo()
    assert panel.pending is not None and panel.pending.outcomes == report.outcomes
