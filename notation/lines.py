"""Reading one logical line of a record: gtr.lark's ``line`` rule, by hand.

The line is cut into tokens by one regular expression (``terminals.TOKEN``), then read by one
function per kind of line, as the grammar lists them (a tag line by ``tag``, with one regular
expression of its own); a statement by the class its verb names (``statements.BY_VERB``),
whose ``read`` goes on after the verb. Each function reads what its rule reads, in the same
order. A word is a keyword only where the rule being read accepts that keyword, as with
lark's contextual lexer (``Ann gives Road to Ben`` gives Road to Ben, ``Jack passes`` is a
player), and a card's name ends at the first keyword that may follow a name anywhere
(``terminals.NAME_ENDS``: ``Ann keeps Road to Rome`` is refused at ``to``). Names are resolved
as they are met: players against the Players tag, cards against the vocabulary, roles and
materials leniently (``words``). The grammar owns the language and this is its hand-written
implementation: tests/notation/test_grammar_agrees.py holds the two equal.

A line that is not in the language is refused (``Refused``, at a token) and the reader asks
lark what it expected there (``notation.grammar``), so a syntax error reads as the grammar
says. An unknown name is worded here, where it is read.

The tokens are strings: where one stands in the text is counted only when a value needs it
(a comment, a variation, a step after the first, an error).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from . import blocks, words
from .errors import NotationError
from .records import BRACE, LINE, Comment, Span, Step, Tag, Variation, split_players
from .scan import MAX_DIGITS, unescape
from .statements import BY_VERB, Statement
from .terminals import GLYPHS, NAME, NAME_ENDS, PHRASES, TERMINALS, TOKEN, WORD, kinds, kinds_of, phrase
from .vocabulary import UNSEEN, Vocabulary

_LINE_END: Final = re.compile("\n")
_NAME_ENDS: Final = frozenset(NAME_ENDS)  # a set: a token's kinds are checked against it at each word
_END: Final[frozenset[str]] = frozenset()
ROLES: Final = "a role: " + ", ".join(words.Role)
MATERIALS: Final = "a material: " + ", ".join(words.Material)
ZONES: Final = "a zone: " + ", ".join(words.Zone)
_ROLES: Final = {role.value: role for role in words.Role}  # as written canonically: no lenient look-up
_MATERIALS: Final = {material.value: material for material in words.Material}
_THINK_KINDS: Final = {kind.value: kind for kind in words.ThinkKind}  # the keywords, in lower case
_ZONES: Final = {zone.value: zone for zone in words.Zone}


class Names:
    """What names mean in the record being read: its players, its cards, the block open
    (a ``pool:`` line is a leader draw in the setup block, the pool's cards in a position)."""

    __slots__ = ("players", "table", "vocabulary", "cards", "block")

    def __init__(self, players: tuple[str, ...] = (), vocabulary: Vocabulary | None = None):
        self.players = players
        self.table = {p.lower(): p for p in players}  # any case reads as the Players tag spells it
        self.table.update((p, p) for p in players)
        self.vocabulary = vocabulary
        self.cards = vocabulary.cards if vocabulary is not None else frozenset()
        self.block: str | None = None

    def player(self, token: str) -> str | None:
        """The player ``token`` names, or None (every name is a player without a Players tag)."""
        if not self.players:
            return token
        return self.table.get(token) or self.table.get(token.lower())


class Refused(Exception):
    """A line that is not in the language: reading stopped at token ``at``, wanting ``expected``."""

    def __init__(self, at: int, expected: str):
        super().__init__(expected)
        self.at = at
        self.expected = expected


class Line:
    """The tokens of one logical line starting on line ``number``, and how far reading got;
    the calls below read one piece of the grammar each and move on past it, or refuse."""

    __slots__ = ("tokens", "kinds", "at", "text", "number", "names", "named", "actors", "first", "_offsets",
                 "_starts")

    def __init__(self, text: str, number: int, names: Names):
        tokens = self.tokens = TOKEN.findall(text)
        found = self.kinds = kinds(tokens)  # what each token may be (``terminals.kinds_of``)
        tokens.append("")  # the end of the line: no call reads past it
        found.append(_END)
        self.at = 0
        self.text = text
        self.number = number
        self.names = names
        self.named: list[str] = []  # name as written, player, name, player...: what the reading took from the table
        self.actors: tuple[str, ...] = ()  # the players deciding a statement several may make
        self.first = 0  # the token the statement being read starts at
        self._offsets: list[int] | None = None  # where each token starts, counted when first needed
        self._starts: list[int] | None = None  # where each of the text's lines starts, likewise

    # Where tokens are

    def _offset(self, index: int) -> int:
        offsets = self._offsets
        if offsets is None:
            offsets = self._offsets = [m.start(1) for m in TOKEN.finditer(self.text)]
            offsets.append(len(self.text))
        return offsets[index]

    def where(self, index: int) -> Span:
        """Line and column of token ``index``."""
        text = self.text
        if index == 0:
            return Span(self.number, len(text) - len(text.lstrip(" \t")) + 1)
        offset = self._offset(index)
        if self._starts is None:
            self._starts = [0] + [m.end() for m in _LINE_END.finditer(text)]
        line = bisect_right(self._starts, offset) - 1
        return Span(self.number + line, offset - self._starts[line] + 1)

    def width(self, first: int, last: int) -> int:
        """How many characters tokens ``first`` to ``last`` take (the first alone if they are
        on different lines)."""
        start, end = self._offset(first), self._offset(last) + len(self.tokens[last])
        return len(self.tokens[first]) if "\n" in self.text[start:end] else end - start

    def error(self, message: str, first: int, last: int | None = None, **details: Any) -> NotationError:
        at = self.where(first)
        width = self.width(first, first if last is None else last)
        return NotationError(message, line=at.line, column=at.column, width=width, **details)

    def word_error(self, error: words.WordError, first: int, last: int, expected: str) -> NotationError:
        return self.error(error.message, first, last, expected=expected, hint=error.hint)

    # Tokens and keywords

    def peek(self) -> str:
        return self.tokens[self.at]

    def refuse(self, expected: str) -> NoReturn:
        raise Refused(self.at, expected)

    def optional(self, name: str) -> bool:
        """Read the keyword ``name`` (a terminal of gtr.lark) if it comes next."""
        tokens, at = self.tokens, self.at
        if name not in self.kinds[at]:
            return False
        count = PHRASES.get(name)
        if count is not None:
            if not phrase(tokens, at, name):
                return False
            self.at = at + count
        else:
            self.at = at + 1
        return True

    def keyword(self, name: str) -> None:
        """Read the keyword ``name``, which must come next."""
        at = self.at
        if name in self.kinds[at] and name not in PHRASES:
            self.at = at + 1
        elif not self.optional(name):
            self.refuse(name)

    def optional_punctuation(self, char: str) -> bool:
        if self.tokens[self.at] != char:
            return False
        self.at += 1
        return True

    def punctuation(self, char: str) -> None:
        if self.tokens[self.at] != char:
            self.refuse(f"'{char}'")
        self.at += 1

    def name(self) -> int:
        """Step over a word and give its index."""
        at = self.at
        if NAME not in self.kinds[at]:
            self.refuse("a name")
        self.at = at + 1
        return at

    # Names

    def resolve(self, at: int) -> str:
        """The player that token ``at`` names."""
        token = self.tokens[at]
        names = self.names
        found = (names.table.get(token) or names.table.get(token.lower())) if names.players else token
        if found is None:
            players = self.names.players
            raise self.word_error(words.WordError(token, "player", words.near(token, players)), at, at,
                                  "a player at the table: " + ", ".join(players))
        self.named += (token, found)
        return found

    def player(self) -> str:
        return self.resolve(self.name())

    def owned(self) -> bool:
        """Whether a player's name and ``'s`` come next (``Ben's Archway``)."""
        at = self.at
        return NAME in self.kinds[at] and "_POSSESSIVE" in self.kinds[at + 1]

    def owner(self) -> str:
        player = self.player()
        self.keyword("_POSSESSIVE")
        return player

    def _word(self, read: Any, expected: str) -> Any:
        at = self.name()
        try:
            return read(self.tokens[at])
        except words.WordError as error:
            raise self.word_error(error, at, at, expected) from None

    def role(self) -> words.Role:
        found = _ROLES.get(self.tokens[self.at])
        if found is None:
            return self._word(words.role, ROLES)
        self.at += 1
        return found

    def material(self) -> words.Material:
        found = _MATERIALS.get(self.tokens[self.at])
        if found is None:
            return self._word(words.material, MATERIALS)
        self.at += 1
        return found

    def materials(self) -> tuple[words.Material, ...]:
        found = [self.material()]
        while self.optional_punctuation(","):
            found.append(self.material())
        return tuple(found)

    def think_kind(self) -> words.ThinkKind:
        token = self.tokens[self.at]
        self.keyword("THINK_KIND")
        return _THINK_KINDS[token.lower()]

    def zone(self) -> words.Zone:
        token = self.tokens[self.at]
        self.keyword("ZONE_WORD")
        return _ZONES[token.lower()]

    def integer(self, skip: int = 0) -> int:
        """The number token (after ``skip`` characters, ``$`` in ``$3``), at most ``MAX_DIGITS`` long."""
        at = self.at
        token = self.tokens[at]
        digits = token[skip:]
        if not digits.isdecimal():
            self.refuse("a number")
        if len(digits) > MAX_DIGITS:
            raise self.error(f"a number of {len(digits):,} digits: numbers have at most {MAX_DIGITS}", at,
                             expected=f"a number of at most {MAX_DIGITS} digits")
        self.at = at + 1
        return int(digits)

    # Cards

    def card(self) -> str:
        """A card: ``?``, or its name's words up to the first keyword that ends a name
        (``terminals.NAME_ENDS``: ``on``, ``to``, ``from``..., never a word of a name)."""
        tokens, kinds = self.tokens, self.kinds
        at = start = self.at
        token = tokens[at]
        if token == UNSEEN:
            self.at = at + 1
            return UNSEEN
        if NAME not in kinds[at] or self._ends(at):
            self.refuse("a card name")
        while True:  # its words, up to a keyword that ends a name (as ``_words_end``, inline: a hot path)
            at += 1
            found = kinds[at]
            if NAME not in found or (not found.isdisjoint(_NAME_ENDS) and self._ends(at)):
                break
        self.at = at
        name = token if at == start + 1 else " ".join(tokens[start:at])
        names = self.names
        if names.vocabulary is None or name in names.cards:
            return name
        return self.card_named(name, start, at - 1)

    def _ends(self, at: int) -> bool:
        """Whether token ``at`` is a keyword that ends a name."""
        found = self.kinds[at]
        return not found.isdisjoint(_NAME_ENDS) and any(
            name in found and (name not in PHRASES or phrase(self.tokens, at, name)) for name in NAME_ENDS)

    def _words_end(self, at: int) -> int:
        """Where the words of a name that go on at token ``at`` end."""
        kinds = self.kinds
        while True:
            found = kinds[at]
            if NAME not in found or (not found.isdisjoint(_NAME_ENDS) and self._ends(at)):
                return at
            at += 1

    def card_named(self, name: str, first: int, last: int) -> str:
        """The card ``name`` (the words of tokens ``first`` to ``last``) as the vocabulary spells it."""
        names = self.names
        if names.vocabulary is None or name in names.cards:
            return name
        try:
            return names.vocabulary.card(name)
        except words.WordError as error:
            raise self.word_error(error, first, last, "a card name") from None

    def cards(self) -> tuple[str, ...]:
        found = [self.card()]
        while self.tokens[self.at] == ",":
            self.at += 1
            found.append(self.card())
        return tuple(found)

    def played(self) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The cards of a lead or follow by unit (``played``): a card, or a petition's cards
        joined by ``+`` where a play holds several (Palace): ``Villa, Academy + Shrine``: the
        cards, and the number of cards of each unit where a ``+`` was written (() otherwise)."""
        tokens = self.tokens
        cards, sizes, joined = [], [], False
        while True:
            cards.append(self.card())
            size = 1
            while tokens[self.at] == "+":
                self.at += 1
                cards.append(self.card())
                size += 1
                joined = True
            sizes.append(size)
            if tokens[self.at] != ",":
                return tuple(cards), tuple(sizes) if joined else ()
            self.at += 1

    def kept(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The cards a keep takes (``kept``), each maybe with whose it was (``Ann's Jack``): the
        cards, and their owners ("" where none is written; () where none is)."""
        cards, owners = [], []
        while True:
            owners.append(self.owner() if self.owned() else "")
            cards.append(self.card())
            if not self.optional_punctuation(","):
                return tuple(cards), tuple(owners) if any(owners) else ()

    def whose(self) -> tuple[str | None, str]:
        """A structure, maybe with whose it is (``Ben's School``, ``School``): the owner (None
        where none is written) and the card."""
        owner = self.owner() if self.owned() else None
        return owner, self.card()

    def source_card(self, under: bool = False) -> tuple[str, words.Zone | str | None]:
        """A card and where it comes from: ``Road``, ``Road from hand``, ``[Road] from deck``;
        with ``under``, also from under one of the player's buildings: ``Road from Villa``."""
        if not self.optional_punctuation("["):
            card = self.card()
            if not self.optional("_FROM"):
                return card, None
            if under and "ZONE_WORD" not in self.kinds[self.at]:
                return card, self.building()
            return card, self.zone()
        card = self.card()
        self.punctuation("]")
        self.keyword("_FROM")
        at = self.at
        zone = self.zone()
        if zone is not words.Zone.DECK:
            raise self.error(f"a card in brackets comes from the deck, not the {zone}", at, expected="'deck'",
                             hint=f"write the card without brackets: '{card} from {zone}'")
        return card, zone

    def building(self) -> str:
        """The building a material lies under, after ``from`` where a zone may stand: a name
        that is neither is worded as an unexpected zone, the usual mistake."""
        tokens = self.tokens
        start = self.at
        if NAME not in self.kinds[start] or self._ends(start):
            self.refuse("ZONE_WORD")
        at = self.at = self._words_end(start + 1)
        last = at - 1
        name = " ".join(tokens[start:at])
        names = self.names
        if names.vocabulary is None or name in names.cards:
            return name
        try:
            return names.vocabulary.card(name)
        except words.WordError:
            close = words.near(name, [zone.value for zone in words.Zone])
            raise self.error(f"unexpected {name!r}", start, last, expected=ZONES + "; or the building a material lies under",
                             hint=f"did you mean {close[0]!r}?" if close else None) from None


# Tag lines: ``[Name "value"]`` in the first column, maybe a `;` comment after

KNOWN_TAGS: Final = {
    name.lower(): name
    for name in (
        "Game", "Event", "Site", "Date", "Round", "Ruleset", "Players", "Expansion",
        "Rulings", "Deck", "Start", "Recorder", "Result",
    )
}
"""Tag names written with a fixed spelling; other tags are kept as written."""
_LOWER_VALUES: Final = {"Ruleset", "Start"}
_TAG: Final = re.compile(rf'\[[ \t]*(?P<name>{WORD})[ \t]*(?P<value>{TERMINALS["TAG_VALUE"].pattern})[ \t]*\]'
                  r"[ \t]*(?P<comment>;[^\n]*)?")


def tag(text: str, number: int) -> Tag | None:
    """The tag line ``text`` (line ``number``), known names and values in their fixed spelling;
    None if it is not a tag line (lark says why)."""
    found = _TAG.fullmatch(text)
    if found is None:
        return None
    name = KNOWN_TAGS.get(found["name"].lower(), found["name"])
    value = unescape(found["value"][1:-1])
    if name == "Players":
        value = ", ".join(split_players(value))
    elif name in _LOWER_VALUES:
        value = value.strip().lower()
    note = found["comment"]
    comment = None if note is None else Comment(note[1:].strip(), LINE, span=Span(number, found.start("comment") + 1))
    return Tag(name, value, comment, span=Span(number, found.start("name") + 1))


# What a line holds, for the assembler (notation/assemble.py). A line holding one statement
# and nothing else is that statement's ``Step``; a line of a block is its ``blocks`` value.

@dataclass(slots=True)
class _StepLine:
    """A line of statements: comments before them, then the steps."""

    comments: tuple[Comment, ...]
    steps: tuple[Step, ...]


@dataclass(slots=True)
class _VariationLine:
    """Variations (and comments after them) on a line of their own: notes of the step before."""

    notes: tuple
    span: Span


@dataclass(slots=True)
class _CommentLine:
    comments: tuple[Comment, ...]


@dataclass(slots=True)
class _BlockHeader:
    word: str
    comments: tuple[Comment, ...]
    span: Span


@dataclass(slots=True)
class _TurnHeader:
    number: int
    leader: str
    comments: tuple[Comment, ...]
    line: int
    column: int


# Statements

_VERBS: Final[dict[str, tuple[type[Statement], ...]]] = {}


def _verbs(token: str) -> tuple[type[Statement], ...]:
    """The statement classes ``token`` may be the verb of (a verb of several words by its
    first), worked out once per token."""
    found = _VERBS.get(token)
    if found is None:
        kinds = kinds_of(token)
        found = tuple(cls for verb, cls in BY_VERB.items() if verb in kinds and not cls.form.colon)
        if len(_VERBS) < 10_000:
            _VERBS[token] = found
    return found


_AFTER_COLON: Final = tuple(cls for cls in BY_VERB.values() if cls.form.colon)
_ONE_WORD: Final = frozenset(cls for cls in BY_VERB.values() if cls.form.verb not in PHRASES)
_SEVERAL: Final = frozenset(cls for cls in BY_VERB.values() if cls.form.several)


def statement(line: Line) -> Statement:
    """A statement: the deciding players (one, or several for a form that allows it), the
    verb (``: Glory to Rome``'s colon before it), then what the verb's form reads."""
    tokens, kinds = line.tokens, line.kinds
    first = line.at
    if NAME not in kinds[first]:
        line.refuse("a name")
    at = first + 1
    actors = None
    while tokens[at] == "," and NAME in kinds[at + 1]:
        actors = (actors or [first]) + [at + 1]
        at += 2
    if actors is None and not tokens[at]:  # a name alone on its line ('xyz'): an unknown player, no verb missed
        line.resolve(first)
    forms = _VERBS.get(tokens[at]) or _verbs(tokens[at])
    if len(forms) == 1 and forms[0] in _ONE_WORD:  # the usual: a verb of one word
        cls = forms[0]
        line.at = at + 1
    else:
        line.at = at
        cls = _form(line)
    if actors is None:
        player = line.resolve(first)
        if cls in _SEVERAL:
            line.actors = (player,)
    elif cls in _SEVERAL:
        line.actors = tuple([line.resolve(at) for at in actors])
        player = line.actors[0]
    else:
        line.at = actors[1] - 1
        line.refuse("a verb")
    line.first = first
    said = cls.read(line, player)
    if cls in _CHECKED:
        try:
            said.check(line.names)
        except NotationError as error:
            where = line.where(first)
            error.line, error.column = where.line, where.column
            raise
    return said


_CHECKED: Final = frozenset(cls for cls in BY_VERB.values() if cls.check is not Statement.check)


def _form(line: Line) -> type[Statement]:
    """The statement class named by the verb coming next, the verb read."""
    tokens, at = line.tokens, line.at
    if tokens[at] == ":":
        at += 1
        candidates = tuple(cls for cls in _AFTER_COLON if cls.form.verb in line.kinds[at])
    else:
        candidates = _verbs(tokens[at])
    for cls in candidates:
        verb = cls.form.verb
        count = PHRASES.get(verb)
        if count is None:
            line.at = at + 1
            return cls
        if phrase(tokens, at, verb):
            line.at = at + count
            return cls
    line.refuse("a verb")


def play(line: Line) -> Step:
    """A statement and what follows it: glyphs, ``$N``, ``{...}`` comments, variations."""
    start = line.at
    said = statement(line)
    tokens = line.tokens
    glyphs: list[str] = []
    notes: list = []
    while True:
        token = tokens[line.at]
        if not token:
            break
        if token in GLYPHS:
            glyphs.append(token)
            line.at += 1
        elif token[:1] == "$":
            glyphs.append(f"${line.integer(1)}")
        elif token[:1] == "{":
            notes.append(comment(line))
        elif token == "(":
            notes.append(variation(line))
        else:
            break
    if start == 0:  # the line's first statement: where its first word is needs no counting
        text = line.text
        return Step(said, tuple(glyphs), tuple(notes), line.number, len(text) - len(text.lstrip(" \t")) + 1)
    at = line.where(start)
    return Step(said, tuple(glyphs), tuple(notes), at.line, at.column)


# Comments and variations

def _joins(line: Line) -> bool:
    """Whether a ``;`` joining statements comes next (the tokenizer cuts it off alone)."""
    tokens, at = line.tokens, line.at
    return tokens[at] == ";" and NAME in line.kinds[at + 1]


def comment(line: Line) -> Comment:
    """A ``{...}`` comment, or a ``;`` comment to the end of its line."""
    at = line.at
    token = line.tokens[at]
    if token[0] == "{":
        if len(token) < 2 or token[-1] != "}":
            line.refuse("'}'")
        line.at = at + 1
        return Comment(token[1:-1].strip(), BRACE, span=line.where(at))
    text = line.text  # taken from the text: after a tag or a block line, `; Ann passes` is a comment too
    start = line._offset(at)
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    while line._offset(line.at) < end:
        line.at += 1
    if line._offset(line.at) > end:  # a `{` in the comment opened a comment that goes on past its line
        line.at -= 1
        line.refuse("the end of the line")
    return Comment(text[start + 1:end].strip(), LINE, span=line.where(at))


def _comments(line: Line) -> list[Comment]:
    """``{...}`` comments, then maybe a ``;`` comment: what may end any line."""
    found = []
    while line.peek()[:1] == "{":
        found.append(comment(line))
    if line.peek()[:1] == ";":
        found.append(comment(line))
    return found


def _skip_line_ends(line: Line) -> None:
    while line.tokens[line.at] == "\n":
        line.at += 1


def variation(line: Line) -> Variation:
    """``( ... )``: statements separated by ``;`` or line ends, comments, variations inside."""
    opened = line.at
    line.at += 1
    items: list = []
    _skip_line_ends(line)
    tokens = line.tokens
    while True:
        token = tokens[line.at]
        if token == ")":
            line.at += 1
            return Variation(tuple(items), span=line.where(opened))
        if token == "(":  # a variation of its own: of the statement before it
            inner = variation(line)
            last = next((i for i in range(len(items) - 1, -1, -1) if type(items[i]) is Step), None)
            if last is None:
                raise NotationError("a variation must follow the statement it replaces",
                                    line=inner.span.line, column=inner.span.column)
            old = items[last]
            items[last] = Step(old.statement, old.glyphs, old.notes + (inner,), line=old.line, column=old.column)
            _skip_line_ends(line)
        elif token[:1] == "{":
            items.append(comment(line))
            _skip_line_ends(line)
        elif token[:1] == ";" and not _joins(line):
            items.append(comment(line))
            line.punctuation("\n")
            _skip_line_ends(line)
        elif not token:
            line.refuse("')'")
        else:
            step = play(line)
            token = tokens[line.at]
            if _joins(line):
                line.at += 1
            elif token == "\n":
                _skip_line_ends(line)
            elif token[:1] == ";":
                note = comment(line)
                step = Step(step.statement, step.glyphs, step.notes + (note,), line=step.line, column=step.column)
                line.punctuation("\n")
                _skip_line_ends(line)
            elif token != ")":
                line.refuse("')'")
            items.append(step)


# One function per kind of line

def _end(line: Line) -> tuple[Comment, ...]:
    """The comments that end a line, and its end."""
    found = _comments(line)
    if line.peek():
        line.refuse("the end of the line")
    return tuple(found)


def read(line: Line) -> Any:
    """What the logical ``line`` holds; ``Refused`` if it is not in the language,
    ``NotationError`` for a name that names nothing."""
    found = line.kinds[0]
    if not found.isdisjoint(_LINE_STARTS):
        for name, read_line in _LINE_STARTS.items():
            if name in found and (name not in PHRASES or phrase(line.tokens, 0, name)):
                return read_line(line)
    if NAME in found:  # a statement first
        step = play(line)
        if not line.tokens[line.at]:  # the usual line: one statement
            return step
        return _play_line(line, step)
    if line.tokens[0] == "(":
        return _variation_line(line)
    return _play_line(line, None)


def _play_line(line: Line, step: Step | None) -> Any:
    """Statements joined by ``;``, maybe after ``{...}`` comments (``step``: the first, when
    read already); or a line of comments."""
    tokens = line.tokens
    leading = []
    if step is None:
        while tokens[line.at][:1] == "{":
            leading.append(comment(line))
        token = tokens[line.at]
        if not token or token[0] == ";":
            return _CommentLine(tuple(leading) + _end(line))
        step = play(line)
    steps = [step]
    while _joins(line):
        line.at += 1
        steps.append(play(line))
    if tokens[line.at][:1] == ";":  # a `;` comment ends the line: it belongs to the last step
        note = comment(line)
        last = steps[-1]
        steps[-1] = Step(last.statement, last.glyphs, last.notes + (note,), line=last.line, column=last.column)
    if tokens[line.at]:
        line.refuse("the end of the line")
    if len(steps) == 1 and not leading:
        return steps[0]
    return _StepLine(tuple(leading), tuple(steps))


def _variation_line(line: Line) -> _VariationLine:
    notes: list = [variation(line)]
    while True:
        token = line.peek()
        if token == "(":
            notes.append(variation(line))
        elif token[:1] == "{":
            notes.append(comment(line))
        else:
            break
    if line.peek()[:1] == ";" and not _joins(line):  # a `;` joining a statement: none may follow
        notes.append(comment(line))
    if line.peek():
        line.refuse("the end of the line")
    return _VariationLine(tuple(notes), notes[0].span)


def _turn(line: Line) -> Any:
    """``turn 12 Ben``, a turn's header; ``turn: 12`` in a position block."""
    line.at = 1
    if line.optional_punctuation(":"):
        number = line.integer()
        return blocks.TurnNumber(number, comments=_end(line), span=line.where(0))
    number = line.integer()
    leader = line.player()
    at = line.where(0)
    return _TurnHeader(number, leader, _end(line), at.line, at.column)


def _block_header(line: Line) -> _BlockHeader:
    line.at = 1
    return _BlockHeader(line.tokens[0].lower(), _end(line), line.where(0))


def _player_line(line: Line) -> tuple[str, bool]:
    """``hand Ann:`` and the like: the player, and whether anything follows the colon."""
    line.at = 1
    player = line.player()
    line.punctuation(":")
    token = line.peek()
    return player, bool(token) and token[0] not in "{;"


def _pool(line: Line) -> Any:
    """``pool: Ann Latrine, Ben Road`` (the leader draw; ``redeal:`` after a tie), or in a
    position block ``pool: Road, Bath`` (the pool's cards)."""
    redeal = "REDEAL" in line.kinds[0]
    line.at = 1
    line.punctuation(":")
    entries = []
    if redeal or (line.peek() and line.peek()[0] not in "{;"):
        entries.append(_pool_entry(line))
        while line.optional_punctuation(","):
            entries.append(_pool_entry(line))
    comments, span = _end(line), line.where(0)
    if line.names.block == "position" and not redeal:
        cards = tuple(line.card_named(" ".join(line.tokens[s:e]), s, e - 1) for s, e in entries)
        return blocks.Pool(cards, comments=comments, span=span)
    draws = []
    for start, end in entries:
        if end - start < 2:
            raise line.error("a leader draw names the player, then the card", start,
                             expected="a player and a card, e.g. 'Ann Latrine'")
        player = line.resolve(start)
        draws.append(blocks.Draw(player, line.card_named(" ".join(line.tokens[start + 1:end]), start + 1, end - 1)))
    return blocks.PoolDraw(tuple(draws), redeal, comments=comments, span=span)


def _pool_entry(line: Line) -> tuple[int, int]:
    """The words of one entry of a pool line: where they start and end."""
    start = line.at
    if NAME not in line.kinds[start] or line._ends(start):
        line.refuse("a card name")
    line.at = line._words_end(start + 1)
    return start, line.at


def _hand(line: Line) -> blocks.Hand:
    player, more = _player_line(line)
    cards = line.cards() if more else ()
    return blocks.Hand(player, cards, comments=_end(line), span=line.where(0))


def _camp(line: Line) -> blocks.Cards:
    """``stockpile Ann: ...``, ``vault Ann: ...``, ``clientele Ann: ...``."""
    zone = words.zone(line.tokens[0])
    player, more = _player_line(line)
    cards = line.cards() if more else ()
    return blocks.Cards(zone, player, cards, comments=_end(line), span=line.where(0))


def _influence(line: Line) -> blocks.Influence:
    player, more = _player_line(line)
    sites = line.materials() if more else ()
    return blocks.Influence(player, sites, comments=_end(line), span=line.where(0))


def _leader(line: Line) -> blocks.Leader:
    line.at = 1
    line.optional_punctuation(":")
    player = line.player()
    return blocks.Leader(player, comments=_end(line), span=line.where(0))


def _deck(line: Line) -> blocks.Deck:
    line.at = 1
    line.punctuation(":")
    if line.peek()[:1].isdecimal():
        count = line.integer()
        return blocks.Deck(count=count, comments=_end(line), span=line.where(0))
    cards = line.cards()
    return blocks.Deck(cards=cards, comments=_end(line), span=line.where(0))


def _jacks(line: Line) -> blocks.Jacks:
    line.at = 1
    line.punctuation(":")
    count = line.integer()
    return blocks.Jacks(count, comments=_end(line), span=line.where(0))


def _sites(line: Line) -> blocks.Sites:
    """``in town: Rubble 1, Wood 2, ...`` or ``out of town: ...``: sites left per material."""
    out_of_town = line.optional("OUT_OF_TOWN")
    if not out_of_town:
        line.keyword("IN_TOWN")
    line.punctuation(":")
    counts: list[tuple[words.Material, int]] = []
    while not counts or line.optional_punctuation(","):
        first = line.at
        material = line.material()
        if any(m == material for m, _ in counts):
            where = "out of town" if out_of_town else "in town"
            raise line.error(f"{material} is given twice on this '{where}:' line", first,
                             hint=f"give each material's count once: '{material} N'")
        counts.append((material, line.integer()))
    return blocks.Sites(tuple(counts), out_of_town, comments=_end(line), span=line.where(0))


def _building(line: Line) -> blocks.Building:
    """``building Ann: Temple on Marble out of town complete with Statue``."""
    player, _ = _player_line(line)
    foundation = line.card()
    line.keyword("_ON")
    site = line.material()
    marks: dict[str, bool] = {}
    while True:
        if line.optional("OUT_OF_TOWN"):
            marks["out_of_town"] = True
        elif line.optional("SITE_GIVEN"):
            marks["site_given"] = True
        elif "BUILDING_MARK" in line.kinds[line.at]:
            marks[line.peek().lower()] = True
            line.at += 1
        else:
            break
    materials = line.cards() if line.optional("_WITH") else ()
    return blocks.Building(player, foundation, site, materials=materials, comments=_end(line),
                           span=line.where(0), **marks)


_LINE_STARTS: Final = {
    "TURN": _turn, "SETUP": _block_header, "POSITION": _block_header, "POOL": _pool, "REDEAL": _pool,
    "HAND": _hand, "LEADER": _leader, "DECK": _deck, "JACKS": _jacks, "IN_TOWN": _sites,
    "OUT_OF_TOWN": _sites, "CAMP_ZONE": _camp, "INFLUENCE": _influence, "BUILDING": _building,
}
"""The line starting with each of these keywords, read by its function (any other line holds
statements, variations or comments)."""
