"""Player names as people read them.

Two names of one table must not read as one: equal once Unicode-normalised (NFKC, so a
fullwidth ``Ｂen`` is ``Ben``) and case-folded (``Ann`` and ``ann``), or written with letters
that look alike (a Cyrillic ``А`` beside a Latin ``A``, a zero-width space). A record naming
such players could not be read aloud, and a reader that matched names loosely would give
one player's statements to the other. ``players_of`` is what the reader calls on the
Players tag; ``skeleton`` is the form two names are compared in.
"""

from __future__ import annotations

import re
import unicodedata

from .errors import NotationError
from .records import Tag, split_players

# Letters of other scripts drawn like Latin ones (after NFKC): the common part of Unicode's
# confusables table (UTS #39) for the Cyrillic, Greek, Armenian and Cherokee letters, the Latin
# letters drawn like others, and the digits drawn like letters.
_LIKE = {
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M", "Н": "H", "О": "O",
    "Р": "P", "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Һ": "H",
    "а": "a", "е": "e", "ѕ": "s", "і": "i", "ј": "j", "о": "o", "р": "p", "с": "c", "х": "x", "у": "y",
    "ү": "y", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "Ӏ": "I", "ɡ": "g",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v", "ρ": "p", "ι": "i", "κ": "k", "α": "a",
    "υ": "u", "τ": "t",
    # Armenian
    "Օ": "O", "օ": "o", "Ս": "U", "ս": "u", "ց": "g", "հ": "h", "ո": "n", "զ": "q",
    # Cherokee (capitals; the small letters are folded to them first)
    "Ꭰ": "D", "Ꭱ": "R", "Ꭲ": "T", "Ꭵ": "i", "Ꭹ": "Y", "Ꭺ": "A", "Ꭻ": "J", "Ꭼ": "E", "Ꮃ": "W", "Ꮇ": "M",
    "Ꮋ": "H", "Ꮍ": "Y", "Ꮐ": "G", "Ꮒ": "h", "Ꮓ": "Z", "Ꮟ": "b", "Ꮢ": "R", "Ꮤ": "W", "Ꮥ": "S", "Ꮩ": "V",
    "Ꮪ": "S", "Ꮮ": "L", "Ꮯ": "C", "Ꮲ": "P", "Ꮶ": "K", "Ᏼ": "B", "Ꮻ": "O",
    # Latin letters drawn like others
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɩ": "i", "ʀ": "R", "ᴀ": "A", "ʙ": "B", "ᴄ": "C", "ᴅ": "D", "ᴇ": "E",
    "ʜ": "H", "ᴊ": "J", "ᴋ": "K", "ᴍ": "M", "ɴ": "N", "ᴏ": "O", "ᴘ": "P", "ᴛ": "T", "ᴜ": "U", "ᴠ": "V",
    "ᴡ": "W", "ᴢ": "Z", "ſ": "f",
    # Digits and strokes drawn like letters
    "0": "o", "O": "o", "1": "l", "|": "l", "I": "l",
}
_STROKE = "\u01c0"
"""What every upright stroke (I, l, 1, |) becomes: apart from i and L once case-folded."""


def _composed(table: dict[str, str]) -> dict[int, str]:
    """``table`` followed to its end (a Cyrillic І is I, and I is a stroke), for ``str.translate``."""
    final = {}
    for char, like in table.items():
        while like in table and table[like] != like:
            like = table[like]
        final[ord(char)] = like
    return final


_LOOKALIKES = _composed({**_LIKE, "l": _STROKE})
_FOLDED = {key: like for key, like in _LOOKALIKES.items() if key != ord("l")}
"""The look-alikes once case-folded: a folded L is an l, not a stroke."""
_PAIRS = (("rn", "m"), ("vv", "w"))
"""Pairs of letters drawn like one (UTS #39)."""


def skeleton(name: str) -> str:
    """The form two names are compared in for looking alike: NFKC, characters that print
    nothing (format characters such as a zero-width space) left out, look-alike letters and
    digits made one (``Ꭺnn`` and ``Ann``, ``ɑnn`` and ``ann``, ``Ian`` and ``lan``, ``B0b`` and
    ``Bob``), then case-folded. ``plain`` is the form for reading as one name."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    # small Cherokee letters fold to the capitals: made Latin after folding too, then folded again
    text = text.translate(_LOOKALIKES).casefold().translate(_FOLDED).casefold()
    text = unicodedata.normalize("NFKC", text)
    for pair, one in _PAIRS:
        text = text.replace(pair, one)
    return text


def plain(name: str) -> str:
    """The form two names are compared in for reading as one: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


_REFUSED = '[]{}();:"\\<>'
"""Characters a name may not hold: the notation's own delimiters, and markup's."""
_INVISIBLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
"""Categories of characters that print nothing or move the text: control and format characters
(a right-to-left override), surrogates, private and unassigned code points, line separators."""


