"""Reading ``.gtr`` text into records.

The file is cut into records and logical lines cheaply (notation/scan.py).
Canonical lines are read without lark (notation/fastpath.py) and, while a
record's lines are the usual ones, placed straight into their turns
(notation/placing.py); every other line goes through the LALR parser with the
inline transformer. A line already read in the same context (same players,
vocabulary and block) is not parsed again: its value is copied with the new
line number. Game records repeat lines a lot ("Ann gathers Road"), and this is
most of the speed.
"""

from __future__ import annotations

import os
import re
import threading
from itertools import chain, count
from typing import Any, Iterator

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import collector, fastpath, placing, records, scan, terminals, words
from .assemble import Assembler
from .errors import NotationError
from .grammar import (
    MATERIALS, ROLES, Names, ToRecords, _BlockHeader, _CommentLine, _StepLine, _TurnHeader, build_parser,
    make_tag,
)
from .names import players_of as names_of_players
from .records import Record, Span
from .vocabulary import Vocabulary

_LOCK = threading.Lock()
_TRANSFORMER = ToRecords()
_PARSER: Lark | None = None  # built on first need: reading canonical lines does without it
JOIN = terminals.JOIN


def parser() -> Lark:
    """The LALR parser with the inline transformer, built once (about a second)."""
    global _PARSER
    if _PARSER is None:
        _PARSER = build_parser(_TRANSFORMER)
    return _PARSER

_CACHE_LIMIT = placing.CACHE_LIMIT
"""Lines kept per context."""
_CONTEXTS_LIMIT = 256
"""Contexts (players, vocabulary, block) kept: a long run over many tables stays bounded."""
_caches: dict[tuple, Any] = {}


def parse(text: str, *, source: str | None = None, vocabulary: Vocabulary | None = None,
          first_line: int = 1) -> list[Record]:
    """Every record in ``text``. ``source`` names the file in errors.

    With a ``vocabulary``, card names are checked and written canonically
    (prefixes and aliases resolved); without one, any well-formed name is kept
    as written. ``first_line`` numbers the text's first line (for a piece of a
    file). Raises ``NotationError`` at the first mistake, including an input
    beyond the limits in ``scan.LIMITS``.
    """
    text = scan.normalize(text)
    try:
        with _LOCK, collector.reading():
            return [_record(chunk, vocabulary) for chunk in scan.records(text, first_line)]
    except NotationError as error:
        raise error.locate(source, text.split("\n"), first_line) from None


def read_records(path: str | os.PathLike, *, vocabulary: Vocabulary | None = None) -> Iterator[Record]:
    """Every record of the file at ``path``, read and parsed one at a time: memory stays flat
    however large the file. Raises ``NotationError`` at the first record that does not read
    (after yielding those before it), ``OSError``/``UnicodeDecodeError`` if the file cannot."""
    for line, piece in scan.file_pieces(path):
        yield from parse(piece, source=str(path), vocabulary=vocabulary, first_line=line)


def parse_one(text: str, *, source: str | None = None, vocabulary: Vocabulary | None = None) -> Record:
    """The single record in ``text``; an error when there are none or several."""
    records = parse(text, source=source, vocabulary=vocabulary)
    if len(records) != 1:
        line = records[1].span.line if len(records) > 1 else 1
        raise NotationError(f"expected one record, found {len(records)}", line=line, column=1,
                            source=source)
    return records[0]


def _record(chunk: scan.Chunk, vocabulary: Vocabulary | None) -> Record:
    if not chunk.tags:
        number, text = next(scan.logical_lines(chunk.body, chunk.body_line, JOIN))
        column = len(text) - len(text.lstrip()) + 1
        raise NotationError("a record starts with its tags", line=number, column=column,
                            expected='a tag such as [Game "Glory to Rome"]')
    names = Names()
    _TRANSFORMER.names = names
    tags = []
    for number, tag in chunk.tags:
        scan.check_length(tag, number)
        plain = fastpath.TAG.fullmatch(tag)
        tags.append(make_tag(plain[1], plain[2], None, Span(number, 2)) if plain
                    else _line(tag, number, "tag", names))
    players = names_of_players(tags)  # two names that read as one are refused here
    names = Names(players, vocabulary)
    _TRANSFORMER.names = names
    # comment lines between the tags: standalone comments of the record
    items = []
    for number, text in chunk.notes:
        item = _line(text, number, "line", names)
        if not isinstance(item, _CommentLine):
            raise NotationError("only comment lines go between tags", line=number, column=1,
                                expected="a tag or a comment")
        items.append(item)
    assembler = Assembler(tuple(tags), players)
    _body(chunk.body, chunk.body_line, names, items, assembler)
    return assembler.build(items, tags[0].span)


