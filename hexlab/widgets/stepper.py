"""``PhaseStepper``: the ruleset's sequence of play, the current step, the buttons that move through it,
and the event log in plain words.

The sequence is the ruleset's own data (phases and steps with titles, clauses and explanations); the
current step is marked. "Next step" performs an automatic step (a dice roll, bookkeeping) or, at a
decision that belongs to a computer player, lets it choose; "Play to next decision" runs on until a
person must choose. Decisions that no unit takes (play a card, pass, end the activation, a raid on a
box) are offered as buttons here: the things to do as primary buttons, and the ones that give something
up (a ``pass``) as plain ones, with what they give up said above them.

Bookkeeping (automatic steps that roll no dice: a draw, the next hour) runs by itself after each
decision and roll, so the clicks are the decisions and the rolls; every step still goes into the log.
"Step through bookkeeping" goes back to a step-by-step walk, for a lesson about the sequence of play:
a stepper on its own walks (``walk=True``, it is there to show the sequence); the play table's does not.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from .. import words
from ..engine import Action, Event, Game, RuleError
from ..players import Player
from ..render.rules_html import cite as _cite
from ..render.rules_html import marked, rules_list

KIND_BADGE = {"decision": "decide", "auto": "auto", "dice": "dice"}
KIND_WORDS = {"decision": "a decision", "auto": "done by the engine", "dice": "a dice roll"}


def roll_words(game: Game) -> str:
    """What a dice step will roll, for its button: "Roll 3 battle dice", "Roll 2 d6 + 1 d6"."""
    roll = game.rules.roll(game.state)
    parts, named = [], []
    groups = list(roll.groups) + [""] * (len(roll.pool) - len(roll.groups))
    for (die, n), group in zip(roll.pool, groups, strict=False):
        if n <= 0:
            continue
        name = die.name.split(" (")[0]
        name = name.upper() if name.isalpha() and len(name) <= 3 else name  # the ATK die
        if name[:1] == "d" and name[1:].isdigit():
            words = f"{n}{name}"  # 3d6
        else:
            words = f"{n} {name} {'die' if n == 1 else 'dice'}"  # 3 battle dice
        parts.append(words)
        named.append((words, group))
    if not parts:
        return "Roll (no dice)"
    if len(named) == 1 and named[0][1]:
        w, g = named[0]
        long = f"Roll {w}: {g}" if "(" in g else f"Roll {w} ({g})"  # Roll 3 ATK dice (OL punches GL)
    else:
        long = "Roll " + " + ".join(f"{w} for {g}" if g else w for w, g in named)  # ... for Greeks + ... for Ottomans
    return long if len(long) <= 64 else "Roll " + " + ".join(parts)


class PhaseStepper(widgets.VBox):
    """Step through ``game``'s sequence of play. ``players`` maps sides to computer players."""

    def __init__(self, game: Game, players: Mapping[str, Player] | None = None, log_lines: int = 40,
                 expand_all: bool = False, viewer: str | None = None, walk: bool = True, **kwargs: Any) -> None:
        self.game = game
        self.viewer = viewer
        """The seat the stepper speaks to (a side, or ``PUBLIC``): its log is that side's
        (``game.log_for``) and its choices appear only when that side decides. ``None``: the teacher's view."""
        self.expand_all = expand_all
        """Show every phase's steps, not only the current phase's."""
        self.players = dict(players or {})
        self.log_lines = log_lines
        self.header = widgets.HTML()
        self.sequence = widgets.HTML()
        self.explain = widgets.HTML()
        self.next_button = widgets.Button(description="Next step", button_style="primary")
        self.undo_button = widgets.Button(description="Undo")
        self.redo_button = widgets.Button(description="Redo")
        self.run_button = widgets.Button(description="Play to next decision",
                                         layout=widgets.Layout(width="auto"))
        self.restart_button = widgets.Button(description="Restart")
        for b, fn in ((self.next_button, self.next_step), (self.undo_button, self.undo),
                      (self.redo_button, self.redo), (self.run_button, self.play_to_decision),
                      (self.restart_button, self.restart)):
            b.on_click(lambda _b, fn=fn: fn())
            b.add_class("hexlab-" + b.description.lower().replace(" ", "-"))
        self.walk = widgets.Checkbox(value=walk, description="Step through bookkeeping", indent=False,
                                     tooltip="Stop at every step of the sequence, the engine's bookkeeping too "
                                             "(a draw, the next hour), instead of running it by itself",
                                     layout=widgets.Layout(width="auto"))
        """Whether bookkeeping waits for "Next step" (a walk through the sequence) or runs by itself."""
        self.walk.add_class("hexlab-walk")
        self.walk.observe(lambda _change: self.settle(), names=["value"])
        self.buttons = widgets.HBox([self.next_button, self.run_button, self.undo_button, self.redo_button,
                                     self.restart_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hint_button = widgets.Button(description="Hint", layout=widgets.Layout(width="auto"),
                                          tooltip="What the computer (veteran) would play here, the best "
                                                  "alternatives, and why: from your side's view only")
        self.hint_button.add_class("hexlab-hint")
        self.hint_button.on_click(lambda _b: self.hint())
        self.hint_view = widgets.HTML()
        self.hint_view.add_class("hexlab-hint-view")
        self.note = widgets.HTML()
        self.log_view = widgets.HTML()
        self.log_view.add_class("hexlab-log")
        super().__init__([self.header, self.sequence, self.explain, self.buttons, self.walk, self.choices, self.note,
                          widgets.HTML("<b>What happened</b> (newest first)"), self.log_view], **kwargs)
        self.add_class("hexlab-stepper")
        self._stop = game.on_change(self._game_changed)
        self.refresh()

    def _game_changed(self, game: Game, events: list[Event]) -> None:
        self.note.value = ""
        self.hint_view.value = ""  # a hint is for the position it was asked in
        self.refresh()

    def __repr__(self) -> str:
        return f"<PhaseStepper {self.game.rules.id} at {self.game.state.position}>"

    # ------------------------------------------------------------------------------------ actions
    def settle(self) -> None:
        """Run the bookkeeping due now, unless the reader walks through every step."""
        if not self.walk.value:
            self.game.settle()

    def attach(self, hexmap: Any) -> None:
        """Let a map's moves run the bookkeeping after them as this stepper's own choices do."""
        hexmap.after_action = self.settle

    def next_step(self) -> None:
        """Perform the next automatic step, or a computer player's decision."""
        game = self.game
        self.note.value = ""
        if game.is_over:
            self._say("The game is over.")
            return
        if game.current_step.automatic:
            with game.batch():
                game.step()
                self.settle()
            return
        player = self.players.get(game.to_act or "")
        if player is not None:
            with game.batch():
                side = game.to_act
                game.apply(player.choose(game))
                remark = getattr(player, "remark", "")
                if remark:  # the computer's reason, one line in the log after its move (hexlab.ai)
                    game.annotate(remark, side)
                self.settle()
            reason = getattr(player, "reason", "")
            if reason:  # the computer says why, in one line (hexlab.ai)
                self._say(f"<span class='hexlab-reason'>{marked(reason)}</span>")
            return
        self._say(f"<b>{html.escape(str(game.to_act))}</b> decides now: {html.escape(game.current_step.title)}. "
                  "Click a unit on the map or a choice below.")

    def play_to_decision(self, limit: int = 20_000) -> None:
        """Run automatic steps (and computer players) until a person must decide or the game ends."""
        game = self.game
        self.note.value = ""
        with game.batch():
            for _ in game.run(self.players, limit):
                pass

    def hint(self) -> None:
        """Show what the computer would play for the side deciding now, and why (``hexlab.ai.explain``): it
        reads only that side's view, so a hint never shows what the side may not see."""
        game = self.game
        if game.is_over or game.current_step.automatic or not self.may_act():
            self.hint_view.value = ""
            self._say("A hint is for the side deciding now, at its own seat.")
            return
        from ..ai import explain

        found = explain(game, side=game.to_act, budget="veteran")
        self.hint_view.value = f"<div class='hexlab-hint-box'><b>Hint for {html.escape(str(game.to_act))}</b>" \
                               f"{found.html(cite=lambda text: marked(text, escaped=True))}</div>"

    def undo(self) -> None:
        """Take back the last decision or roll, with the bookkeeping run after it (the last step only,
        when walking through the sequence)."""
        self.note.value = ""
        if not self.game.undo(bookkeeping=not self.walk.value):
            self._say("Nothing to undo.")

    def redo(self) -> None:
        self.note.value = ""
        with self.game.batch():
            if not self.game.redo():
                self._say("Nothing to redo.")
                return
            self.settle()

    def restart(self) -> None:
        self.note.value = ""
        with self.game.batch():
            self.game.restart()
            self.settle()

    def choose(self, action: Action) -> None:
        try:
            with self.game.batch():
                self.game.apply(action)
                self.settle()
        except RuleError as err:
            self._say(f"{html.escape(err.reason)} {_cite([err.clause] if err.clause else [])}")

    def _say(self, text: str) -> None:
        self.note.value = f"<div class='hexlab-stepper-note'>{text}</div>"

    # ------------------------------------------------------------------------------------ views
    def refresh(self) -> None:
        game = self.game
        self._lost: dict[Action, str | None] = {}
        rules = game.rules
        phase, step = game.current_phase, game.current_step
        if game.is_over:
            result = game.result or {}
            who = words.wins(result["winner"], start=True) if result.get("winner") else "A draw"
            status = f"<b>Game over.</b> {html.escape(who)}: {html.escape(str(result.get('reason', '')))}"
        elif step.automatic:
            status = (f"Next: <b>{html.escape(step.title)}</b> ({KIND_WORDS[step.kind]}). "
                      f"Press <b>{html.escape(self._next_words())}</b>.")
        elif game.to_act in self.players:
            status = (f"<b>{html.escape(str(game.to_act))}</b> (computer) decides: {html.escape(step.title)}. "
                      "Press <b>Let the computer choose</b>.")
        elif not self.may_act():
            status = f"Waiting for <b>{html.escape(str(game.to_act))}</b> to decide: {html.escape(step.title)}."
        else:
            legal = list(game.legal_actions())
            if any(a.actor is not None for a in legal):
                how = "Click one of your units on the map" + (", or a button below." if any(
                    a.actor is None for a in legal) else ".")
            else:
                how = "Choose a button below."
            status = (f"<b>Your decision, {html.escape(str(game.to_act))}</b>: {html.escape(step.title)}. "
                      f"{how}{self._forfeits(legal)}")
        self.header.value = (f"<div class='hexlab-stepper-header'><b>{html.escape(rules.name)}</b> · "
                             f"{html.escape(rules.clock(game.state))}<br>{status}</div>")
        rows = []
        for ph in rules.sequence.phases:
            here = ph.id == phase.id
            steps = []
            if here or self.expand_all:  # the current phase's steps; the others by their titles
                for st in ph.steps:
                    mark = "▶ " if here and st.id == step.id else ""
                    cls = "hexlab-current" if mark else ""
                    badge = f"<span class='hexlab-badge hexlab-badge-{st.kind}'>{KIND_BADGE[st.kind]}</span>"
                    steps.append(f"<li class='{cls}'>{mark}{badge} {html.escape(st.title)}</li>")
            repeat = f" <i>({html.escape(ph.repeat)})</i>" if ph.repeat else ""
            inner = f"<ul>{''.join(steps)}</ul>" if steps else ""
            rows.append(f"<li class='{'hexlab-current-phase' if here else ''}'><b>{html.escape(ph.title)}</b>{repeat}"
                        f"{inner}</li>")
        self.sequence.value = f"<ol class='hexlab-sequence'>{''.join(rows)}</ol>"
        self.explain.value = (f"<div class='hexlab-explain'><b>{html.escape(step.title)}.</b> "
                              f"{html.escape(step.explanation)}{rules_list(step.clauses)}</div>")
        self._refresh_next()
        self.run_button.disabled = game.is_over
        self.undo_button.disabled = not game.can_undo
        self.redo_button.disabled = not game.can_redo
        self._refresh_choices()
        self.log_view.value = self.log_html(game.log_for(self.viewer), self.log_lines)

    def may_act(self) -> bool:
        """Whether the stepper's seat decides now (the teacher's view decides for every person)."""
        return self.game.decides(self.viewer)

    def set_viewer(self, viewer: str | None) -> None:
        """Speak to another seat (the table's hand-over in hot-seat play, the teacher's switch)."""
        self.viewer = viewer
        self.refresh()

    def _next_words(self) -> str:
        game = self.game
        step = game.current_step
        if step.kind == "dice":
            return roll_words(game)
        if step.automatic:
            return f"Next: {step.title}"
        return "Let the computer choose"

    def _refresh_next(self) -> None:
        """"Next step" is the primary button when the engine (or a computer player) acts next, and says
        what it will do; at a person's decision it is disabled and its tooltip says why."""
        game, b = self.game, self.next_button
        if game.is_over:
            b.description, b.disabled, b.button_style, b.tooltip = "Next step", True, "", "The game is over."
        elif game.current_step.automatic or game.to_act in self.players:
            b.description, b.disabled, b.button_style = self._next_words(), False, "primary"
            b.tooltip = f"{game.current_step.title}: {game.current_step.explanation}"
        else:
            b.description, b.disabled, b.button_style = "Next step", True, ""
            b.tooltip = (f"{game.to_act} decides now ({game.current_step.title}): choose a button below or a "
                         "unit on the map.")

    def _forfeits(self, legal: list[Action]) -> str:
        """What each of the choices that give something up gives up, for the header: "End the
        activation: GL's second action is lost". Worked out once per refresh (:attr:`_lost`): the buttons'
        tooltips say the same."""
        game = self.game
        self._lost = {a: game.rules.forfeit(game.state, a) for a in legal if a.actor is None and a.verb == "pass"}
        return "".join(f"<br><span class='hexlab-forfeit'><b>{html.escape(game.describe(a))}</b>: "
                       f"{html.escape(lost)}.</span>" for a, lost in self._lost.items() if lost)

    def choice_actions(self) -> list[Action]:
        """The decisions offered as buttons here: every legal one that no unit takes (a unit's own choices
        are on the map and under it when the unit is selected), the things to do first and the ones that
        give something up last."""
        game = self.game
        if game.is_over or game.current_step.automatic or not self.may_act():
            return []
        loose = [a for a in game.legal_actions() if a.actor is None]
        return sorted(loose, key=lambda a: a.verb == "pass")

    def _refresh_choices(self) -> None:
        """Buttons for the decisions no unit takes. A computer's decisions are shown but plain (its turn
        is taken with "Let the computer choose"); a person's things to do are primary, and a ``pass`` is
        never primary: it ends something, and the header says what it gives up."""
        game = self.game
        buttons = []
        computer = game.to_act in self.players
        for action in self.choice_actions():
            gives_up = action.verb == "pass"
            words = game.describe(action)
            more = game.rules.action_help(game.state, action)
            lost = None if not gives_up else self._lost[action] if action in self._lost else \
                game.rules.forfeit(game.state, action)  # worked out for the header when a person decides
            tip = f"{words}: {more}" if more else (f"{words}: {lost}" if lost else words)
            b = widgets.Button(description=words, layout=widgets.Layout(width="auto"),
                               button_style="" if computer or gives_up else "primary", tooltip=tip)
            b.add_class("hexlab-choice")
            if gives_up:
                b.add_class("hexlab-gives-up")
            b.on_click(lambda _b, a=action: self.choose(a))
            buttons.append(b)
        before = self.choices.children
        self.choices.children = buttons
        for old in before:  # a kernel keeps every widget not closed: the buttons of the choices before go
            old.layout.close()
            old.style.close()
            old.close()

    @staticmethod
    def log_html(log: list[Event], lines: int = 40) -> str:
        items = []
        for event in reversed(log[-lines:]):
            cls = "hexlab-phase" if event.kind in ("PhaseBegan", "TurnBegan") else ""
            items.append(f"<li class='{cls}'>{marked(event.text)} "
                         f"<small class='hexlab-clauses'>{_cite(event.clauses)}</small></li>")
        return f"<ul class='hexlab-log-list'>{''.join(items)}</ul>"
