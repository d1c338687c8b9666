"""Random valid records covering every statement form, block line and annotation.

The records are built as values (not text) and already in the form the reader
gives back: turns follow the turn structure (the leader passes clockwise; a
lead is answered by every other player, in seat order; thinks among the
actions are never by the next leader), so headers can be left out and found
again.
"""

from __future__ import annotations

import random

from notation import (
    Add, Building, Cards, Comment, Deck, Demand, Discard, Draw, Follow, Gather, Give, Glory, Hand,
    Hire, Influence, Jacks, Keep, Lay, Lead, Leader, Material, Pass, Pool, PoolDraw, Position,
    Record, Role, Sell, Setup, Sites, Slay, Steal, Step, Surrender, Tag, Take, TearDown, Think, ThinkKind, Trigger,
    Turn, TurnNumber, Variation, Vocabulary, Zone,
)
from notation.cards import EDITIONS, GEEK

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve"]
CARDS = sorted(set(EDITIONS["republic"] + EDITIONS["imperium"] + EDITIONS["classic"] + GEEK))
WORDS = ["she", "wants", "the", "Bath", "later", "a", "stronger", "start", "why", "not", "Rome", "42"]
VOCABULARY = Vocabulary.default()


class Maker:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def card(self, unseen: bool = False) -> str:
        r = self.rng.random()
        if unseen and r < 0.15:
            return "?"
        return "Jack" if r > 0.95 else self.rng.choice(CARDS)

    def cards(self, low: int = 1, high: int = 3, unseen: bool = False) -> tuple[str, ...]:
        return tuple(self.card(unseen) for _ in range(self.rng.randint(low, high)))

    def text(self) -> str:
        return " ".join(self.rng.choice(WORDS) for _ in range(self.rng.randint(1, 5)))

    def comment(self, line: bool = False) -> Comment:
        text = self.text()
        if not line and self.rng.random() < 0.2:
            text = self.rng.choice(["[%clock 0:12:03]", "[%ruling deck-end=last-card] " + text,
                                    "[%source disputed] " + text])
        return Comment(text, "line" if line else "brace")

    def material(self) -> Material:
        return self.rng.choice(list(Material))

    def zone(self) -> Zone | None:
        return self.rng.choice([None, None, Zone.HAND, Zone.POOL, Zone.DECK, Zone.STOCKPILE])

    # Statements

    def action(self, player: str, players: list[str]) -> object:
        rng = self.rng
        other = rng.choice([p for p in players if p != player])
        source = self.zone()
        card = self.card(unseen=source is Zone.DECK)
        kinds = [
            lambda: Hire(player, card, source),
            lambda: Gather(player, card, source),
            lambda: Sell(player, card, source),
            lambda: Take(player, card, source),
            lambda: Lay(player, self.card(), rng.choice([None, self.material()]), rng.random() < 0.3),
            lambda: Add(player, card, self.card(), source),
            lambda: self.demand(player),
            lambda: Give(player, self.cards(), other),
            lambda: Glory(player),
            lambda: Pass(player),
            lambda: Steal(player, other, self.card()),
            lambda: Keep(player, self.cards()),
            lambda: Follow(player, self.cards()),
            lambda: Slay(player, other, self.card()),
            lambda: TearDown(player, other, self.card()),
            # the optional Geek cards' forms
            lambda: TearDown(player, None, self.card()),
            lambda: Trigger(player, rng.choice([None, other]), self.card()),
            lambda: Steal(player, other, self.card(), tuple(self.material() for _ in range(rng.randint(1, 2)))),
            lambda: rng.choice([Hire, Gather])(player, card, rng.choice(GEEK)),
        ]
        return rng.choice(kinds)()

    def demand(self, player: str) -> Demand:
        count = self.rng.randint(1, 3)
        buildings = tuple(self.rng.choice(GEEK) for _ in range(self.rng.choice([0, 0, 0, 1])))
        return Demand(player, tuple(self.material() for _ in range(count + len(buildings))), self.cards(count, count),
                      buildings)

    def thinks(self, player: str) -> list:
        """A think, sometimes after a discard (a Latrine's or a Vomitorium's)."""
        before = [Discard(player, self.cards())] if self.rng.random() < 0.15 else []
        return [*before, self.think(player)]

    def think(self, player: str) -> Think:
        how = self.rng.choice(list(ThinkKind))
        drawn = None
        if how is not ThinkKind.JACK and self.rng.random() < 0.6:
            drawn = self.cards(0, 3, unseen=True)
        return Think(player, how, drawn)

    # Steps, variations

    def step(self, statement: object, players: list[str], depth: int = 0, nested: bool = False) -> Step:
        rng = self.rng
        glyphs = tuple(rng.choice(["!", "?", "!!", "??", "!?", "?!", "$3", "$14"])
                       for _ in range(rng.choice([0, 0, 0, 1, 2])))
        notes: list = [self.comment() for _ in range(rng.choice([0, 0, 0, 1]))]
        if depth < 2 and rng.random() < 0.15:
            notes += [self.variation(players, depth + 1) for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.15:
            notes.append(self.comment(line=True))
        return Step(statement, glyphs, tuple(notes))

    def variation(self, players: list[str], depth: int) -> Variation:
        items: list = []
        if self.rng.random() < 0.2:
            items.append(self.comment())
        for _ in range(self.rng.randint(1, 3)):
            player = self.rng.choice(players)
            items.append(self.step(self.action(player, players), players, depth, nested=True))
            if self.rng.random() < 0.1:
                items.append(self.comment(line=self.rng.random() < 0.5))
        return Variation(tuple(items))

    # Turns

    def turns(self, players: list[str], first: int, count: int) -> tuple[Turn, ...]:
        rng = self.rng
        turns = []
        for number in range(first, first + count):
            leader = players[(number - 1) % len(players)]
            seat = players.index(leader)
            later = players[seat + 1:] + players[:seat]
            next_leader = later[0]
            steps: list = []
            if rng.random() < 0.2:
                steps.extend(self.thinks(leader))
            else:
                steps.append(Lead(leader, rng.choice(list(Role)), self.cards(1, 3)))
                for player in later:
                    steps.extend([Follow(player, self.cards(1, 2))] if rng.random() < 0.6 else self.thinks(player))
                for _ in range(rng.randint(1, 4)):
                    actor = rng.choice(players)
                    if actor != next_leader and rng.random() < 0.1:
                        steps.append(self.think(actor))
                    else:
                        steps.append(self.action(actor, players))
            items: list = []
            for statement in steps:
                items.append(self.step(statement, players))
                if rng.random() < 0.05:
                    items.append(self.comment(line=rng.random() < 0.5))
            header = (self.comment(line=True),) if rng.random() < 0.05 else ()
            turns.append(Turn(number, leader, tuple(items), header))
        if turns and rng.random() < 0.1:
            last = turns[-1]
            winner = rng.choice(players)
            surrender = Step(Surrender(tuple(p for p in players if p != winner), winner))
            turns[-1] = Turn(last.number, last.leader, last.items + (surrender,), last.comments)
        return tuple(turns)

    # Blocks

    def setup(self, players: list[str]) -> Setup:
        lines: list = [PoolDraw(tuple(Draw(p, self.card()) for p in players), comments=self.maybe())]
        if self.rng.random() < 0.3:
            lines.append(PoolDraw(tuple(Draw(p, self.card()) for p in players[:2]), True))
        for player in players:
            if self.rng.random() < 0.7:
                lines.append(Hand(player, self.cards(4, 5, unseen=True), comments=self.maybe()))
        if self.rng.random() < 0.5:
            lines.append(Leader(self.rng.choice(players)))
        if self.rng.random() < 0.2:
            lines.append(self.comment())
        return Setup(tuple(lines), self.maybe())

    def position(self, players: list[str], turn: int) -> Position:
        rng = self.rng
        lines: list = [TurnNumber(turn), Leader(players[(turn - 1) % len(players)])]
        if rng.random() < 0.5:
            lines.append(Deck(count=rng.randint(0, 100)))
        else:
            lines.append(Deck(cards=self.cards(1, 4, unseen=True)))
        lines.append(Jacks(rng.randint(0, 6), comments=self.maybe()))
        lines.append(Pool(self.cards(0, 3)))
        counts = tuple((m, rng.randint(0, 3)) for m in Material)
        lines.append(Sites(counts))
        lines.append(Sites(counts, True))
        for player in players:
            lines.append(Hand(player, self.cards(0, 4, unseen=True)))
            lines.append(Cards(rng.choice([Zone.STOCKPILE, Zone.VAULT, Zone.CLIENTELE]), player, self.cards(0, 3)))
            lines.append(Influence(player, tuple(self.material() for _ in range(rng.randint(0, 2)))))
            lines.append(Building(
                player, self.card(), self.material(), out_of_town=rng.random() < 0.3, complete=rng.random() < 0.5,
                stolen=rng.random() < 0.2, public=rng.random() < 0.2, site_given=rng.random() < 0.2,
                materials=self.cards(0, 2), comments=self.maybe(),
            ))
        return Position(tuple(lines))

    def maybe(self) -> tuple[Comment, ...]:
        r = self.rng.random()
        if r < 0.1:
            return (self.comment(line=True),)
        if r < 0.2:
            return (self.comment(),)
        return ()

    # Records

    def record(self, turns: int | None = None) -> Record:
        rng = self.rng
        players = NAMES[: rng.randint(2, 5)]
        kind = rng.choice(["setup", "position", "none"])
        tags = [Tag("Game", "Glory to Rome"), Tag("Event", 'Club "Roma" \\ table ' + str(rng.randint(1, 9)))]
        tags.append(Tag("Ruleset", rng.choice(["classic", "republic", "imperium"])))
        tags.append(Tag("Players", ", ".join(players), self.comment(line=True) if rng.random() < 0.3 else None))
        if kind == "position":
            tags.append(Tag("Start", "position"))
        if rng.random() < 0.3:
            tags.append(Tag("Annotator", "Zed"))  # an unknown tag, kept
        first = rng.randint(2, 30) if kind == "position" else 1
        start = {"setup": lambda: self.setup(players), "position": lambda: self.position(players, first),
                 "none": lambda: None}[kind]()
        comments = (self.comment(),) if rng.random() < 0.1 else ()
        count = turns if turns is not None else rng.randint(0, 8)
        return Record(tuple(tags), start, self.turns(players, first, count), comments)


def records(seed: int, count: int, turns: int | None = None) -> list[Record]:
    maker = Maker(random.Random(seed))
    return [maker.record(turns) for _ in range(count)]