def _body(lines: list[str], first: int, names: Names, items: list, assembler: Assembler | None = None) -> None:
    """The items of a record's body lines, in order: canonical lines read quickly (a line
    holding one plain statement becomes its ``Step``), the rest (and every mistake) by the
    grammar, one logical line at a time. With an ``assembler`` and no items yet, the lines
    are placed straight into its turns for as long as they are the usual ones
    (notation/placing.py); the items are those of the lines after."""
    quick = _quick_context(names)
    known = quick.lines
    append = items.append
    step, turn, grammar, blank = fastpath.STEP, fastpath.TURN, fastpath.GRAMMAR, fastpath.BLANK
    at = tuple.__new__
    placed = records.placed_step
    quick_read = False  # a quick statement or header since the grammar's last line: no block is open
    numbered: Iterator[tuple[int, str, Any]] = zip(count(first), lines, map(known.get, lines))
    if assembler is not None and not items:
        left = placing.place_quickly(numbered, quick, names, assembler)
        if left is None:
            return
        numbered, quick_read = chain((left[0],), numbered), left[1]
    for number, text, seen in numbered:
        if seen is None:
            seen = known[text] = fastpath.known_line(quick, text)
            if len(known) > _CACHE_LIMIT:
                known.clear()
        kind = seen[0]
        if kind is blank:
            continue
        if kind is step:
            append(placed(seen[1], at(Span, (number, seen[2]))))
            quick_read = True
        elif kind is turn:
            append(at(_TurnHeader, (seen[1], seen[2], (), at(Span, (number, seen[3])))))
            quick_read = True
        elif kind is fastpath.BLOCK:
            append(_BlockHeader(seen[1], (), Span(number, seen[2])))
            names.block, quick_read = seen[1], False
        elif kind is grammar:
            if quick_read:
                names.block, quick_read = None, False
            if names.block == "setup" and (value := placing.setup_line(quick, text, number)):
                append(value)
                continue
            scan.check_length(text, number)
            text, after = scan.logical_line(lines, number - first, first, JOIN)
            for _ in range(first + after - number - 1):  # the lines after it that it took in
                next(numbered)
            item = _line(text, number, "line", names)
            append(item)
            if isinstance(item, _BlockHeader):
                names.block = item.word
            elif isinstance(item, (_TurnHeader, _StepLine)):
                names.block = None


def _quick_context(names: Names) -> fastpath.Context:
    """The quick reading's cache for the record's players and vocabulary (kept beside the
    grammar's caches, so clearing ``_caches`` clears both)."""
    key = ("quick", names.players, id(names.vocabulary))
    context = _caches.get(key)
    if context is None or context.vocabulary is not names.vocabulary:
        if len(_caches) >= _CONTEXTS_LIMIT:
            _caches.clear()
        shared = _caches.get(("shared", id(names.vocabulary)))
        if shared is None or shared[0] is not names.vocabulary:
            shared = _caches[("shared", id(names.vocabulary))] = (names.vocabulary, {})
        context = _caches[key] = fastpath.Context(names.players, names.vocabulary, shared[1])
    return context


def _line(text: str, number: int, start: str, names: Names) -> Any:
    """The value of one logical line starting on line ``number``."""
    key = (start, names.key)
    cache = _caches.get(key)
    if cache is None:
        if len(_caches) >= _CONTEXTS_LIMIT:
            _caches.clear()
        cache = _caches[key] = {}
    value = cache.get(text)
    if value is None:
        try:
            value = parser().parse(text + "\n", start=start)
        except UnexpectedInput as error:
            if text.lstrip().startswith("[") and start == "line":
                column = len(text) - len(text.lstrip()) + 1
                raise NotationError("a tag line starts in the first column", line=number,
                                    column=column, hint="remove the spaces before '['") from None
            raise syntax_error(error, text).moved(number - 1) from None
        except NotationError as error:
            raise error.moved(number - 1) from None
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        cache[text] = value
    return value if number == 1 else value.moved(number - 1)


# Syntax errors in words

_VERBS = sorted(terminals.VERBS)
VERB_WORDS = tuple(name[1:].lower().replace("_", " ") for name in _VERBS)
_LINE_STARTS = {"TURN", "SETUP", "POSITION", "POOL", "REDEAL", "HAND", "LEADER", "DECK", "JACKS",
                "IN_TOWN", "INFLUENCE", "BUILDING", "CAMP_ZONE"}
