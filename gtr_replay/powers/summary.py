"""A power's short form, for views: the first clause of its docstring, without the edition
label or the rule IDs ("Your hand refill size is two cards larger")."""

from __future__ import annotations

import re
from functools import cache

from gtr_replay.powers.base import Power, Ruleset
from gtr_replay.powers.registry import power_for

_LABEL = re.compile(r"^(Black Box|Classic|Republic|Imperium):\s*")
_CITATION = re.compile(r"\s*\([^()]*\b(?:R|B|BC|C|G|AMB)-[A-Z0-9-]+[^()]*\)")
_CLAUSE_END = re.compile(r"[.;](\s|$)")


def short_form(power: Power) -> str:
    """The first clause of the power's text, capitalised, without citations."""
    text = " ".join((type(power).__doc__ or "").split())
    text = _CITATION.sub("", _LABEL.sub("", text))
    end = _CLAUSE_END.search(text)
    clause = (text[:end.start()] if end else text).strip().rstrip(",:")
    return clause[:1].upper() + clause[1:]


@cache
def summary(ruleset: Ruleset | str, building: str) -> str | None:
    """The short form of ``building``'s power in ``ruleset``; None when it has none written."""
    power = power_for(ruleset, building)
    return short_form(power) if power is not None else None
