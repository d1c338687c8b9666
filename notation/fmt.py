"""``gtr fmt``: rewrite records in the canonical form (the CLI calls ``format_files``)."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from .errors import NotationError
from .reader import parse
from .records import Comment, Record, Span, Step
from .scan import BOM, MAX_LINE, normalize, pieces
from .vocabulary import Vocabulary
from .writer import write

OK, CHANGED, USAGE = 0, 1, 2

NO_RECORD = 'no record in the file (a record starts with its tags, such as [Game "Glory to Rome"])'
"""What is said of a file without records: there is nothing in it to format, check or import."""


class Unreadable(Exception):
    """Raised by a ``read`` given to ``format_files`` for a file it refuses: ``str(error)``
    is what to say and ``status`` the exit status (1 a bad file, 2 a usage error)."""

    def __init__(self, message: str, status: int = USAGE) -> None:
        super().__init__(message)
        self.status = status


def read_text(path: str) -> str:
    """A file's text as it is (line ends kept), for ``format_files``."""
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise Unreadable(f"{path}: cannot read: {getattr(error, 'strerror', None) or error}") from None


def format_text(text: str, *, source: str | None = None, vocabulary: Vocabulary | None = None,
                placed: Callable[[Record], Record] | None = None) -> str:
    """The canonical text of ``text``, card names checked against ``vocabulary``.

    Without a vocabulary the default one (every edition, the Geek cards) is used. The records
    are read and written one at a time (``scan.pieces``): however many a file holds, only the
    text, its canonical form and one record are held at once.

    The canonical text is given only when it reads back as the same records (the same tags,
    statements, comments, glyphs and variations, in the same records; ``check_same``), so it
    is also its own canonical form; otherwise ``NotationError`` says where, and nothing is to
    be written.

    ``placed`` gives a record its turns as the game played them where it left headers out
    (``gtr_replay.replay.turns.placed``); the records are compared as it places them.
    """
    vocabulary = vocabulary or Vocabulary.default()
    place = placed or _as_read
    normalized = normalize(text)
    written = []
    for first_line, piece in pieces(normalized):
        for record in parse(piece, source=source, vocabulary=vocabulary, first_line=first_line):
            canonical = write(place(record))
            try:  # spacing added in the canonical form can make a line too long to read back
                _check_lines(canonical, record, source)
            except NotationError as error:
                raise error.locate(source, normalized.split("\n")) from None
            written.append(canonical)
    result = "\n".join(written)
    try:
        check_same(map(place, _records_of(normalized, vocabulary)), _records_of(result, vocabulary))
    except NotationError as error:
        raise error.locate(source, normalized.split("\n")) from None
    return result


def _as_read(record: Record) -> Record:
    return record


def canonical_text(records: Iterable[Record], *, source: str | None = None,
                   vocabulary: Vocabulary | None = None) -> str:
    """The canonical text of ``records``, given only when it reads back as the same records
    (``check_same``): what ``gtr record`` and ``extract --canonical`` write. Raises
    ``NotationError`` at the first record that would not."""
    records = list(records)
    text = "\n".join(write(record) for record in records)
    vocabulary = vocabulary or Vocabulary.default()
    try:
        check_same(iter(records), _records_of(text, vocabulary))
    except NotationError as error:
        error.source = error.source or source
        raise
    return text


def _records_of(text: str, vocabulary: Vocabulary) -> Iterator[Record]:
    """The records of normalized ``text``, read one at a time."""
    for first_line, piece in pieces(text):
        yield from parse(piece, vocabulary=vocabulary, first_line=first_line)


def check_same(read: Iterator[Record], written: Iterator[Record]) -> None:
    """Raise ``NotationError`` where the records ``written`` (the canonical text read back)
    are not the records ``read``, located in the records read: formatting must never lose,
    add or move a statement, a comment, a glyph or a variation, nor merge or split records."""
    count = 0
    for original in read:
        count += 1
        try:
            again = next(written, None)
        except NotationError as error:
            raise _not_kept(original.span, f"it would not read back ({error.message})") from None
        if again is None:
            raise _not_kept(original.span, "it would be taken into the record before it")
        if again != original:
            span, what = _difference(original, again)
            raise _not_kept(span, what)
    try:
        extra = next(written, None)
    except NotationError as error:
        raise _not_kept(Span(1, 1), f"it would not read back ({error.message})") from None
    if extra is not None:
        raise _not_kept(Span(1, 1), f"it would read as {count + 1} or more records, not {count}")


def _not_kept(span: Span, what: str) -> NotationError:
    return NotationError(
        f"written canonically, this record would not read back as it is: {what}",
        line=max(span.line, 1), column=max(span.column, 1),
        hint="nothing was written; write this line another way (a comment on a line of its own, "
             "one statement to a line) and format again")


