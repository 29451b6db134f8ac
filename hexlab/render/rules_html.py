"""Rule codes in HTML: a code, its mark when the rule is ours, and its words on hover.

One place for everything that shows rule codes in HTML (the table's chips and rule lists, the map's refusals,
the odds panel's rules, the computer's reasons, the after-action report), so a reader can tell anywhere whether
a rule is the source's, *our reading*, an *illustrative* value of ours, or the *published game*'s where the
summary we follow leaves it out (``reference.MARKS``). No widget library is needed: the marks carry their own
small style, legible on a page without the table's CSS."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from .. import reference


def rule_text(clause: str) -> str:
    """The rule's words and what its mark means, for a tooltip."""
    found = reference.lookup(clause)
    return found.text() if found else "(not in the rules reference)"


def mark(clause: str) -> str:
    """The clause's mark as a small label after its code ("our reading", "illustrative", "published game"),
    or nothing when the source states the rule. Styled by the table's CSS, legible without it."""
    found = reference.lookup(clause)
    if found is None or not found.mark:
        return ""
    return (f"<span class='hexlab-mark hexlab-mark-{found.mark}' style='font-size:10px;font-style:italic'>"
            f"{html.escape(found.label)}</span>")


def code(clause: str) -> str:
    """A rule code with its mark, and its words on hover."""
    return (f"<code title='{html.escape(rule_text(clause), quote=True)}'>{html.escape(clause)}</code>"
            f"{mark(clause)}")


_BRACKETED = re.compile(r"\[([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)\]")


def marked(text: str, escaped: bool = False) -> str:
    """Plain text that cites rules in brackets, as the computer's reasons do ("medals +8.8
    [m44.victory.medals.target]"), as HTML: each cited code gets its mark and its words on hover (:func:`code`),
    so a reason tells a rule of ours from the source's as every other rule code on the table does.
    ``escaped``: the text is HTML already (escaped by its maker); otherwise it is escaped here."""
    body = text if escaped else html.escape(text)

    def one(m: re.Match[str]) -> str:
        return f"[{code(m.group(1))}]" if reference.lookup(m.group(1)) else m.group(0)

    return _BRACKETED.sub(one, body)


def cite(clauses: Sequence[str]) -> str:
    """Clause chips that show their rule on hover (the tooltip) and on a click (it unfolds); a rule of ours
    carries its mark on the chip itself."""
    return " ".join(f"<details class='hexlab-chip' title='{html.escape(rule_text(c), quote=True)}'>"
                    f"<summary><code>{html.escape(c)}</code>{mark(c)}</summary>"
                    f"<span class='hexlab-chip-rule'>{html.escape(rule_text(c))}</span></details>" for c in clauses)


def rules_list(clauses: Sequence[str]) -> str:
    """A step's clauses folded into "Rules (n)", which opens the list with each rule's words."""
    if not clauses:
        return ""
    items = "".join(f"<li><code>{html.escape(c)}</code>{mark(c)} {html.escape(rule_text(c))}</li>" for c in clauses)
    return (f"<details class='hexlab-rules'><summary>Rules ({len(clauses)})</summary>"
            f"<ul>{items}</ul></details>")
