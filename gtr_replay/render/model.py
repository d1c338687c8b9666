"""A plain view model of a game state: what a viewer sees, laid out and worded once.

``state_model(state, viewer=..., watch=...)`` gives frozen dataclasses of strings, numbers and
tuples; ``render.state`` draws them as rich panels and ``render.html`` as a page, and
``to_dict`` gives them to ``--json``. Every layout decision (cards grouped by role or
material in the rulebook's order, the points line, the marks on a building, the words of the
next decision) is taken here, so the renderers only style. What a viewer may see is decided
in ``render.view`` (RULES.md §0.5).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, fields, is_dataclass
from functools import cache

from gtr_replay.data.cards import Card, cards_for
from gtr_replay.engine import Game
from gtr_replay.game.decisions import kind_words
from gtr_replay.game.scores import Result, Score
from gtr_replay.game.state import GameState, Phase
from gtr_replay.enums import JACK, MATERIALS, ROLES
from gtr_replay.powers.summary import summary
from gtr_replay.render import view
from gtr_replay.render.view import Hidden, VaultWatch


@dataclass(frozen=True)
class Group:
    """Cards of one role or material (``label``; ``None`` for Jacks and unknown names)."""

    label: str | None
    cards: tuple[str, ...]


@dataclass(frozen=True)
class HiddenCards:
    """Cards the viewer cannot see: how many, and those seen going in this turn (R-VAULT-1)."""

    count: int
    known: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuildingLine:
    foundation: str
    site: str
    out_of_town: bool
    materials: tuple[str, ...]
    needed: int
    complete: bool
    marks: tuple[str, ...]
    """'stolen', 'Site given', 'public'."""
    power: str | None = None
    """A completed structure's power in short ("Your hand refill size is two cards larger"),
    so a reader sees why a move was legal; None for a foundation or a card with none written."""


@dataclass(frozen=True)
class Points:
    shown: int
    """The points the viewer can count: every point, or influence and powers while vault cards
    and Merchant bonuses are face down (R-VAULT-1)."""
    text: str
    """'24 points (19 influence, 5 vault)' or '7 points + vault'."""


@dataclass(frozen=True)
class Camp:
    name: str
    leader: bool
    you: bool
    points: Points
    hand: tuple[str, ...] | HiddenCards
    played: tuple[str, ...]
    clientele: tuple[Group, ...]
    clientele_count: int
    clientele_limit: int
    hired: tuple[str, ...]
    stockpile: tuple[Group, ...]
    vault: tuple[Group, ...] | HiddenCards
    vault_count: int
    vault_limit: int
    influence: int
    sites: tuple[str, ...]
    """Site cards in the influence zone, by material."""
    buildings: tuple[BuildingLine, ...]


@dataclass(frozen=True)
class Table:
    title: str
    """'turn 3 · Ann leads · Laborer led · republic'."""
    turn: int
    leader: str
    led_role: str | None
    ruleset: str
    pool: tuple[Group, ...]
    deck: int
    deck_order_known: bool | None
    """``None`` in a player's view: nobody sees the deck's order (§0.5)."""
    jacks: int
    sites_in_town: dict[str, int]
    sites_out_of_town: dict[str, int]
    demand: str | None
    turned_up: tuple[str, ...] = ()
    """Cards a power turned up from the deck, face up for every player (G-BACCHANALIA-1)."""


@dataclass(frozen=True)
class Outcome:
    heading: str
    """'game over (reason): Ann wins'."""
    winners: tuple[str, ...]
    counted: bool
    scores: tuple[dict, ...]
    """Per player: player, influence, vault, bonuses, powers, total (R-SCORE-2)."""
    tie_break: dict | None = None
    """How a tie for most points was broken (``TieBreak.to_dict``: its ``text`` says it,
    'tie at 7: Ann wins on cards in hand (Ann 4, Cid 0)'), or None (R-SCORE-3)."""


@dataclass(frozen=True)
class StateModel:
    viewer: str | None
    table: Table
    camps: tuple[Camp, ...]
    next: str | None
    """Who must decide now and how; ``None`` once the game is over."""
    outcome: Outcome | None

    def to_dict(self) -> dict:
        return _plain(self)


_SCALARS = (str, int, float, bool, type(None))


def _plain(value):
    """``value`` as JSON-ready data: what ``dataclasses.asdict`` gives, without its deep copies
    (a page converts hundreds of states), hidden cards as ``{"hidden": n, "known": [...]}``."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is HiddenCards:  # hidden cards keep their shape
        return {"hidden": value.count, "known": list(value.known)}
    if kind is dict:
        return {k: _plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [_plain(v) for v in value]
    if is_dataclass(value):
        return {name: _plain(getattr(value, name)) for name in _names(kind)}
    return value


@cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(kind))


