"""The one guarded way in for what hexlab reads from outside: scenario files, saves and the lab's record.

Everything a person can hand to hexlab passes through here before any parser or model sees it:

- :func:`read_capped` reads a regular file only (never a device, a pipe or a folder) and never more than a
  size limit, so a link to ``/dev/zero`` or a FIFO is refused at once instead of filling memory or blocking;
- :func:`scan_toml` and :func:`scan_json` look at the text *before* it is parsed, for nesting deeper than
  :data:`MAX_DEPTH` (the parsers recurse once per level) and for numbers with more than
  :data:`MAX_INT_DIGITS` digits (Python refuses to convert very long ones, with a traceback);
- :func:`check_tree` walks the parsed data without recursing, checking depth, the size of whole numbers, that
  every number is finite and that text holds no control characters (terminal escapes, NUL);
- :func:`json_loads` parses JSON refusing ``NaN``/``Infinity``, overlong numbers and duplicate keys;
- :func:`excerpt` shows a bad value as a short excerpt, never the whole of it, and :func:`printable` escapes
  control characters in text bound for a terminal.

Problems are raised as :class:`Refused` (the field's path and the problem); the readers turn it into their
own error (``ScenarioError``, ``SaveError``) naming the file.
"""

from __future__ import annotations

import json
import math
import os
import re
import reprlib
import stat
from itertools import accumulate
from typing import Any

from .engine.errors import HexlabError

MAX_DEPTH = 32
"""How deeply lists and tables may nest in a scenario or a save (the shipped files need 6)."""
MAX_INT_DIGITS = 40
"""The most digits a whole number in a file may have (a seed or a generator state needs 20)."""
EXCERPT = 60
"""About how many characters of a bad value an error message shows."""
MAX_PROBLEMS = 30
"""The most problems one error lists (the rest are counted)."""

_CONTROL = "".join(map(chr, [*range(0x00, 0x20), *range(0x7F, 0xA0)])) + "\u202a\u202b\u202c\u202d\u202e" \
    "\u2066\u2067\u2068\u2069"
"""Characters that must not reach a terminal raw: C0 and C1 controls (ESC starts terminal escapes), DEL, and
the bidirectional overrides that make text read differently from what it holds."""
_BAD_TEXT = re.compile("[" + re.escape(_CONTROL.replace("\t", "").replace("\n", "").replace("\r", "")) + "]")
"""Control characters refused in text fields (tabs and line breaks are allowed in notes)."""
_BAD_KEY = re.compile("[" + re.escape(_CONTROL) + "]")
_ESCAPES = {ord(c): c.encode("unicode_escape").decode("ascii") for c in _CONTROL if c != "\n"}


class Refused(HexlabError):
    """Input refused by a guard: ``path`` is the field (``""`` for the whole file), ``problem`` what is wrong."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)


# ------------------------------------------------------------------------------------------- files


def read_capped(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. A device, a pipe, a socket or a folder is
    refused without reading (opened non-blocking, so a FIFO cannot hang), and so is a bigger file; a file
    that grows while it is read is cut at ``limit + 1`` bytes and refused."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise Refused("", "no such file") from None
    except OSError as exc:
        raise Refused("", f"cannot be read ({exc.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise Refused("", f"not a regular file (it is {_kind(mode)}): give the path of a file")
        size = os.fstat(fd).st_size
        if size > limit:
            raise Refused("", f"too large ({size:,} bytes; the limit is {limit:,})")
        chunks, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise Refused("", f"too large (more than {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise Refused("", f"cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                       (stat.S_ISFIFO, "a pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a file"


def check_size(text: str | bytes, limit: int) -> None:
    """Refuse text longer than ``limit`` bytes (as UTF-8) before it is parsed."""
    size = len(text) if isinstance(text, bytes) else len(text)
    if size > limit and (isinstance(text, bytes) or len(text.encode("utf-8", "surrogatepass")) > limit):
        raise Refused("", f"too large ({size:,} {'bytes' if isinstance(text, bytes) else 'characters'}; "
                          f"the limit is {limit:,} bytes)")


# ------------------------------------------------------------------------------------------- text, before parsing

_TOML_TOKENS = re.compile(
    r'"""(?:\\[\s\S]|[^\\])*?"""+|\'\'\'[\s\S]*?\'\'\'+|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*'
    r"|(?P<open>[\[{])|(?P<close>[\]}])|(?P<digits>[0-9][0-9_]{" + str(MAX_INT_DIGITS) + ",})"
    r"|(?P<dot>\.)|(?P<reset>[\n=,])")
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def scan_toml(text: str) -> None:
    """Refuse TOML text that nests arrays or inline tables deeper than :data:`MAX_DEPTH`, or writes a
    number with more than :data:`MAX_INT_DIGITS` digits, or a dotted key of more than :data:`MAX_DEPTH` parts,
    before ``tomllib`` reads it (it recurses once per level, takes time in the square of a key's parts, and
    converting a very long number fails with a traceback)."""
    depth = dots = 0
    for m in _TOML_TOKENS.finditer(text):
        kind = m.lastgroup
        if kind == "dot":
            dots += 1
            if dots >= MAX_DEPTH:
                raise Refused("", f"line {_line(text, m.start())}: a dotted key of more than {MAX_DEPTH} parts")
            continue
        dots = 0 if kind is not None else dots
        if kind == "open":
            depth += 1
            if depth > MAX_DEPTH:
                raise Refused("", f"line {_line(text, m.start())}: lists or tables nested more than {MAX_DEPTH} deep")
        elif kind == "close":
            depth = max(0, depth - 1)
        elif kind == "digits":
            digits = sum(c.isdigit() for c in m.group())
            if digits > MAX_INT_DIGITS:
                raise Refused("", f"line {_line(text, m.start())}: a number of {digits:,} digits (at most "
                                  f"{MAX_INT_DIGITS})")


def scan_json(text: str) -> None:
    """Refuse JSON text nested deeper than :data:`MAX_DEPTH` before ``json`` reads it (it recurses once per
    level)."""
    brackets = _BRACKET.findall(_JSON_STRING.sub("", text))
    if not brackets:
        return
    deepest = max(accumulate(1 if b in "[{" else -1 for b in brackets))
    if deepest > MAX_DEPTH:
        raise Refused("", f"lists or objects nested more than {MAX_DEPTH} deep")


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def json_loads(text: str | bytes) -> Any:
    """JSON read strictly: nesting checked first (:func:`scan_json`); ``NaN`` and ``Infinity``, numbers too
    long or too big for a float, and an object with the same key twice are refused (:class:`Refused`); text
    that is not JSON raises ``ValueError`` as ``json.loads`` does."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    scan_json(text)
    return json.loads(text, parse_constant=_no_constant, parse_int=_int, parse_float=_float,
                      object_pairs_hook=_unique_keys)


