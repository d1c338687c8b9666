"""The state view: cards in the right panels, and what a player's view hides (R-VAULT-1, R-LEG-9)."""

from pathlib import Path

import notation
import pytest

from gtr_replay.engine.events import Event
from gtr_replay.render import camp_panel, state_view, status, table_panel
from gtr_replay.render.timeline import Timeline
from gtr_replay.render.view import VaultWatch
from gtr_replay.vocabulary import card_vocabulary
from tests.render.conftest import SOLD, render


def flat(text: str) -> str:
    """The text without panel borders, every run of spaces and line breaks made one space."""
    return " ".join(text.replace("│", " ").split())


def row(text: str, label: str) -> str:
    """The first line of a panel whose label is ``label`` (the panels are one grid each)."""
    for line in text.splitlines():
        if line.strip("│ ").startswith(label + " "):
            return line
    raise AssertionError(f"no {label!r} row in\n{text}")


def test_each_camp_panel_holds_its_own_cards(timeline):
    state = timeline.state(SOLD)
    ann, ben = state.players
    text = render(camp_panel(state, 0))
    assert text.lstrip().startswith("╭─ Ann")
    hand = row(text, "hand")
    assert all(card in hand for card in ann.hand) and f"({len(ann.hand)})" in hand
    assert "Circus Maximus" in row(text, "vault")
    ben_text = render(camp_panel(state, 1))
    assert all(card in row(ben_text, "stockpile") for card in ben.stockpile)
    assert "Dock" in row(ben_text, "vault")
    for building in ben.buildings:
        assert building.foundation in ben_text


def test_clientele_is_grouped_by_role_and_stockpile_by_material(timeline):
    state = timeline.state(len(timeline))
    text = "\n".join(render(camp_panel(state, i)) for i in range(2))
    assert "Patron: " in text or "Laborer: " in text or "Merchant: " in text
    assert any(f"{m}: " in text for m in ("Rubble", "Wood", "Brick", "Concrete", "Stone", "Marble"))


def test_buildings_show_materials_needed_and_completion(timeline):
    state = timeline.state(len(timeline))
    done = [(i, b) for i, p in enumerate(state.players) for b in p.buildings if b.complete]
    assert done, "the fixed game completes a building"
    i, building = done[0]
    line = next(x for x in render(camp_panel(state, i)).splitlines() if building.foundation in x)
    assert "✓" in line and f"{len(building.materials)}/" in line


def test_table_panel_shows_pool_sites_deck_jacks_and_leader(timeline):
    state = timeline.state(SOLD)
    text = render(table_panel(state))
    assert f"turn {state.turn}" in text and f"{state.players[state.leader].name} leads" in text
    assert all(card in flat(text) for card in state.pool)
    assert f"{len(state.deck)} cards" in text
    assert f"{state.jack_pile} in the pile" in text
    assert "in town" in text and "out of town" in text
    assert state.deck[0] not in row(text, "deck")  # the deck's order is never shown


def test_omniscient_view_shows_every_hand_and_vault(timeline):
    state = timeline.state(SOLD)
    text = render(state_view(state, watch=timeline.watch(SOLD)))
    assert "hidden" not in text and "face down" not in text
    assert "Crane" in text and "Circus Maximus" in text


def test_player_view_hides_other_hands_but_shows_their_size(timeline):
    state = timeline.state(SOLD)
    text = render(state_view(state, viewer="Ann", watch=timeline.watch(SOLD)))
    ann_part, ben_part = text.split("╭─ Ben")
    assert "Ann (you)" in ann_part or "Ann (leader, you)" in ann_part
    assert "Palisade" in row(ann_part, "hand")
    ben_hand = row(ben_part, "hand")
    assert "3 cards, hidden" in ben_hand
    assert not any(card in ben_hand for card in ("Crane", "Road", "Circus Maximus"))


def test_player_view_hides_every_vault_even_the_owners(timeline):
    """Ann's Circus Maximus went in on an earlier turn: nobody may look at it (R-VAULT-1).
    Ben's Dock was sold this turn from his stockpile, so the table saw it go in."""
    state = timeline.state(SOLD)
    text = render(state_view(state, viewer="Ann", watch=timeline.watch(SOLD)))
    ann_part, ben_part = text.split("╭─ Ben")
    assert "1 card, face down" in row(ann_part, "vault")
    assert "Circus Maximus" not in row(ann_part, "vault")
    assert "1 card, face down; seen going in this turn: Dock" in row(ben_part, "vault")
    assert "points + vault" in text  # vault points would tell what is hidden


def test_vault_card_is_hidden_once_its_turn_is_over(timeline):
    later = SOLD + 2  # Ben's second sale ends the turn; the next turn has begun
    state = timeline.state(later)
    assert timeline.turn_at(later) > timeline.turn_at(SOLD)
    text = render(state_view(state, viewer="Ben", watch=timeline.watch(later)))
    assert "seen going in" not in text
    assert "Dock" not in row(text.split("╭─ Ben")[1], "vault")


def test_vaults_are_uncovered_at_the_end(timeline):
    state = timeline.state(len(timeline))
    text = render(state_view(state, viewer="Ann"))
    assert "face down" not in text
    assert all(card in text for p in state.players for card in p.vault)
    assert "game over (last-site): Ben wins" in text


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
    watch.feed([Event("move", "Ben", "Dock", source, "vault")])
    assert {v for v in ("Ann", "Ben", "Cid") if watch.seen("Ben", v)} == viewers
    assert watch.seen("Ben", None) == ["Dock"]  # the omniscient view
    watch.feed([Event("turn", "Ann", value=2)])
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
