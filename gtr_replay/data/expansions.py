"""Which optional cards a game uses: the ``Expansion`` tag (R-VER-2, 000§Appendix III).

The Black Box rulebook's unofficial Geek expansion adds ten buildings to republic and
imperium; a group plays with any of them ("Use any cards from this expansion you like,
leaving out the ones you don't"). ``[Expansion "geek"]`` puts all ten into the deck,
``[Expansion "geek: Castra, Domus"]`` only those; a game without the tag has none.

``expansion_cards`` reads such a value (any case, the card names as the card data spells
them) into the sorted tuple of names a game state keeps (``GameState.expansions``), and
``expansion_tag`` writes that tuple back as the tag's canonical value.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from gtr_replay.data.cards import cards_for
from gtr_replay.enums import Ruleset
from gtr_replay.errors import UnknownNameError, UsageError

GEEK = "geek"
"""The name of the one expansion there is: the Geek cards of 000§Appendix III."""

TAG_FORMS = 'write "geek" for all ten Geek cards, or "geek: Castra, Domus" for some'


def geek_cards() -> tuple[str, ...]:
    """The ten Geek cards, sorted (they are the same for republic and imperium)."""
    return tuple(sorted(cards_for(Ruleset.REPUBLIC).optional))


def expansion_cards(value: str | Iterable[str] | None, ruleset: Ruleset | str) -> tuple[str, ...]:
    """The optional cards ``value`` names, sorted: ``geek`` (all ten), ``geek: A, B`` (those),
    an iterable of card names, or nothing (``None``, ``""``: no optional card).

    Raises ``UnknownNameError`` (a name that is no Geek card, with the closest) or
    ``UsageError`` (the expansion with the classic ruleset, a value of another form)."""
    if value is None:
        return ()
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return ()
        word, colon, rest = text.partition(":")
        if word.strip().casefold() != GEEK:
            raise UnknownNameError(f"unknown expansion {word.strip()!r}: the optional cards are the Geek ones",
                                   hint=TAG_FORMS, choices=[GEEK])
        if not colon:
            names: list[str] = list(geek_cards())
        else:
            names = [n.strip() for n in rest.split(",") if n.strip()]
            if not names:
                raise UsageError("no Geek card named after 'geek:'", hint=TAG_FORMS)
    else:
        names = [str(n).strip() for n in value]
        if not names:
            return ()
    card_set = cards_for(ruleset)
    if not card_set.optional:
        raise UsageError(f"the Geek cards are played with republic and imperium, not {card_set.ruleset}",
                         hint="leave out the Expansion, or play the republic or imperium rules")
    return tuple(sorted({_geek_card(name, card_set.optional) for name in names}))


def _geek_card(name: str, optional: dict) -> str:
    """The Geek card called ``name`` (any case), or an error naming the closest."""
    if name in optional:
        return name
    folded = {key.casefold(): key for key in optional}
    if name.casefold() in folded:
        return folded[name.casefold()]
    close = difflib.get_close_matches(name.casefold(), list(folded), n=3, cutoff=0.6)
    choices = [folded[c] for c in close]
    raise UnknownNameError(f"{name!r} is not a Geek card",
                           hint=f"did you mean {choices[0]!r}?" if choices else
                           f"the Geek cards are {', '.join(sorted(optional))}", choices=choices)


def expansion_tag(cards: Iterable[str]) -> str | None:
    """The canonical value of the Expansion tag for these optional cards: ``geek`` when all
    ten, else ``geek: A, B`` in alphabetical order; None for none (no tag is written)."""
    names = tuple(sorted(set(cards)))
    if not names:
        return None
    if names == geek_cards():
        return GEEK
    return f"{GEEK}: {', '.join(names)}"


def canonical_tag(value: str) -> str:
    """An Expansion tag's value written canonically, or as it is when it names no Geek cards
    (a record's identity then keeps what it says, ``store.rows.game_id``)."""
    try:
        return expansion_tag(expansion_cards(value, Ruleset.REPUBLIC)) or value
    except UsageError:
        return value


def left_out(ruleset: Ruleset | str, names: Iterable[str], chosen: tuple[str, ...]) -> list[str]:
    """The Geek cards among ``names`` that a game with the optional cards ``chosen`` leaves out."""
    optional = cards_for(ruleset).optional
    return sorted({n for n in names if n in optional and n not in chosen})


def not_in_game(names: list[str]) -> str:
    """Says that the Geek cards ``names`` are not in the game (R-VER-2)."""
    return f"{', '.join(names)} {'is a Geek card' if len(names) == 1 else 'are Geek cards'}, not in this game"


def geek_hint(names: list[str], chosen: tuple[str, ...]) -> str:
    """How to put the Geek cards ``names`` into the game: the Expansion tag that names them."""
    wanted = ", ".join(sorted({*chosen, *names}))
    return f'add [Expansion "geek: {wanted}"] to the tags ({TAG_FORMS})'


def outside_the_game(ruleset: Ruleset | str, names: Iterable[str], chosen: tuple[str, ...]) -> str | None:
    """The hint for the Geek cards among ``names`` that the game leaves out, or None."""
    found = left_out(ruleset, names, chosen)
    return f"{not_in_game(found)}: {geek_hint(found, chosen)}" if found else None
