"""Lenient input is written back in the one canonical form (hypothesis).

Canonical records are mutated the ways NOTATION.md allows (case, spaces,
dropped turn headers, `;`-joined statements, CRLF, a BOM, abbreviations of
roles, materials and card names) and ``format_text`` must give back the
canonical text byte for byte.
"""

import random
import re

import pytest
from hypothesis import example, given, settings, strategies as st

import notation
from notation import Material, Role, Vocabulary, format_text, write
from notation.cards import EDITIONS, GEEK
from record_maker import Maker

VOCABULARY = Vocabulary.default()
KEYWORDS = {"with", "on", "to", "from", "showing", "out", "of", "town", "complete", "stolen",
            "public", "jack", "refill", "draw"}


def _prefix(name: str) -> str:
    """The shortest prefix (3+ letters) that still reads as ``name``."""
    for length in range(3, len(name)):
        prefix = name[:length]
        if prefix.endswith(" ") or prefix.lower() in KEYWORDS:
            continue
        try:
            if VOCABULARY.card(prefix) == name:
                return prefix
        except LookupError:
            continue
    return name


CARD_PREFIXES = {name: _prefix(name) for name in set(sum(EDITIONS.values(), ())) | set(GEEK)}
CARD_PATTERN = re.compile(r"\b(" + "|".join(sorted(map(re.escape, CARD_PREFIXES), key=len, reverse=True)) + r")\b")
ROLE_FORMS = {Role.PATRON: ["P", "Pat"], Role.LABORER: ["La", "Labourer"], Role.ARCHITECT: ["A", "Arch"],
              Role.CRAFTSMAN: ["C", "Craft"], Role.LEGIONARY: ["Le", "Leg", "Lg"], Role.MERCHANT: ["M", "Merc"]}
ROLE_PATTERN = re.compile(r"(?<=leads )(" + "|".join(Role) + r")\b")
MATERIAL_PATTERN = re.compile(r"\b(" + "|".join(Material) + r")\b")


def _safe(line: str) -> bool:
    """A line without comments, variations or tag values: any word may change."""
    return not any(mark in line for mark in "{};()\"")


def _recase(line: str, rng: random.Random) -> str:
    return rng.choice([str.lower, str.upper, str.swapcase, lambda s: s])(line)


def _respace(line: str, rng: random.Random) -> str:
    line = re.sub(r" ", lambda m: rng.choice([" ", "  ", " \t", "\t"]), line)
    line = re.sub(r", ", lambda m: rng.choice([", ", " , ", ","]), line)
    line = re.sub(r"(?<=\w): ", lambda m: rng.choice([": ", " : ", ":"]), line)
    indent = rng.choice(["", " ", "    ", "\t"]) if line.startswith(" ") or line.startswith("turn") else ""
    return indent + line.lstrip() + rng.choice(["", " ", "\t "])


def _abbreviate(line: str, rng: random.Random) -> str:
    line = ROLE_PATTERN.sub(lambda m: rng.choice(ROLE_FORMS[Role(m[1])]), line)
    line = MATERIAL_PATTERN.sub(lambda m: rng.choice([m[1][0], m[1][:3], m[1]]), line)
    return CARD_PATTERN.sub(lambda m: rng.choice([CARD_PREFIXES[m[1]], m[1]]), line)


def mutate(text: str, rng: random.Random, kinds: set[str], keep: frozenset[int] = frozenset()) -> str:
    """``text`` changed in the ways of ``kinds``; a turn header whose line is in ``keep`` is
    never dropped (see ``lenient``)."""
    lines = text.split("\n")
    in_turns = False
    statement = []  # whether each line is a plain statement line of a turn
    for line in lines:
        in_turns = in_turns or line.startswith("turn ")
        statement.append(in_turns and line.startswith("  ") and _safe(line))
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if "join" in kinds and statement[index] and index + 1 < len(lines) and statement[index + 1] \
                and rng.random() < 0.5:
            line = line.rstrip() + rng.choice(["; ", ";", " ; "]) + lines[index + 1].strip()
            index += 1
        elif "drop" in kinds and line.startswith("turn ") and _safe(line) and index + 1 < len(lines) \
                and statement[index + 1] and rng.random() < 0.6 and index not in keep:
            index += 1
            continue
        if _safe(line) and not line.startswith("["):
            if "abbreviate" in kinds:
                line = _abbreviate(line, rng)
            if "case" in kinds:
                line = _recase(line, rng)
            if "spaces" in kinds:
                line = _respace(line, rng)
        out.append(line)
        index += 1
    text = "\n".join(out)
    if "crlf" in kinds:
        text = text.replace("\n", "\r\n")
    if "bom" in kinds:
        text = "\ufeff" + text
    return text