def card(state: GameState, name: str) -> Card | None:
    card_set = cards_for(state.ruleset)
    return card_set.cards.get(name) or card_set.optional.get(name)


def grouped(state: GameState, cards, key: str, order) -> tuple[Group, ...]:
    """Cards grouped by role or material, in the rulebook's order, each group sorted."""
    groups: dict[object, list[str]] = defaultdict(list)
    for name in cards:
        found = card(state, name)
        groups[getattr(found, key) if found else None].append(name)
    out = [Group(str(g), tuple(sorted(groups[g]))) for g in order if g in groups]
    if None in groups:
        out.append(Group(None, tuple(sorted(groups[None]))))
    return tuple(out)


def visible_points(state: GameState, viewer: str | None) -> dict[str, int]:
    """Each player's points as ``viewer`` can count them (see ``Points.shown``)."""
    full = viewer is None or state.over
    return {s.player: s.total if full else s.influence + s.powers for s in Game(state).scores()}


def _points(state: GameState, i: int, viewer: str | None, scores: tuple[Score, ...] | None = None) -> Points:
    score = (scores or Game(state).scores())[i]
    if viewer is None or state.over:
        extra = [f"{score.influence} influence"]
        if score.vault:
            extra.append(f"{score.vault} vault")
        if score.bonuses:
            extra.append(f"{Game(state).spec.merchant_bonus * len(score.bonuses)} bonus")
        if score.powers:
            extra.append(f"{score.powers} powers")
        return Points(score.total, f"{score.total} points ({', '.join(extra)})")
    # vault cards and merchant bonuses depend on face-down cards (R-VAULT-1)
    shown = score.influence + score.powers
    return Points(shown, f"{shown} points + vault")


def _hidden(hidden: Hidden) -> HiddenCards:
    return HiddenCards(hidden.count, tuple(hidden.known))


def camp(state: GameState, i: int, *, viewer: str | None = None, watch: VaultWatch | None = None,
         scores: tuple[Score, ...] | None = None) -> Camp:
    """One player's hand and camp as ``viewer`` sees them (``scores``: everyone's, when counted
    already)."""
    player = state.players[i]
    game = Game(state)
    hand = view.hand(state, player.name, viewer)
    if isinstance(hand, Hidden):
        shown_hand: tuple[str, ...] | HiddenCards = _hidden(hand)
    else:
        shown_hand = tuple(sorted(c for c in hand if c != JACK)) + (JACK,) * hand.count(JACK)
    vault = view.vault(state, player.name, viewer, watch)
    shown_vault = _hidden(vault) if isinstance(vault, Hidden) else grouped(state, vault, "material", MATERIALS)
    buildings = []
    for building in player.buildings:
        marks = tuple(m for m, on in (("stolen", building.stolen), ("Site given", building.site_given),
                                      ("public", (i, building.foundation) in state.public)) if on)
        power = summary(state.ruleset, building.foundation) if building.complete else None
        buildings.append(BuildingLine(building.foundation, str(building.site), building.out_of_town,
                                      tuple(building.materials), game.materials_needed(player.name, building),
                                      building.complete, marks, power))
    return Camp(
        player.name, i == state.leader, viewer == player.name, _points(state, i, viewer, scores), shown_hand,
        tuple(player.camp), grouped(state, player.clientele, "role", ROLES), len(player.clientele),
        game.clientele_limit(player.name), tuple(player.hired), grouped(state, player.stockpile, "material", MATERIALS),
        shown_vault, len(player.vault), game.vault_limit(player.name), game.influence(player.name),
        tuple(str(m) for m in player.influence), tuple(buildings))


