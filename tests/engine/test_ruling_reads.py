"""The rulings as types (gtr_replay/data/ruling_types.py, generated from the table in
gtr_replay/data/rulings.py): the generated file is the table's, and every place the engine reads a
ruling names a ruling and compares it with one of that ruling's own readings. A misspelt name
or reading is a type error for mypy, and fails here in CI rather than when a game reaches the
line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import gtr_replay
from gtr_replay.data import ruling_types
from gtr_replay.data.ruling_types import DeckEnd, Rulings
from gtr_replay.data.rulings import RULINGS, resolve
from gtr_replay.data.rulings_doc import types_source

SOURCE = Path(gtr_replay.__file__).parent
FIELDS = {ruling.name.replace("-", "_"): ruling for ruling in RULINGS}


def test_the_types_are_generated_from_the_table():
    assert (SOURCE / "data" / "ruling_types.py").read_text(encoding="utf-8") == types_source(), \
        "run: python -m gtr_replay.data.rulings_doc --types > new.py && mv new.py gtr_replay/data/ruling_types.py"


def ruling_reads() -> list[tuple[str, int, str, list[tuple[str, str]]]]:
    """(file, line, attribute, readings compared with as (class, member)) of every
    ``<x>.rulings.<attribute>`` in the package."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        compared: dict[int, list[tuple[str, str]]] = {}
        named = {a.asname or a.name: a.name for node in ast.walk(tree)  # the readings' classes, as imported
                 if isinstance(node, ast.ImportFrom) and node.module in ("gtr_replay.data.ruling_types", "gtr_replay.powers.base")
                 for a in node.names}
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                compared[id(node.left)] = [(named.get(c.value.id, c.value.id), c.attr) for c in node.comparators
                                           if isinstance(c, ast.Attribute) and isinstance(c.value, ast.Name)]
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "rulings"):
                found.append((str(path.relative_to(SOURCE)), node.lineno, node.attr, compared.get(id(node), [])))
    return found


def test_every_ruling_read_names_a_ruling_and_one_of_its_readings():
    reads = ruling_reads()
    assert len(reads) >= 40
    wrong = []
    for file, line, attribute, readings in reads:
        ruling = FIELDS.get(attribute)
        kind = None if ruling is None else type(getattr(Rulings(), attribute))
        if kind is None or not readings or any(cls != kind.__name__ or member not in kind.__members__
                                                for cls, member in readings):
            wrong.append((file, line, attribute, readings))
    assert wrong == []


def test_every_ruling_is_read_by_the_engine():
    assert {attribute for _, _, attribute, _ in ruling_reads()} == set(FIELDS)


def test_a_games_rulings_are_a_typed_read_only_mapping():
    rulings = resolve("deck-end=empty-draw")
    assert rulings.deck_end is DeckEnd.EMPTY_DRAW and rulings["deck-end"] == "empty-draw"
    assert dict(rulings) == {r.name: r.default for r in RULINGS} | {"deck-end": "empty-draw"}
    with pytest.raises(TypeError):
        rulings["deck-end"] = "last-card"
    with pytest.raises(ValueError, match="unknown ruling"):
        Rulings({"deck-ends": "last-card"})
    with pytest.raises(ValueError):
        Rulings({"deck-end": "last-cards"})
    assert all(isinstance(value, type(getattr(rulings, name.replace("-", "_")))) for name, value in rulings.items())
    assert ruling_types.__doc__ and "Do not edit" in ruling_types.__doc__
