"""Hostile inputs for the reader and the commands behind it: pathological shapes grown to a
size, and mutations of real records (byte flips, swaps, truncation, unicode, line ends).

Used by the fuzzing test (a small sample) and by benchmarks/fuzz.py and
benchmarks/bench_hostile.py (the long runs and the timing table).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

HEAD = ('[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "Ann, Ben, Cid"]\n'
        '[Deck "seed:hostile:fy-1"]\n\nturn 1 Cid\n  Cid leads Craftsman with Dock\n')
STATEMENT = "  Ann thinks: jack\n"


def _lines(n: int) -> str:
    return STATEMENT * n


def _turns_of_thinks(n: int) -> str:
    """``n`` thinks in seating order without headers: each, by the player who leads next, waits
    for the lines after it to say whether it opens a turn."""
    return "".join(f"  {player} thinks: jack\n" for _ in range(n // 3) for player in ("Ann", "Ben", "Cid"))


SHAPES: dict[str, tuple[str, int, Callable[[int], str]]] = {
    # name: (what the size counts, size of the issue report, text of that size)
    "unclosed-brace": ("lines", 4_000, lambda n: HEAD + "  Ann thinks: jack {\n" + _lines(n)),
    "unclosed-paren": ("lines", 4_000, lambda n: HEAD + "  ( Ann thinks: jack\n" + _lines(n)),
    "closed-comment": ("lines", 16_000, lambda n: HEAD + "  {\n" + "  a remark\n" * n + "  }\n"),
    "statements": ("statements", 100_000, lambda n: HEAD + _lines(n)),
    "headerless-thinks": ("statements", 20_000, lambda n: HEAD + _turns_of_thinks(n)),
    "deep-variations": ("levels", 10_000, lambda n: HEAD + "  ( Cid thinks: jack\n" * n + "  )\n" * n),
    "long-line": ("bytes", 10_000_000, lambda n: HEAD + "  Ann thinks: jack {" + "x" * n + "}\n"),
    "card-list": ("bytes", 1_000_000, lambda n: HEAD + "  Ann thinks: draw [" + "Road, " * (n // 6) + "Road]\n"),
    "glyphs": ("bytes", 1_000_000, lambda n: HEAD + "  Ann thinks: jack" + " !?" * (n // 3) + "\n"),
    "digits": ("digits", 5_000, lambda n: HEAD.replace("turn 1 ", "turn " + "1" * n + " ")),
    "many-records": ("records", 500, lambda n: (HEAD + STATEMENT * 3 + "\n") * n),
    "commented-tags": ("tags", 10_000, lambda n: "".join(f'; note\n[Tag{i} "v"]\n' for i in range(n)) + HEAD),
}


# Mutations of real records. Each takes the text, a random generator and another record's
# text (for swaps) and returns the mutated text.

def flip(text: str, rng: random.Random, other: str) -> str:
    """A few characters replaced by random ones (any code point but surrogates)."""
    chars = list(text)
    for _ in range(rng.randint(1, 8)):
        if not chars:
            break
        code = rng.choice((rng.randint(0, 127), rng.randint(0, 0xD7FF), rng.randint(0xE000, 0x10FFFF)))
        chars[rng.randrange(len(chars))] = chr(code)
    return "".join(chars)


def swap(text: str, rng: random.Random, other: str) -> str:
    """A word or a line of this record replaced by one from another record."""
    ours, theirs = text.split("\n"), other.split("\n")
    at = rng.randrange(len(ours))
    if rng.random() < 0.5:
        ours[at] = rng.choice(theirs)
    else:
        words, donors = ours[at].split(" "), rng.choice(theirs).split(" ")
        words[rng.randrange(len(words))] = rng.choice(donors)
        ours[at] = " ".join(words)
    return "\n".join(ours)


def truncate(text: str, rng: random.Random, other: str) -> str:
    return text[:rng.randrange(len(text) + 1)]


def unicode(text: str, rng: random.Random, other: str) -> str:
    """Letters and marks from other scripts, combining marks, zero-width and bidi characters."""
    pieces = ["é", "Ä", "ß", "ǅ", "ﬁ", "İ", "\u0301", "\u200b", "\u200e", "\u202e", "\ufeff", "\u00a0",
              "\u2028", "\u3000", "漢字", "Ωμέγα", "🂡", "١٢٣", "\U0001d7d9", "Ⅻ", "ſ"]
    at = rng.randrange(len(text) + 1)
    return text[:at] + "".join(rng.choices(pieces, k=rng.randint(1, 4))) + text[at:]


def line_ends(text: str, rng: random.Random, other: str) -> str:
    """CRLF or CR line ends, a byte-order mark, NUL and other control characters."""
    choice = rng.randrange(4)
    if choice == 0:
        text = text.replace("\n", rng.choice(["\r\n", "\r", "\n\r"]))
    elif choice == 1:
        text = "\ufeff" + text
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(["\x00", "\x0b", "\x0c", "\x1b[31m", "\x85", "\t", "\x00" * 10]) + text[at:]


GROW_TO = 1_000_000


def grow(text: str, rng: random.Random, other: str) -> str:
    """Huge or deep input: a line repeated, nesting, long numbers and lines, brackets left open."""
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:  # up to about GROW_TO characters (bigger sizes: benchmarks/bench_hostile.py)
        copies = min(rng.choice([100, 1_000, 5_000]), GROW_TO // (len(lines[at]) + 1))
        lines[at:at] = [lines[at]] * copies
    elif kind == 1:
        depth = rng.choice([20, 49, 50, 51, 200, 2_000])
        lines[at:at] = ["  ( " + (lines[at].strip() or "Ann passes")] * depth + ["  )"] * rng.choice([0, depth])
    elif kind == 2:
        lines[at] = re_digits(lines[at], rng.choice([9, 10, 5_000]))
    elif kind == 3:
        lines[at] += " " + rng.choice(["!", "$1", "x", "{a}", "Road,"]) * rng.choice([100, 3_000, 20_000])
    elif kind == 4:
        lines[at] += rng.choice(["{", "(", "[", '"', "{ (", "( {"])
    else:
        lines[at:at] = ["  (" * rng.choice([10, 60, 3_000])]
    return "\n".join(lines)


def re_digits(line: str, digits: int) -> str:
    """The first number of the line (or a new `$N`) made ``digits`` long."""
    import re
    number = "7" * digits
    found = re.search(r"\d+", line)
    return line[:found.start()] + number + line[found.end():] if found else line + " $" + number


MUTATIONS: dict[str, Callable[[str, random.Random, str], str]] = {
    "flip": flip, "swap": swap, "truncate": truncate, "unicode": unicode, "line-ends": line_ends, "grow": grow,
}


def mutate(text: str, rng: random.Random, others: list[str], steps: int | None = None) -> tuple[str, list[str]]:
    """``text`` after one to three random mutations; the names of those applied."""
    names = [rng.choice(list(MUTATIONS)) for _ in range(steps or rng.randint(1, 3))]
    for name in names:
        text = MUTATIONS[name](text, rng, rng.choice(others))
    return text, names


def corpus(short: bool = False) -> list[str]:
    """Texts to mutate: the rulebook's position records and the example games (with ``short``,
    only their first 40 lines, to keep a test quick)."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((EXAMPLES / "rulebook").glob("*.gtr"))]
    games = [p.read_text(encoding="utf-8") for p in sorted((EXAMPLES / "games").glob("*.gtr"))]
    if short:
        games = ["\n".join(g.split("\n")[:40]) + "\n" for g in games]
    return texts + games
