"""Rich renderables for a game state: a panel per camp, the table, and what comes next.

``state_view(state, viewer=...)`` is the whole picture; the parts are public so a command
can show one camp or the table alone. What a viewer may see is decided in ``render.view``;
this module only lays it out, in the rulebook's words (RULES.md §0.5).
"""

from __future__ import annotations

from collections import defaultdict

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gtr_replay.cards import Card, cards_for
from gtr_replay.engine import pending, rules
from gtr_replay.engine.scoring import Result, result, scores
from gtr_replay.engine.state import Building, GameState, Phase
from gtr_replay.enums import JACK, MATERIALS, ROLES
from gtr_replay.render import view
from gtr_replay.render.view import Hidden, VaultWatch

COMPLETE = "✓"


def _card(state: GameState, name: str) -> Card | None:
    card_set = cards_for(state.ruleset)
    return card_set.cards.get(name) or card_set.optional.get(name)


def _grouped(state: GameState, cards: list[str], key: str, order) -> str:
    """Cards grouped by role or material, in the rulebook's order: 'Wood: Dock, Dock; Stone: Bath'."""
    groups: dict[object, list[str]] = defaultdict(list)
    for name in cards:
        card = _card(state, name)
        groups[getattr(card, key) if card else None].append(name)
    parts = [f"{group}: {', '.join(sorted(groups[group]))}" for group in order if group in groups]
    if None in groups:
        parts.append(", ".join(sorted(groups[None])))
    return "; ".join(parts)


