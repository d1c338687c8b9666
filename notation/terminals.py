"""The words of the language, read from the text of gtr.lark without building the parser.

gtr.lark is the one place the language's words are written down. The reader
(notation/lines.py) takes from here its tokenizer, the keywords, which verb
introduces which statement form, and the keywords that end a card's name; lark reads the same file to word syntax errors
(notation/grammar.py). Commands that never read a record (``gtr query``) build no
parser, and reading a record never needs one.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Final, NamedTuple

GRAMMAR: Final = Path(str(files("notation") / "gtr.lark"))
"""The grammar file, found as the package's data (wherever the package is installed)."""
_TEXT: Final = GRAMMAR.read_text(encoding="utf-8")

# ``NAME: /regexp/flags`` or ``NAME.priority: /regexp/flags``, on a line of its own
_DEFINITION: Final = re.compile(r"^(\w+)(?:\.(\d))?: /(.+)/(i?)$", re.M)
_FOUND: Final = _DEFINITION.findall(_TEXT)

TERMINALS: Final[dict[str, re.Pattern[str]]] = {
    name: re.compile(pattern, re.I if flags else 0) for name, _, pattern, flags in _FOUND
}
"""Every terminal written as a regular expression, by name."""

KEYWORDS: Final[dict[str, re.Pattern[str]]] = {
    name: TERMINALS[name] for name, priority, _, _ in _FOUND if priority == "2"
}
"""The keywords: they outrank the name words wherever the grammar accepts them."""

# The keywords that end a name: ``CARD_WORD`` is any word but these (its lookahead lists them),
# so they end a card's name wherever it stands (``Ann lays Circus giving`` is refused).
_CARD_WORD_ENDS: Final = re.match(r"\(\?!\((.*?)\)\(\?!", TERMINALS["CARD_WORD"].pattern)
assert _CARD_WORD_ENDS is not None, "CARD_WORD starts with the keywords that end a name"
NAME_ENDS: Final = tuple(sorted(
    name for name, pattern in KEYWORDS.items()
    if any(pattern.fullmatch(word.replace("[ \\t]+", " ")) for word in _CARD_WORD_ENDS[1].split("|"))))
"""The keywords that end a card's name (``_ON``, ``_TO``, ``OUT_OF_TOWN``...): none is ever a
word of a name, as ``CARD_WORD`` says."""

_CARD_WORD: Final = TERMINALS["CARD_WORD"]


def keyword_in(name: str) -> str | None:
    """The first word of the card name ``name`` that is a keyword ending a name (``NAME_ENDS``:
    such a name can never be read), or None."""
    for word in re.finditer(r"[^\W\d][\w-]*", name):
        if _CARD_WORD.match(name, word.start()) is None:
            return word[0]
    return None


JOIN: Final = TERMINALS["_JOIN"]
"""A ``;`` followed by a statement: it joins statements on one line (any other ``;`` starts
a comment)."""

# Keywords of several words ("out of town", "tears down"): how many words, and the first.
_SPACE: Final = "[ \\t]+"
PHRASES: Final[dict[str, int]] = {name: p.pattern.count(_SPACE) + 1
                                  for name, p in KEYWORDS.items() if _SPACE in p.pattern}
_FIRST_WORDS: Final = {name: re.compile(KEYWORDS[name].pattern.split(_SPACE)[0], re.I) for name in PHRASES}
_ONE_WORD: Final = {name: p for name, p in KEYWORDS.items() if name not in PHRASES}


# Statement forms: each alternative of the ``statement`` rules starts with the player (or
# players) deciding, then the form's verb: ``PLAYER _LEADS ROLE _WITH cards -> lead``.

class Form(NamedTuple):
    """How a statement form starts: its verb terminal, whether a ``:`` comes before the verb
    (``Ben: Glory to Rome``), and whether several players may decide together."""

    verb: str
    colon: bool
    several: bool


_STATEMENTS: Final = _TEXT[_TEXT.index("?statement"):_TEXT.index("// Cards")]
_ALTERNATIVE: Final = re.compile(
    r'[:|]\s*PLAYER(?P<several>\s*\("," PLAYER\)\*)?\s+(?P<colon>":"\s+)?(?P<verb>_[A-Z_]+)\b[^\n]*->\s*(?P<alias>\w+)')
