"""Games that start from what a record shows instead of a deck order: a setup block (the
leader draw and the hands the recorder saw) or a described position (R-SETUP-*, R-COMP-*).

Both are checked against the cards of the game (every copy in one place, no Jack where Jacks
never go, no more Sites than the game has) and refused with the rule they break.
"""

from __future__ import annotations

from collections import Counter

from gtr_replay.counted import counted
from gtr_replay.data.cards import cards_for
from gtr_replay.engine import core, draws, flow, rules, setup, unseen
from gtr_replay.enums import JACK, MATERIALS, Material, Ruleset
from gtr_replay.errors import RulesError
from gtr_replay.data.expansions import outside_the_game
from gtr_replay.game.events import Event
from gtr_replay.game.piles import UNSEEN
from gtr_replay.game.position import Position
from gtr_replay.game.state import Building, GameState, PlayerState
from gtr_replay.data.rulesets import RulesetSpec, find_ruleset
from gtr_replay.data.ruling_types import Rulings


_DEALT = {Ruleset.REPUBLIC: "R-SETUP-2", Ruleset.IMPERIUM: "R-SETUP-3", Ruleset.CLASSIC: "R-SETUP-9"}
"""The rule that deals each ruleset's starting hand."""


def from_setup(ruleset: str, players: list[str], rulings: Rulings, chosen: tuple[str, ...],
               draws_shown: list[str], hands: dict[str, tuple[str, ...]]) -> tuple[GameState, list[Event]]:
    """Deal the setup a record shows: the leader draw's cards in order (``draws_shown``, redeals
    included) and the hands seen (a hand left out, or a ``?``, was not seen); the rest of the
    deck has no known order."""
    spec = find_ruleset(ruleset)
    blocks = []
    for name in players:
        hand = hands.get(name)
        if hand is None:  # a hand the recorder did not see (engine.unseen)
            hand = (UNSEEN,) * spec.starting_orders + (JACK,) * spec.starting_jacks
        elif UNSEEN in hand and JACK not in hand:  # Jacks are dealt face up (R-SETUP-2)
            hand = tuple(hand) + (JACK,) * spec.starting_jacks
        jacks = hand.count(JACK)
        if jacks != spec.starting_jacks:
            raise RulesError(f"{name}'s starting hand holds {jacks} Jack(s); the {ruleset} rules deal "
                             f"{spec.starting_jacks}", rule_ids=(_DEALT[Ruleset(ruleset)],), actor=name,
                             hint=f"write {name}'s hand with {counted(spec.starting_jacks, 'Jack')}, dealt face up"
                             if spec.starting_jacks else f"the {spec.ruleset} rules deal no Jack: take it out of the hand")
        blocks.append([c for c in hand if c != JACK])
    seen = [c for block in blocks for c in block if c != UNSEEN]
    card_set = cards_for(ruleset)
    strange = sorted({c for c in draws_shown + seen if c != JACK and c not in card_set.cards
                      and c not in card_set.optional})  # a Geek card left out is refused below, with its hint
    if strange:  # a card of another ruleset is no card of this deck, not one copy too many
        what = "is not a card" if len(strange) == 1 else "are not cards"
        raise RulesError(f"{', '.join(strange)} {what} of the {spec.ruleset} ruleset", rule_ids=("R-COMP-4",),
                         hint=f"gtr cards --ruleset {spec.ruleset} lists its cards")
    manifest = Counter(card_set.manifest(with_optional=chosen))
    shown = Counter(draws_shown + seen)
    surplus = shown - manifest
    if surplus:
        raise RulesError(f"the setup block shows more copies than the deck holds: {', '.join(sorted(surplus))}",
                         rule_ids=("R-COMP-6",), hint=outside_the_game(ruleset, surplus, chosen))
    spare = sorted((manifest - shown).elements())
    hidden_count = sum(block.count(UNSEEN) for block in blocks)
    stand_ins = iter(spare)  # an unseen card is dealt as some unplaced card, hidden again below
    hand_cards = [next(stand_ins) if c == UNSEEN else c for block in blocks for c in block]
    ordered = draws_shown + hand_cards if spec.leader_draw_first else hand_cards + draws_shown
    state, events = setup.new_game(ruleset, players, deck=ordered + spare[hidden_count:], rulings=rulings,
                                   expansion=chosen)
    for name, block in zip(players, blocks):
        if len(block) != spec.starting_orders:
            raise RulesError(f"{name}'s starting hand holds {len(block)} Order cards; the {ruleset} rules deal "
                             f"{spec.starting_orders}", rule_ids=(_DEALT[Ruleset(ruleset)],), actor=name,
                             hint=f"list {spec.starting_orders} Order cards, a card not seen as '?'")
    draws.unknown_order(state)
    state.removed_unseen = bool(state.removed)  # the training game's half of the deck: which cards, unseen
    if any(UNSEEN in block for block in blocks):
        _hide_hands(state, blocks, events)
    return state, events


