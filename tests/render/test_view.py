"""The state view: cards in the right panels, and what a player's view hides (R-VAULT-1, R-LEG-9)."""

from pathlib import Path

import notation
import pytest

from gtr_replay.game.events import Event, EventKind
from gtr_replay.engine.scoring import result
from gtr_replay.render import camp_panel, state_view, status, table_panel
from gtr_replay.render.timeline import Timeline
from gtr_replay.render.view import VaultWatch
from gtr_replay.vocabulary import card_vocabulary
from tests.render.conftest import camp, cards, flat, render, row


def test_each_camp_panel_holds_its_own_cards(timeline, sale):
    state = timeline.state(sale.position)
    seller, viewer = state.player(sale.seller), state.player(sale.viewer)
    text = render(camp_panel(state, state.players.index(viewer)))
    assert text.lstrip().startswith(f"╭─ {viewer.name}")
    hand = row(text, "hand")
    assert all(card in hand for card in viewer.hand) and f"({len(viewer.hand)})" in hand
    assert all(card in row(text, "vault") for card in viewer.vault)
    seller_text = render(camp_panel(state, state.players.index(seller)))
    assert all(card in row(seller_text, "stockpile") for card in seller.stockpile)
    assert sale.card in row(seller_text, "vault")
    for building in seller.buildings:
        assert building.foundation in seller_text


def test_clientele_is_grouped_by_role_and_stockpile_by_material(timeline):
    state = timeline.state(len(timeline))
    text = "\n".join(render(camp_panel(state, i)) for i in range(2))
    assert "Patron: " in text or "Laborer: " in text or "Merchant: " in text
    assert any(f"{m}: " in text for m in ("Rubble", "Wood", "Brick", "Concrete", "Stone", "Marble"))


def test_buildings_show_materials_needed_and_completion(timeline):
    state = timeline.state(len(timeline))
    done = [(i, b) for i, p in enumerate(state.players) for b in p.buildings if b.complete]
    assert done, "the game is chosen to complete a building"
    i, building = done[0]
    line = next(x for x in render(camp_panel(state, i)).splitlines() if f"{building.foundation} on " in x)
    assert "✓" in line and f"{len(building.materials)}/" in line


def test_table_panel_shows_pool_sites_deck_jacks_and_leader(timeline, sale):
    state = timeline.state(sale.position)
    text = render(table_panel(state))
    assert f"turn {state.turn}" in text and f"{state.players[state.leader].name} leads" in text
    assert all(card in flat(text) for card in state.pool)
    assert f"{len(state.deck)} cards" in text
    assert f"{state.jack_pile} in the pile" in text
    assert "in town" in text and "out of town" in text
    assert state.deck[0] not in row(text, "deck")  # the deck's order is never shown


def test_omniscient_view_shows_every_hand_and_vault(timeline, sale):
    state = timeline.state(sale.position)
    text = render(state_view(state, watch=timeline.watch(sale.position)))
    assert "hidden" not in text and "face down" not in text
    for player in state.players:
        assert all(card in row(camp(text, player.name), "hand") for card in player.hand)
        assert all(card in row(camp(text, player.name), "vault") for card in player.vault)


def test_player_view_hides_other_hands_but_shows_their_size(timeline, sale):
    state = timeline.state(sale.position)
    text = render(state_view(state, viewer=sale.viewer, watch=timeline.watch(sale.position)))
    mine, theirs = camp(text, sale.viewer), camp(text, sale.seller)
    assert f"{sale.viewer} (you)" in mine or f"{sale.viewer} (leader, you)" in mine
    assert all(card in row(mine, "hand") for card in state.player(sale.viewer).hand)
    hidden = state.player(sale.seller).hand
    their_hand = row(theirs, "hand")
    assert cards(len(hidden), "hidden") in their_hand
    assert not any(card in their_hand for card in hidden)


def test_player_view_hides_every_vault_even_the_owners(timeline, sale):
    """The viewer's vault cards went in on earlier turns: nobody may look at them (R-VAULT-1).
    The seller's card was sold this turn from the stockpile, so the table saw it go in."""
    state = timeline.state(sale.position)
    text = render(state_view(state, viewer=sale.viewer, watch=timeline.watch(sale.position)))
    mine, theirs = state.player(sale.viewer).vault, state.player(sale.seller).vault
    assert mine, "the game is chosen so that the viewer's vault holds cards"
    my_vault = row(camp(text, sale.viewer), "vault")
    assert f"{cards(len(mine), 'face down')}  [{len(mine)}/" in my_vault  # nothing seen going in
    assert not any(card in my_vault for card in mine)
    assert (f"{cards(len(theirs), 'face down')}; seen going in this turn: {sale.card}  ["
            in row(camp(text, sale.seller), "vault"))
    assert "points + vault" in text  # vault points would tell what is hidden