def _no_constant(name: str) -> Any:
    raise Refused("", f"{name} is not a number a file may hold (numbers must be finite)")


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise Refused("", f"a number of {len(digits.lstrip('-')):,} digits (at most {MAX_INT_DIGITS})")
    return int(digits)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Refused("", f"the number {excerpt(text)} is too large to hold")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise Refused("", f"the key {excerpt(key)} appears twice in one object")
        out[key] = value
    return out


# ------------------------------------------------------------------------------------------- data, after parsing


def check_tree(root: Any, *, max_depth: int = MAX_DEPTH, text: bool = True, max_items: int | None = None) -> None:
    """Walk parsed data (dicts, lists, text, numbers) without recursing, and refuse, naming the field's path
    (``unit[3].attrs.note``): nesting deeper than ``max_depth``, a list or table of more than ``max_items``
    entries, a whole number of more than :data:`MAX_INT_DIGITS` digits, a number that is not finite, and with
    ``text`` a control character in any text or key (terminal escapes; tabs and line breaks are allowed in
    text)."""
    limit = 10 ** MAX_INT_DIGITS
    stack: list[tuple[Any, str, int]] = [(root, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        kind = type(value)
        if kind is dict or kind is list:
            if depth >= max_depth:
                raise Refused(path, f"lists or tables nested more than {max_depth} deep")
            if max_items is not None and len(value) > max_items:
                raise Refused(path, f"{len(value):,} entries (at most {max_items:,})")
            if kind is dict:
                items = []
                for key, item in value.items():
                    key = str(key)
                    if text and _BAD_KEY.search(key):
                        raise Refused(path, f"the key {excerpt(key)} holds a control character")
                    items.append((item, f"{path}.{key}" if path else key, depth + 1))
            else:
                items = [(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value)]
            stack.extend(reversed(items))
        elif kind is str:
            if text and (bad := _BAD_TEXT.search(value)):
                raise Refused(path, f"holds the control character {bad.group().encode('unicode_escape').decode()} "
                                    f"(at position {bad.start()}); text may not hold terminal escapes or other "
                                    "control characters")
        elif kind is int:
            if not -limit < value < limit:
                raise Refused(path, f"a whole number of more than {MAX_INT_DIGITS} digits")
        elif kind is float:
            if not math.isfinite(value):
                raise Refused(path, f"{value} is not a number a file may hold (numbers must be finite)")


def control_character(text: str) -> bool:
    """Whether ``text`` holds a control character (tabs and line breaks included)."""
    return _BAD_KEY.search(text) is not None


# ------------------------------------------------------------------------------------------- showing bad values


class _Short(reprlib.Repr):
    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxtuple, self.maxdict, self.maxset = 2, 4, 4, 4, 4
        self.maxstring, self.maxother, self.maxlong = EXCERPT // 2, EXCERPT // 2, EXCERPT // 2

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<a whole number of {x.bit_length():,} bits>"
        return super().repr_int(x, level)


_SHORT = _Short()


def excerpt(value: Any) -> str:
    """A bad value as a short excerpt for an error message (its repr, cut short with ``...``): a list of
    millions of items or a megabyte of text never ends up whole in a message."""
    try:
        text = _SHORT.repr(value)
    except Exception:  # a value whose repr fails: say what it is
        text = f"<a {type(value).__name__}>"
    if len(text) > 2 * EXCERPT:
        text = text[:2 * EXCERPT] + "..."
    return printable(text)


def clip(text: str, limit: int = 2 * EXCERPT) -> str:
    """A message (a parser's, say) cut to about ``limit`` characters and escaped (:func:`printable`)."""
    return printable(text if len(text) <= limit else text[:limit] + "...")


def printable(text: str) -> str:
    """``text`` with control characters (terminal escapes, bidirectional overrides) written as escapes
    (``\\x1b``), line breaks kept: safe to print to a terminal."""
    return text.translate(_ESCAPES)


def bounded(problems: list[tuple[str, str]], limit: int = MAX_PROBLEMS) -> list[tuple[str, str]]:
    """At most ``limit`` problems, each message cut to a readable length and escaped, with a last line
    counting the rest: an error about a file with a million bad entries stays a screenful."""
    out = [(printable(path[:200]), printable(msg if len(msg) <= 400 else msg[:400] + "...")) for path, msg in
           problems[:limit]]
    if len(problems) > limit:
        out.append(("", f"... and {len(problems) - limit:,} more problems"))
    return out