def _hide_hands(state: GameState, blocks: list[list[str]], events: list[Event]) -> None:
    """The cards dealt for the ``?`` of each hand become unseen again, in the deal's events too."""
    unseen.hide(state)
    cards = unseen.unseen_cards(state)
    for player, block in zip(state.players, blocks):
        hidden = [c for c, written in zip([c for c in player.hand if c != JACK], block) if written == UNSEEN]
        for card in hidden:
            player.hand[player.hand.index(card)] = UNSEEN
            cards.append(card)
        left = Counter(hidden)
        for n, event in enumerate(events):
            if event.player == player.name and event.target == "hand" and left[event.card]:
                left[event.card] -= 1
                events[n] = event._replace(card=UNSEEN)
    cards.sort()


def from_position(ruleset: str, rulings: Rulings, chosen: tuple[str, ...], position: Position) -> GameState:
    """The state a described position gives, its forced decisions made (raises ``RulesError``
    saying what cannot be so)."""
    card_set = cards_for(ruleset)
    setup.check_training(find_ruleset(ruleset), rulings)
    players = position.players
    names = [p.name for p in players]
    _check_lines(position, find_ruleset(ruleset))
    placed: Counter = Counter(position.pool)
    jacks_held = 0
    hidden = 0  # unseen cards ('?') in hands and vaults
    for player in players:
        if player.name not in position.influence_given:  # an influence line lists every Site
            player.influence = [b.site for b in player.buildings
                                if b.complete and not b.stolen and not b.site_given]
    _kept_sites(position)
    for player in players:
        hidden += player.hand.count(UNSEEN) + player.vault.count(UNSEEN)
        for zone in (player.hand, player.clientele, player.stockpile, player.vault):
            placed.update(c for c in zone if c != JACK and c != UNSEEN)
        jacks_held += player.hand.count(JACK)
        for b in player.buildings:
            placed[b.foundation] += 1
            placed.update(b.materials)
    unknown = sorted(c for c in placed if not card_set.in_game(c, chosen))
    if unknown:
        hint = outside_the_game(ruleset, unknown, chosen)
        what = "in this game's deck" if hint else f"a card of the {ruleset} ruleset"
        raise _at(RulesError(f"{', '.join(unknown)} is not {what}", hint=hint, rule_ids=("R-VER-2",) if hint else ()),
                  *_line_holding(position, unknown[0]))
    manifest = Counter(card_set.manifest(with_optional=chosen))
    surplus = sorted(placed - manifest)
    if surplus:
        raise _at(RulesError(f"more copies than the deck holds: {', '.join(surplus)}", rule_ids=("R-COMP-6",),
                             hint=f"the {ruleset} deck holds {counted(manifest[surplus[0]], 'copy', 'copies')} of "
                                  f"{surplus[0]}"),
                  *_line_holding(position, surplus[0]))
    deck, removed, deck_known = _deck(position, manifest, placed, hidden)
    leader = position.leader or names[0]
    if leader not in names:
        raise RulesError(f"the leader {leader} is not in the Players tag")
    spec = find_ruleset(ruleset)
    jack_pile = position.jacks if position.jacks is not None else _jack_pile(spec, card_set.jacks, len(players), jacks_held)
    jacks_line = ("jacks",) if position.jacks is not None else _line_holding(position, JACK)
    if jacks_held + jack_pile > card_set.jacks:
        raise _at(RulesError(f"{jacks_held + jack_pile} Jacks placed; the {ruleset} game has {card_set.jacks}",
                             rule_ids=("R-COMP-1", "R-COMP-2")), *jacks_line)
    if not spec.spare_jacks_to_pile and jacks_held + jack_pile > len(players) * spec.starting_jacks:
        in_play = len(players) * spec.starting_jacks  # the Jacks dealt, the rest set aside (R-SETUP-9)
        raise _at(RulesError(f"{jacks_held + jack_pile} Jacks placed; a {ruleset} game of {len(players)} players "
                             f"has {in_play} in play, one dealt to each", rule_ids=("R-SETUP-9", "R-JACK-4"),
                             hint="give the Jacks in hands and the pile so that they are as many as the players"),
                  *jacks_line)
    if position.turn is not None and position.turn < 1:
        raise _at(RulesError(f"turn {position.turn}: the turns are numbered from 1", rule_ids=("R-TURN-9",),
                             hint="give the number of the turn about to start, 'turn: 1' or more"), "turn")
    state = GameState(spec.ruleset, players, rulings, deck=deck, deck_known=deck_known, removed=removed,
                      removed_unseen=position.deck is None and position.deck_count is not None,
                      pool=list(position.pool), jack_pile=jack_pile, jacks_out=card_set.jacks - jacks_held - jack_pile,
                      expansions=chosen)
    state.leader = names.index(leader)
    state.public = [(names.index(owner), building) for owner, building in position.public]
    state.turn = position.turn or 1
    _foundation_sites(state)
    _sites(state, position)
    _holdings(state)
    if hidden:
        _hide_unplaced(state, position, hidden)
    flow.start_turn(state, [])
    if flow.deck_spent(state):  # a position whose deck is empty is one whose game has ended (R-END-1a, AMB-01)
        flow.end_game(state, [], "deck")
    elif (ended := _ended(state)) is not None:
        flow.end_game(state, [], ended)
    core.settle(state)
    return state


