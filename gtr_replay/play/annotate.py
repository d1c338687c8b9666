"""A record with its judgements written in: the mark as the statement's glyph (``?!``, ``?``,
``??``, ``analysis.MARKS``) and a comment naming the better decision with both chances,
``{analyse: Ben lays Wall was better: 62% to win, against 31% [%chance 0.31 0.62]}``.

An earlier analysis's glyphs and comments are replaced, so a record can be judged again; the
other glyphs and comments stay as written. The record still replays as before (comments and
glyphs change no decision) and is written in the canonical notation.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from notation import Comment, Record, Step, Tag, Turn

from gtr_replay.play.analysis import GLYPHS, Judgement

COMMAND: Final = "chance"
"""The embedded command an analysis comment carries: the chances after the decision played
and after the better one."""

TAG: Final = "Annotator"


def comment_for(judgement: Judgement) -> Comment:
    played, best = judgement.chance_played, judgement.chance_best
    assert played is not None and best is not None
    return Comment(f"analyse: {judgement.best} was better: {best:.0%} to win, against {played:.0%} "
                   f"[%{COMMAND} {played:.2f} {best:.2f}]")


def _ours(comment) -> bool:
    return isinstance(comment, Comment) and any(c.name == COMMAND for c in comment.commands)


def annotated(record: Record, judgements: list[Judgement], *, budget: int, seed: str) -> Record:
    """``record`` with the marked judgements written in (see the module's text)."""
    marked = {j.index: j for j in judgements if j.mark is not None}
    index = 0
    turns = []
    for turn in record.turns:
        items = []
        for item in turn.items:
            if isinstance(item, Step):
                index += 1
                notes = tuple(n for n in item.notes if not _ours(n))
                glyphs = tuple(g for g in item.glyphs if g not in GLYPHS)
                judgement = marked.get(index)
                if judgement is not None:
                    glyphs += (judgement.mark,)
                    notes = (comment_for(judgement), *notes)
                item = replace(item, glyphs=glyphs, notes=notes)
            items.append(item)
        turns.append(replace(turn, items=tuple(items)))
    tags = tuple(t for t in record.tags if t.name != TAG) + (
        Tag(TAG, f"gtr analyse, budget {budget} playouts, seed {seed}"),)
    return replace(record, tags=tags, turns=tuple(turns))
