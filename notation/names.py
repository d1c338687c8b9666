"""Player names as people read them.

Two names of one table must not read as one: equal once Unicode-normalised (NFKC, so a
fullwidth ``Ｂen`` is ``Ben``) and case-folded (``Ann`` and ``ann``), or written with letters
that look alike (a Cyrillic ``А`` beside a Latin ``A``, a zero-width space). A record naming
such players could not be read aloud, and a reader that matched names loosely would give
one player's statements to the other. ``players_of`` is what the reader calls on the
Players tag; ``skeleton`` is the form two names are compared in.
"""

from __future__ import annotations

import unicodedata

from .errors import NotationError
from .records import Tag, split_players

# Letters of other scripts drawn like Latin ones (after NFKC): the common part of Unicode's
# confusables table (UTS #39) for the Cyrillic, Greek and Armenian letters names use.
_LOOKALIKES = str.maketrans({
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
    # Latin letters drawn like others
    "ı": "i", "ȷ": "j",
})


def skeleton(name: str) -> str:
    """The form two names are compared in: NFKC, characters that print nothing (format
    characters such as a zero-width space) left out, look-alike letters made Latin, then
    case-folded."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return unicodedata.normalize("NFKC", text.translate(_LOOKALIKES).casefold())


def _odd_letters(name: str) -> str:
    """What makes ``name`` look like another: its letters outside printable ASCII, named."""
    odd = [c for c in name if not (c.isascii() and c.isprintable())]
    return ", ".join(f"{c!r} is {unicodedata.name(c, 'an unnamed character')} (U+{ord(c):04X})"
                     for c in dict.fromkeys(odd))


def distinct(players: tuple[str, ...]) -> str | None:
    """Why two of ``players`` cannot sit at one table, or None when every name reads as its own."""
    seen: dict[str, str] = {}
    for name in players:
        key = skeleton(name)
        other = seen.get(key)
        if other is None:
            seen[key] = name
            continue
        if other == name:
            return f"{name!r} is named twice in the Players tag"
        plain = unicodedata.normalize("NFKC", other).casefold() == unicodedata.normalize("NFKC", name).casefold()
        how = "read as one name (they differ only in case or width)" if plain else "look alike"
        odd = "; ".join(filter(None, (_odd_letters(other), _odd_letters(name))))
        return f"the players {other!r} and {name!r} {how}" + (f": {odd}" if odd and not plain else "")
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
                            hint="give each player a name of their own, e.g. 'Ann, Ann B.'")
    return players