FORMS: Final[dict[str, Form]] = {
    m["alias"]: Form(m["verb"], bool(m["colon"]), bool(m["several"])) for m in _ALTERNATIVE.finditer(_STATEMENTS)
}
"""The statement forms of the grammar by alias (``lead``, ``glory``...)."""

VERBS: Final = tuple(sorted({form.verb for form in FORMS.values()}))
"""The terminal names of the statement verbs (``_LEADS``...)."""


# The tokenizer: a logical line cut into words, numbers, punctuation, comments, glyphs and
# line ends (spaces and tabs only separate tokens). Which word is a keyword, a name, a card
# or a role is the reader's to say, from where the word stands, as lark's contextual lexer does.
# The expression takes the spaces before a token itself (quicker than searching past them) and
# tries a word starting with an ASCII letter first (quicker to match than any word); only the
# `;` joining statements and `'s` have letters to match in any case. ``findall`` gives the
# tokens, and ``finditer``'s ``start(1)`` where each is.

WORD: Final = TERMINALS["PLAYER"].pattern
_OPEN_COMMENT: Final = TERMINALS["BRACE_COMMENT"].pattern.replace(r"\}", r"\}?")  # one never closed: refused
_JOIN_TOKEN: Final = re.sub(r"(?<!\\)\((?!\?)", "(?:", JOIN.pattern)  # its groups not captured: tokens are strings
TOKEN: Final = re.compile("[ \t]*(" + "|".join([
    r"[A-Za-z][\w-]*", WORD, r"[,:\[\]()]", f"(?i:{_JOIN_TOKEN})", TERMINALS["LINE_COMMENT"].pattern,
    _OPEN_COMMENT, TERMINALS["NAG"].pattern, TERMINALS["GLYPH"].pattern, f"(?i:{TERMINALS['_POSSESSIVE'].pattern})",
    TERMINALS["INT"].pattern, r"\n", r"[^ \t\n]",  # any other character: a token no rule takes
]) + ")")
GLYPHS: Final = frozenset(glyph.replace("\\", "") for glyph in TERMINALS["GLYPH"].pattern.split("|"))
_WORD: Final = re.compile(WORD)

NAME: Final = "NAME"
"""What every word is, besides the keywords it may be (a name: player, card, role...)."""

_KINDS: Final[dict[str, frozenset[str]]] = {}
_KINDS_LIMIT: Final = 20_000
_NOTHING: Final[frozenset[str]] = frozenset()
_NAME_ONLY: Final = frozenset([NAME])


def kinds_of(token: str) -> frozenset[str]:
    """What a token may be: ``NAME`` for a word; the keywords it is (``'s`` is one too), or
    begins when they have several words (the reader checks the rest); the token itself when it
    is one character (punctuation, a glyph, a character no rule takes). Worked out once per
    token (``kinds``)."""
    found = _KINDS.get(token)
    if found is not None:
        return found
    if len(token) > 40:  # never a keyword (a comment, a long name): not kept
        return _NAME_ONLY if _WORD.fullmatch(token) else _NOTHING
    names = [n for n, p in _ONE_WORD.items() if p.fullmatch(token)]
    if _WORD.fullmatch(token):
        names.append(NAME)
        names += [n for n, p in _FIRST_WORDS.items() if p.fullmatch(token)]
    elif len(token) == 1:
        names.append(token)
    if len(_KINDS) >= _KINDS_LIMIT:
        _KINDS.clear()
    found = _KINDS[token] = frozenset(names)
    return found


def kinds(tokens: list[str]) -> list[frozenset[str]]:
    """What each of ``tokens`` may be (``kinds_of``), one dictionary look-up a token seen before."""
    try:
        return list(map(_KINDS.__getitem__, tokens))
    except KeyError:  # a token not seen before
        return [kinds_of(token) for token in tokens]


def phrase(tokens: list[str], at: int, name: str) -> bool:
    """Whether the keyword ``name`` (of several words) is spelt by the tokens from ``at``."""
    count = PHRASES[name]
    return KEYWORDS[name].fullmatch(" ".join(tokens[at:at + count])) is not None
