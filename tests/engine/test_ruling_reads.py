"""Every place the engine reads a ruling names a ruling of gtr_replay/rulings.py, and compares
it with one of that ruling's readings: a misspelt name or reading fails here, in CI, rather
than at the moment a game reaches the line (a ``KeyError``, or a comparison never true)."""

from __future__ import annotations

import ast
from pathlib import Path

import gtr_replay
from gtr_replay.rulings import RULINGS

SOURCE = Path(gtr_replay.__file__).parent
READINGS = {ruling.name: {reading.name for reading in ruling.readings} for ruling in RULINGS}


def ruling_reads() -> list[tuple[str, int, str, tuple[str, ...]]]:
    """(file, line, ruling, readings compared with) of every ``<x>.rulings["name"]`` in the
    package; the readings are the string constants it is compared with (``==``, ``!=``, ``in``)."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        compared: dict[int, tuple[str, ...]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                constants = [c for c in node.comparators if isinstance(c, ast.Constant)]
                for c in node.comparators:
                    if isinstance(c, (ast.Tuple, ast.Set, ast.List)):
                        constants += [e for e in c.elts if isinstance(e, ast.Constant)]
                compared[id(node.left)] = tuple(c.value for c in constants)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "rulings" and isinstance(node.slice, ast.Constant)):
                found.append((str(path.relative_to(SOURCE)), node.lineno, node.slice.value,
                              compared.get(id(node), ())))
    return found


def test_every_ruling_read_is_a_ruling_and_compared_with_its_readings():
    reads = ruling_reads()
    assert len(reads) >= 40
    wrong = [(f, line, name, readings) for f, line, name, readings in reads
             if name not in READINGS or not readings or not set(readings) <= READINGS[name]]
    assert wrong == []


def test_every_ruling_is_read_by_the_engine():
    assert {name for _, _, name, _ in ruling_reads()} == set(READINGS)
