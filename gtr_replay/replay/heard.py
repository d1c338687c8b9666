"""A statement as the players other than its actor hear it at the table (R-VAULT-1, AMB-25):
the cards a think draws, or a power takes from the deck into the hand (B-FOUNTAIN-1), are
seen by their taker alone, and a card sold face down from a hand (a Basilica) or from the
deck (an Atrium) goes into the vault unseen by the others. The rest of a statement is said
aloud."""

from __future__ import annotations

from dataclasses import replace

from notation import Zone
from notation import statements as st

from gtr_replay.game.piles import UNSEEN


def others_hear(statement: st.Statement) -> st.Statement:
    """``statement`` with what only its actor sees written ``?``."""
    if isinstance(statement, st.Think) and statement.drawn:
        return replace(statement, drawn=(UNSEEN,) * len(statement.drawn))
    if isinstance(statement, st.Sell) and statement.source in (Zone.HAND, Zone.DECK):
        return replace(statement, card=UNSEEN)
    if isinstance(statement, st.Take) and statement.source is Zone.DECK:
        return replace(statement, card=UNSEEN)
    return statement


def heard_text(statement: st.Statement) -> str | None:
    """The text the other players hear, where it says less than ``statement``; None where
    everything in it was said aloud."""
    heard = others_hear(statement)
    return None if heard is statement else str(heard)