def _cards(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "—"


def _hidden(hidden: Hidden, what: str) -> str:
    if not hidden.count:
        return "—"
    text = f"{hidden.count} card{'' if hidden.count == 1 else 's'}, {what}"
    if hidden.known:
        text += f"; seen going in this turn: {', '.join(hidden.known)}"
    return text


def building_line(state: GameState, i: int, building: Building) -> Text:
    """'✓ Tower on Concrete: Aqueduct, Storeroom (2/2)'; an unfinished one has no mark."""
    needed = rules.materials_needed(state, i, building)
    where = f"{building.site}" + (", out of town" if building.out_of_town else "")
    line = Text(f"{COMPLETE} " if building.complete else "  ")
    line.append(building.foundation, style="bold" if building.complete else "")
    line.append(f" on {where}: {_cards(building.materials)} ({len(building.materials)}/{needed})")
    marks = [m for m, on in (("stolen", building.stolen), ("public", (i, building.foundation) in state.public)) if on]
    if marks:
        line.append(f" [{', '.join(marks)}]", style="magenta")
    return line


def _points(state: GameState, i: int, viewer: str | None) -> str:
    score = scores(state)[i]
    if viewer is None or state.over:
        extra = [f"{score.influence} influence"]
        if score.vault:
            extra.append(f"{score.vault} vault")
        if score.bonuses:
            extra.append(f"{rules.spec(state).merchant_bonus * len(score.bonuses)} bonus")
        if score.powers:
            extra.append(f"{score.powers} powers")
        return f"{score.total} points ({', '.join(extra)})"
    # vault cards and merchant bonuses depend on face-down cards (R-VAULT-1)
    return f"{score.influence + score.powers} points + vault"


def camp_panel(state: GameState, i: int, *, viewer: str | None = None,
               watch: VaultWatch | None = None) -> Panel:
    """One player's hand and camp, with influence, limits, points and buildings."""
    player = state.players[i]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()

    hand = view.hand(state, player.name, viewer)
    if isinstance(hand, Hidden):
        grid.add_row("hand", _hidden(hand, "hidden"))
    else:
        jacks = sum(1 for c in hand if c == JACK)
        orders = sorted(c for c in hand if c != JACK)
        text = _cards(orders + [JACK] * jacks)
        grid.add_row("hand", f"{text}  ({len(hand)})" if hand else text)
    if player.camp:
        grid.add_row("played", _cards(player.camp) + (f"  ({state.led_role})" if state.led_role else ""))
    clientele = _grouped(state, player.clientele, "role", ROLES) or "—"
    if player.hired:
        clientele += f"  (hired this turn: {', '.join(player.hired)})"
    grid.add_row("clientele", f"{clientele}  [{len(player.clientele)}/{rules.clientele_limit(state, i)}]")
    grid.add_row("stockpile", _grouped(state, player.stockpile, "material", MATERIALS) or "—")
    vault = view.vault(state, player.name, viewer, watch)
    limit = f"  [{len(player.vault)}/{rules.vault_limit(state, i)}]"
    if isinstance(vault, Hidden):
        grid.add_row("vault", _hidden(vault, "face down") + limit)
    else:
        grid.add_row("vault", _grouped(state, vault, "material", MATERIALS) + limit if vault else "—" + limit)
    sites = ", ".join(str(m) for m in player.influence)
    grid.add_row("influence", f"{rules.influence(state, i)}" + (f" (sites: {sites})" if sites else ""))
    if player.buildings:
        grid.add_row("buildings", Text("\n").join(building_line(state, i, b) for b in player.buildings))
    else:
        grid.add_row("buildings", "—")

    marks = []
    if i == state.leader:
        marks.append("leader")
    if viewer == player.name:
        marks.append("you")
    title = Text(player.name, style="bold")
    if marks:
        title.append(f" ({', '.join(marks)})")
    title.append(f" · {_points(state, i, viewer)}")
    return Panel(grid, title=title, title_align="left")


def _sites(state: GameState) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("sites", style="dim")
    for material in MATERIALS:
        table.add_column(str(material), justify="right")
    table.add_row("in town", *(str(state.sites_in_town[m]) for m in MATERIALS))
    table.add_row("out of town", *(str(state.sites_out_of_town[m]) for m in MATERIALS))
    return table


def table_panel(state: GameState, *, viewer: str | None = None) -> Panel:
    """The middle of the table: pool, sites, deck, Jacks, the leader and a demand under way."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    grid.add_row("pool", _grouped(state, state.pool, "material", MATERIALS) or "—")
    deck = f"{len(state.deck)} card{'' if len(state.deck) == 1 else 's'}"
    if viewer is None and not state.deck_known:
        deck += " (order not known)"
    grid.add_row("deck", deck)  # its count is public, its order never shown (§0.5)
    grid.add_row("Jacks", f"{state.jack_pile} in the pile")
    grid.add_row("", _sites(state))
    if state.legionary is not None:
        demand = state.legionary
        who = state.players[demand.demander].name
        grid.add_row("demand", f"Rome demands {', '.join(map(str, demand.demanded))} "
                               f"({who} shows {', '.join(demand.shown)})")
    title = Text(f"turn {state.turn} · {state.players[state.leader].name} leads", style="bold")
    if state.led_role:
        title.append(f" · {state.led_role} led")
    title.append(f" · {state.ruleset}")
    return Panel(grid, title=title, title_align="left")


def _words(kinds) -> str:
    names = [k.__name__.lower() for k in kinds]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def next_decision(state: GameState) -> Text:
    """Who must decide now and how, or 'the game is over'."""
    prompt = pending(state)
    if prompt is None:
        return Text(f"the game is over: {state.end_reason}")
    if state.phase is Phase.ACTIONS:
        i = state.current
        total = rules.action_count(state, i)
        return Text(f"next: {prompt.player}'s {state.led_role} action {state.actions_used + 1} of {total} "
                    f"({_words(prompt.decisions)})")
    return Text(f"next: {prompt.player} to {_words(prompt.decisions)}")


def result_table(outcome: Result) -> RenderableType:
    """The final scores and the winner(s) (R-SCORE-1..3)."""
    winners = " and ".join(outcome.winners)
    heading = Text(f"game over ({outcome.reason}): {winners} win{'s' if len(outcome.winners) == 1 else ''}",
                   style="bold")
    if not outcome.counted:
        return Group(heading, Text("victory points are not counted (R-SCORE-1)"))
    table = Table(box=None, padding=(0, 1), pad_edge=False)
    for column in ("player", "influence", "vault", "bonuses", "powers", "total"):
        table.add_column(column, justify="left" if column in ("player", "bonuses") else "right")
    for s in outcome.scores:
        table.add_row(s.player, str(s.influence), str(s.vault), ", ".join(map(str, s.bonuses)) or "—",
                      str(s.powers), str(s.total))
    return Group(heading, table)


def status(state: GameState) -> RenderableType:
    """The pending decision while the game goes on; the result once it is over."""
    return result_table(result(state)) if state.over else next_decision(state)


def state_view(state: GameState, *, viewer: str | None = None, watch: VaultWatch | None = None) -> Group:
    """The whole state as ``viewer`` sees it (``None``: every card shown)."""
    view.check_viewer(state, viewer)
    parts: list[RenderableType] = [table_panel(state, viewer=viewer)]
    parts.extend(camp_panel(state, i, viewer=viewer, watch=watch) for i in range(len(state.players)))
    parts.append(status(state))
    return Group(*parts)

