"""Records that start from a described position, for the player program's tests: each is
judged at one statement (``decision_at``) where one legal decision wins at once."""

from __future__ import annotations

import notation

from gtr_replay.engine import Game
from gtr_replay.game.decisions import Decision
from gtr_replay.game.state import GameState
from gtr_replay.play.analysis import positions
from gtr_replay.vocabulary import card_vocabulary

FORUM_ROMANUM = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Left"]
[Start "position"]

position
  leader: You
  deck: {deck}
  hand You: Dock, Basilica, Bath
  clientele You: Palace, Bar, Tower, Market, Atrium, Garden
  stockpile You: Insula, Palisade, Bath, Wall, Villa, Statue
  building You: Forum Romanum on Marble with Temple, Temple
  building You: Aqueduct on Concrete complete with Bridge, Amphitheatre
  hand Left: {left}
  vault Left: {vault}
  clientele Left: Palace, Bar, Tower, Market, Atrium, Garden
  building Left: Aqueduct on Concrete complete with Bridge, Amphitheatre

turn 1 You
  You leads Craftsman with Dock
  Left follows with Dock
  {action}
"""
"""B-FORUMROMANUM-1, R-END-1d: a client of each role and a material of each kind in the
stockpile; completing the Forum Romanum with the Basilica wins at once (EX-BB-FORUMROMANUM-1)."""

WINS_FORUM = "You adds Basilica to Forum Romanum"

CATACOMB = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Right, You, Left"]
[Start "position"]

position
  leader: You
  hand Right: Academy, Wall
  hand You: Dock, Prison, Road
  clientele You: Palisade
  vault You: Temple
  building You: Catacomb on Stone with Garden, Villa
  hand Left: Tower, Atrium

turn 1 You
  You leads Craftsman with Dock
  Left thinks: jack
  Right thinks: jack
  You adds Prison to Catacomb
"""
"""B-CATACOMB-1, R-END-2: completing the Catacomb ends the game at once, decided by scoring;
You is ahead by the vault (R-SCORE-2), and the deck is whole: played on, the game is open."""

WINS_CATACOMB = "You adds Prison to Catacomb"

PLEBIAN_COUNCIL = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Romulus, Remus, Hannibal"]
[Expansion "geek: Plebian Council"]
[Start "position"]

position
  leader: Romulus
  deck: Bar, Insula, Dock, Market, Statue, Temple, Road, Latrine
  hand Romulus: Jack, Gate, Market, Tower
  clientele Romulus: Latrine, Road, Insula
  building Romulus: Plebian Council on Brick with School
  hand Remus: Road
  clientele Remus: Bar, Academy
  hand Hannibal: Bath

turn 1 Romulus
  Romulus leads Craftsman with Jack
  Remus thinks: jack
  Hannibal thinks: jack
  Romulus adds Gate to Plebian Council
"""
"""G-PLEBIANCOUNCIL-1: with the Plebian Council complete, 4 Laborer clients against 1
Legionary, and Romulus's 3 more than anyone's: completing it wins at once."""

WINS_COUNCIL = "Romulus adds Gate to Plebian Council"


def forum_romanum(*, action: str = WINS_FORUM, left: str = "Dock, Basilica", vault: str = "Temple",
                  deck: str = "Latrine, Latrine, Latrine, Latrine, Latrine, Latrine") -> str:
    return FORUM_ROMANUM.format(action=action, left=left, vault=vault, deck=deck)


def record_of(text: str) -> notation.Record:
    return notation.parse(text, vocabulary=card_vocabulary())[0]


def decision_at(text: str, at: int) -> tuple[Game, str, Decision]:
    """The game before statement ``at`` of the record's main line, who decides there and the
    decision recorded."""
    position = positions(record_of(text), at=at)[0]
    return Game(GameState.from_dict(position.state)), position.player, position.decision

BAR = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Start "position"]

position
  leader: Ann
  deck: {deck}
  pool: Tower
  hand Ann: Statue, Dock
  building Ann: Bar on Rubble complete with Road
  hand Ben: Bath

turn 1 Ann
  Ann leads Patron with Statue
  Ben thinks: jack
  Ann hires Tower
"""
"""B-BAR-1: a Patron action may hire the deck's top card, which Ann has not seen."""


def bar(deck: str = "Road, Wall, Latrine, Latrine, Temple, Insula") -> str:
    return BAR.format(deck=deck)
