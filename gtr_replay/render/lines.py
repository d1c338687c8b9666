"""Narrated lines drawn for a terminal: the words are ``render.narration``'s, only styled here."""

from __future__ import annotations

from rich.text import Text

from gtr_replay.render.narration import Line


def line_text(line: Line) -> Text:
    """'turn 3   Ben lays Archway !?  — completes Ben's Archway; Ben +1 influence  {a comment}'."""
    text = Text(f"turn {line.turn:<3} ", style="dim")
    text.append("  " * line.depth + ("( " if line.depth else ""))
    text.append(line.statement, style="bold")
    for glyph in line.glyphs:
        text.append(f" {glyph}", style="magenta")
    if line.depth:
        text.append(" )")
    if line.problem:
        text.append(f"  ✗ refused: {line.problem}", style="red")
    elif line.changes:
        text.append("  — " + "; ".join(line.changes), style="cyan")
    for comment in line.comments:
        text.append(f"  {{{comment}}}", style="green")
    return text