def _at(error: RulesError, *line: str) -> RulesError:
    """``error``, naming the position's line it is about (``line_of``: the line's first word,
    then the player and the building where the line has them), for the reader to point at."""
    error.line_of = line  # type: ignore[attr-defined]
    return error


def _line_holding(position: Position, card: str) -> tuple[str, ...]:
    """The position's first line that places ``card`` (``_at``'s words for it), or () when
    none does."""
    if card in position.pool:
        return ("pool",)
    for player in position.players:
        for zone in ("hand", "clientele", "stockpile", "vault"):
            if card in getattr(player, zone):
                return (zone, player.name)
        for b in player.buildings:
            if card == b.foundation or card in b.materials:
                return ("building", player.name, b.foundation)
    return ()


def _building_problem(player: PlayerState, b: Building, spec: RulesetSpec, public: bool) -> RulesError | None:
    """Why a position's building line cannot be, or None (see ``_check_lines``)."""
    name = f"{player.name}'s {b.foundation}"
    if UNSEEN == b.foundation or UNSEEN in b.materials:
        return RulesError(f"{player.name}'s building {b.foundation} on {b.site} holds an unseen card '?': foundations "
                          "and materials are face up", rule_ids=("R-BUILD-1",),
                          hint="name the card; a hand or a vault may hold '?'")
    if JACK == b.foundation or JACK in b.materials:
        return RulesError(f"{name} holds a Jack: Jacks are never foundations or materials", rule_ids=("R-JACK-3",),
                          hint="a Jack is in a hand, a camp or the Jack pile")
    if b.site_given and spec.ruleset is Ruleset.CLASSIC:  # no Site changes hands there (BC-PRISON-1)
        return RulesError(f"{name} is marked site given: in the {spec.ruleset} rules no power gives a building's "
                          "Site away", rule_ids=("BC-PRISON-1",), hint="leave out 'site given'")
    if b.out_of_town and not spec.out_of_town_sites:
        return RulesError(f"{name} is marked out of town: the {spec.ruleset} rules have no Sites out of town",
                          rule_ids=("R-SETUP-10",), hint="leave out 'out of town'")
    if sum(1 for other in player.buildings if other.foundation == b.foundation) > 1:
        return RulesError(f"{player.name} has two {b.foundation} buildings: a player's buildings have names of their "
                          "own", rule_ids=("R-BUILD-2", "B-PRISON-4"), hint="give each building once")
    marked = "stolen" if b.stolen else "site given" if b.site_given else "public" if public else None
    if marked and not b.complete:
        return RulesError(f"{name} is marked {marked} but not complete",
                          rule_ids=("B-PRISON-1", "B-PRISON-2", "B-STAIRWAY-1"),
                          hint="only completed structures are taken, give their Site away or are made public; "
                               "add 'complete'")
    return None


