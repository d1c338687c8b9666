"""The grammar (gtr.lark) run by lark, to word syntax errors.

gtr.lark is the language's formal description and its one owner; the reader
(notation/lines.py) is written after it, and tests/notation/test_grammar_agrees.py holds the
two equal. When the reader refuses a line, lark parses the same line and says where it stops
and what it would have accepted there, in words: ``unexpected 'leeds'``, ``expected a verb:
adds, demands, ...``, ``did you mean 'leads'?``. The parser is built on first need (about a
second): reading records that have no mistake never builds it.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import terminals, words
from .errors import NotationError
from .names import combining_mark
from .lines import MATERIALS, ROLES, ZONES

GRAMMAR = terminals.GRAMMAR
JOIN = terminals.JOIN
_PARSER: Lark | None = None


def build_parser(**options: Any) -> Lark:
    return Lark.open(str(GRAMMAR), parser="lalr", lexer="contextual", propagate_positions=True,
                     start=["start", "tag", "line"], maybe_placeholders=False, **options)


def parser() -> Lark:
    """The LALR parser of gtr.lark, built once."""
    global _PARSER
    if _PARSER is None:
        _PARSER = build_parser()
    return _PARSER


def syntax_error(text: str, start: str, number: int) -> NotationError | None:
    """The syntax error lark finds in the logical line ``text`` (on line ``number``) read as a
    ``start`` (``line`` or ``tag``), in words; None if lark reads it."""
    try:
        parser().parse(text + "\n", start=start)
    except UnexpectedInput as error:
        if start == "line" and text.lstrip().startswith("["):
            column = len(text) - len(text.lstrip()) + 1
            return NotationError("a tag line starts in the first column", line=number, column=column,
                                 hint="remove the spaces before '['")
        return worded(error, text).moved(number - 1)
    return None


# Syntax errors in words

_VERB_NAMES = {form.verb: form.verb[1:].lower().replace("_", " ")
               for form in terminals.FORMS.values() if not form.colon}  # `: Glory to Rome` is worded as such
VERB_WORDS = tuple(sorted(_VERB_NAMES.values()))
"""The verbs (``leads``...), for did-you-mean hints."""
_LINE_STARTS = {"TURN", "SETUP", "POSITION", "POOL", "REDEAL", "HAND", "LEADER", "DECK", "JACKS",
                "IN_TOWN", "INFLUENCE", "BUILDING", "CAMP_ZONE"}
_QUIET = {"LINE_COMMENT", "BRACE_COMMENT", "GLYPH", "NAG", "_JOIN", "OPEN"}
_NAMES = {
    "PLAYER": "a player's name", "CARD_WORD": "a card name", "UNSEEN": "a card name",
    "ROLE": ROLES, "MATERIAL": MATERIALS, "INT": "a number", "_NL": "the end of the line",
    "COLON": "':'", "COMMA": "','", "LSQB": "'['", "RSQB": "']'", "RPAR": "')'",
    "THINK_KIND": "jack, refill or draw", "ZONE_WORD": ZONES,
    "BUILDING_MARK": "complete, stolen or public", "SITE_GIVEN": "'site given'", "OUT_OF_TOWN": "'out of town'",
    "TAG_NAME": "a tag name", "TAG_VALUE": 'a value in double quotes', "_WITH": "'with'",
    "_ON": "'on'", "_TO": "'to'", "_FROM": "'from'", "_SHOWING": "'showing'", "_GIVING": "'giving'",
    "_REPLACING": "'replacing'", "OWNER": "a player's name and 's",
    "_GLORY_TO_ROME": "'Glory to Rome'", "_POSSESSIVE": "'s", "_PLUS": "'+'", "$END": "the end of the line",
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
    verbs = names.intersection(_VERB_NAMES)
    if verbs:
        parts.append("a verb: " + ", ".join(sorted(_VERB_NAMES[n] for n in verbs)))
        names -= verbs
    phrases = sorted({_NAMES.get(n, "'" + n.lower().strip("_") + "'") for n in names})
    return " or ".join(parts + phrases)


def in_words(expected: str) -> str:
    """A terminal's name (``_WITH``) in words; anything else as it is."""
    return describe({expected}) if re.fullmatch(r"[A-Z_]+", expected) else expected


