"""The body of a record read and placed in one pass, while its lines are the usual ones.

Most records are the writer's: a setup block of canonical lines, then turns, each with its
written header and canonical statements. ``place_quickly`` reads such lines (through the
quick reading's cache, ``fastpath``) and puts each straight into its turn, doing at once
what the assembler (notation/assemble.py) would do with them later; a record read this
way never makes the list of lines the assembler goes through.

At the first line it cannot place that way it stops and hands that line back: a line for the
grammar (a comment, a glyph, a variation, a mistake), a turn without its header, a header out
of order, a statement that breaks the turn's order, a think that may be the next player's
turn (only the lines after it can say). The reader goes on from there as for any record and
the assembler takes over with the turns placed so far, so every mistake is still found and
worded in one place. The placing here is the assembler's own, decided from the same facts.
"""

from __future__ import annotations

from typing import Any, Iterator

from . import fastpath, records
from .assemble import Assembler, _TurnDraft, answering, made_turn
from .grammar import Names, _BlockHeader
from .records import Span, Step
from .statements import ACTION, LEADING, PRELUDE, RESPONSE, THINKING

CACHE_LIMIT = 200_000
"""Lines kept per context."""


def place_quickly(numbered: Iterator[tuple[int, str, Any]], quick: fastpath.Context, names: Names,
                  assembler: Assembler) -> tuple[tuple[int, str, Any], bool] | None:
    """Read and place the lines of ``numbered`` (number, text, cached reading or None) into
    ``assembler``'s block and turns. Returns None when every line was placed, else the first
    line left (its reading filled in) and whether a quick statement or header came last
    (no block is open after one).

    The turn being read is kept in local variables (its number, leader, span, steps, and
    its answers so far, as ``_TurnDraft`` counts them), and made a ``Turn`` at once when the
    next turn's header comes: nothing can change it after that. Only the last turn, which
    the lines the assembler reads may still go on, is left to the assembler as a draft."""
    known = quick.lines
    whole = assembler.whole
    players = assembler.players
    seats = len(players)
    step_kind, turn_kind, blank, block_kind = fastpath.STEP, fastpath.TURN, fastpath.BLANK, fastpath.BLOCK
    at = tuple.__new__
    placed = records.placed_step
    # the turn being read: none yet (``steps`` None) until a header opens one
    number_of = leader = span = None
    steps: list[Step] | None = None
    add_step = None
    leads, only_answers, answers = False, True, 0
    quick_read = False
    for number, text, seen in numbered:
        if seen is None:
            seen = known[text] = fastpath.known_line(quick, text)
            if len(known) > CACHE_LIMIT:
                known.clear()
        kind = seen[0]
        if kind is step_kind:  # the most common first: then blank lines, then turn headers
            if steps is None:
                break  # a step before any turn header
            statement, part = seen[1], seen[3]  # a statement read quickly: its actor is its player
            if not steps:  # the first step of a turn its header opened
                if (part is LEADING or part is THINKING) and seen[4] != leader:
                    break  # not the leader's: the assembler words it
                leads = part is LEADING
            elif part is ACTION:
                only_answers = False
            elif part is RESPONSE:
                answers += 1
            elif part is THINKING or part is PRELUDE:
                if not answering(leads, only_answers, answers, seats):  # not answering the lead
                    before = steps[-1].statement
                    player = seen[4]
                    if not (before.player == player and (before.part is THINKING or before.part is PRELUDE)) \
                            and player == _next_leader(players, leader):
                        break  # maybe the next player's turn: the lines after it say
                if part is THINKING:
                    answers += 1
            else:  # a lead after the turn's first step: a turn without its header
                break
            add_step(placed(statement, at(Span, (number, seen[2]))))
            quick_read = True
        elif kind is blank:
            continue
        elif kind is turn_kind:
            if steps is None:
                if seen[1] != 1:
                    break  # out of order
            elif seen[1] != number_of + 1:
                break  # out of order, or a think of the turn before (School, Academy)
            else:  # the turn before is whole
                items = tuple(steps)
                whole.append(made_turn(number_of, leader, items, (), span, items))
            number_of, leader, span = seen[1], seen[2], number if seen[3] == 1 else at(Span, (number, seen[3]))
            steps = []
            add_step = steps.append
            leads, only_answers, answers = False, True, 0
            quick_read = True
        elif kind is block_kind:
            if assembler.block is not None or steps is not None or assembler.start_tag == "position":
                break
            assembler.block = (_BlockHeader(seen[1], (), Span(number, seen[2])), [])
            names.block, quick_read = seen[1], False
        else:  # a line for the grammar: only a setup line read quickly is placed here
            if quick_read or steps is not None or assembler.block is None or names.block != "setup":
                break
            value = setup_line(quick, text, number)
            if value is None:
                break
            assembler.block[1].append(value)
    else:
        seen = None
    if steps is not None:  # the last turn, as a draft the assembler may go on
        draft = _TurnDraft(number_of, leader, span, (), True)
        draft.items, draft.steps = list(steps), steps
        draft.answers, draft.only_answers = answers, only_answers
        assembler.turns.append(draft)
    return None if seen is None else ((number, text, seen), quick_read)


def _next_leader(players: tuple[str, ...], leader: str) -> str | None:
    if leader not in players:
        return None
    return players[(players.index(leader) + 1) % len(players)]


def setup_line(quick: fastpath.Context, text: str, number: int) -> Any:
    """A canonical line of the setup block, read quickly, or None."""
    known = quick.setup_lines
    seen = known.get(text, False)
    if seen is False:
        seen = known[text] = fastpath.setup_line(quick, text)
        if len(known) > CACHE_LIMIT:
            known.clear()
    if seen is None:
        return None
    line, column = seen
    return records.made(type(line), {**line.__dict__, "span": Span(number, column)})
