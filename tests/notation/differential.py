"""The reader and the grammar side by side, over every example line and mutations of them.

``gtr.lark`` owns the language; the reader (``notation/lines.py``) is its hand-written
implementation. ``compare`` reads one logical line with each and says whether they differ:
the reader must accept exactly the lines lark accepts, and where the reader stops at a name
that names nothing (an unknown role, a setup draw without its card), lark accepts the line or
refuses it no earlier. Used by tests/notation/test_grammar_agrees.py (a bounded sample, in CI)
and by benchmarks/grammar_sweep.py (the long sweep).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterator, NamedTuple

from lark.exceptions import UnexpectedInput

from notation import grammar, lines, scan, terminals
from notation.errors import NotationError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Words a mutation puts in: every verb and every keyword of the grammar in some spelling, names,
# punctuation, comments, glyphs, and words that only look like keywords.
WORDS = tuple(grammar.VERB_WORDS) + (
    "with", "on", "to", "from", "showing", "replacing", "giving", "out of town", "Out Of Town",
    "glory to rome", "'s", "Ben's", "Ben 's", "+", "[", "]", ":", ",", "(", ")", ";", "{x}", "!", "?!",
    "$1", "turn", "setup", "position", "pool", "redeal", "hand", "leader", "deck", "jacks", "in town",
    "influence", "building", "stockpile", "vault", "clientele", "complete", "stolen", "public",
    "jack", "draw", "refill", "FROM", "on-site", "to-do", "out", "of", "tears", "glory", "Ann", "Road",
    "Circus Maximus", "?", "12", "Rubble", "Patron", "; Ann passes", "; a remark",
)


class Case(NamedTuple):
    text: str  # one logical line
    start: str  # the grammar's start rule: "tag" or "line"


def example_lines(root: Path = EXAMPLES) -> list[Case]:
    """Every distinct logical line of every ``.gtr`` file under ``root``: tags and body lines."""
    found: set[Case] = set()
    for path in sorted(root.rglob("*.gtr")):
        text = scan.normalize(path.read_text(encoding="utf-8"))
        for chunk in scan.records(text):
            found.update(Case(line, "tag") for _, line in chunk.tags)
            found.update(Case(line, "line") for _, line in scan.logical_lines(chunk.body, chunk.body_line,
                                                                                  terminals.JOIN))
    return sorted(found)


def mutations(case: Case, rng: random.Random, count: int) -> Iterator[Case]:
    """``count`` mutations of the line: a token deleted, doubled, swapped with the next,
    replaced by a word of ``WORDS`` or with one put before it."""
    tokens = terminals.TOKEN.findall(case.text)
    for _ in range(count if tokens else 0):
        mutated = list(tokens)
        at = rng.randrange(len(mutated))
        how = rng.randrange(5)
        if how == 0:
            del mutated[at]
        elif how == 1:
            mutated.insert(at, mutated[at])
        elif how == 2 and at + 1 < len(mutated):
            mutated[at], mutated[at + 1] = mutated[at + 1], mutated[at]
        elif how == 3:
            mutated[at] = rng.choice(WORDS)
        else:
            mutated.insert(at, rng.choice(WORDS))
        text = " ".join(mutated).replace(" \n ", "\n").strip(" ")
        if text.strip():  # a blank line is never read
            yield Case(text, case.start)


def corpus(per_line: int, seed: int = 0) -> list[Case]:
    """The example lines and ``per_line`` mutations of each, the same for the same seed."""
    rng = random.Random(seed)
    base = example_lines()
    found = set(base)
    for case in base:
        found.update(mutations(case, rng, per_line))
    return sorted(found)


class Outcome(NamedTuple):
    verdict: str  # "accepted", "refused" (not in the language), "name" (stopped at a name)
    where: tuple[int, int] | None  # line and column where reading stopped


def by_reader(case: Case) -> Outcome:
    if case.start == "tag":
        return Outcome("accepted" if lines.tag(case.text, 1) is not None else "refused", None)
    line = lines.Line(case.text, 1, lines.Names())
    try:
        lines.read(line)
    except lines.Refused as refused:
        at = line.where(refused.at)
        return Outcome("refused", (at.line, at.column))
    except NotationError as error:
        return Outcome("name", (error.line, error.column))
    return Outcome("accepted", None)


def by_grammar(case: Case) -> Outcome:
    try:
        grammar.parser().parse(case.text + "\n", start=case.start)
    except UnexpectedInput as error:
        return Outcome("refused", (error.line, error.column))
    return Outcome("accepted", None)


def compare(case: Case) -> str | None:
    """How the reader and the grammar differ on ``case``, or None where they agree."""
    reader, lark = by_reader(case), by_grammar(case)
    if reader.verdict == "name":
        if lark.verdict == "refused" and lark.where < reader.where:  # type: ignore[operator]
            return f"the reader read past {lark.where}, where the grammar refuses the line"
        return None
    if reader.verdict != lark.verdict:
        return f"the reader {reader.verdict} it, the grammar {lark.verdict} it"
    return None