def _difference(original: Record, again: Record) -> tuple[Span, str]:
    """Where ``again`` first differs from ``original``, and how, in words."""
    if original.tags != again.tags:
        for tag, other in zip(original.tags, again.tags):
            if tag != other:
                return tag.span, f"its tag {tag.name} would change"
        return original.span, f"its {len(original.tags)} tag(s) would become {len(again.tags)}"
    if original.comments != again.comments:
        return original.span, "its comments before the first turn would change"
    if original.start is not None and original.start != again.start:
        return original.start.span, f"its {original.start.word} block would change"
    if again.start is not None and original.start is None:
        return original.span, f"a {again.start.word} block would be added"
    for turn, written in zip(original.turns, again.turns):
        if turn != written:
            if (turn.number, turn.leader, turn.comments) != (written.number, written.leader, written.comments):
                return turn.span, f"turn {turn.number} would change"
            for item, written_item in zip(turn.items, written.items):
                if item != written_item:
                    return _span(item, turn.span), "what is written here would change"
            return turn.span, f"turn {turn.number} would hold {len(written.items)} item(s), not {len(turn.items)}"
    return original.span, f"its {len(original.turns)} turn(s) would become {len(again.turns)}"


def _span(item: Step | Comment, default: Span) -> Span:
    span = item.span
    return span if span.line else default


def _check_lines(text: str, record: Record, source: str | None) -> None:
    if len(text) <= MAX_LINE:
        return
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            raise NotationError(
                f"written canonically, line {number} of this record would hold {len(line):,} characters: a "
                f"line holds at most {MAX_LINE:,}", line=record.span.line, column=1, source=source,
                hint="write fewer comments or glyphs after the statement: " + line.strip()[:40])


@dataclass
class FormatResult:
    """What ``format_files`` did. ``status`` is the exit status: 0 fine, 1 a file
    would change or holds a bad record, 2 a usage error (no such file...)."""

    status: int = OK
    changed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    output: str = ""

    def __int__(self) -> int:
        return self.status


def format_files(
    paths: Iterable[str | os.PathLike],
    check: bool = False,
    stdout: bool = False,
    *,
    vocabulary: Vocabulary | None = None,
    out: Callable[[str], None] | None = None,
    err: Callable[[str], None] | None = None,
    read: Callable[[str], str] = read_text,
    placed: Callable[[Record], Record] | None = None,
) -> FormatResult:
    """Format each file in place; with ``check`` only report; with ``stdout`` print instead.

    ``read`` gives a file's text, or raises ``Unreadable`` with what to say. A file without
    a record is a problem (status 1): there is nothing in it that could be canonical.

    ``out`` receives canonical text (``stdout``); ``err`` receives one message
    per file changed, would change, or failed (an error already laid out with
    file:line:col, the line and a caret). Both are also kept in the result.
    """
    result = FormatResult()

    def say(message: str, status: int) -> None:
        result.messages.append(message)
        result.status = max(result.status, status)
        if err is not None:
            err(message)

    paths = [os.fspath(p) for p in paths]
    if not paths:
        say("no files to format: give at least one .gtr file", USAGE)
        return result
    if check and stdout:
        say("--check and --stdout do not go together: --check writes nothing", USAGE)
        return result
    for path in paths:
        try:
            text = read(path)
        except Unreadable as error:
            result.failed.append(path)
            say(str(error), error.status)
            continue
        try:
            canonical = format_text(text, source=path, vocabulary=vocabulary, placed=placed)
        except NotationError as error:
            result.failed.append(path)
            say(str(error), CHANGED)
            continue
        if not canonical:
            result.failed.append(path)
            say(f"{path}: {NO_RECORD}", CHANGED)
            continue
        if stdout:
            result.output += canonical
            if out is not None:
                out(canonical)
            continue
        if canonical == text:
            continue
        result.changed.append(path)
        if check:
            say(f"{path}:{_first_change(text, canonical)}; run gtr fmt {path}", CHANGED)
            continue
        try:
            replace_text(path, canonical)
        except OSError as error:
            result.failed.append(path)
            say(f"{path}: cannot write: {error.strerror or error}", USAGE)
            continue
        say(f"{path}: reformatted", OK)
    return result


def _first_change(text: str, canonical: str) -> str:
    """Where formatting would first change ``text``, and how: 'line: would reformat: ...'."""
    marked = text.startswith(BOM)
    plain = (text[1:] if marked else text).replace("\r\n", "\n").replace("\r", "\n")
    if plain == canonical:
        changes = ["its byte-order mark would go"] if marked else []
        changes += ["its line ends would become LF"] if "\r" in text else []
        return "1: would reformat: " + " and ".join(changes)
    old, new = plain.split("\n"), canonical.split("\n")
    number = next((n for n, (a, b) in enumerate(zip(old, new), 1) if a != b), min(len(old), len(new)) + 1)
    was = old[number - 1] if number <= len(old) else ""
    becomes = new[number - 1] if number <= len(new) else ""
    return f"{number}: would reformat: {_shown(was)} would read {_shown(becomes)}"


def _shown(line: str) -> str:
    return repr(line if len(line) <= 60 else line[:57] + "...") if line.strip() else "a blank line"


def replace_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` as the file ``path`` whole or not at all: into a new file beside it,
    flushed to the disk, then renamed over it with the old file's permissions (a new file's:
    what ``open`` would give it). A crash, a kill or a full disk leaves the old file as it
    was; through a symbolic link, the file it points to is rewritten."""
    path = os.path.realpath(path)
    mode = _mode(path)
    fd, name = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", dir=os.path.dirname(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(name, mode)
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)
        raise


def _mode(path: str) -> int:
    """The permissions of the file ``path``, or those ``open`` gives a new one (the umask's)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0o022)  # read by setting it: put back at once
        os.umask(umask)
        return 0o666 & ~umask
