"""Reading ``.gtr`` text into records.

The text is cut into records and lines cheaply (notation/scan.py); each logical line is read
by the reader of the grammar's ``line`` rule (notation/lines.py), and the assembler puts the
lines into the record's block and turns (notation/assemble.py). A line the reader refuses is
given to lark (notation/grammar.py), which says in words what it expected.

Game records repeat their lines ("Ann gathers Road"), so what a line reads as is kept in a
cache of the record's players and vocabulary: a line met again costs one dictionary look-up,
and its step shares the statement read the first time (a statement has no position; the step
says where it is). A reading made at one table is taken at another of the same vocabulary
where every player it names reads the same: records of 2 to 5 players share most lines.
Only a line that reads the same wherever it stands is kept: one statement (maybe with
glyphs), a turn header, a block line, each without comments.
"""

from __future__ import annotations

import difflib

import os
import re
from dataclasses import fields
from typing import Any, Final, Iterator

from . import blocks, grammar, lines, scan
from .assemble import Assembler
from .errors import NotationError
from .lines import Line, Names, Refused, _BlockHeader, _CommentLine, _StepLine, _TurnHeader
from .names import BLOCK_WORDS, players_of
from .records import Record, Span, Step, Tag
from .terminals import JOIN
from .vocabulary import Vocabulary

_CACHE_LIMIT: Final = 200_000
"""Lines kept per context, and readings kept for all the contexts of one vocabulary."""
_CONTEXTS_LIMIT: Final = 256
"""Contexts (players, vocabulary) kept: a long run over many tables stays bounded."""
_caches: Final[dict[tuple, Any]] = {}


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
        if text.startswith(scan.BOM):  # ``scan.strip_bom`` keeps a second byte-order mark
            raise NotationError("a second byte-order mark (U+FEFF) before the first tag", line=number, column=1,
                                hint="save the file as UTF-8 with one byte-order mark, or none")
        raise NotationError("a record starts with its tags", line=number, column=column,
                            expected='a tag such as [Game "Glory to Rome"]')
    tags = []
    for number, text in chunk.tags:
        scan.check_length(text, number)
        tag = lines.tag(text, number)
        if tag is None:
            raise _unclosed_value(text, _syntax_error(text, "tag", number, None))
        tags.append(tag)
    _defined_once(tags)
    players = players_of(tags)  # two names that read as one are refused here
    if vocabulary is not None:
        vocabulary = vocabulary.in_game(next((t.value for t in tags if t.name == "Ruleset"), None),
                                        next((t.value for t in tags if t.name == "Expansion"), None))
    names = Names(players, vocabulary)
    assembler = Assembler(tuple(tags), players)
    for number, text in chunk.notes:  # comment lines between the tags: standalone comments of the record
        item = _read(text, number, names)
        if type(item) is not _CommentLine:
            raise NotationError("only comment lines go between tags", line=number, column=1,
                                expected="a tag or a comment")
        assembler.line(item)
    _body(chunk.body, chunk.body_line, names, assembler)
    return assembler.record(tags[0].span)


_DEFINING: Final = frozenset({"Ruleset", "Players", "Deck", "Start", "Rulings", "Expansion", "Result"})
"""Tags that say what the game is: a record giving one twice, two ways, contradicts itself."""


def _defined_once(tags: list[Tag]) -> None:
    seen: dict[str, Tag] = {}
    for tag in tags:
        if tag.name not in _DEFINING:
            continue
        first = seen.setdefault(tag.name, tag)
        if first is not tag and first.value != tag.value:
            raise NotationError(f"a second {tag.name} tag, {tag.value!r}: line {first.span.line} gives {first.value!r}",
                                line=tag.span.line, column=tag.span.column,
                                hint=f"keep the one {tag.name} tag the game was played under")


# What a line reads as, kept in the cache: it is made into the line's value at each line number.
_BLANK: Final = 0
_STEP: Final = 1
_TURN: Final = 2
_BLOCK: Final = 3
_LINE: Final = 4
_ITEM: Final = 5
_BLANK_LINE: Final = (_BLANK,)


def _body(text_lines: list[str], first: int, names: Names, assembler: Assembler) -> None:
    """Read a record's body lines and hand each line's value to the assembler as it is read:
    a line holding one plain statement as its ``Step``, a block line as its ``blocks`` value."""
    known, shared = _cache(names)
    block = None  # the block open: a pool line reads differently in each
    index, end = 0, len(text_lines)
    while index < end:
        text = text_lines[index]
        number = first + index
        index += 1
        seen = known.get(text)
        if seen is None:
            names.block = block
            seen = _unknown(text, number, text_lines, first, names, known, shared)
        kind = seen[0]
        if kind == _STEP:
            assembler.step(Step(seen[1], seen[2], (), number, seen[3]), seen[4])
            block = None
        elif kind == _BLANK:
            continue
        elif kind == _TURN:
            assembler.header(seen[1], seen[2], number, seen[3])
            block = None
        elif kind == _LINE:
            assembler.line(seen[1](**seen[2], span=Span(number, seen[3])))
        elif kind == _BLOCK:
            assembler.line(_BlockHeader(seen[1], (), Span(number, seen[2])))
            block = seen[1]
        else:  # a line read just now, or one that reads differently wherever it stands
            item = seen[1]
            made = type(item)
            if made is Step:
                assembler.step(item, item.statement.part)
            else:
                assembler.line(item)
            index += seen[2]  # the lines after it that the logical line took in
            if made is Step or made is _TurnHeader or made is _StepLine:
                block = None
            elif made is _BlockHeader:
                block = item.word


