"""Phones at the table: headless chromium sessions (``tests/render/browser.py``) the size of
a phone, and the taps a player makes on a seat's page."""

from __future__ import annotations

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.render.browser import start_browser, stop_browser

PHONE = {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True}
WAIT = 10


class Phone:
    """One seat's page in its own browser."""

    def __init__(self, url: str) -> None:
        self.driver = start_browser()
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        self.driver.get(url)

    def quit(self) -> None:
        stop_browser(self.driver)

    def js(self, script: str):
        return self.driver.execute_script(script)

    def at(self, version: int) -> None:
        """Wait until the page shows the game at ``version`` (pushed to it live)."""
        WebDriverWait(self.driver, WAIT, poll_frequency=0.05).until(lambda d: d.execute_script(
            "return document.body.dataset.version") == str(version))

    def live(self) -> None:
        WebDriverWait(self.driver, WAIT, poll_frequency=0.05).until(lambda d: d.execute_script("return document.body.dataset.live") == "yes")

    def offline(self) -> None:
        WebDriverWait(self.driver, WAIT, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.live") == "no")

    def tap(self, css: str) -> None:
        WebDriverWait(self.driver, WAIT, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
            lambda d: d.find_element(By.CSS_SELECTOR, css).click() or True)

    def pick(self, card: str) -> None:
        """A card from the page's picker, found with its search box."""
        WebDriverWait(self.driver, WAIT, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "input.search").send_keys(card) or True)
        self.tap(f'button.pick[data-card="{card}"]')

    def choose(self, text: str) -> None:
        self.tap(f'button.choice[data-text="{text}"]')

    def text(self) -> str:
        return self.driver.find_element(By.TAG_NAME, "body").text

    def layout(self) -> tuple[int, int, float]:
        """The page's scroll width, its viewport's, and its smallest tap target's least side."""
        return self.js("""
            const sizes = [...document.querySelectorAll('button, input, summary')]
              .filter((e) => e.offsetParent !== null)
              .map((e) => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); });
            return [document.documentElement.scrollWidth, document.documentElement.clientWidth, Math.min(...sizes)];""")
