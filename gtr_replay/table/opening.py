"""The setup at the table: the leader draw and the starting hands, each typed on its own
seat's page (R-SETUP-*).

Each player types the card they drew for the leader draw; once every card of a round is in,
the engine deals that draw (``Game.from_setup``) and says who leads or, on a tie, which
players draw again (R-SETUP-5, AMB-07). Each player then types their starting hand, checked
as ``gtr record`` checks the one it is given (``recorder.opening_record``: the counts, the
Jacks, no more copies than the deck holds with the leader draw). Once every hand is in they
are checked together; a card typed more often than the deck holds it is refused in public
(``Noticed``: the seat is told only that the table's page says why, the table's page says it
without the card's name), since whether the hands together hold too many copies depends on the
other hands. The record file is begun once every hand is in.

Until the first statement is recorded the table's page takes the setup back one input at a
time, the last typed first: the starting hands (a hand typed again counts as typed last), then
the leader draw's cards (``take_back``).
"""

from __future__ import annotations

from pathlib import Path

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import Game
from gtr_replay.enums import JACK
from gtr_replay.errors import GtrError
from gtr_replay.data.expansions import expansion_cards, outside_the_game
from gtr_replay.game.events import EventKind
from gtr_replay.replay.recorder import Recording, Refused, opening_record
from gtr_replay.data.rulesets import find_ruleset
from gtr_replay.table.links import Links

RECORDER = "gtr table"
"""The Recorder tag of a record made at the table: every seat typed its own cards."""
TO_THE_TABLE = "not recorded: the table's page says why"
"""All a seat is told of a refusal that depends on cards it cannot see (``Noticed``)."""
LOOK = "look at the table's page"


class Noticed(Refused):
    """A seat's input refused for a reason that depends on cards the seat cannot see (another
    hand, another vault: R-COMP-6). The seat is told ``TO_THE_TABLE`` alone, the same words
    for every such refusal; the reason, which names no card and no place, is the table's page's
    ``notice`` (the public screen), so that a seat probing the other hands is seen doing it by
    everyone and learns only what everyone learns."""

    def __init__(self, notice: str, *, notice_hint: str | None = None) -> None:
        super().__init__(TO_THE_TABLE, hint=LOOK)
        self.notice = notice
        self.notice_hint = notice_hint


def pool_text(draws: list[dict[str, str]], players: list[str]) -> str:
    """The setup block's leader-draw lines: ``pool: Ann Latrine, Ben Road`` and a ``redeal``
    line per tie-break round, each in seating order (the order the cards are dealt)."""
    lines = []
    for n, round_ in enumerate(draws):
        word = "pool" if n == 0 else "redeal"
        lines.append(f"{word}: " + ", ".join(f"{p} {round_[p]}" for p in players if p in round_))
    return "\n  ".join(lines)


