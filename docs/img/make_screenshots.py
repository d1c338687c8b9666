"""Make the README's screenshots of the viewer: a page of an example game at phone size
(360×740, the table tab and the statements tab) and at desktop size (1400×900), in Debian's
headless chromium through Selenium (nothing downloaded). Run from the project's root:

    python docs/img/make_screenshots.py

It writes docs/img/viewer-phone-table.png, viewer-phone-statements.png and viewer-desktop.png,
and viewer-phone-analysis.png: the statement list of the analysed example at a costly decision.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "games" / "republic-3p.gtr"
STATEMENT = 120
"""The statement the pictures show: a lay, so the cards it moved are marked."""
ANALYSED = ROOT / "examples" / "analysed" / "republic-2p-bot-greedy.gtr"
COSTLY = 44
"""The analysed example's statement the analysis picture shows: a decision marked ``?!``."""


def main() -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    folder = Path(tempfile.mkdtemp(prefix="gtr-shots-"))
    page = folder / "game.html"
    analysed = folder / "analysed.html"
    subprocess.run([sys.executable, "-m", "gtr_replay", "view", str(EXAMPLE), "-o", str(page)], check=True, cwd=ROOT)
    subprocess.run([sys.executable, "-m", "gtr_replay", "view", str(ANALYSED), "-o", str(analysed)], check=True, cwd=ROOT)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    flags = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--user-data-dir={folder / 'profile'}")
    for flag in flags:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))
    out = ROOT / "docs" / "img"
    try:
        for name, size, tab in (("viewer-phone-table", (360, 740), "board"),
                                ("viewer-phone-statements", (360, 740), "list"),
                                ("viewer-desktop", (1400, 900), None)):
            driver.set_window_size(*size)
            driver.get("about:blank")
            driver.get(page.as_uri() + f"#s{STATEMENT}")
            if tab is not None:
                driver.find_element("css selector", f'#tabs button[data-tab="{tab}"]').click()
                if tab == "board":
                    driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(out / f"{name}.png"))
            print(f"wrote docs/img/{name}.png")
        driver.set_window_size(360, 740)
        driver.get("about:blank")
        driver.get(analysed.as_uri() + f"#s{COSTLY}")
        driver.find_element("css selector", '#tabs button[data-tab="list"]').click()
        driver.execute_script("document.querySelector('#lines li.current').scrollIntoView({block: 'center'})")
        driver.save_screenshot(str(out / "viewer-phone-analysis.png"))
        print("wrote docs/img/viewer-phone-analysis.png")
    finally:
        driver.quit()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