def _turns(record) -> list[tuple[int, str, int]]:
    return [(turn.number, turn.leader, len(turn.steps)) for turn in record.turns]


def lenient(record, rng: random.Random, kinds: set[str]) -> str:
    """The canonical text of ``record`` mutated as ``kinds`` say, with every turn header the
    reader needs to find the record's turns.

    Where a turn starts without its header is the reader's rule (notation/assemble.py), and
    its answer depends on the lines around it (a think by the next leader may be a power's
    or that player's whole turn). So the reader is asked: while it finds other turns in the
    mutated text than the record's, the header of the first turn it misplaces (the one
    after, else its own) is kept, and the text mutated again. Running out of headers to keep
    fails the test: the reader misplaces a turn whatever headers it is given."""
    canonical = write(record)
    state = rng.getstate()  # each try draws the same numbers
    keep: set[int] = set()
    headers = [n for n, line in enumerate(canonical.split("\n")) if line.startswith("turn ")]
    expected = _turns(record)
    while True:
        rng.setstate(state)
        mutated = mutate(canonical, rng, kinds, frozenset(keep))
        read = _turns(notation.parse(mutated)[0])
        if read == expected:
            return mutated
        first = next((n for n, (a, b) in enumerate(zip(read, expected)) if a != b), min(len(read), len(expected)))
        wanted = [headers[n] for n in (first + 1, first) if n < len(headers) and headers[n] not in keep]
        assert wanted, f"the reader misplaces turn {record.turns[first].number} even with its headers:\n{mutated}"
        keep.add(wanted[0])


KINDS = ["case", "spaces", "drop", "join", "crlf", "bom", "abbreviate"]


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), kinds=st.sets(st.sampled_from(KINDS), min_size=1))
@example(seed=87092, kinds={"drop"})  # the last turn's thinks, and a variation: its header stays
@example(seed=3, kinds=set(KINDS))
def test_format_restores_the_canonical_text(seed, kinds):
    rng = random.Random(seed)
    record = Maker(rng).record()
    assert format_text(lenient(record, rng, kinds)) == write(record)


def test_each_mutation_changes_something():
    rng = random.Random(7)
    record = Maker(rng).record(turns=6)
    canonical = write(record)
    for kind in KINDS:
        assert mutate(canonical, random.Random(1), {kind}) != canonical, kind


def test_exact_name_wins_over_prefix():
    text = '[Game "x"]\n[Players "Ann, Ben"]\nturn 1 Ann\n  Ann leads Patron with circus\n  Ben follows with Circus M\n'
    out = format_text(text)
    assert "Ann leads Patron with Circus\n" in out
    assert "Ben follows with Circus Maximus\n" in out


SCHOOL_TURN = """[Game "Glory to Rome"]
[Players "Ann, Ben"]

turn 1 Ann
  Ann leads Craftsman with Dock
  Ben follows with Market
  Ann lays Road
  Ben adds Bath to School
  Ben thinks: jack
  Ben passes
{after}"""


@pytest.mark.parametrize("after", ["\nturn 2 Ben\n  Ben leads Laborer with Road\n", "  Ben leads Laborer with Road\n", ""])
@pytest.mark.parametrize("headers", [True, False])
def test_a_power_s_think_by_the_next_leader_stays_in_its_turn(after, headers):
    """Ben completes his School and thinks, then passes its other thinks; he leads next. A
    turn that is a think holds nothing else, so the action after his think keeps it in turn 1,
    with or without headers, whether a turn, a lead or the end of the record follows
    (notation/README.md, Turns)."""
    text = SCHOOL_TURN.format(after=after)
    if not headers:
        text = "\n".join(line for line in text.split("\n") if not line.startswith("turn "))
    turns = notation.parse(text)[0].turns
    assert [len(t.steps) for t in turns][:1] == [6]
    assert [(t.number, t.leader) for t in turns] == [(1, "Ann")] + ([(2, "Ben")] if after else [])


def test_a_leader_s_think_still_opens_a_turn_without_a_header():
    """The next leader's think with no action after it, before the next lead, is their whole turn."""
    text = SCHOOL_TURN.format(after="  Ben thinks: refill\n  Ann leads Laborer with Road\n").replace("turn 1 Ann\n", "")
    turns = notation.parse(text)[0].turns
    assert [(t.number, t.leader, len(t.steps)) for t in turns] == [(1, "Ann", 6), (2, "Ben", 1), (3, "Ann", 1)]