class Opening:
    """The setup being typed, kept in the table's ``Links`` (saved by the caller)."""

    def __init__(self, links: Links) -> None:
        self.links = links
        self.spec = find_ruleset(links.ruleset)
        self.chosen = expansion_cards(links.expansion, str(self.spec.ruleset))

    # -- the leader draw --------------------------------------------------------------------
    def _deal(self) -> tuple[list[list[str]], str | None]:
        """The players of each round of the leader draw, as the engine deals the complete
        rounds typed (the next round's players follow them), and the leader once one leads."""
        typed = self.links.draws
        rounds = [list(self.links.players)]
        while len(rounds) <= len(typed) and set(typed[len(rounds) - 1]) == set(rounds[-1]):
            shown = [round_[p] for round_ in typed[:len(rounds)] for p in self.links.players if p in round_]
            game = Game.from_setup(str(self.spec.ruleset), self.links.players, draws=shown, hands={},
                                   expansion=self.chosen)
            dealt: dict[int, list[str]] = {}
            for event in game.opening:
                if event.kind == EventKind.LEADER_DRAW:
                    dealt.setdefault(event.value, []).append(event.player)
            if len(dealt) == len(rounds):
                return rounds, game.state.players[game.state.leader].name
            rounds.append(dealt[len(rounds) + 1])
        return rounds, None

    def draw_due(self) -> list[str]:
        """The players who must still type a card of the leader draw (none once it is over)."""
        rounds, leader = self._deal()
        if leader is not None:
            return []
        typed = self.links.draws[len(rounds) - 1] if len(self.links.draws) >= len(rounds) else {}
        return [p for p in rounds[-1] if p not in typed]

    def leader(self) -> str | None:
        """Who leads, once the leader draw says (R-SETUP-5)."""
        return self._deal()[1]

    def draw(self, seat: str, name: str) -> str:
        """``seat`` drew ``name`` in the leader draw's round under way; returns the card's name."""
        if seat not in self.draw_due():
            raise Refused(f"{seat} has no card to draw for the leader draw now",
                          hint="a redeal is drawn only by the tied players (R-SETUP-5)")
        card = self._card(name)
        if card == JACK:
            raise Refused("a Jack is not drawn in the leader draw", hint="the leader draw deals Order cards (R-SETUP-5)")
        rounds, _ = self._deal()
        typed = self.links.draws
        while len(typed) < len(rounds):
            typed.append({})
        typed[len(rounds) - 1][seat] = card
        try:
            self._deal()  # the engine refuses more copies than the deck holds (R-COMP-6)
        except GtrError as error:
            del typed[len(rounds) - 1][seat]
            if not typed[-1]:
                typed.pop()
            raise Refused(error.message, hint=error.hint) from None
        return card

    def take_back(self) -> str:
        """Take back the setup's last input (the table's page does): the starting hand typed
        last, or before any hand the last leader-draw card; returns what was taken back, in
        words the table's page may show (a hand's cards are not named)."""
        hands = self.links.hands
        if hands:
            seat = list(hands)[-1]
            del hands[seat]
            return f"{seat}'s starting hand ({seat} types it again)"
        typed = self.links.draws
        if not typed or not typed[-1]:
            raise Refused("nothing to take back: no card of the setup is typed yet")
        seat, card = list(typed[-1].items())[-1]
        del typed[-1][seat]
        if not typed[-1]:
            typed.pop()
        return f"the leader draw's {seat} {card}"

    def last_input(self) -> str | None:
        """What ``take_back`` would take back, in the words of the table's page's button."""
        if self.links.hands:
            return f"take back {list(self.links.hands)[-1]}'s starting hand"
        if self.links.draws and self.links.draws[-1]:
            return "take back the last leader-draw card"
        return None

    # -- the starting hands -----------------------------------------------------------------
    def hand(self, seat: str, names: list[str]) -> list[str]:
        """``seat``'s starting hand, checked with the leader draw and the hands typed before;
        returns it in canonical names."""
        if self.draw_due():
            raise Refused("the leader draw comes first", hint="type the card you drew for the leader draw")
        cards = [self._card(n) for n in names]
        hands = self.links.hands
        before = dict(hands)
        hands.pop(seat, None)  # typed again: the last input (``take_back``)
        hands[seat] = cards
        try:
            self._check([seat])  # this hand alone, in gtr record's words
            if all(p in hands for p in self.links.players):
                try:
                    self._check(list(self.links.players))
                except Refused:  # the words would name a card another player holds
                    raise Noticed(f"{seat}'s starting hand was not recorded: the starting hands typed hold more "
                                  "copies of some card than the deck has (R-COMP-6)",
                                  notice_hint="each player checks the hand they typed; 'change it' types it "
                                              "again") from None
        except Refused:
            hands.clear()
            hands.update(before)
            raise
        return cards

    def _card(self, name: str) -> str:
        if name.strip().casefold() == JACK.casefold():
            return JACK
        try:
            card = cards_for(str(self.spec.ruleset)).find(name.strip(), optional=True)
        except GtrError as error:
            raise Refused(error.message, hint=error.hint) from None
        hint = outside_the_game(str(self.spec.ruleset), [card.name], self.chosen)
        if hint is not None:
            raise Refused(f"{card.name} is not in this game's deck", hint=hint)
        return card.name

    def record(self, hands: list[str]):
        """The record's tags and setup block with the hands of ``hands`` (others unseen)."""
        links = self.links
        return opening_record("<table>", ruleset=links.ruleset, players=links.players,
                              pool=pool_text([r for r in links.draws if r], links.players),
                              hands={p: ", ".join(links.hands[p]) for p in hands}, recorder=RECORDER,
                              event=links.event, expansion=links.expansion)

    def _check(self, hands: list[str]) -> None:
        """Refused as ``gtr record`` refuses a setup: the draw, the counts, the Jacks, the copies."""
        if not self.links.draws or not hands:
            return
        Recording(Path("<table>"), self.record(hands), None)

    @property
    def complete(self) -> bool:
        return not self.draw_due() and all(p in self.links.hands for p in self.links.players)