def _check_lines(position: Position, spec: RulesetSpec) -> None:
    """Jacks are never materials or clients (R-JACK-2, R-JACK-3); a clientele and a
    stockpile are face up, so hold no unseen card; only completed structures are taken,
    give their Site away or are made public (B-PRISON-1, B-STAIRWAY-1); a player has one
    building of a name (R-BUILD-2), and none out of town where the rules have no such Sites
    (R-SETUP-10)."""
    if JACK in position.pool:
        raise _at(RulesError("the pool holds a Jack: Jacks are never materials or clients, and a played Jack "
                             "returns to the Jack pile", rule_ids=("R-JACK-2", "R-JACK-3"),
                             hint="give the Jacks not in a hand or a camp as the Jack pile: jacks: N"), "pool")
    public = {owner_building for owner_building in position.public}
    for player in position.players:
        for zone, cards in (("clientele", player.clientele), ("stockpile", player.stockpile), ("vault", player.vault)):
            if JACK in cards:
                raise _at(RulesError(f"{player.name}'s {zone} holds a Jack: Jacks are never materials or clients",
                                     rule_ids=("R-JACK-3",), hint="a Jack is in a hand, a camp or the Jack pile"),
                          zone, player.name)
        for b in player.buildings:
            problem = _building_problem(player, b, spec, (player.name, b.foundation) in public)
            if problem is not None:  # said at the building's line
                raise _at(problem, "building", player.name, b.foundation)
        for zone, cards in (("clientele", player.clientele), ("stockpile", player.stockpile)):
            if UNSEEN in cards:
                raise _at(RulesError(f"{player.name}'s {zone} is face up: an unseen card '?' cannot be there",
                                     hint="name its cards; a hand or a vault may hold '?'"), zone, player.name)


def _deck(position: Position, manifest: Counter, placed: Counter, hidden: int) -> tuple[list[str], list[str], bool]:
    """The deck, the cards out of play, and whether the deck's order is known (``manifest``:
    the game's cards; ``placed``: those the position puts elsewhere)."""
    remaining = manifest - placed
    if position.deck is not None:
        if UNSEEN in position.deck:
            raise _at(RulesError("the deck lists an unseen card '?'", hint="give the deck as a count: deck: N"),
                      "deck")
        if JACK in position.deck:
            raise _at(RulesError("the deck lists a Jack: Jacks are never in the deck", rule_ids=("R-SETUP-2", "R-JACK-4"),
                                 hint="give the Jacks not in a hand or a camp as the Jack pile: jacks: N"), "deck")
        listed = Counter(position.deck)
        lacking = listed - remaining
        if lacking:
            card = min(lacking)
            message = f"the deck lists {counted(listed[card], 'copy', 'copies')} of {card}; the game has {manifest[card]}"
            if placed[card]:
                message += f", and the position places {placed[card]} elsewhere"
            raise _at(RulesError(message, rule_ids=("R-COMP-6",), hint="list each card of the deck as often as it "
                                 "is left there"), "deck")
        return list(position.deck), sorted((remaining - listed).elements()), True
    unplaced = sorted(remaining.elements())
    count = position.deck_count
    if count is None:
        return unplaced, [], False
    if count + hidden > len(unplaced):
        raise _at(RulesError(f"the deck holds {count} cards and {hidden} are unseen elsewhere, but only "
                             f"{len(unplaced)} are not placed", rule_ids=("R-COMP-6",)), "deck")
    return unplaced[:count], unplaced[count:], False  # which N of the unplaced cards: known as they are drawn


def _jack_pile(spec: RulesetSpec, jacks: int, players: int, held: int) -> int:
    """The Jack pile a position leaves out: the Jacks in play not in a hand. Every Jack is in
    play where the undealt ones form the pile (R-JACK-4); in classic only the Jacks dealt,
    one a player, are, the rest set aside out of play (R-SETUP-9): a classic pile holds only
    Jacks played and returned (R-JACK-2)."""
    in_play = jacks if spec.spare_jacks_to_pile else players * spec.starting_jacks
    return max(0, in_play - held)


def _dealt(state: GameState, hook: str) -> list:
    """The powers answering ``hook`` of the cards the game's deck holds (its ruleset's and the
    optional cards it deals), whoever holds them now."""
    card_set = cards_for(state.ruleset)
    return [p for name, p in rules.powers_with(state, hook).items() if card_set.in_game(name, state.expansions)]


def _kept_sites(position: Position) -> None:
    """The Site of a structure marked stolen stayed with the player it was taken from, and one
    marked site given went to that player in exchange (B-PRISON-2, AMB-19): with two players,
    the other one, whose influence holds them where the position leaves it out."""
    if len(position.players) != 2:
        return
    for player, other in (position.players, reversed(position.players)):
        if other.name not in position.influence_given:
            other.influence += [b.site for b in player.buildings if b.complete and (b.stolen or b.site_given)]