def refused_character(name: str) -> tuple[int, str] | None:
    """Where in ``name`` a character it may not hold stands, and why; None when it holds none."""
    for index, char in enumerate(name):
        category = unicodedata.category(char)
        if category in _INVISIBLE:
            kind = {"Cc": "a control character", "Cf": "a format character", "Zl": "a line separator",
                    "Zp": "a paragraph separator"}.get(category, "a character that prints nothing")
            named = unicodedata.name(char, "")
            return index, f"{kind}, " + (f"{named} " if named else "") + f"(U+{ord(char):04X})"
        if char in _REFUSED:
            return index, f"{char!r}, which the notation or markup uses"
    return None


def combining_mark(text: str) -> tuple[int, str, str] | None:
    """Where in ``text`` a combining mark follows a letter (a decomposed 'ë', e + U+0308, which a
    name or a word never holds), the mark in words and how to type it; None when there is none."""
    for index, char in enumerate(text):
        if index and unicodedata.category(char) in ("Mn", "Mc", "Me"):
            whole = unicodedata.normalize("NFC", text[index - 1:index + 1])
            named = unicodedata.name(char, "unnamed").lower()
            words = f"a combining mark, {named} (U+{ord(char):04X}), after {text[index - 1]!r}"
            hint = (f"type {whole!r} as one letter" if len(whole) == 1 else "type the letter without the mark") + \
                   " (a keyboard's own accented letter, or the file saved as NFC)"
            return index, words, hint
    return None


def _odd_letters(name: str) -> str:
    """What makes ``name`` look like another: its letters outside printable ASCII, named."""
    odd = [c for c in name if not (c.isascii() and c.isprintable())]
    return ", ".join(f"{c!r} is {unicodedata.name(c, 'an unnamed character')} (U+{ord(c):04X})"
                     for c in dict.fromkeys(odd))


def distinct(players: tuple[str, ...]) -> str | None:
    """Why two of ``players`` cannot sit at one table, or None when every name reads as its own."""
    seen: dict[tuple[str, str], str] = {}
    for name in players:
        keys = ("plain", plain(name)), ("skeleton", skeleton(name))
        other = next((seen[key] for key in keys if key in seen), None)
        if other is None:
            seen.update({key: name for key in keys})
            continue
        if other == name:
            return f"{name!r} is named twice in the Players tag"
        same = plain(other) == plain(name)
        how = "read as one name (they differ only in case or width)" if same else "look alike"
        odd = "; ".join(filter(None, (_odd_letters(other), _odd_letters(name))))
        return f"the players {other!r} and {name!r} {how}" + (f": {odd}" if odd and not same else "")
    return None


def players_of(tags: list[Tag] | tuple[Tag, ...]) -> tuple[str, ...]:
    """The seating order from the Players tag among ``tags`` (empty without one), refused with a
    located ``NotationError`` when two names read as one (``distinct``)."""
    tag = next((t for t in tags if t.name == "Players"), None)
    if tag is None:
        return ()
    players = split_players(tag.value)
    problem = distinct(players)
    if problem is not None:
        raise NotationError(problem, line=tag.span.line, column=tag.span.column,
                            hint="give each player a name of their own, e.g. 'Ann, AnnB'")
    for name in players:
        found = refused_character(name)
        column = tag.span.column + len(tag.name) + 2 + tag.value.find(name)  # escapes aside
        if found is not None:
            index, what = found
            raise NotationError(f"the player name {name!r} holds {what}", line=tag.span.line, column=column + index,
                                hint=_ONE_WORD)
        mark = combining_mark(name)
        if mark is not None:
            index, words, hint = mark
            raise NotationError(f"the player name {name!r} holds {words}", line=tag.span.line,
                                column=column + index, hint=hint)
        if not _WORD.fullmatch(name):
            raise NotationError(f"the player name {name!r} is not one word: a statement names its player in one "
                                "word", line=tag.span.line, column=column, hint=_ONE_WORD)
        if name.casefold() in _LINE_START:
            raise NotationError(f"the player name {name!r} is a word a line starts with ({name.casefold()}: ...)",
                                line=tag.span.line, column=column, hint="give the player another name")
    return players


_WORD = re.compile(r"[^\W\d][\w-]*")
"""A player's name as a statement reads it (the grammar's PLAYER)."""
_ONE_WORD = "write each name as one word of letters, digits and '-', starting with a letter, e.g. 'AnnB' or 'Ann-B'"
BLOCK_WORDS = ("turn", "leader", "deck", "jacks", "pool", "redeal", "in town", "out of town", "hand", "influence",
               "building", "stockpile", "vault", "clientele")
"""The words a line of the setup or position block starts with (notation/README.md)."""
_LINE_START = frozenset({"setup", "position", *(words.split()[0] for words in BLOCK_WORDS)})
"""The words a line of the notation starts with: never a player's name."""
