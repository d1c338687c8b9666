"""What a replay says beyond each statement: whether the ``Result`` tag holds, where the copies
of a revealed card were shown, and which completed buildings have no power written yet."""

from __future__ import annotations

from typing import NamedTuple

import notation
from notation import Record

from gtr_replay.engine import Game
from gtr_replay.replay.diagnostics import Diagnostic
from gtr_replay.replay.from_game import result_tag


class Finding(NamedTuple):
    """A problem with the record as a whole, located at the text that shows it."""

    line: int
    column: int
    statement: str
    message: str
    rule_ids: tuple[str, ...]
    hint: str | None = None


def check_result(record: Record, game: Game, unwritten: list[str]) -> tuple[Finding | None, Finding | None]:
    """The record's ``Result`` tag against the replay's result (R-SCORE-2): the problem, if it
    does not hold, and a warning, if it holds while buildings without a power (``unwritten``)
    may make the score wrong. Where unseen vault cards decide the scores, each score must fall
    within what they allow."""
    written = record.tag("Result")
    if written is None:
        return None, None
    line, column = next(((t.span.line, t.span.column) for t in record.tags if t.name.lower() == "result"), (0, 0))
    shown = f'[Result "{written}"]'
    state = game.state
    if not state.over:
        return Finding(line, column, shown, "the record ends before the game does, so it has no result yet",
                       ("R-END-1",), "remove the Result tag or finish the game"), None
    ranges = game.score_ranges() if state.unseen is not None and state.winner is None else None
    if ranges is not None:
        return _check_range(game, written, ranges, line, column), None
    actual = result_tag(game.result())
    doubt = (f"; the score may be wrong: {', '.join(unwritten)} "
             f"{'has' if len(unwritten) == 1 else 'have'} no power yet") if unwritten else ""
    if not _same_result(written, actual):
        return Finding(line, column, shown, f"the replay gives {actual!r}{doubt}", ("R-SCORE-2",),
                       f'write [Result "{actual}"]'), None
    if doubt:
        return None, Finding(line, column, shown, f"the replay agrees with the Result{doubt}", ("R-SCORE-2",))
    return None, None


def range_text(ranges: dict[str, tuple[int, int]]) -> str:
    """``Ann 24, Ben 17-23``: the scores, a range where unseen vault cards decide."""
    return ", ".join(f"{name} {lo}" if lo == hi else f"{name} {lo}-{hi}" for name, (lo, hi) in ranges.items())


def _check_range(game: Game, written: str, ranges: dict[str, tuple[int, int]], line: int,
                 column: int) -> Finding | None:
    """A Result tag where unseen vault cards decide the scores: each score must be one some
    assignment of them gives."""
    in_vaults = sum(game.unseen_in_vaults().values())
    scores = _written_scores(written)
    wrong = [name for name, (lo, hi) in ranges.items()
             if scores is None or name not in scores or not lo <= scores[name] <= hi]
    if not wrong:
        return None
    return Finding(line, column, f'[Result "{written}"]', f"the replay gives {range_text(ranges)!r}: the scores "
                   f"depend on {in_vaults} unseen vault card(s)", ("R-SCORE-2", "R-MER-2"),
                   f"give each player's score within that range: {', '.join(wrong)} is not")


def _same_result(written: str, actual: str) -> bool:
    """Whether the Result tag says what the replay gives: the same scores in any order and any
    case (``ben 14, Ann 15``), or the same words (``ann wins (surrender)``)."""
    scores, replayed = _written_scores(written), _written_scores(actual)
    if scores is not None and replayed is not None:
        folded = {name.casefold(): points for name, points in scores.items()}
        return len(folded) == len(scores) and folded == {name.casefold(): points for name, points in replayed.items()}
    return " ".join(written.split()).casefold() == actual.casefold()


def _written_scores(written: str) -> dict[str, int] | None:
    """``Ann 24, Ben 19`` as a dict, or None when the tag says no points."""
    found = {}
    for part in written.split(","):
        name, _, points = part.strip().rpartition(" ")
        if not name or not points.isdigit():
            return None
        found[name] = int(points)
    return found


def placed_lines(record: Record, card: str, before: int, revealed: dict[str, list[int]]) -> list[int]:
    """The lines that show the copies of ``card`` before line ``before``: the opening block's
    lines, the draws listing it, the statements that revealed it (``revealed``)."""
    lines: list[int] = []
    for block_line in getattr(record.start, "lines", ()):
        shown = [*(getattr(block_line, "cards", None) or ()), *(d.card for d in getattr(block_line, "draws", ()))]
        if isinstance(block_line, notation.Building):
            shown += [block_line.foundation, *block_line.materials]
        lines += [block_line.span.line] * shown.count(card)
    for step in record.steps:
        if step.span.line >= before:
            break
        drawn = getattr(step.statement, "drawn", None) or ()
        lines += [step.span.line] * list(drawn).count(card)
    lines += [n for n in revealed.get(card, ()) if n < before]
    return sorted(lines)


def unwritten_power(source: str, game: Game, player: str, building: str, line: int, column: int,
                    statement: str) -> Diagnostic:
    """The warning for a completed building whose power is not written yet."""
    return Diagnostic(
        source, line, column, statement,
        f"{player}'s {building} is complete, but its power is not written yet: this replay leaves it out, "
        "so what follows and the score may be wrong",
        hint=f"gtr cards --missing --ruleset {game.state.ruleset} lists the buildings without a power")
