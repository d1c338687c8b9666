"""Debian's chromium, driven by Selenium with the system chromedriver (nothing downloaded).

Outside CI a machine without the browser skips the browser tests with the reason; in CI
(``CI=true``) a missing browser fails them, since ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,1000")


def _missing(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; .ci/run installs it with apt-get (chromium chromium-driver)")
    pytest.skip(f"{reason}: install it with 'apt-get install chromium chromium-driver' to run the browser tests")


def start_browser():
    """A headless chromium with a fresh profile; the caller quits it."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("the selenium package is not installed (pip install -e '.[test]')")
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists():
            _missing(f"Debian's chromium is not installed ({path} is missing)")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="gtr-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    driver.profile_dir = profile
    return driver


def stop_browser(driver) -> None:
    driver.quit()
    shutil.rmtree(driver.profile_dir, ignore_errors=True)