def _unknown(text: str, number: int, text_lines: list[str], first: int, names: Names,
             known: dict, shared: dict) -> tuple:
    """What the line ``text`` (line ``number``) reads as: read now, or taken from another table's
    reading, and kept if it reads the same wherever it stands."""
    if not text or text.isspace():
        known[text] = _BLANK_LINE
        return _BLANK_LINE
    found = shared.get(text)
    if found is not None and _same_players(found, names):
        known[text] = found
        return found
    if len(text) > scan.MAX_LINE:
        scan.check_length(text, number)
    whole, taken = text, 0
    if "{" in text or "(" in text:  # a comment or a variation may go on over the lines after
        index = number - first
        whole, after = scan.logical_line(text_lines, index, first, JOIN)
        taken = after - index - 1
    line = Line(whole, number, names)
    try:
        item = lines.read(line)
    except Refused as refused:
        raise _hinted(whole, number, _syntax_error(whole, "line", number, (line, refused))) from None
    except NotationError as error:
        raise _hinted(whole, number, _name_error(whole, number, error)) from None
    if type(item) is Step:  # the usual line
        if item.notes:
            return _ITEM, item, taken
        reading: tuple | None = (_STEP, item.statement, item.glyphs, item.column, item.statement.part, *line.named)
    else:
        reading = _reading(item, line.named)
        if reading is None:
            return _ITEM, item, taken
    # kept for the next time: this time, the value read is the line's
    if len(known) >= _CACHE_LIMIT:
        known.clear()
    known[text] = reading
    if type(item) is not Step or not item.statement.checks_table:
        if len(shared) >= _CACHE_LIMIT:
            shared.clear()
        shared[text] = reading
    return _ITEM, item, taken


_NAMED: Final = 5
"""Where the players a reading names begin in it: name as written, player, name, player..."""


def _same_players(reading: tuple, names: Names) -> bool:
    """Whether a reading made at another table names the same players here."""
    if not names.players:
        return all(reading[index] == reading[index + 1] for index in range(_NAMED, len(reading), 2))
    table = names.table
    for index in range(_NAMED, len(reading), 2):
        token = reading[index]
        if (table.get(token) or table.get(token.lower())) != reading[index + 1]:
            return False
    return True


def _reading(item: Any, named: list[str]) -> tuple | None:
    """What ``item`` reads as without its line number, if it reads the same on any line: its
    kind and four values, then the players it names (``named``)."""
    kind = type(item)
    if kind is Step:
        return None if item.notes else (_STEP, item.statement, item.glyphs, item.column, item.statement.part, *named)
    if kind is _TurnHeader:
        return None if item.comments else (_TURN, item.number, item.leader, item.column, None, *named)
    if kind is _BlockHeader:
        return None if item.comments else (_BLOCK, item.word, item.span.column)
    if isinstance(item, blocks.BlockLine) and not item.comments and kind not in _BLOCK_DEPENDENT:
        values = {name: getattr(item, name) for name in _values(kind)}
        return (_LINE, kind, values, item.span.column, None, *named)
    return None


_BLOCK_DEPENDENT: Final = (blocks.PoolDraw, blocks.Pool)
_VALUES: Final[dict[type, tuple[str, ...]]] = {}


def _values(kind: type) -> tuple[str, ...]:
    """The fields of a block line that say what it reads as (not its comments or place)."""
    found = _VALUES.get(kind)
    if found is None:
        found = _VALUES[kind] = tuple(f.name for f in fields(kind) if f.name not in ("comments", "span"))
    return found
"""Lines that read differently in each block (``pool:``)."""


def _read(text: str, number: int, names: Names) -> Any:
    """The value of the logical line ``text`` starting on line ``number``."""
    line = Line(text, number, names)
    try:
        return lines.read(line)
    except Refused as refused:
        raise _syntax_error(text, "line", number, (line, refused)) from None
    except NotationError as error:
        raise _name_error(text, number, error) from None


def _syntax_error(text: str, start: str, number: int, refused: tuple[Line, Refused] | None) -> NotationError:
    """The error of a line the reader refused, as lark words it (or, should lark read the line,
    where and why the reader stopped)."""
    error = grammar.syntax_error(text, start, number)
    if error is not None:
        return _block_word(text, error)
    if refused is None:
        return NotationError("this is not a tag line", line=number, column=1, expected='[Name "value"]')
    line, stop = refused
    at = line.where(stop.at)
    found = line.tokens[stop.at]
    message = f"unexpected {found!r}" if found else "the line ends too soon"
    return NotationError(message, line=at.line, column=at.column, width=len(found) or 1,
                         expected=grammar.in_words(stop.expected))