def test_vault_card_is_hidden_once_its_turn_is_over(timeline, sale):
    later = sale.next_turn  # the first position of the next turn
    state = timeline.state(later)
    assert timeline.turn_at(later) > timeline.turn_at(sale.position)
    assert sale.card in state.player(sale.seller).vault
    text = render(state_view(state, viewer=sale.seller, watch=timeline.watch(later)))
    assert "seen going in" not in text
    assert sale.card not in row(camp(text, sale.seller), "vault")


SOLD_THEN_NOT_TAKEN = """[Game "Glory to Rome"]
[Ruleset "classic"]
[Players "You, Opp"]
[Start "position"]

position
  leader: You
  deck: Road, Insula, Latrine, Bar, Road, Insula, Latrine, Bar
  jacks: 2
  hand You: Villa, Temple, Bath
  stockpile You: Road
  building You: Senate on Concrete complete with Storeroom, Bridge
  hand Opp: Insula, Dock

turn 1 You
  You leads Merchant with Villa
  Opp thinks: jack
  You sells Road

turn 2 Opp
  Opp leads Laborer with Insula
"""


def test_a_sold_card_is_hidden_in_the_next_turn_its_header_begins():
    """R-VAULT-1: You's Road, sold from the stockpile, is seen going in during turn 1 only. The
    turn ends where the record leaves the Senate's think out and writes turn 2's header
    (BC-SENATE-1, R-TURN-7): Opp's lead, which passes over it, brings the new turn, and from
    there Opp's view names no card of You's vault."""
    timeline = Timeline.replay(notation.parse_one(SOLD_THEN_NOT_TAKEN, vocabulary=card_vocabulary()))
    sold, led = len(timeline) - 1, len(timeline)
    assert timeline.watch(sold).seen("You", "Opp") == ["Road"] and timeline.turn_at(led) == 2
    state = timeline.state(led)
    assert state.player("You").vault == ["Road"]
    text = render(state_view(state, viewer="Opp", watch=timeline.watch(led)))
    vault = row(camp(text, "You"), "vault")
    assert "Road" not in vault and f"{cards(1, 'face down')}  [1/" in vault


def test_vaults_are_uncovered_at_the_end(timeline, sale):
    state = timeline.state(len(timeline))
    text = render(state_view(state, viewer=sale.viewer))
    assert "face down" not in text
    for player in state.players:
        assert all(card in row(camp(text, player.name), "vault") for card in player.vault)
    winners = result(state).winners
    assert f"game over ({state.end_reason}): {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}" in text


def test_unknown_viewer_is_refused(timeline):
    with pytest.raises(KeyError):
        state_view(timeline.state(0), viewer="Zed")


def test_status_names_the_pending_decision(timeline):
    start = timeline.state(0)
    assert render(status(start)).strip() == f"next: {start.players[start.current].name} to lead or think"
    at_actions = next(n for n in range(1, len(timeline)) if timeline.state(n).phase == "actions")
    assert " action 1 of " in render(status(timeline.state(at_actions)))


@pytest.mark.parametrize("source,viewers", [("stockpile", {"Ann", "Ben", "Cid"}), ("hand", {"Ben"}),
                                            ("deck", set())])
def test_vault_watch_knows_who_saw_a_card_go_in(source, viewers):
    """A sale is public, a Basilica card is seen by its owner, an Atrium card by nobody (R-VAULT-1)."""
    watch = VaultWatch()
    watch.feed([Event(EventKind.MOVE, "Ben", "Dock", source, "vault")])
    assert {v for v in ("Ann", "Ben", "Cid") if watch.seen("Ben", v)} == viewers
    assert watch.seen("Ben", None) == ["Dock"]  # the omniscient view
    watch.feed([Event(EventKind.TURN, "Ann", value=2)])
    assert watch.seen("Ben", "Ben") == []


EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "games").glob("*.gtr"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_renders_for_everyone(path):
    """Every recorded example, at its end and halfway, in the omniscient view and each player's."""
    record = notation.parse(path.read_text("utf-8"), source=str(path), vocabulary=card_vocabulary())[0]
    timeline = Timeline.replay(record, source=str(path))
    for position in (len(timeline) // 2, len(timeline)):
        state = timeline.state(position)
        for viewer in (None, *(p.name for p in state.players)):
            text = render(state_view(state, viewer=viewer, watch=timeline.watch(position)))
            assert text.count("╭─") == len(state.players) + 1


def test_building_lines_mark_stolen_and_public_structures():
    """B-PRISON-1, B-STAIRWAY-1: a taken structure and a public one say so."""
    from gtr_replay.game.state import Building, GameState, PlayerState
    from gtr_replay.enums import Material, Ruleset
    from gtr_replay.render.state import building_line
    from gtr_replay.data.rulings import resolve

    tower = Building("Tower", Material.CONCRETE, ["Wall", "Bridge"], complete=True, stolen=True)
    archway = Building("Archway", Material.BRICK, ["Bath", "School", "Atrium"], complete=True)
    state = GameState(Ruleset.REPUBLIC, [PlayerState("Ann", buildings=[tower, archway])], resolve(),
                      public=[(0, "Archway")])
    assert "(2/2) [stolen] — Rubble may go into any of your buildings" in building_line(state, 0, tower).plain
    assert "(3/2) [public] — An Architect action may take its material from the Pool instead of the stockpile" \
        in building_line(state, 0, archway).plain


def test_a_completed_structure_shows_its_power_and_a_foundation_none():
    """A reader sees why a move was legal: a structure's line carries its power in short,
    from the power's own text (R-BUILD-9, R-BUILD-10: a foundation has no function)."""
    from gtr_replay.game.state import Building, GameState, PlayerState
    from gtr_replay.enums import Material, Ruleset
    from gtr_replay.render.model import camp
    from gtr_replay.data.rulings import resolve

    crane = Building("Crane", Material.WOOD, ["Dock", "Market"], complete=True)
    forum = Building("Forum", Material.MARBLE, ["Temple"])
    state = GameState(Ruleset.REPUBLIC, [PlayerState("Ann", buildings=[crane]), PlayerState("Ben")], resolve())
    shown = camp(state, 0).buildings
    assert shown[0].power == "Any one card from your hand may lead or follow Architect, as if it were an Architect card"
    state = GameState(Ruleset.IMPERIUM, [PlayerState("Ann", buildings=[forum]), PlayerState("Ben")], resolve())
    assert camp(state, 0).buildings[0].power is None


def test_show_and_narration_name_the_power_of_a_structure_completed(tmp_path):
    """`gtr show` and `gtr replay --narrate`-style lines say what the completed Shrine does (B-SHRINE-1)."""
    from pathlib import Path

    from typer.testing import CliRunner

    from gtr_replay.cli import app

    record = Path(__file__).parents[2] / "examples" / "rulebook" / "ex-bb-shrine-1.gtr"
    shown = CliRunner().invoke(app, ["show", str(record)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert "Shrine on Brick: Atrium, Foundry (2/2) — Your hand refill size is two cards larger" in shown.stdout
    from gtr_replay.render.narration import narrated
    from gtr_replay.render.timeline import Timeline
    import notation
    lines = narrated(Timeline.replay(notation.parse_one(record.read_text("utf-8"))))
    assert any("completes You's Shrine: your hand refill size is two cards larger" in change
               for line in lines for change in line.changes)


def test_a_card_turned_up_from_the_deck_is_seen_going_into_the_vault():
    """A Bacchanalia turns its cards up for the table (G-BACCHANALIA-1), so one put into the
    vault is seen going in by everyone (AMB-25), unlike an Atrium's (above)."""
    path = Path(__file__).parents[2] / "examples" / "rulebook" / "ex-gk-bacchanalia-1.gtr"
    timeline = Timeline.replay(notation.parse_one(path.read_text("utf-8"), vocabulary=card_vocabulary()))
    sold = next(n for n, m in enumerate(timeline.main, 1) if m.snapshot.text == "Hannibal sells [Sewer] from deck")
    watch = timeline.watch(sold)
    assert watch.seen("Hannibal", "Remus") == ["Sewer"] and watch.seen("Hannibal", "Hannibal") == ["Sewer"]
