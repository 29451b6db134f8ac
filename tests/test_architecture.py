"""The house rules of DESIGN.md that code review alone would let slip: dependencies run one way.

The engine imports neither the scenario loader, the saves, the renderer nor any widget library (the
python-chess style lazy ``_repr_svg_``/``save_svg`` may import the renderer inside the method); rulesets
import the engine, never the views; ``import hexlab`` loads no widget library.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "hexlab"
WIDGET_LIBS = {"ipywidgets", "ipycanvas", "anywidget", "traitlets", "IPython"}
LAZY_VIEW_METHODS = {"_repr_svg_", "save_svg"}


def _imports(path: Path) -> list[tuple[str, str | None]]:
    """``(module imported, enclosing function or None)`` for every import in a file, relative
    imports resolved to ``hexlab.<...>``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    out: list[tuple[str, str | None]] = []

    def visit(node: ast.AST, func: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, child.name)
                continue
            if isinstance(child, ast.Import):
                out.extend((alias.name, func) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - child.level + 1]
                    name = ".".join(base + ([child.module] if child.module else []))
                else:
                    name = child.module or ""
                out.append((name, func))
            visit(child, func)

    visit(tree, None)
    return out


ENGINE = sorted((ROOT / "engine").glob("*.py"))
RULESETS = sorted((ROOT / "rulesets").rglob("*.py"))


@pytest.mark.parametrize("path", ENGINE, ids=[p.name for p in ENGINE])
def test_the_engine_imports_no_scenario_saves_views_or_widgets(path: Path) -> None:
    for name, func in _imports(path):
        top = name.split(".")[0]
        assert top not in WIDGET_LIBS, f"{path.name} imports {name}"
        assert not name.startswith(("hexlab.scenario", "hexlab.saves", "hexlab.widgets")), f"{path.name}: {name}"
        if name.startswith("hexlab.render"):
            assert func in LAZY_VIEW_METHODS, f"{path.name} imports {name} outside _repr_svg_/save_svg"


@pytest.mark.parametrize("path", RULESETS, ids=[str(p.relative_to(ROOT)) for p in RULESETS])
def test_rulesets_import_the_engine_never_the_views_or_the_loader(path: Path) -> None:
    for name, _ in _imports(path):
        assert name.split(".")[0] not in WIDGET_LIBS, f"{path}: {name}"
        assert not name.startswith(("hexlab.widgets", "hexlab.render", "hexlab.scenario", "hexlab.saves")), \
            f"{path}: {name}"


def test_the_scenario_loader_does_not_import_the_saves_above_it() -> None:
    assert not any(name.startswith("hexlab.saves") for name, _ in _imports(ROOT / "scenario.py"))


def test_import_hexlab_loads_no_widget_library() -> None:
    code = ("import sys, hexlab, hexlab.saves, hexlab.rulesets.memoir44, hexlab.rulesets.cadet, "
            "hexlab.rulesets.cactus; bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            f"{sorted(WIDGET_LIBS)!r}); print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
