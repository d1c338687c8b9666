"""Rich renderables of the view model: a panel per camp, the table, and what comes next.

``state_view(state, viewer=...)`` is the whole picture; the parts are public so a command
can show one camp or the table alone. Layout and words come from ``render.model``; this
module only draws them for a terminal.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gtr_replay.engine import Game
from gtr_replay.game.scores import Result
from gtr_replay.game.state import GameState
from gtr_replay.enums import MATERIALS
from gtr_replay.render import model
from gtr_replay.render.model import BuildingLine, HiddenCards, StateModel
from gtr_replay.render.view import VaultWatch

COMPLETE = "✓"


def groups_text(groups: tuple[model.Group, ...]) -> str:
    """'Wood: Dock, Dock; Stone: Bath'."""
    return "; ".join(f"{g.label}: {', '.join(g.cards)}" if g.label else ", ".join(g.cards) for g in groups)


def _cards(cards) -> str:
    return ", ".join(cards) if cards else "—"


def hidden_text(hidden: HiddenCards, what: str) -> str:
    if not hidden.count:
        return "—"
    text = f"{hidden.count} card{'' if hidden.count == 1 else 's'}, {what}"
    if hidden.known:
        text += f"; seen going in this turn: {', '.join(hidden.known)}"
    return text


def building_text(b: BuildingLine) -> Text:
    """'✓ Tower on Concrete: Aqueduct, Storeroom (2/2)'; an unfinished one has no mark."""
    where = b.site + (", out of town" if b.out_of_town else "")
    line = Text(f"{COMPLETE} " if b.complete else "  ")
    line.append(b.foundation, style="bold" if b.complete else "")
    line.append(f" on {where}: {_cards(b.materials)} ({len(b.materials)}/{b.needed})")
    if b.marks:
        line.append(f" [{', '.join(b.marks)}]", style="magenta")
    if b.power:
        line.append(f" — {b.power}", style="dim")
    return line


def building_line(state: GameState, i: int, building) -> Text:
    index = state.players[i].buildings.index(building)
    return building_text(model.camp(state, i).buildings[index])


def camp_rich(c: model.Camp, led_role: str | None) -> Panel:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    if isinstance(c.hand, HiddenCards):
        grid.add_row("hand", hidden_text(c.hand, "hidden"))
    else:
        text = _cards(c.hand)
        grid.add_row("hand", f"{text}  ({len(c.hand)})" if c.hand else text)
    if c.played:
        grid.add_row("played", _cards(c.played) + (f"  ({led_role})" if led_role else ""))
    clientele = groups_text(c.clientele) or "—"
    if c.hired:
        clientele += f"  (hired this turn: {', '.join(c.hired)})"
    grid.add_row("clientele", f"{clientele}  [{c.clientele_count}/{c.clientele_limit}]")
    grid.add_row("stockpile", groups_text(c.stockpile) or "—")
    limit = f"  [{c.vault_count}/{c.vault_limit}]"
    if isinstance(c.vault, HiddenCards):
        grid.add_row("vault", hidden_text(c.vault, "face down") + limit)
    else:
        grid.add_row("vault", (groups_text(c.vault) if c.vault else "—") + limit)
    grid.add_row("influence", f"{c.influence}" + (f" (sites: {', '.join(c.sites)})" if c.sites else ""))
    if c.buildings:
        grid.add_row("buildings", Text("\n").join(building_text(b) for b in c.buildings))
    else:
        grid.add_row("buildings", "—")
    marks = [m for m, on in (("leader", c.leader), ("you", c.you)) if on]
    title = Text(c.name, style="bold")
    if marks:
        title.append(f" ({', '.join(marks)})")
    title.append(f" · {c.points.text}")
    return Panel(grid, title=title, title_align="left")


def camp_panel(state: GameState, i: int, *, viewer: str | None = None,
               watch: VaultWatch | None = None) -> Panel:
    """One player's hand and camp, with influence, limits, points and buildings."""
    return camp_rich(model.camp(state, i, viewer=viewer, watch=watch), state.led_role)


def _sites(t: model.Table) -> Table:
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("sites", style="dim")
    for material in MATERIALS:
        table.add_column(str(material), justify="right")
    table.add_row("in town", *(str(t.sites_in_town[m]) for m in MATERIALS))
    table.add_row("out of town", *(str(t.sites_out_of_town[m]) for m in MATERIALS))
    return table


def table_rich(t: model.Table) -> Panel:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    grid.add_row("pool", groups_text(t.pool) or "—")
    deck = f"{t.deck} card{'' if t.deck == 1 else 's'}"
    if t.deck_order_known is False:
        deck += " (order not known)"
    grid.add_row("deck", deck)
    if t.turned_up:
        grid.add_row("turned up", _cards(t.turned_up))
    grid.add_row("Jacks", f"{t.jacks} in the pile")
    grid.add_row("", _sites(t))
    if t.demand:
        grid.add_row("demand", t.demand)
    return Panel(grid, title=Text(t.title, style="bold"), title_align="left")


def table_panel(state: GameState, *, viewer: str | None = None) -> Panel:
    """The middle of the table: pool, sites, deck, Jacks, the leader and a demand under way."""
    return table_rich(model.table(state, viewer=viewer))


def next_decision(state: GameState) -> Text:
    """Who must decide now and how, or 'the game is over'."""
    return Text(model.next_words(state))


def outcome_rich(o: model.Outcome) -> RenderableType:
    heading = Text(o.heading, style="bold")
    if not o.counted:
        return Group(heading, Text("victory points are not counted (R-SCORE-1)"))
    table = Table(box=None, padding=(0, 1), pad_edge=False)
    for column in ("player", "influence", "vault", "bonuses", "powers", "total"):
        table.add_column(column, justify="left" if column in ("player", "bonuses") else "right")
    for s in o.scores:
        table.add_row(s["player"], str(s["influence"]), str(s["vault"]), ", ".join(s["bonuses"]) or "—",
                      str(s["powers"]), str(s["total"]))
    return Group(heading, table)


def result_table(outcome: Result) -> RenderableType:
    """The final scores and the winner(s) (R-SCORE-1..3)."""
    return outcome_rich(model.outcome(outcome))


def status(state: GameState) -> RenderableType:
    """The pending decision while the game goes on; the result once it is over."""
    return result_table(Game(state).result()) if state.over else next_decision(state)


def model_view(m: StateModel) -> Group:
    """A whole view model drawn as panels."""
    parts: list[RenderableType] = [table_rich(m.table)]
    parts.extend(camp_rich(c, m.table.led_role) for c in m.camps)
    parts.append(outcome_rich(m.outcome) if m.outcome else Text(m.next or ""))
    return Group(*parts)


def state_view(state: GameState, *, viewer: str | None = None, watch: VaultWatch | None = None) -> Group:
    """The whole state as ``viewer`` sees it (``None``: every card shown)."""
    return model_view(model.state_model(state, viewer=viewer, watch=watch))
