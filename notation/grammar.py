"""The lark parser for gtr.lark and the transformer from parse to typed values.

The parser is built once (LALR, contextual lexer) with the transformer
inline, so no parse tree is built: each rule becomes its value as soon as it
is reduced. Inline transformers receive no ``meta``, so spans are taken from
the tokens themselves (every value starts with a located token).

Names are resolved while transforming: players against the Players tag, cards
against the vocabulary, roles and materials against their word sets. The
``Names`` object holds that context for the record being read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, NamedTuple

from lark import Lark, Token, Transformer

from . import blocks, words
from .errors import NotationError
from .records import BRACE, LINE, NOWHERE, Comment, Span, Step, Tag, Variation, split_players
from .scan import MAX_DIGITS, unescape
from .statements import REGISTRY, Played, ShownBuilding, grouped
from .vocabulary import UNSEEN, Vocabulary

GRAMMAR = Path(__file__).with_name("gtr.lark")

# Tag names written with a fixed spelling; other tags are kept as written.
KNOWN_TAGS = {
    name.lower(): name
    for name in (
        "Game", "Event", "Site", "Date", "Round", "Ruleset", "Players", "Expansion",
        "Rulings", "Deck", "Start", "Recorder", "Result",
    )
}
_LOWER_VALUES = {"Ruleset", "Start"}


def span(token: Token) -> Span:
    return Span(token.line, token.column)


def word_error(error: words.WordError, token: Token, expected: str) -> NotationError:
    return NotationError(
        error.message, line=token.line, column=token.column, width=len(token),
        expected=expected, hint=error.hint,
    )


class Names:
    """What names mean in the record being read: its players, its cards, its block."""

    def __init__(self, players: tuple[str, ...] = (), vocabulary: Vocabulary | None = None):
        self.players = players
        self._players = {p.lower(): p for p in players}
        self.vocabulary = vocabulary
        self.block: str | None = None

    @property
    def key(self) -> tuple:
        return (self.players, id(self.vocabulary), self.block)

    def player(self, token: Token) -> str:
        if not self._players:
            return str(token)
        found = self._players.get(token.lower())
        if found is None:
            error = words.WordError(str(token), "player", words.near(token, self.players))
            raise word_error(error, token, "a player at the table: " + ", ".join(self.players))
        return found

    def card(self, tokens: list[Token]) -> str:
        name = " ".join(tokens)
        if self.vocabulary is None or name == UNSEEN:
            return name
        try:
            return self.vocabulary.card(name)
        except words.WordError as error:
            first, last = tokens[0], tokens[-1]
            error_at = NotationError(
                error.message, line=first.line, column=first.column,
                width=last.end_column - first.column if last.line == first.line else len(first),
                expected="a card name", hint=error.hint,
            )
            raise error_at from None


def _word(read: Callable[[str], Any], expected: str) -> Callable[[Token], Any]:
    def convert(token: Token) -> Any:
        try:
            return read(str(token))
        except words.WordError as error:
            raise word_error(error, token, expected) from None

    return convert


def _number(token: Token, skip: int = 0) -> int:
    """The number a token spells (after ``skip`` characters), refused beyond ``MAX_DIGITS``."""
    digits = token[skip:]
    if len(digits) > MAX_DIGITS:
        raise NotationError(
            f"a number of {len(digits):,} digits: numbers have at most {MAX_DIGITS}", line=token.line,
            column=token.column, width=len(token), expected=f"a number of at most {MAX_DIGITS} digits")
    return int(digits)


ROLES = "a role: " + ", ".join(words.Role)
MATERIALS = "a material: " + ", ".join(words.Material)
_role = _word(words.role, ROLES)
_material = _word(words.material, MATERIALS)
_think_kind = _word(words.think_kind, "jack, refill or draw")
_zone = _word(words.zone, "a zone: " + ", ".join(words.Zone))


class _StepLine:
    """A line of statements: comments before them, then the steps."""

    __slots__ = ("comments", "steps")

    def __init__(self, comments: tuple[Comment, ...], steps: tuple[Step, ...]):
        self.comments = comments
        self.steps = steps

    def moved(self, lines: int) -> "_StepLine":
        return _StepLine(
            tuple(c.moved(lines) for c in self.comments), tuple(s.moved(lines) for s in self.steps)
        )


class _VariationLine:
    """Variations (and comments after them) on a line of their own: notes of the step before."""

    __slots__ = ("notes", "span")

    def __init__(self, notes: tuple, span: Span):
        self.notes = notes
        self.span = span

    def moved(self, lines: int) -> "_VariationLine":
        return _VariationLine(tuple(n.moved(lines) for n in self.notes), self.span.moved(lines))


class _CommentLine:
    __slots__ = ("comments",)

    def __init__(self, comments: tuple[Comment, ...]):
        self.comments = comments

    def moved(self, lines: int) -> "_CommentLine":
        return _CommentLine(tuple(c.moved(lines) for c in self.comments))


class _TurnHeader(NamedTuple):
    """A turn header line (a tuple: the quick reading makes one per ``turn N Leader`` line,
    and a tuple is made in one call)."""

    number: int
    leader: str
    comments: tuple[Comment, ...]
    span: Span

    def moved(self, lines: int) -> "_TurnHeader":
        comments = tuple(c.moved(lines) for c in self.comments)
        return _TurnHeader(self.number, self.leader, comments, self.span.moved(lines))


class _BlockHeader:
    __slots__ = ("word", "comments", "span")

    def __init__(self, word: str, comments: tuple[Comment, ...], span: Span):
        self.word, self.comments, self.span = word, comments, span

    def moved(self, lines: int) -> "_BlockHeader":
        return _BlockHeader(self.word, tuple(c.moved(lines) for c in self.comments), self.span.moved(lines))


def _comment(token: Token) -> Comment:
    if token.type == "LINE_COMMENT":
        return Comment(token[1:].strip(), LINE, span=span(token))
    return Comment(token[1:-1].strip(), BRACE, span=span(token))


def _trailing(children: list) -> tuple[Comment, ...]:
    """The comments at the end of a line (the children after the meaning)."""
    return tuple(_comment(c) for c in children if isinstance(c, Token) and c.type in _COMMENTS)


_COMMENTS = {"LINE_COMMENT", "BRACE_COMMENT"}


def make_tag(name: str, quoted: str, comment: Comment | None, at: Span) -> Tag:
    """The tag ``[name "value"]`` (``quoted`` with its quotes), known names and values in
    their fixed spelling."""
    name = KNOWN_TAGS.get(name.lower(), name)
    value = unescape(quoted[1:-1])
    if name == "Players":
        value = ", ".join(split_players(value))
    elif name in _LOWER_VALUES:
        value = value.strip().lower()
    return Tag(name, value, comment, span=at)


class ToRecords(Transformer):
    """Turns each reduced rule into its typed value (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.names = Names()

    # Tags

    def tag(self, c: list) -> Tag:
        name_token, value_token, *rest = c
        comment = _comment(rest[0]) if rest else None
        return make_tag(str(name_token), value_token, comment, span(name_token))

    # Lines of the turns

    def turn_header(self, c: list) -> _TurnHeader:
        return _TurnHeader(_number(c[1]), self.names.player(c[2]), _trailing(c[3:]), span(c[0]))

    def play_line(self, c: list) -> _StepLine:
        leading: tuple[Comment, ...] = ()
        if isinstance(c[0], tuple):
            leading, c = c[0], c[1:]
        steps = c[0]
        if len(c) > 1:  # a `;` comment ends the line: it belongs to the last step
            last = steps[-1]
            steps[-1] = Step(last.statement, last.glyphs, last.notes + (_comment(c[1]),), span=last.span)
        return _StepLine(leading, tuple(steps))

    def plays(self, c: list) -> list[Step]:
        return c

    def play(self, c: list) -> Step:
        statement, *annotations = c
        glyphs, notes = [], []
        for item in annotations:
            if isinstance(item, Variation):
                notes.append(item)
            elif item.type == "GLYPH":
                glyphs.append(str(item))
            elif item.type == "NAG":
                glyphs.append(f"${_number(item, 1)}")
            else:
                notes.append(_comment(item))
        # the step holds the position; the statement is kept without one, so a line read
        # again elsewhere shares it (see notation/fastpath.py)
        return Step(statement.moved_to(NOWHERE), tuple(glyphs), tuple(notes), span=statement.span)

    vplay = play

    def variation_line(self, c: list) -> _VariationLine:
        notes = tuple(n if isinstance(n, Variation) else _comment(n) for n in c)
        return _VariationLine(notes, notes[0].span)

    def variation(self, c: list) -> Variation:
        items: list = []
        for item in c[1:]:
            if isinstance(item, Variation):  # on a line of its own: a note of the step before
                steps = [i for i, s in enumerate(items) if isinstance(s, Step)]
                if not steps:
                    raise NotationError("a variation must follow the statement it replaces",
                                        line=item.span.line, column=item.span.column)
                old = items[steps[-1]]
                items[steps[-1]] = Step(old.statement, old.glyphs, old.notes + (item,), span=old.span)
            else:
                items.append(item)
        return Variation(tuple(items), span=span(c[0]))

    def vcomment(self, c: list) -> Comment:
        return _comment(c[0])

    def comment_line(self, c: list) -> _CommentLine:
        comments = c[0] if isinstance(c[0], tuple) else ()
        return _CommentLine(comments + _trailing(c))

    def brace_comments(self, c: list) -> tuple[Comment, ...]:
        return tuple(_comment(t) for t in c)

    # Setup and position blocks

    def setup_header(self, c: list) -> _BlockHeader:
        return _BlockHeader("setup", _trailing(c), span(c[0]))

    def position_header(self, c: list) -> _BlockHeader:
        return _BlockHeader("position", _trailing(c), span(c[0]))

    def pool_line(self, c: list) -> blocks._Line:
        keyword = c[0]
        entries = c[1] if len(c) > 1 and isinstance(c[1], list) else []
        comments = _trailing(c)
        if self.names.block == "position" and keyword.type == "POOL":
            cards = tuple(self.names.card(words_) for words_ in entries)
            return blocks.Pool(cards, comments=comments, span=span(keyword))
        draws = []
        for entry in entries:
            if len(entry) < 2:
                raise NotationError(
                    "a leader draw names the player, then the card", line=entry[0].line,
                    column=entry[0].column, width=len(entry[0]), expected="a player and a card, e.g. 'Ann Latrine'",
                )
            draws.append(blocks.Draw(self.names.player(entry[0]), self.names.card(entry[1:])))
        return blocks.PoolDraw(tuple(draws), keyword.type == "REDEAL", comments=comments, span=span(keyword))

    def pool_entries(self, c: list) -> list:
        return c

    def pool_entry(self, c: list) -> list:
        return c

    def hand_line(self, c: list) -> blocks.Hand:
        cards = c[2] if len(c) > 2 and isinstance(c[2], tuple) else ()
        return blocks.Hand(self.names.player(c[1]), cards, comments=_trailing(c), span=span(c[0]))

    def leader_line(self, c: list) -> blocks.Leader:
        return blocks.Leader(self.names.player(c[1]), comments=_trailing(c), span=span(c[0]))

    def turn_number_line(self, c: list) -> blocks.TurnNumber:
        return blocks.TurnNumber(_number(c[1]), comments=_trailing(c), span=span(c[0]))

    def deck_count_line(self, c: list) -> blocks.Deck:
        return blocks.Deck(count=_number(c[1]), comments=_trailing(c), span=span(c[0]))

    def deck_cards_line(self, c: list) -> blocks.Deck:
        return blocks.Deck(cards=c[1], comments=_trailing(c), span=span(c[0]))

    def jacks_line(self, c: list) -> blocks.Jacks:
        return blocks.Jacks(_number(c[1]), comments=_trailing(c), span=span(c[0]))

    def sites_line(self, c: list) -> blocks.Sites:
        out_of_town = c[0].type == "OUT_OF_TOWN"
        return blocks.Sites(c[1], out_of_town, comments=_trailing(c), span=span(c[0]))

    def site_counts(self, c: list) -> tuple:
        return tuple(c)

    def site_count(self, c: list) -> tuple:
        return (_material(c[0]), _number(c[1]))

    def zone_line(self, c: list) -> blocks.Cards:
        cards = c[2] if len(c) > 2 and isinstance(c[2], tuple) else ()
        zone = _zone(c[0])
        return blocks.Cards(zone, self.names.player(c[1]), cards, comments=_trailing(c), span=span(c[0]))

    def influence_line(self, c: list) -> blocks.Influence:
        sites = c[2] if len(c) > 2 and isinstance(c[2], tuple) else ()
        return blocks.Influence(self.names.player(c[1]), sites, comments=_trailing(c), span=span(c[0]))

    def building_line(self, c: list) -> blocks.Building:
        foundation, site, marks, materials = c[2]
        return blocks.Building(
            self.names.player(c[1]), foundation, site, materials=materials,
            comments=_trailing(c), span=span(c[0]), **marks,
        )

    def building(self, c: list) -> tuple:
        foundation, site, *rest = c
        marks: dict[str, bool] = {}
        materials: tuple[str, ...] = ()
        for item in rest:
            if isinstance(item, tuple):
                materials = item
            else:
                marks["out_of_town" if item.type == "OUT_OF_TOWN" else item.lower()] = True
        return foundation, _material(site), marks, materials

    # Cards and materials

    def cards(self, c: list) -> tuple[str, ...]:
        return tuple(c)

    def card(self, c: list) -> str:
        return self.names.card(c)

    def played(self, c: list) -> Played:
        return grouped(c)

    def played_unit(self, c: list) -> tuple[str, ...]:
        return tuple(c)

    def kept(self, c: list) -> tuple[tuple[str, str], ...]:
        return tuple(c)

    def kept_card(self, c: list) -> tuple[str, str]:
        if len(c) == 1:
            return ("", c[0])
        owner, card = c
        return (_CONVERT_TERMINAL["OWNER"](self, owner), card)

    def drawn(self, c: list) -> tuple[str, ...]:
        return c[0] if c else ()

    def source_card(self, c: list) -> tuple:
        return (c[0], _zone(c[1]) if len(c) > 1 else None)

    def drawn_card(self, c: list) -> tuple:
        zone = _zone(c[1])
        if zone is not words.Zone.DECK:
            raise NotationError(
                f"a card in brackets comes from the deck, not the {zone}", line=c[1].line,
                column=c[1].column, width=len(c[1]), expected="'deck'",
                hint=f"write the card without brackets: '{c[0]} from {zone}'",
            )
        return (c[0], zone)

    def materials(self, c: list) -> tuple[words.Material, ...]:
        return tuple(_material(t) for t in c)

    def under_card(self, c: list) -> tuple:
        """A material and the player's building it lies under (Castra Praetoria, Solarium)."""
        return (c[0], c[1])

    def under(self, c: list) -> str:
        """The building after ``from`` in place of a zone: a word that is neither is worded as an
        unexpected zone, the usual mistake."""
        try:
            return self.names.card(c)
        except NotationError:
            first, last = c[0], c[-1]
            word = " ".join(c)
            close = words.near(word, [z.value for z in words.Zone])
            raise NotationError(
                f"unexpected {word!r}", line=first.line, column=first.column,
                width=last.end_column - first.column if last.line == first.line else len(first),
                expected="a zone: " + ", ".join(words.Zone) + "; or the building a material lies under",
                hint=f"did you mean {close[0]!r}?" if close else None) from None

    def shown(self, c: list) -> tuple:
        return tuple(c)

    def shown_building(self, c: list) -> ShownBuilding:
        return ShownBuilding(_CONVERT_TERMINAL["OWNER"](self, c[0]), c[1])

    # Statements: one method per registered kind (added below)


_CONVERT_TERMINAL: dict[str, Callable[[ToRecords, Token], Any]] = {
    "PLAYER": lambda self, token: self.names.player(token),
    "OWNER": lambda self, token: self.names.player(Token.new_borrow_pos("PLAYER", token[:-2], token)),
    "ROLE": lambda self, token: _role(token),
    "MATERIAL": lambda self, token: _material(token),
    "THINK_KIND": lambda self, token: _think_kind(token),
    "OUT_OF_TOWN": lambda self, token: True,
    "ZONE_WORD": lambda self, token: _zone(token),
}


def _statement_method(kind: str) -> Callable[[ToRecords, list], Any]:
    cls = REGISTRY[kind]

    def build(self: ToRecords, c: list) -> Any:
        first = c[0]
        parts = [_CONVERT_TERMINAL[p.type](self, p) if isinstance(p, Token) else p for p in c]
        statement = cls.build(parts, span(first))
        check = getattr(statement, "check", None)
        if check is not None:
            check(self.names)
        return statement

    build.__name__ = kind
    return build


for _kind in REGISTRY:
    setattr(ToRecords, _kind, _statement_method(_kind))


def build_parser(transformer: Transformer | None) -> Lark:
    return Lark.open(
        str(GRAMMAR), parser="lalr", lexer="contextual", propagate_positions=True,
        start=["start", "tag", "line"], transformer=transformer, maybe_placeholders=False,
    )
