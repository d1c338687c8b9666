"""Renders the rulings table as ``docs/RULINGS.md`` (kept in step by a test)."""

from __future__ import annotations

from gtr_replay.data.rulings import RULINGS


def markdown() -> str:
    lines = [
        "# Rulings",
        "",
        "Where the rulebooks leave a question open, gtr-replay makes it a named *ruling* with",
        "readings. The first reading is the default; a record chooses others in its header,",
        '`[Rulings "deck-end=empty-draw, leader-tie=all-players"]`, separated by commas, each ruling',
        "once; a ruling may also be named by its AMB ID (`AMB-01=empty-draw`; where two rulings share",
        "an ID, the reading tells which). Rule IDs (AMB-*, R-*) refer to the project's rules digest.",
        "This page is generated: `gtr rulings --markdown > docs/RULINGS.md`.",
        "",
        "| ruling | AMB | default | other readings |",
        "|---|---|---|---|",
    ]
    for r in RULINGS:
        others = ", ".join(f"`{x.name}`" for x in r.readings[1:])
        lines.append(f"| [`{r.name}`](#{r.name}) | {r.amb} | `{r.default}` | {others} |")
    for r in RULINGS:
        lines += ["", f"## {r.name}", "", f"{r.amb}: {r.question}", ""]
        for i, x in enumerate(r.readings):
            lines.append(f"- `{r.name}={x.name}`{' (default)' if i == 0 else ''}: {x.description}")
            lines.extend(f"  - {text}" for text in x.texts)
    return "\n".join(lines) + "\n"


def _class_name(ruling: str) -> str:
    return "".join(word.capitalize() for word in ruling.split("-"))


def _member(reading: str) -> str:
    return reading.replace("-", "_").upper()


def _field(ruling: str) -> str:
    return ruling.replace("-", "_")


def types_source() -> str:
    """The text of ``gtr_replay/data/ruling_types.py``: one StrEnum of readings per ruling, and
    ``Rulings``, every ruling's reading as a typed attribute (kept in step by a test)."""
    lines = [
        '"""The rulings as types: one ``StrEnum`` of its readings per ruling, and ``Rulings``, every',
        "ruling's reading as a typed attribute (``state.rulings.deck_end is DeckEnd.LAST_CARD``), so a",
        "misspelt ruling or reading is a type error. ``Rulings`` is also the mapping of ruling names",
        "to readings that records, stored states and the ``[Rulings]`` tag use.",
        "",
        "Generated from the table in gtr_replay/data/rulings.py, which says what each reading means:",
        "``python -m gtr_replay.data.rulings_doc --types > new.py && mv new.py gtr_replay/data/ruling_types.py``. Do not edit.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from enum import StrEnum",
        "from typing import Any, Final, Mapping, NoReturn",
        "",
        "READINGS: Final = (",
        *(f'    "{_class_name(r.name)}",' for r in RULINGS),
        ")",
        '"""The classes of readings, one per ruling (what a building power imports from powers.base)."""',
        "__all__ = [*READINGS]",
        "",
    ]
    for r in RULINGS:
        lines += ["", f"class {_class_name(r.name)}(StrEnum):", f'    """{r.amb}: {r.question}"""', ""]
        lines += [f'    {_member(x.name)} = "{x.name}"' for x in r.readings]
        lines.append("")
    lines += [
        "",
        "_KINDS: Final[dict[str, tuple[str, type[StrEnum]]]] = {",
        *(f'    "{r.name}": ("{_field(r.name)}", {_class_name(r.name)}),' for r in RULINGS),
        "}",
        '"""Each ruling\'s attribute and readings, by name."""',
        "",
        "",
        "class Rulings(dict[str, str]):",
        '    """Every ruling\'s reading, by name and as an attribute; the default where ``readings``',
        '    names none. Read-only once made."""',
        "",
        *(f"    {_field(r.name)}: {_class_name(r.name)}" for r in RULINGS),
        "",
        "    def __init__(self, readings: Mapping[str, str] = {}) -> None:",
        "        unknown = set(readings) - set(_KINDS)",
        "        if unknown:",
        '            raise ValueError(f"unknown ruling(s): {\', \'.join(sorted(unknown))}")',
        "        super().__init__()",
        "        for name, (field, kind) in _KINDS.items():",
        "            value = kind(readings[name]) if name in readings else next(iter(kind))",
        "            dict.__setitem__(self, name, value)",
        "            object.__setattr__(self, field, value)",
        "",
        "    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:",
        '        raise TypeError("the rulings of a game are read-only")',
        "",
        "    __setitem__ = __delitem__ = __setattr__ = __delattr__ = _read_only",
        "    clear = pop = popitem = setdefault = update = __ior__ = _read_only  # type: ignore[assignment]",
        "",
        "    def __reduce__(self) -> tuple[type[Rulings], tuple[dict[str, str]]]:",
        "        return Rulings, (dict(self),)",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import sys

    print(types_source() if "--types" in sys.argv[1:] else markdown(), end="")