def worded(error: UnexpectedInput, text: str) -> NotationError:
    """A ``NotationError`` for a lark error in ``text`` (lines counted from 1)."""
    lines = text.split("\n")
    if isinstance(error, UnexpectedCharacters):
        line, column = error.line, error.column
        expected = set(error.allowed or ())
        rest = lines[line - 1][column - 1:]
    elif isinstance(error, UnexpectedToken) and error.token.type not in ("$END",):
        line, column = error.token.line, error.token.column
        expected = _accepted(error)
        rest = lines[line - 1][column - 1:] if error.token.type != "_NL" else ""
    else:  # the text ended (only a variation left open gets here)
        line, column = len(lines), len(lines[-1]) + 1
        expected = set(getattr(error, "expected", ()) or ())
        rest = ""
    mark = combining_mark(lines[line - 1][max(column - 2, 0):column])
    if mark is not None and column > 1:  # a letter written as two characters: the mark read alone
        return NotationError(f"{mark[1]} is not a letter the notation reads", line=line, column=column, hint=mark[2])
    if rest[:1].isspace() and rest[0] not in " \t":  # a space the eye cannot tell from a space
        return NotationError(f"a {unicodedata.name(rest[0], 'space').lower()} (U+{ord(rest[0]):04X}) is not a "
                             "space the notation reads", line=line, column=column,
                             hint="type an ordinary space in its place")
    word = re.match(r"[^\W\d][\w-]*|\S+", rest)
    found = word[0] if word else ""
    opened = _unclosed_paren(text)
    if found and opened is not None and opened[0] < line:  # the lines after it were read into it
        return NotationError("this variation is never closed", line=opened[0], column=opened[1],
                             expected="')' to close it",
                             hint="the lines after it, to the end of the record, were read as part of it: "
                                  "close it with ')' where it ends")
    if found.startswith("{") and "}" not in rest:
        return NotationError("this comment is never closed", line=line, column=column,
                             expected="'}' to close it")
    if not found:
        if "RPAR" in expected and not expected & {"_NL"}:
            line, column = opened or (len(lines), len(lines[-1]) + 1)
            return NotationError("this variation is never closed", line=line, column=column,
                                 expected="')' to close it")
        return NotationError("the line ends too soon", line=line, column=column,
                             expected=describe(expected))
    hint = None
    if expected.intersection(_VERB_NAMES):
        hint = words.did_you_mean(words.near(found, [w for w in VERB_WORDS if w != found.lower()], n=1))
    if hint is None and "ROLE" in expected:
        hint = words.did_you_mean(words.near(found, list(words.Role), n=1))
    return NotationError(f"unexpected {found!r}", line=line, column=column, width=len(found),
                         expected=describe(expected), hint=hint)


def _accepted(error: UnexpectedToken) -> set[str]:
    """What the parser would take where ``error`` stopped it. LALR merges states that read alike
    (a card's words in every statement), so the state's own list may name terminals no
    statement of this line could take next (``to`` after ``Ann lays Road``, ``)`` with no
    variation open); asking the parser whether it would take each one leaves only those."""
    expected = set(error.expected)
    if error.interactive_parser is not None:
        expected = set(error.interactive_parser.accepts()) or expected
    return expected


def _unclosed_paren(text: str) -> tuple[int, int] | None:
    """Line and column of the last ``(`` left open in ``text`` (comments skipped), or None."""
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
    if not opened:
        return None
    at = opened[-1]
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


_PAREN_MARKS = re.compile(r"\{[^}]*\}?|[();]")