def _holdings(state: GameState) -> None:
    """A building holding the materials it needs is complete (R-BUILD-8): one not marked
    complete would take more, and never completes."""
    for i, player in enumerate(state.players):
        for b in player.buildings:
            needed = rules.materials_needed(state, i, b)
            if not b.complete and len(b.materials) >= needed:
                raise _at(RulesError(f"{player.name}'s {b.foundation} holds {counted(len(b.materials), 'material')}, as "
                                     "many as it needs, but is not marked complete: a building completes with its "
                                     "last material", rule_ids=("R-BUILD-8",),
                                     hint="mark it 'complete', or give the materials it holds"),
                          "building", player.name, b.foundation)


def _foundation_sites(state: GameState) -> None:
    """Every foundation stands on a Site of its own material, or of one a power of a card in
    the game's deck lets it stand on, whoever holds that card now (a structure taken, torn
    down or in the deck still leaves what it let be built): R-BUILD-1, B-STATUE-1, BC-TOWER-1,
    BC-SCRIPTORIUM-1."""
    powers = _dealt(state, "site_materials")
    ctx = rules.query_context(state)
    for i, player in enumerate(state.players):
        for b in player.buildings:
            own = rules.material_of(state, b.foundation)
            if b.site is own or any(b.site in p.site_materials(ctx, i, b.foundation) for p in powers):
                continue
            raise _at(RulesError(f"{player.name}'s {b.foundation} is a {own} building on a {b.site} Site: a foundation "
                                 f"takes a Site of its own material", rule_ids=("R-BUILD-1",),
                                 hint=f"write '{b.foundation} on {own}': only a power lets a foundation stand on "
                                      "another Site"),
                      "building", player.name, b.foundation)


def _sites(state: GameState, position: Position) -> None:
    """The Sites in town, out of town and out of the game per material (R-SETUP-4, R-SETUP-6,
    R-SETUP-10, R-COMP-7). Left out, they are what setup made less what the players claimed:
    a stack in town of one Site a player (R-SETUP-4, R-SETUP-10), the rest out of town in the
    Black Box rules and out of the game in classic; a foundation marked out of town claimed
    one out of town, any other Site one in town (R-BUILD-3), and a Site beyond the stack in
    town one out of town. A material a Sites line does not name is left out of it; with its
    Sites in town given and those out of town left out, the Black Box rules' out of town hold
    the rest. The Black Box rules put every Site in play (in town, out of town or claimed):
    given counts that leave some out are refused; classic has no Sites out of town, and one Site
    of each material a player in play."""
    card_set = cards_for(state.ruleset)
    spec = find_ruleset(state.ruleset)
    n = len(state.players)
    if not spec.out_of_town_sites and position.sites_out_of_town and any(position.sites_out_of_town.values()):
        raise _at(RulesError(f"the {state.ruleset} rules have no Sites out of town", rule_ids=("R-SETUP-10",),
                             hint="give the Sites in town only; the rest are out of the game"), "out of town")
    returned = bool(_dealt(state, "tears_down"))
    for material in MATERIALS:
        used = sum(p.influence.count(material) for p in state.players) + sum(
            1 for p in state.players for b in p.buildings if b.site is material and not b.complete)
        supply = card_set.sites_per_material - used
        in_town = min(n, card_set.sites_per_material)
        if rules.functions_ignored(state):  # the training game's stacks (R-TRAIN-2, AMB-30)
            in_town = min(in_town, setup.TRAINING_SITES)
        out_of_town = card_set.sites_per_material - in_town if spec.out_of_town_sites else 0
        claimed_out = min(used, out_of_town, sum(
            1 for p in state.players for b in p.buildings if b.site is material and b.out_of_town))
        claimed_in = used - claimed_out
        given_in = None if position.sites_in_town is None else position.sites_in_town.get(material)
        given_out = None if position.sites_out_of_town is None else position.sites_out_of_town.get(material)
        state.sites_in_town[material] = given_in if given_in is not None else max(0, in_town - claimed_in)
        if not spec.out_of_town_sites:
            state.sites_out_of_town[material] = 0
        elif given_out is not None:
            state.sites_out_of_town[material] = given_out
        elif given_in is not None:
            state.sites_out_of_town[material] = max(0, supply - given_in)
        else:
            state.sites_out_of_town[material] = max(0, out_of_town - claimed_out - max(0, claimed_in - in_town))
        rest = supply - state.sites_in_town[material] - state.sites_out_of_town[material]
        problem = _sites_problem(state, material, rest, used, in_town, given_in, given_out, returned)
        if problem is not None:  # said at the line that gave the count, or else at a claim of the Site
            line = ("in town",) if given_in is not None else ("out of town",) if given_out is not None \
                else _claim_of(position, material)
            raise _at(problem, *line)
        state.sites_out_of_game[material] = rest