def table(state: GameState, *, viewer: str | None = None) -> Table:
    """The middle of the table: pool, sites, deck, Jacks, the leader and a demand under way."""
    leader = state.players[state.leader].name
    title = f"turn {state.turn} · {leader} leads"
    if state.led_role:
        title += f" · {state.led_role} led"
    title += f" · {state.ruleset}"
    demand = None
    if state.legionary is not None:
        d = state.legionary
        demand = (f"Rome demands {', '.join(map(str, d.demanded))} "
                  f"({state.players[d.demander].name} shows {', '.join(d.shown)})")
    return Table(title, state.turn, leader, str(state.led_role) if state.led_role else None, str(state.ruleset),
                 grouped(state, state.pool, "material", MATERIALS), len(state.deck),
                 state.deck_known if viewer is None else None,  # its count is public, its order never shown
                 state.jack_pile, {str(m): state.sites_in_town[m] for m in MATERIALS},
                 {str(m): state.sites_out_of_town[m] for m in MATERIALS}, demand, tuple(state.turned_up))


def next_words(state: GameState) -> str:
    """Who must decide now and how, or 'the game is over: ...'."""
    game = Game(state)
    prompt = game.pending()
    if prompt is None:
        return f"the game is over: {state.end_reason}"
    if state.steps:  # a step a power granted comes first, in any phase
        step = state.steps[-1]
        return f"next: {prompt.player} {step.granted()}, by the {step.power} ({kind_words(prompt.decisions)})"
    if state.phase is Phase.ACTIONS:
        total = game.actions(prompt.player)
        return (f"next: {prompt.player}'s {state.led_role} action {state.actions_used + 1} of {total} "
                f"({kind_words(prompt.decisions)})")
    if state.phase is Phase.GIVE and prompt.index != state.current:  # the demander chooses the gift (AMB-10)
        return f"next: {prompt.player} to choose what {state.players[state.current].name} gives"
    return f"next: {prompt.player} to {kind_words(prompt.decisions)}"


def winners_text(found: Result) -> str:
    """'Ann wins', 'Ann and Cid win' (a shared win), 'nobody has won yet', or, where vault
    cards the record did not see decide, that they do (R-VAULT-3)."""
    if found.undecided:
        return "the vault cards the record did not see decide who wins"
    if not found.winners:
        return "nobody has won yet"
    return f"{' and '.join(found.winners)} win{'s' if len(found.winners) == 1 else ''}"


def result_words(found: Result) -> str:
    """The result in one line, as every view says it: 'game over (last-site): Ann wins — tie at
    7: Ann wins on cards in hand (Ann 4, Cid 0)' (R-SCORE-1..3)."""
    text = f"game over ({found.reason}): {winners_text(found)}"
    return text + (f" — {found.tie_break.text}" if found.tie_break else "")


def outcome(found: Result) -> Outcome:
    """The final scores and the winner(s), with the tie-break when there was one (R-SCORE-1..3)."""
    rows = tuple({"player": s.player, "influence": s.influence, "vault": s.vault,
                  "bonuses": [str(b) for b in s.bonuses], "powers": s.powers, "total": s.total}
                 for s in found.scores)
    return Outcome(result_words(found), tuple(found.winners), found.counted, rows,
                   found.tie_break.to_dict() if found.tie_break else None)


def state_model(state: GameState, *, viewer: str | None = None, watch: VaultWatch | None = None) -> StateModel:
    """The whole state as ``viewer`` sees it (``None``: every card shown)."""
    view.check_viewer(state, viewer)
    scores = Game(state).scores()
    return StateModel(viewer, table(state, viewer=viewer),
                      tuple(camp(state, i, viewer=viewer, watch=watch, scores=scores) for i in range(len(state.players))),
                      None if state.over else next_words(state),
                      outcome(Game(state).result()) if state.over else None)
