"""The play table: map, stepper, dice tray, odds panel and log, laid out for a notebook.

``hexlab.play("ruleset/name", seed=1)`` returns a :class:`Table` for hot-seat play by two people at one
screen; ``players={"Blue": "computer"}`` (or ``"human,computer"``) lets the computer take a side, and
"Play to next decision" then plays its turns.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from .. import saves
from ..engine import Game
from ..players import Player, players_for
from ..render.scene import SIDE_MARK_NAMES
from ..scenario import load
from .dicetray import DiceTray
from .hexmap import HexMap
from .odds import OddsPanel
from .stepper import PhaseStepper

CSS = """
<style>
/* Colours come from JupyterLab's theme variables (light, dark, Notebook 7 and Voila alike), with the
   light kit's own colours as fallbacks where a page has no theme. */
.hexlab-table { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  color: var(--jp-ui-font-color1, #2b2b2b); --hexlab-accent: var(--jp-warn-color0, #8a1c1c);
  --hexlab-panel: var(--jp-layout-color2, #f3f0e2); --hexlab-paper: var(--jp-layout-color1, #fbfaf5);
  --hexlab-chip: var(--jp-layout-color3, #eee8d5); --hexlab-muted: var(--jp-ui-font-color2, #555); }
.hexlab-table-title { font-size: 16px; font-weight: 600; margin: 2px 0 6px 0; }
.hexlab-table-title small { font-weight: 400; color: var(--hexlab-muted); }
.hexlab-side { padding-left: 12px; }
.hexlab-stepper-header { font-size: 13px; background: var(--hexlab-panel); border-radius: 6px; padding: 6px 8px; }
ol.hexlab-sequence { margin: 6px 0; padding-left: 20px; font-size: 12.5px; line-height: 1.35; }
ol.hexlab-sequence ul { margin: 0; padding-left: 16px; list-style: none; }
ol.hexlab-sequence li.hexlab-current { font-weight: 700; color: var(--hexlab-accent); }
ol.hexlab-sequence li.hexlab-current-phase > b { color: var(--hexlab-accent); }
.hexlab-badge { display: inline-block; min-width: 38px; text-align: center; font-size: 10px; border-radius: 3px;
  padding: 0 3px; margin-right: 3px; font-weight: 600; }
.hexlab-badge-decision { background: #3d6aa8; color: #fff; }
.hexlab-badge-auto { background: #d8d3c0; color: #333; }
.hexlab-badge-dice { background: #b24a32; color: #fff; }
.hexlab-stepper .widget-button { width: auto; }
.hexlab-explain { font-size: 12.5px; background: var(--hexlab-paper); border-left: 3px solid #c9a227; padding: 4px 8px; }
.hexlab-explain code, .hexlab-log code, .hexlab-odds code, .hexlab-note code, .hexlab-stepper-note code {
  font-size: 11px; background: var(--hexlab-chip); color: inherit; padding: 0 3px; border-radius: 3px; }
.hexlab-stepper-note { font-size: 12.5px; color: var(--hexlab-accent); }
details.hexlab-chip { display: inline-block; vertical-align: top; margin: 0 2px; }
details.hexlab-chip > summary { list-style: none; cursor: pointer; display: inline; }
details.hexlab-chip > summary::-webkit-details-marker { display: none; }
details.hexlab-chip[open] { display: block; }
.hexlab-chip-rule { display: block; font-size: 11.5px; background: var(--hexlab-paper); border: 1px solid var(--hexlab-chip);
  border-radius: 4px; padding: 2px 6px; margin: 2px 0 4px 0; }
.hexlab-mark { font-size: 10px; font-style: italic; margin-left: 2px; padding: 0 3px; border-radius: 3px;
  border: 1px dashed currentColor; white-space: nowrap; }
.hexlab-mark-reading { color: var(--jp-brand-color1, #5b3fa0); }
.hexlab-mark-illustrative { color: var(--jp-warn-color1, #9a5b00); }
.hexlab-mark-published { color: var(--hexlab-muted); border-style: dotted; }
details.hexlab-rules { margin-top: 3px; font-size: 12px; }
details.hexlab-rules > summary { cursor: pointer; color: var(--hexlab-muted); }
details.hexlab-rules ul { margin: 2px 0; padding-left: 16px; }
ul.hexlab-log-list { max-height: 220px; overflow-y: auto; margin: 0; padding-left: 16px; font-size: 12px;
  line-height: 1.35; }
ul.hexlab-log-list li.hexlab-phase { color: var(--hexlab-muted); font-style: italic; }
.hexlab-hover, .hexlab-note { font-size: 12.5px; }
.hexlab-odds { font-size: 12.5px; }
.hexlab-odds-title { font-weight: 600; margin-bottom: 4px; }
.hexlab-odds-row { display: flex; align-items: center; gap: 6px; margin: 2px 0; }
.hexlab-odds-label { width: 150px; flex: 0 0 150px; }
.hexlab-odds-bar { flex: 1 1 auto; background: var(--hexlab-chip); height: 12px; border-radius: 3px; overflow: hidden; }
.hexlab-odds-bar span { display: block; height: 100%; background: #3d6aa8; }
.hexlab-odds-p { width: 120px; flex: 0 0 120px; text-align: right; font-variant-numeric: tabular-nums; }
.hexlab-odds-empty { font-size: 12px; color: var(--hexlab-muted); }
ul.hexlab-odds-summary, ul.hexlab-odds-notes { margin: 4px 0; padding-left: 16px; }
details.hexlab-words > summary { cursor: pointer; font-weight: 600; }
details.hexlab-words pre { font-size: 12px; white-space: pre-wrap; background: var(--hexlab-paper); padding: 4px 8px;
  border-radius: 4px; color: inherit; }
.hexlab-map canvas { border-radius: 4px; }
</style>
"""


class Table(widgets.VBox):
    """Everything needed to play a game in a notebook."""

    def __init__(self, game: Game, players: Mapping[str, Any] | str | None = None, size: float | None = None,
                 **kwargs: Any) -> None:
        self.game = game
        self.players: dict[str, Player] = players_for(game, players) if players is not None else {}
        self.map = HexMap(game, size=size)
        self.stepper = PhaseStepper(game, players=self.players)
        self.dice = DiceTray(game)
        self.odds = OddsPanel(game, self.map)
        title = game.scenario.title if game.scenario else game.rules.name
        summary = game.scenario.meta.summary if game.scenario else ""
        who = ", ".join(f"{s} {SIDE_MARK_NAMES[i % 4]}: {'computer' if s in self.players else 'a person'}"
                        for i, s in enumerate(game.state.sides))
        head = widgets.HTML(
            f"{CSS}<div class='hexlab-table-title'>{html.escape(title)} "
            f"<small>· {html.escape(game.rules.name)} · seed {game.seed} · {html.escape(who)}</small></div>"
            + (f"<div style='font-size:12.5px;margin-bottom:6px'>{html.escape(summary)}</div>" if summary else ""))
        # beside the map (or right under it, in a narrow notebook): what to do now, the dice, the odds;
        # below: the sequence of play and the log
        controls = widgets.VBox([self.stepper.header, self.stepper.buttons, self.stepper.choices, self.stepper.note,
                                 self.stepper.explain, widgets.HTML("<b>Dice</b>"), self.dice, self.odds],
                                layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="460px"))
        controls.add_class("hexlab-side")
        controls.add_class("hexlab-stepper")
        body = widgets.HBox([self.map, controls], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        sequence = widgets.VBox([widgets.HTML("<b>Sequence of play</b>"), self.stepper.sequence],
                                layout=widgets.Layout(flex="1 1 300px", min_width="280px"))
        self.words = widgets.HTML()
        """The position in words (``game.describe()``), for a screen reader or a printed page."""
        self._describe()
        game.on_change(lambda *_: self._describe())
        history = widgets.VBox([widgets.HTML("<b>What happened</b> (newest first)"), self.stepper.log_view,
                                self.words], layout=widgets.Layout(flex="2 1 360px", min_width="300px"))
        below = widgets.HBox([sequence, history], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__([head, body, below], **kwargs)
        self.add_class("hexlab-table")

    def _describe(self) -> None:
        self.words.value = (f"<details class='hexlab-words'><summary>The position in words</summary>"
                            f"<pre>{html.escape(self.game.describe())}</pre></details>")

    def __repr__(self) -> str:
        sid = self.game.scenario.id if self.game.scenario else self.game.rules.id
        return f"<hexlab table: {sid}, seed {self.game.seed}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["image/svg+xml"] = self.map.to_svg()
        return bundle

    def save(self, path: str) -> str:
        """Save the game (scenario, seed and every move) as JSON, to resume later with ``hexlab.resume``."""
        return saves.save(self.game, path)


def play(scenario_id: str, seed: int | None = None, players: Any = None, size: float | None = None) -> Table:
    """The play table for a scenario (hot-seat unless ``players`` hands a side to the computer)."""
    return Table(load(scenario_id, seed=seed), players=players, size=size)


def resume(path: str, players: Any = None, size: float | None = None) -> Table:
    """The play table for a saved game (see ``Table.save``)."""
    return Table(saves.load(path), players=players, size=size)
