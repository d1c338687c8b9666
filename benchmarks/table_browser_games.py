"""Whole games played through the seat pages of ``gtr table`` by a scripted browser: for each
ruleset (and the republic with the Geek cards), a server on 127.0.0.1 and one headless
chromium per seat at a phone's size. The setup is typed on the pages (the leader draw and
the starting hands, cards tapped in the picker), then the seat whose page shows a decision
taps one of the decision buttons it offers, chosen at random (seeded); a decision that draws
cards has them tapped in the page's draw picker, chosen at random among the cards the page
offers. A choice the server refuses (a card the page could not know is in another hand) is
counted and another is made. At the end ``gtr check`` must accept the record written, and its
statements must be the ones the pages confirmed, in order.

    python benchmarks/table_browser_games.py [--games classic,republic,imperium,republic+geek]
        [--players 2] [--seed browser-0] [--timeout 600]

Prints per game: ruleset, statements, refusals, seconds, check result. Exits 1 if a game fails.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: use the code of this checkout
    sys.path.insert(0, str(ROOT))

import notation  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from gtr_replay.cli import app  # noqa: E402
from gtr_replay.table.sitting import Sitting  # noqa: E402
from tests.table.browsers import Phone  # noqa: E402
from tests.table.conftest import Running, free_port  # noqa: E402

NAMES = ["Ann", "Ben", "Cid", "Dea", "Eli"]
SIZE = {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True}
WAIT = 20.0


class OutOfTime(Exception):
    pass


class Driver:
    """The seats' pages of one game, each in its own browser, and the taps of random players."""

    def __init__(self, running: Running, seats: list[str], rng: random.Random, deadline: float) -> None:
        self.running, self.rng, self.deadline = running, rng, deadline
        self.phones: dict[str, Phone] = {}
        for seat in seats:
            phone = Phone(running.url(seat))
            self.phones[seat] = phone
            phone.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", SIZE)
        for phone in self.phones.values():
            phone.live()
        self.confirmed: list[str] = []
        self.refusals = 0

    def quit(self) -> None:
        for phone in self.phones.values():
            phone.quit()

    def _wait(self, phone: Phone, condition):
        if time.monotonic() > self.deadline:
            raise OutOfTime("the game ran past its time")
        return WebDriverWait(phone.driver, WAIT, poll_frequency=0.03).until(condition)

    def _state(self, phone: Phone) -> dict:
        return phone.js("""
            const m = document.getElementById('message');
            return {version: document.body.dataset.version, phase: document.body.dataset.phase,
                    message: m ? m.textContent : null, ok: !!(m && m.classList.contains('ok')),
                    mark: m ? (m.dataset.seen || null) : null,
                    last: [...document.querySelectorAll('#statements li')].map((li) => li.textContent).pop() || null};""")

    def _tap(self, phone: Phone, element, statement: bool = False) -> tuple[bool, str]:
        """Tap ``element`` (an action sent to the server) and wait for the page's answer:
        (accepted, the words the page shows)."""
        before = phone.js("""const m = document.getElementById('message'); if (m) m.dataset.seen = 'old';
                             return document.body.dataset.version;""")
        element.click()

        def answered(driver):
            state = self._state(phone)
            if state["message"] is None or state["mark"] == "old":
                return False
            if state["ok"]:  # a push of the new version may come first, drawn with the page's last message
                fresh = not statement or state["message"] == f"recorded: {state['last']}"
                return state if state["version"] != before and fresh else False
            return state if state["version"] == before else False  # else a push drawn with the last message

        try:
            state = self._wait(phone, answered)
        except Exception:
            print("waiting for an answer from", self._state(phone), "at", before, file=sys.stderr)
            raise
        return state["ok"], state["message"]

    def _at_server(self, phone: Phone) -> None:
        self._wait(phone, lambda d: d.execute_script("return document.body.dataset.version")
                   == str(self.running.sitting.version))

    def _picks(self, phone: Phone, scope: str) -> list:
        return phone.driver.find_elements(By.CSS_SELECTOR, f"{scope} button.pick")

    # -- the setup -------------------------------------------------------------------------
    def set_up(self) -> None:
        while self.running.sitting.phase == "setup":
            for seat, phone in self.phones.items():
                self._at_server(phone)
                if phone.driver.find_elements(By.CSS_SELECTOR, "section.mine #hand-go"):
                    self._hand(phone)
                    break
                picks = self._picks(phone, "section.mine")
                if picks:
                    accepted, words = self._tap(phone, self.rng.choice(picks))
                    self.refusals += not accepted
                    break
            else:
                raise RuntimeError("no seat's page offers the setup's next step")

    def _hand(self, phone: Phone) -> None:
        need = phone.js("return document.getElementById('hand-go').textContent.match(/\\/(\\d+)\\)/)[1]")
        jacks = len(phone.driver.find_elements(By.CSS_SELECTOR, "section.mine button.pick.jack"))
        for tapped in range(int(need)):
            picks = [p for p in self._picks(phone, "section.mine") if "jack" not in p.get_attribute("class")]
            if jacks and tapped == 0:  # the starting hand's Jack (its count is the rules')
                picks = phone.driver.find_elements(By.CSS_SELECTOR, "section.mine button.pick.jack")
            self.rng.choice(picks).click()
        go = phone.driver.find_element(By.ID, "hand-go")
        if not go.is_enabled():
            raise RuntimeError(f"the hand typed is not complete: {go.text}")
        accepted, words = self._tap(phone, go)
        if not accepted:  # a card already in another hand: the page is drawn afresh and the hand typed again
            self.refusals += 1
            phone.driver.refresh()
            phone.live()

    # -- the game --------------------------------------------------------------------------
    def deciding(self) -> tuple[str, Phone] | None:
        """The seat whose page shows a decision; None when the pages show the game over."""
        for seat, phone in self.phones.items():
            self._at_server(phone)
            if phone.js("return document.body.dataset.phase") == "over":
                return None
            if phone.driver.find_elements(By.CSS_SELECTOR, "#decide button.choice"):
                return seat, phone
        data = self.running.data(None)
        for seat, phone in self.phones.items():
            print(seat, self.running.data(seat)["choices"], phone.js(
                "const d = document.getElementById('app'); return d.innerText.slice(0, 600)"), file=sys.stderr)
        raise RuntimeError(f"no seat's page offers a decision and the game is not over (after "
                           f"{len(self.confirmed)} statements; the table's page: {data['state']['next']}; "
                           f"last said: {data['statements'][-3:]})")

    def decide(self, phone: Phone) -> None:
        """One random decision among the buttons offered, its drawn cards picked at random."""
        buttons = phone.driver.find_elements(By.CSS_SELECTOR, "#decide button.choice")
        button = self.rng.choice(buttons)
        text = button.get_attribute("data-text")
        drawing = button.text != text  # "… (n cards)": the cards drawn are picked next
        if not drawing:
            accepted, words = self._tap(phone, button, statement=True)
        else:
            button.click()
            while not phone.driver.find_element(By.ID, "draw-go").is_enabled():
                self.rng.choice(self._picks(phone, "#decide")).click()
            accepted, words = self._tap(phone, phone.driver.find_element(By.ID, "draw-go"), statement=True)
        if accepted:
            self.confirmed.append(words.removeprefix("recorded: "))
        else:
            self.refusals += 1
            if not drawing:
                raise RuntimeError(f"a decision the page offered was refused: {text!r}: {words}")
            phone.driver.find_element(By.CSS_SELECTOR, "#decide button.quiet").click()  # back to the decisions