_QUIET = {"LINE_COMMENT", "BRACE_COMMENT", "GLYPH", "NAG", "_JOIN", "OPEN"}
_NAMES = {
    "PLAYER": "a player's name", "CARD_WORD": "a card name", "UNSEEN": "a card name",
    "ROLE": ROLES, "MATERIAL": MATERIALS, "INT": "a number", "_NL": "the end of the line",
    "COLON": "':'", "COMMA": "','", "LSQB": "'['", "RSQB": "']'", "RPAR": "')'",
    "THINK_KIND": "jack, refill or draw", "ZONE_WORD": "a zone: " + ", ".join(words.Zone),
    "BUILDING_MARK": "complete, stolen or public", "OUT_OF_TOWN": "'out of town'",
    "TAG_NAME": "a tag name", "TAG_VALUE": 'a value in double quotes', "_WITH": "'with'",
    "_ON": "'on'", "_TO": "'to'", "_FROM": "'from'", "_SHOWING": "'showing'", "_GIVING": "'giving'",
    "OWNER": "a player's name and 's",
    "_GLORY_TO_ROME": "'Glory to Rome'", "_POSSESSIVE": "'s", "$END": "the end of the line",
}


def describe(expected: set[str]) -> str:
    """What the parser would have accepted, in words."""
    names = set(expected)
    if len(names - _QUIET) > 0:
        names -= _QUIET
    parts = []
    if names & _LINE_STARTS:
        parts.append("a statement, a turn header or a line of the setup or position block")
        names -= _LINE_STARTS | {"PLAYER"}
    verbs = names.intersection(_VERBS)
    if verbs:
        parts.append("a verb: " + ", ".join(sorted(n[1:].lower().replace("_", " ") for n in verbs)))
        names -= verbs
    phrases = sorted({_NAMES.get(n, "'" + n.lower().strip("_") + "'") for n in names})
    return " or ".join(parts + phrases)


def syntax_error(error: UnexpectedInput, text: str) -> NotationError:
    """A ``NotationError`` for a lark error in ``text`` (lines counted from 1)."""
    lines = text.split("\n")
    if isinstance(error, UnexpectedCharacters):
        line, column = error.line, error.column
        expected = set(error.allowed or ())
        rest = lines[line - 1][column - 1:]
    elif isinstance(error, UnexpectedToken) and error.token.type not in ("$END",):
        line, column = error.token.line, error.token.column
        expected = set(error.expected)
        rest = lines[line - 1][column - 1:] if error.token.type != "_NL" else ""
    else:  # the text ended (only a variation left open gets here)
        line, column = len(lines), len(lines[-1]) + 1
        expected = set(getattr(error, "expected", ()) or ())
        rest = ""
    word = re.match(r"[^\W\d][\w-]*|\S+", rest)
    found = word[0] if word else ""
    if found.startswith("{") and "}" not in rest:
        return NotationError("this comment is never closed", line=line, column=column,
                             expected="'}' to close it")
    if not found:
        if "RPAR" in expected and not expected & {"_NL"}:
            line, column = _unclosed_paren(text)
            return NotationError("this variation is never closed", line=line, column=column,
                                 expected="')' to close it")
        return NotationError("the line ends too soon", line=line, column=column,
                             expected=describe(expected))
    hint = None
    if expected.intersection(_VERBS):
        close = words.near(found, VERB_WORDS, n=1)
        hint = words.did_you_mean(close)
    if hint is None and "ROLE" in expected:
        hint = words.did_you_mean(words.near(found, list(words.Role), n=1))
    return NotationError(f"unexpected {found!r}", line=line, column=column, width=len(found),
                         expected=describe(expected), hint=hint)


def _unclosed_paren(text: str) -> tuple[int, int]:
    """Line and column of the last ``(`` left open in ``text`` (comments skipped)."""
    opened: list[int] = []
    position = 0
    while (match := _PAREN_MARKS.search(text, position)) is not None:
        position = match.end()
        if match[0] == "(":
            opened.append(match.start())
        elif match[0] == ")" and opened:
            opened.pop()
        elif match[0] == ";" and not JOIN.match(text, match.start()):
            end = text.find("\n", position)
            position = len(text) if end < 0 else end
    at = opened[-1] if opened else len(text)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


_PAREN_MARKS = re.compile(r"\{[^}]*\}?|[();]")