def _claim_of(position: Position, material: Material) -> tuple[str, ...]:
    """The position's first line that claims a Site of ``material`` (an influence line, or a
    building standing on one), in ``_at``'s words, or ()."""
    for player in position.players:
        if player.name in position.influence_given and material in player.influence:
            return ("influence", player.name)
    for player in position.players:
        for b in player.buildings:
            if b.site is material:
                return ("building", player.name, b.foundation)
    return ()


def _sites_problem(state: GameState, material: Material, rest: int, used: int, in_town: int,
                   given_in: int | None, given_out: int | None, returned: bool) -> RulesError | None:
    """Why a material's Sites cannot be as the position has them (``rest``: neither in town,
    out of town nor claimed; ``in_town``: the setup's stack; ``returned``: whether a card of
    the game's deck returns Sites to town, AMB-31), or None (see ``_sites``)."""
    spec = find_ruleset(state.ruleset)
    total = cards_for(state.ruleset).sites_per_material
    if rest < 0:
        return RulesError(f"more {material} Sites than the game has ({total})", rule_ids=("R-COMP-7",))
    if spec.out_of_town_sites and not returned and state.sites_in_town[material] > in_town:
        return RulesError(f"{state.sites_in_town[material]} {material} Sites in town: a {spec.ruleset} game of "
                          f"{len(state.players)} players starts with {in_town} in town, and no card of this game "
                          "puts a Site back", rule_ids=("R-SETUP-4", "R-END-1b"),
                          hint=f"give at most {in_town} {material} Sites in town; the rest are out of town")
    if not spec.out_of_town_sites and state.sites_in_town[material] + used > in_town:
        return RulesError(f"{state.sites_in_town[material]} {material} Sites in town and {used} claimed: a "
                          f"{spec.ruleset} game of {len(state.players)} players has {in_town} in play, the rest out "
                          "of the game", rule_ids=("R-SETUP-10", "R-COMP-7"),
                          hint=f"give at most {max(0, in_town - used)} {material} Sites in town")
    if rest and spec.out_of_town_sites:
        return RulesError(f"the {material} Sites do not add up: {state.sites_in_town[material]} in town, "
                          f"{state.sites_out_of_town[material]} out of town and {used} claimed, of {total}",
                          rule_ids=("R-COMP-7", "R-SETUP-4"), hint=_sites_hint(given_in, given_out))
    return None


def _sites_hint(given_in: int | None, given_out: int | None) -> str:
    """How to make a material's Sites add up, from what the position gave of them."""
    if given_out is not None and given_in is None:
        return "the Sites in town keep the setup's stack less the claims: give the in-town count too"
    return ("every Site is in town, out of town or claimed (a foundation's, or one in an influence line): "
            "correct the counts, or give the influence that holds the rest")


def _ended(state: GameState) -> str | None:
    """Why a position's game has ended already, or None: a structure stands complete whose
    completion ends the game (B-CATACOMB-1, R-END-2), or the Sites whose last claim
    ends it are all claimed (R-END-1b, R-END-3b, AMB-02)."""
    if rules.in_play(state, "ended_game"):
        for i in range(len(state.players)):
            reason = rules.fold(state, i, "ended_game")
            if reason is not None:
                return reason
    return flow.sites_end(state)


def _hide_unplaced(state: GameState, position: Position, hidden: int) -> None:
    """Each ``?`` of the position is one of the unplaced cards, like the deck's (engine.unseen)."""
    if position.deck is not None:
        raise _at(RulesError("a position with unseen cards gives its deck as a count: deck: N"), "deck")
    unplaced = sorted(state.deck + state.removed)
    if hidden > len(unplaced):
        raise RulesError(f"{hidden} unseen cards, but only {len(unplaced)} are not placed", rule_ids=("R-COMP-6",))
    count = position.deck_count if position.deck_count is not None else len(unplaced) - hidden
    state.deck[:] = [UNSEEN] * count
    state.removed[:] = [UNSEEN] * (len(unplaced) - hidden - count)
    state.removed_unseen = True
    state.deck_known = False
    state.unseen = unplaced
