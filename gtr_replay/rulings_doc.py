"""Renders the rulings table as ``docs/RULINGS.md`` (kept in step by a test)."""

from __future__ import annotations

from gtr_replay.rulings import RULINGS


def markdown() -> str:
    lines = [
        "# Rulings",
        "",
        "Where the rulebooks leave a question open, gtr-replay makes it a named *ruling* with",
        "readings. The first reading is the default; a record chooses others in its header,",
        '`[Rulings "deck-end=empty-draw, leader-tie=all-players"]`. Rule IDs (AMB-*, R-*) refer to',
        "the project's rules digest. This page is generated: `gtr rulings --markdown > docs/RULINGS.md`.",
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
