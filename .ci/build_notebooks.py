"""Run every notebook (or the ones named) and store its outputs, ready to commit.

    .venv/bin/python .ci/build_notebooks.py [notebooks/02_memoir44.ipynb ...]

Outputs are kept as nbval will compare them. Live widgets are saved by their static pictures: the
widget-view part of an output is dropped where the output also has a picture or text (the picture is
what a reader sees before running the notebook, in JupyterLab or on a static viewer), and so is the
notebook's saved widget state, which only restores blank widgets without a kernel.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
WIDGET = "application/vnd.jupyter.widget-view+json"


def build(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)  # run times: they change on every build and mean nothing
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET in data and len(data) > 1:
                del data[WIDGET]
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    names = [Path(a) for a in sys.argv[1:]] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for name in names:
        build(name.resolve())
