"""One Chromium for every browser test (playwright's sync API allows one running instance at a time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's Chromium is needed: apt-get install -y chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()
