"""Player programs named as a seat list writes them: ``random``, ``greedy``, ``bot`` (the
search player at the default budget) or ``bot:N`` (N playouts a decision)."""

from __future__ import annotations

from gtr_replay.errors import UsageError
from gtr_replay.play.players import GreedyPlayer, Player, RandomPlayer
from gtr_replay.play.search import SearchPlayer

KINDS = ("random", "greedy", "bot", "bot:N")


def player_named(text: str) -> Player:
    """The player program ``text`` names."""
    kind, _, budget = text.strip().partition(":")
    kind = kind.strip().lower()
    if kind == "random" and not budget:
        return RandomPlayer()
    if kind == "greedy" and not budget:
        return GreedyPlayer()
    if kind == "bot":
        if not budget:
            return SearchPlayer()
        if budget.strip().isdigit() and int(budget) > 0:
            return SearchPlayer(int(budget))
        raise UsageError(f"{text.strip()!r}: a bot's budget is a number of playouts, at least 1",
                         hint="write e.g. bot:200")
    raise UsageError(f"no player program {text.strip()!r}", hint=f"write one of {', '.join(KINDS)}")


def seat_players(text: str, players: int) -> list[Player]:
    """One program per seat from a comma-separated list (``"bot, bot:100, random"``), in
    seating order; one name alone is every seat's."""
    names = [part for part in text.split(",")]
    if any(not part.strip() for part in names):
        raise UsageError(f"--seats {text!r} has an empty entry", hint='write e.g. --seats "bot, greedy, random"')
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--seats names {len(names)} program(s) for {players} players",
                         hint="name one per player, in seating order, or one for all")
    return [player_named(name) for name in names]
