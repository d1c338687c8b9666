"""Which records to keep: tests on the tags (read without parsing a statement) and tests on
what a replay shows (a structure completed, why the game ended, who won, legal or refused).

The tag tests read a record's header alone (``notation.iter_headers``), as pgn-extract reads
a game's tags; the others need the record replayed through the rules (``happened``).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from gtr_replay.errors import UsageError

OPERATORS = ("!=", ">=", "<=", "=", "~", ">", "<")
"""Longest first, so that ``>=`` is not read as ``>``."""

_TEST = re.compile(r"^\s*([^\W\d][\w-]*)\s*(?:(" + "|".join(map(re.escape, OPERATORS)) + r")(.*))?$", re.S)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@dataclass(frozen=True)
class TagTest:
    """One test on a tag: ``Ruleset=classic`` (equal), ``Event~league`` (contains, any case),
    ``Date>=2026.01.01`` (compared as numbers when both sides are numbers, else as text),
    ``Result!=...``, or the name alone (the tag is present). A record without the tag passes
    only ``!=``."""

    name: str
    op: str | None = None
    value: str = ""

    @classmethod
    def parse(cls, text: str) -> TagTest:
        found = _TEST.match(text)
        if found is None:
            raise UsageError(f"cannot read the tag test {text!r}: write NAME=VALUE (or !=, ~, <, <=, >, >=), or "
                             "NAME alone for 'has the tag'", hint="for example --tag Ruleset=classic")
        name, op, value = found.groups()
        return cls(name, op, (value or "").strip() if op else "")

    def matches(self, tags: dict[str, str]) -> bool:
        value = tags.get(self.name.lower())
        if self.op is None:
            return value is not None
        if value is None:
            return self.op == "!="
        if self.op == "=":
            return value == self.value
        if self.op == "!=":
            return value != self.value
        if self.op == "~":
            return self.value.casefold() in value.casefold()
        left, right = _comparable(value, self.value)
        return {">": left > right, ">=": left >= right, "<": left < right, "<=": left <= right}[self.op]

    def __str__(self) -> str:
        return f"{self.name}{self.op or ''}{self.value}"


def _comparable(left: str, right: str) -> tuple:
    if _NUMBER.fullmatch(left.strip()) and _NUMBER.fullmatch(right.strip()):
        return float(left), float(right)
    return left, right


_DATE = re.compile(r"^(\d{4}|\?{4})(?:[.-](\d{2}|\?{2})(?:[.-](\d{2}|\?{2}))?)?$")


def date_bounds(text: str) -> tuple[str, str] | None:
    """The first and last day a Date tag may mean, as ``YYYY.MM.DD``: ``2026.11.??`` is any day
    of November 2026, ``2026`` any day of the year. None when it is not a date."""
    found = _DATE.match(text.strip())
    if found is None:
        return None
    low, high = [], []
    for part, first, last in zip(found.groups(), ("0000", "01", "01"), ("9999", "12", "31")):
        if part is None or "?" in part:
            low.append(first)
            high.append(last)
        else:
            low.append(part)
            high.append(part)
    return ".".join(low), ".".join(high)


def _date_option(text: str | None, option: str) -> str | None:
    if text is None:
        return None
    bounds = date_bounds(text)
    why = "" if bounds is None or "?" in text else _not_a_day(text)
    if bounds is None or "?" in text or why:
        raise UsageError(f"{option} {text!r} is not a date{f': {why}' if why else ''}",
                         hint="write it as the Date tag does: 2026.11.12 "
                         "(or 2026-11-12; a year or a month alone is allowed: 2026, 2026.11)")
    return bounds[0] if option == "--since" else bounds[1]


def _not_a_day(text: str) -> str:
    """Why the year, month and day given (``date_bounds`` read them) are no day of the calendar,
    such as 2026.13.45 or 2026.02.30; empty when they are one. An option so wrong is refused:
    it would select by a date no record has, silently."""
    given = [int(part) for part in re.split(r"[.-]", text.strip())]
    try:
        datetime.date(*given, *[1] * (3 - len(given)))
    except ValueError as error:
        return str(error)
    return ""


VERDICTS = ("legal", "refused")


@dataclass(frozen=True)
class Selection:
    """What a record must show to be kept; every test given must pass (an empty selection keeps
    every record).

    Read from the tags: ``tags``, ``players`` (each must be in the Players tag), ``result``
    (the Result tag, spaces aside, or one of its entries: ``Ann 24``), ``since`` and ``until``
    (the Date tag within them). Read from a replay under ``rulings``: ``completed`` (each of
    these structures completed on the main line, by anyone), ``end_reason``, ``winner`` (one of
    the winners), ``verdict`` (``legal``: the record replays without a problem; ``refused``:
    the notation or the rules refuse it). A record the rules refuse matches no test of what
    happened in it (select those with ``verdict="refused"``).
    """

    tags: tuple[TagTest, ...] = ()
    players: tuple[str, ...] = ()
    result: str | None = None
    since: str | None = None
    until: str | None = None
    completed: tuple[str, ...] = ()
    end_reason: str | None = None
    winner: str | None = None
    verdict: str | None = None
    rulings: str | None = None

    @classmethod
    def make(cls, *, tags=(), players=(), result=None, since=None, until=None, completed=(), end_reason=None,
             winner=None, verdict=None, rulings=None) -> Selection:
        """A selection from the words a user writes (tag tests as text, dates as written);
        a test that cannot be read is a usage error."""
        if verdict is not None and verdict not in VERDICTS:
            raise UsageError(f"unknown verdict {verdict!r}", hint="legal or refused")
        if rulings:
            from gtr_replay.replay.overrides import parse_rulings
            parse_rulings(rulings)  # a wrong name is a usage error before any work
        low, high = _date_option(since, "--since"), _date_option(until, "--until")
        if low is not None and high is not None and low > high:
            raise UsageError(f"--since {since} is after --until {until}: no date is within them")
        return cls(tuple(t if isinstance(t, TagTest) else TagTest.parse(t) for t in tags),
                   tuple(p.strip() for p in players), " ".join(result.split()) if result is not None else None,
                   low, high, tuple(c.strip() for c in completed), end_reason, winner, verdict, rulings)

    @property
    def reads_tags(self) -> bool:
        return bool(self.tags or self.players or self.result is not None or self.since or self.until)

    @property
    def needs_replay(self) -> bool:
        """Whether a record must be replayed through the rules to be judged."""
        return bool(self.completed or self.end_reason is not None or self.winner is not None or self.verdict)

    def header_matches(self, pairs) -> bool:
        """Whether a record with these tags (``(name, value)`` pairs) passes the tag tests."""
        if not self.reads_tags:
            return True
        tags: dict[str, str] = {}
        for name, value in pairs:
            tags.setdefault(name.lower(), value)
        if not all(t.matches(tags) for t in self.tags):
            return False
        if self.players:
            seated = {name.strip() for name in tags.get("players", "").split(",")}
            if not all(p in seated for p in self.players):
                return False
        if self.result is not None:
            written = tags.get("result")
            if written is None:
                return False
            written = " ".join(written.split())
            if self.result != written and self.result not in (e.strip() for e in written.split(",")):
                return False
        if self.since or self.until:
            bounds = date_bounds(tags.get("date", ""))
            if bounds is None:
                return False
            if self.since and bounds[1] < self.since or self.until and bounds[0] > self.until:
                return False
        return True

    def outcome_matches(self, outcome) -> bool:
        """Whether a replayed record (``happened.Outcome``) passes the tests of what happened."""
        if self.verdict is not None and (self.verdict == "legal") != outcome.legal:
            return False
        if not outcome.legal:
            return not (self.completed or self.end_reason is not None or self.winner is not None)
        if self.completed and not set(self.completed) <= outcome.completed:
            return False
        if self.end_reason is not None and outcome.end_reason != self.end_reason:
            return False
        return self.winner is None or self.winner in outcome.winners
