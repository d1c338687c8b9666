"""The canonical writer: one text for each record, read back as an equal record.

Layout (see notation/README.md, "Canonical form"):

- tags one per line, in the order read; a blank line after them;
- standalone comments that precede the block, then a blank line;
- the ``setup`` or ``position`` block, its lines indented two spaces; a blank line;
- each turn as ``turn N Leader`` with its statements indented two spaces,
  turns separated by a blank line;
- a statement is followed on its line by its glyphs, then its ``{...}``
  comments; a ``;`` comment ends the line (two spaces before the ``;``), but one
  holding a line end is written closed, as ``{...}``;
  each variation starts a line of its own under the statement;
- records are separated by one blank line; LF line ends; one final newline.
"""

from __future__ import annotations

from typing import Iterable

from .records import LINE, Comment, Record, Step, Tag, Turn, Variation

INDENT = "  "


def write(records: Record | Iterable[Record]) -> str:
    """The canonical text of one record or of several."""
    if isinstance(records, Record):
        records = [records]
    return "\n".join(_record(r) for r in records)


def _record(record: Record) -> str:
    sections = ["\n".join(_tag(t) for t in record.tags)]
    if record.comments:
        sections.append("\n".join(_comment_line(c, "") for c in record.comments))
    if record.start is not None:
        start = record.start
        lines = [_with_comments(start.word, start.comments)]
        lines += [_block_line(line) for line in start.lines]
        sections.append("\n".join(lines))
    sections += ["\n".join(_turn(t)) for t in record.turns]
    return "\n\n".join(sections) + "\n"


def tag_line(name: str, value: str) -> str:
    """A tag as a record writes it: ``[Event "..."]``, a backslash or a double quote in its
    value escaped, so that it reads back as ``value``."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _tag(tag: Tag) -> str:
    text = tag_line(tag.name, tag.value)
    return text + _suffix(tag.comment) if tag.comment else text


def _ends_line(comment: Comment) -> bool:
    """Whether ``comment`` is written as a ``;`` comment, which ends its line."""
    return comment.kind == LINE and "\n" not in comment.text


def _suffix(comment: Comment) -> str:
    if _ends_line(comment):
        return "  ;" + (" " + comment.text if comment.text else "")
    return " {" + comment.text + "}"


def _comment_line(comment: Comment, indent: str) -> str:
    return indent + _suffix(comment).lstrip()


def _with_comments(text: str, comments: Iterable[Comment]) -> str:
    return text + "".join(_suffix(c) for c in comments)


def _block_line(line) -> str:
    if isinstance(line, Comment):
        return _comment_line(line, INDENT)
    return INDENT + _with_comments(line.text(), line.comments)


def _turn(turn: Turn) -> list[str]:
    lines = [_with_comments(f"turn {turn.number} {turn.leader}", turn.comments)]
    for item in turn.items:
        lines += _item(item, INDENT, nested=False)
    return lines


def _item(item: Step | Comment, indent: str, nested: bool) -> list[str]:
    if isinstance(item, Comment):
        return [_comment_line(item, indent)]
    return _step(item, indent, nested)


def _step(step: Step, indent: str, nested: bool) -> list[str]:
    """A step's lines. At the top level each variation starts a line; inside one it follows on."""
    done: list[str] = []
    line: str | None = indent + str(step.statement) + "".join(" " + g for g in step.glyphs)
    for note in step.notes:
        if isinstance(note, Variation):
            lines = _variation(note, indent)
            if nested and line is not None:
                lines[0] = line + " " + lines[0].lstrip()
            elif line is not None:
                done.append(line)
            done += lines[:-1]
            line = lines[-1]
        elif line is None:
            line = _comment_line(note, indent)
        else:
            line += _suffix(note)
        if isinstance(note, Comment) and _ends_line(note):
            done.append(line)
            line = None
    if line is not None:
        done.append(line)
    return done


def _ends_with_line_comment(item: Step | Comment) -> bool:
    last = item if isinstance(item, Comment) else (item.notes[-1] if item.notes else None)
    return isinstance(last, Comment) and _ends_line(last)


def _variation(variation: Variation, indent: str) -> list[str]:
    inner = indent + INDENT
    rendered = [(item, _item(item, inner, nested=True)) for item in variation.items]
    seen_step = False
    one_line = True
    for item, lines in rendered:
        if len(lines) > 1 or _ends_with_line_comment(item) or (seen_step and isinstance(item, Comment)):
            one_line = False
        seen_step = seen_step or isinstance(item, Step)
    if one_line:
        text = ""
        for index, (item, lines) in enumerate(rendered):
            if index:
                text += "; " if isinstance(rendered[index - 1][0], Step) else " "
            text += lines[0].lstrip()
        return [f"{indent}( {text} )"]
    out: list[str] = []
    for index, (item, lines) in enumerate(rendered):
        if index == 0:
            out.append(f"{indent}( {lines[0].lstrip()}")
            out += lines[1:]
        else:
            out += lines
    if _ends_with_line_comment(rendered[-1][0]):
        out.append(indent + ")")
    else:
        out[-1] += " )"
    return out
