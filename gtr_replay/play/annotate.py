"""A record with its judgements written in: every judged statement gets a comment with its
chances, ``{[%chance 0.52 0.55]}`` (after the decision played and after the best one found, as
a chess engine writes an evaluation after every move); a costly one also gets its mark as the
statement's glyph (``?!``, ``?``, ``??``, ``analysis.MARKS``) and words naming the better
decision, ``{analyse: Ben lays Wall was better: 62% to win, against 31% [%chance 0.31 0.62]}``.
The viewer draws the chances and shows the better decision (``render.html``).

An earlier analysis's glyphs and comments are replaced, so a record can be judged again; the
other glyphs and comments stay as written. The record still replays as before (comments and
glyphs change no decision) and is written in the canonical notation.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from notation import Comment, Record, Step, Tag, Turn

from gtr_replay.play.analysis import GLYPHS, Judgement

COMMAND: Final = "chance"
"""The embedded command an analysis comment carries: the chances after the decision played
and after the better one."""

TAG: Final = "Annotator"


def comment_for(judgement: Judgement) -> Comment:
    """The comment a judged statement gets: its chances, with words naming the better decision
    where the statement is marked."""
    played, best = judgement.chance_played, judgement.chance_best
    assert played is not None and best is not None
    chances = f"[%{COMMAND} {played:.2f} {best:.2f}]"
    if judgement.mark is None:
        return Comment(chances)
    return Comment(f"analyse: {judgement.best} was better: {best:.0%} to win, against {played:.0%} {chances}")


def _ours(comment) -> bool:
    return isinstance(comment, Comment) and any(c.name == COMMAND for c in comment.commands)


_BETTER = re.compile(r"analyse: (.+) was better:")


def judgement_in(comments) -> dict | None:
    """A statement's judgement, from its comments' texts: the chances to win after the decision
    played and after the best one found, and the better decision where the comment names one;
    None without an analysis comment. A ``[%chance]`` whose values are not two chances between
    0 and 1 is no judgement."""
    for text in comments:
        comment = Comment(text)
        for command in comment.commands:
            if command.name != COMMAND:
                continue
            try:
                played, best = (float(value) for value in command.value.split())
            except ValueError:
                continue
            if 0 <= played <= 1 and 0 <= best <= 1:
                better = _BETTER.match(comment.remark.strip())
                return {"played": played, "best": best, "better": better[1] if better else None}
    return None


def as_known(player: str, glyphs: tuple[str, ...], comments: tuple[str, ...],
             viewer: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A statement's glyphs and comments as ``viewer`` may know them. The words of a comment
    were written by whoever recorded the game, who may have seen more than ``viewer`` (a
    rulebook example names every hand): a seat's view keeps of them only their embedded
    commands (a dispute's, NOTATION.md). The judgement of ``viewer``'s own decision stays; that
    of another player's decision was made from that player's hand, so its comment and its mark
    are left out (RULES.md §0.5)."""
    if viewer is None:
        return glyphs, comments
    own, judged = player == viewer, False
    kept = []
    for text in comments:
        if judgement_in([text]) is not None:
            judged = True
            if own:
                kept.append(text)
            continue
        commands = Comment(text).commands
        if commands:
            kept.append(" ".join(f"[%{c.name} {c.value}]" for c in commands))
    if judged and not own:
        glyphs = tuple(g for g in glyphs if g not in GLYPHS)
    return glyphs, tuple(kept)


def _without_earlier_mark(glyphs: tuple[str, ...], earlier: list[str]) -> tuple[str, ...]:
    """A statement's glyphs without the mark an earlier analysis gave it: the last of the marks'
    glyphs, written after the recorder's, where that analysis's comment named a better decision
    (a mark comes with those words). The recorder's own glyphs stay."""
    marked = judgement_in(earlier)
    if marked is None or marked["better"] is None:
        return glyphs
    last = max((k for k, g in enumerate(glyphs) if g in GLYPHS), default=None)
    return glyphs if last is None else glyphs[:last] + glyphs[last + 1:]


def annotated(record: Record, judgements: list[Judgement], *, budget: int, seed: str) -> Record:
    """``record`` with the judgements written in (see the module's text)."""
    judged = {j.index: j for j in judgements if j.chance_played is not None}
    index = 0
    turns = []
    for turn in record.turns:
        items = []
        for item in turn.items:
            if isinstance(item, Step):
                index += 1
                notes = tuple(n for n in item.notes if not _ours(n))
                glyphs = _without_earlier_mark(item.glyphs, [n.text for n in item.notes if _ours(n)])
                judgement = judged.get(index)
                if judgement is not None:
                    if judgement.mark is not None and judgement.mark not in glyphs:
                        glyphs += (judgement.mark,)
                    notes = (comment_for(judgement), *notes)
                item = replace(item, glyphs=glyphs, notes=notes)
            items.append(item)
        turns.append(replace(turn, items=tuple(items)))
    tags = tuple(t for t in record.tags if t.name != TAG) + (
        Tag(TAG, f"gtr analyse, budget {budget} playouts, seed {seed}"),)
    return replace(record, tags=tags, turns=tuple(turns))
