"""Checks that hold after every decision of every game: each card in exactly one place,
no limit exceeded, the state round-trips (used by the tests and by ``gtr selfplay --check``)."""

from __future__ import annotations

from collections import Counter

from gtr_replay.data.cards import cards_for
from gtr_replay.enums import JACK, MATERIALS, Zone
from gtr_replay.engine import rules
from gtr_replay.game.state import GameState
from gtr_replay.engine.unseen import is_unseen
from gtr_replay.errors import GtrError
from gtr_replay.game.events import Event, EventKind


class InvariantError(GtrError):
    """The engine reached a state the rules cannot produce."""


def order_cards(state: GameState) -> Counter:
    """Every Order card in play, wherever it is."""
    found = Counter(state.deck) + Counter(state.pool) + Counter(state.removed) + Counter(state.turned_up)
    for p in state.players:
        found.update(c for c in p.hand if c != JACK)
        found.update(c for c in p.camp if c != JACK)
        found.update(p.clientele)
        found.update(p.stockpile)
        found.update(p.vault)
        for b in p.buildings:
            found[b.foundation] += 1
            found.update(b.materials)
    return found


JACKLESS: frozenset[Zone] = frozenset({Zone.POOL, Zone.STOCKPILE, Zone.VAULT, Zone.CLIENTELE, Zone.BUILDING,
                                       Zone.TURNED_UP})
"""Where a Jack never is: "Jacks can never be taken or played as materials or clients" (R-JACK-3)."""


def misplaced_jacks(events: list[Event]) -> list[str]:
    """The moves of a decision's events that took a Jack where it never goes (R-JACK-3): a
    check cheap enough to make after every statement of a replay, as it reads only what moved."""
    return [f"a Jack moved into {e.player}'s {e.target}" if e.target is not Zone.POOL else "a Jack moved into the pool"
            for e in events if e.card == JACK and e.kind == EventKind.MOVE and e.target in JACKLESS]


def holdings(state: GameState) -> list[tuple[int, int]]:
    """Each player's clientele and vault sizes, to compare the next state with (``problems``)."""
    return [(len(p.clientele), len(p.vault)) for p in state.players]


def problems(state: GameState, before: list[tuple[int, int]] | None = None) -> list[str]:
    """Every invariant the state breaks. ``before``: the clientele and vault sizes before the
    last decision (``holdings``); a limit that dropped below what a player holds keeps the
    excess, and only a zone over its limit that grew is then a problem (AMB-24: a structure torn
    down, G-WATCHPOST-1; Sites given away for a structure, C-AERARIUM-PRISON-1; a limit's power taken)."""
    found: list[str] = []
    card_set = cards_for(state.ruleset)
    manifest = Counter(card_set.manifest(with_optional=state.expansions))
    held = order_cards(state)
    if state.unseen is not None:  # each unseen card ('?') is one of the cards not seen (engine.unseen)
        slots = Counter({c: n for c, n in held.items() if is_unseen(c)})
        if slots.total() != len(state.unseen):
            found.append(f"{slots.total()} unseen cards for {len(state.unseen)} cards not seen")
        held = held - slots + Counter(state.unseen)
    if held != manifest:
        found.append(f"Order cards changed: extra {dict(held - manifest)}, missing {dict(manifest - held)}")
    jacks = state.jack_pile + state.jacks_out + sum(p.hand.count(JACK) + p.camp.count(JACK) for p in state.players)
    if jacks != card_set.jacks:
        found.append(f"{jacks} Jacks in play, the ruleset has {card_set.jacks}")
    for material in MATERIALS:
        sites = (state.sites_in_town[material] + state.sites_out_of_town[material]
                 + state.sites_out_of_game[material]
                 + sum(p.influence.count(material) for p in state.players)
                 + sum(1 for p in state.players for b in p.buildings if b.site is material and not b.complete))
        if sites != card_set.sites_per_material:
            found.append(f"{sites} {material} Sites, the ruleset has {card_set.sites_per_material}")
        if min(state.sites_in_town[material], state.sites_out_of_town[material]) < 0:
            found.append(f"a negative {material} Site stack")
    if state.jack_pile < 0:
        found.append("a negative Jack pile")
    # a limit drops when a structure that raised it is taken; what is over it is kept (AMB-24)
    limits_may_drop = any(b.stolen for p in state.players for b in p.buildings)
    for i, p in enumerate(state.players):
        for zone in ("pool", "clientele", "stockpile", "vault"):
            cards = state.pool if zone == "pool" else getattr(p, zone)
            if JACK in cards:
                found.append(f"a Jack in {p.name}'s {zone}")  # R-JACK-3
        if any(b.foundation == JACK or JACK in b.materials for b in p.buildings):
            found.append(f"a Jack in {p.name}'s buildings")  # R-JACK-3
        clients, vault = before[i] if before is not None else (0, 0)
        if len(p.clientele) > max(rules.clientele_limit(state, i), clients) and not limits_may_drop:
            found.append(f"{p.name} has more clients than the limit")  # R-PATRON-2
        if len(p.vault) > max(rules.vault_limit(state, i), vault) and not limits_may_drop:
            found.append(f"{p.name}'s vault is over the limit")  # R-VAULT-2
        names = [b.foundation for b in p.buildings]
        if len(names) != len(set(names)):
            found.append(f"{p.name} has two buildings of one name")  # R-BUILD-2
        for b in p.buildings:
            needed = rules.materials_needed(state, i, b)
            if not b.complete and len(b.materials) >= needed:
                found.append(f"{p.name}'s {b.foundation} has {len(b.materials)} materials but is not complete")
    if GameState.from_dict(state.to_dict()) != state:
        found.append("the state does not round-trip through to_dict/from_dict")
    if state.copy() != state:
        found.append("a copy of the state differs from it")
    found.extend(f"the active powers kept are stale: {stale}" for stale in rules.unkept_powers(state))
    return found


def check_invariants(state: GameState, before: list[tuple[int, int]] | None = None) -> None:
    """Raise ``InvariantError`` listing every broken invariant (``before``: see ``problems``)."""
    found = problems(state, before)
    if found:
        raise InvariantError("; ".join(found))