def play(ruleset: str, expansion: str | None, players: int, seed: str, timeout: float) -> dict:
    rng = random.Random(f"{seed}/{ruleset}/{expansion}")
    seats = NAMES[:players]
    started = time.monotonic()
    deadline = started + timeout
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.gtr"
        running = Running(Sitting.open(path, ruleset=ruleset, players=seats, expansion=expansion), free_port())
        driver = None
        try:
            driver = Driver(running, seats, rng, deadline)
            driver.set_up()
            while (turn := driver.deciding()) is not None:
                driver.decide(turn[1])
            seconds = time.monotonic() - started
            written = notation.parse_one(path.read_text(encoding="utf-8"))
            statements = [str(s.statement) for s in written.steps]
            checked = CliRunner().invoke(app, ["check", str(path)])
            same = statements == driver.confirmed
            return {"statements": len(statements), "refusals": driver.refusals, "seconds": seconds,
                    "check": "accepted" if checked.exit_code == 0 else f"refused: {checked.output.strip()}",
                    "same": same, "ok": checked.exit_code == 0 and same and written.tag("Result") is not None,
                    "result": written.tag("Result")}
        except Exception:
            if path.exists():  # the record so far, kept for a look at what went wrong
                kept = Path(tempfile.gettempdir()) / f"table-browser-{ruleset}-{expansion}.gtr"
                kept.write_bytes(path.read_bytes())
                print(f"the record so far: {kept}", file=sys.stderr)
            raise
        finally:
            if driver is not None:
                driver.quit()
            running.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="classic,republic,imperium,republic+geek")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", default="browser-0")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds allowed to each game")
    args = parser.parse_args()
    failed = 0
    for game in args.games.split(","):
        ruleset, _, expansion = game.partition("+")
        try:
            out = play(ruleset, expansion or None, args.players, args.seed, args.timeout)
        except Exception as error:  # a game that fails is reported; the next one is played
            failed += 1
            traceback.print_exc()
            print(f"{game}: FAILED: {type(error).__name__}: {error}", flush=True)
            continue
        failed += not out["ok"]
        print(f"{game}: {out['statements']} statements, {out['refusals']} refused draws, {out['seconds']:.0f} s, "
              f"gtr check {out['check']}, record {'equals' if out['same'] else 'DIFFERS FROM'} the game played "
              f"({out['result']})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