_HEADER_WITH_COLON: Final = re.compile(r"[ \t]*turn[ \t]+(\d+)[ \t]*:[ \t]*([^\W\d][\w-]*)[ \t]*$", re.I)
_BLOCK_LINE: Final = re.compile(r"[ \t]*([^\W\d][\w -]*?)(?:[ \t]+[^\W\d][\w-]*)?[ \t]*:(?![ \t]*glory)", re.I)


def _block_word(text: str, error: NotationError) -> NotationError:
    """``error``, with a hint where the line reads as a block line whose first words are
    misspelt (``jack: 3`` for ``jacks: 3``, ``out-of-town:``)."""
    found = _BLOCK_LINE.match(text)
    if found is None or error.hint:
        return error
    written = " ".join(found[1].split()).lower()
    if written in BLOCK_WORDS:
        return error
    header = _HEADER_WITH_COLON.match(text)
    if header is not None:  # 'Turn 9: Ben', a turn header with a colon
        error.hint = f"a turn header is written 'turn {header[1]} {header[2]}', without ':'"
        return error
    word = " ".join(written.replace("-", " ").split())
    close = [word] if word in BLOCK_WORDS else difflib.get_close_matches(word, BLOCK_WORDS, n=1, cutoff=0.75)
    if close:
        error.hint = f"a block line starts with '{close[0]}:', not '{found[1].strip()}:'"
    return error


def _unclosed_value(text: str, error: NotationError) -> NotationError:
    """``error``, said as what it is where a tag's value opens a quote it never closes
    (``[Event "Thursday club]``): the value is in quotes, its closing one is missing."""
    opened = text.find('"')
    if opened < 0 or error.column != opened + 1 or re.search(r'(?<!\\)"', text[opened + 1:]):
        return error
    error.message = "the tag's value has no closing quote"
    error.expected = None
    error.hint = 'end the value with " before the ]'
    return error


_DRAWN_IN_PARENS: Final = re.compile(r"\bthinks?[ \t]*:[ \t]*[^\W\d][\w-]*[ \t]*\(", re.I)
_HEADER_IN_VARIATION: Final = re.compile(r"[ \t]*turn[ \t]+\d+\b", re.I)


def _hinted(text: str, number: int, error: NotationError) -> NotationError:
    """``error``, with a hint where the line shows a known slip: a ``;`` comment read as a
    joined statement (``_joined``), a think's drawn cards in ``( )`` (they go in ``[ ]``: a
    ``(`` opens a variation), a turn header inside a variation (a variation has none)."""
    error = _joined(text, number, error)
    if error.hint:
        return error
    lines = text.split("\n")
    at = lines[error.line - number] if 0 <= error.line - number < len(lines) else ""
    if _DRAWN_IN_PARENS.search(at):
        error.hint = "a think's drawn cards are listed in [ ]: 'thinks: refill [Road, Bath]'; a '(' opens a variation"
    elif error.line > number and _HEADER_IN_VARIATION.match(at):
        error.hint = ("a variation holds no turn headers: its statements go on into the turns after by "
                      "themselves; remove the header")
    return error


def _joined(text: str, number: int, error: NotationError) -> NotationError:
    """``error``, with a hint where it stands after a ``;`` that joined a statement (a word and
    a verb follow it): a comment that reads as a statement is read as one (``Ann lays Villa ;
    Ben passes next``), and is written ``{...}`` instead."""
    if error.hint or error.line != number:
        return error
    joins = [found.start() for found in JOIN.finditer(text) if found.start() < error.column - 1]
    if joins:
        error.hint = (f"the ';' at column {joins[-1] + 1} joins a statement, as a name and a verb follow it; "
                      "write a comment there as {...}")
    return error


def _name_error(text: str, number: int, error: NotationError) -> NotationError:
    """The error of a line whose reading stopped at a name that names nothing, unless lark finds
    a syntax error within that name: lark reads a keyword as such wherever any rule could take
    it next, so ``Ann gathers Road replacing Villa`` is a misplaced 'replacing' (as lark says),
    not an unknown card 'Road replacing Villa'."""
    syntax = grammar.syntax_error(text, "line", number)
    if syntax is not None and syntax.line == error.line and error.column <= syntax.column < error.column + error.width:
        return syntax
    return error


def _cache(names: Names) -> tuple[dict, dict]:
    """The readings kept for the record's players and vocabulary, and those of every table of
    that vocabulary."""
    vocabulary = names.vocabulary
    key = ("table", names.players, id(vocabulary))
    found = _caches.get(key)
    if found is None or found[0] is not vocabulary:
        if len(_caches) >= _CONTEXTS_LIMIT:
            _caches.clear()
        shared = _caches.get(("shared", id(vocabulary)))
        if shared is None or shared[0] is not vocabulary:
            shared = _caches[("shared", id(vocabulary))] = (vocabulary, {})
        found = _caches[key] = (vocabulary, {}, shared[1])
    return found[1], found[2]
